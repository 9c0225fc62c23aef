#!/usr/bin/env bash
# Open streams (issue 42): what an open learner (alt prequential --open: labels and features grow) gives and costs
# against the same learner told every label up front (--num-labels L). Results: docs/performance.md#open-streams.
#
#   alt-bench/open-bench.sh [parts]        parts: any of quality hashing growth jmh (default: all four)
#
# quality  Prequential F1 (example-based, micro, macro as reported, macro over the labels seen, Hamming) of FALT,
#          SALT (registry defaults: eta = 1, delta = 1, M = 1) and FALT(k) (defaults, --budget 300
#          --budget-policy oldest, the first FALTK_N examples) open vs fixed-L, on two streams where labels appear
#          over time: the RCV1-shaped text stream with label births (alt generate --births 0.3, seed 1) and the Zipf
#          words stream (alt generate --kind words, ids given in the order of first appearance by open-convert.py, so
#          both runs read one LIBSVM file). Then, from the runs' --predictions, how soon a newborn label is
#          predicted (recall at its k-th occurrence after birth, org.altml.experiment.report.NewbornRecall): the
#          figures docs/img/open-newborn-{births,words}.{png,pdf} (written into OPEN_BENCH_FIGURES, default docs/img).
# hashing  FALT's prequential F1 (file order) on rcv1subset1 as the name:value LIBSVM variant (open-convert.py names:
#          labels and features by their ARFF attribute names) with the exact dictionary and with --hash-bits 16..24,
#          and how many of the 47,236 word names collide at each B (FeatureHashing.collisions). Needs the shared
#          datasets (ALT_DATASETS, default ../shared/datasets; alt datasets fetch, docs/datasets.md): without them it
#          says so and stops.
# growth   Learning seconds (the JSON's learningSeconds) of --open vs --num-labels 101, FALT, ALTERNATING RUNS times,
#          on (a) GROWTH_N examples of the text stream after one line that carries all 101 labels, (b) the first
#          GROWTH_N examples of the births stream (also with the scalar kernels, -Dalt.vectorization=scalar), and (c) the births stream (10,000 examples) three times over
#          (L stops growing after the first pass): the learning time of the examples after 10,000 (--curve).
# jmh      alt-bench's OpenLearnerBenchmark and LabelGrowthBenchmark, briefly (-f 1 -wi 2 -i 3).
# Environment: OPEN_BENCH_DIR keeps the generated files (default: a temporary directory, removed), N (10000),
# FALTK_N (3000), GROWTH_N (3000), RUNS (5), HASH_LEARNERS (falt), HASH_BITS ("dictionary 16 ... 24"),
# HASH_OPTS (more options of the hashing runs, e.g. "--precision float" with ALT_JAVA_OPTS=-Xmx18g for B = 22..24).
set -euo pipefail
PARTS=${*:-quality hashing growth jmh}
N=${N:-10000}
FALTK_N=${FALTK_N:-3000}
GROWTH_N=${GROWTH_N:-3000}
RUNS=${RUNS:-5}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
ALT="$ROOT/alt"
DATASETS=${ALT_DATASETS:-$ROOT/../shared/datasets}
FIGURES=${OPEN_BENCH_FIGURES:-$ROOT/docs/img}
if [ -n "${OPEN_BENCH_DIR:-}" ]; then
  WORK=$OPEN_BENCH_DIR
  mkdir -p "$WORK"
else
  WORK=$(mktemp -d)
  trap 'rm -rf "$WORK"' EXIT
fi
"$ALT" --version > /dev/null 2>&1 # builds the CLI jar if needed, outside the timings
JDK_VERSION=$("$ALT" --version 2>/dev/null | sed -n 's/^JDK \([^ ]*\).*/\1/p')
JDK=""
for j in /usr/lib/jvm/*/bin/java; do # the CLI jar's classes need the JDK ./alt runs (21+)
  v=$("$j" -version 2>&1 | sed -n 's/.* version "\([0-9]*\).*/\1/p' | head -1)
  if [ "${v:-0}" -ge 21 ]; then JDK=$j; fi
done
[ -n "$JDK" ] || { echo "no JDK 21+ in /usr/lib/jvm" >&2; exit 2; }
tool() { "$JDK" -Djava.awt.headless=true -cp "$ROOT/alt-cli/target/alt-cli.jar" "$@"; }

echo "# alt-bench/open-bench.sh $PARTS (N=$N FALTK_N=$FALTK_N GROWTH_N=$GROWTH_N RUNS=$RUNS)"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# JDK $JDK_VERSION; ./alt $("$ALT" --version 2>/dev/null | sed -n 's/^vectorization: //p')"

