"""``altml.Learner``: one of ALT's online multi-label learners, by name from the registry, driven one example at a
time (River's ``learn_one``/``predict_one``) or a matrix at a time (scikit-learn's ``fit``/``partial_fit``/``predict``)."""

import json

import numpy as np
import scipy.sparse as sp

from . import _convert, _errors, _jvm, _one, _open

_PY_LEARNER = "org.altml.python.PyLearner"
# the constructor's own parameters; every other keyword is a registry parameter of the kind
_OWN = ("kind", "n_labels", "labels", "n_features", "scale", "seed", "shuffle", "max_labels", "max_features", "hash_bits")
# the parameters of an open learner (docs/spec.md#open-labels): one made without n_labels or labels
_OPEN = ("max_labels", "max_features", "hash_bits")
_FEATURE_NAMES = "altml.featureNames"
_MAX_INDEX = 2 ** 31 - 1


def registry_name(name):
    """The registry's spelling of a parameter given in Python's: ``max_updates`` is ``maxUpdates``."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def python_name(name):
    """Python's spelling of a registry parameter: ``maxUpdatesFactor`` is ``max_updates_factor``."""
    return "".join("_" + c.lower() if c.isupper() else c for c in name)


def _text(name, value):
    """A parameter value as the command line would type it (the registry parses and checks it)."""
    if value is None:
        return ""
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        return repr(float(value))
    if isinstance(value, str):
        return value
    raise ValueError(f"{name} takes a number, a bool or a string, not {value!r} ({type(value).__name__})")


class OneScores(dict):
    """The scores of one example by label (id or name), with the threshold score as ``threshold``: a label is
    predicted when its score is above it."""

    def __init__(self, scores, threshold):
        super().__init__(scores)
        self.threshold = threshold

    def __repr__(self):
        return f"OneScores({dict.__repr__(self)}, threshold={self.threshold!r})"


