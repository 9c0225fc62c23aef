#!/usr/bin/env python3
"""Turns the JSON files written by `alt evaluate --json` into the markdown tables of experiments/.

Standard library only (python3 >= 3.8). Used by linear-grid.sh and small-datasets.sh; not meant to be
called by hand, although every subcommand is a plain function of files on disk:

  report.py header  CMD ALT_VERSION_FILE                    -> provenance block (markdown)
  report.py check   JSON...                                 -> exit 1 and a message per anomaly
  report.py same    A.json B.json                           -> exit 1 unless the metrics are identical
  report.py grid    TITLE DIR                               -> grid table + the two selections
  report.py edge    TITLE GRID_DIR EDGE_DIR                 -> settings beyond the grid's edge
  report.py best    KEY_FILE rule|f1 DIR [EDGE_DIR]         -> writes the best key and its flags
  report.py seeds   TITLE DIR PAPER_F1 PAPER_RL             -> mean ± std over the seeds in DIR
  report.py small   DIR                                     -> tables of small-datasets.md

A run's JSON file name is its key (e.g. `falt_eta0.25_M20.json`); a run that failed leaves `KEY.err`
beside it instead, which the tables show as a failure with its first error line.
"""
import glob
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time

# The paper's seven metrics (Table 3), in its column order, and whether larger is better.
SEVEN = [
    ("precision", "Psn", True),
    ("recall", "Rcal", True),
    ("f1", "F1", True),
    ("macroF1", "MacroF1", True),
    ("microF1", "MicroF1", True),
    ("hammingLoss", "Hl", False),
    ("rankingLoss", "Rl", False),
]


# ----------------------------------------------------------------------------------------------
# loading
def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def runs_in(directory):
    """Key -> parsed JSON for every run in the directory, plus key -> error text for failures."""
    ok, failed = {}, {}
    for path in sorted(glob.glob(os.path.join(directory, "*.json"))):
        ok[os.path.basename(path)[:-5]] = load(path)
    for path in sorted(glob.glob(os.path.join(directory, "*.err"))):
        key = os.path.basename(path)[:-4]
        if key not in ok:
            with open(path, encoding="utf-8", errors="replace") as f:
                lines = [l.strip() for l in f if l.strip() and not l.startswith(("WARNING", "INFO"))
                         and "VectorizationProvider" not in l]
            failed[key] = lines[0] if lines else "(no message)"
    return ok, failed


def anomalies(run):
    """Problems with one run's metrics: NaN, infinities, fractions outside [0, 1]."""
    found = []
    for name, value in run["metrics"].items():
        if value is None or not isinstance(value, (int, float)):
            found.append(f"{name} = {value!r} (not a number)")
        elif math.isnan(value) or math.isinf(value):
            found.append(f"{name} = {value}")
        elif name not in ("coverage",) and not (0.0 <= value <= 1.0):
            found.append(f"{name} = {value} (outside [0, 1])")
    for name in ("trainSeconds", "testSeconds"):
        value = run.get(name)
        if not isinstance(value, (int, float)) or value < 0 or math.isnan(value):
            found.append(f"{name} = {value!r}")
    return found


# ----------------------------------------------------------------------------------------------
# the paper's selection rule
def wins(a, b):
    """Number of the seven metrics on which run a is strictly better than run b."""
    n = 0
    for name, _, larger_is_better in SEVEN:
        x, y = a["metrics"][name], b["metrics"][name]
        if (x > y) if larger_is_better else (x < y):
            n += 1
    return n


def select_paper_rule(keys, runs):
    """The paper's rule applied as a running comparison in grid order: between the kept setting and
    the next one, keep the one better on more of the seven metrics (the kept one on a tie). The rule
    is not transitive, so the order matters; copeland() gives an order-free cross-check."""
    best = None
    for key in keys:
        if best is None:
            best = key
        elif wins(runs[key], runs[best]) > wins(runs[best], runs[key]):
            best = key
    return best