# the JSON report's numbers: metrics f1 microF1 macroF1 hammingLoss, then learningSeconds
metrics() {
  python3 -c "
import json, sys
d = json.load(open(sys.argv[1])); m = d['metrics']
print('%.4f %.4f %.4f %.4f %.2f' % (m['f1'], m['microF1'], m['macroF1'], m['hammingLoss'], d['learningSeconds']))" "$1"
}

# run STREAM_FILE TAG LEARNER L [options...]: the open and the fixed run, each with its JSON report and predictions
run_pair() {
  local file=$1 tag=$2 learner=$3 labels=$4
  shift 4
  for mode in open fixed; do
    local how="--open"
    [ "$mode" = fixed ] && how="--num-labels $labels"
    # shellcheck disable=SC2086
    "$ALT" prequential $how --learner "$learner" --data "$file" "$@" --json -q \
      --predictions "$WORK/$tag-$learner-$mode.pred" > "$WORK/$tag-$learner-$mode.json" 2>/dev/null
    echo "| $tag | $learner $* | $mode | $(metrics "$WORK/$tag-$learner-$mode.json" | tr ' ' '|' | sed 's/|/ | /g') |"
  done
}

if [[ " $PARTS " == *" quality "* ]]; then
  "$ALT" generate --births 0.3 -n "$N" "$WORK/births.svm" > /dev/null
  "$ALT" generate --kind words -n "$N" "$WORK/words.jsonl" > /dev/null
  WORDS_L=$(python3 "$HERE/open-convert.py" ids "$WORK/words.jsonl" "$WORK/words.svm")
  echo
  echo "## quality: $N examples (FALT(k): $FALTK_N); fixed L = 101 (births), $WORDS_L (words)"
  echo "| stream | learner | run | F1 | micro F1 | macro F1 (report) | Hamming | learning s |"
  echo "|---|---|---|---|---|---|---|---|"
  for s in births words; do
    L=101
    [ "$s" = words ] && L=$WORDS_L
    run_pair "$WORK/$s.svm" "$s" falt "$L"
    run_pair "$WORK/$s.svm" "$s" salt "$L"
    run_pair "$WORK/$s.svm" "$s" falt-k "$L" --budget 300 --budget-policy oldest --max-examples "$FALTK_N"
  done
  for s in births words; do
    echo
    echo "## newborn labels, $s stream (born after the first 5% of the examples; macro F1 over the labels seen)"
    args=()
    for l in falt salt falt-k; do
      name=$(case $l in falt) echo FALT;; salt) echo SALT;; falt-k) echo "FALT(k)";; esac)
      args+=("$name open=$WORK/$s-$l-open.pred" "$name fixed=$WORK/$s-$l-fixed.pred")
    done
    mkdir -p "$FIGURES"
    tool org.altml.experiment.report.NewbornRecall --stream "$WORK/$s.svm" --k 20 --after $((N / 20)) \
      --out "$FIGURES/open-newborn-$s" "${args[@]}"
  done
fi

if [[ " $PARTS " == *" hashing "* ]]; then
  echo
  ARFF="$DATASETS/rcv1subset1/rcv1subset1.arff.gz"
  if [ ! -f "$ARFF" ]; then
    echo "## hashing: $ARFF absent (alt datasets fetch, docs/datasets.md): not measured"
  else
    python3 "$HERE/open-convert.py" names "$ARFF" "$DATASETS/rcv1subset1/rcv1subset1.xml" "$WORK/rcv1.names.svm" > /dev/null
    echo "## hashing: rcv1subset1 (6,000 examples, file order), --format libsvm-names"
    echo "| learner | features | F1 | micro F1 | macro F1 | Hamming | learning s |"
    echo "|---|---|---|---|---|---|---|"
    for learner in ${HASH_LEARNERS:-falt}; do
      for bits in ${HASH_BITS:-dictionary 16 17 18 19 20 21 22 23 24}; do
        opt=()
        [ "$bits" != dictionary ] && opt=(--hash-bits "$bits")
        # W is 2^B rows of L + 1 lanes rounded up to a power of two (128 doubles at L = 101): 1 KB a row, so
        # B = 23 needs 8.6 GB of heap; a run that fails is reported by its first error line
        # shellcheck disable=SC2086
        if "$ALT" prequential --open --format libsvm-names "${opt[@]}" ${HASH_OPTS:-} --learner "$learner" --data "$WORK/rcv1.names.svm" \
          --json -q > "$WORK/hash.json" 2> "$WORK/hash.err"; then
          echo "| $learner${HASH_OPTS:+ $HASH_OPTS} | $bits | $(metrics "$WORK/hash.json" | sed 's/ / | /g') |"
        else
          echo "| $learner${HASH_OPTS:+ $HASH_OPTS} | $bits | failed: $(grep -m1 -i 'error\|exception\|memory' "$WORK/hash.err" | cut -c1-160) |"
        fi
      done
    done
    echo
    tool org.altml.experiment.report.HashCollisions "$WORK/rcv1.names.svm.features" 16 17 18 19 20 21 22 23 24
  fi
