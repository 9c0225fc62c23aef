"""altml.evaluate and altml.prequential: the metrics equal scikit-learn's where the definitions coincide, and those the
command line reports (alt test --json, alt prequential --json and --curve) for the same model, data and settings."""

import json
import math

import numpy as np
import pytest
import scipy.sparse as sp

import altml
from altml import _convert, _jvm

L = 12  # the corpus fixture's labels


def read(path, n_labels=-1):
    """(X, Y) of a data file through ALT's own reader (as the command line reads it)."""
    data = _jvm.jclass("org.altml.python.PyData").read(str(path), n_labels, -1, False, None, -1, -1, None)
    X = sp.csr_matrix((np.asarray(data.values()), np.asarray(data.indices()), np.asarray(data.indptr())),
                      shape=(len(data.indptr()) - 1, int(data.numFeatures())))
    Y = _convert.indicator_matrix(data.labelIndptr(), data.labelIds(), int(data.numLabels()))
    return X, Y


@pytest.fixture(scope="module")
def data(corpus):
    X, Y = read(corpus["train"])
    Xt, Yt = read(corpus["test"], n_labels=Y.shape[1])
    return X, Y, Xt, Yt


def same(python, cli):
    """Python's metrics equal the JSON's exactly (NaN for null)."""
    assert list(python) == list(cli), "the names and order of the command line's JSON"
    for name, value in cli.items():
        if value is None:
            assert math.isnan(python[name]), name
        else:
            assert python[name] == value, f"{name}: {python[name]!r} in Python, {value!r} in the command line"


# --- scikit-learn -------------------------------------------------------------------------------------------------

def _with_every_zero_division(learner, X, Y):
    """(X, Y) made to hold every 0/0 the rules decide: 20 rows without features appended (nothing scores above the
    threshold, so nothing is predicted; half keep labels, half have none), 5 rows stripped of their labels, and one
    label neither true nor predicted anywhere (its column zeroed on the rows that never predict it: 2tp + fp + fn = 0)."""
    X = sp.vstack([X, sp.csr_matrix((20, X.shape[1]), dtype=X.dtype)]).tocsr()
    Y = np.vstack([Y.toarray(), Y[:20].toarray()])
    Y[-10:] = 0
    Y[:5] = 0
    P = learner.predict(X).toarray()
    label = int(np.argmin(P.sum(axis=0)))
    rows = np.flatnonzero(P[:, label] == 0)
    Y = Y[rows]
    Y[:, label] = 0
    return X[rows], Y


