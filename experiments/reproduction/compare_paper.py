#!/usr/bin/env python3
"""Our Table 3 beside the paper's, cell by cell, for the rows where the paper ran the same learner on the
same (or a stand-in) dataset: the linear learners on Bibtex and on Rcv1v2 (topics), for which the five
rcv1subsetN sets stand in (their mean over the five subsets; the paper's sets are 23,149 / 781,265
documents, ours 3,000 / 3,000 each). Prints a Markdown table: ours (paper), difference in points."""
import json, sys

HEAD = ["Psn", "Rcal", "F1", "MacroF1", "MicroF1", "Hl", "Rl"]
METRICS = ["precision", "recall", "f1", "macroF1", "microF1", "hammingLoss", "rankingLoss"]
PAPER = {  # Table 3 of the paper, in percent
    "Bibtex": {
        "pa1": [44.53, 37.36, 40.61, 26.73, 40.05, 1.53, 9.26],
        "pa2": [44.71, 37.22, 40.60, 26.71, 40.18, 1.51, 9.30],
        "falt": [45.27, 43.69, 44.25, 30.13, 41.78, 1.67, 6.47],
        "salt": [45.42, 47.57, 46.35, 32.26, 42.54, 1.78, 6.61],
    },
    "Rcv1v2 (topics)": {
        "pa1": [88.23, 78.95, 83.33, 53.77, 79.83, 1.20, 1.30],
        "pa2": [88.72, 78.72, 83.42, 53.13, 79.94, 1.19, 1.15],
        "falt": [84.69, 83.63, 84.14, 56.56, 79.73, 1.29, 0.79],
        "salt": [84.86, 84.10, 84.47, 56.69, 80.29, 1.26, 0.86],
    },
}
NAMES = {"pa1": "PA-I-BR(l)", "pa2": "PA-II-BR(l)", "falt": "FALT(l)", "salt": "SALT"}

ours = {}
for path in sys.argv[1:]:
    for d in json.load(open(path))["datasets"]:
        for l in d["learners"]:
            ours[(d["name"], l["learner"])] = [100 * l["summary"][m]["mean"] for m in METRICS]

print("| paper dataset (ours) | algorithm | " + " | ".join(HEAD) + " |")
print("|---|---|" + "---|" * len(HEAD))
for pd, rows in PAPER.items():
    for learner, paper in rows.items():
        if pd == "Bibtex":
            mine, label = ours.get(("bibtex", learner)), "Bibtex (bibtex)"
        else:
            subs = [ours[(f"rcv1subset{n}", learner)] for n in range(1, 6) if (f"rcv1subset{n}", learner) in ours]
            mine = [sum(c) / len(subs) for c in zip(*subs)] if subs else None
            label = f"Rcv1v2 topics (mean of {len(subs)} rcv1subsetN)"
        if mine is None:
            continue
        cells = [f"{m:.2f} ({p:.2f}) {m - p:+.2f}" for m, p in zip(mine, paper)]
        print(f"| {label} | {NAMES[learner]} | " + " | ".join(cells) + " |")
