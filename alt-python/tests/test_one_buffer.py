"""learn_one / predict_one / scores_one through the packed buffer (altml._one): the same model and answers as the
matrix path, every kind of input the slow path takes, and its errors with the same messages."""

import pickle

import numpy as np
import pytest
import scipy.sparse as sp

import altml

L = 7


def rows(seed=3, n=60, d=400, nnz=25):
    rng = np.random.default_rng(seed)
    xs, ys = [], []
    for _ in range(n):
        keys = rng.choice(d, nnz, replace=False)  # unsorted, as a dict may hold them
        xs.append({int(k): float(v) for k, v in zip(keys, rng.normal(size=nnz))})
        ys.append({int(l) for l in rng.choice(L, rng.integers(1, 4), replace=False)})
    return xs, ys


def as_matrices(xs, ys, d=400):
    X = sp.lil_matrix((len(xs), d), dtype=np.float32)
    Y = np.zeros((len(xs), L), dtype=np.int8)
    for i, (x, y) in enumerate(zip(xs, ys)):
        for k, v in x.items():
            X[i, k] = v
        Y[i, sorted(y)] = 1
    return X.tocsr(), Y


def test_dicts_learn_the_model_that_fit_learns_from_the_same_rows():
    xs, ys = rows()
    X, Y = as_matrices(xs, ys)
    one = altml.Learner("falt", n_labels=L)
    for x, y in zip(xs, ys):
        one.learn_one(x, y)
    batch = altml.Learner("falt").fit(X, Y)
    assert np.array_equal(one.decision_function(X), batch.decision_function(X))
    predicted = batch.predict(X).toarray()
    for i, x in enumerate(xs):
        assert one.predict_one(x) == set(np.flatnonzero(predicted[i]).tolist())
        scores = one.scores_one(x)
        row = batch.decision_function(X[i])[0]
        assert [scores[l] for l in range(L)] == row[:-1].tolist() and scores.threshold == float(row[-1])


def test_every_form_of_an_example_gives_the_same_answer():
    xs, ys = rows()
    plain, mixed = altml.Learner("falt", n_labels=L), altml.Learner("falt", n_labels=L)
    X, _ = as_matrices(xs, ys)
    for i, (x, y) in enumerate(zip(xs, ys)):
        plain.learn_one(x, y)
        forms = [
            {np.int64(k): np.float64(v) for k, v in x.items()},  # numpy scalars: struct takes them as numbers
            X[i],  # a scipy sparse row
            {**{k: v for k, v in x.items()}, 399: 0.0} if 399 not in x else x,  # a stored zero
            {float(k): v for k, v in x.items()},  # float keys: the slow path's conversion
        ]
        labels = [list(y), tuple(sorted(y)), frozenset(y), [np.int32(l) for l in y]]
        mixed.learn_one(forms[i % 4], labels[i % 4])
    assert np.array_equal(plain.decision_function(X), mixed.decision_function(X))


def test_a_row_larger_than_the_buffer_and_the_label_names():
    rng = np.random.default_rng(5)
    big = {int(k): float(v) for k, v in zip(rng.choice(50_000, 3_000, replace=False), rng.random(3_000) + 0.5)}
    names = [f"l{i}" for i in range(L)]
    learner = altml.Learner("falt", labels=names)
    learner.learn_one(big, {"l1", "l4"})
    learner.learn_one({"w1": 1.0, "w2": 2.0}, ["l2"])  # features by name go through the learner's index
    assert learner.feature_names == ["w1", "w2"]
    row = sp.csr_matrix((list(big.values()), ([0] * len(big), list(big))), shape=(1, 50_000))
    assert learner.predict_one(big) == learner.predict_one(row) == {names[i] for i in learner.predict(row).indices}
    assert learner.scores_one(big) == learner.scores_one(row)


@pytest.mark.parametrize("x, y, message", [
    ({3: 1.0, -2: 1.0}, {1}, "feature index -2 is negative"),
    ({3: float("nan")}, {1}, "feature 3 has the value NaN"),
    ({3: 1e300}, {1}, "feature 3 has the value Infinity"),
    ({3: 1.0}, {L}, f"label {L} is not below the learner's L = {L}"),
    ({3: 1.0}, [1, 1], "y names a label twice"),
    ({3: 1.0}, {True}, "a label is an id (int) or a name (str)"),
    ({3: 1.0}, {-1}, "negative label -1"),
    ({2 ** 31: 1.0}, {1}, "feature keys must be all names (str) or all indices"),  # numpy wrapped them
    ({2 ** 32 + 3: 1.0}, {1}, "feature keys must be all names (str) or all indices"),
    ({-2 ** 32: 1.0}, {1}, "feature keys must be all names (str) or all indices"),
    ({3: "a"}, {1}, "feature values must be numbers"),
    ({3: 1.0, "w": 1.0}, {1}, "feature keys must be all names (str) or all indices"),
])
def test_bad_examples_raise_the_messages_of_the_slow_path(x, y, message):
    learner = altml.Learner("falt", n_labels=L)
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        learner.learn_one(x, y)
    learner.learn_one({1: 1.0}, {0})  # the learner goes on after an error
    assert learner.examples_seen == 1


def test_y_that_is_not_a_set_of_labels_is_refused():
    learner = altml.Learner("falt", n_labels=L)
    with pytest.raises(TypeError, match="y must be a set of label ids or names"):
        learner.learn_one({1: 1.0}, 3)


def test_a_learner_refit_loaded_or_unpickled_answers_from_its_new_model():
    xs, ys = rows()
    X, Y = as_matrices(xs, ys)
    learner = altml.Learner("falt", n_labels=L)
    for x, y in zip(xs[:10], ys[:10]):
        learner.learn_one(x, y)
    learner.fit(X, Y)  # a new Java learner: the buffer follows it
    assert learner.scores_one(xs[0]) == altml.Learner("falt").fit(X, Y).scores_one(xs[0])
    copy = pickle.loads(pickle.dumps(learner))
    copy.learn_one(xs[1], ys[1])
    learner.learn_one(xs[1], ys[1])
    assert copy.scores_one(xs[2]) == learner.scores_one(xs[2])


def test_predicting_before_learning_predicts_no_label():
    assert altml.Learner("falt").predict_one({1: 1.0}) == set()  # open: no label known yet (docs/spec.md#open-prediction)
    assert altml.Learner("falt", n_labels=L).predict_one({1: 1.0}) == set()
