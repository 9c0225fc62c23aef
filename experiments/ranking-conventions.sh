#!/usr/bin/env bash
# Birds' ranking loss under other conventions (README, "The reproduction"): trains the kernel learners with the
# settings the small block's tuning chose (experiments/reproduction/small/experiment.json, run 1: seed 1),
# predicts the test set with scores, and prints ranking-conventions.py's table, for birds and, as controls,
# emotions, scene and yeast.
set -euo pipefail
cd "$(dirname "$0")"
D=${DATASETS:-../../shared/datasets}
ALT=../alt
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
run() { # dataset learner options...
  local ds=$1; shift
  local learner=$1; shift
  "$ALT" train --data "$D/$ds/$ds-train.arff" --scale standardize --learner "$learner" "$@" --seed 1 --model "$WORK/m" -q > /dev/null 2>&1
  "$ALT" predict --model "$WORK/m" --data "$D/$ds/$ds-test.arff" --scores --out "$WORK/p" -q 2> /dev/null
  echo
  echo "### $ds, $learner $*"
  echo
  python3 ranking-conventions.py "$D/$ds/$ds-test.arff" "$D/$ds/$ds.xml" "$WORK/p"
}
run birds falt-k --eta 0.125 --max-updates-factor 4.0 --sigma2 8.0
run birds pa1-k --c 2.0 --sigma2 8.0
run emotions falt-k --eta 0.0625 --max-updates-factor 4.0 --sigma2 16.0
run scene falt-k --eta 0.5 --max-updates-factor 1.0 --sigma2 64.0
run yeast falt-k --max-updates-factor 0.5 --sigma2 32.0
