"""Bad input raises a Python exception that carries the Java message (file and line for data files), never a JVM
crash and never a silent result: malformed files, missing files, wrong shapes, bad parameters, values that are not
finite, labels beyond L, and indices int32 cannot hold."""

import gzip
import math

import numpy as np
import pytest
import scipy.sparse as sp

import altml

ARFF_HEAD = ("@relation r\n@attribute a numeric\n@attribute b numeric\n@attribute l1 {0,1}\n@attribute l2 {0,1}\n"
             "@data\n")
XML = ('<?xml version="1.0"?>\n<labels xmlns="http://mulan.sourceforge.net/labels">\n<label name="l1"></label>\n'
       '<label name="l2"></label>\n</labels>\n')


@pytest.mark.parametrize("text,line", [
    ("1 1:0.5\n0 2:x\n", 2),            # a value that is not a number
    ("1 1:0.5\n0 x:1\n", 2),            # an index that is not a number
    ("1 1:0.5\n0 0:1\n", 2),            # index 0 in a 1-based file
    ("1 1:0.5 2:1\n\n0,a 3:1\n", 3),    # a label that is not a number
    ("1 1:0.5\n2 3:1 3:2\n", 2),        # a feature given twice
    ("1 1:0.5\n-1 2:1\n", 2),           # a negative label
    ("1 1:nan\n", 1),                   # a value that is not finite
])
def test_a_malformed_libsvm_file_names_file_and_line(tmp_path, text, line):
    path = tmp_path / "bad.svm"
    path.write_text(text)
    with pytest.raises(altml.DataFormatError) as error:
        altml.read(path)
    e = error.value
    assert e.file == str(path) and e.line == line and e.problem
    assert str(e) == f"{path}:{line}: {e.problem}"


@pytest.mark.parametrize("rows,line", [("1,2,0,1\n3,x,1,1\n", 8), ("1,2,0,1\n3,4,1\n", 8), ("1,2,0,2\n", 7)])
def test_a_malformed_arff_file_names_file_and_line(tmp_path, rows, line):
    (tmp_path / "bad.xml").write_text(XML)
    path = tmp_path / "bad.arff"
    path.write_text(ARFF_HEAD + rows)
    with pytest.raises(altml.DataFormatError) as error:
        altml.read(path)
    assert error.value.file == str(path) and error.value.line == line
    assert str(error.value).startswith(f"{path}:{line}: ")


def test_a_truncated_gzip_file_is_a_data_format_error(tmp_path):
    data = gzip.compress(b"1 1:0.5 2:1\n" * 2000)
    path = tmp_path / "cut.svm.gz"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(altml.DataFormatError) as error:
        altml.read(path)
    assert error.value.file == str(path)


def test_an_arff_file_without_its_labels_says_which_argument_to_give(tmp_path):
    path = tmp_path / "nolabels.arff"
    path.write_text(ARFF_HEAD + "1,2,0,1\n")
    with pytest.raises(altml.DataFormatError) as error:
        altml.read(path)
    message = str(error.value)
    # the reader's options in read()'s words, not the command line's or the Java API's
    assert "label_file=FILE" in message and "labels_last=N" in message and "labels_first=N" in message
    assert "--" not in message and "ReadOptions" not in message
    X, Y, features, labels = altml.read(path, labels_last=2)
    assert features == ["a", "b"] and labels == ["l1", "l2"] and Y.toarray().tolist() == [[0, 1]]


def test_missing_files_and_directories(tmp_path):
    with pytest.raises(FileNotFoundError, match="missing.svm"):
        altml.read(tmp_path / "missing.svm")
    with pytest.raises(IsADirectoryError, match=str(tmp_path)):
        altml.read(tmp_path)
    (tmp_path / "d.arff").write_text(ARFF_HEAD + "1,2,0,1\n")
    with pytest.raises(FileNotFoundError, match="none.xml"):
        altml.read(tmp_path / "d.arff", label_file=tmp_path / "none.xml")
    with pytest.raises(FileNotFoundError, match="missing.alt"):
        altml.load(tmp_path / "missing.alt")


