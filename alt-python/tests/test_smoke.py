"""The package starts its JVM and drives a learner end to end (the detailed tests are in the other modules)."""

import altml
import numpy as np


def test_learners_lists_every_kind_with_its_parameters():
    table = altml.learners()
    kinds = set(table.column("kind"))
    assert {"falt", "salt", "pa1", "pa2", "falt-k", "osml-elm", "elm-omll"} <= kinds
    eta = table.where(kind="salt", parameter="eta")[0]
    assert eta["symbol"] == "η" and eta["default"] is not None and eta["range"] == "> 0"
    assert table.where(kind="salt", parameter="maxUpdates")[0]["python"] == "max_updates"


def test_unknown_names_raise_value_error_with_the_registry_message():
    try:
        altml.Learner("flat")
    except ValueError as e:
        assert "did you mean 'falt'" in str(e)
    else:
        raise AssertionError("no error for an unknown kind")
    try:
        altml.Learner("salt", etaa=0.5)
    except ValueError as e:
        assert "did you mean 'eta'" in str(e)
    else:
        raise AssertionError("no error for an unknown parameter")


def test_fit_and_predict(corpus):
    X, Y, _, _ = None, None, None, None
    rng = np.random.default_rng(3)
    import scipy.sparse as sp
    X = sp.random(200, 30, density=0.3, format="csr", random_state=1)
    Y = sp.csr_matrix((rng.random((200, 4)) < 0.3).astype(np.int8))
    learner = altml.Learner("salt", eta=0.25, delta=4, max_updates=2).fit(X, Y)
    predicted = learner.predict(X)
    assert predicted.shape == (200, 4)
    assert learner.examples_seen == 200


def test_labels_must_be_a_list_of_names_not_one_string():
    # list("abc") would have made three labels of one name's letters
    import pytest
    with pytest.raises(ValueError, match="labels must be a list of label names"):
        altml.Learner("falt", labels="sport")
    with pytest.raises(ValueError, match="labels must be a list of label names"):
        altml.Learner("falt", labels=3)
