#!/usr/bin/env bash
# What `pgnkit dedup` costs, against `pgnkit check` and Debian's `pgn-extract -D` on the same
# file, in the same run:
#
#   check          pgnkit check --quiet FILE            (a full replay, variations included)
#   dedup          pgnkit dedup FILE -o /dev/null       (main lines replayed, keyed, written)
#   pgn-extract -D pgn-extract -s -D -o /dev/null FILE  (the reference)
#
# Seconds are CPU seconds (user + system, /usr/bin/time), the best of $RUNS runs, the commands
# taken in turn; printed with dedup / check and pgn-extract / dedup. Exits 0 whatever the
# ratios, non-zero only when a command failed (pgnkit status 2, pgn-extract non-zero).
#
# Usage: bench/dedup.sh [--runs N] [FILE]   (default FILE: the decompressed corpus otb.pgn)
# Environment: PGNKIT (default build/tools/pgnkit), PGN_EXTRACT (default pgn-extract on PATH,
# else /usr/games/pgn-extract), CORPUS (default ../shared/corpus), RUNS.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

RUNS=${RUNS:-3}
file=""
while (($#)); do
  case $1 in
    --runs) RUNS=${2:?--runs needs a number}; shift 2 ;;
    *) file=$1; shift ;;
  esac
done
PGNKIT=${PGNKIT:-build/tools/pgnkit}
PGN_EXTRACT=${PGN_EXTRACT:-$(command -v pgn-extract || echo /usr/games/pgn-extract)}
CORPUS=${CORPUS:-../shared/corpus}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [[ -z $file ]]; then
  if [[ ! -f $CORPUS/otb.pgn.zst ]]; then
    echo "dedup.sh: $CORPUS/otb.pgn.zst absent and no FILE given: nothing to measure" >&2
    exit 0
  fi
  zstd -qdc "$CORPUS/otb.pgn.zst" > "$tmp/otb.pgn"
  file=$tmp/otb.pgn
fi

seconds() {  # max_ok "$@": runs the command, prints its CPU seconds
  local max_ok=$1 rc=0
  shift
  /usr/bin/time -f '%U %S' -o "$tmp/time" "$@" > /dev/null 2>&1 || rc=$?
  if ((rc > max_ok)); then echo "dedup.sh: failed ($rc): $*" >&2; exit 1; fi
  awk 'END { printf "%.3f", $1 + $2 }' "$tmp/time"  # the last line: an exit status may come first
}
best() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b < a) ? b : a }'; }

check="" dedup="" extract=""
for ((i = 0; i < RUNS; i++)); do
  check=$(best "$check" "$(seconds 1 "$PGNKIT" check --quiet "$file")")
  dedup=$(best "$dedup" "$(seconds 1 "$PGNKIT" dedup "$file" -o /dev/null)")
  if [[ -x $PGN_EXTRACT ]]; then
    extract=$(best "$extract" "$(seconds 0 "$PGN_EXTRACT" -s -D -o /dev/null "$file")")
  fi
done
printf '%-15s %8.3f s\n' check "$check" dedup "$dedup"
awk -v c="$check" -v d="$dedup" 'BEGIN { printf "dedup / check = %.2f\n", d / c }'
if [[ -n $extract ]]; then
  printf '%-15s %8.3f s\n' "pgn-extract -D" "$extract"
  awk -v d="$dedup" -v e="$extract" 'BEGIN { printf "pgn-extract -D / dedup = %.1fx\n", e / d }'
else
  echo "pgn-extract not installed: no reference run"
fi