def copeland(keys, runs):
    """Order-free variant of the same rule: the setting that beats the most others pairwise."""
    score = {}
    for a in keys:
        score[a] = sum(1 for b in keys if b != a and wins(runs[a], runs[b]) > wins(runs[b], runs[a]))
    top = max(score.values())
    return [k for k in keys if score[k] == top], top


# ----------------------------------------------------------------------------------------------
# formatting
def pct(v):
    return f"{100.0 * v:.2f}"


def frac(v):
    return f"{v:.3f}"


def settings_text(run):
    s = run["run"]["settings"]
    parts = []
    for name in ("eta", "delta", "c", "maxUpdates"):
        if name in s:
            label = {"eta": "η", "delta": "δ", "c": "C", "maxUpdates": "M"}[name]
            value = s[name]
            if name in ("eta", "delta", "c"):
                value = pow2(float(value))
            parts.append(f"{label}={value}")
    return ", ".join(parts)


def pow2(x):
    """1.0 -> '1', 0.25 -> '2^-2', 16.0 -> '16' (powers of two as the paper writes its grids)."""
    if x > 0:
        e = math.log2(x)
        if abs(e - round(e)) < 1e-12:
            e = int(round(e))
            return f"2^{e}" if e < 0 else str(int(x))
    return f"{x:g}"


def grid_sort_key(run):
    s = run["run"]["settings"]
    return (run["run"]["learner"], float(s.get("eta", 0)), float(s.get("delta", 0)),
            int(s.get("maxUpdates", 0)))


# ----------------------------------------------------------------------------------------------
# subcommands
def cmd_header(command, version_file):
    with open(version_file, encoding="utf-8") as f:
        version = [l.rstrip() for l in f if l.strip() and not l.startswith(("WARNING", "INFO"))
                   and "VectorizationProvider" not in l]
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    jdk = next((l for l in version if l.startswith("JDK")), "unknown")
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, check=False).stdout.strip() or "unknown"
        # the scripts rewrite their own results and markdown: only other changes make the tree dirty
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".",
                                ":(exclude)experiments/results", ":(exclude)experiments/*.md"],
                               capture_output=True, text=True, check=False).stdout.strip()
        if dirty:
            commit += " (with uncommitted changes)"
    except OSError:
        commit = "unknown"
    print("Produced by:\n")
    print("```")
    print(command)
    print("```\n")
    print(f"- date: {time.strftime('%Y-%m-%d %H:%M:%S %Z')}")
    print(f"- machine: {os.cpu_count()} cores (nproc), CPU `{cpu}`, {platform.system()} "
          f"{platform.release()}; shared with other jobs, so timings are indicative only")
    print(f"- JDK: {jdk[len('JDK'):].strip() if jdk.startswith('JDK') else jdk}")
    print(f"- git commit: {commit}")
    print("- `./alt --version`:\n")
    print("```")
    for line in version:
        print(line)
    print("```")


def cmd_check(paths):
    bad = 0
    for path in paths:
        for problem in anomalies(load(path)):
            print(f"ANOMALY {path}: {problem}")
            bad += 1
    return 1 if bad else 0


def cmd_same(a, b):
    ra, rb = load(a), load(b)
    if ra["metrics"] == rb["metrics"]:
        return 0
    for name in sorted(set(ra["metrics"]) | set(rb["metrics"])):
        if ra["metrics"].get(name) != rb["metrics"].get(name):
            print(f"NOT DETERMINISTIC {name}: {ra['metrics'].get(name)!r} vs {rb['metrics'].get(name)!r}")
    return 1


def seven_header(extra_first, extra_last):
    cols = extra_first + [label for _, label, _ in SEVEN] + extra_last
    return "| " + " | ".join(cols) + " |\n|" + "|".join("---" for _ in cols) + "|"


