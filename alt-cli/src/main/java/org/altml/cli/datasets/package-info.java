/**
 * The public datasets the reproduction runs on, as {@code alt datasets} gets and checks them: the catalogue committed
 * with the code ({@code catalogue.txt}: each dataset's files with their size, SHA-256 and download), resumable HTTP
 * downloads verified before they are moved into place ({@code DatasetFetcher}), and the check of a folder against
 * the catalogue ({@code DatasetFolderCheck}).
 */
package org.altml.cli.datasets;