class Learner:
    """An online multi-label learner of ALT, by kind (``altml.learners()`` lists them) and registry parameters.

    ``Learner("salt", eta=0.25, delta=4, max_updates=2)``: parameters by their registry names or in Python's spelling
    (``max_updates`` for ``maxUpdates``), checked by the registry at once (``ValueError`` with its message).
    ``n_labels`` (or ``labels``, their names) fixes L for learning one example at a time; ``fit`` takes L from Y.
    Without them, ``learn_one`` learns an open stream (docs/spec.md#open-labels): labels and features grow as examples
    bring them; ``max_labels`` bounds the labels (an ELM's capacity, which it needs), ``max_features`` the features,
    ``hash_bits`` hashes feature names into 2^B rows instead of a dictionary.
    ``n_features`` is d's hint, ``scale`` the feature scaling (none, standardize, l2), ``seed`` the run seed of
    ``alt train --seed``, ``shuffle`` whether ``fit`` goes through the rows in a seeded random order (``alt train
    --order shuffle``) instead of row order. An estimator for scikit-learn (``clone``, ``GridSearchCV``, multi-label
    scorers).
    """

    _estimator_type = "classifier"

    def __init__(self, kind="falt", *, n_labels=None, labels=None, n_features=0, scale="none", seed=1, shuffle=False,
                 max_labels=None, max_features=None, hash_bits=None, **params):
        self.kind = kind
        self.n_labels = n_labels
        self.labels = labels
        self.max_labels = max_labels
        self.max_features = max_features
        self.hash_bits = hash_bits
        self.n_features = n_features
        self.scale = scale
        self.seed = seed
        self.shuffle = shuffle
        self._params = dict(params)
        self._reset()

    # --- parameters (scikit-learn's protocol) -------------------------------------------------------------------
    def get_params(self, deep=True):
        """The constructor's parameters as given (scikit-learn's ``get_params``)."""
        params = {name: getattr(self, name) for name in _OWN}
        params.update(self._params)
        return params

    def set_params(self, **params):
        """Changes parameters (checked at once by the registry) and forgets what was learnt."""
        old = (dict(self._params), {name: getattr(self, name) for name in _OWN})
        for name, value in params.items():
            if name in _OWN:
                setattr(self, name, value)
            else:
                self._params[name] = value
        try:
            self._reset()
        except Exception:
            self._params = old[0]
            for name, value in old[1].items():
                setattr(self, name, value)
            raise
        return self

    def __getattr__(self, name):
        params = self.__dict__.get("_params")
        if params is not None and name in params:
            return params[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _settings_text(self):
        text = {}
        for name, value in self._params.items():
            key = registry_name(name)
            if key in text:
                raise ValueError(f"{name} is given twice (as {key} and {python_name(key)})")
            text[key] = _text(name, value)
        return text

    def _new_java(self, seed=None):
        if not isinstance(self.kind, str):
            raise ValueError(f"kind must be a learner's name (altml.learners() lists them), not {self.kind!r}")
        if not isinstance(self.scale, str):
            raise ValueError(f"scale must be none, standardize or l2, not {self.scale!r}")
        seed = self.seed if seed is None else seed
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not -2**63 <= seed < 2**63:
            raise ValueError(f"seed must be an integer of 64 bits, not {seed!r}")
        if self.n_features is not None and (isinstance(self.n_features, bool)
                                            or not isinstance(self.n_features, (int, np.integer))
                                            or not 0 <= self.n_features < 2**31):
            raise ValueError(f"n_features must be an integer from 0 to 2^31 - 1 (a hint of d), not {self.n_features!r}")
        text = self._settings_text()
        java_map = _jvm.jclass("java.util.LinkedHashMap")()
        for key, value in text.items():
            java_map.put(key, value)
        return _call(_jvm.jclass(_PY_LEARNER).create, self.kind, java_map, self.scale, int(seed))

    def _reset(self):
        self._label_names = None
        if self.labels is not None:
            if isinstance(self.labels, (str, bytes)) or not hasattr(self.labels, "__iter__"):
                raise ValueError(f"labels must be a list of label names, not {self.labels!r}")
            names = [str(name) for name in self.labels]
            if len(set(names)) != len(names):
                raise ValueError("labels must be distinct names")
            if self.n_labels is not None and self.n_labels != len(names):
                raise ValueError(f"n_labels={self.n_labels} but {len(names)} labels are named")
            self._label_names = names
        if self.n_labels is not None and (isinstance(self.n_labels, bool) or not isinstance(self.n_labels, (int, np.integer))
                                          or self.n_labels < 1):
            raise ValueError(f"n_labels must be a positive integer, not {self.n_labels!r}")
        self._check_open_params()
        self._java = self._new_java()
        self._label_ids = None if self._label_names is None else {n: i for i, n in enumerate(self._label_names)}
        self._feature_ids = {}  # names of features given as str keys, by index, in order of first use
        self.__dict__.pop("n_features_in_", None)

    def _check_open_params(self):
        for name in _OPEN:
            value = getattr(self, name)
            top = 30 if name == "hash_bits" else _MAX_INDEX
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, np.integer))
                                      or not 1 <= value <= top):
                raise ValueError(f"{name} must be an integer from 1 to {top}, not {value!r}")
            if value is not None and (self.n_labels is not None or self.labels is not None):
                raise ValueError(f"{name}= is for an open learner, made without n_labels= or labels= (its labels grow"
                                 " with learn_one): give one or the other")
        if self.hash_bits is not None and self.max_features is not None:
            raise ValueError("max_features= bounds the dictionary of feature names, which hash_bits= replaces: give one of"
                             " them")

    def _refuse_open_params(self, call):
        given = [name for name in _OPEN if getattr(self, name) is not None]
        if given:
            raise ValueError(f"{given[0]}= is for an open learner, which learns one example at a time (learn_one); {call}"
                             " takes L from Y's columns and d from X's: leave it out")
        if self._java.isOpen():
            if call == "partial_fit" and self._java.examplesSeen() > 0:
                raise ValueError(f"this {self.kind} learner is open (it learnt one example at a time, its labels growing):"
                                 f" {call} takes a label matrix of fixed columns; go on with learn_one, or fit a new"
                                 " model")
            self._java = self._new_java()  # fit makes a new model; partial_fit: only asked to predict, nothing to keep

    # --- state ------------------------------------------------------------------------------------------------
    @property
    def is_fitted(self):
        """Whether the learner has started (some data fixed L; an open learner: it learnt an example)."""
        return bool(self._java.isStarted()) and not (self._java.isOpen() and self._java.examplesSeen() == 0)

    def __sklearn_is_fitted__(self):
        return self.is_fitted

    @property
    def examples_seen(self):
        """The number of examples learnt (across saves and loads)."""
        return int(self._java.examplesSeen())

    @property
    def label_names(self):
        """The names of the L labels (their ids as text when none were given), or None before the learner started."""
        names = self._java.labelNames()
        return None if names is None else [str(n) for n in names]

    @property
    def feature_names(self):
        """The names of the features given by name (``learn_one({"word": 1.0}, ...)``), by index (an open learner's
        dictionary; one that hashes its features has no names: ``ValueError``)."""
        if self._java.isOpen():
            return [str(name) for name in _call(self._java.openFeatureNames)]
        if self.hash_bits is not None:
            raise ValueError(f"feature_names: the learner hashes its features into 2^{self.hash_bits} rows"
                             f" (hash_bits={self.hash_bits}): it has no feature names")
        return list(self._feature_ids)

    def statistics(self):
        """What the model is made of and its counters (support vectors, memory, ...), as ``alt evaluate --json``."""
        return {str(k): _parse(str(v)) for k, v in self._java.statistics().items()}

    def _start_online(self):
        if self._java.isStarted():
            return
        n = self.n_labels if self.n_labels is not None else (None if self._label_names is None else len(self._label_names))
        if n is None:  # an open stream: labels and features grow (docs/spec.md#open-labels)
            _call(self._java.startOpen, int(self.max_labels or 0), int(self.hash_bits or 0), int(self.max_features or 0))
            return
        _call(self._java.start, int(n), _java_list(self._label_names), int(self.n_features or 0), 0)

    def _require_fitted(self):
        if not self.is_fitted:
            if self.n_labels is not None or self._label_names is not None:
                self._start_online()
                return
            raise _errors.NotFittedError(f"this {self.kind} learner has not learnt anything yet: call fit, partial_fit or"
                                         " learn_one first (or give n_labels to predict before learning)")

    # --- one example at a time (River's protocol) -----------------------------------------------------------------
    _one = None  # the packing buffer of one example (altml._one), made on first use for the Java learner of the time

    def _row(self, x):
        if isinstance(x, dict):
            n = len(x)
            if n == 0:
                return np.empty(0, np.int32), np.empty(0, np.float32)
            first = next(iter(x))
            if isinstance(first, str):
                ids = self._feature_ids
                try:
                    idx = np.fromiter((ids[k] if k in ids else ids.setdefault(k, len(ids)) for k in x), np.int32, n)
                except TypeError:
                    raise ValueError("feature keys must be all names (str) or all indices (int)") from None
                if not all(isinstance(k, str) for k in x):
                    raise ValueError("feature keys must be all names (str) or all indices (int)")
            else:
                try:
                    # int64 first: numpy < 2 casts a key beyond int32 to int32 with a warning only (2^32 + 5 is 5)
                    idx = np.fromiter(x, np.int64, n)
                    if (idx >> 31).any():
                        raise OverflowError
                    idx = idx.astype(np.int32)
                except (TypeError, ValueError, OverflowError):
                    raise ValueError("feature keys must be all names (str) or all indices (int from 0 to 2^31 - 1),"
                                     f" not {[k for k in x if not isinstance(k, int) or not 0 <= k < 2**31][:5]}") from None
            try:
                val = np.fromiter(x.values(), np.float32, n)
            except (TypeError, ValueError):
                raise ValueError(f"feature values must be numbers: {list(x.items())[:5]}") from None
            return idx, val
        if sp.issparse(x):
            if x.shape[0] != 1:
                raise ValueError(f"one example is one row, not a matrix of shape {x.shape}: use fit/predict for matrices")
            row = _convert.as_csr(x, "x")
            return _convert._int32(row.indices, "x has a column index"), row.data
        if isinstance(x, np.ndarray) and x.ndim == 1:
            idx = np.flatnonzero(x).astype(np.int32)
            return idx, x[idx].astype(np.float32)
        raise TypeError(f"x must be a dict {{feature: value}}, a scipy sparse row or a 1-D array, not {type(x).__name__}")

    def _ids(self, y):
        if isinstance(y, (str, bytes)) or not hasattr(y, "__iter__"):
            raise TypeError(f"y must be a set of label ids or names, not {y!r}")
        if isinstance(y, dict):
            # River's multi-label target {label: bool}: the labels that are true (its keys alone would all be taken)
            y = [label for label, relevant in y.items() if relevant]
        elif sp.issparse(y) or (isinstance(y, np.ndarray) and y.dtype == bool):
            raise TypeError("y is a set of label ids or names (or a dict {label: bool}), not an indicator row: give"
                            " set(np.flatnonzero(row)), or learn a matrix with partial_fit")
        ids = []
        for label in y:
            if isinstance(label, str):
                if self._label_ids is None or label not in self._label_ids:
                    known = "" if self._label_ids is None else f" (known: {', '.join(list(self._label_ids)[:20])})"
                    raise ValueError(f"unknown label {label!r}{known}: name the labels with labels=[...] to learn by name")
                ids.append(self._label_ids[label])
            elif isinstance(label, (int, np.integer)) and not isinstance(label, bool):
                ids.append(int(label))
            else:
                raise ValueError(f"a label is an id (int) or a name (str), not {label!r}")
        if len(set(ids)) != len(ids):
            raise ValueError(f"y names a label twice: {sorted(y, key=str)}")
        return np.asarray(ids, dtype=np.int32)

    def _out(self, ids):
        if self._label_ids is not None:
            names = self._label_names
            return {names[i] for i in ids}
        return set(map(int, ids))

    def _one_buffer(self, start):
        """The packing buffer of the Java learner now in ``_java`` (made once it has started): ``start`` starts it
        for learning, else it must have started (or be able to, from ``n_labels``)."""
        one = self._one
        if one is not None and one.java is self._java:
            return one
        if start or (self.n_labels is None and self._label_names is None):
            self._start_online()  # without n_labels: an open learner, which predicts nothing before its first label
        else:
            self._require_fitted()
        one = self._one = (_open.OpenBuffer if self._java.isOpen() else _one.OneBuffer)(self._java)
        return one

    def _answer_one(self, x, scores):
        """Packs ``x`` and has Java write its scores (``scores``) or its predicted labels over it: (the buffer, what
        the Java call returned)."""
        one = self._one
        if one is None or one.java is not self._java:
            one = self._one_buffer(False)
        try:
            if one.open:
                return one, one.answer(self, x, scores)
            n = one.put_row(self, x)
            return one, (one.scores if scores else one.predict)(one.buffer, n)
        except one.java_error as e:
            raise _errors.translate(e) from None

    def learn_one(self, x, y):
        """Learns one example: ``x`` a dict ``{feature: value}`` (int indices, or str names that the learner maps to
        indices of its own) or a scipy sparse row, ``y`` the set of its label ids or names."""
        one = self._one
        if one is None or one.java is not self._java:
            one = self._one_buffer(True)
        try:
            if one.open:
                one.learn_one(self, x, y)
                return self
            n, m = one.put_example(self, x, y)
            one.learn(one.buffer, n, m)
        except one.java_error as e:
            raise _errors.translate(e) from None
        return self

    def predict_one(self, x):
        """The set of labels predicted for ``x`` (names when the learner has ``labels``, else ids; an open learner's
        labels as they came, of those seen so far: empty before the first)."""
        one, k = self._answer_one(x, False)
        if one.open:
            outputs = one.labels.outputs
            return {outputs[i] for i in one.predicted(k)}
        return self._out(one.predicted(k))

    def scores_one(self, x):
        """The label scores of ``x`` by label (an open learner's over the labels seen so far), with the threshold score
        as ``.threshold``."""
        one, k = self._answer_one(x, True)
        scores = one.scored(k)
        if one.open:
            keys = one.labels.outputs
        else:
            keys = self._label_names if self._label_ids is not None else range(len(scores) - 1)
        return OneScores(zip(keys, scores[:-1]), scores[-1])

    # --- matrices (scikit-learn's protocol) -------------------------------------------------------------------------
    def _names_for(self, n_labels):
        if self._java.isStarted() and n_labels != int(self._java.numLabels()):
            L = int(self._java.numLabels())
            raise ValueError(f"Y has {n_labels} label columns but the {self.kind} learner has L = {L}: a learner's labels are"
                             f" fixed by the first data it learns from (a LIBSVM file that uses fewer label ids reads with"
                             f" L columns as altml.read(path, n_labels={L}))")
        if self._label_names is not None and len(self._label_names) != n_labels:
            raise ValueError(f"Y has {n_labels} label columns but the learner names {len(self._label_names)} labels")
        if self.n_labels is not None and self.n_labels != n_labels:
            raise ValueError(f"Y has {n_labels} label columns but n_labels={self.n_labels}")
        return _java_list(self._label_names)

    def fit(self, X, Y, shuffle=None, seed=None):
        """A new model from one pass over the rows of ``X`` (scipy CSR, or anything scipy makes one of) and the 0/1
        label-indicator matrix ``Y``: in row order (``alt train --order file``), or shuffled with the seed when
        ``shuffle`` (here or in the constructor) is true. The feature scaling is fitted on X first."""
        self._refuse_open_params("fit")
        indptr, indices, data, shape = _convert.csr_arrays(X)
        y_indptr, y_indices, n_labels = _convert.indicator_arrays(Y, shape[0])
        names = self._names_for(n_labels)
        self._java = self._new_java(seed)
        self._feature_ids = {}
        shuffle = self.shuffle if shuffle is None else shuffle
        self.fit_seconds_ = float(_call(self._java.fit, indptr, indices, data, y_indptr, y_indices,
                                        max(shape[1], int(self.n_features or 0)), n_labels, names, bool(shuffle)))
        self.n_features_in_ = shape[1]
        return self

    def partial_fit(self, X, Y):
        """Goes on learning from the rows of ``X`` and ``Y`` in order (the first call fixes L from Y's columns)."""
        self._refuse_open_params("partial_fit")
        indptr, indices, data, shape = _convert.csr_arrays(X)
        y_indptr, y_indices, n_labels = _convert.indicator_arrays(Y, shape[0])
        names = self._names_for(n_labels)
        self.fit_seconds_ = float(_call(self._java.partialFit, indptr, indices, data, y_indptr, y_indices,
                                        max(shape[1], int(self.n_features or 0)), n_labels, names))
        self.n_features_in_ = max(shape[1], getattr(self, "n_features_in_", 0))
        return self

    def predict(self, X):
        """The predicted labels of every row of ``X``, as a scipy CSR 0/1 label-indicator matrix (int8)."""
        self._require_fitted()
        indptr, indices, data, shape = _convert.csr_arrays(X)
        self._check_width(indices)
        out = _call(self._java.predict, indptr, indices, data)
        return _convert.indicator_matrix(np.asarray(out[0]), np.asarray(out[1]), int(self._java.numLabels()))

    def decision_function(self, X):
        """The scores of every row of ``X``: an array of L + 1 columns, the L label scores then the threshold score
        (a label is predicted when its score is above the threshold: ``s[:, :-1] > s[:, -1:]``)."""
        self._require_fitted()
        indptr, indices, data, shape = _convert.csr_arrays(X)
        self._check_width(indices)
        flat = np.asarray(_call(self._java.decisionFunction, indptr, indices, data))
        return flat.reshape(shape[0], int(self._java.numLabels()) + 1)

    def _check_width(self, indices):
        """Refuses X that uses many more features than the model was trained on (d' >= 2d + 100), as ``alt predict``
        does: data of another kind, whose scores would be silent nonsense."""
        if not indices.size:
            return
        used = int(indices.max()) + 1
        d = int(self._java.numFeatures())
        if _jvm.jclass("org.altml.core.eval.ShapeFit").manyMoreFeatures(used, d):
            new_features = str(_jvm.jclass("org.altml.core.model.DataFit").NEW_FEATURES)
            raise ValueError(f"X uses {used} features, many more than the d = {d} the {self.kind} model was trained on"
                             f" ({new_features}); was the model trained on other data? (to score only the model's"
                             f" features: X[:, :{d}])")

    def score(self, X, Y):
        """Subset accuracy (scikit-learn's ``score`` of a multi-label classifier): the share of rows whose predicted
        label set is exactly the true one. The paper's metrics: :func:`altml.evaluate`."""
        predicted = self.predict(X)
        _, _, n_labels = _convert.indicator_arrays(Y, predicted.shape[0])
        truth = sp.csr_matrix(_convert.as_csr(Y, "Y"), dtype=np.int8)
        if truth.shape[1] != predicted.shape[1]:
            raise ValueError(f"Y has {truth.shape[1]} label columns but the learner {predicted.shape[1]}")
        differs = np.asarray((truth != predicted).sum(axis=1)).ravel()
        return float(np.mean(differs == 0)) if differs.size else 0.0

    # --- models ---------------------------------------------------------------------------------------------------
    def save(self, path):
        """Writes the model file ``path`` (atomically), which ``alt predict --model`` and :func:`altml.load` read."""
        self._require_fitted()
        names = json.dumps(list(self._feature_ids)) if self._feature_ids else None
        _call(self._java.save, _jvm.java_path(path), _FEATURE_NAMES, names)
        return self

    def __getstate__(self):
        state = {"params": self.get_params(), "model": None, "feature_ids": list(self._feature_ids)}
        for name in ("n_features_in_", "fit_seconds_"):
            if name in self.__dict__:
                state[name] = self.__dict__[name]
        if self._java.isStarted():
            names = json.dumps(list(self._feature_ids)) if self._feature_ids else None
            state["model"] = np.asarray(_call(self._java.toBytes, _FEATURE_NAMES, names)).tobytes()
        return state

    def __setstate__(self, state):
        params = dict(state["params"])
        kind = params.pop("kind")
        self.__init__(kind, **params)
        if state["model"] is not None:
            self._java = _call(_jvm.jclass(_PY_LEARNER).fromBytes, state["model"])
        self._feature_ids = {name: i for i, name in enumerate(state["feature_ids"])}
        for name in ("n_features_in_", "fit_seconds_"):
            if name in state:
                self.__dict__[name] = state[name]

    def __repr__(self):
        shown = {k: v for k, v in self.get_params().items() if k != "kind" and v != _DEFAULTS.get(k, object())}
        args = "".join(f", {k}={v!r}" for k, v in shown.items())
        return f"Learner({self.kind!r}{args})"


