# Sourced by the alt-bench scripts after they set HERE (this folder): ROOT (the project), WORK (a temporary folder,
# removed on exit), JAVA (the newest JDK 21+: JAVA_HOME first, then /usr/lib/jvm/*; or exit 2 naming what to set)
# and JAR (alt-bench's benchmarks.jar, built when missing).
ROOT=$(dirname "$HERE")
JAR="$HERE/target/benchmarks.jar"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# the version line, wherever it is (JAVA_TOOL_OPTIONS puts a "Picked up ..." line first)
java_major() { "$1" -version 2>&1 | sed -n 's/.* version "\([0-9]*\).*/\1/p' | head -1; }
JAVA=""
if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ] && [ "$(java_major "$JAVA_HOME/bin/java")" -ge 21 ]; then
  JAVA="$JAVA_HOME/bin/java"
else
  best=0
  for j in /usr/lib/jvm/*/bin/java; do
    [ -x "$j" ] || continue
    v=$(java_major "$j"); v=${v:-0}
    if [ "$v" -ge 21 ] && [ "$v" -gt "$best" ]; then best=$v; JAVA=$j; fi
  done
fi
[ -n "$JAVA" ] || { echo "no JDK 21+ found (set JAVA_HOME)" >&2; exit 2; }
if [ ! -f "$JAR" ]; then
  echo "building $JAR ..." >&2
  (cd "$ROOT" && mvn -q -DskipTests -pl alt-bench -am package)
fi