def cmd_grid(title, directory):
    runs, failed = runs_in(directory)
    keys = sorted(runs, key=lambda k: grid_sort_key(runs[k]))
    print(f"### {title}: grid ({len(keys)} settings, metrics in %, seed 1)\n")
    print(seven_header(["setting"], ["train s", "test s"]))
    best_f1 = max(keys, key=lambda k: runs[k]["metrics"]["f1"])
    best_rule = select_paper_rule(keys, runs)
    for k in keys:
        r = runs[k]
        mark = ""
        if k == best_rule:
            mark += " **(rule)**"
        if k == best_f1:
            mark += " **(F1)**"
        cells = [settings_text(r) + mark] + [pct(r["metrics"][m]) for m, _, _ in SEVEN]
        cells += [f"{r['trainSeconds']:.2f}", f"{r['testSeconds']:.2f}"]
        print("| " + " | ".join(cells) + " |")
    for k, message in failed.items():
        print(f"| {k} | FAILED: {message} |" + " |" * 8)
    cope, score = copeland(keys, runs)
    print()
    print(f"- Best by the paper's rule (running pairwise comparison in the table's order): "
          f"**{settings_text(runs[best_rule])}** (F1 {pct(runs[best_rule]['metrics']['f1'])}, "
          f"Rl {pct(runs[best_rule]['metrics']['rankingLoss'])}).")
    print(f"- Order-free cross-check (setting beating the most others pairwise by the same rule, "
          f"{score} of {len(keys) - 1}): " + "; ".join(settings_text(runs[c]) for c in cope) + ".")
    print(f"- Best by F1: **{settings_text(runs[best_f1])}** (F1 {pct(runs[best_f1]['metrics']['f1'])}, "
          f"Rl {pct(runs[best_f1]['metrics']['rankingLoss'])}).")
    total = sum(r["trainSeconds"] + r["testSeconds"] for r in runs.values())
    print(f"- Learning + predicting time over the grid: {total:.1f} s.")
    if failed:
        print(f"- **{len(failed)} run(s) failed**: " + "; ".join(f"{k}: {m}" for k, m in failed.items()))
    print()
    return 0


def cmd_edge(title, main_dir, edge_dir):
    """Extra settings just outside the grid's edges where its best landed: their table, then both
    selections over grid + extra settings, saying whether the best moves."""
    main, _ = runs_in(main_dir)
    edge, failed = runs_in(edge_dir)
    keys = sorted(edge, key=lambda k: grid_sort_key(edge[k]))
    print(f"### {title}: edge check ({len(keys)} settings beyond the grid's edge, metrics in %, seed 1)\n")
    print(seven_header(["setting"], ["train s", "test s"]))
    for k in keys:
        r = edge[k]
        cells = [settings_text(r)] + [pct(r["metrics"][m]) for m, _, _ in SEVEN]
        cells += [f"{r['trainSeconds']:.2f}", f"{r['testSeconds']:.2f}"]
        print("| " + " | ".join(cells) + " |")
    for k, message in failed.items():
        print(f"| {k} | FAILED: {message} |" + " |" * 8)
    union = dict(main)
    union.update({"edge:" + k: v for k, v in edge.items()})
    ukeys = sorted(union, key=lambda k: grid_sort_key(union[k]))
    grid_rule = select_paper_rule(sorted(main, key=lambda k: grid_sort_key(main[k])), main)
    grid_f1 = max(main, key=lambda k: main[k]["metrics"]["f1"])
    rule = select_paper_rule(ukeys, union)
    cope, score = copeland(ukeys, union)
    f1 = max(ukeys, key=lambda k: union[k]["metrics"]["f1"])
    print()
    for what, old, new in (("paper's rule", grid_rule, rule), ("F1", grid_f1, f1)):
        r = union[new]
        moved = "moves to" if new != old else "stays at"
        print(f"- Over grid + edge settings, the best by {what} {moved} **{settings_text(r)}** "
              f"(F1 {pct(r['metrics']['f1'])}, Rl {pct(r['metrics']['rankingLoss'])}).")
    print(f"- Order-free cross-check over grid + edge ({score} of {len(ukeys) - 1} pairwise wins): "
          + "; ".join(settings_text(union[c]) for c in cope) + ".")
    print()
    return 0


