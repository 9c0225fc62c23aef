"""Models cross between Python and the command line through model files, both ways, and through pickle: the
same predictions, byte for byte, and a learner that goes on learning as the original would."""

import pickle

import numpy as np
import pytest

import altml
from cli_files import prediction_lines, read_lines


def cli_predict(alt, model, data, out):
    alt("predict", "--model", model, "--data", data, "--scores", "--out", out)
    return read_lines(out)


@pytest.mark.parametrize("kind,params", [("salt", {"eta": 0.25}), ("falt-k", {"budget": 30, "budget_policy": "oldest"}),
                                         ("osml-elm", {"hidden": 30})], ids=["salt", "falt-k", "osml-elm"])
def test_a_model_saved_in_python_predicts_the_same_in_the_cli(alt, tmp_path, corpus, kind, params):
    X, Y, _, _ = altml.read(corpus["train"])
    X_test, _, _, _ = altml.read(corpus["test"])
    learner = altml.Learner(kind, scale="standardize", **params).fit(X, Y)
    learner.save(tmp_path / "python.alt")
    lines = cli_predict(alt, tmp_path / "python.alt", corpus["test"], tmp_path / "out.txt")
    assert prediction_lines(learner.predict(X_test), learner.decision_function(X_test)) == lines


@pytest.mark.parametrize("kind,options", [("salt", ["--eta", "0.25", "--max-updates", "2"]),
                                          ("pa1-k", ["--budget", "30", "--budget-policy", "random"]),
                                          ("osml-elm", ["--hidden", "30"])], ids=["salt", "pa1-k", "osml-elm"])
def test_a_model_written_by_alt_train_loads_in_python(alt, tmp_path, corpus, kind, options):
    model = tmp_path / "cli.alt"
    alt("train", "--learner", kind, "--data", corpus["train"], "--model", model, "--scale", "l2", *options)
    lines = cli_predict(alt, model, corpus["test"], tmp_path / "out.txt")
    learner = altml.load(model)
    X_test, _, _, _ = altml.read(corpus["test"])
    assert learner.kind == kind and learner.scale == "l2" and learner.examples_seen == 600
    assert prediction_lines(learner.predict(X_test), learner.decision_function(X_test)) == lines
    # the settings came along: the same kind and settings fitted in Python give the same model (alt train shuffles
    # with seed 1 by default; a model file does not record the order, so the loaded learner's shuffle is False)
    X, Y, _, _ = altml.read(corpus["train"])
    refit = altml.Learner(**{**learner.get_params(), "shuffle": True, "seed": 1}).fit(X, Y)
    assert prediction_lines(refit.predict(X_test), refit.decision_function(X_test)) == lines


def test_a_loaded_cli_model_goes_on_learning_as_alt_train_from(alt, tmp_path, corpus):
    """altml.load + partial_fit continues the model as alt train --from does (file order)."""
    first = tmp_path / "first.alt"
    alt("train", "--learner", "salt", "--data", corpus["train"], "--model", first)
    alt("train", "--from", first, "--data", corpus["test"], "--model", tmp_path / "more.alt")
    lines = cli_predict(alt, tmp_path / "more.alt", corpus["train"], tmp_path / "out.txt")
    X, _, _, _ = altml.read(corpus["train"])
    learner = altml.load(first)
    # the test file uses fewer label ids than the training file: read with the model's L
    X_more, Y_more, _, _ = altml.read(corpus["test"], n_labels=len(learner.label_names))
    learner.partial_fit(X_more, Y_more)
    assert prediction_lines(learner.predict(X), learner.decision_function(X)) == lines


