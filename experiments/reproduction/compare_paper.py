#!/usr/bin/env python3
"""Our Table 3 beside the paper's, cell by cell, for the rows where the paper ran the same learner on the
same (or a stand-in) dataset: the kernel and ELM learners on Emotions, Scene, Yeast and Birds; the linear
and ELM learners on Bibtex and on Rcv1v2 (topics), for which the five rcv1subsetN sets stand in (their mean over
the five subsets; the paper's sets are 23,149 / 781,265 documents, ours 3,000 / 3,000 each). Usage:
compare_paper.py EXPERIMENT_JSON... Prints a Markdown table: ours (paper), difference in points; a * marks
a difference larger than twice the larger of the two standard deviations."""
import json, sys

HEAD = ["Psn", "Rcal", "F1", "MacroF1", "MicroF1", "Hl", "Rl"]
METRICS = ["precision", "recall", "f1", "macroF1", "microF1", "hammingLoss", "rankingLoss"]
PAPER = {  # Table 3 of the paper, in percent (means)
    "Emotions": {
        "osml-elm": [66.00, 60.64, 63.20, 64.29, 65.66, 20.91, 17.57],
        "elm-omll": [67.31, 72.85, 69.97, 69.48, 70.12, 20.57, 16.38],
        "pa1-k": [67.56, 64.74, 66.11, 67.26, 68.78, 19.59, 15.53],
        "pa2-k": [66.91, 64.25, 65.55, 66.86, 68.47, 19.73, 15.63],
        "falt-k": [69.64, 73.52, 71.52, 70.19, 71.30, 19.50, 15.54],
    },
    "Scene": {
        "osml-elm": [61.27, 61.57, 61.42, 68.65, 68.13, 10.20, 9.96],
        "elm-omll": [64.79, 71.94, 68.18, 69.65, 68.57, 11.72, 10.69],
        "pa1-k": [70.57, 70.44, 70.50, 74.16, 73.96, 8.77, 7.39],
        "pa2-k": [70.43, 70.42, 70.43, 74.07, 73.83, 8.83, 7.47],
        "falt-k": [73.12, 75.25, 74.17, 75.83, 75.24, 8.77, 7.18],
    },
    "Yeast": {
        "osml-elm": [69.20, 57.74, 62.95, 35.39, 62.85, 20.44, 18.34],
        "elm-omll": [68.58, 62.37, 65.33, 39.86, 65.10, 20.01, 17.76],
        "pa1-k": [71.59, 58.97, 64.65, 40.30, 64.85, 19.22, 16.24],
        "pa2-k": [71.73, 58.91, 64.67, 39.66, 64.84, 19.20, 16.29],
        "falt-k": [68.63, 67.86, 68.23, 42.60, 67.57, 19.48, 16.03],
    },
    "Birds": {
        "osml-elm": [64.22, 59.20, 61.61, 23.69, 38.96, 4.46, 9.53],
        "elm-omll": [64.24, 64.66, 64.45, 33.51, 44.05, 5.81, 10.16],
        "pa1-k": [64.60, 64.34, 64.47, 36.95, 46.18, 5.17, 10.42],
        "pa2-k": [64.60, 64.34, 64.47, 37.04, 46.33, 5.13, 10.81],
        "falt-k": [65.19, 71.42, 68.16, 41.43, 50.01, 5.70, 9.36],
    },
    "Bibtex": {
        "osml-elm": [34.92, 20.21, 25.60, 7.05, 26.89, 1.31, 11.73],
        "elm-omll": [44.34, 43.30, 43.81, 28.23, 43.15, 1.59, 11.79],
        "pa1": [44.53, 37.36, 40.61, 26.73, 40.05, 1.53, 9.26],
        "pa2": [44.71, 37.22, 40.60, 26.71, 40.18, 1.51, 9.30],
        "falt": [45.27, 43.69, 44.25, 30.13, 41.78, 1.67, 6.47],
        "salt": [45.42, 47.57, 46.35, 32.26, 42.54, 1.78, 6.61],
    },
    "Rcv1v2 (topics)": {
        "osml-elm": [83.57, 54.95, 66.31, 19.22, 64.06, 1.79, 2.94],
        "elm-omll": [76.52, 71.88, 74.13, 30.91, 70.80, 1.77, 2.94],
        "pa1": [88.23, 78.95, 83.33, 53.77, 79.83, 1.20, 1.30],
        "pa2": [88.72, 78.72, 83.42, 53.13, 79.94, 1.19, 1.15],
        "falt": [84.69, 83.63, 84.14, 56.56, 79.73, 1.29, 0.79],
        "salt": [84.86, 84.10, 84.47, 56.69, 80.29, 1.26, 0.86],
    },
}
PAPER_STD = {  # the paper's standard deviations of the rows above, where the comparison marks gaps
    "Emotions": {"osml-elm": [1.70, 1.39, 1.41, 1.27, 1.14, 0.64, 0.90], "elm-omll": [1.03, 1.00, 0.95, 0.78, 0.76, 0.48, 0.42],
                 "pa1-k": [2.19, 2.54, 2.14, 1.94, 1.52, 0.75, 0.91], "pa2-k": [1.97, 1.93, 1.77, 1.68, 1.26, 0.63, 0.86],
                 "falt-k": [0.67, 0.96, 0.53, 0.49, 0.39, 0.27, 0.16]},
    "Scene": {"osml-elm": [0.93, 0.94, 0.93, 0.79, 0.76, 0.22, 0.34], "elm-omll": [0.87, 0.93, 0.85, 0.72, 0.71, 0.28, 0.41],
              "pa1-k": [1.75, 2.43, 2.05, 1.57, 1.43, 0.46, 0.45], "pa2-k": [1.73, 2.43, 2.04, 1.52, 1.41, 0.48, 0.50],
              "falt-k": [0.92, 1.45, 1.07, 0.68, 0.77, 0.35, 0.19]},
    "Yeast": {"osml-elm": [0.48, 0.53, 0.47, 0.47, 0.48, 0.23, 0.16], "elm-omll": [0.36, 0.38, 0.32, 0.36, 0.27, 0.14, 0.14],
              "pa1-k": [0.71, 1.62, 0.89, 0.61, 0.62, 0.17, 0.16], "pa2-k": [0.86, 1.78, 0.93, 0.76, 0.67, 0.20, 0.17],
              "falt-k": [0.80, 1.25, 0.29, 0.80, 0.23, 0.25, 0.20]},
    "Birds": {"osml-elm": [1.33, 1.15, 1.17, 2.09, 2.00, 0.12, 0.61], "elm-omll": [0.92, 0.84, 0.84, 1.40, 0.91, 0.13, 0.41],
              "pa1-k": [0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.32], "pa2-k": [0.00, 0.00, 0.00, 0.02, 0.02, 0.00, 0.34],
              "falt-k": [0.00, 0.00, 0.00, 0.02, 0.03, 0.01, 0.09]},
}
NAMES = {"pa1": "PA-I-BR(l)", "pa2": "PA-II-BR(l)", "falt": "FALT(l)", "salt": "SALT", "pa1-k": "PA-I-BR(k)",
         "pa2-k": "PA-II-BR(k)", "falt-k": "FALT(k)", "osml-elm": "OSML-ELM", "elm-omll": "ELM-OMLL"}

