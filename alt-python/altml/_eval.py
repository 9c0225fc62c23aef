"""Evaluation from Python: :func:`evaluate` scores a trained learner on labelled rows, :func:`prequential` runs the online
protocol (predict each row, score it, then learn it). Both compute the metrics in ALT's Java code, the same as
``alt test --json`` / ``alt evaluate --json`` and ``alt prequential --json`` report them."""

import html

import numpy as np

from . import _convert, _jvm
from ._learner import Learner, _call
from ._table import Table

_PY_EVAL = "org.altml.python.PyEval"
_POLICIES = ("spec", "zero", "one")

ZERO_DIVISION = "spec"
"""The default 0/0 rule, the command line's ``--zero-division`` default: 1 when both compared sets are empty (an empty
prediction for an empty truth, a label never present and never predicted), else 0."""


class Metrics(dict):
    """Metric name -> value (a float), in the command line's order and with the names of its JSON output (``alt test
    --json``, ``alt evaluate --json``, ``alt prequential --json``): the paper's seven first (``precision``, ``recall``,
    ``f1``, ``macroF1``, ``microF1``, ``hammingLoss``, ``rankingLoss``), then ``subsetAccuracy``, ``jaccard``,
    ``oneError``, ``coverage``, ``averagePrecision`` and ``emptyPredictionRate``. Values are fractions (coverage is a
    rank in [0, L - 1]); NaN where the JSON has null (an average over no example).

    ``examples`` is the number of rows scored, ``ranking_loss_left_out`` the rows left out of the ranking loss (no
    relevant or no irrelevant label), ``empty_truth_left_out`` those left out of one-error, coverage and average
    precision (no relevant label), ``zero_division`` the 0/0 rule (spec, zero or one). ``table()`` gives them as a
    :class:`altml._table.Table` of columns metric and value.
    """

    def __init__(self, values, examples=0, ranking_loss_left_out=0, empty_truth_left_out=0, zero_division=ZERO_DIVISION):
        super().__init__(values)
        self.examples = examples
        self.ranking_loss_left_out = ranking_loss_left_out
        self.empty_truth_left_out = empty_truth_left_out
        self.zero_division = zero_division

    @classmethod
    def _of(cls, java):
        names = [str(n) for n in java.names()]
        values = np.asarray(java.values(), dtype=np.float64).tolist()
        return cls(zip(names, values), int(java.examples()), int(java.rankingLossLeftOut()), int(java.emptyTruthLeftOut()),
                   str(java.zeroDivision()))

    def table(self):
        """The metrics as a table of two columns, metric and value, one row per metric in order."""
        return Table(["metric", "value"], [{"metric": name, "value": value} for name, value in self.items()])

    def _caption(self):
        return (f"{self.examples} examples, zero division {self.zero_division}"
                + (f", ranking loss leaves out {self.ranking_loss_left_out}" if self.ranking_loss_left_out else ""))

    def __str__(self):
        return f"{self.table()}\n({self._caption()})"

    def __repr__(self):
        return f"Metrics({dict.__repr__(self)}, examples={self.examples})"

    def _repr_html_(self):
        return f"{self.table()._repr_html_()}<p>{html.escape(self._caption())}</p>"


class PrequentialResult:
    """What :func:`prequential` measured: ``cumulative`` (:class:`Metrics` over every row), ``window`` (over the last
    min(rows, window) rows), ``curve`` (a :class:`altml._table.Table`, one row per curve point: ``examples``,
    ``learningSeconds``, ``cumulative_<metric>`` and ``window_<metric>`` for every metric, then
    ``cumulative_rankingLossLeftOut`` and ``window_rankingLossLeftOut``: the columns of ``alt prequential --curve``'s
    CSV), ``examples`` (rows predicted and learnt) and ``learning_seconds`` (time spent scaling, predicting and
    learning)."""

    def __init__(self, cumulative, window, curve, examples, learning_seconds):
        self.cumulative = cumulative
        self.window = window
        self.curve = curve
        self.examples = examples
        self.learning_seconds = learning_seconds

    @classmethod
    def _of(cls, java):
        cumulative = Metrics._of(java.cumulative())
        names = list(cumulative)
        count = int(java.metricCount())
        points = np.asarray(java.curveExamples(), dtype=np.int64)
        seconds = np.asarray(java.curveSeconds(), dtype=np.float64)
        cum = np.asarray(java.curveCumulative(), dtype=np.float64).reshape(points.size, count)
        win = np.asarray(java.curveWindow(), dtype=np.float64).reshape(points.size, count)
        left = np.asarray(java.curveRankingLossLeftOut(), dtype=np.int64)
        window_left = np.asarray(java.curveWindowRankingLossLeftOut(), dtype=np.int64)
        columns = (["examples", "learningSeconds"] + [f"cumulative_{n}" for n in names] + [f"window_{n}" for n in names]
                   + ["cumulative_rankingLossLeftOut", "window_rankingLossLeftOut"])
        rows = []
        for i in range(points.size):
            values = [int(points[i]), float(seconds[i])] + cum[i].tolist() + win[i].tolist() + [int(left[i]),
                                                                                                 int(window_left[i])]
            rows.append(dict(zip(columns, values)))
        return cls(cumulative, Metrics._of(java.window()), Table(columns, rows), int(java.examples()),
                   float(java.learningSeconds()))

    def table(self):
        """The cumulative and window metrics side by side: columns metric, cumulative and window."""
        return Table(["metric", "cumulative", "window"],
                     [{"metric": n, "cumulative": v, "window": self.window.get(n)} for n, v in self.cumulative.items()])

    def __str__(self):
        return (f"{self.table()}\n({self.examples} examples, window of the last {self.window.examples},"
                f" {len(self.curve)} curve points, {self.learning_seconds:.3f} s learning)")

    def __repr__(self):
        return f"PrequentialResult({self.examples} examples, {len(self.curve)} curve points)\n{self}"

    def _repr_html_(self):
        return (f"{self.table()._repr_html_()}<p>{self.examples} examples, window of the last {self.window.examples},"
                f" {len(self.curve)} curve points</p>")


