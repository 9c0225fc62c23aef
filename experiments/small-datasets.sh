#!/usr/bin/env bash
# emotions, scene and yeast on the standard Mulan train/test splits: FALT, SALT, PA-I and PA-II with
# their defaults (η = 1, δ = 1, C = 1, M = 1; untuned), one pass in file order, with raw features
# (--scale none) and with per-feature standardization fitted on the training set (--scale
# standardize); plus the same with a shuffled training order (seed 1). Writes
# experiments/small-datasets.md next to the peer results quoted in issue 3, and keeps every run's JSON
# under experiments/results/small/.
#
#   experiments/small-datasets.sh                 # about 4 minutes on 2 shared cores, one JVM at a time
#   experiments/small-datasets.sh --report-only   # rewrite the markdown from the kept JSON, no runs
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$EXP_ROOT"

COMMAND="experiments/small-datasets.sh${*:+ $*}"
RESULTS=experiments/results/small
OUT=experiments/small-datasets.md
DATASETS=(emotions scene yeast)
LEARNERS=(falt salt pa1 pa2)
SCALES=(none standardize)

REPORT_ONLY=false
case "${1:-}" in
  --report-only) REPORT_ONLY=true ;;
  "") ;;
  *) echo "usage: $0 [--report-only]" >&2; exit 2 ;;
esac

if ! $REPORT_ONLY; then
  rm -rf "$RESULTS"
  mkdir -p "$RESULTS"
  for d in "${DATASETS[@]}"; do
    train="$EXP_DATASETS/$d/$d-train.arff"
    test="$EXP_DATASETS/$d/$d-test.arff"
    [ -r "$train" ] && [ -r "$test" ] || { echo "$d not found under $EXP_DATASETS" >&2; exit 1; }
    echo "$d" >&2
    for order in file shuffle1; do
      if [ "$order" = file ]; then order_flags=(--order file); else order_flags=(--order shuffle --seed 1); fi
      for scale in "${SCALES[@]}"; do
        for learner in "${LEARNERS[@]}"; do
          run_eval "$RESULTS" "${d}_${learner}_${scale}_${order}" --learner "$learner" \
            --train "$train" --test "$test" --scale "$scale" "${order_flags[@]}"
        done
      done
    done
  done
  # determinism: one setting of each learner family again, compared exactly
  run_eval "$RESULTS/repeat" "scene_falt_none_shuffle1" --learner falt --train "$EXP_DATASETS/scene/scene-train.arff" \
    --test "$EXP_DATASETS/scene/scene-test.arff" --scale none --order shuffle --seed 1
  run_eval "$RESULTS/repeat" "yeast_pa2_standardize_file" --learner pa2 --train "$EXP_DATASETS/yeast/yeast-train.arff" \
    --test "$EXP_DATASETS/yeast/yeast-test.arff" --scale standardize --order file
fi

determinism=()
for f in "$RESULTS"/repeat/*.json; do
  [ -f "$f" ] || continue
  key="$(basename "$f" .json)"
  if out="$(python3 "$EXP_REPORT" same "$RESULTS/$key.json" "$f")"; then
    determinism+=("- $key run twice: metrics identical.")
  else
    determinism+=("- **$key run twice: metrics DIFFER**: ${out//$'\n'/; }")
  fi
done
mapfile -t all_json < <(find "$RESULTS" -name '*.json' | sort)
anomalies="$(python3 "$EXP_REPORT" check "${all_json[@]}" || true)"
failures="$(find "$RESULTS" -name '*.err' | sort)"

{
  echo "# emotions, scene, yeast: untuned linear learners, one pass, next to peer results"
  echo
  provenance_header "$COMMAND"
  cat <<'EOF'

Protocol: the standard Mulan train/test splits, `./alt evaluate --json --threads 1`, train-then-test,
ONE PASS over the training set, every learner UNTUNED at its defaults (FALT η = 1, M = 1; SALT η = 1,
δ = 1, M = 1; PA-I and PA-II C = 1, M = 1), no bias feature. Order "file" is the training file's own
order (`--order file`, the protocol of the peer results); "shuffle, seed 1" is one seeded permutation
(`--order shuffle --seed 1`). Scale "none" feeds the raw features (as the paper does); "standardize"
centres and scales each feature by mean and standard deviation fitted on the training set only.
Metrics as fractions (3 decimals): Psn, Rcal, F1 = 2·P·R/(P+R) of the example-based averages (docs/spec.md#f1),
macro-F1, micro-F1, Hamming loss Hl and ranking loss Rl (lower is better for the last two). Times:
learning and predicting only, one thread, shared machine.

Caveats:
- **File order is unfavourable for an online learner on scene**: its training file is grouped by
  label (by the first relevant label: 227 Beach examples first, then 165 Sunset, 197 FallFoliage, then
  Field and Mountain interleaved in blocks, and the 210 Urban examples last), so a single pass in file order sees
  long runs of one class and ends biased towards the last blocks; the shuffled rows show the same
  learner on a random order. The emotions and yeast training files look unsorted. One pass with M = 1 and untuned step sizes is also far from the paper's protocol
  (tuned η/δ/C/M by 10-fold CV, mean of 20 permutations), and the paper reports kernel FALT(k), not
  the linear learners, on these three data sets.
- The peer numbers are quoted from issue 3 (same splits, F1 as defined above, "one pass in file order
  for the online ones, untuned"); they were not re-measured here.

EOF
  python3 "$EXP_REPORT" small "$RESULTS"
  echo "## Sanity checks"
  echo
  echo "Determinism (same settings twice, the JSON \"metrics\" compared for exact equality):"
  echo
  printf '%s\n' "${determinism[@]:-- (no repeated run)}"
  echo
  if [ -n "$anomalies" ]; then
    echo "Anomalies (NaN, infinite or out-of-range metrics):"
    echo
    echo '```'
    echo "$anomalies"
    echo '```'
  else
    echo "No NaN, infinite or out-of-range metric in any of the ${#all_json[@]} runs."
  fi
  if [ -n "$failures" ]; then
    echo
    echo "Failed runs (stderr kept beside the results):"
    echo
    for f in $failures; do echo "- \`$f\`: $(grep -v -e '^WARNING' -e '^INFO' -e VectorizationProvider "$f" | head -1)"; done
  else
    echo "No run failed (no divergence error)."
  fi
} >"$OUT.tmp"
mv "$OUT.tmp" "$OUT"
echo "wrote $OUT" >&2