@pytest.mark.parametrize("policy, sk_zero", [("spec", None), ("zero", 0), ("one", 1)])
def test_metrics_equal_scikit_learn(data, policy, sk_zero):
    from sklearn import metrics as skm
    X, Y, Xt, Yt = data
    learner = altml.Learner("falt").fit(X, Y)
    Xe, Ye = _with_every_zero_division(learner, Xt, Yt)
    ours = altml.evaluate(learner, Xe, Ye, zero_division=policy)
    P = learner.predict(Xe).toarray()
    decision = learner.decision_function(Xe)
    scores = decision[:, :-1]
    assert (P == (scores > decision[:, -1:])).all()
    assert ours.examples == Ye.shape[0] and ours.zero_division == policy
    truth_size, pred_size = Ye.sum(axis=1), P.sum(axis=1)
    for truth_empty, predicted_empty in ((True, True), (True, False), (False, True)):
        assert (((truth_size == 0) == truth_empty) & ((pred_size == 0) == predicted_empty)).any()
    assert ((Ye.sum(axis=0) == 0) & (P.sum(axis=0) == 0)).any()
    tol = dict(rel=1e-12, abs=1e-12)

    # Hamming loss: hamming_loss(Y, P); no 0/0
    assert ours["hammingLoss"] == pytest.approx(skm.hamming_loss(Ye, P), **tol)
    # subset accuracy: accuracy_score(Y, P) (exact match of the label sets); no 0/0
    assert ours["subsetAccuracy"] == pytest.approx(skm.accuracy_score(Ye, P), **tol)
    # micro-F1: f1_score(average='micro'); its 0/0 (nothing true or predicted anywhere) does not occur here
    assert ours["microF1"] == pytest.approx(skm.f1_score(Ye, P, average="micro"), **tol)
    # macro-F1: f1_score(average='macro'); a label never true nor predicted (2tp + fp + fn = 0) is 1 under spec and
    # one (both sets empty), sklearn's zero_division=1, and 0 under zero, sklearn's zero_division=0
    macro_zero = 0 if policy == "zero" else 1
    assert ours["macroF1"] == pytest.approx(skm.f1_score(Ye, P, average="macro", zero_division=macro_zero), **tol)
    assert ours["macroF1"] != pytest.approx(skm.f1_score(Ye, P, average="macro", zero_division=1 - macro_zero), **tol)
    # example-based precision, recall and Jaccard accuracy: precision_score / recall_score / jaccard_score with
    # average='samples'. Their 0/0 (|Ŷ| = 0, |Y| = 0, |Y ∪ Ŷ| = 0) is sklearn's zero_division under zero and one; under
    # spec it is 1 only when both sets are empty, which sklearn has no setting for: computed here by that rule
    if sk_zero is not None:
        precision = skm.precision_score(Ye, P, average="samples", zero_division=sk_zero)
        recall = skm.recall_score(Ye, P, average="samples", zero_division=sk_zero)
        jaccard = skm.jaccard_score(Ye, P, average="samples", zero_division=sk_zero)
    else:
        inter = (Ye & P).sum(axis=1)
        both_empty = (truth_size == 0) & (pred_size == 0)
        precision = np.mean(np.where(pred_size > 0, inter / np.maximum(pred_size, 1), both_empty))
        recall = np.mean(np.where(truth_size > 0, inter / np.maximum(truth_size, 1), both_empty))
        jaccard = skm.jaccard_score(Ye, P, average="samples", zero_division=1)  # |Y ∪ Ŷ| = 0 only when both are empty
    assert ours["precision"] == pytest.approx(precision, **tol)
    assert ours["recall"] == pytest.approx(recall, **tol)
    assert ours["jaccard"] == pytest.approx(jaccard, **tol)
    # ALT's f1 is the paper's: the harmonic mean of example-based precision and recall, not sklearn's
    # f1_score(average='samples') (the mean of per-example F1)
    assert ours["f1"] == pytest.approx(2 * precision * recall / (precision + recall), **tol)
    # ranking metrics need no 0/0 rule: ALT leaves out the rows they are undefined on, sklearn counts them as perfect.
    # Ranking loss: label_ranking_loss over the rows with 0 < |Y| < L (ties count as errors in both)
    ranked = (truth_size > 0) & (truth_size < L)
    assert ours.ranking_loss_left_out == int((~ranked).sum())
    assert ours["rankingLoss"] == pytest.approx(skm.label_ranking_loss(Ye[ranked], scores[ranked]), **tol)
    # coverage: coverage_error − 1 over the rows with a true label (ALT counts ranks from 0)
    some = truth_size > 0
    assert ours.empty_truth_left_out == int((~some).sum())
    assert ours["coverage"] == pytest.approx(skm.coverage_error(Ye[some], scores[some]) - 1, **tol)
    # average precision: label_ranking_average_precision_score over the rows with a true label
    assert ours["averagePrecision"] == pytest.approx(
        skm.label_ranking_average_precision_score(Ye[some], scores[some]), **tol)
    # one-error has no sklearn counterpart: the top-scored labels (all ties) include an irrelevant one
    top = scores[some] == scores[some].max(axis=1, keepdims=True)
    assert ours["oneError"] == pytest.approx(np.mean((top & (Ye[some] == 0)).any(axis=1)), **tol)
    assert ours["emptyPredictionRate"] == pytest.approx(np.mean(pred_size == 0), **tol)


def test_evaluate_does_not_learn(data):
    X, Y, Xt, Yt = data
    learner = altml.Learner("falt").fit(X, Y)
    before = learner.decision_function(Xt)
    altml.evaluate(learner, Xt, Yt)
    assert learner.examples_seen == X.shape[0]
    assert (learner.decision_function(Xt) == before).all()


