#!/usr/bin/env bash
# ALT side by side with the C yardstick (../shared/yardstick/falt_limit.c), on the same stream, in one go.
#
#   alt-bench/yardstick.sh YARDSTICK_SOURCE_PATH [runs]      (runs: default 5)
#
# Compiles the C program with gcc -O3 -march=native, then ALTERNATES, runs times: the C program
# (d=47,236, L=101, nnz=76, N=100,000, best of 3 passes) and org.altml.bench.core.YardstickComparison
# on the identical stream (YardstickStream reproduces the C generator bit for bit). Prints the machine,
# every run, the medians and the ratios ALT/C (train vs train_blocked and train_plain, predict vs
# predict_blocked and predict_plain). Ratio < 1 means ALT is faster.
# Environment: ALT_JAVA_OPTS adds JVM flags (e.g. -Dalt.vectorization=scalar); YARDSTICK_SHAPE
# overrides "D L NNZ N PASSES" (default "47236 101 76 100000 3"); YARDSTICK_CLOCK=cpu times both sides in
# thread CPU time (a copy of the C source with CLOCK_MONOTONIC -> CLOCK_THREAD_CPUTIME_ID, and
# -Dalt.yardstick.clock=cpu), robust when the shared machine is oversubscribed; default wall.
# YARDSTICK_BASE_JAR=path/to/benchmarks.jar of another build (e.g. a previous commit's) runs that build too,
# in the same alternation, as modes base-kernels, base-falt, base-salt, and prints this build / base:
# the fair way to say "no slower than before" on a noisy machine.
set -euo pipefail

SRC=${1:?usage: $0 YARDSTICK_SOURCE_PATH [runs]}
RUNS=${2:-5}
SHAPE=${YARDSTICK_SHAPE:-"47236 101 76 100000 3"}
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench-env.sh
. "$HERE/bench-env.sh" # ROOT, WORK, JAVA, JAR

[ -f "$SRC" ] || { echo "no such file: $SRC" >&2; exit 2; }
[ -z "${YARDSTICK_BASE_JAR:-}" ] || [ -f "$YARDSTICK_BASE_JAR" ] || { echo "no such file: $YARDSTICK_BASE_JAR" >&2; exit 2; }
CLOCK=${YARDSTICK_CLOCK:-wall}
case "$CLOCK" in
  wall) gcc -O3 -march=native -o "$WORK/falt_limit" "$SRC" -lm ;;
  cpu)
    sed 's/CLOCK_MONOTONIC/CLOCK_THREAD_CPUTIME_ID/' "$SRC" > "$WORK/falt_limit_cpu.c"
    grep -q CLOCK_THREAD_CPUTIME_ID "$WORK/falt_limit_cpu.c" || { echo "no CLOCK_MONOTONIC in $SRC to switch" >&2; exit 2; }
    gcc -O3 -march=native -o "$WORK/falt_limit" "$WORK/falt_limit_cpu.c" -lm
    ALT_JAVA_OPTS="${ALT_JAVA_OPTS:-} -Dalt.yardstick.clock=cpu" ;;
  *) echo "YARDSTICK_CLOCK must be wall or cpu, not '$CLOCK'" >&2; exit 2 ;;
esac

echo "== machine"
echo "date:     $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "cores:    $(nproc)"
echo "cpu:      $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
echo "avx512:   $(grep -o 'avx512[a-z0-9_]*' /proc/cpuinfo | sort -u | tr '\n' ' ')"
echo "load:     $(cut -d' ' -f1-3 /proc/loadavg)"
echo "gcc:      $(gcc --version | head -1)"
echo "jdk:      $("$JAVA" -version 2>&1 | sed -n 2p) ($JAVA)"
echo "shape:    D L NNZ N PASSES = $SHAPE; runs = $RUNS; clock = $CLOCK"