def cmd_best(out_file, by, *directories):
    """Writes the key and the reproducing flags of the best run over the directories (by the paper's
    rule in table order, or by F1); an edge directory's key gets the prefix 'edge-'."""
    runs = {}
    for i, directory in enumerate(directories):
        found, _ = runs_in(directory)
        runs.update({("edge-" if i else "") + k: v for k, v in found.items()})
    keys = sorted(runs, key=lambda k: grid_sort_key(runs[k]))
    if by == "f1":
        best = max(keys, key=lambda k: runs[k]["metrics"]["f1"])
    else:
        best = select_paper_rule(keys, runs)
    s = runs[best]["run"]["settings"]
    # shell-readable: the flags that reproduce the setting
    flags = [f"--eta {s['eta']}", f"--max-updates {s['maxUpdates']}"]
    if "delta" in s:
        flags.insert(1, f"--delta {s['delta']}")
    with open(out_file, "w", encoding="utf-8") as f:
        f.write(best + "\n" + " ".join(flags) + "\n")
    return 0


def mean_std(values):
    m = statistics.fmean(values)
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return m, sd


def cmd_seeds(title, directory, paper_f1, paper_rl):
    runs, failed = runs_in(directory)
    keys = sorted(runs, key=lambda k: runs[k]["run"]["seeds"]["order"])
    if not keys:
        print(f"### {title}: no seed runs (not run yet?)\n")
        return 0
    seeds = [runs[k]["run"]["seeds"]["order"] for k in keys]
    setting = settings_text(runs[keys[0]])
    print(f"### {title}, {setting}: mean ± std over seeds {', '.join(map(str, seeds))} (metrics in %)\n")
    print(seven_header(["seed"], ["train s"]))
    for k in keys:
        r = runs[k]
        cells = [str(r["run"]["seeds"]["order"])] + [pct(r["metrics"][m]) for m, _, _ in SEVEN]
        cells.append(f"{r['trainSeconds']:.2f}")
        print("| " + " | ".join(cells) + " |")
    cells = ["**mean (std)**"]
    for m, _, _ in SEVEN:
        mu, sd = mean_std([runs[k]["metrics"][m] for k in keys])
        cells.append(f"**{pct(mu)}** ({pct(sd)})")
    mu, _ = mean_std([runs[k]["trainSeconds"] for k in keys])
    cells.append(f"{mu:.2f}")
    print("| " + " | ".join(cells) + " |")
    f1, _ = mean_std([runs[k]["metrics"]["f1"] for k in keys])
    rl, _ = mean_std([runs[k]["metrics"]["rankingLoss"] for k in keys])
    print()
    print(f"Against the paper's Table 3 (F1 {paper_f1}, Rl {paper_rl}): here F1 "
          f"{pct(f1)} ({100 * f1 - float(paper_f1):+.2f} points), Rl {pct(rl)} "
          f"({100 * rl - float(paper_rl):+.2f} points; lower is better). Std is the sample standard "
          f"deviation (n − 1) over {len(keys)} permutations.")
    if failed:
        print(f"\n**{len(failed)} seed run(s) failed**: " + "; ".join(f"{k}: {m}" for k, m in failed.items()))
    print()
    return 0


# Peer F1 results given in issue 3 (same standard Mulan splits, F1 as docs/spec.md#f1 defines it).
PEERS = {
    "emotions": [("MOA AMRules", 0.664), ("LIBLINEAR BR", 0.633), ("Tribuo", 0.578)],
    "scene": [("LIBLINEAR BR", 0.609), ("Tribuo", 0.599), ("MOA AMRules", 0.587)],
    "yeast": [],
}
# The paper's Table 3 for these data sets: FALT(k) (RBF kernel), tuned, mean of 20 permutations, in %.
PAPER_KERNEL = {
    "emotions": ("FALT(k)", [69.64, 73.52, 71.52, 70.19, 71.30, 19.50, 15.54]),
    "scene": ("FALT(k)", [73.12, 75.25, 74.17, 75.83, 75.24, 8.77, 7.18]),
    "yeast": ("FALT(k)", [68.63, 67.86, 68.23, 42.60, 67.57, 19.48, 16.03]),
}
LEARNER_NAMES = {"falt": "FALT", "salt": "SALT", "pa1": "PA-I", "pa2": "PA-II"}


