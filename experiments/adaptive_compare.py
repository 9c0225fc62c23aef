#!/usr/bin/env python3
"""Compares the adaptive searches of `alt tune` with the full grid (files written by adaptive-search.sh).

For each dataset x learner: does the adaptive pick equal the full grid's pick, and how far are the pick's
cross-validated metrics (looked up in the full grid's table, percentage points) from the full pick's;
the work is the number of fold runs relative to the full grid."""
import glob, json, os, sys

METRICS = ["precision", "recall", "f1", "macroF1", "microF1", "hammingLoss", "rankingLoss"]
d = sys.argv[1] if len(sys.argv) > 1 else "experiments/adaptive"
runs = {}
for f in sorted(glob.glob(os.path.join(d, "*.json"))):
    ds, learner, search = os.path.basename(f)[:-5].rsplit("-", 2)
    runs[(ds, learner, search)] = json.load(open(f))

def key(c, axes):
    return tuple(c[a] for a in axes)

print("| dataset | learner | search | fold runs (share of full) | wall s | same pick | pick | max abs Δ CV metric [pp] | Δ CV F1 [pp] |")
print("|---|---|---|---|---|---|---|---|---|")
same = total = 0
for (ds, learner, search), j in sorted(runs.items()):
    full = runs.get((ds, learner, "full"))
    if full is None:
        continue
    axes = [k for k in full["candidates"][0] if k not in METRICS and k != "score"]
    table = {key(c, axes): c for c in full["candidates"]}
    pick = key({a: j["selected"][a] for a in axes}, axes)
    fpick = key({a: full["selected"][a] for a in axes}, axes)
    a, b = table[pick], table[fpick]
    deltas = [100 * abs(a[m] - b[m]) for m in METRICS if a[m] is not None and b[m] is not None]
    if search != "full":
        total += 1
        same += pick == fpick
    print(f"| {ds} | {learner} | {search} | {j['foldRuns']} ({j['foldRuns'] / full['foldRuns']:.0%}) | {j.get('wallSeconds', float('nan')):.1f} | "
          f"{'yes' if pick == fpick else 'no'} | {', '.join(f'{x}={y}' for x, y in zip(axes, pick))} | {max(deltas):.2f} | "
          f"{100 * (a['f1'] - b['f1']):+.2f} |")
print(f"\nadaptive picks equal to the full grid's: {same} of {total}")
