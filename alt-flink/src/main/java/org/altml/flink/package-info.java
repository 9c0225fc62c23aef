package org.altml.flink;
