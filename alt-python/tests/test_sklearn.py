"""altml.Learner as a scikit-learn estimator: clone, cross_val_score and GridSearchCV with multi-label scorers, on a
generated corpus read by ALT's own reader; and the parts of scikit-learn's estimator contract those rely on."""

import warnings

import numpy as np
import pytest

import altml
from csr_files import read

sklearn = pytest.importorskip("sklearn")
from sklearn.base import clone  # noqa: E402
from sklearn.exceptions import NotFittedError as SkNotFittedError  # noqa: E402
from sklearn.metrics import f1_score, hamming_loss, make_scorer  # noqa: E402
from sklearn.model_selection import GridSearchCV, KFold, cross_val_score  # noqa: E402
from sklearn.utils.validation import check_is_fitted  # noqa: E402

SCORERS = {"f1_samples": "f1_samples", "f1_micro": "f1_micro", "f1_macro": "f1_macro",
           "hamming": make_scorer(hamming_loss, greater_is_better=False)}


@pytest.fixture(scope="module")
def train(corpus):
    return read(corpus["train"])


@pytest.fixture(autouse=True)
def quiet():
    # scikit-learn warns of F1 0/0 on rows without labels; the scores are still defined (0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", category=sklearn.exceptions.UndefinedMetricWarning)
        yield


def test_clone_is_unfitted_with_equal_params(train):
    X, Y = train
    learner = altml.Learner("salt", eta=0.5, max_updates=2, seed=3).fit(X, Y)
    copy = clone(learner)
    assert copy is not learner
    assert copy.get_params() == learner.get_params()
    assert not copy.is_fitted and learner.is_fitted
    with pytest.raises(altml.NotFittedError):
        copy.predict(X)
    # the clone learns what the original learnt from the same data
    assert (copy.fit(X, Y).predict(X) != learner.predict(X)).nnz == 0


def test_get_params_set_params_round_trip():
    learner = altml.Learner("falt", eta=0.25, scale="l2")
    params = learner.get_params()
    other = altml.Learner("salt").set_params(**params)
    assert other.get_params() == params
    assert learner.set_params(eta=2.0) is learner and learner.get_params()["eta"] == 2.0
    assert learner.eta == 2.0


def test_set_params_of_an_unknown_name_raises_value_error_and_keeps_the_params():
    learner = altml.Learner("salt", eta=0.5)
    before = learner.get_params()
    with pytest.raises(ValueError, match="no parameter 'etaa'.*did you mean 'eta'"):
        learner.set_params(etaa=1.0)
    with pytest.raises(ValueError):
        learner.set_params(eta=-1.0)
    assert learner.get_params() == before


def test_fit_returns_self_and_sets_n_features_in(train):
    X, Y = train
    learner = altml.Learner("salt")
    assert learner.fit(X, Y) is learner
    assert learner.n_features_in_ == X.shape[1]
    check_is_fitted(learner)


def test_predict_before_fit_raises_not_fitted(train):
    X, _ = train
    learner = altml.Learner("salt")
    with pytest.raises(altml.NotFittedError):
        learner.predict(X)
    with pytest.raises(altml.NotFittedError):
        learner.decision_function(X)
    # scikit-learn's contract: a ValueError and an AttributeError, and check_is_fitted says so
    with pytest.raises(ValueError):
        learner.predict(X)
    with pytest.raises(AttributeError):
        learner.predict(X)
    with pytest.raises(SkNotFittedError):
        check_is_fitted(learner)


@pytest.mark.parametrize("scoring", list(SCORERS))
def test_cross_val_score_with_multi_label_scorers(train, scoring):
    X, Y = train
    folds = KFold(4, shuffle=True, random_state=0)
    scores = cross_val_score(altml.Learner("salt", max_updates=2), X, Y, cv=folds, scoring=SCORERS[scoring])
    assert scores.shape == (4,) and np.isfinite(scores).all()
    if scoring == "hamming":
        assert (scores <= 0).all() and (scores > -0.5).all()
    else:
        assert (scores > 0.2).all()  # the corpus is learnable: far above chance
    again = cross_val_score(altml.Learner("salt", max_updates=2), X, Y, cv=folds, scoring=SCORERS[scoring])
    assert np.array_equal(scores, again)


def test_cross_val_score_is_each_fold_learnt_alone(train):
    X, Y = train
    folds = list(KFold(3).split(X))
    scores = cross_val_score(altml.Learner("falt", eta=0.5), X, Y, cv=folds, scoring="f1_samples")
    for (fit_rows, test_rows), score in zip(folds, scores):
        by_hand = altml.Learner("falt", eta=0.5).fit(X[fit_rows], Y[fit_rows]).predict(X[test_rows])
        assert score == f1_score(Y[test_rows], by_hand, average="samples")


def test_grid_search_over_eta_and_max_updates(train, corpus):
    X, Y = train
    grid = {"eta": [0.0625, 1.0, 16.0], "max_updates": [1, 3]}

    def search(seed):
        found = GridSearchCV(altml.Learner("salt", seed=seed, shuffle=True), grid, scoring=SCORERS, refit="f1_samples",
                             cv=KFold(3, shuffle=True, random_state=1))
        return found.fit(X, Y)

    found = search(5)
    assert set(found.best_params_) == {"eta", "max_updates"}
    assert found.best_params_["eta"] in grid["eta"] and found.best_params_["max_updates"] in grid["max_updates"]
    means = found.cv_results_["mean_test_f1_samples"]
    assert found.best_score_ == means.max() and len(set(np.round(means, 12))) > 1  # the settings differ
    best = found.best_estimator_
    assert best.get_params()["eta"] == found.best_params_["eta"] and best.is_fitted
    X_test, Y_test = read(corpus["test"], Y.shape[1], X.shape[1])
    predicted = best.predict(X_test)
    assert predicted.shape == Y_test.shape
    assert f1_score(Y_test, predicted, average="samples") > 0.2
    # the same seed gives the same scores; another seed shuffles the rows otherwise
    again = search(5)
    for key in ("mean_test_f1_samples", "mean_test_hamming", "mean_test_f1_macro"):
        assert np.array_equal(found.cv_results_[key], again.cv_results_[key])
    other = search(6)
    assert not np.array_equal(found.cv_results_["mean_test_f1_samples"], other.cv_results_["mean_test_f1_samples"])


def test_grid_search_refuses_an_unknown_parameter(train):
    X, Y = train
    with pytest.raises(ValueError, match="etaa"):
        GridSearchCV(altml.Learner("salt"), {"etaa": [1.0, 2.0]}, cv=2, error_score="raise").fit(X, Y)


def test_grid_search_in_worker_processes_gives_the_same_scores(train):
    # n_jobs > 1: joblib pickles the learner into processes that start their own JVM
    X, Y = train
    grid = {"eta": [0.25, 4.0]}
    here = GridSearchCV(altml.Learner("salt"), grid, cv=KFold(2), scoring="f1_micro").fit(X, Y)
    workers = GridSearchCV(altml.Learner("salt"), grid, cv=KFold(2), scoring="f1_micro", n_jobs=2).fit(X, Y)
    assert np.array_equal(here.cv_results_["mean_test_score"], workers.cv_results_["mean_test_score"])
    assert workers.best_params_ == here.best_params_
