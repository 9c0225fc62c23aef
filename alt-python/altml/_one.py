"""One example at a time without a Java array per call: the example is packed into memory the learner's Python side
owns and Java reads in place (``org.altml.python.OneBuffer`` describes the layout), and the answer comes back the
same way. A dict with int keys and a set of int label ids are packed by one ``struct`` call; everything else goes
through ``Learner._row`` and ``Learner._ids`` (their checks and messages) and is copied in."""

import struct

import numpy as np

_MAX_FORMATS = 2048  # packing formats kept by (n features, m labels); rows of more shapes than that are rare
_SETS = (set, frozenset)
_SEQUENCES = (list, tuple)


class OneBuffer:
    """The packing memory and the bound Java methods of one started Java learner (``java``): valid while the learner
    keeps that Java object."""

    open = False  # altml._open.OpenBuffer: an open learner's, whose labels grow

    __slots__ = ("java", "n_labels", "memory", "buffer", "ints", "floats", "learn", "predict", "scores", "formats",
                 "score_format", "java_error")

    def __init__(self, java):
        import jpype
        self.java = java
        self.n_labels = int(java.numLabels())
        self.learn = java.learnPacked
        self.predict = java.predictPacked
        self.scores = java.scoresPacked
        self.java_error = jpype.JException
        self.formats = {}
        self.score_format = struct.Struct(f"<{self.n_labels + 1}f")
        self.memory = None
        self._grow(max(4096, 4 * (self.n_labels + 1)))

    def _grow(self, size):
        """Larger memory, keeping what was packed (put_example grows it for the labels after packing the row)."""
        import jpype.nio
        old = self.memory
        self.memory = bytearray(size)
        if old is not None:
            self.memory[:len(old)] = old
        self.buffer = jpype.nio.convertToDirectBuffer(self.memory)
        self.ints = np.frombuffer(self.memory, "<i4")
        self.floats = np.frombuffer(self.memory, "<f4")

    def _fit(self, size):
        if size > len(self.memory):
            self._grow(max(size, 2 * len(self.memory)))

    def _format(self, n, m):
        key = (n, m)
        packer = self.formats.get(key)
        if packer is None:
            if len(self.formats) >= _MAX_FORMATS:
                self.formats.clear()
            packer = self.formats[key] = struct.Struct(f"<{n}i{n}f{m}i").pack_into
        return packer

    def put_row(self, learner, x):
        """Packs the features of ``x`` (what ``learn_one`` takes) from byte 0; returns their number."""
        if type(x) is dict:
            n = len(x)
            for first in x:
                break
            else:
                first = 0
            if type(first) is not str:  # names: Learner._row maps them to indices
                if 8 * n > len(self.memory):
                    self._fit(8 * n)
                try:
                    (self.formats.get((n, 0)) or self._format(n, 0))(self.memory, 0, *x, *x.values())
                    return n
                except (struct.error, TypeError, OverflowError, ValueError):
                    pass  # keys or values struct does not take: Learner._row decides, with its messages
        idx, val = learner._row(x)
        n = idx.size
        self._fit(8 * n)
        self.ints[:n] = idx
        self.floats[n:2 * n] = val
        return n

    def put_example(self, learner, x, y):
        """Packs ``x`` and the label ids of ``y`` from byte 0; returns (n features, m labels)."""
        ty = type(y)
        if type(x) is dict and (ty in _SETS or ty in _SEQUENCES):
            n = len(x)
            m = len(y)
            for label in y:
                if type(label) is not int:
                    break
            else:
                if ty in _SETS or len(set(y)) == m:
                    if 8 * n + 4 * m > len(self.memory):
                        self._fit(8 * n + 4 * m)
                    try:
                        (self.formats.get((n, m)) or self._format(n, m))(self.memory, 0, *x, *x.values(), *y)
                        return n, m
                    except (struct.error, TypeError, OverflowError, ValueError):
                        pass  # as in put_row
        n = self.put_row(learner, x)
        labels = learner._ids(y)
        m = labels.size
        self._fit(8 * n + 4 * m)
        self.ints[2 * n:2 * n + m] = labels
        return n, m

    def predicted(self, k):
        """The k label ids predictPacked wrote, as a tuple."""
        return struct.unpack_from(f"<{k}i", self.memory)

    def scored(self, k):
        """The k label scores and the threshold score scoresPacked wrote (k = L, an open learner's L_t), as a tuple of
        floats."""
        if k != self.n_labels:
            self.n_labels = k
            self.score_format = struct.Struct(f"<{k + 1}f")
        return self.score_format.unpack_from(self.memory)
