"""``altml.tune`` and ``altml.experiment``: the cross-validated tuning of ``alt tune`` on in-memory matrices, and the
whole protocol of ``alt experiment`` on data files, their results as :class:`altml._table.Table` objects and dicts."""

import csv
import io
import math
import os
import re

import numpy as np

from . import _convert, _jvm
from ._learner import Learner, _call, _java_list, _parse, _text, python_name, registry_name
from ._table import Table

_PY_TUNER = "org.altml.python.PyTuner"
_PY_EXPERIMENT = "org.altml.python.PyExperiment"


def _number(value):
    """A Java double as a Python float, None where it is not finite (undefined), as ``alt tune --json`` writes null."""
    value = float(value)
    return value if math.isfinite(value) else None


def _values_text(name, values):
    """A grid entry's values as the texts the registry parses: one value, or a list (a str may be a range
    ``"2^-4..2^2"`` or a comma-separated list, as ``alt tune`` takes them)."""
    if isinstance(values, (list, tuple, np.ndarray, range)):
        texts = [_text(name, v) for v in values]
        if not texts:
            raise ValueError(f"grid: {name} lists no value")
        return texts
    return [_text(name, values)]


def _given(grid, fixed):
    """The values to tune over and the fixed ones, by registry name, as a Java map of text lists."""
    given = {}
    for source in (grid or {}, fixed):
        for name, values in source.items():
            key = registry_name(name)
            if key in given:
                raise ValueError(f"{name} is given twice (in grid= and as a keyword, or as {key} and"
                                 f" {python_name(key)})")
            given[key] = _values_text(name, values)
    java_map = _jvm.jclass("java.util.LinkedHashMap")()
    for key, texts in given.items():
        java_map.put(key, _java_list(texts))
    return java_map


def _settings(java_map, defaults, keep=()):
    """Registry settings as text -> Python spelling and values, without the kind's defaults (unless named in keep)."""
    out = {}
    for key, value in java_map.items():
        key, value = str(key), str(value)
        if key in keep or defaults.get(key) != value:
            out[python_name(key)] = _parse(value)
    return out


class Tuning:
    """What :func:`altml.tune` found.

    ``selected``: the chosen setting as keywords of :class:`altml.Learner` (Python spelling, the kind's defaults
    left out unless searched, ``scale`` when the folds were scaled), so that ``altml.Learner(kind, **selected)`` (or
    :meth:`learner`) is the tuned learner. ``table``: every setting evaluated on all folds, in grid order, one row
    each: its searched values, ``score`` (the selection's: the Copeland count for the paper's rule), the fold means
    of the seven metrics (by the command line's names: precision, recall, f1, macroF1, microF1, hammingLoss,
    rankingLoss; None where undefined on every fold) and ``selected`` (True on the chosen row). ``fold_table``: each
    setting's metrics on each fold (``fold`` from 0). ``means``: the chosen setting's fold means by metric.
    ``held_out``: per fold, the rows it held out. ``kind``, ``axes`` (the searched parameters, Python spelling),
    ``grid`` (the grid in words), ``folds``, ``seed``.
    """

    def __init__(self, kind, selected, table, fold_table, means, held_out, axes, grid, folds, seed):
        self.kind = kind
        self.selected = selected
        self.table = table
        self.fold_table = fold_table
        self.means = means
        self.held_out = held_out
        self.axes = axes
        self.grid = grid
        self.folds = folds
        self.seed = seed

    def learner(self, **params):
        """A new, unfitted :class:`altml.Learner` of the selected setting (``params`` added or overriding)."""
        return Learner(self.kind, **{**self.selected, **params})

    def __repr__(self):
        args = ", ".join(f"{k}={v!r}" for k, v in self.selected.items())
        chosen = args or "the defaults"
        return f"Tuning({self.kind!r}: selected {chosen} among {len(self.table)} settings)\n{self.table}"