_DEFAULTS = {"n_labels": None, "labels": None, "n_features": 0, "scale": "none", "seed": 1, "shuffle": False,
             "max_labels": None, "max_features": None, "hash_bits": None}


def load(path):
    """The learner of the model file ``path`` (written by ``alt train`` or :meth:`Learner.save`), ready to predict
    or to go on learning."""
    java = _call(_jvm.jclass(_PY_LEARNER).load, _jvm.java_path(path))
    return _from_java(java)


def _from_java(java):
    kind = str(java.kind())
    params = {}
    defaults = {str(k): str(v) for k, v in _jvm.jclass(_PY_LEARNER).defaultsText(kind).items()}
    for key, value in java.settingsText().items():
        key, value = str(key), str(value)
        if defaults.get(key) != value:
            params[python_name(key)] = _parse(value)
    names = [str(n) for n in java.labelNames()]
    named = not java.isOpen() and any(n != str(i) for i, n in enumerate(names))
    if java.isOpen():  # the keywords that make such an open learner (clone, repr)
        for name, value in zip(_OPEN, java.openOptions()):
            if value:
                params[name] = int(value)
    learner = Learner(kind, labels=names if named else None, scale=str(java.scaling()), **params)
    learner._java = java
    learner.n_features_in_ = int(java.numFeatures())
    feature_names = java.provenanceValue(_FEATURE_NAMES)
    if feature_names is not None:
        learner._feature_ids = {name: i for i, name in enumerate(json.loads(str(feature_names)))}
    return learner


def _parse(text):
    if text in ("true", "false"):
        return text == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _java_list(names):
    if names is None:
        return None
    java_list = _jvm.jclass("java.util.ArrayList")()
    for name in names:
        java_list.add(name)
    return java_list


def _call(method, *args):
    """``method(*args)`` with a Java exception raised as its Python counterpart (:mod:`altml._errors`)."""
    import jpype
    try:
        return method(*args)
    except jpype.JException as e:
        raise _errors.translate(e) from None
