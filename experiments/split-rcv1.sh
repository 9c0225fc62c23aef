#!/usr/bin/env bash
# The five rcv1subsetN sets have no train/test split here (6,000 documents each, see
# ../shared/datasets/README.md): this cuts each into its odd-numbered documents (training, 3,000) and its
# even-numbered ones (test, 3,000), in file order, into experiments/data/ (not committed; about 30 MB).
# Not the first and last 3,000 rows: the two halves of the stored order do not come from one distribution
# (FALT trained on the first half ranks the second half's labels almost at random, ranking loss 0.43,
# against 0.07 for the interleaved halves), so that cut measured the shift, not the learners.
# Idempotent: a stamp file records the rule the files were cut with.
set -euo pipefail
cd "$(dirname "$0")/.."
D=../shared/datasets
OUT=experiments/data
RULE="interleaved: odd documents train, even documents test"
mkdir -p "$OUT"
for n in 1 2 3 4 5; do
  name=rcv1subset$n
  if [ -s "$OUT/$name-test.arff.gz" ] && [ "$(cat "$OUT/$name.split" 2>/dev/null)" = "$RULE" ]; then
    continue
  fi
  zcat "$D/$name/$name.arff.gz" | awk -v train="$OUT/$name-train.arff" -v test="$OUT/$name-test.arff" '
    BEGIN { header = 1; rows = 0 }
    header { print > train; print > test; if (tolower($1) == "@data") header = 0; next }
    /^[ \t]*$/ || /^%/ { next }
    { rows++; if (rows % 2 == 1) print > train; else print > test }'
  # -n: no name or time in the header, so the same split always has the same bytes, and the SHA-256 the
  # experiment store keys its results by (a fresh clone re-cuts the splits, which are not committed)
  gzip -n -f -9 "$OUT/$name-train.arff" "$OUT/$name-test.arff"
  cp "$D/$name/$name.xml" "$OUT/$name.xml"
  echo "$RULE" > "$OUT/$name.split"
done
ls -l "$OUT"
