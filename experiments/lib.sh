# Shared helpers of the experiment scripts (sourced, not run). Bash 4+, python3 (standard library).
#
# Every run is one `./alt evaluate --json` call, one JVM at a time (the machine is shared: never run
# these scripts in parallel with each other or with benchmarks). Test-set prediction is pinned to one
# thread (--threads 1) so that the timings are not inflated by contention with other jobs; the
# metrics do not depend on the thread count.

# repository root = the parent of this file's folder
EXP_ROOT="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
EXP_DATASETS="${ALT_DATASETS:-$EXP_ROOT/../shared/datasets}"
EXP_REPORT="$EXP_ROOT/experiments/report.py"

# run_eval DIR KEY ARGS... : runs `./alt evaluate --json --threads 1 ARGS...`, writes DIR/KEY.json
# (only when the run succeeded, moved into place atomically) or DIR/KEY.err (stderr of a failed run).
# Never aborts the calling script: a failing setting (e.g. a divergence error) is a result to report.
run_eval() {
  local dir="$1" key="$2"
  shift 2
  mkdir -p "$dir"
  local tmp="$dir/.$key.json.tmp" err="$dir/.$key.err.tmp"
  local start end
  start=$(date +%s%N)
  if "$EXP_ROOT/alt" evaluate --json --threads 1 "$@" >"$tmp" 2>"$err"; then
    mv "$tmp" "$dir/$key.json"
    rm -f "$err" "$dir/$key.err"
    end=$(date +%s%N)
    printf '  %-40s ok   %6d ms wall\n' "$key" "$(( (end - start) / 1000000 ))" >&2
  else
    local rc=$?
    mv "$err" "$dir/$key.err"
    rm -f "$tmp"
    printf '  %-40s FAILED (exit %d): %s\n' "$key" "$rc" \
      "$(grep -v -e '^WARNING' -e '^INFO' -e VectorizationProvider "$dir/$key.err" | head -1)" >&2
  fi
}

# provenance_header COMMAND : the block every generated markdown file starts with
provenance_header() {
  local version_file
  version_file="$(mktemp)"
  "$EXP_ROOT/alt" --version >"$version_file" 2>&1
  python3 "$EXP_REPORT" header "$1" "$version_file"
  rm -f "$version_file"
}
