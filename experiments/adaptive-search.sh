#!/usr/bin/env bash
# How often the adaptive searches of 'alt tune' pick the full grid's setting, and how far the pick's
# cross-validated metrics are from the full grid's pick: the paper's grids, 10 folds, the paper's rule,
# on the small Mulan sets (standardized features). Writes experiments/adaptive/*.json and prints the
# comparison table (experiments/adaptive_compare.py). Usage: [LEARNERS="falt pa1"] experiments/adaptive-search.sh [DATASET ...]
set -euo pipefail
cd "$(dirname "$0")/.."
D=../shared/datasets
OUT=experiments/adaptive
mkdir -p "$OUT"
datasets=("${@:-emotions scene}")
for ds in ${datasets[@]}; do
  for learner in ${LEARNERS:-falt salt pa1}; do
    for search in full halving refine; do
      f="$OUT/$ds-$learner-$search.json"
      [ -s "$f" ] && continue
      start=$(date +%s.%N)
      ./alt tune --quiet --json --train "$D/$ds/$ds-train.arff" --learner "$learner" --grid paper --folds 10 \
        --search "$search" --scale standardize > "$f.tmp"
      end=$(date +%s.%N)
      python3 - "$f.tmp" "$start" "$end" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); j["wallSeconds"] = float(sys.argv[3]) - float(sys.argv[2])
json.dump(j, open(sys.argv[1], "w"))
PY
      mv "$f.tmp" "$f"
      echo "$ds $learner $search done" >&2
    done
  done
done
python3 experiments/adaptive_compare.py "$OUT"
