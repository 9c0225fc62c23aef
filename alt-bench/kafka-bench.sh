#!/usr/bin/env bash
# alt flink over Kafka (issue 41): end-to-end throughput and latency of 'alt flink predict' reading its records from
# a topic and writing its predictions to a topic (exactly once), on a Kafka broker inside the benchmark's JVM, side
# by side with 'alt predict' on the same records from a file.
#
#   alt-bench/kafka-bench.sh [records] [runs] [rate] [seconds]
#   (defaults: 200000 records, 3 runs, 2000 records/s for 30 s in the latency runs)
#
# Generates the RCV1-shaped stream (./alt generate: d = 47,236, L = 101, 76 non-zeros): 100,000 examples to train
# FALT and SALT (./alt train), and RECORDS others, which fill a topic of two partitions. One untimed job reads the topic
# (the broker's JVM is new: its fetch and transaction paths compile then, not in the first measured job). Then,
# ALTERNATING in every run:
#   ./alt predict --model M --data score.svm --out /dev/null                                   records/s (wall)
#   ./alt flink predict --model M --data kafka://BROKER/bench-in --num-labels 101 --out kafka://BROKER/OUT
#       --stop-at-end --parallelism 1|2 --checkpoint-ms 1000                 the job's streamingRecordsPerSecond
# and their medians. Latency: the same job without --stop-at-end runs while records go in at RATE per second; each
# prediction's time from its record's produce timestamp to the prediction's (p50, p99), and to when a read_committed
# reader sees it (exactly-once outputs become visible at the checkpoint after them).
# Environment: KAFKA_BENCH_DIR keeps the generated files and models there (default: a temporary directory, removed).
set -euo pipefail
RECORDS=${1:-200000}
RUNS=${2:-3}
RATE=${3:-2000}
SECONDS_=${4:-30}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${KAFKA_BENCH_DIR:-}" ]; then
  WORK=$KAFKA_BENCH_DIR
  mkdir -p "$WORK"
else
  WORK=$(mktemp -d)
  trap 'rm -rf "$WORK"' EXIT
fi
"$ROOT/alt" --version > /dev/null 2>&1 # builds the CLI jar if needed, outside the timings
exec "$ROOT/alt" flink kafka-bench --alt "$ROOT/alt" --work "$WORK" --records "$RECORDS" --runs "$RUNS" --rate "$RATE" --seconds "$SECONDS_"
