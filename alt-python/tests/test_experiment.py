"""altml.experiment: alt experiment's protocol from Python, the same tables as the command line, resumable."""

import csv
import json
import os

import pytest

import altml

METRICS = ["precision", "recall", "f1", "macroF1", "microF1", "hammingLoss", "rankingLoss"]
TIMES = ["trainSeconds", "testSeconds"]


@pytest.fixture(scope="module")
def files(tmp_path_factory, alt):
    """Two small generated datasets (train and test files each)."""
    out = tmp_path_factory.mktemp("experiment-data")
    paths = {}
    for name, seed in (("alpha", 3), ("beta", 4)):
        shape = ["--num-features", 120, "--num-labels", 6, "--seed", seed]
        alt("generate", "-n", 150, *shape, out / f"{name}-train.svm")
        alt("generate", "-n", 80, "--skip", 150, *shape, out / f"{name}-test.svm")
        paths[name] = (out / f"{name}-train.svm", out / f"{name}-test.svm")
    return paths


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_experiment_gives_the_tables_of_alt_experiment_and_resumes(alt, files, tmp_path):
    plan = tmp_path / "plan.txt"
    plan.write_text("".join(f"{name}: --train {train} --test {test} --learners salt,falt --fix salt:delta=2"
                            f" --given falt:eta=0.25,max-updates=2\n" for name, (train, test) in files.items()))
    alt("experiment", "--plan", plan, "--runs", 3, "--folds", 2, "--cv-seed", 4, "--seed", 9, "--grid", "none",
        "--curve-points", 0, "--out", tmp_path / "cli")
    out = tmp_path / "py"
    result = altml.experiment(files, ["salt", "falt"], out, runs=3, folds=2, cv_seed=4, seed=9, mode="none",
                              fix={"salt": {"delta": 2}}, given={"falt": {"eta": 0.25, "max_updates": 2}},
                              curve_points=0)
    # the same numbers as the command line (times aside), and the returned table is the file's
    cli_rows = read_csv(tmp_path / "cli" / "tables.csv")
    py_rows = read_csv(out / "tables.csv")
    assert len(cli_rows) == len(py_rows) == 2 * 2 * (len(METRICS) + len(TIMES))
    for a, b in zip(cli_rows, py_rows):
        if a["column"] not in TIMES:
            assert a == b
    for row, text in zip(result.tables, py_rows):
        assert row["dataset"] == text["dataset"] and row["learner"] == text["learner"]
        assert row["mean"] == float(text["mean"]) and row["runs"] == int(text["runs"]) == 3
        assert row["bold"] == (text["bold"] == "true") and (row["tP"] is None) == (text["tP"] == "")
    # table 3: the means by dataset and learner; runs: every run with its seed
    assert result.table3.columns == ["dataset", "learner"] + METRICS
    assert [(r["dataset"], r["learner"]) for r in result.table3] == [(d, k) for d in files for k in ("salt", "falt")]
    f1 = {(r["dataset"], r["learner"]): r["mean"] for r in result.tables if r["column"] == "f1"}
    assert all(r["f1"] == f1[(r["dataset"], r["learner"])] for r in result.table3)
    assert result.table4.columns == ["dataset", "learner"] + TIMES
    assert len(result.runs) == 12 and sorted(set(result.runs.column("seed"))) == [9, 10, 11]
    salt_alpha = result.runs.where(dataset="alpha", learner="salt")
    assert sum(salt_alpha.column("f1")) / 3 == pytest.approx(f1[("alpha", "salt")], rel=1e-12)
    # the settings: given as given, tuned with the fixed value held; the same the command line chose
    assert result.selected[("alpha", "falt")] == {"eta": 0.25, "max_updates": 2}
    assert result.selected[("beta", "salt")]["delta"] == 2.0
    cli_json = json.loads((tmp_path / "cli" / "experiment.json").read_text())
    assert json.dumps(cli_json, sort_keys=True).count('"delta": "2.0"') >= 1
    # two datasets: a Friedman test per metric, the learners ranked
    assert set(result.friedman.column("metric")) <= set(METRICS) and len(result.friedman) >= 1
    assert all(1.0 <= r["salt"] <= 2.0 and r["salt"] + r["falt"] == 3.0 for r in result.friedman)
    assert "| alpha |" in result.table3_markdown
    assert all(os.path.exists(f) for f in result.files)
    assert str(out / "experiment.json") in result.files
    # again: everything is taken from the store, nothing recomputed, the same tables
    stored = (out / "runs.jsonl").read_text()
    again = altml.experiment(files, ["salt", "falt"], out, runs=3, folds=2, cv_seed=4, seed=9, mode="none",
                             fix={"salt": {"delta": 2}}, given={"falt": {"eta": 0.25, "max_updates": 2}},
                             curve_points=0)
    assert (out / "runs.jsonl").read_text() == stored
    assert again.tables.to_dicts() == result.tables.to_dicts()


