"""altml.tune: alt tune's cross-validation on in-memory matrices, the same numbers as the command line's --json."""

import json

import numpy as np
import pytest

import altml
from csr_files import read

METRICS = ["precision", "recall", "f1", "macroF1", "microF1", "hammingLoss", "rankingLoss"]


@pytest.fixture(scope="module")
def train(corpus):
    return read(corpus["train"])


def test_tune_gives_the_numbers_of_alt_tune_json(alt, corpus, train):
    X, Y = train
    cli = json.loads(alt("tune", "--train", corpus["train"], "--learner", "salt", "--eta", "0.25,1,4", "--max-updates",
                         "1,2", "--delta", "2", "--grid", "none", "--folds", 3, "--cv-seed", 5, "--json",
                         "--threads", 1).stdout)
    tuned = altml.tune("salt", X, Y, grid={"eta": [0.25, 1, 4], "max_updates": "1,2"}, delta=2, mode="none", folds=3,
                       seed=5)
    assert tuned.kind == "salt" and tuned.axes == ["eta", "max_updates"]
    assert tuned.grid == cli["grid"]
    assert len(tuned.table) == len(cli["candidates"]) == 6
    for row, candidate in zip(tuned.table, cli["candidates"]):
        assert row["eta"] == float(candidate["eta"]) and row["max_updates"] == int(candidate["maxUpdates"])
        assert row["score"] == candidate["score"]
        for m in METRICS:
            assert row[m] == candidate[m], (m, row, candidate)
        folds = tuned.fold_table.where(eta=row["eta"], max_updates=row["max_updates"])
        assert [r["fold"] for r in folds] == [0, 1, 2]
        for m in METRICS:
            assert [r[m] for r in folds] == candidate["folds"][m]
    assert tuned.means == cli["selectedCvMeans"]
    assert [list(f) for f in tuned.held_out] == cli["heldOut"]
    # the selected setting, in Python's spelling: the searched values always, the fixed one, no other default
    chosen = [r for r in tuned.table if r["selected"]]
    assert len(chosen) == 1
    assert tuned.selected == {"eta": chosen[0]["eta"], "delta": 2.0, "max_updates": chosen[0]["max_updates"]}
    in_effect = {k: v for k, v in cli["selected"].items() if v}
    learner = altml.Learner("salt", **tuned.selected)
    assert {str(k): str(v) for k, v in learner._java.settingsText().items() if str(v)} == in_effect
    assert tuned.learner().get_params() == learner.get_params()


def test_tune_is_reproducible_and_the_seed_matters(train):
    X, Y = train
    first = altml.tune("falt", X, Y, grid={"eta": "2^-2..2^0"}, mode="none", folds=3, seed=2)
    again = altml.tune("falt", X, Y, grid={"eta": [0.25, 0.5, 1.0]}, mode="none", folds=3, seed=2, threads=1)
    assert first.table.to_dicts() == again.table.to_dicts()
    other = altml.tune("falt", X, Y, grid={"eta": [0.25, 0.5, 1.0]}, mode="none", folds=3, seed=3)
    assert [list(f) for f in other.held_out] != [list(f) for f in first.held_out]
    assert other.table.column("f1") != first.table.column("f1")


def test_tune_selects_by_one_metric_and_scales(train):
    X, Y = train
    tuned = altml.tune("salt", X, Y, grid={"eta": [0.0625, 4.0]}, mode="none", folds=2, select="hammingLoss",
                       scale="l2")
    losses = tuned.table.column("hammingLoss")
    assert tuned.selected["eta"] == tuned.table.column("eta")[int(np.argmin(losses))]
    assert tuned.selected["scale"] == "l2" and tuned.learner().scale == "l2"
    assert tuned.table.column("score") == [-v for v in losses]  # the selection's score: higher is better


def test_tune_with_the_paper_grid_searches_the_parameters_not_given(train):
    X, Y = train
    tuned = altml.tune("salt", X, Y, mode="coarse", folds=2, eta=1.0, delta=1.0)
    assert "eta" not in tuned.axes and tuned.axes  # eta fixed; maxUpdatesFactor's coarse grid searched
    assert len(tuned.table) > 1 and tuned.selected.get("eta", 1.0) == 1.0


@pytest.mark.parametrize("kwargs, message", [
    ({"grid": {"etaa": [1, 2]}}, "no parameter 'etaa'.*did you mean 'eta'"),
    ({"grid": {"eta": [1, -2]}}, "eta"),
    ({"grid": {"eta": "2^3..2^1"}}, "eta: a range"),
    ({"grid": {"eta": []}}, "eta lists no value"),
    ({"grid": {"eta": [1, 2]}, "eta": 3}, "eta is given twice"),
    ({"folds": 1}, "folds must be >= 2"),
    ({"search": "fast"}, "search must be full, halving or refine"),
    ({"select": "f2"}, "select is paper or one of"),
    ({"mode": "papr"}, "mode: a grid is paper, coarse or none.*did you mean 'paper'"),
    ({"scale": "standardise"}, "scale: .*standardize"),
    ({"zero_division": "two"}, "zero_division: must be spec, zero or one"),
    ({"folds": 10_000}, "fewer than the 10000 folds"),
])
def test_bad_arguments_raise_value_error_naming_them(train, kwargs, message):
    X, Y = train
    with pytest.raises(ValueError, match=message):
        altml.tune("salt", X, Y, **{"mode": "none", "folds": 2, **kwargs})


def test_bad_data_raises_value_error(train):
    X, Y = train
    with pytest.raises(ValueError, match="rows"):
        altml.tune("salt", X, Y[:10], mode="none", folds=2)
    with pytest.raises(ValueError, match="did you mean 'falt'"):
        altml.tune("flat", X, Y, folds=2)
