#!/usr/bin/env bash
# Small η × M grid (and δ for SALT) of the linear learners FALT and SALT on bibtex (Mulan train/test
# split), train-then-test, one pass over a seeded permutation of the training set (--order shuffle
# --seed 1); then the best setting again over seeds 1..5. Writes experiments/bibtex-grid.md and keeps
# every run's JSON under experiments/results/bibtex/.
#
#   experiments/linear-grid.sh            # about 10 minutes on 2 shared cores, one JVM at a time
#   experiments/linear-grid.sh --report-only   # rewrite the markdown from the kept JSON, no runs
#
# Needs: bash, python3 (standard library only), the datasets folder (ALT_DATASETS, default
# ../shared/datasets from the repository root). The grid is chosen on the TEST set: optimistic.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$EXP_ROOT"

COMMAND="experiments/linear-grid.sh${*:+ $*}"
TRAIN="$EXP_DATASETS/bibtex/bibtex-train.arff"
TEST="$EXP_DATASETS/bibtex/bibtex-test.arff"
RESULTS=experiments/results/bibtex
OUT=experiments/bibtex-grid.md
[ -r "$TRAIN" ] && [ -r "$TEST" ] || { echo "bibtex not found under $EXP_DATASETS" >&2; exit 1; }

# η grids as exact decimal powers of two; M: "1" means --max-updates 1 (factor 1/L), the others are
# factors m of --max-updates-factor (M = max(1, ceil(m·L)), L = 159 for bibtex).
FALT_ETAS=(0.0625 0.25 1 4 16)
FALT_MS=(1 0.125 0.5 1.0 4)
SALT_ETAS=(0.25 1 4)
SALT_DELTAS=(0.25 1 4)
SALT_MS=(1 0.125 0.5 2)
SEEDS=(1 2 3 4 5)
# Edge check: a first run of the grid above put both bests on its edge (FALT at the smallest η and
# the smallest M factor; SALT at the smallest η and the largest δ), so a few settings just beyond
# those edges (η and δ still inside the paper's ranges [2^-10, 2^10], M inside [2^-3, 2^2]·L) are
# run too and reported separately; a setting among them that beats the grid's best also gets a
# five-seed series.
FALT_EDGE=("0.015625 0.125" "0.015625 0.5" "0.00390625 0.125" "0.00390625 0.5")
SALT_EDGE=("0.0625 4 0.125" "0.0625 4 0.5" "0.0625 16 0.125" "0.0625 16 0.5" "0.25 16 0.125" "0.25 16 0.5")

m_flags() { # M spec -> flags
  if [ "$1" = 1 ]; then echo "--max-updates 1"; else echo "--max-updates-factor $1"; fi
}

REPORT_ONLY=false
case "${1:-}" in
  --report-only) REPORT_ONLY=true ;;
  "") ;;
  *) echo "usage: $0 [--report-only]" >&2; exit 2 ;;
esac
if ! $REPORT_ONLY; then
rm -rf "$RESULTS"
mkdir -p "$RESULTS"/{falt,salt}
common=(--train "$TRAIN" --test "$TEST" --order shuffle --seed 1)

echo "FALT grid (${#FALT_ETAS[@]} η × ${#FALT_MS[@]} M)" >&2
for eta in "${FALT_ETAS[@]}"; do
  for m in "${FALT_MS[@]}"; do
    # shellcheck disable=SC2046
    run_eval "$RESULTS/falt" "falt_eta${eta}_m${m}" --learner falt --eta "$eta" $(m_flags "$m") "${common[@]}"
  done
done
echo "SALT grid (${#SALT_ETAS[@]} η × ${#SALT_DELTAS[@]} δ × ${#SALT_MS[@]} M)" >&2
for eta in "${SALT_ETAS[@]}"; do
  for delta in "${SALT_DELTAS[@]}"; do
    for m in "${SALT_MS[@]}"; do
      # shellcheck disable=SC2046
      run_eval "$RESULTS/salt" "salt_eta${eta}_delta${delta}_m${m}" --learner salt --eta "$eta" \
        --delta "$delta" $(m_flags "$m") "${common[@]}"
    done
  done
done
echo "edge check" >&2
for spec in "${FALT_EDGE[@]}"; do
  read -r eta m <<<"$spec"
  # shellcheck disable=SC2046
  run_eval "$RESULTS/falt-edge" "falt_eta${eta}_m${m}" --learner falt --eta "$eta" $(m_flags "$m") "${common[@]}"
done
for spec in "${SALT_EDGE[@]}"; do
  read -r eta delta m <<<"$spec"
  # shellcheck disable=SC2046
  run_eval "$RESULTS/salt-edge" "salt_eta${eta}_delta${delta}_m${m}" --learner salt --eta "$eta" \
    --delta "$delta" $(m_flags "$m") "${common[@]}"
done
fi

