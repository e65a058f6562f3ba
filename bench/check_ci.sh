#!/usr/bin/env bash
# The CI gate's cost: pgnkit check --format sarif and --baseline against --format ndjson, on
# the otb corpus (105,009 over-the-board games), in one invocation.
#
# Modes, each with its output to /dev/null and the summary to stderr:
#   ndjson      pgnkit check --format ndjson FILE              (the reference)
#   sarif       pgnkit check --format sarif FILE
#   baseline    pgnkit check --format ndjson --baseline B FILE (B: every problem of FILE,
#               written once by --write-baseline, so each one is looked up and suppressed)
# The file is decompressed once into a temporary directory (removed on exit); every mode
# reads that copy. Seconds are CPU seconds (user + sys, from /usr/bin/time): every mode runs
# on one thread, and on a shared machine wall time mostly measures the neighbours. Each is
# the best (lowest) of $RUNS runs, the modes taken in turn so that a burst of other load
# hits them alike. The ratio is the mode's seconds over ndjson's;
# the target is <= 1.10 (informational: the script exits 0 whatever it says, non-zero only
# when a command fails).
#
# Usage: bench/check_ci.sh [--runs N]
# Environment:
#   PGNKIT   pgnkit binary (default build/tools/pgnkit)
#   CORPUS   corpus directory (default ../shared/corpus beside the repository); without
#            otb.pgn.zst there is nothing to measure and the script exits 0
#   FILE     another .pgn or .pgn.zst to measure instead of otb.pgn.zst
#   RUNS     runs per mode (default 5; --runs overrides)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
RUNS=${RUNS:-5}
while (($#)); do
  case $1 in
    --runs) RUNS=${2:?--runs needs a number}; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "check_ci.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "check_ci.sh: RUNS must be a positive integer" >&2; exit 2; }

PGNKIT=${PGNKIT:-build/tools/pgnkit}
CORPUS=${CORPUS:-../shared/corpus}
FILE=${FILE:-$CORPUS/otb.pgn.zst}
[[ -x $PGNKIT ]] || { echo "check_ci.sh: $PGNKIT not built" >&2; exit 1; }
if [[ ! -f $FILE ]]; then
  echo "check_ci.sh: $FILE not found: nothing to measure" >&2
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pgn=$tmp/input.pgn
if [[ $FILE == *.zst ]]; then zstd -qdc "$FILE" > "$pgn"; else cp "$FILE" "$pgn"; fi
baseline=$tmp/known.txt
"$PGNKIT" check --quiet --no-config --write-baseline "$baseline" "$pgn" 2> /dev/null \
  || { echo "check_ci.sh: --write-baseline failed" >&2; exit 1; }

modes=(ndjson sarif baseline)
declare -A args=(
  [ndjson]="--format ndjson"
  [sarif]="--format sarif"
  [baseline]="--format ndjson --baseline $baseline"
)
declare -A best
run_once() {  # mode -> CPU seconds
  local status=0
  # shellcheck disable=SC2086
  /usr/bin/time -f '%U %S' -o "$tmp/time" "$PGNKIT" check --no-config ${args[$1]} "$pgn" \
    > /dev/null 2> "$tmp/err" || status=$?
  ((status <= 1)) || { echo "check_ci.sh: $1 failed (status $status)" >&2; cat "$tmp/err" >&2; exit 1; }
  read -r user sys < <(tail -1 "$tmp/time")
  echo "$user + $sys" | bc -l
}
for ((r = 0; r < RUNS; ++r)); do
  for m in "${modes[@]}"; do
    s=$(run_once "$m")
    if [[ -z ${best[$m]:-} ]] || (($(echo "$s < ${best[$m]}" | bc -l))); then best[$m]=$s; fi
  done
done

problems=$(($(wc -l < "$baseline") - 1))
echo "check_ci.sh: $(basename "$FILE"), $problems baseline lines, best of $RUNS runs"
printf '%-10s %8s %8s\n' mode "cpu s" "x ndjson"
for m in "${modes[@]}"; do
  printf '%-10s %8.3f %8.3f\n' "$m" "${best[$m]}" "$(echo "${best[$m]} / ${best[ndjson]}" | bc -l)"
done
echo "target: sarif and baseline <= 1.10 x ndjson"
