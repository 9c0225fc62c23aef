#!/usr/bin/env bash
# The reproduction of the paper's Tables 3 and 4 with every learner of this build. Resumable: run it
# again after an interruption and it continues where it stopped (OUT/runs.jsonl).
#   small: emotions, scene, yeast, birds; the paper's grids, 10 folds, successive halving, 20 runs
#   text:  bibtex, rcv1subset1-5; every other grid value, 10 folds, successive halving, 20 runs
#   synthetic: the mediamill-shaped stand-in (../make-synthetic.sh); every other grid value, as text
set -euo pipefail
cd "$(dirname "$0")"
../split-rcv1.sh > /dev/null
../make-synthetic.sh > /dev/null
time ../../alt experiment --plan small.plan --grid paper --search halving --folds 10 --runs 20 --wilcoxon --out small
time ../../alt experiment --plan text.plan --grid coarse --search halving --folds 10 --runs 20 --wilcoxon --out text
time ../../alt experiment --plan synthetic.plan --grid coarse --search halving --folds 10 --runs 20 --wilcoxon --out synthetic
