#!/usr/bin/env bash
# The mediamill-shaped synthetic set of the reproduction (synthetic.plan): 3,000 examples of
# `alt generate --kind dense --seed 1` (120 dense features, 101 labels, cardinality 4.4, labels from RBF-like
# neighbourhoods that linear learners cannot separate), the first 2,000 to train and the last 1,000 to test,
# into experiments/data/ (not committed; regenerated bit for bit from the seed). Idempotent.
# Why 3,000 and not mediamill's 43,907: unbounded kernel learners cost O(n^2), and the protocol tunes each one
# over thousands of (setting, fold) pairs; at this size the block runs in tens of minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=experiments/data
mkdir -p "$OUT"
if [ ! -s "$OUT/mediamill-shaped-test.svm" ]; then
  ./alt generate --kind dense -n 3000 --seed 1 "$OUT/mediamill-shaped.svm" > /dev/null
  head -n 2000 "$OUT/mediamill-shaped.svm" > "$OUT/mediamill-shaped-train.svm"
  tail -n +2001 "$OUT/mediamill-shaped.svm" > "$OUT/mediamill-shaped-test.svm"
  rm "$OUT/mediamill-shaped.svm"
fi
ls -l "$OUT"/mediamill-shaped-*.svm
