"""altml.read reads what ALT's readers read (LIBSVM, ARFF with its XML, gzip) and altml.generate gives the corpus
alt generate writes, bit for bit."""

import gzip
import shutil
import warnings

import numpy as np
import pytest
import scipy.sparse as sp

import altml


def same(a, b):
    """Two CSR matrices of the same shape, dtype, stored entries and values (bit for bit)."""
    a, b = sp.csr_matrix(a), sp.csr_matrix(b)
    return (a.shape == b.shape and a.dtype == b.dtype and np.array_equal(a.indptr, b.indptr)
            and np.array_equal(a.indices, b.indices) and np.array_equal(a.data.view(np.uint8), b.data.view(np.uint8)))


@pytest.mark.parametrize("args,kwargs", [
    ([], {}),
    (["--kind", "dense", "--num-labels", "7"], {"kind": "dense", "n_labels": 7}),
    (["--num-features", "60", "--num-labels", "9", "--seed", "4", "--skip", "30"],
     {"n_features": 60, "n_labels": 9, "seed": 4, "skip": 30}),
    (["--num-features", "300", "--mean-nnz", "20", "--model-nnz", "40", "--cardinality", "2", "--noise", "0.01"],
     {"n_features": 300, "mean_nnz": 20, "model_nnz": 40, "cardinality": 2, "noise": 0.01}),
], ids=["defaults", "dense", "skip", "shape"])
def test_generate_is_alt_generate(alt, tmp_path, args, kwargs):
    out = tmp_path / "g.svm"
    alt("generate", "-n", 50, *args, out)
    X_cli, Y_cli, _, labels = altml.read(out, n_features=kwargs.get("n_features", 120 if "dense" in args else 47236),
                                         n_labels=kwargs.get("n_labels", 101))
    X, Y = altml.generate(n_examples=50, **kwargs)
    assert X.dtype == np.float32 and Y.dtype == np.int8
    assert same(X, X_cli) and same(Y, Y_cli)
    assert X.shape[0] == 50 and Y.shape[1] == len(labels)


def test_generate_with_skip_continues_the_stream():
    X, Y = altml.generate(n_examples=30, n_features=80, n_labels=6, seed=9)
    X2, Y2 = altml.generate(n_examples=10, n_features=80, n_labels=6, seed=9, skip=20)
    assert same(X[20:], X2) and same(Y[20:], Y2)
    X3, _ = altml.generate(n_examples=30, n_features=80, n_labels=6, seed=10)
    assert not same(X, X3)


@pytest.mark.parametrize("kwargs,match", [({"n_features": 1}, "n_features must be >= 2"), ({"noise": 0.7}, "noise"),
                                          ({"kind": "sparse"}, "'text' or 'dense'"), ({"centres": 3}, "centres"),
                                          ({"kind": "dense", "mean_nnz": 3}, "mean_nnz"), ({"n_examples": -1}, "n_examples"),
                                          ({"n_labels": 2.5}, "n_labels"), ({"seed": "1"}, "seed")])
def test_generate_refuses_bad_arguments_naming_them(kwargs, match):
    kwargs.setdefault("n_examples", 5)
    with pytest.raises(ValueError, match=match):
        altml.generate(**kwargs)


def test_read_libsvm_plain_and_gzipped(tmp_path):
    text = "1,2 1:0.5 3:1\n0 2:1.5\n\n"
    (tmp_path / "d.svm").write_text(text)
    with gzip.open(tmp_path / "d.svm.gz", "wt") as f:
        f.write(text)
    for name in ("d.svm", "d.svm.gz"):
        X, Y, features, labels = altml.read(tmp_path / name)
        assert X.format == "csr" and X.dtype == np.float32 and Y.dtype == np.int8
        assert X.toarray().tolist() == [[0.5, 0, 1], [0, 1.5, 0]]
        assert Y.toarray().tolist() == [[0, 1, 1], [1, 0, 0]]
        assert features is None and labels == ["0", "1", "2"]
    X, Y, _, labels = altml.read(tmp_path / "d.svm", zero_based=True, n_labels=5, n_features=10)
    assert X.shape == (2, 10) and X[0, 1] == np.float32(0.5) and Y.shape == (2, 5) and len(labels) == 5


def test_read_arff_with_its_xml_and_meka_layout(tmp_path):
    head = "@attribute a numeric\n@attribute b numeric\n@attribute l1 {0,1}\n@attribute l2 {0,1}\n@data\n"
    (tmp_path / "m.arff").write_text("@relation m\n" + head + "1,2,0,1\n3,0,1,1\n{1 4,3 1}\n")
    (tmp_path / "m.xml").write_text('<?xml version="1.0"?>\n<labels xmlns="http://mulan.sourceforge.net/labels">'
                                    '<label name="l2"></label><label name="l1"></label></labels>\n')
    X, Y, features, labels = altml.read(tmp_path / "m.arff")
    assert features == ["a", "b"] and labels == ["l2", "l1"]      # label ids in the XML's order
    assert X.toarray().tolist() == [[1, 2], [3, 0], [0, 4]]
    assert Y.toarray().tolist() == [[1, 0], [1, 1], [1, 0]]
    shutil.copy(tmp_path / "m.arff", tmp_path / "m2.arff")
    X, Y, _, labels = altml.read(tmp_path / "m2.arff", label_file=tmp_path / "m.xml", ignore_attributes=["a"])
    assert X.toarray().tolist() == [[2], [0], [4]] and labels == ["l2", "l1"]


def test_the_readers_warnings_are_data_warnings_in_pythons_words(tmp_path):
    head = "@attribute a numeric\n@attribute b numeric\n@attribute l1 {0,1}\n@attribute l2 {0,1}\n@data\n1,2,0,1\n"
    (tmp_path / "w.arff").write_text("@relation 'w: -C 3'\n" + head)
    (tmp_path / "w.xml").write_text('<?xml version="1.0"?>\n<labels xmlns="http://mulan.sourceforge.net/labels">'
                                    '<label name="l1"></label><label name="l2"></label></labels>\n')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        X, Y, _, labels = altml.read(tmp_path / "w.arff")
    assert labels == ["l1", "l2"]
    assert len(caught) == 1 and caught[0].category is altml.DataWarning
    message = str(caught[0].message)
    assert "-C 3" in message and "labels_first=3" in message and "--labels" not in message
    assert caught[0].filename == __file__      # pointing at the caller's line


def test_python_words_replace_every_option_the_readers_name():
    from altml._data import python_words
    assert python_words("(--labels-xml FILE, ReadOptions.withLabelFile)") == "(label_file=FILE)"
    assert python_words("say so: --labels-last 9, ReadOptions.withLabelsLast, or --labels-xml FILE,"
                        " ReadOptions.withLabelFile)") == "say so: labels_last=9, or label_file=FILE)"
    assert python_words("give the number (--num-labels, ReadOptions.withNumLabels)") == "give the number (n_labels=L)"
    assert python_words("(indices start at 1; read with zeroBased)") == "(indices start at 1; read with zero_based=True)"
    assert python_words("skip it (--ignore-attributes id,x, ReadOptions.withIgnoredAttributes)") == \
        "skip it (ignore_attributes=['id', 'x'])"