def _policy(zero_division):
    if not isinstance(zero_division, str) or zero_division.lower() not in _POLICIES:
        raise ValueError(f"zero_division must be spec, zero or one (as the command line's --zero-division), not"
                         f" {zero_division!r}")
    return zero_division.lower()


def _positive(name, value):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise ValueError(f"{name} must be a positive integer, not {value!r}")
    return int(value)


def _learner(learner):
    if not isinstance(learner, Learner):
        raise TypeError(f"learner must be an altml.Learner, not {type(learner).__name__}")
    return learner


def evaluate(learner, X, Y, *, zero_division=ZERO_DIVISION):
    """The metrics of the trained ``learner`` (an :class:`altml.Learner`; it does not learn here) on the rows of ``X``
    (scipy CSR, or anything scipy makes one of) with true labels ``Y`` (a 0/1 label-indicator matrix, one column per
    label of the learner), each row scaled as the learner's training data was: the same values as ``alt test --json``
    (and ``alt evaluate --json``) report for that model and data. ``zero_division`` is the 0/0 rule of the metrics that
    divide by a set size or a count (the command line's ``--zero-division``): ``spec`` (the default: 1 when both
    compared sets are empty, else 0), ``zero`` or ``one``. Returns :class:`Metrics`."""
    _learner(learner)
    policy = _policy(zero_division)
    indptr, indices, data, shape = _convert.csr_arrays(X)
    y_indptr, y_indices, n_labels = _convert.indicator_arrays(Y, shape[0])
    learner._require_fitted()
    java = _call(_jvm.jclass(_PY_EVAL).evaluate, learner._java, indptr, indices, data, y_indptr, y_indices, int(n_labels),
                 policy)
    return Metrics._of(java)


def prequential(learner, X, Y, *, window=1000, every=1000, zero_division=ZERO_DIVISION):
    """Prequential evaluation (the paper's online protocol, ``alt prequential``): each row of ``X`` in order is
    predicted by ``learner`` as it is, scored against its row of ``Y`` (a 0/1 label-indicator matrix), then learnt, so
    the learner has learnt every row afterwards. Metrics are kept over all rows and over the last ``window`` rows (the
    command line's ``--window``, default 1000); every ``every`` rows (``--every``, default 1000) a point of the
    learning curve is recorded. A learner that has not learnt anything yet is made for Y's columns, as ``alt
    prequential`` makes it (with ``scale="standardize"`` the statistics are running ones, updated after each row is
    predicted); a trained one goes on from its model and scaling. ``zero_division`` as in :func:`evaluate`. Returns a
    :class:`PrequentialResult`; on the same data, settings and seed its metrics and curve are those of ``alt
    prequential --json`` and ``--curve``."""
    _learner(learner)
    policy = _policy(zero_division)
    window = _positive("window", window)
    every = _positive("every", every)
    indptr, indices, data, shape = _convert.csr_arrays(X)
    y_indptr, y_indices, n_labels = _convert.indicator_arrays(Y, shape[0])
    names = learner._names_for(n_labels) if not learner.is_fitted else None
    java = _call(_jvm.jclass(_PY_EVAL).prequential, learner._java, indptr, indices, data, y_indptr, y_indices,
                 max(shape[1], int(learner.n_features or 0)), int(n_labels), names, window, every, policy)
    learner.n_features_in_ = max(shape[1], getattr(learner, "n_features_in_", 0))
    return PrequentialResult._of(java)

