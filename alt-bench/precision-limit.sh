#!/usr/bin/env bash
# FALT double / float in ALT (JMH) beside the same ratio in C, alternating, on the C yardstick's stream (issue 7).
#
#   alt-bench/precision-limit.sh [runs]      (runs: default 5)
#
# Compiles alt-bench/precision-limit.c (gcc -O3 -march=native -ffp-contract=off: ALT's double rows are
# multiply-then-add, never fused), then ALTERNATES, runs times:
#   C:   3 passes over d = 47,236, L = 101, 76 non-zeros, 100,000 examples, each pass float then double;
#        the run's double / float is the median of its passes;
#   ALT: one JMH fork of core.LearnerBenchmark.predictThenUpdate -p learner=falt -p precision=float,double
#        -p labels=101 (-wi 3 -i 5 -w 1s -r 1s): float then double in the same JVM.
# Prints every run and the medians of the runs' double / float for both. On a machine whose last-level
# cache holds float W (21 MB) but not double W (39 MB), C's ratio is the bar the hardware sets.
# Environment: PRECISION_SHAPE overrides "D L NNZ N" for C (default "47236 101 76 100000"); the JMH side
# always runs the benchmark's default shape, which is the same.
set -euo pipefail

RUNS=${1:-5}
[[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || { echo "runs must be a whole number >= 1, not '$RUNS'" >&2; exit 2; }
SHAPE=${PRECISION_SHAPE:-"47236 101 76 100000"}
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench-env.sh
. "$HERE/bench-env.sh" # ROOT, WORK, JAVA, JAR

gcc -O3 -march=native -ffp-contract=off -o "$WORK/precision_limit" "$HERE/precision-limit.c" -lm

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "jdk: $("$JAVA" -version 2>&1 | sed -n 2p); C shape: $SHAPE"
c_ratios=""
alt_ratios=""
for ((r = 1; r <= RUNS; r++)); do
  # shellcheck disable=SC2086
  c=$("$WORK/precision_limit" $SHAPE 3 | tail -1)
  cf=$(echo "$c" | sed -n 's/medians: float \([0-9]*\), double \([0-9]*\).*/\1/p')
  cdbl=$(echo "$c" | sed -n 's/medians: float \([0-9]*\), double \([0-9]*\).*/\2/p')
  cr=$(echo "$c" | sed -n 's/.*double \/ float \([0-9.]*\).*/\1/p')
  jmh=$("$JAVA" --add-modules jdk.incubator.vector -jar "$JAR" 'core.LearnerBenchmark.predictThenUpdate' \
        -p learner=falt -p precision=float,double -p labels=101 -f 1 -wi 3 -i 5 -w 1s -r 1s 2>/dev/null)
  af=$(echo "$jmh" | awk '/^LearnerBenchmark.predictThenUpdate/ && $7 == "float" {print $10}')
  ad=$(echo "$jmh" | awk '/^LearnerBenchmark.predictThenUpdate/ && $7 == "double" {print $10}')
  [ -n "$af" ] && [ -n "$ad" ] || { echo "run $r: no JMH score in:" >&2; echo "$jmh" | tail -20 >&2; exit 1; }
  ar=$(awk -v a="$ad" -v b="$af" 'BEGIN {printf "%.2f", a/b}')
  printf 'run %d: C float %s double %s ns/example (%s)   ALT float %.0f double %.0f ns/example (%s)\n' \
    "$r" "$cf" "$cdbl" "$cr" "$af" "$ad" "$ar"
  c_ratios="$c_ratios $cr"
  alt_ratios="$alt_ratios $ar"
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else printf "%.2f\n", (a[NR/2]+a[NR/2+1])/2}'; }
echo "double / float, median of $RUNS runs: C $(echo "$c_ratios" | median), ALT $(echo "$alt_ratios" | median)"
