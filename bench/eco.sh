#!/usr/bin/env bash
# What ECO classification costs: `status --eco` against `status` and `check` on the same file,
# in the same run.
#
#   check       pgnkit check --quiet FILE                   (the reference: a full replay)
#   status      pgnkit status --summary FILE                (replay + per-game verdicts)
#   status eco  pgnkit status --summary --eco FILE          (the same + classification)
#
# The figure is the classification's cost as a share of check's time:
#   (status eco - status) / check        target: under 0.15
# Seconds are CPU seconds (user + system, from /usr/bin/time: on a shared machine they vary
# far less than wall time), the best of $RUNS runs, the three commands taken in turn so that
# a burst of other load hits them alike; start-up included (loading eco.pgn, ~2,000 lines, is
# part of the eco row).
# On a shared machine even CPU seconds move by more than the 3-7% being measured, so where
# valgrind is installed the script also counts instructions (callgrind, deterministic) for
# the three commands on the file's first 8 MB, and prints the same ratio from them.
# The script exits 0 whatever the ratios, non-zero only when a command failed.
#
# Usage: bench/eco.sh [--runs N] [FILE]   (default FILE: the decompressed corpus otb.pgn)
# Environment: PGNKIT (default build/tools/pgnkit), CORPUS (default ../shared/corpus), RUNS.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

RUNS=${RUNS:-5}
file=""
while (($#)); do
  case $1 in
    --runs) RUNS=${2:?--runs needs a number}; shift 2 ;;
    *) file=$1; shift ;;
  esac
done
PGNKIT=${PGNKIT:-build/tools/pgnkit}
CORPUS=${CORPUS:-../shared/corpus}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [[ -z $file ]]; then
  if [[ ! -f $CORPUS/otb.pgn.zst ]]; then
    echo "eco.sh: $CORPUS/otb.pgn.zst absent and no FILE given: nothing to measure" >&2
    exit 0
  fi
  zstd -qdc "$CORPUS/otb.pgn.zst" > "$tmp/otb.pgn"
  file=$tmp/otb.pgn
fi

seconds() {  # runs "$@" with output discarded; prints its CPU seconds
  local rc=0
  /usr/bin/time -f '%U %S' -o "$tmp/time" "$@" > /dev/null 2>&1 || rc=$?
  if ((rc >= 2)); then echo "eco.sh: failed ($rc): $*" >&2; exit 1; fi
  awk 'END { printf "%.3f", $1 + $2 }' "$tmp/time"  # the last line: an exit status may come first
}
best() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b < a) ? b : a }'; }

check="" status="" eco=""
for ((i = 0; i < RUNS; i++)); do
  check=$(best "$check" "$(seconds "$PGNKIT" check --quiet "$file")")
  status=$(best "$status" "$(seconds "$PGNKIT" status --summary "$file")")
  eco=$(best "$eco" "$(seconds "$PGNKIT" status --summary --eco "$file")")
done
printf '%-12s %8.3f s\n' check "$check" status "$status" "status eco" "$eco"
awk -v c="$check" -v s="$status" -v e="$eco" 'BEGIN {
  printf "classification: %.3f s = %.3f x check (target < 0.15); status eco / status = %.3f\n",
         e - s, (e - s) / c, e / s }'

if ! command -v valgrind > /dev/null; then
  echo "valgrind not installed: no instruction counts"
  exit 0
fi
head -c 8000000 "$file" > "$tmp/slice.pgn"
instructions() {  # callgrind's instruction count for "$@" on the slice
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" "$tmp/slice.pgn" 2>&1 > /dev/null |
    awk '/Collected :/ { print $NF }' || true  # pgnkit's exit status 1 (problems found) is fine
}
ic=$(instructions "$PGNKIT" check --quiet)
is=$(instructions "$PGNKIT" status --summary)
ie=$(instructions "$PGNKIT" status --summary --eco)
printf '%-12s %14d instructions (first 8 MB)\n' check "$ic" status "$is" "status eco" "$ie"
awk -v c="$ic" -v s="$is" -v e="$ie" 'BEGIN {
  printf "classification: %.3f x check in instructions (target < 0.15)\n", (e - s) / c }'
