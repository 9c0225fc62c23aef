"""``altml.read`` and ``altml.generate``: data files through ALT's own readers (LIBSVM, Mulan ARFF with its XML,
gzipped or not) and the seeded synthetic corpora of ``alt generate``, as a scipy CSR feature matrix and a 0/1
label-indicator matrix."""

import os
import re
import warnings

import numpy as np
import scipy.sparse as sp

from . import _errors, _jvm
from ._learner import _call


class DataWarning(UserWarning):
    """What ALT's readers warn of while reading a file (an ARFF file whose MEKA ``-C`` may be stale, nominal
    attributes read by position, ...): the data was read, but may not be what was meant."""


# the options the readers' messages name (as the command line and the Java API spell them) and read()'s arguments
_ARGUMENTS = [
    ("--labels-xml", "ReadOptions.withLabelFile", "label_file", "FILE"),
    ("--labels-last", "ReadOptions.withLabelsLast", "labels_last", "N"),
    ("--labels-first", "ReadOptions.withLabelsFirst", "labels_first", "N"),
    ("--num-labels", "ReadOptions.withNumLabels", "n_labels", "L"),
    ("--num-features", "ReadOptions.withNumFeatures", "n_features", "D"),
    ("--ignore-attributes", "ReadOptions.withIgnoredAttributes", "ignore_attributes", "[NAME|INDEX]"),
    ("--zero-based", "ReadOptions.withZeroBased", "zero_based", "True"),
]
_WORDS = {"zeroBased": "zero_based=True", "labelsLast": "labels_last", "labelsFirst": "labels_first"}


def _value(argument, value, placeholder):
    if value is None:
        return f"{argument}={placeholder}"
    if argument == "ignore_attributes":
        return f"{argument}={[v for v in value.split(',') if v]!r}"
    return f"{argument}={value}"


def python_words(text):
    """A reader's message with its options in read()'s words: ``(--labels-xml FILE, ReadOptions.withLabelFile)`` is
    ``(label_file=FILE)``, ``--labels-last 9`` is ``labels_last=9``."""
    for option, api, argument, placeholder in _ARGUMENTS:
        value = r"(?: ((?!ReadOptions)[^\s,()]+))?"
        # the option with its value and the API name beside it, then either alone
        listed = r"(?: ((?!ReadOptions)[^\s()]+?))?"  # a value up to the API name (ignored attributes: a list)
        text = re.sub(re.escape(option) + listed + r", " + re.escape(api) + r"\b",
                      lambda m: _value(argument, m.group(1), placeholder), text)
        text = re.sub(re.escape(api) + r"\b", f"{argument}={placeholder}", text)
        text = re.sub(re.escape(option) + r"(?![\w-])" + value,
                      lambda m: _value(argument, m.group(1), placeholder), text)
    for word, argument in _WORDS.items():
        text = re.sub(r"(?<![\w.=-])" + word + r"(?![\w(=])", argument, text)
    return text


def _in_python_words(error):
    """``error`` (a translated Java exception) with its message in read()'s words."""
    message = python_words(str(error))
    if isinstance(error, _errors.DataFormatError):
        new = _errors.DataFormatError(message, error.file, error.line, python_words(error.problem or ""))
    elif type(error) in (ValueError, OSError, RuntimeError, IndexError):
        new = type(error)(message)
    else:
        return error
    new.java_exception = getattr(error, "java_exception", None)
    return new


def _count(name, value, least):
    if value is None:
        return -1
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
        raise ValueError(f"{name} must be an integer >= {least} (leave it out to take it from the file), not {value!r}")
    return int(value)