# --- the command line ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("options", [
    {"learner": "salt", "eta": 0.25, "delta": 4, "max-updates": 2, "order": "file"},
    {"learner": "falt", "scale": "standardize", "zero-division": "zero", "order": "file"},
    {"learner": "pa1", "scale": "l2", "zero-division": "one", "order": "shuffle", "seed": 5},
    {"learner": "falt-k", "budget": 100, "budget-policy": "oldest", "order": "file"},  # a kernel model's own predictors
])
def test_evaluate_equals_alt_test(alt, corpus, data, tmp_path, options):
    X, Y, Xt, Yt = data
    options = dict(options)
    policy = options.pop("zero-division", "spec")
    args = [f"--{k}={v}" for k, v in options.items()]
    model = tmp_path / "model.alt"
    alt("train", "--data", corpus["train"], "--model", model, *args)
    cli = json.loads(alt("test", "--model", model, "--data", corpus["test"], "--json", f"--zero-division={policy}").stdout)
    # the model the command line trained, and the same model trained in Python
    same(altml.evaluate(altml.load(model), Xt, Yt, zero_division=policy), cli["metrics"])
    kind = options.pop("learner")
    scale = options.pop("scale", "none")
    shuffle = options.pop("order") == "shuffle"
    seed = options.pop("seed", 1)
    params = {k.replace("-", "_"): v for k, v in options.items()}
    learner = altml.Learner(kind, scale=scale, shuffle=shuffle, seed=seed, **params).fit(X, Y)
    metrics = altml.evaluate(learner, Xt, Yt, zero_division=policy)
    same(metrics, cli["metrics"])
    assert metrics.examples == cli["examples"]
    assert metrics.ranking_loss_left_out == cli["rankingLossLeftOut"]
    assert metrics.empty_truth_left_out == cli["emptyTruthLeftOut"]


@pytest.mark.parametrize("kind, params, scale, window, every, policy", [
    ("salt", {"eta": 0.25, "delta": 4, "max_updates": 2}, "none", 100, 150, "spec"),
    ("falt", {}, "standardize", 1000, 1000, "zero"),  # a window wider than the stream, the CLI's defaults
    ("pa1", {}, "none", 37, 1, "one"),                # a curve point after every example
    ("osml-elm", {"hidden": 50}, "none", 100, 200, "spec"),  # made for the data as the command line makes it (d, N, seed)
])
def test_prequential_equals_alt_prequential(alt, corpus, data, tmp_path, kind, params, scale, window, every, policy):
    X, Y, _, _ = data
    curve = tmp_path / "curve.jsonl"
    args = [f"--{k.replace('_', '-')}={v}" for k, v in params.items()]
    cli = json.loads(alt("prequential", "--learner", kind, *args, "--scale", scale, "--data", corpus["train"], "--window",
                         window, "--every", every, "--zero-division", policy, "--json", "--curve", curve).stdout)
    learner = altml.Learner(kind, scale=scale, **params)
    result = altml.prequential(learner, X, Y, window=window, every=every, zero_division=policy)
    same(result.cumulative, cli["metrics"])
    same(result.window, cli["windowMetrics"])
    assert result.examples == cli["examples"] == X.shape[0]
    assert result.cumulative.ranking_loss_left_out == cli["rankingLossLeftOut"]
    assert result.window.ranking_loss_left_out == cli["windowRankingLossLeftOut"]
    assert result.window.examples == min(window, X.shape[0])
    points = [json.loads(line) for line in curve.read_text().splitlines()]
    assert len(result.curve) == len(points) == cli["curvePoints"] == X.shape[0] // every
    for row, point in zip(result.curve, points):
        assert row["examples"] == point["examples"]
        for part in ("cumulative", "window"):
            same({k[len(part) + 1:]: v for k, v in row.items() if k.startswith(part + "_") and not k.endswith("LeftOut")},
                 point[part])
        assert row["cumulative_rankingLossLeftOut"] == point["rankingLossLeftOut"]
        assert row["window_rankingLossLeftOut"] == point["windowRankingLossLeftOut"]
    assert learner.examples_seen == X.shape[0]


def test_prequential_learns_as_fit_does_and_goes_on(data):
    X, Y, Xt, _ = data
    fitted = altml.Learner("salt", eta=0.5).fit(X, Y)
    online = altml.Learner("salt", eta=0.5)
    first = altml.prequential(online, X[:250], Y[:250], window=50, every=100)
    second = altml.prequential(online, X[250:], Y[250:], window=50, every=100)
    assert first.examples + second.examples == online.examples_seen == X.shape[0]
    assert (online.decision_function(Xt) == fitted.decision_function(Xt)).all()
    # the second call's first rows are predicted by the model of the first 250 rows, not a fresh one
    fresh = altml.prequential(altml.Learner("salt", eta=0.5), X[250:], Y[250:], window=50, every=100)
    assert dict(second.cumulative) != dict(fresh.cumulative)


