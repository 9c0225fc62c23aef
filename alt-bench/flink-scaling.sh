#!/usr/bin/env bash
# alt-flink's throughput against parallelism (issue 13), side by side with the plain CLI: scoring (default)
# or data-parallel training (JOB = train).
#
#   alt-bench/flink-scaling.sh YARDSTICK_SOURCE_PATH [runs] [precisions] [JOB]
#   (runs: default 3; precisions: default "double float"; JOB: predict (default) or train)
#
# Compiles ../shared/yardstick/falt_limit.c (gcc -O3 -march=native), has it write its RCV1-shaped stream
# (d = 47,236, L = 101, 76 non-zeros) as LIBSVM: 300,000 examples to train a FALT model per precision
# (./alt train --order file), and 1,000,000 others to score. Then, for every run and precision, ALTERNATING:
#   ./alt predict --model M --data score.svm --out - (to /dev/null)                       wall seconds
#   ./alt flink predict --model M --data score.svm --num-labels 101 --parallelism 1 --no-predictions
#   ./alt flink predict ... --parallelism 2 ...
# and prints every run (the Flink job's streaming records/s: first to last record, without the MiniCluster's
# start-up), the medians, the speed-up p = 2 / p = 1 of every run pair and its median, and the CLI's
# records/s (wall, start-up included) against the p = 1 job's.
# With JOB = train, the same ALTERNATING runs train FALT on the 1,000,000 examples instead:
#   ./alt prequential --learner falt --precision P --data score.svm --num-labels 101                wall seconds
#   ./alt flink run --mode parallel --learner falt --set precision=P --data score.svm --num-labels 101
#       --parallelism 1|2 --mix-every 100000 --no-predictions --checkpoint-ms 0      streaming records/s
# Environment: FLINK_SCALING_DIR keeps the generated files there (default: a temporary directory, removed).
set -euo pipefail

SRC=${1:?usage: $0 YARDSTICK_SOURCE_PATH [runs] [precisions]}
RUNS=${2:-3}
PRECISIONS=${3:-"double float"}
JOB=${4:-predict}
case "$JOB" in predict|train) ;; *) echo "JOB is predict or train, not $JOB" >&2; exit 2 ;; esac
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
if [ -n "${FLINK_SCALING_DIR:-}" ]; then
  WORK=$FLINK_SCALING_DIR
  mkdir -p "$WORK"
else
  WORK=$(mktemp -d)
  trap 'rm -rf "$WORK"' EXIT
fi
[ -f "$SRC" ] || { echo "no such file: $SRC" >&2; exit 2; }
if [ ! -f "$WORK/train.svm" ] || [ ! -f "$WORK/score.svm" ]; then
  gcc -O3 -march=native -o "$WORK/falt_limit" "$SRC" -lm
  echo "writing the 1,300,000-example stream ..." >&2
  "$WORK/falt_limit" 47236 101 76 1300000 1 "$WORK/stream.svm" > /dev/null
  head -n 300000 "$WORK/stream.svm" > "$WORK/train.svm"
  tail -n +300001 "$WORK/stream.svm" > "$WORK/score.svm"
  rm -f "$WORK/stream.svm"
fi
"$ROOT/alt" --version > /dev/null 2>&1         # builds the CLI jar if needed, outside the timings
"$ROOT/alt" flink predict --help > /dev/null 2>&1 # and the Flink job jar
for precision in $PRECISIONS; do
  [ "$JOB" = train ] || [ -f "$WORK/falt-$precision.model" ] || "$ROOT/alt" train --learner falt --precision "$precision" --order file --num-labels 101 \
      --data "$WORK/train.svm" --model "$WORK/falt-$precision.model" -q 2> /dev/null
done

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
RESULTS="$WORK/results.txt"
: > "$RESULTS"
streaming() { sed -n 's/.*"streamingRecordsPerSecond":\([0-9]*\).*/\1/p'; }
for run in $(seq 1 "$RUNS"); do
  for precision in $PRECISIONS; do
    model="$WORK/falt-$precision.model"
    start=$(date +%s.%N)
    if [ "$JOB" = predict ]; then
      "$ROOT/alt" predict --model "$model" --data "$WORK/score.svm" --out "$WORK/p.txt" -q 2> /dev/null
    else
      "$ROOT/alt" prequential --learner falt --precision "$precision" --data "$WORK/score.svm" --num-labels 101 -q \
          > /dev/null 2>&1
    fi
    end=$(date +%s.%N)
    cli=$(echo "1000000 / ($end - $start)" | bc -l | xargs printf '%.0f')
    for p in 1 2; do
      if [ "$JOB" = predict ]; then
        rate=$("$ROOT/alt" flink predict --model "$model" --data "$WORK/score.svm" --num-labels 101 --parallelism $p --no-predictions \
            2> /dev/null | streaming)
      else
        rate=$("$ROOT/alt" flink run --mode parallel --learner falt --set precision="$precision" --data "$WORK/score.svm" --num-labels 101 \
            --parallelism $p --mix-every 100000 --no-predictions --checkpoint-ms 0 2> /dev/null | streaming)
      fi
      eval "p$p=\$rate"
    done
    echo "run $run $precision: cli $cli/s (wall)  flink p=1 $p1/s  p=2 $p2/s  speed-up $(echo "$p2 / $p1" | bc -l | xargs printf '%.2f')  (load $(cut -d' ' -f1 /proc/loadavg))"
    echo "$precision $cli $p1 $p2" >> "$RESULTS"
  done
done
median() { sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
for precision in $PRECISIONS; do
  cli=$(awk -v p="$precision" '$1 == p { print $2 }' "$RESULTS" | median)
  p1=$(awk -v p="$precision" '$1 == p { print $3 }' "$RESULTS" | median)
  p2=$(awk -v p="$precision" '$1 == p { print $4 }' "$RESULTS" | median)
  speedup=$(awk -v p="$precision" '$1 == p { print $4 / $3 }' "$RESULTS" | median)
  printf '%s model, medians of %s: cli %s/s, flink p=1 %s/s (cli / p=1 = %.2f), p=2 %s/s, speed-up (median of the pairs) %.2f\n' \
    "$precision" "$RUNS" "$cli" "$p1" "$(echo "$cli / $p1" | bc -l)" "$p2" "$speedup"
done
