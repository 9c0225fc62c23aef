"""Test helper: a data file as scipy matrices through ALT's own reader (org.altml.python.PyData), independent of
the Python reading API, so that tests compare with the command line on exactly the data it reads."""

import numpy as np
import scipy.sparse as sp

from altml import _jvm


def read(path, n_labels=-1, n_features=-1):
    """X (CSR, float32) and Y (CSR 0/1, int8) of a data file, of L and d when given (-1: as the file says)."""
    data = _jvm.jclass("org.altml.python.PyData").read(str(path), n_labels, n_features, False, None, -1, -1, None)
    indptr = np.asarray(data.indptr())
    X = sp.csr_matrix((np.asarray(data.values()), np.asarray(data.indices()), indptr),
                      shape=(indptr.size - 1, int(data.numFeatures())))
    ids = np.asarray(data.labelIds())
    Y = sp.csr_matrix((np.ones(ids.size, np.int8), ids, np.asarray(data.labelIndptr())),
                      shape=(indptr.size - 1, int(data.numLabels())))
    return X, Y
