"""The same data and settings give the same predictions and scores from Python as from ``alt train`` + ``alt
predict``, byte for byte: the learner kinds (linear, kernel under a budget, ELM), file order and a seeded shuffle,
and a feature scaling."""

import numpy as np
import pytest

import altml
from cli_files import prediction_lines, read_lines, scores_of

# (kind, registry parameters in Python's spelling, the same as alt train options)
KINDS = [
    ("falt", {}, []),
    ("salt", {"eta": 0.25, "delta": 4, "max_updates": 2}, ["--eta", "0.25", "--delta", "4", "--max-updates", "2"]),
    ("pa1", {"c": 0.5}, ["--c", "0.5"]),
    ("falt-k", {"budget": 40, "budget_policy": "smallest", "sigma2": 2.0},
     ["--budget", "40", "--budget-policy", "smallest", "--sigma2", "2.0"]),
    ("osml-elm", {"hidden": 40}, ["--hidden", "40"]),
]
# (Learner options, alt train options)
ORDERS = [
    ({"shuffle": False}, ["--order", "file"]),
    ({"shuffle": True, "seed": 11}, ["--order", "shuffle", "--seed", "11"]),
]


def cli_predictions(alt, tmp_path, corpus, kind, options):
    model = tmp_path / "model.alt"
    out = tmp_path / "predictions.txt"
    alt("train", "--learner", kind, "--data", corpus["train"], "--model", model, *options)
    alt("predict", "--model", model, "--data", corpus["test"], "--scores", "--out", out)
    return read_lines(out)


def assert_same_as_cli(learner, lines, X_test):
    predicted = learner.predict(X_test)
    scores = learner.decision_function(X_test)
    assert len(lines) == X_test.shape[0]
    # the label sets alone (alt predict without --scores prints the part before the tab)
    assert prediction_lines(predicted) == [line.split("\t")[0] for line in lines]
    # the scores as float32 bits, then as Java prints them
    cli_scores = scores_of(lines)
    assert scores.dtype == np.float32 and scores.shape == cli_scores.shape
    assert np.array_equal(scores.view(np.int32), cli_scores.view(np.int32))
    assert prediction_lines(predicted, scores) == lines
    # and the label sets are the scores above the threshold
    assert np.array_equal(predicted.toarray() == 1, scores[:, :-1] > scores[:, -1:])


@pytest.mark.parametrize("kind,params,options", KINDS, ids=[k[0] for k in KINDS])
@pytest.mark.parametrize("order,order_options", ORDERS, ids=["file", "shuffle"])
def test_fit_predicts_as_alt_train_and_predict(alt, tmp_path, corpus, kind, params, options, order, order_options):
    X, Y, _, _ = altml.read(corpus["train"])
    X_test, _, _, _ = altml.read(corpus["test"])
    learner = altml.Learner(kind, **order, **params).fit(X, Y)
    lines = cli_predictions(alt, tmp_path, corpus, kind, options + order_options)
    assert_same_as_cli(learner, lines, X_test)


@pytest.mark.parametrize("kind,params,options", [KINDS[1], KINDS[3]], ids=["salt", "falt-k"])
def test_standardized_fit_predicts_as_the_cli(alt, tmp_path, corpus, kind, params, options):
    X, Y, _, _ = altml.read(corpus["train"])
    X_test, _, _, _ = altml.read(corpus["test"])
    learner = altml.Learner(kind, scale="standardize", shuffle=True, seed=5, **params).fit(X, Y)
    lines = cli_predictions(alt, tmp_path, corpus, kind,
                            options + ["--scale", "standardize", "--order", "shuffle", "--seed", "5"])
    assert_same_as_cli(learner, lines, X_test)


def test_another_seed_gives_other_predictions(alt, tmp_path, corpus):
    """The comparison can fail: a shuffle with another seed than the CLI's gives other scores."""
    X, Y, _, _ = altml.read(corpus["train"])
    X_test, _, _, _ = altml.read(corpus["test"])
    learner = altml.Learner("salt", shuffle=True, seed=12).fit(X, Y)
    lines = cli_predictions(alt, tmp_path, corpus, "salt", ["--order", "shuffle", "--seed", "11"])
    assert not np.array_equal(learner.decision_function(X_test), scores_of(lines))


def test_learn_one_in_file_order_is_fit_in_file_order(corpus):
    """One example at a time in row order learns what fit learns with shuffle=False (and so what alt train
    --order file learns), for a learner that updates per example."""
    X, Y, _, _ = altml.read(corpus["train"])
    X_test, _, _, _ = altml.read(corpus["test"])
    fitted = altml.Learner("salt", eta=0.25).fit(X, Y)
    online = altml.Learner("salt", eta=0.25, n_labels=Y.shape[1], n_features=X.shape[1])
    for i in range(X.shape[0]):
        online.learn_one(X[i], set(Y[i].indices.tolist()))
    assert np.array_equal(online.decision_function(X_test), fitted.decision_function(X_test))
