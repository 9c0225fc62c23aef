"""Turning Python data into the primitive arrays ALT's Java side takes: a CSR matrix as three arrays, a 0/1
label-indicator matrix as two, one example as two. Checks that need no Java (shape, 0/1 labels) happen here;
the rest (sorted indices, finite values) is checked in Java, which names the row."""

import numpy as np
import scipy.sparse as sp


def as_csr(X, name="X"):
    """``X`` (a scipy sparse matrix, a 2-D array or nested lists) as a canonical float32 CSR matrix, copied only when
    its type, dtype or layout differ (column indices sorted and distinct, stored zeros left out)."""
    if sp.issparse(X):
        X = X.tocsr()
        if X.dtype.kind not in "biuf":
            raise ValueError(f"{name} must hold real numbers, not {X.dtype}")
        if not X.has_canonical_format:
            # on a copy: scipy's astype sums the duplicates of the caller's matrix in place
            X = X.copy()
            X.sum_duplicates()
        if X.dtype != np.float32:
            X = X.astype(np.float32)
    else:
        array = np.asarray(X)
        if array.ndim != 2:
            raise ValueError(f"{name} must be 2-D (one row per example), not of shape {array.shape}")
        if array.dtype.kind not in "biuf":
            raise ValueError(f"{name} must hold real numbers, not {array.dtype}")
        X = sp.csr_matrix(array.astype(np.float32, copy=False))
    if not X.has_canonical_format:
        X = X.copy()
        X.sum_duplicates()
    if X.nnz and not X.data.all():
        X = X.copy()
        X.eliminate_zeros()
    return X


_INT32 = np.iinfo(np.int32).max


def _int32(array, what):
    """``array`` as int32, refusing values that int32 cannot hold (a cast would wrap them to other columns)."""
    if array.dtype != np.int32 and array.size and (array.max() > _INT32 or array.min() < 0):
        raise ValueError(f"{what} {int(array.max())}, beyond what ALT indexes (2^31 - 1)")
    return array.astype(np.int32, copy=False)


def csr_arrays(X, name="X"):
    """(indptr, indices, data, shape) of :func:`as_csr`, as int32, int32 and float32 arrays; a matrix whose column
    indices or number of stored values int32 cannot hold is refused (the Java side indexes with int)."""
    X = as_csr(X, name)
    if X.shape[1] > _INT32:
        raise ValueError(f"{name} has {X.shape[1]} columns, more than ALT indexes (2^31 - 1)")
    return (_int32(X.indptr, f"{name} holds more stored values than ALT takes in one call:"),
            _int32(X.indices, f"{name} has a column index"), X.data, X.shape)


def indicator_arrays(Y, rows, name="Y"):
    """(indptr, indices, n_labels) of a 0/1 label-indicator matrix ``Y`` of ``rows`` rows (scipy sparse, 2-D array or
    nested lists); anything other than 0 and 1 is refused, naming the row."""
    if sp.issparse(Y):
        Y = Y.tocsr()
    else:
        array = np.asarray(Y)
        if array.ndim != 2:
            raise ValueError(f"{name} must be a 2-D 0/1 label-indicator matrix (one row per example, one column per label),"
                             f" not of shape {array.shape}")
        if array.dtype.kind not in "biuf":
            raise ValueError(f"{name} must be a 0/1 label-indicator matrix, not of {array.dtype}")
        Y = sp.csr_matrix(array)
    if Y.shape[0] != rows:
        raise ValueError(f"X has {rows} rows but {name} has {Y.shape[0]}: one row of labels per example")
    if not Y.has_canonical_format:
        Y = Y.copy()
        Y.sum_duplicates()
    data = Y.data
    if data.size and not ((data == 0) | (data == 1)).all():
        bad = int(np.flatnonzero((data != 0) & (data != 1))[0])
        row = int(np.searchsorted(Y.indptr, bad, side="right") - 1)
        raise ValueError(f"{name} must be a 0/1 label-indicator matrix: row {row} holds {data[bad]!r} for label"
                         f" {int(Y.indices[bad])}")
    if data.size and not data.all():
        Y = Y.copy()
        Y.eliminate_zeros()
    if Y.shape[1] > _INT32:
        raise ValueError(f"{name} has {Y.shape[1]} label columns, more than ALT takes (2^31 - 1)")
    return (_int32(Y.indptr, f"{name} holds more labels than ALT takes in one call:"), _int32(Y.indices, "a label id"),
            Y.shape[1])


def indicator_matrix(indptr, indices, n_labels):
    """The CSR label-indicator matrix (int8) of Java's row pointers and label ids."""
    indptr = np.asarray(indptr, dtype=np.int32)
    indices = np.asarray(indices, dtype=np.int32)
    return sp.csr_matrix((np.ones(indices.size, dtype=np.int8), indices, indptr), shape=(indptr.size - 1, n_labels))