@pytest.mark.parametrize("kwargs,match", [({"n_labels": 0}, "n_labels"), ({"n_features": -1}, "n_features"),
                                          ({"labels_first": 1, "labels_last": 1}, "not both"),
                                          ({"n_labels": 1.5}, "n_labels"), ({"ignore_attributes": ["a", "a"]}, "twice")])
def test_bad_read_arguments_are_value_errors(tmp_path, kwargs, match):
    path = tmp_path / "ok.svm"
    path.write_text("1 1:1\n")
    with pytest.raises(ValueError, match=match):
        altml.read(path, **kwargs)


@pytest.fixture(scope="module")
def data():
    return altml.generate(n_examples=120, n_features=40, n_labels=5, seed=2)


def test_wrong_shapes_are_value_errors(data):
    X, Y = data
    with pytest.raises(ValueError, match="X has 120 rows but Y has 119"):
        altml.Learner("salt").fit(X, Y[:119])
    with pytest.raises(ValueError, match="row 3 holds 2"):
        Y2 = Y.toarray()
        Y2[3, 1] = 2
        altml.Learner("salt").fit(X, Y2)
    with pytest.raises(ValueError, match="0/1"):
        altml.Learner("salt").fit(X, Y.toarray() * 0.5)
    with pytest.raises(ValueError, match="2-D"):
        altml.Learner("salt").fit(X, Y.toarray()[:, :, None])
    with pytest.raises(ValueError, match="numbers"):
        altml.Learner("salt").fit(np.array([["a", "b"]]), np.ones((1, 2)))
    learner = altml.Learner("salt").fit(X, Y)
    for other in (Y[:, :4], sp.hstack([Y, Y[:, :1]]).tocsr()):
        with pytest.raises(ValueError, match=r"label columns but the salt learner has L = 5.*n_labels=5"):
            learner.partial_fit(X, other)
    with pytest.raises(ValueError, match="n_labels=3"):
        altml.Learner("salt", n_labels=3).fit(X, Y)


def test_predicting_before_learning_is_not_fitted_error(data):
    X, _ = data
    for call in (lambda l: l.predict(X), lambda l: l.decision_function(X), lambda l: l.save("never.alt")):
        with pytest.raises(altml.NotFittedError, match="not learnt anything"):
            call(altml.Learner("falt"))
        asked = altml.Learner("falt")  # an open learner before its first label (docs/spec.md#open-prediction) ...
        assert asked.predict_one({1: 1.0}) == set() and dict(asked.scores_one({1: 1.0})) == {}
        with pytest.raises(altml.NotFittedError, match="not learnt anything"):
            call(asked)  # ... has still learnt nothing


@pytest.mark.parametrize("kwargs,match", [({"etaa": 0.5}, "did you mean 'eta'"), ({"eta": -1}, "eta"),
                                          ({"max_updates": 1.5}, "maxUpdates"), ({"eta": float("nan")}, "eta"),
                                          ({"scale": "zscore"}, "zscore"), ({"eta": [1]}, "eta")])
def test_unknown_parameters_and_values_out_of_range_are_value_errors(kwargs, match):
    with pytest.raises(ValueError, match=match):
        altml.Learner("salt", **kwargs)
    with pytest.raises(ValueError, match=match):
        altml.Learner("salt").set_params(**kwargs)


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, 1e300])
def test_values_that_are_not_finite_floats_name_the_row(data, bad):
    X, Y = data
    dense = X.toarray().astype(np.float64)
    dense[7, 3] = bad
    with np.errstate(over="ignore"):
        with pytest.raises(ValueError, match="row 7 of X"):
            altml.Learner("salt").fit(dense, Y)
        learner = altml.Learner("salt").fit(X, Y)
        with pytest.raises(ValueError, match="row 7 of X"):
            learner.predict(dense)
        with pytest.raises(ValueError, match="row 7 of X"):
            learner.decision_function(sp.csr_matrix(dense))
        with pytest.raises(ValueError, match="finite"):
            learner.learn_one({3: bad}, {1})


@pytest.mark.parametrize("y,match", [({5}, "label 5 is not below the learner's L = 5"), ({9, 1}, "label 9"),
                                     ({-1}, "negative label"), ({"sport"}, "unknown label"), ({1.0}, "id"),
                                     ({True}, "id")])
