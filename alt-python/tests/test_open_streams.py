"""Open streams from Python (docs/spec.md#open-labels, #open-features, docs/python.md "Open streams"): a Learner made
without n_labels/labels learns labels and features that appear mid-stream; saved mid-growth and continued it is one
uninterrupted run, bit for bit; open == fixed L when every label is in the first example; its model file (vocabulary
included) is the command line's, both ways; every bad input is a clear ValueError."""

import json
import pickle

import numpy as np
import pytest
import scipy.sparse as sp

import altml

WORDS = [f"w{i}" for i in range(60)]
TAGS = ["sport", "politics", "science", "arts", "money", "health"]


def named_stream(seed=5, n=160):
    """Examples by name: a word vocabulary that keeps growing and tags born over time (tag k first at about 25 k)."""
    rng = np.random.default_rng(seed)
    stream = []
    for t in range(n):
        vocabulary = WORDS[:10 + t // 4]
        words = rng.choice(len(vocabulary), size=6, replace=False)
        x = {vocabulary[w]: float(rng.integers(1, 8)) / 4 for w in words}  # dyadic: exact as float32 and as text
        born = TAGS[:1 + t // 25]
        tags = [born[k] for k in sorted(set(int(w) % len(born) for w in words[:2]))]
        stream.append((x, tags))
    return stream


def id_stream(seed=6, n=160):
    """Examples by int feature index and int label id, the ids born out of order (7 first, then 2, ...)."""
    rng = np.random.default_rng(seed)
    ids = [7, 2, 11, 0, 5]
    stream = []
    for t in range(n):
        d = 20 + t  # features grow too
        keys = rng.choice(d, size=5, replace=False)
        x = {int(k): float(rng.integers(1, 8)) / 4 for k in keys}
        born = ids[:1 + t // 30]
        stream.append((x, {born[int(k) % len(born)] for k in keys[:2]}))
    return stream


def run(learner, stream):
    """The prequential answers of ``learner`` on ``stream``: each example's prediction and scores, then learnt."""
    answers = []
    for x, y in stream:
        answers.append((learner.predict_one(x), dict(scores := learner.scores_one(x)), scores.threshold))
        learner.learn_one(x, y)
    return answers


KINDS = [("falt", {}), ("salt", {"eta": 0.25, "max_updates": 2}), ("pa1", {}), ("falt-k", {}),
         ("osml-elm", {"max_labels": 8, "hidden": 16})]


@pytest.mark.parametrize("kind,params", KINDS, ids=[k for k, _ in KINDS])
@pytest.mark.parametrize("make", [named_stream, id_stream], ids=["names", "ids"])
def test_saved_mid_growth_and_continued_is_one_uninterrupted_run(tmp_path, kind, params, make):
    stream = make()
    whole = run(altml.Learner(kind, **params), stream)
    first = altml.Learner(kind, **params)
    half = run(first, stream[:70])
    assert 1 < len(first.label_names) < len(whole[-1][1]) + 1  # saved while labels are still being born
    first.save(tmp_path / "half.model")
    loaded = altml.load(tmp_path / "half.model")
    assert loaded.label_names == first.label_names and loaded.examples_seen == 70
    assert half + run(loaded, stream[70:]) == whole
    again = pickle.loads(pickle.dumps(first))
    assert half + run(again, stream[70:]) == whole


def test_hashed_features_saved_and_continued_bit_for_bit(tmp_path):
    stream = named_stream(seed=9)
    whole = run(altml.Learner("salt", hash_bits=6), stream)  # 64 rows for 60 words: collisions happen
    first = altml.Learner("salt", hash_bits=6)
    half = run(first, stream[:90])
    first.save(tmp_path / "hashed.model")
    assert half + run(altml.load(tmp_path / "hashed.model"), stream[90:]) == whole


@pytest.mark.parametrize("kind", ["falt", "salt", "pa2", "pa1-k"])
def test_open_equals_fixed_when_every_label_is_in_the_first_example(kind):
    stream = named_stream(seed=3)
    stream[0] = (stream[0][0], list(TAGS))  # every label, in the order the fixed learner names them
    same_after_the_first(run(altml.Learner(kind), stream), run(altml.Learner(kind, labels=TAGS), stream))
    ids = id_stream(seed=4)
    ids[0] = (ids[0][0], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    same_after_the_first(run(altml.Learner(kind), ids), run(altml.Learner(kind, n_labels=12), ids))


def same_after_the_first(open_run, fixed_run):
    """Example 1: the open learner knows no label yet (no score), the fixed one scores every label 0 and predicts none;
    from example 2 on, the same predictions and scores, bit for bit."""
    assert open_run[0] == (set(), {}, 0.0) and fixed_run[0][0] == set() and fixed_run[0][2] == 0.0
    assert set(fixed_run[0][1].values()) == {0.0}
    assert open_run[1:] == fixed_run[1:]
    assert len({frozenset(p) for p, _, _ in open_run}) > 3  # something was learnt


def test_labels_in_order_of_first_appearance_answered_as_they_came():
    learner = altml.Learner("falt")
    assert learner.predict_one({"goal": 1.0}) == set()  # before any label: nothing to predict
    scores = learner.scores_one({"goal": 1.0})
    assert dict(scores) == {}
    learner.learn_one({"goal": 1.0}, ["sport"])
    learner.learn_one({"vote": 1.0}, [17, "politics"])
    assert learner.label_names == ["sport", "17", "politics"]
    for x in ({"goal": 1.0}, {"vote": 1.0}, {"goal": 0.5, "vote": 2.0}):
        scores = learner.scores_one(x)
        assert list(scores) == ["sport", 17, "politics"]  # ints for ids, str for names, in order of first appearance
        assert learner.predict_one(x) == {label for label, s in scores.items() if s > scores.threshold}
    assert learner.predict_one({"vote": 1.0}) != set()
    assert learner.feature_names == ["goal", "vote"]
    assert learner.scores_one({"never-seen": 1.0, "goal": 1.0}) == learner.scores_one({"goal": 1.0})  # a zero row
    assert learner.feature_names == ["goal", "vote"]  # predicting grows nothing


def test_int_feature_keys_grow_d_and_the_matrix_methods_see_the_labels_known():
    learner = altml.Learner("falt")
    learner.learn_one({0: 1.0}, {4})
    learner.learn_one({250: 1.0}, {9, 4})
    assert learner.label_names == ["4", "9"]
    X = sp.csr_matrix(([1.0, 1.0], ([0, 1], [0, 250])), shape=(2, 251))
    scores = learner.decision_function(X)
    assert scores.shape == (2, 3)  # the 2 labels seen, then the threshold
    for i, x in enumerate([{0: 1.0}, {250: 1.0}]):
        one = learner.scores_one(x)
        assert scores[i].tolist() == [one[4], one[9], one.threshold]
        assert learner.predict(X[i]).toarray()[0].tolist() == [int(4 in learner.predict_one(x)),
                                                                int(9 in learner.predict_one(x))]


def test_an_elm_with_max_labels_reports_only_the_labels_seen():
    learner = altml.Learner("elm-omll", max_labels=5, hidden=8)
    learner.learn_one({"a": 1.0}, {"x"})
    learner.learn_one({"b": 1.0}, {"y"})
    assert learner.label_names == ["x", "y"]
    assert set(learner.scores_one({"a": 1.0})) == {"x", "y"}
    assert learner.predict_one({"a": 1.0}) <= {"x", "y"}


# --- the command line reads a model Python saved, and the other way round -------------------------------------------

def write_jsonl(path, stream):
    with open(path, "w") as f:
        for x, y in stream:
            f.write(json.dumps({"features": x, "labels": list(y)}) + "\n")


def test_alt_inspect_reads_a_python_model_of_named_labels_and_hashed_features(tmp_path, alt):
    learner = altml.Learner("salt", hash_bits=12)
    for x, y in named_stream()[:80]:
        learner.learn_one(x, y)
    learner.save(tmp_path / "py.model")
    out = alt("inspect", "--model", tmp_path / "py.model").stdout
    assert "examples seen: 80" in out
    assert f"labels: 4 (open, in order of first appearance): {', '.join(learner.label_names)}" in out
    assert learner.label_names == TAGS[:4]
    assert "features: hashing into 2^12 rows" in out
    refused = alt("inspect", "--model", tmp_path / "py.model", "--features", 3, check=False)
    assert refused.returncode != 0 and "hashes its features" in refused.stderr


def test_the_command_line_and_python_continue_each_others_open_models(tmp_path, alt):
    stream = named_stream(seed=11)
    write_jsonl(tmp_path / "first.jsonl", stream[:80])
    write_jsonl(tmp_path / "rest.jsonl", stream[80:])
    probes = [x for x, _ in stream[::7]]

    python = altml.Learner("salt", eta=0.5)
    for x, y in stream[:80]:
        python.learn_one(x, y)
    alt("train", "--open", "--learner", "salt", "--eta", 0.5, "--data", tmp_path / "first.jsonl", "--model",
        tmp_path / "cli.model")
    cli = altml.load(tmp_path / "cli.model")
    assert cli.label_names == python.label_names and cli.feature_names == python.feature_names
    assert [cli.scores_one(x) for x in probes] == [python.scores_one(x) for x in probes]

    python.save(tmp_path / "py.model")
    alt("train", "--from", tmp_path / "py.model", "--data", tmp_path / "rest.jsonl", "--model", tmp_path / "both.model")
    for x, y in stream[80:]:
        cli.learn_one(x, y)
    both = altml.load(tmp_path / "both.model")
    assert both.examples_seen == cli.examples_seen == len(stream)
    assert both.label_names == cli.label_names
    assert [both.scores_one(x) for x in probes] == [cli.scores_one(x) for x in probes]


# --- bad input: a clear ValueError naming the call, the learner left as it was ---------------------------------------

def test_a_label_name_colliding_with_a_label_id_is_refused():
    learner = altml.Learner("falt")
    learner.learn_one({"a": 1.0}, {3})
    with pytest.raises(ValueError, match=r'learn_one \(example 2\): label name "3" collides with the label index 3'):
        learner.learn_one({"a": 1.0}, {"3"})
    other = altml.Learner("falt")
    other.learn_one({"a": 1.0}, ["3"])
    with pytest.raises(ValueError, match=r'label index 3 collides with the label name "3"'):
        other.learn_one({"a": 1.0}, [3])
    with pytest.raises(ValueError, match=r'label name "5" and label index 5 in one record'):
        other.learn_one({"a": 1.0}, ["5", 5])
    assert learner.label_names == ["3"] and other.label_names == ["3"] and other.examples_seen == 1


def test_the_dictionary_bound_refuses_the_example_and_keeps_the_vocabulary():
    learner = altml.Learner("falt", max_features=3)
    learner.learn_one({"a": 1.0, "b": 1.0}, ["x"])
    with pytest.raises(ValueError, match=r"learn_one \(example 2\): feature \"[cd]\" would pass the dictionary's bound"
                                         r" of 3 feature names: give a larger bound \(max_features=N\), or hash"):
        learner.learn_one({"a": 1.0, "c": 1.0, "d": 1.0}, ["y"])
    assert learner.feature_names == ["a", "b"] and learner.label_names == ["x"] and learner.examples_seen == 1
    learner.learn_one({"c": 1.0}, ["y"])  # still room for one
    assert learner.feature_names == ["a", "b", "c"]
    ids = altml.Learner("falt", max_features=10)
    with pytest.raises(ValueError, match=r"feature index 11 is past the bound of 10 features"):
        ids.learn_one({10: 1.0}, [0])


def test_a_hashed_learner_has_no_feature_names():
    learner = altml.Learner("salt", hash_bits=8)
    learner.learn_one({"budget": 1.0}, ["money"])
    with pytest.raises(ValueError, match=r"hashes its features into 2\^8 rows \(hash_bits=8\): it has no feature names"):
        learner.feature_names
    with pytest.raises(ValueError, match=r"hashes its features"):
        pickle.loads(pickle.dumps(learner)).feature_names
    with pytest.raises(ValueError, match=r"hashes its features into 2\^8 rows \(hash_bits=8\)"):
        altml.Learner("salt", hash_bits=8).feature_names  # before learning too


def test_a_loaded_open_model_keeps_its_keywords(tmp_path):
    for params in (dict(hash_bits=9), dict(max_features=50, max_labels=7), dict()):
        learner = altml.Learner("falt", **params)
        learner.learn_one({"a": 1.0}, ["x"])
        learner.save(tmp_path / "m.model")
        loaded = altml.load(tmp_path / "m.model")
        assert {k: loaded.get_params()[k] for k in params} == params
        assert all(loaded.get_params()[k] is None for k in ("max_labels", "max_features", "hash_bits") if k not in params)
    elm = altml.Learner("osml-elm", max_labels=3, hidden=4)
    elm.learn_one({"a": 1.0}, ["x"])
    elm.save(tmp_path / "elm.model")
    assert repr(altml.load(tmp_path / "elm.model")) == "Learner('osml-elm', max_labels=3, hidden=4)"


@pytest.mark.parametrize("kind", ["osml-elm", "elm-omll"])
def test_an_elm_refuses_an_open_start_without_max_labels(kind):
    learner = altml.Learner(kind)
    with pytest.raises(ValueError, match=rf"the {kind} learner's output layer is fixed by construction.*give"
                                         r" max_labels=N"):
        learner.learn_one({"a": 1.0}, ["x"])
    capped = altml.Learner(kind, max_labels=2)
    capped.learn_one({"a": 1.0}, ["x", "y"])
    with pytest.raises(ValueError, match=r'label "z" would be label number 3, past the bound of 2 labels \(max_labels=2\)'):
        capped.learn_one({"a": 1.0}, ["z"])


@pytest.mark.parametrize("label", [1.5, None, True, b"x", ("a", "b"), float("nan")])
def test_a_label_neither_str_nor_int_is_refused(label):
    learner = altml.Learner("falt")
    with pytest.raises(ValueError, match=r"a label is a name \(str\) or an id \(int\), not"):
        learner.learn_one({"a": 1.0}, [label])


def test_a_negative_label_id_and_a_bad_name_are_refused():
    learner = altml.Learner("falt")
    with pytest.raises(ValueError, match=r"label id -1 is not an int from 0 to 2\^31 - 1"):
        learner.learn_one({"a": 1.0}, [-1])
    with pytest.raises(ValueError, match=r'learn_one \(example 1\): label name "new york" contains whitespace'):
        learner.learn_one({"a": 1.0}, ["new york"])
    with pytest.raises(ValueError, match=r'learn_one \(example 1\): feature name "a:b" contains a \':\''):
        learner.learn_one({"a:b": 1.0}, ["x"])
    assert learner.label_names == [] and learner.examples_seen == 0


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf"), 1e39])
def test_a_value_that_is_not_finite_is_refused(value):
    named = altml.Learner("falt")
    with pytest.raises(ValueError, match=r'learn_one \(example 1\): feature "a" has the value .*: feature values must be'
                                         r" finite"):
        named.learn_one({"a": value, "b": 1.0}, ["x"])
    indexed = altml.Learner("falt")
    with pytest.raises(ValueError, match=r"learn_one \(example 1\): feature 4 has the value .*: feature values must be"
                                         r" finite"):
        indexed.learn_one({4: value}, [1])
    assert named.label_names == [] and named.feature_names == [] and indexed.label_names == []


def test_feature_keys_of_the_other_kind_are_refused():
    named = altml.Learner("falt")
    named.learn_one({"a": 1.0}, ["x"])
    with pytest.raises(ValueError, match=r"feature keys are int indices, but this open learner maps feature names"):
        named.learn_one({3: 1.0}, ["x"])
    with pytest.raises(ValueError, match=r"feature keys are int indices"):
        named.predict_one({3: 1.0})
    indexed = altml.Learner("falt")
    indexed.learn_one({3: 1.0}, ["x"])
    with pytest.raises(ValueError, match=r"feature keys are names \(str\), but this open learner's features are int"):
        indexed.learn_one({"a": 1.0}, ["x"])
    hashed = altml.Learner("falt", hash_bits=4)
    with pytest.raises(ValueError, match=r"maps feature names \(str\) by hashing into 2\^4 rows \(hash_bits=4\)"):
        hashed.learn_one({3: 1.0}, ["x"])


def test_open_parameters_are_checked():
    for bad in (dict(n_labels=3, hash_bits=8), dict(labels=["a"], max_labels=4), dict(n_labels=2, max_features=9)):
        with pytest.raises(ValueError, match=r"is for an open learner, made without n_labels= or labels="):
            altml.Learner("falt", **bad)
    with pytest.raises(ValueError, match=r"max_features= bounds the dictionary of feature names, which hash_bits="):
        altml.Learner("falt", hash_bits=8, max_features=100)
    for bad in (dict(hash_bits=0), dict(hash_bits=31), dict(max_labels=0), dict(max_features=-1), dict(max_labels=2.5)):
        with pytest.raises(ValueError, match=r"must be an integer from 1 to"):
            altml.Learner("falt", **bad)
    with pytest.raises(ValueError, match=r"scale='l2' is for a learner of fixed L"):
        altml.Learner("falt", scale="l2").learn_one({"a": 1.0}, ["x"])


def test_matrix_calls_on_an_open_learner_say_what_to_do():
    X = sp.csr_matrix(np.eye(3, dtype=np.float32))
    Y = np.eye(3, dtype=np.int8)
    learner = altml.Learner("falt")
    learner.learn_one({0: 1.0}, [1])
    with pytest.raises(ValueError, match=r"this falt learner is open .*go on with learn_one"):
        learner.partial_fit(X, Y)
    assert learner.fit(X, Y).predict(X).shape == (3, 3)  # fit: a new model of fixed L
    with pytest.raises(ValueError, match=r"hash_bits= is for an open learner, which learns one example at a time"):
        altml.Learner("falt", hash_bits=8).fit(X, Y)
    fresh = altml.Learner("falt")
    assert fresh.predict_one({0: 1.0}) == set()
    assert fresh.partial_fit(X, Y).predict(X).shape == (3, 3)  # nothing learnt open: partial_fit starts a fixed L


def test_int_keys_are_libsvm_indices_less_one_for_the_command_line(tmp_path, alt):
    stream = id_stream(seed=12, n=120)
    python = altml.Learner("falt")
    for x, y in stream[:60]:
        python.learn_one(x, y)
    python.save(tmp_path / "ids.model")
    with open(tmp_path / "rest.svm", "w") as f:
        for x, y in stream[60:]:
            f.write(",".join(map(str, y)) + " " + " ".join(f"{k + 1}:{v}" for k, v in sorted(x.items())) + "\n")
    alt("train", "--from", tmp_path / "ids.model", "--data", tmp_path / "rest.svm", "--model", tmp_path / "cli.model")
    for x, y in stream[60:]:
        python.learn_one(x, y)
    cli = altml.load(tmp_path / "cli.model")
    assert cli.label_names == python.label_names and cli.examples_seen == 120
    probes = [x for x, _ in stream[::9]]
    assert [cli.scores_one(x) for x in probes] == [python.scores_one(x) for x in probes]
