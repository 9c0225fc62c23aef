"""Every form of input that altml accepts means what scipy means by it, and gives the result of the canonical CSR
matrix: dense arrays, nested lists, bool and int matrices, int64 indices, duplicate entries (summed), stored zeros,
unsorted column indices, River's {label: bool} targets."""

import numpy as np
import pytest
import scipy.sparse as sp

import altml


@pytest.fixture(scope="module")
def data():
    return altml.generate(n_examples=150, n_features=40, n_labels=5, seed=6)


@pytest.fixture(scope="module")
def reference(data):
    X, Y = data
    learner = altml.Learner("salt", eta=0.25).fit(X, Y)
    return learner, learner.decision_function(X)


def messy(X):
    """X with int64 indices, each stored value split in two duplicate entries, a stored zero per row, rows unsorted."""
    X = X.tocoo()
    rows = np.concatenate([X.row, X.row, np.arange(X.shape[0])])
    cols = np.concatenate([X.col, X.col, np.zeros(X.shape[0], dtype=X.col.dtype)])
    half = (X.data / 2).astype(np.float64)
    vals = np.concatenate([half, X.data.astype(np.float64) - half, np.zeros(X.shape[0])])
    order = np.random.default_rng(1).permutation(rows.size)
    m = sp.csr_matrix((vals[order], (rows[order], cols[order])), shape=X.shape)
    # scipy sums duplicates in the COO conversion: build the CSR arrays by hand to keep them
    indptr = np.zeros(X.shape[0] + 1, dtype=np.int64)
    np.add.at(indptr, rows[order] + 1, 1)
    indptr = np.cumsum(indptr)
    by_row = np.argsort(rows[order], kind="stable")
    raw = sp.csr_matrix((vals[order][by_row], cols[order][by_row], indptr), shape=X.shape)
    raw.indices = raw.indices.astype(np.int64)   # scipy keeps int32 when it can: int64 as large matrices have
    raw.indptr = raw.indptr.astype(np.int64)
    assert not raw.has_canonical_format and raw.indices.dtype == np.int64
    return raw, m


def test_other_forms_of_x_and_y_give_the_canonical_result(data, reference):
    X, Y = data
    learner, scores = reference
    raw, summed = messy(X)
    forms_x = [X.toarray(), X.toarray().astype(np.float64), X.toarray().tolist(), raw, summed, X.tocoo(), X.tocsc()]
    for form in forms_x:
        assert np.array_equal(learner.decision_function(form), scores)
    forms_y = [Y.toarray(), Y.toarray().astype(bool), Y.toarray().astype(np.int64), Y.toarray().tolist(),
               Y.astype(np.float64), Y.astype(bool), Y.tocoo()]
    for form in forms_y:
        assert np.array_equal(altml.Learner("salt", eta=0.25).fit(raw, form).decision_function(X), scores)
    # the caller's matrices are left as they were
    assert not raw.has_canonical_format


def test_x_with_more_columns_than_d_but_not_many_scores_as_alt_predict(data, reference):
    """A linear model has no weights for features it never saw: a few new columns change nothing."""
    X, _ = data
    learner, scores = reference
    wider = sp.hstack([X, sp.random(X.shape[0], 30, density=0.3, format="csr", random_state=2)]).tocsr()
    assert np.array_equal(learner.decision_function(wider), scores)
    narrower = X[:, :20]
    assert learner.decision_function(narrower).shape == scores.shape


def test_river_targets_are_the_labels_that_are_true():
    as_set = altml.Learner("salt", n_labels=3)
    as_dict = altml.Learner("salt", n_labels=3)
    for i in range(20):
        x = {i % 7: 1.0, 9: 0.5}
        as_set.learn_one(x, {i % 3})
        as_dict.learn_one(x, {0: i % 3 == 0, 1: i % 3 == 1, 2: i % 3 == 2})
    probe = {2: 1.0, 9: 0.5}
    assert as_set.scores_one(probe) == as_dict.scores_one(probe)
