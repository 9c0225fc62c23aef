"""Open streams (docs/spec.md#open-labels, #open-features): a ``Learner`` made without ``n_labels``/``labels`` learns
one example at a time while its labels and features grow. The vocabulary lives on the Java side (``PyOpen``), where a
model file stores it; Python keeps a mirror of the labels only (the output of each id, the id of each label seen), so
that an example of int feature keys and labels seen before goes through the packed fast path of ``altml._one``. A new
label, or features by name (str keys), go to Java in one call per example."""

import numpy as np
import scipy.sparse as sp

from ._one import OneBuffer, _SEQUENCES, _SETS

_MAX_ID = 2 ** 31 - 1


class OpenLabels:
    """The mirror of an open learner's labels: ``outputs[i]`` is label i as Python gave it (an int for a numeric id,
    else its name) and ``ids`` the id of each output. Java's vocabulary is the authority: :meth:`refresh` copies the
    labels it added."""

    __slots__ = ("outputs", "ids")

    def __init__(self):
        self.outputs = []
        self.ids = {}

    def refresh(self, java):
        names = java.labelNames()
        numeric = java.labelNumeric()
        for i in range(len(self.outputs), len(names)):
            output = int(str(names[i])) if numeric[i] else str(names[i])
            self.outputs.append(output)
            self.ids[output] = i
        return self


class OpenBuffer(OneBuffer):
    """The packing buffer of an open Java learner, with its label mirror and the calls of named features."""

    open = True

    __slots__ = ("labels", "learn_open", "predict_named", "scores_named")

    def __init__(self, java):
        super().__init__(java)
        self.labels = OpenLabels().refresh(java)
        self.learn_open = java.learnOpen
        self.predict_named = java.predictNamed
        self.scores_named = java.scoresNamed

    def known_ids(self, y):
        """The ids of the labels of ``y`` when it is a set or sequence of labels all seen before (the fast path), else
        None."""
        ty = type(y)
        if ty not in _SETS and ty not in _SEQUENCES:
            return None
        ids = self.labels.ids
        mapped = []
        for label in y:
            t = type(label)
            if (t is not int and t is not str) or label not in ids:
                return None
            mapped.append(ids[label])
        return mapped

    def learn_one(self, learner, x, y):
        """Learns ``x`` with labels ``y``, growing labels and features as they come."""
        mapped = None if _named(x) else self.known_ids(y)
        if mapped is not None:
            n, m = self.put_example(learner, x, mapped)
            self.learn(self.buffer, n, m)
            return
        labels, numeric = _labels(y)
        if _named(x):
            names, values = _features(x)
            known = self.learn_open(None, 0, names, values, labels, numeric)
        else:
            n = self.put_row(learner, x)
            known = self.learn_open(self.buffer, n, None, None, labels, numeric)
        if known != len(self.labels.outputs):
            self.labels.refresh(self.java)
            self._fit(4 * (known + 1))

    def answer(self, learner, x, scores):
        """Has Java write the scores (``scores``) or the predicted label ids of ``x`` from byte 0; returns their
        number."""
        if _named(x):
            names, values = _features(x)
            return (self.scores_named if scores else self.predict_named)(self.buffer, names, values)
        n = self.put_row(learner, x)
        return (self.scores if scores else self.predict)(self.buffer, n)


def _named(x):
    """Whether ``x`` gives its features by name: a dict whose first key is a str."""
    if type(x) is not dict and not isinstance(x, dict):
        return False
    for first in x:
        return isinstance(first, str)
    return False


def _features(x):
    """The names and float32 values of a dict of named features."""
    names = list(x)
    if not all(isinstance(k, str) for k in names):
        raise ValueError("feature keys must be all names (str) or all indices (int), not "
                         f"{[k for k in names if not isinstance(k, str)][:5]} among names")
    try:
        with np.errstate(over="ignore"):  # a value beyond the float range is inf, which Java refuses naming the feature
            values = np.fromiter(x.values(), np.float32, len(names))
    except (TypeError, ValueError):
        raise ValueError(f"feature values must be numbers: {list(x.items())[:5]}") from None
    return names, values


def _labels(y):
    """The labels of ``y`` as Java's vocabulary takes them: (names, numeric flags); an int id is named by its decimal
    text, a str is a name."""
    if isinstance(y, (str, bytes)) or not hasattr(y, "__iter__"):
        raise TypeError(f"y must be a set of label ids (int) or names (str), not {y!r}")
    if isinstance(y, dict):
        y = [label for label, relevant in y.items() if relevant]  # River's {label: bool}
    elif sp.issparse(y) or (isinstance(y, np.ndarray) and y.dtype == bool):
        raise TypeError("y is a set of label ids or names (or a dict {label: bool}), not an indicator row")
    names, numeric = [], []
    for label in y:
        if isinstance(label, str):
            names.append(label)
            numeric.append(False)
        elif isinstance(label, (int, np.integer)) and not isinstance(label, (bool, np.bool_)):
            if not 0 <= label <= _MAX_ID:
                raise ValueError(f"learn_one: label id {label} is not an int from 0 to 2^31 - 1 (a label is a"
                                 " non-negative int id or a str name)")
            names.append(str(int(label)))
            numeric.append(True)
        else:
            raise ValueError(f"learn_one: a label is a name (str) or an id (int), not {label!r}"
                             f" ({type(label).__name__})")
    return names, numeric