def tune(kind, X, Y, *, grid=None, folds=10, seed=1, mode="paper", search="full", select="paper", scale="none",
         zero_division="spec", threads=0, label_names=None, **fixed_params):
    """Cross-validated tuning of the learner ``kind`` on X and Y, as ``alt tune`` does it on a training file:
    ``folds``-fold cross-validation with the fold split and training orders from ``seed`` (``--cv-seed``), each
    setting trained on the other folds in one seeded pass and scored on the held-out fold, then the setting chosen
    from the fold means of the paper's seven metrics.

    ``X`` is a scipy CSR matrix (or anything scipy makes one of), ``Y`` its 0/1 label-indicator matrix; they cross into
    the JVM once. ``grid`` maps parameters (registry or Python spelling) to the values to search: a list, or a str
    as ``alt tune`` takes it (``"0.25,1,4"``, ``"2^-4..2^2"``); a parameter given one value is fixed. Keywords beyond
    these fix parameters (``max_updates=2``). Every other parameter with a paper grid is searched over it when
    ``mode`` is ``"paper"`` (the command line's default), over every other value with ``"coarse"``, not at all with
    ``"none"``. ``search`` is full, halving or refine; ``select`` the paper's rule (``"paper"``) or one metric's name;
    ``scale`` the feature scaling fitted on the training folds (none, standardize, l2); ``zero_division`` the metrics'
    0/0 rule (spec, zero, one); ``threads`` the workers (0: every core; the result does not depend on it);
    ``label_names`` names Y's columns. Bad values raise ``ValueError`` with the registry's message.

    Returns a :class:`Tuning`: ``.selected`` (keywords of the tuned :class:`altml.Learner`), ``.table`` (every setting's
    cross-validated metrics, the numbers ``alt tune --json`` lists as candidates) and more.
    """
    if not isinstance(kind, str):
        raise ValueError(f"kind must be a learner's name (altml.learners() lists them), not {kind!r}")
    for name, value in (("folds", folds), ("seed", seed), ("threads", threads)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise ValueError(f"{name} must be an integer, not {value!r}")
    for name, value in (("mode", mode), ("search", search), ("select", select), ("scale", scale),
                        ("zero_division", zero_division)):
        if not isinstance(value, str):
            raise ValueError(f"{name} must be a str, not {value!r}")
    if grid is not None and not isinstance(grid, dict):
        raise ValueError(f"grid must be a dict {{parameter: values}}, not {type(grid).__name__}")
    indptr, indices, data, shape = _convert.csr_arrays(X)
    y_indptr, y_indices, n_labels = _convert.indicator_arrays(Y, shape[0])
    if label_names is not None and len(label_names) != n_labels:
        raise ValueError(f"Y has {n_labels} label columns but {len(label_names)} label_names")
    names = None if label_names is None else _java_list([str(n) for n in label_names])
    given = _given(grid, fixed_params)
    java = _call(_jvm.jclass(_PY_TUNER).tune, kind, given, mode, indptr, indices, data, y_indptr, y_indices,
                 int(shape[1]), int(n_labels), names, int(folds), int(seed), search, select, scale, zero_division,
                 int(threads))
    return _tuning(java, int(folds), int(seed), scale)


def _tuning(java, folds, seed, scale):
    kind = str(java.kind())
    defaults = {str(k): str(v) for k, v in _jvm.jclass("org.altml.python.PyLearner").defaultsText(kind).items()}
    axes = [str(a) for a in java.axes()]
    columns = [python_name(a) for a in axes]
    metrics = [str(m) for m in java.metrics()]
    rows, fold_rows = [], []
    chosen = int(java.chosen())
    for i in range(int(java.size())):
        text = {str(k): str(v) for k, v in java.settings(i).items()}
        values = {python_name(a): _parse(text[a]) if a in text else None for a in axes}
        means = [_number(v) for v in java.means(i)]
        rows.append({**values, "score": _number(java.score(i)), **dict(zip(metrics, means)), "selected": i == chosen})
        for f, fold in enumerate(java.folds(i)):
            fold_rows.append({**values, "fold": f, **dict(zip(metrics, (_number(v) for v in fold)))})
    selected = _settings(java.selected(), defaults, keep=axes)
    if str(scale).lower() != "none":
        selected["scale"] = str(scale).lower()
    table = Table(columns + ["score"] + metrics + ["selected"], rows)
    fold_table = Table(columns + ["fold"] + metrics, fold_rows)
    means = {m: rows[chosen][m] for m in metrics}
    held_out = [np.asarray(fold, dtype=np.int64) for fold in java.heldOut()]
    return Tuning(kind, selected, table, fold_table, means, held_out, columns, str(java.gridDescription()), folds, seed)


class ExperimentResult:
    """What :func:`altml.experiment` gave; the same numbers are in the files of ``out``.

    ``tables``: both tables of the paper as ``tables.csv`` holds them, one row per dataset, learner and column (the
    seven metrics, trainSeconds, testSeconds) with ``mean``, ``std`` (over the runs), ``runs``, ``best`` (the best mean
    of the column), ``bold`` (best or not significantly different from it: paired t-test at 95%), ``tP`` and
    ``wilcoxonP`` (None where not computed). ``table3``: one row per dataset and learner with the seven metrics' means;
    ``table4``: the same with the mean trainSeconds and testSeconds. ``runs``: every run, its seed, metrics and times.
    ``selected``: ``{(dataset, learner): keywords of altml.Learner}``, the settings of the learner's runs (tuned or
    given; the kind's defaults left out). ``friedman``: per metric the Friedman test across datasets (empty with one
    dataset). ``table3_markdown``: Table 3 as ``alt experiment`` prints it. ``out``: the folder; ``files``: the paths
    written in it (tables, figures, ``experiment.json``; ``runs.jsonl`` is the store a rerun resumes from).
    """

    def __init__(self, out, files, tables, table3, table4, runs, selected, friedman, table3_markdown):
        self.out = out
        self.files = files
        self.tables = tables
        self.table3 = table3
        self.table4 = table4
        self.runs = runs
        self.selected = selected
        self.friedman = friedman
        self.table3_markdown = table3_markdown

    def __repr__(self):
        return f"ExperimentResult({self.out}: {len(self.runs)} runs)\n{self.table3}"


def _default_name(train):
    """A dataset's name from its training file, as ``alt experiment`` names it: ``emotions-train.arff`` is emotions."""
    name = re.sub(r"\.gz$", "", os.path.basename(str(train)))
    name = re.sub(r"\.(arff|svm|libsvm|txt)$", "", name)
    stem = re.sub(r"[-_.]?train$", "", name)
    return stem or name


def _datasets(datasets):
    """(names, trains, tests, scales) of the datasets argument."""
    if isinstance(datasets, dict):
        items = list(datasets.items())
    elif isinstance(datasets, (list, tuple)):
        items = [(None, d) for d in datasets]
    else:
        raise ValueError("datasets must be a dict {name: (train, test)} or a list of (train, test) pairs, not"
                         f" {type(datasets).__name__}")
    if not items:
        raise ValueError("datasets is empty: give at least one (train, test) pair of files")
    names, trains, tests, scales = [], [], [], []
    for name, spec in items:
        scale = None
        if isinstance(spec, dict):
            unknown = set(spec) - {"train", "test", "scale"}
            if unknown or "train" not in spec or "test" not in spec:
                raise ValueError(f"a dataset is a dict of train, test and scale (optional), not {sorted(spec)}")
            train, test, scale = spec["train"], spec["test"], spec.get("scale")
        elif isinstance(spec, (list, tuple)) and len(spec) == 2:
            train, test = spec
        else:
            raise ValueError(f"a dataset is a (train, test) pair of files or a dict, not {spec!r}")
        names.append(str(name) if name is not None else _default_name(train))
        trains.append(str(train))
        tests.append(str(test))
        scales.append(None if scale is None else str(scale))
    return names, trains, tests, scales


def _learner_specs(values, what):
    """``{learner: {parameter: value}}`` as ``alt experiment``'s LEARNER:NAME=VALUE,... texts."""
    if values is None:
        return []
    if not isinstance(values, dict):
        raise ValueError(f"{what} must be a dict {{learner: {{parameter: value}}}}, not {type(values).__name__}")
    specs = []
    for learner, params in values.items():
        if not isinstance(params, dict) or not params:
            raise ValueError(f"{what}[{learner!r}] must be a non-empty dict {{parameter: value}}, not {params!r}")
        texts = []
        for name, value in params.items():
            text = _text(name, value)
            if "," in text:
                raise ValueError(f"{what}[{learner!r}]: {name}={text!r} holds a comma")
            texts.append(f"{registry_name(name)}={text}")
        specs.append(f"{learner}:{','.join(texts)}")
    return specs


def _column(text):
    value = _parse(text)
    return None if isinstance(value, float) and math.isnan(value) else value


def experiment(datasets, learners, out, *, runs=20, seed=1, folds=10, cv_seed=1, mode="paper", search="full",
               select="paper", scale="none", zero_division="spec", given=None, fix=None, wilcoxon=False,
               curve_points=50, threads=0):
    """The paper's protocol, as ``alt experiment`` runs it, on data files: for each dataset and learner, tuning by
    ``folds``-fold cross-validation on the training file (seed ``cv_seed``; the grid of ``mode``, searched by
    ``search``, chosen by ``select``, as in :func:`altml.tune`) unless the settings are given, then ``runs`` runs of
    train-then-test, run r over the training permutation of seed ``seed + r``; means, standard deviations, paired
    t-tests against the best learner (and Wilcoxon tests with ``wilcoxon``), the Friedman test across datasets.

    ``datasets``: a dict ``{name: (train_file, test_file)}`` (or ``{name: {"train": ..., "test": ..., "scale":
    ...}}`` for a scaling of its own), or a list of ``(train_file, test_file)`` pairs named after their training
    files. ``learners``: kinds, e.g. ``["falt", "salt"]``. ``given``: ``{learner: {parameter: value}}`` settings run
    without tuning; ``fix``: values held while the others are tuned. ``scale`` and ``zero_division`` as in
    :func:`altml.tune`; ``curve_points`` the most points of each learning curve (0: none); ``threads`` the workers
    (0: every core). The outputs (table3/table4 .md .tex, tables.csv, friedman.md, figures/, experiment.json) go into
    the folder ``out``, made when missing; its store ``runs.jsonl`` keeps every finished fold and run, so the same call
    again resumes instead of recomputing. Returns an :class:`ExperimentResult` of the tables.
    """
    if isinstance(learners, str) or not isinstance(learners, (list, tuple)) or not learners \
            or not all(isinstance(k, str) for k in learners):
        raise ValueError("learners must be a non-empty list of learner kinds (altml.learners() lists them), not"
                         f" {learners!r}")
    for name, value in (("runs", runs), ("seed", seed), ("folds", folds), ("cv_seed", cv_seed),
                        ("curve_points", curve_points), ("threads", threads)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise ValueError(f"{name} must be an integer, not {value!r}")
    names, trains, tests, scales = _datasets(datasets)
    command = (f"altml.experiment({dict(zip(names, zip(trains, tests)))!r}, {list(learners)!r}, {str(out)!r},"
               f" runs={runs}, seed={seed}, folds={folds}, cv_seed={cv_seed}, mode={mode!r})")
    java = _call(_jvm.jclass(_PY_EXPERIMENT).run, _java_list(names), _java_list([_jvm.java_path(t) for t in trains]),
                 _java_list([_jvm.java_path(t) for t in tests]),
                 _java_list(scales), _java_list(list(learners)), _java_list(_learner_specs(given, "given")),
                 _java_list(_learner_specs(fix, "fix")), _jvm.java_path(out), int(runs), int(seed), int(folds), int(cv_seed),
                 str(mode), str(search), str(select), str(scale), str(zero_division), int(threads), bool(wilcoxon),
                 int(curve_points), command)
    rows = list(csv.DictReader(io.StringIO(str(java.csv()))))
    tables = Table(["dataset", "learner", "column", "mean", "std", "runs", "best", "bold", "tP", "wilcoxonP"],
                   [{k: _column(v) if v != "" else None for k, v in row.items()} for row in rows])
    metrics = ["precision", "recall", "f1", "macroF1", "microF1", "hammingLoss", "rankingLoss"]
    times = ["trainSeconds", "testSeconds"]

    def wide(columns):
        out_rows = {}
        for row in tables:
            if row["column"] in columns:
                out_rows.setdefault((row["dataset"], row["learner"]),
                                    {"dataset": row["dataset"], "learner": row["learner"]})[row["column"]] = row["mean"]
        return Table(["dataset", "learner"] + columns, list(out_rows.values()))

    run_rows = [{str(k): _column(str(v)) if str(k) not in ("dataset", "learner") else str(v) for k, v in r.items()}
                for r in java.runs()]
    run_columns = list(run_rows[0]) if run_rows else ["dataset", "learner", "run", "seed"]
    selected = {}
    for row in java.settings():
        row = {str(k): str(v) for k, v in row.items()}
        kind = row["learner"]
        defaults = {str(k): str(v) for k, v in _jvm.jclass("org.altml.python.PyLearner").defaultsText(kind).items()}
        params = {k: v for k, v in row.items() if k not in ("dataset", "learner", "tuned")}
        selected[(row["dataset"], kind)] = {python_name(k): _parse(v) for k, v in params.items()
                                            if defaults.get(k) != v}
    friedman_rows = [{str(k): _column(str(v)) if str(k) != "metric" else str(v) for k, v in r.items()}
                     for r in java.friedman()]
    friedman_columns = ["metric", "chiSquare", "chiSquareP", "imanDavenport", "imanDavenportP", "criticalDifference",
                        "datasets"] + [str(n) for n in java.friedmanLearners()]
    files = [os.path.join(os.fspath(out), str(name)) for name in java.written()]
    return ExperimentResult(os.fspath(out), files, tables, wide(metrics), wide(times), Table(run_columns, run_rows),
                            selected, Table(friedman_columns, friedman_rows), str(java.table3Markdown()))