fi

if [[ " $PARTS " == *" growth "* ]]; then
  [ -f "$WORK/births.svm" ] || "$ALT" generate --births 0.3 -n "$N" "$WORK/births.svm" > /dev/null
  "$ALT" generate -n "$GROWTH_N" "$WORK/text.svm" > /dev/null
  { echo "$(seq -s, 0 100) $(head -1 "$WORK/text.svm" | cut -d' ' -f2-)"; cat "$WORK/text.svm"; } > "$WORK/allfirst.svm"
  head -n "$GROWTH_N" "$WORK/births.svm" > "$WORK/births-head.svm"
  cat "$WORK/births.svm" "$WORK/births.svm" "$WORK/births.svm" > "$WORK/births3.svm"
  echo
  echo "## growth: FALT learning seconds, open / fixed L = 101, $RUNS alternating runs"
  : > "$WORK/growth.txt"
  for r in $(seq 1 "$RUNS"); do
    for s in allfirst births-head births-head-scalar; do
      for mode in open fixed; do
        how="--open"
        [ "$mode" = fixed ] && how="--num-labels 101"
        file=${s%-scalar}
        opts=${ALT_JAVA_OPTS:-}
        [ "$file" != "$s" ] && opts="$opts -Dalt.vectorization=scalar"
        # shellcheck disable=SC2086
        ALT_JAVA_OPTS="$opts" "$ALT" prequential $how --learner falt --data "$WORK/$file.svm" --json -q > "$WORK/g.json" 2>/dev/null
        t=$(python3 -c "import json; print(json.load(open('$WORK/g.json'))['learningSeconds'])")
        echo "run $r $s $mode $t"
        echo "$s $mode $t" >> "$WORK/growth.txt"
      done
    done
    for mode in open fixed; do
      how="--open"
      [ "$mode" = fixed ] && how="--num-labels 101"
      # shellcheck disable=SC2086
      "$ALT" prequential $how --learner falt --data "$WORK/births3.svm" --every "$N" --curve "$WORK/g.csv" --json -q \
        > /dev/null 2>&1
      # learning seconds of the examples after the first N (L no longer grows) and of the first N
      read -r first after < <(python3 -c "
import csv; r = list(csv.DictReader(open('$WORK/g.csv'))); t = [float(x['learningSeconds']) for x in r]
print(t[0], t[-1] - t[0])")
      echo "run $r births x3 $mode first $first after $after"
      echo "births-first$N $mode $first" >> "$WORK/growth.txt"
      echo "births-after$N $mode $after" >> "$WORK/growth.txt"
    done
  done
  python3 - "$WORK/growth.txt" <<'EOF'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    s, mode, t = line.split()
    runs.setdefault(s, {}).setdefault(mode, []).append(float(t))
print("| stream | open s (median) | fixed s (median) | open / fixed |")
print("|---|---|---|---|")
for s, m in runs.items():
    o, f = statistics.median(m["open"]), statistics.median(m["fixed"])
    print(f"| {s} | {o:.3f} | {f:.3f} | {o / f:.2f} |")
EOF
fi

if [[ " $PARTS " == *" jmh "* ]]; then
  echo
  echo "## jmh (brief: -f 1 -wi 2 -i 3)"
  JAR="$HERE/target/benchmarks.jar"
  [ -f "$JAR" ] || { echo "$JAR absent: mvn -q -o -DskipTests -pl alt-sparse,alt-core,alt-kernel,alt-experiment,alt-bench package" >&2; exit 2; }
  "$JDK" --add-modules jdk.incubator.vector -jar "$JAR" 'OpenLearnerBenchmark|LabelGrowthBenchmark' -f 1 -wi 2 -i 3 2>&1 \
    | sed -n '/^Benchmark/,$p'
fi