# The best settings (by the paper's rule and by F1) over five permutations. Seed 1 repeats a grid run
# exactly: the determinism check compares the two JSON "metrics" objects for equality.
# When the edge check finds a better setting (by the rule or by F1) than the grid, its five-seed
# series is run too ("...-edge-rule" / "...-edge-f1").
declare -A BEST_DIRS=()
determinism=()
for learner in falt salt; do
  for by in rule f1 edge-rule edge-f1; do
    if [ "${by#edge-}" != "$by" ]; then
      python3 "$EXP_REPORT" best "$RESULTS/$learner.best-$by" "${by#edge-}" "$RESULTS/$learner" "$RESULTS/$learner-edge"
    else
      python3 "$EXP_REPORT" best "$RESULTS/$learner.best-$by" "$by" "$RESULTS/$learner"
    fi
    key="$(sed -n 1p "$RESULTS/$learner.best-$by")"
    read -r -a flags <<<"$(sed -n 2p "$RESULTS/$learner.best-$by")"
    dir="$RESULTS/$learner-seeds-$key"
    BEST_DIRS["$learner-$by"]="$dir"
    [ -d "$dir" ] && [ "$by" != rule ] && continue # same setting as an earlier series
    if ! $REPORT_ONLY; then
      echo "$learner best by $by: $key over seeds ${SEEDS[*]}" >&2
      for seed in "${SEEDS[@]}"; do
        run_eval "$dir" "seed$seed" --learner "$learner" "${flags[@]}" --train "$TRAIN" --test "$TEST" \
          --order shuffle --seed "$seed"
      done
    fi
    grid_json="$RESULTS/$learner/$key.json"
    [ "${key#edge-}" != "$key" ] && grid_json="$RESULTS/$learner-edge/${key#edge-}.json"
    if [ -f "$dir/seed1.json" ] && [ -f "$grid_json" ]; then
      if out="$(python3 "$EXP_REPORT" same "$grid_json" "$dir/seed1.json")"; then
        determinism+=("- $learner $key, seed 1, run twice (grid, then seed series): metrics identical.")
      else
        determinism+=("- **$learner $key, seed 1, run twice: metrics DIFFER**: ${out//$'\n'/; }")
      fi
    fi
  done
done

# Anomalies: NaN/∞/out-of-range metrics in any JSON, any failed run.
mapfile -t all_json < <(find "$RESULTS" -name '*.json' | sort)
anomalies="$(python3 "$EXP_REPORT" check "${all_json[@]}" || true)"
failures="$(find "$RESULTS" -name '*.err' | sort)"

{
  echo "# bibtex: a small grid of FALT and SALT (linear), train-then-test"
  echo
  provenance_header "$COMMAND"
  cat <<'EOF'

Protocol: Mulan's bibtex train/test split (4,880 / 2,515 examples, 1,836 binary features, L = 159),
`./alt evaluate --json --threads 1 --order shuffle --seed 1`: one pass over one seeded permutation of the
training set, then the frozen model on the test set. No scaling, no bias (as in the paper). M = 1 is the
plain algorithm (factor 1/L); the other M are factors m of L, M = max(1, ceil(m·L)): 2^-3 → 20,
2^-1 → 80, 1 → 159, 2 → 318, 4 → 636. Metrics in percent, like the paper's Table 3 (Psn, Rcal, F1 as
2·P·R/(P+R) of the averages, macro-F1, micro-F1, Hamming loss Hl and ranking loss Rl; lower is better
for the last two). Times are learning and predicting only (data read before the clock starts), on one
thread, on a shared machine.

**Read the "best" with care.** The paper tunes by 10-fold cross-validation on the *training* set and
reports the mean of 20 permutations. Here the grid is small, a single permutation (seed 1) scores
every setting, and the best setting is picked on the *test* set: the best-of-grid numbers are
optimistic (selection on the data they are reported on). The five-seed series below re-runs only the
selected setting; its mean is less noisy but still inherits the test-set selection.

Selection: "the paper's rule" keeps, between two settings, the one better on more of the seven metrics
(the incumbent on a tie), applied as a running comparison in the table's order; because the rule is
not transitive, the setting that beats the most others pairwise is given as an order-free cross-check.
"By F1" is the single-metric alternative.

EOF
  python3 "$EXP_REPORT" grid "FALT" "$RESULTS/falt"
  python3 "$EXP_REPORT" grid "SALT" "$RESULTS/salt"
  python3 "$EXP_REPORT" edge "FALT" "$RESULTS/falt" "$RESULTS/falt-edge"
  python3 "$EXP_REPORT" edge "SALT" "$RESULTS/salt" "$RESULTS/salt-edge"
  echo "## Best settings over five permutations"
  echo
  for learner in falt salt; do
    if [ $learner = falt ]; then name=FALT paper=(44.25 6.47); else name=SALT paper=(46.35 6.61); fi
    shown=()
    for by in rule f1 edge-rule edge-f1; do
      dir="${BEST_DIRS[$learner-$by]}"
      [[ " ${shown[*]} " == *" $dir "* ]] && continue
      shown+=("$dir")
      case $by in
        rule) what="best of the grid by the paper's rule" ;;
        f1) what="best of the grid by F1" ;;
        edge-rule) what="best of grid + edge check by the paper's rule" ;;
        edge-f1) what="best of grid + edge check by F1" ;;
      esac
      python3 "$EXP_REPORT" seeds "$name ($what)" "$dir" "${paper[@]}"
    done
  done
  echo "Paper, Table 3, bibtex (tuned by 10-fold CV on the training set, mean (std) of 20 permutations):"
  echo "FALT(l) Psn 45.27, Rcal 43.69, **F1 44.25** (1.21), MacroF1 30.13, MicroF1 41.78, Hl 1.67,"
  echo "**Rl 6.47** (0.19); SALT Psn 45.42, Rcal 47.57, **F1 46.35** (0.78), MacroF1 32.26, MicroF1 42.54,"
  echo "Hl 1.78, **Rl 6.61** (0.15)."
  echo
  echo "## Sanity checks"
  echo
  echo "Determinism (same setting and seed twice, the JSON \"metrics\" compared for exact equality):"
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
    echo "No NaN, infinite or out-of-range metric in any of the $(echo "${#all_json[@]}") runs."
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
