#!/usr/bin/env bash
# Side-by-side comparison of ALT with Tribuo, LIBLINEAR and MOA (GPL: resolved only by the `peers`
# profile, never shipped). Builds alt-bench with -Ppeers, then runs org.altml.bench.peers.PeerComparison
# on a JDK 21+ (JAVA_HOME if it is 21+, else the newest /usr/lib/jvm/* that is).
#
#   alt-bench/peers.sh [--datasets emotions,scene,yeast,bibtex,rcv1subset1,synthetic]
#                      [--alt-learners falt,pa1,pa2,salt|none]   (registered learner kinds; default: all of them)
#                      [--systems tribuo,liblinear,moa-sgd,moa-ht|none]   (peers; default: all)
#                      [--out alt-bench/RESULTS-peers.md] [--reps 3] [--seed 1] [--budget 120] [--warmup 1]
#                      [--warmup-seconds 2] [--min-rep-seconds 0.25]
#                      [--order shuffle|file] [--data ../shared/datasets]
#                      [--scale auto|none|standardize|l2]   (auto: standardize dense sets, none for sparse text)
#                      [--eta 1] [--delta 1] [--c 1] [--max-updates 1] [--bias false] [--precision double]
#                                (ALT learner options: those of the registered kinds' parameters, defaults from the
#                                registry, each set only on the kinds that take it)
#                      [--moa-partial 200] [--moa-partial-seconds 300]   (MOA on sets with d*L > 1e6: the first N
#                      examples in a child JVM that stops itself after that many seconds; 0 skips)
# Environment: PEERS_SKIP_BUILD=1 reuses the last build; PEERS_HEAP (default 6g) sets -Xmx;
# MVN_FLAGS (e.g. -o) is passed to Maven.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

java_major() { "$1" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2; exit}'; }
java=""
if [[ -n "${JAVA_HOME:-}" && -x "$JAVA_HOME/bin/java" ]] && (( $(java_major "$JAVA_HOME/bin/java") >= 21 )); then
  java="$JAVA_HOME/bin/java"
else
  best=0
  for j in /usr/lib/jvm/*/bin/java; do
    [[ -x "$j" ]] || continue
    v=$(java_major "$j" || echo 0)
    if (( v >= 21 && v > best )); then best=$v; java="$j"; fi
  done
fi
if [[ -z "$java" ]]; then
  echo "peers.sh: no JDK 21+ found (set JAVA_HOME)" >&2
  exit 1
fi

if [[ "${PEERS_SKIP_BUILD:-0}" != 1 ]]; then
  mvn -q ${MVN_FLAGS:-} -Ppeers -pl alt-bench -am package -DskipTests >&2
fi
# target/classes: alt-bench's own classes (RegisteredLearners), which the peers code builds on
cp="alt-bench/target/peers-classes:alt-bench/target/classes:$(cat alt-bench/target/peers-classpath.txt)"
exec "$java" --add-modules jdk.incubator.vector -Xmx"${PEERS_HEAP:-6g}" \
  -Dalt.datasets="$root/../shared/datasets" \
  -cp "$cp" org.altml.bench.peers.PeerComparison "$@"
