#!/usr/bin/env bash
# pgnkit stats against pgnkit check on the same input (issue 32): the lichess and otb corpora,
# one thread each, in one invocation, and the size of the lichess corpus's HTML report.
#
# For each corpus file, decompressed once into a temporary directory (removed on exit):
#   check   pgnkit check -j 1 --format ndjson FILE > /dev/null   (the reference)
#   stats   pgnkit stats -j 1 --format json FILE > /dev/null
# Seconds are CPU seconds (user + sys, from /usr/bin/time): on a shared machine wall time
# mostly measures the neighbours. Each is the best (lowest) of $RUNS runs, the two taken in
# turn so that a burst of other load hits them alike. The speed ratio is check's seconds over
# stats' (1.0: as fast as check); the target is >= 0.8. Informational: the script exits 0
# whatever it says, non-zero only when a command fails.
#
# Usage: bench/stats.sh [--runs N]
# Environment:
#   PGNKIT   pgnkit binary (default build/tools/pgnkit)
#   CORPUS   corpus directory (default ../shared/corpus beside the repository); a missing
#            corpus file is skipped with a message
#   RUNS     runs per mode (default 3; --runs overrides)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
RUNS=${RUNS:-3}
while (($#)); do
  case $1 in
    --runs) RUNS=$2; shift 2 ;;
    *) echo "usage: bench/stats.sh [--runs N]" >&2; exit 2 ;;
  esac
done
PGNKIT=${PGNKIT:-build/tools/pgnkit}
CORPUS=${CORPUS:-../shared/corpus}
[[ -x $PGNKIT ]] || { echo "no pgnkit binary at $PGNKIT (build it first)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# CPU seconds of one run of the command line given.
cpu_seconds() {
  # Exit status 1 (check found problems) is a run like any other; 2 is a failure.
  local rc=0
  /usr/bin/time -f '%U %S' -o "$tmp/time" "$@" > /dev/null 2> "$tmp/err" || rc=$?
  if ((rc > 1)); then
    cat "$tmp/err" >&2
    return 1
  fi
  # GNU time writes "Command exited with non-zero status 1" first then: the last line.
  tail -n 1 "$tmp/time" | awk '{ printf "%.3f\n", $1 + $2 }'
}

best() { printf '%s\n' "$@" | sort -g | head -n 1; }

for name in lichess otb; do
  zst=$CORPUS/$name.pgn.zst
  if [[ ! -f $zst ]]; then
    echo "$name: $zst is absent, skipped"
    continue
  fi
  file=$tmp/$name.pgn
  zstd -dcq "$zst" > "$file"
  check=() stats=()
  for ((i = 0; i < RUNS; i++)); do
    check+=("$(cpu_seconds "$PGNKIT" check -j 1 --no-progress --format ndjson "$file")")
    stats+=("$(cpu_seconds "$PGNKIT" stats -j 1 --no-progress --format json "$file")")
  done
  c=$(best "${check[@]}")
  s=$(best "${stats[@]}")
  ratio=$(awk -v c="$c" -v s="$s" 'BEGIN { printf "%.2f", (s > 0 ? c / s : 0) }')
  echo "$name: check ${c}s, stats ${s}s (best of $RUNS, one thread): stats at ${ratio}x check's speed (target >= 0.8)"
  if [[ $name == lichess ]]; then
    "$PGNKIT" stats -j 1 --no-progress --format html "$file" > "$tmp/report.html"
    bytes=$(stat -c %s "$tmp/report.html")
    echo "lichess: the HTML report is $bytes bytes (target < 2 MB)"
  fi
  rm -f "$file"
done
