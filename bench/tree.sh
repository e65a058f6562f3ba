#!/usr/bin/env bash
# Opening trees (issue 30, docs/tree.md), each against a reference run in the same
# invocation, best of $RUNS alternated runs, one thread:
#   build   `pgnkit tree --save` and `--format polyglot` on each corpus against
#           `pgnkit check --quiet` on it: check seconds / tree seconds (the goal: >= 0.5);
#   book    `pgnkit tree --format polyglot` against Debian's `polyglot make-book` on the
#           same games (those make-book can read: standard start, legal) and limits:
#           make-book seconds / pgnkit seconds (the goal: >= 5); the books must be the
#           same bytes;
#   query   a tree saved from every corpus, then 1,000 `pgnkit tree --open` queries of
#           positions of the otb games (every 97th, in or out of the tree): milliseconds
#           per query, process start included (the goal: < 10 ms), against `pgnkit
#           --version` as the floor.
# The peak RSS of each build is printed too (GNU time).
#
# Usage: bench/tree.sh [--runs N]
# Environment:
#   PGNKIT   pgnkit binary (default build/tools/pgnkit)
#   CORPUS   corpus directory (default ../shared/corpus); absent: nothing to measure
#   RUNS     runs per measurement (default 3; --runs overrides)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

RUNS=${RUNS:-3}
while (($#)); do
  case $1 in
    --runs) RUNS=${2:?--runs needs a number}; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "tree.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
PGNKIT=${PGNKIT:-build/tools/pgnkit}
CORPUS=${CORPUS:-../shared/corpus}
POLYGLOT=${POLYGLOT:-/usr/games/polyglot}
if [[ ! -d $CORPUS ]]; then
  echo "tree.sh: no corpus at $CORPUS: nothing to measure"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

seconds() {
  local s e
  s=$(date +%s.%N)
  bash -c "$1" >/dev/null 2>"$tmp/err" || true
  e=$(date +%s.%N)
  echo "$e - $s" | bc
}
min() { echo "if ($1 < $2) $1 else $2" | bc; }
rss_mib() {  # peak RSS of a command, MiB
  /usr/bin/time -f %M bash -c "$1" >/dev/null 2>"$tmp/rss" || true
  echo "$(tail -1 "$tmp/rss") / 1024" | bc
}

trees=()
for name in lichess otb engine; do
  [[ -f $CORPUS/$name.pgn.zst ]] || continue
  zstd -q -d -c "$CORPUS/$name.pgn.zst" >"$tmp/$name.pgn"
  trees+=("$tmp/$name.pgn")
done

for name in lichess otb; do
  f=$tmp/$name.pgn
  [[ -f $f ]] || continue
  check=999 save=999 book=999
  for ((i = 0; i < RUNS; i++)); do
    check=$(min "$check" "$(seconds "$PGNKIT check --quiet -j 1 $f")")
    save=$(min "$save" "$(seconds "$PGNKIT tree -q -j 1 --save $tmp/t.tree $f")")
    book=$(min "$book" "$(seconds "$PGNKIT tree -q -j 1 --format polyglot -o $tmp/b.bin $f")")
  done
  printf '%-8s check %6.3f s  tree --save %6.3f s (%.2fx check, %d MiB, tree %d MiB)  book %6.3f s (%.2fx check)\n' \
    "$name" "$check" "$save" "$(echo "$check / $save" | bc -l)" \
    "$(rss_mib "$PGNKIT tree -q -j 1 --save $tmp/t.tree $f")" \
    "$(($(stat -c %s "$tmp/t.tree") >> 20))" "$book" "$(echo "$check / $book" | bc -l)"
done

if [[ -x $POLYGLOT && -f $tmp/otb.pgn ]]; then
  # make-book stops at the first game it cannot read or play: give it the standard-start
  # legal games, their tags as the export format writes them.
  "$PGNKIT" select --legal "$tmp/otb.pgn" -o "$tmp/legal.pgn" 2>/dev/null
  "$PGNKIT" select --invert --tag SetUp=1 "$tmp/legal.pgn" -o "$tmp/setup.pgn" 2>/dev/null
  "$PGNKIT" convert --to pgn "$tmp/setup.pgn" -o "$tmp/std.pgn" 2>/dev/null || true
  ours=999 theirs=999
  for ((i = 0; i < RUNS; i++)); do
    ours=$(min "$ours" "$(seconds "$PGNKIT tree -q -j 1 --format polyglot -o $tmp/ours.bin --max-ply 30 --min-games 3 $tmp/std.pgn")")
    theirs=$(min "$theirs" "$(seconds "$POLYGLOT make-book -pgn $tmp/std.pgn -bin $tmp/theirs.bin -max-ply 30 -min-game 3")")
  done
  same=$(cmp -s "$tmp/ours.bin" "$tmp/theirs.bin" && echo identical || echo DIFFERENT)
  printf 'book     otb standard games: pgnkit %6.3f s  make-book %6.3f s  (%.1fx)  books %s\n' \
    "$ours" "$theirs" "$(echo "$theirs / $ours" | bc -l)" "$same"
fi

if ((${#trees[@]})) && [[ -f $tmp/otb.pgn ]]; then
  "$PGNKIT" tree -q --save "$tmp/all.tree" "${trees[@]}"
  "$PGNKIT" convert --to fen "$tmp/otb.pgn" 2>/dev/null | awk 'NR % 97 == 1' |
    head -1000 >"$tmp/fens" || true
  n=$(wc -l <"$tmp/fens")
  s=$(date +%s.%N)
  while IFS= read -r fen; do "$PGNKIT" tree -q --open "$tmp/all.tree" --fen "$fen" >/dev/null; done <"$tmp/fens"
  e=$(date +%s.%N)
  s2=$(date +%s.%N)
  while IFS= read -r fen; do "$PGNKIT" --version >/dev/null; done <"$tmp/fens"
  e2=$(date +%s.%N)
  printf 'query    %d positions on a tree of %s (%d MiB): %.2f ms each (pgnkit --version: %.2f ms)\n' \
    "$n" "$(basename -a "${trees[@]}" | tr '\n' ' ')" "$(($(stat -c %s "$tmp/all.tree") >> 20))" \
    "$(echo "($e - $s) * 1000 / $n" | bc -l)" "$(echo "($e2 - $s2) * 1000 / $n" | bc -l)"
fi