@pytest.mark.parametrize("kind", ["falt", "salt", "pa2", "falt-k", "elm-omll"])
def test_pickle_round_trip_predicts_and_learns_as_the_original(corpus, kind):
    X, Y, _, _ = altml.read(corpus["train"])
    X_test, Y_test, _, _ = altml.read(corpus["test"])
    params = {"hidden": 30} if "elm" in kind else {"budget": 50, "budget_policy": "smallest"} if kind.endswith("-k") else {}
    params["scale"] = "l2" if kind.endswith("-k") else "standardize"
    learner = altml.Learner(kind, **params).fit(X[:400], Y[:400])
    copy = pickle.loads(pickle.dumps(learner))
    assert copy.get_params() == learner.get_params()
    assert np.array_equal(copy.decision_function(X_test), learner.decision_function(X_test))
    # both go on learning: in batches, then one example at a time, and stay identical
    learner.partial_fit(X[400:500], Y[400:500])
    copy.partial_fit(X[400:500], Y[400:500])
    for i in range(500, 530):
        learner.learn_one(X[i], set(Y[i].indices.tolist()))
        copy.learn_one(X[i], set(Y[i].indices.tolist()))
    assert copy.examples_seen == learner.examples_seen == 530
    assert np.array_equal(copy.decision_function(X_test), learner.decision_function(X_test))
    assert (copy.predict(X_test) != learner.predict(X_test)).nnz == 0
    # and what went on from the copy is not the state it was pickled with
    assert not np.array_equal(pickle.loads(pickle.dumps(copy)).decision_function(X_test),
                              altml.Learner(kind, **params).fit(X[:400], Y[:400])
                              .decision_function(X_test))


def test_an_unfitted_learner_pickles_with_its_parameters():
    learner = altml.Learner("salt", eta=0.5, n_labels=3)
    copy = pickle.loads(pickle.dumps(learner))
    assert copy.get_params() == learner.get_params() and not copy.is_fitted


def test_feature_and_label_names_survive_save_load_and_pickle(tmp_path):
    learner = altml.Learner("salt", labels=["sport", "politics", "arts"])
    rows = [({"goal": 1.0, "match": 2.0}, {"sport"}), ({"vote": 1.0, "party": 1.5}, {"politics"}),
            ({"paint": 1.0, "museum": 0.5}, {"arts"}), ({"match": 1.0, "vote": 1.0}, {"sport", "politics"})] * 20
    for x, y in rows:
        learner.learn_one(x, y)
    probe = {"goal": 2.0, "party": 0.5, "never seen": 1.0}
    expected = learner.scores_one(probe)
    learner.save(tmp_path / "named.alt")
    for copy in (altml.load(tmp_path / "named.alt"), pickle.loads(pickle.dumps(learner))):
        assert copy.feature_names == learner.feature_names == ["goal", "match", "vote", "party", "paint", "museum",
                                                               "never seen"]
        assert copy.label_names == ["sport", "politics", "arts"]
        assert copy.scores_one(probe) == expected and copy.scores_one(probe).threshold == expected.threshold
        assert copy.predict_one(probe) == learner.predict_one(probe)
        # names it has not seen get new indices after the saved ones
        copy.learn_one({"new word": 1.0, "goal": 1.0}, {"sport"})
        assert copy.feature_names[-1] == "new word" and copy.feature_names[:-1] == learner.feature_names


