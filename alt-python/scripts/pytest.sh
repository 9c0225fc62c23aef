#!/usr/bin/env bash
# Runs the Python package's tests (alt-python/tests) with the first Python that has what altml needs: ALT_PYTHON,
# then python3 on PATH, then /usr/bin/python3 (Debian's, where python3-jpype installs JPype). Without one, says so in
# one line and succeeds: the Java build does not depend on Python. Run by 'mvn verify' (this module's pytest
# execution) after the jars are built; by hand: bash alt-python/scripts/pytest.sh [pytest options].
set -euo pipefail
cd "$(dirname "$0")/.."
NEEDS="import jpype, numpy, scipy, pytest"
python=""
for candidate in "${ALT_PYTHON:-}" python3 /usr/bin/python3; do
  [ -n "$candidate" ] || continue
  if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c "$NEEDS" >/dev/null 2>&1; then
    python="$candidate"
    break
  fi
done
if [ -z "$python" ]; then
  echo "altml: Python tests skipped: no python3 with jpype, numpy, scipy and pytest (Debian: apt-get install python3-jpype python3-numpy python3-scipy python3-sklearn python3-pytest; or set ALT_PYTHON)"
  exit 0
fi
if [ ! -f target/altml-java.jar ] && [ -z "${ALT_CLASSPATH:-}" ]; then
  echo "altml: target/altml-java.jar is missing: build it first (mvn -B -ntp -pl alt-python -am package -DskipTests)" >&2
  exit 1
fi
exec "$python" -m pytest -p no:cacheprovider -q tests "$@"
