#!/usr/bin/env bash
# Does this machine give two threads two cores' worth of arithmetic right now? Runs a throughput-bound C loop
# (64 independent AVX-512 FMA chains, about 0.67 s on one Zen 4 core) alone, then two copies at once, a few
# rounds. On two free cores each copy keeps its time; when other tenants' threads share the cores' execution
# units, times stretch (up to 2x was seen here). Run it before and after a scaling measurement
# (alt-bench/journal/2026-11-27-data-parallel-p2.md).
#
#   alt-bench/cpu-check.sh [rounds]
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROUNDS=${1:-3}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
gcc -O3 -march=native -ffast-math -o "$WORK/fma" "$HERE/cpu-check/fma_throughput.c"
for r in $(seq 1 "$ROUNDS"); do
  alone=$("$WORK/fma" 0.9999999999 1e-10 | cut -d' ' -f1)
  pair=$( ("$WORK/fma" 0.9999999999 1e-10 & "$WORK/fma" 0.9999999999 1e-10; wait) | cut -d' ' -f1 | tr '\n' ' ')
  echo "alone $alone s; two at once $pair s"
done