def test_a_label_beyond_l_in_learn_one_is_a_value_error(y, match):
    learner = altml.Learner("salt", n_labels=5)
    with pytest.raises(ValueError, match=match):
        learner.learn_one({1: 1.0}, y)
    assert learner.examples_seen == 0


def test_indices_beyond_int32_are_refused_not_wrapped(data):
    X, Y = data
    learner = altml.Learner("salt").fit(X, Y)
    # column 2^32 + 5 would wrap onto column 5 in a cast to int32
    wide = sp.csr_matrix((np.ones(2, np.float32), np.array([3, 2**32 + 5], np.int64), np.array([0, 2], np.int64)),
                         shape=(1, 2**33))
    for call in (learner.predict, learner.decision_function, lambda m: altml.Learner("salt").fit(m, Y[:1])):
        with pytest.raises(ValueError, match="2\\^31"):
            call(wide)
    with pytest.raises(ValueError, match="2\\^31"):
        learner.learn_one(wide, {1})
    with pytest.raises(ValueError):
        learner.learn_one({2**32 + 5: 1.0}, {1})


def test_many_more_features_than_the_model_is_refused_as_alt_predict_does(data):
    X, Y = data
    learner = altml.Learner("salt").fit(X, Y)
    extra = sp.random(X.shape[0], 200, density=0.2, format="csr", random_state=1, dtype=np.float32)
    wide = sp.hstack([X, extra]).tocsr()     # 240 features >= 2 * 40 + 100
    for call in (learner.predict, learner.decision_function):
        with pytest.raises(ValueError, match="X uses 240 features, many more than the d = 40"):
            call(wide)
    # a few more features are scored as alt predict scores them: a linear model has no weights for them
    some = sp.hstack([X, extra[:, :20]]).tocsr()
    assert np.array_equal(learner.decision_function(some), learner.decision_function(X))


def test_numbers_that_are_not_real_and_settings_that_do_not_fit_are_value_errors(data):
    X, Y = data
    for bad_x in (X.astype(np.complex64), X.toarray().astype(np.complex128), X.toarray().astype(str)):
        with pytest.raises(ValueError, match="real numbers"):
            altml.Learner("salt").fit(bad_x, Y)
    with pytest.raises(ValueError, match="0/1"):
        altml.Learner("salt").fit(X, Y.toarray().astype(np.complex64))
    for kwargs in ({"seed": 2**70}, {"seed": 1.5}, {"n_features": "abc"}, {"n_features": -5}, {"n_features": 2**40}):
        with pytest.raises(ValueError, match=next(iter(kwargs))):
            altml.Learner("salt", **kwargs).fit(X, Y)


def test_an_indicator_row_as_y_of_learn_one_is_refused_not_read_as_ids():
    learner = altml.Learner("salt", n_labels=3)
    for y in (np.array([True, False, True]), sp.csr_matrix([[0, 1, 1]])):
        with pytest.raises(TypeError, match="indicator row"):
            learner.learn_one({1: 1.0}, y)
    assert learner.examples_seen == 0


@pytest.mark.parametrize("name,content,problem", [
    ("empty.svm", b"", "empty"),
    ("zip.svm", b"PK\x03\x04" + bytes(200), "zip archive"),
    ("noattr.arff", b"@relation x\n@data\n", "@data before any @attribute"),
])
def test_files_that_are_not_data_are_data_format_errors(tmp_path, name, content, problem):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(altml.DataFormatError) as error:
        altml.read(path)
    assert error.value.file == str(path) and problem in error.value.problem


def test_a_declared_shape_smaller_than_the_file_is_a_data_format_error(tmp_path):
    path = tmp_path / "d.svm"
    path.write_text("1 1:0.5\n3 2:1 5:1\n")
    for kwargs, problem in (({"n_features": 3}, "feature index beyond the declared 3 features"),
                            ({"n_labels": 2}, "label beyond the declared 2 labels")):
        with pytest.raises(altml.DataFormatError) as error:
            altml.read(path, **kwargs)
        assert error.value.line == 2 and problem in error.value.problem
