#!/usr/bin/env bash
# The command line as users run it, side by side with the C yardstick, in one go (issue 12).
#
#   alt-bench/cli-speed.sh YARDSTICK_SOURCE_PATH [runs] [learners]   (runs: default 3; learners: default "falt salt")
#
# Compiles ../shared/yardstick/falt_limit.c (gcc -O3 -march=native), has it write its RCV1-shaped stream
# (d = 47,236, L = 101, 76 non-zeros, 400,000 examples) as LIBSVM, splits it 300,000 / 100,000, then
# ALTERNATES, runs times: the C program on 300,000 examples (train_blocked, predict_blocked ns/example) and
# ./alt evaluate --order file --threads 1 --num-labels 101 for every learner in float and double precision
# (train and test ns/example from its JSON report, test including the metrics; wall seconds of the whole
# command, reading included). Prints every run, the medians, and the ratios ALT/C and SALT/FALT.
# Environment: CLI_SPEED_DIR keeps the generated files there (default: a temporary directory, removed).
set -euo pipefail

SRC=${1:?usage: $0 YARDSTICK_SOURCE_PATH [runs] [learners]}
RUNS=${2:-3}
LEARNERS=${3:-"falt salt"}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
if [ -n "${CLI_SPEED_DIR:-}" ]; then
  WORK=$CLI_SPEED_DIR
  mkdir -p "$WORK"
else
  WORK=$(mktemp -d)
  trap 'rm -rf "$WORK"' EXIT
fi
[ -f "$SRC" ] || { echo "no such file: $SRC" >&2; exit 2; }
gcc -O3 -march=native -o "$WORK/falt_limit" "$SRC" -lm
if [ ! -f "$WORK/train.svm" ] || [ ! -f "$WORK/test.svm" ]; then
  echo "writing the 400,000-example stream ..." >&2
  "$WORK/falt_limit" 47236 101 76 400000 1 "$WORK/stream.svm" > /dev/null
  head -n 300000 "$WORK/stream.svm" > "$WORK/train.svm"
  tail -n +300001 "$WORK/stream.svm" > "$WORK/test.svm"
  rm -f "$WORK/stream.svm"
fi
"$ROOT/alt" --version > /dev/null 2>&1 # builds the CLI jar if needed, outside the timings

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
RESULTS="$WORK/results.txt"
: > "$RESULTS"
for r in $(seq 1 "$RUNS"); do
  line=$("$WORK/falt_limit" 47236 101 76 300000 1)
  tb=$(sed -n 's/.*train_blocked \([0-9]*\).*/\1/p' <<<"$line")
  pb=$(sed -n 's/.*predict_blocked \([0-9]*\).*/\1/p' <<<"$line")
  echo "run $r C train_blocked $tb predict_blocked $pb"
  echo "C train $tb" >> "$RESULTS"
  echo "C test $pb" >> "$RESULTS"
  for learner in $LEARNERS; do
    for precision in float double; do
      start=$(date +%s.%N)
      "$ROOT/alt" evaluate --learner "$learner" --train "$WORK/train.svm" --test "$WORK/test.svm" --num-labels 101 \
        --order file --threads 1 --precision "$precision" --json -q 2>/dev/null > "$WORK/report.json"
      end=$(date +%s.%N)
      read -r train test < <(python3 -c "
import json; d = json.load(open('$WORK/report.json')); print(round(d['trainNanosPerExample']), round(d['testNanosPerExample']))")
      wall=$(python3 -c "print(round($end - $start, 2))")
      echo "run $r $learner $precision train $train test $test wall $wall s"
      echo "$learner-$precision train $train" >> "$RESULTS"
      echo "$learner-$precision test $test" >> "$RESULTS"
      echo "$learner-$precision wall $wall" >> "$RESULTS"
    done
  done
done
python3 - "$RESULTS" <<'PY'
import sys, statistics, collections
v = collections.defaultdict(list)
for line in open(sys.argv[1]):
    who, what, x = line.split()
    v[(who, what)].append(float(x))
med = {k: statistics.median(x) for k, x in v.items()}
print("\nmedians (ns/example; wall in s):")
for (who, what), m in sorted(med.items()):
    print(f"  {who:14s} {what:5s} {m:10.2f}")
ct, cp = med[("C", "train")], med[("C", "test")]
print("\nALT / C register-blocked (train vs train_blocked, test with metrics vs predict_blocked):")
for (who, what), m in sorted(med.items()):
    if who != "C" and what in ("train", "test"):
        print(f"  {who:14s} {what:5s} {m / (ct if what == 'train' else cp):5.2f}x")
for p in ("float", "double"):
    if ("salt-" + p, "train") in med and ("falt-" + p, "train") in med:
        print(f"SALT/FALT {p} train: {med[('salt-' + p, 'train')] / med[('falt-' + p, 'train')]:.2f}")
PY