ours = {}
spread = {}
for path in sys.argv[1:]:
    for d in json.load(open(path))["datasets"]:
        for l in d["learners"]:
            ours[(d["name"], l["learner"])] = [100 * l["summary"][m]["mean"] for m in METRICS]
            spread[(d["name"], l["learner"])] = [100 * l["summary"][m]["std"] for m in METRICS]

print("| paper dataset (ours) | algorithm | " + " | ".join(HEAD) + " |")
print("|---|---|" + "---|" * len(HEAD))
for pd, rows in PAPER.items():
    for learner, paper in rows.items():
        own_std = None
        if pd == "Bibtex":
            mine, label = ours.get(("bibtex", learner)), "Bibtex (bibtex)"
        elif pd.lower() in ("emotions", "scene", "yeast", "birds"):
            mine, label = ours.get((pd.lower(), learner)), f"{pd} ({pd.lower()})"
            own_std = spread.get((pd.lower(), learner))
        else:
            subs = [ours[(f"rcv1subset{n}", learner)] for n in range(1, 6) if (f"rcv1subset{n}", learner) in ours]
            mine = [sum(c) / len(subs) for c in zip(*subs)] if subs else None
            label = f"Rcv1v2 topics (mean of {len(subs)} rcv1subsetN)"
        if mine is None:
            continue
        stds = PAPER_STD.get(pd, {}).get(learner)
        cells = []
        for i, (m, p) in enumerate(zip(mine, paper)):
            far = stds is not None and own_std is not None and abs(m - p) > 2 * max(stds[i], own_std[i], 0.01)
            cells.append(f"{m:.2f} ({p:.2f}) {m - p:+.2f}{'*' if far else ''}")
        print(f"| {label} | {NAMES[learner]} | " + " | ".join(cells) + " |")
