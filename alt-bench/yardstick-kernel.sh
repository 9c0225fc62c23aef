#!/usr/bin/env bash
# Unbounded FALT(k) side by side with the C yardstick (../shared/yardstick/faltk_limit.c) on the paper's
# mediamill shape (30,993 training and 12,914 test examples, d = 120, L = 101), in one go.
#
#   alt-bench/yardstick-kernel.sh FALTK_LIMIT_C_PATH [runs]      (runs: default 3)
#
# Compiles the C program with gcc -O3 -march=native, generates the mediamill-shaped files once
# (./alt generate --kind dense -n 43907 --seed 1, head/tail split as ../shared/yardstick/README.md says),
# then ALTERNATES, runs times: the C program (sigma2 64, eta 1, M = 1, double, file order, no scaling, one
# example per round, one thread) and
#   ./alt evaluate --learner falt-k --sigma2 64 --eta 1 --order file --scale none --threads T --json
# (the same algorithm and settings; T = KERNEL_THREADS, default 2, test pass only: training is one
# sequential pass). Prints every run, the medians of train and test seconds and the ratios ALT/C, and
# the micro-F1 of both (same algorithm on the same data: they should agree within 0.005).
# Environment: ALT_JAVA_OPTS adds JVM flags; KERNEL_EXTRA adds evaluate options (e.g. "--precision float"
# or "--budget 1000 --budget-policy oldest": then it is no longer the C program's algorithm);
# KERNEL_DATA=dir keeps the generated files there (default a temporary directory).
set -euo pipefail

SRC=${1:?usage: $0 FALTK_LIMIT_C_PATH [runs]}
RUNS=${2:-3}
THREADS=${KERNEL_THREADS:-2}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
DATA=${KERNEL_DATA:-$WORK}
mkdir -p "$DATA"

[ -f "$SRC" ] || { echo "no such file: $SRC" >&2; exit 2; }
gcc -O3 -march=native -o "$WORK/faltk_limit" "$SRC" -lm

if [ ! -s "$DATA/mm-test.svm" ]; then
  "$ROOT/alt" generate --kind dense -n 43907 --seed 1 "$DATA/mm.svm" >/dev/null
  head -30993 "$DATA/mm.svm" > "$DATA/mm-train.svm"
  tail -n +30994 "$DATA/mm.svm" > "$DATA/mm-test.svm"
fi

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
"$ROOT/alt" --version >/dev/null 2>&1   # builds the CLI jar first if the sources changed
echo "java: $("$ROOT/alt" --version 2>&1 | head -1)"
C_TRAIN=(); C_TEST=(); A_TRAIN=(); A_TEST=()
for r in $(seq 1 "$RUNS"); do
  line=$("$WORK/faltk_limit" "$DATA/mm-train.svm" "$DATA/mm-test.svm" 120 101 64 1)
  ct=$(sed 's/.*train_s \([0-9.]*\).*/\1/' <<<"$line"); cs=$(sed 's/.*test_s \([0-9.]*\).*/\1/' <<<"$line")
  cf=$(sed 's/.*microF1 \([0-9.]*\).*/\1/' <<<"$line"); csv=$(sed 's/.*support_vectors \([0-9]*\).*/\1/' <<<"$line")
  C_TRAIN+=("$ct"); C_TEST+=("$cs")
  echo "run $r C    train_s $ct test_s $cs microF1 $cf support_vectors $csv   (load $(cut -d' ' -f1 /proc/loadavg))"
  # shellcheck disable=SC2086
  json=$("$ROOT/alt" evaluate --learner falt-k --sigma2 64 --eta 1 --order file --scale none --threads "$THREADS" \
      ${KERNEL_EXTRA:-} --train "$DATA/mm-train.svm" --test "$DATA/mm-test.svm" --json 2>/dev/null)
  read -r at as af asv < <(python3 -c '
import json, sys
j = json.load(sys.stdin)
m = j["metrics"]; f = m.get("microF1", m.get("micro_f1"))
sv = j.get("model", {}).get("statistics", {}).get("supportVectors", j.get("model", {}).get("supportVectors", "?"))
print(j["trainSeconds"], j["testSeconds"], f, sv)' <<<"$json")
  A_TRAIN+=("$at"); A_TEST+=("$as")
  echo "run $r ALT  train_s $at test_s $as microF1 $af support_vectors $asv   (threads $THREADS, load $(cut -d' ' -f1 /proc/loadavg))"
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
mct=$(median "${C_TRAIN[@]}"); mcs=$(median "${C_TEST[@]}"); mat=$(median "${A_TRAIN[@]}"); mas=$(median "${A_TEST[@]}")
echo "median C    train_s $mct test_s $mcs"
echo "median ALT  train_s $mat test_s $mas"
awk -v a="$mat" -v c="$mct" -v b="$mas" -v d="$mcs" 'BEGIN { printf "ratio ALT/C train %.3f (target <= 0.2)  test %.3f (target <= 0.1)\n", a / c, b / d }'