def test_a_corrupt_model_file_is_a_model_format_error(tmp_path, corpus):
    X, Y, _, _ = altml.read(corpus["train"])
    altml.Learner("salt").fit(X, Y).save(tmp_path / "good.alt")
    data = (tmp_path / "good.alt").read_bytes()
    for name, damaged in [("truncated", data[: len(data) // 2]), ("empty", b""), ("text", b"not a model\n"),
                          ("flipped", data[:40] + bytes([data[40] ^ 0xFF]) + data[41:])]:
        path = tmp_path / f"{name}.alt"
        path.write_bytes(damaged)
        with pytest.raises(altml.ModelFormatError) as error:
            altml.load(path)
        assert str(path) in str(error.value) or name in ("flipped",), str(error.value)
    with pytest.raises(FileNotFoundError):
        altml.load(tmp_path / "missing.alt")
    with pytest.raises(altml.ModelFormatError):
        pickle.loads(pickle.dumps(altml.Learner("salt").fit(X, Y)).replace(b"ALT", b"XYZ"))


def write_arff(path, X, Y, label_names):
    """X and Y as a sparse Mulan ARFF file with its XML beside it (labels last, named)."""
    d = X.shape[1]
    with open(path, "w") as f:
        f.write("@relation named\n")
        f.writelines(f"@attribute f{j} numeric\n" for j in range(d))
        f.writelines(f"@attribute {name} {{0,1}}\n" for name in label_names)
        f.write("@data\n")
        for i in range(X.shape[0]):
            cells = [f"{j} {v!r}" for j, v in zip(X[i].indices, X[i].data.tolist())]
            cells += [f"{d + k} 1" for k in Y[i].indices]
            f.write("{" + ",".join(cells) + "}\n")
    xml = "".join(f'<label name="{name}"></label>' for name in label_names)
    path.with_suffix(".xml").write_text('<?xml version="1.0"?>\n<labels xmlns="http://mulan.sourceforge.net/labels">'
                                        + xml + "</labels>\n")


def test_named_labels_cross_both_ways_with_arff_data(alt, tmp_path):
    names = ["sport", "politics", "arts", "science"]
    X, Y = altml.generate(n_examples=300, n_features=60, n_labels=4, seed=8)
    write_arff(tmp_path / "train.arff", X[:200], Y[:200], names)
    write_arff(tmp_path / "test.arff", X[200:], Y[200:], names)
    X_train, Y_train, features, labels = altml.read(tmp_path / "train.arff")
    X_test, _, _, _ = altml.read(tmp_path / "test.arff")
    assert labels == names and features == [f"f{j}" for j in range(60)]
    # the CLI's model in Python
    alt("train", "--learner", "salt", "--data", tmp_path / "train.arff", "--model", tmp_path / "cli.alt", "--order", "file")
    lines = cli_predict(alt, tmp_path / "cli.alt", tmp_path / "test.arff", tmp_path / "cli.txt")
    loaded = altml.load(tmp_path / "cli.alt")
    assert loaded.label_names == names
    assert prediction_lines(loaded.predict(X_test), loaded.decision_function(X_test)) == lines
    assert loaded.predict_one(dict(zip(X_test[0].indices.tolist(), X_test[0].data.tolist()))) == \
        {names[int(k)] for k in lines[0].split("\t")[0].split(",") if k}
    # Python's model in the CLI, by name
    learner = altml.Learner("salt", labels=labels).fit(X_train, Y_train)
    learner.save(tmp_path / "python.alt")
    assert cli_predict(alt, tmp_path / "python.alt", tmp_path / "test.arff", tmp_path / "py.txt") == lines
    named = alt("predict", "--model", tmp_path / "python.alt", "--data", tmp_path / "test.arff", "--label-names").stdout
    assert named.split("\n")[0] == ",".join(names[int(k)] for k in lines[0].split("\t")[0].split(",") if k)
    # a model of other label names is refused by the CLI for this data, as for any other model
    altml.Learner("salt", labels=["a", "b", "c", "d"]).fit(X_train, Y_train).save(tmp_path / "other.alt")
    refused = alt("predict", "--model", tmp_path / "other.alt", "--data", tmp_path / "test.arff", check=False)
    assert refused.returncode != 0 and "sport" in refused.stderr


def test_relative_paths_follow_pythons_working_directory(tmp_path, monkeypatch):
    """The JVM resolves a relative path against the directory the process started in; os.chdir (a notebook's %cd)
    does not move it, so every path altml gives Java is made absolute against Python's working directory first."""
    import scipy.sparse as sp
    import numpy as np
    monkeypatch.chdir(tmp_path)
    with open("rel.svm", "w") as f:
        f.write("0,2 1:0.5 4:1.0\n1 2:1.0 3:0.25\n")
    X, Y, _, _ = altml.read("rel.svm")
    learner = altml.Learner("falt").fit(X, Y)
    learner.save("rel.model")
    assert (tmp_path / "rel.model").exists()
    again = altml.load("rel.model")
    assert (again.predict(X) != learner.predict(X)).nnz == 0
    assert isinstance(X, sp.csr_matrix) and np.array_equal(Y.toarray(), [[1, 0, 1], [0, 1, 0]])