def test_tables_and_text(data):
    X, Y, Xt, Yt = data
    metrics = altml.evaluate(altml.Learner("falt").fit(X, Y), Xt, Yt)
    table = metrics.table()
    assert table.columns == ["metric", "value"] and table.column("metric") == list(metrics)
    assert table.column("value") == list(metrics.values())
    assert list(metrics)[:7] == ["precision", "recall", "f1", "macroF1", "microF1", "hammingLoss", "rankingLoss"]
    assert "microF1" in str(metrics) and f"{Xt.shape[0]} examples" in str(metrics)
    assert "<table>" in metrics._repr_html_()
    result = altml.prequential(altml.Learner("falt"), X, Y, window=100, every=200)
    assert result.curve.column("examples") == [200, 400, 600]
    assert result.curve.columns[:3] == ["examples", "learningSeconds", "cumulative_precision"]
    assert "window" in str(result) and "<table>" in result._repr_html_()


def test_undefined_metrics_are_nan_where_the_json_has_null(data):
    X, Y, Xt, Yt = data
    learner = altml.Learner("falt").fit(X, Y)
    nothing = altml.evaluate(learner, Xt[:0], Yt[:0])
    assert nothing.examples == 0 and list(nothing) == list(altml.evaluate(learner, Xt, Yt))
    assert all(math.isnan(v) for v in nothing.values())
    # rows without a true label: one-error, coverage and average precision average over no row, and so does the
    # ranking loss; the example-based metrics are defined (0/0 by the rule)
    unlabelled = altml.evaluate(learner, Xt, sp.csr_matrix(Yt.shape, dtype=np.int8))
    assert unlabelled.empty_truth_left_out == unlabelled.ranking_loss_left_out == Xt.shape[0]
    assert [n for n, v in unlabelled.items() if math.isnan(v)] == ["rankingLoss", "oneError", "coverage",
                                                                   "averagePrecision"]


# --- bad input ----------------------------------------------------------------------------------------------------

def test_bad_input_raises_value_error(data):
    X, Y, Xt, Yt = data
    learner = altml.Learner("falt").fit(X, Y)
    with pytest.raises(ValueError, match=r"X has 300 rows but Y has 299"):
        altml.evaluate(learner, Xt, Yt[:299])
    with pytest.raises(ValueError, match=r"X has 300 rows but Y has 299"):
        altml.prequential(altml.Learner("falt"), Xt, Yt[:299])
    with pytest.raises(ValueError, match=r"Y has 11 label columns but the falt learner has 12 labels"):
        altml.evaluate(learner, Xt, Yt[:, :11])
    with pytest.raises(ValueError, match=r"Y has 13 label columns but the falt learner has 12 labels"):
        altml.evaluate(learner, Xt, sp.hstack([Yt, sp.csr_matrix((Yt.shape[0], 1), dtype=np.int8)]))
    with pytest.raises(ValueError, match=r"the data has 11 labels but the learner 12"):
        altml.prequential(learner, Xt, Yt[:, :11])
    with pytest.raises(ValueError, match=r"Y has 12 label columns but n_labels=5"):
        altml.prequential(altml.Learner("falt", n_labels=5), Xt, Yt)
    with pytest.raises(ValueError, match=r"0/1 label-indicator matrix: row 0 holds 2"):
        altml.evaluate(learner, Xt[:1], np.full((1, L), 2))
    with pytest.raises(ValueError, match=r"zero_division must be spec, zero or one"):
        altml.evaluate(learner, Xt, Yt, zero_division="half")
    for bad in (0, -3, 2.5, True):
        with pytest.raises(ValueError, match=r"window must be a positive integer"):
            altml.prequential(altml.Learner("falt"), Xt, Yt, window=bad)
        with pytest.raises(ValueError, match=r"every must be a positive integer"):
            altml.prequential(altml.Learner("falt"), Xt, Yt, every=bad)
    with pytest.raises(altml.NotFittedError, match=r"has not learnt anything"):
        altml.evaluate(altml.Learner("falt"), Xt, Yt)
    with pytest.raises(TypeError, match=r"altml.Learner"):
        altml.evaluate("falt", Xt, Yt)
    assert learner.examples_seen == X.shape[0]  # nothing above learnt