def cmd_small(directory):
    """Keys look like DATASET_LEARNER_SCALE_ORDER (order = file or shuffle1)."""
    runs, failed = runs_in(directory)
    datasets = []
    for k in sorted(runs) + sorted(failed):
        d = k.split("_")[0]
        if d not in datasets:
            datasets.append(d)
    order_rank = {"file": 0, "shuffle1": 1}
    scale_rank = {"none": 0, "standardize": 1, "l2": 2}
    learner_rank = {"falt": 0, "salt": 1, "pa1": 2, "pa2": 3}
    for d in datasets:
        keys = [k for k in runs if k.split("_")[0] == d]
        keys.sort(key=lambda k: (order_rank.get(k.split("_")[3], 9), scale_rank.get(k.split("_")[2], 9),
                                 learner_rank.get(k.split("_")[1], 9)))
        sample = runs[keys[0]] if keys else None
        n_train = sample["trainExamples"] if sample else "?"
        n_test = sample["testExamples"] if sample else "?"
        print(f"### {d} ({n_train} train / {n_test} test examples)\n")
        print(seven_header(["learner", "scale", "order"], ["train s", "test s"]))
        for k in keys:
            r = runs[k]
            _, learner, scale, order = k.split("_")
            cells = [LEARNER_NAMES.get(learner, learner), scale,
                     "file" if order == "file" else "shuffle, seed 1"]
            cells += [frac(r["metrics"][m]) for m, _, _ in SEVEN]
            cells += [f"{r['trainSeconds']:.3f}", f"{r['testSeconds']:.3f}"]
            print("| " + " | ".join(cells) + " |")
        for k in [k for k in failed if k.split("_")[0] == d]:
            print(f"| {k} | FAILED: {failed[k]} |" + " |" * 10)
        print()
        peers = PEERS.get(d, [])
        if peers:
            print("Peer F1 on the same split (from issue 3): "
                  + ", ".join(f"{name} {v:.3f}" for name, v in peers) + ".\n")
            file_rows = [k for k in keys if k.endswith("_file")]
            for scale in ("none", "standardize"):
                rows = [k for k in file_rows if k.split("_")[2] == scale]
                if rows:
                    best = max(rows, key=lambda k: runs[k]["metrics"]["f1"])
                    f1 = runs[best]["metrics"]["f1"]
                    beaten = [name for name, v in peers if f1 > v]
                    print(f"- file order, scale {scale}: best F1 {frac(f1)} "
                          f"({LEARNER_NAMES[best.split('_')[1]]}); above "
                          + (", ".join(beaten) if beaten else "none of the peers") + ".")
            print()
        name, values = PAPER_KERNEL[d]
        print(f"Paper Table 3, {name} (RBF kernel, tuned by 10-fold CV, mean of 20 permutations; not the "
              f"same algorithm nor protocol, for orientation only): "
              + ", ".join(f"{label} {v / 100:.3f}" for (_, label, _), v in zip(SEVEN, values)) + ".\n")
    return 0


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    cmd, args = argv[1], argv[2:]
    if cmd == "header":
        cmd_header(*args)
        return 0
    if cmd == "check":
        return cmd_check(args)
    if cmd == "same":
        return cmd_same(*args)
    if cmd == "grid":
        return cmd_grid(*args)
    if cmd == "edge":
        return cmd_edge(*args)
    if cmd == "best":
        return cmd_best(*args)
    if cmd == "seeds":
        return cmd_seeds(*args)
    if cmd == "small":
        return cmd_small(*args)
    print(f"unknown subcommand {cmd}\n{__doc__}")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
