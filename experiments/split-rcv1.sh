#!/usr/bin/env bash
# The five rcv1subsetN sets have no train/test split here (6,000 documents each, see
# ../shared/datasets/README.md): this cuts each into its first 3,000 rows (training) and last 3,000
# (test), in file order, as LIBSVM's rcv1subset_topics_{train,test}_N halves, into experiments/data/
# (not committed; about 30 MB). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
D=../shared/datasets
OUT=experiments/data
mkdir -p "$OUT"
for n in 1 2 3 4 5; do
  name=rcv1subset$n
  [ -s "$OUT/$name-test.arff.gz" ] && continue
  zcat "$D/$name/$name.arff.gz" | awk -v train="$OUT/$name-train.arff" -v test="$OUT/$name-test.arff" '
    BEGIN { header = 1; rows = 0 }
    header { print > train; print > test; if (tolower($1) == "@data") header = 0; next }
    /^[ \t]*$/ || /^%/ { next }
    { rows++; if (rows <= 3000) print > train; else print > test }'
  gzip -f -9 "$OUT/$name-train.arff" "$OUT/$name-test.arff"
  cp "$D/$name/$name.xml" "$OUT/$name.xml"
done
ls -l "$OUT"