@pytest.mark.parametrize("kwargs, error, message", [
    ({"learners": ["flat"]}, ValueError, "did you mean 'falt'"),
    ({"given": {"pa1": {"c": 1.0}}}, ValueError, "given names pa1, which is not in --learners"),
    ({"fix": {"salt": {"etaa": 1.0}}}, ValueError, "etaa"),
    ({"runs": 1}, ValueError, "runs must be >= 2"),
    ({"folds": 1}, ValueError, "folds must be >= 2"),
    ({"mode": "papr"}, ValueError, "mode: a grid is paper, coarse or none"),
    ({"datasets": []}, ValueError, "datasets is empty"),
    ({"learners": []}, ValueError, "learners must be a non-empty list"),
    ({"learners": "salt"}, ValueError, "learners must be a non-empty list"),
    ({"datasets": [("a.svm",)]}, ValueError, "a dataset is a"),
])
def test_bad_arguments_raise_value_error_before_any_work(files, tmp_path, kwargs, error, message):
    args = {"datasets": {"alpha": files["alpha"]}, "learners": ["salt"], "runs": 2, "folds": 2, "mode": "none",
            "curve_points": 0, **kwargs}
    out = tmp_path / "out"
    with pytest.raises(error, match=message):
        altml.experiment(args.pop("datasets"), args.pop("learners"), out, **args)
    assert not out.exists()


def test_a_test_set_of_another_shape_is_refused_as_alt_experiment_refuses_it(alt, tmp_path):
    alt("generate", "-n", 40, "--num-features", 30, "--num-labels", 4, tmp_path / "a-train.arff")
    alt("generate", "-n", 40, "--num-features", 20, "--num-labels", 4, tmp_path / "b.arff")
    with pytest.raises(ValueError, match="has 20 features, fewer than the 30 of the training data"):
        altml.experiment([(tmp_path / "a-train.arff", tmp_path / "b.arff")], ["salt"], tmp_path / "out", runs=2,
                         folds=2, mode="none")
    assert not (tmp_path / "out").exists()


def test_bad_files_raise_the_readers_errors(files, tmp_path):
    bad = tmp_path / "bad-train.svm"
    bad.write_text("0 1:0.5\n1,2 3:x\n")
    with pytest.raises(altml.DataFormatError) as e:
        altml.experiment([(bad, files["alpha"][1])], ["salt"], tmp_path / "out", runs=2, folds=2, mode="none")
    assert e.value.line == 2 and "bad-train.svm" in str(e.value)
    assert not (tmp_path / "out").exists()  # the data is read before the output folder is made
    with pytest.raises(FileNotFoundError, match="missing.svm"):
        altml.experiment([(tmp_path / "missing.svm", files["alpha"][1])], ["salt"], tmp_path / "out2", runs=2,
                         folds=2, mode="none")
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    with pytest.raises(ValueError, match="is not a folder"):
        altml.experiment({"alpha": files["alpha"]}, ["salt"], not_a_folder, runs=2, folds=2, mode="none")