def read(path, *, n_labels=None, n_features=None, zero_based=False, label_file=None, labels_first=None,
         labels_last=None, ignore_attributes=None):
    """Reads the data file ``path`` (LIBSVM, or Mulan ARFF with the XML file beside it; ``.gz`` read as gzip) with
    ALT's own readers, as ``alt train --data`` reads it, and returns ``(X, Y, feature_names, label_names)``: X a
    scipy CSR matrix of float32 (n × d), Y a CSR 0/1 label-indicator matrix of int8 (n × L), feature_names the ARFF
    attribute names (None for LIBSVM, which has none) and label_names the label names (LIBSVM: the ids as text).

    The keywords are the command line's data options: ``n_labels`` (L, at least the file's own; LIBSVM: largest
    label + 1 by default), ``n_features`` (d, likewise), ``zero_based`` (LIBSVM feature indices start at 0, not 1),
    ``label_file`` (the Mulan XML naming the label attributes, default ``<dataset>.xml`` beside the ARFF file),
    ``labels_first``/``labels_last`` (instead: the first or last N ARFF attributes are the labels, MEKA's layout)
    and ``ignore_attributes`` (ARFF attributes to skip, by name or 1-based position).

    A malformed file raises :class:`altml.DataFormatError` naming the file and line (``.file``, ``.line``,
    ``.problem``); a missing file ``FileNotFoundError``; what the reader warns of is a :class:`DataWarning`.
    """
    path = os.fspath(path)
    if not isinstance(path, str):
        raise TypeError(f"path must be a file name, not {path!r}")
    labels = _count("n_labels", n_labels, 1)
    features = _count("n_features", n_features, 0)
    first = _count("labels_first", labels_first, 0)
    last = _count("labels_last", labels_last, 0)
    if first >= 0 and last >= 0:
        raise ValueError("give labels_first or labels_last, not both")
    if label_file is not None and (first >= 0 or last >= 0):
        raise ValueError(f"give label_file or {'labels_first' if first >= 0 else 'labels_last'}, not both: each says which"
                         " attributes are the labels")
    ignored = None
    if ignore_attributes is not None:
        if isinstance(ignore_attributes, (str, int)):
            ignore_attributes = [ignore_attributes]
        ignored = [str(a).strip() for a in ignore_attributes]
        for a in ignored:
            if ignored.count(a) > 1:
                raise ValueError(f"ignore_attributes names {a} twice")
        ignored = _jvm.jclass("java.lang.String")[:](ignored)
    if os.path.isdir(path):
        raise IsADirectoryError(f"{path}: is a directory, not a data file")
    if label_file is not None:
        label_file = os.fspath(label_file)
        if os.path.isdir(label_file):
            raise IsADirectoryError(f"{label_file}: is a directory, not a Mulan XML file (label_file)")
    try:
        data = _call(_jvm.jclass("org.altml.python.PyData").read, _jvm.java_path(path), labels, features,
                     bool(zero_based), None if label_file is None else _jvm.java_path(label_file), first, last, ignored)
    except (ValueError, OSError, RuntimeError, IndexError) as e:
        raise _in_python_words(e) from None
    for text in data.warnings():
        warnings.warn(python_words(str(text)), DataWarning, stacklevel=2)
    X, Y = _matrices(data)
    names = [str(n) for n in data.featureNames()]
    return X, Y, (names or None), [str(n) for n in data.labelNames()]


def _matrices(data):
    n = len(data.indptr()) - 1
    X = sp.csr_matrix((np.asarray(data.values(), dtype=np.float32), np.asarray(data.indices(), dtype=np.int32),
                       np.asarray(data.indptr(), dtype=np.int32)), shape=(n, int(data.numFeatures())))
    ids = np.asarray(data.labelIds(), dtype=np.int32)
    Y = sp.csr_matrix((np.ones(ids.size, dtype=np.int8), ids, np.asarray(data.labelIndptr(), dtype=np.int32)),
                      shape=(n, int(data.numLabels())))
    return X, Y


def _optional(name, value, kind):
    if value is None:
        return None
    if kind is int and (isinstance(value, bool) or not isinstance(value, (int, np.integer))):
        raise ValueError(f"{name} must be an integer, not {value!r}")
    if kind is float and (isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating))):
        raise ValueError(f"{name} must be a number, not {value!r}")
    if kind is int:
        if not -2**31 <= value < 2**31:
            raise ValueError(f"{name} is out of range: {value}")
        return _jvm.jclass("java.lang.Integer")(int(value))
    return _jvm.jclass("java.lang.Double")(float(value))


def generate(kind="text", n_examples=10000, *, n_features=None, n_labels=None, seed=1, skip=0, cardinality=None,
             noise=None, mean_nnz=None, model_nnz=None, centres=None):
    """A seeded synthetic corpus, the one ``alt generate`` writes with the same arguments: ``(X, Y)``, X a scipy CSR
    float32 matrix and Y a CSR 0/1 label-indicator matrix (int8). Data to try the learners on with nothing to
    download.

    ``kind`` is ``"text"`` (RCV1-shaped sparse text: 47,236 features, 76 non-zeros a row, 101 labels, labels from a
    planted linear model plus label noise) or ``"dense"`` (mediamill-shaped: 120 dense features, 101 labels from
    RBF-like neighbourhoods). ``n_examples`` rows, after leaving out the first ``skip`` of the same stream (so
    ``skip=N`` gives a test set for a training set of ``N`` rows made with the same seed and shape). The shape
    arguments are ``alt generate``'s options: ``n_features`` (d), ``n_labels`` (L), ``cardinality`` (mean labels per
    example), ``noise`` (probability that a label bit flips), ``mean_nnz`` and ``model_nnz`` (text: non-zeros per row
    and per planted label vector), ``centres`` (dense: labelled neighbourhoods); None keeps the default.
    """
    if not isinstance(kind, str):
        raise ValueError(f"kind must be 'text' or 'dense', not {kind!r}")
    for name, value in (("n_examples", n_examples), ("skip", skip), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise ValueError(f"{name} must be an integer, not {value!r}")
    if not -2**63 <= seed < 2**63:
        raise ValueError(f"seed must fit in 64 bits: {seed}")
    if not (0 <= n_examples < 2**31 and 0 <= skip < 2**31):
        raise ValueError(f"n_examples and skip must be >= 0 and below 2^31: {n_examples}, {skip}")
    data = _call(_jvm.jclass("org.altml.python.PyGenerate").generate, kind, int(n_examples), int(skip), int(seed),
                 _optional("n_features", n_features, int), _optional("n_labels", n_labels, int),
                 _optional("cardinality", cardinality, float), _optional("noise", noise, float),
                 _optional("mean_nnz", mean_nnz, int), _optional("model_nnz", model_nnz, int),
                 _optional("centres", centres, int))
    return _matrices(data)