# shellcheck disable=SC2086
set -- $SHAPE
C_ARGS=("$1" "$2" "$3" "$4" "$5")
declare -a ctp ctb cpp cpb
declare -A atr apr
MODES=""
echo "== runs (C, then ALT, alternating)"
for ((r = 1; r <= RUNS; r++)); do
  c=$("$WORK/falt_limit" "${C_ARGS[@]}")
  echo "C   run $r: $c"
  read -r tp tb pp pb < <(echo "$c" | sed -n 's/.*train_plain \([0-9.]*\) *train_blocked \([0-9.]*\) *predict_plain \([0-9.]*\) *predict_blocked \([0-9.]*\).*/\1 \2 \3 \4/p')
  ctp+=("$tp"); ctb+=("$tb"); cpp+=("$pp"); cpb+=("$pb")
  # shellcheck disable=SC2086
  out=$("$JAVA" --add-modules jdk.incubator.vector -Xms1g -Xmx2g ${ALT_JAVA_OPTS:-} \
        -cp "$JAR" org.altml.bench.core.YardstickComparison "${C_ARGS[@]}" 2>/dev/null)
  if [ -n "${YARDSTICK_BASE_JAR:-}" ]; then
    # shellcheck disable=SC2086
    base=$("$JAVA" --add-modules jdk.incubator.vector -Xms1g -Xmx2g ${ALT_JAVA_OPTS:-} \
          -cp "$YARDSTICK_BASE_JAR" org.altml.bench.core.YardstickComparison "${C_ARGS[@]}" 2>/dev/null)
    out="$out"$'\n'"$(echo "$base" | sed 's/^ALT \([a-z]*\) /ALT base-\1 /')"
  fi
  while IFS= read -r line; do
    echo "ALT run $r: $line"
    mode=$(echo "$line" | awk '{print $2}')
    if echo "$line" | grep -q 'ns/example'; then
      t=$(echo "$line" | sed -n 's/.* train \([0-9.]*\) *predict \([0-9.]*\).*/\1/p')
      p=$(echo "$line" | sed -n 's/.* train \([0-9.]*\) *predict \([0-9.]*\).*/\2/p')
      atr[$mode]="${atr[$mode]:-} $t"; apr[$mode]="${apr[$mode]:-} $p"
      case " $MODES " in *" $mode "*) ;; *) MODES="$MODES $mode" ;; esac
    fi
  done <<< "$out"
done

median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else printf "%.0f\n", (a[NR/2]+a[NR/2+1])/2}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a/b}'; }

mctp=$(echo "${ctp[*]}" | median); mctb=$(echo "${ctb[*]}" | median)
mcpp=$(echo "${cpp[*]}" | median); mcpb=$(echo "${cpb[*]}" | median)
echo "== medians (ns/example)"
printf '%-14s train %7s  predict %7s\n' "C plain" "$mctp" "$mcpp"
printf '%-14s train %7s  predict %7s\n' "C blocked" "$mctb" "$mcpb"
for m in $MODES; do
  mt=$(echo "${atr[$m]}" | median); mp=$(echo "${apr[$m]}" | median)
  printf '%-14s train %7s  predict %7s\n' "ALT $m" "$mt" "$mp"
done
echo "== ratios ALT/C (medians; target for FALT: <= 1.2 vs blocked)"
for m in $MODES; do
  mt=$(echo "${atr[$m]}" | median); mp=$(echo "${apr[$m]}" | median)
  printf '%-14s train/blocked %s  train/plain %s  predict/blocked %s  predict/plain %s\n' "ALT $m" \
    "$(ratio "$mt" "$mctb")" "$(ratio "$mt" "$mctp")" "$(ratio "$mp" "$mcpb")" "$(ratio "$mp" "$mcpp")"
done
if [ -n "${YARDSTICK_BASE_JAR:-}" ]; then
  echo "== this build / base build (medians; < 1 means this build is faster)"
  for m in $MODES; do
    case "$m" in base-*) continue ;; esac
    [ -n "${atr[base-$m]:-}" ] || continue
    printf '%-14s train %s  predict %s\n' "$m" \
      "$(ratio "$(echo "${atr[$m]}" | median)" "$(echo "${atr[base-$m]}" | median)")" \
      "$(ratio "$(echo "${apr[$m]}" | median)" "$(echo "${apr[base-$m]}" | median)")"
  done
fi
if [ -n "${atr[falt]:-}" ] && [ -n "${atr[salt]:-}" ]; then
  echo "== SALT/FALT (medians; target <= 1.5)"
  printf '%-14s train %s  predict %s\n' "SALT/FALT" \
    "$(ratio "$(echo "${atr[salt]}" | median)" "$(echo "${atr[falt]}" | median)")" \
    "$(ratio "$(echo "${apr[salt]}" | median)" "$(echo "${apr[falt]}" | median)")"
fi
