#!/usr/bin/env bash
# Compressed input (issue 29): for each corpus file, `pgnkit check --quiet` on the gzip file
# against `zcat FILE.gz | pgnkit check --quiet -` and against `pgnkit check --quiet` on the
# plain file, in one invocation, at the default thread count. With --all, bzip2 and xz too
# (each against its own tool's pipe). The corpus .zst files are decompressed and compressed
# (gzip -6, bzip2 -9, xz -6) into a temporary directory first.
#
# The three runs are made in turn, $RUNS times; the best (lowest) wall time of each is kept,
# so that a burst of other load hits them alike. Printed: seconds of each, and the ratios
# file/pipe (below 1: reading the compressed file beats the tool's pipe) and file/plain (what
# decompression costs over the plain file; the goal is within 1.3x on 2 cores). The summary
# lines of the three runs must agree (the same games and problems), else it fails.
#
# Usage: bench/compressed.sh [--runs N] [--all]
# Environment:
#   PGNKIT   pgnkit binary (default build/tools/pgnkit)
#   CORPUS   corpus directory (default ../shared/corpus); absent: nothing to measure
#   RUNS     runs per measurement (default 3; --runs overrides)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

RUNS=${RUNS:-3}
ALL=0
while (($#)); do
  case $1 in
    --runs) RUNS=${2:?--runs needs a number}; shift 2 ;;
    --all) ALL=1; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "compressed.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
PGNKIT=${PGNKIT:-build/tools/pgnkit}
CORPUS=${CORPUS:-../shared/corpus}
if [[ ! -d $CORPUS ]]; then
  echo "compressed.sh: no corpus at $CORPUS: nothing to measure"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# best_of CMD: the lowest wall seconds of $RUNS runs; the summary line into $tmp/summary.
seconds() {
  local s e
  s=$(date +%s.%N)
  bash -c "$1" >/dev/null 2>"$tmp/err" || true
  e=$(date +%s.%N)
  tail -1 "$tmp/err" | sed 's/, [0-9.]* s, .*//' >"$tmp/summary"
  echo "$e - $s" | bc
}
min() { echo "if ($1 < $2) $1 else $2" | bc; }

formats=("gzip:gz:zcat")
((ALL)) && formats+=("bzip2:bz2:bzcat" "xz:xz:xzcat")
status=0
for zst in "$CORPUS"/lichess.pgn.zst "$CORPUS"/otb.pgn.zst; do
  [[ -f $zst ]] || continue
  name=$(basename "$zst" .pgn.zst)
  zstd -q -d -c "$zst" >"$tmp/$name.pgn"
  for f in "${formats[@]}"; do
    IFS=: read -r tool ext cat <<<"$f"
    "$tool" -c "$tmp/$name.pgn" >"$tmp/$name.pgn.$ext"
    file=999 pipe=999 plain=999
    for ((i = 0; i < RUNS; i++)); do
      file=$(min "$file" "$(seconds "$PGNKIT check --quiet $tmp/$name.pgn.$ext")")
      a=$(cat "$tmp/summary")
      pipe=$(min "$pipe" "$(seconds "$cat $tmp/$name.pgn.$ext | $PGNKIT check --quiet -")")
      b=$(cat "$tmp/summary")
      plain=$(min "$plain" "$(seconds "$PGNKIT check --quiet $tmp/$name.pgn")")
      c=$(cat "$tmp/summary")
      if [[ $a != "$b" || $a != "$c" ]]; then
        echo "compressed.sh: $name.$ext: the summaries differ: '$a' '$b' '$c'" >&2
        status=1
      fi
    done
    printf '%-8s %-4s file %6.3f s  %s| %6.3f s  plain %6.3f s  file/pipe %.2f  file/plain %.2f\n' \
      "$name" "$ext" "$file" "$cat" "$pipe" "$plain" "$(echo "$file / $pipe" | bc -l)" \
      "$(echo "$file / $plain" | bc -l)"
  done
  rm -f "$tmp/$name".pgn*
done
exit $status
