#!/usr/bin/env bash
# pgnkit analyse's overhead (issue 31, docs/analyse.md): `pgnkit analyse --force --nodes
# $NODES -j $ENGINES` on the first $GAMES games of the lichess corpus against the engine alone
# over the same searches (bench/analyse_reference.py: the same ucinewgame / position / go lines
# to $ENGINES bare engines, each waiting for bestmove), in the same invocation, best of $RUNS
# alternated runs. Prints positions per second of each and reference seconds / pgnkit seconds
# (the goal: >= 0.9, an overhead under 10%).
#
# Usage: bench/analyse.sh [--runs N]
# Environment:
#   PGNKIT   pgnkit binary (default build/tools/pgnkit)
#   ENGINE   the UCI engine (default /usr/games/stockfish); absent: nothing to measure
#   CORPUS   corpus directory (default ../shared/corpus); absent: nothing to measure
#   GAMES    games (default 20), NODES (default 10000), ENGINES (default 2), RUNS (default 3)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

RUNS=${RUNS:-3}
while (($#)); do
  case $1 in
    --runs) RUNS=${2:?--runs needs a number}; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "analyse.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
PGNKIT=${PGNKIT:-build/tools/pgnkit}
ENGINE=${ENGINE:-/usr/games/stockfish}
CORPUS=${CORPUS:-../shared/corpus}
GAMES=${GAMES:-20}
NODES=${NODES:-10000}
ENGINES=${ENGINES:-2}
if [[ ! -x $ENGINE ]]; then
  echo "analyse.sh: no engine at $ENGINE (apt-get install stockfish): nothing to measure"
  exit 0
fi
if [[ ! -f $CORPUS/lichess.pgn.zst ]]; then
  echo "analyse.sh: no lichess corpus in $CORPUS: nothing to measure"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$PGNKIT" select --limit "$GAMES" --legal "$CORPUS/lichess.pgn.zst" -o "$tmp/games.pgn" 2>/dev/null
"$PGNKIT" convert --to uci "$tmp/games.pgn" -o "$tmp/games.uci" 2>/dev/null

best_pgnkit=
best_reference=
for ((run = 0; run < RUNS; run++)); do
  start=$(date +%s.%N)
  "$PGNKIT" analyse --engine "$ENGINE" --force --nodes "$NODES" -j "$ENGINES" --no-progress \
    "$tmp/games.pgn" -o "$tmp/out.pgn" 2>"$tmp/summary"
  seconds=$(echo "$(date +%s.%N) - $start" | bc)
  positions=$(sed -n 's/^[0-9]* games, \([0-9]*\) positions searched.*/\1/p' "$tmp/summary")
  if [[ -z $best_pgnkit ]] || (($(echo "$seconds < $best_pgnkit" | bc))); then best_pgnkit=$seconds; fi
  read -r ref_positions ref_seconds < <(/usr/bin/python3 bench/analyse_reference.py "$ENGINE" \
    "$NODES" "$ENGINES" <"$tmp/games.uci")
  if [[ -z $best_reference ]] || (($(echo "$ref_seconds < $best_reference" | bc))); then
    best_reference=$ref_seconds
  fi
done
echo "games $GAMES, --nodes $NODES, $ENGINES engines, best of $RUNS"
printf 'pgnkit analyse  %6d positions  %7.3f s  %7.1f positions/s\n' "$positions" \
  "$best_pgnkit" "$(echo "$positions / $best_pgnkit" | bc -l)"
printf 'engine alone    %6d positions  %7.3f s  %7.1f positions/s\n' "$ref_positions" \
  "$best_reference" "$(echo "$ref_positions / $best_reference" | bc -l)"
printf 'ratio (engine alone s / pgnkit s): %.3f\n' "$(echo "$best_reference / $best_pgnkit" | bc -l)"
