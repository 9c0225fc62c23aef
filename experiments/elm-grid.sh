#!/usr/bin/env bash
# The ELM rows of README's accuracy table: OSML-ELM and ELM-OMLL on emotions, scene, yeast, birds (standard
# Mulan splits, per-feature standardisation fitted on the training set, docs/spec.md#scaling) and bibtex (no scaling).
# Per dataset and learner: H (and C for ELM-OMLL) chosen on a small grid by 3-fold cross-validation on the
# training set with the paper's rule (better on more of the seven metrics), then 5 runs (seeds 1..5: a new
# permutation and a new hidden layer each) scored on the test set, mean (std). One JVM per dataset and
# learner (experiments/ElmGrid.java); logs under experiments/results/elm/.
#
#   experiments/elm-grid.sh        # about 20-30 minutes on 2 shared cores
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
JAVA="${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}"
DATA="${ALT_DATASETS:-../shared/datasets}"
OUT=experiments/results/elm
mkdir -p "$OUT"
[ -f alt-cli/target/alt-cli.jar ] || mvn -q -B -DskipTests -pl alt-cli -am package
run() { # name learner scale hs cs folds runs threads
  "$JAVA" --add-modules jdk.incubator.vector -Xmx8g -cp alt-cli/target/alt-cli.jar experiments/ElmGrid.java "$DATA" "$@" \
    2>/dev/null | tee "$OUT/$1_$2.jsonl" | grep SUMMARY
}
for d in emotions scene yeast birds; do
  run "$d" osml-elm standardize 100,200,500,1000 1 3 5 1
  run "$d" elm-omll standardize 200,500 0.0009765625,0.00390625,0.015625,0.125,1,8,64 3 5 2
done
run bibtex osml-elm none 500,1000 1 3 5 1
run bibtex elm-omll none 500 0.25,1,4 3 5 2
