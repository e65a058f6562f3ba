#!/usr/bin/env bash
# pgnkit against the peers built in ../shared/peers (their README says what each is), one
# thread, per corpus, best of $RUNS alternated runs in the same invocation (issue 33):
#   replay      `pgnkit check --quiet -j 1` (default work: variations too) and with
#               `--no-variations` (the peers' work: the main line) against pgn-reader's
#               validate and chess-library's harness: peer seconds / pgnkit seconds;
#   parse-only  `pgnkit index` (syntax: the games' offsets) and `pgnkit select --count --tag
#               Site!=nowhere` (every game's tags, no replay) against pgn-reader's stats.
# The goal: >= 1.5 for every pgn-reader ratio. A peer whose binary is absent is named and
# skipped. MB/s are of the decompressed file.
#
# Usage: bench/peers.sh [--runs N]
# Environment:
#   PGNKIT   pgnkit binary (default build/tools/pgnkit)
#   PEERS    peers directory (default ../shared/peers)
#   CORPUS   corpus directory (default ../shared/corpus); absent: nothing to measure
#   RUNS     runs per measurement (default 5; --runs overrides)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

RUNS=${RUNS:-5}
while (($#)); do
  case $1 in
    --runs) RUNS=${2:?--runs needs a number}; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "peers.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
PGNKIT=${PGNKIT:-build/tools/pgnkit}
PEERS=${PEERS:-../shared/peers}
CORPUS=${CORPUS:-../shared/corpus}
if [[ ! -d $CORPUS ]]; then
  echo "peers.sh: no corpus at $CORPUS: nothing to measure"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

seconds() {
  local s e
  s=$(date +%s.%N)
  bash -c "$1" >/dev/null 2>&1 || true
  e=$(date +%s.%N)
  echo "$e - $s" | bc
}
min() { echo "if ($1 < $2) $1 else $2" | bc; }

# name -> command (FILE replaced by the corpus file); the peers only when their binary is here.
declare -A cmd
order=(check no-variations index select-tags)
cmd[check]="$PGNKIT check --quiet -j 1 FILE"
cmd[no-variations]="$PGNKIT check --quiet --no-variations -j 1 FILE"
cmd[index]="$PGNKIT index FILE"
cmd[select-tags]="$PGNKIT select --count -j 1 --tag Site!=nowhere FILE"
for peer in pgn-reader-validate pgn-reader-stats chess-library-validate; do
  if [[ -x $PEERS/$peer ]]; then
    order+=("$peer")
    cmd[$peer]="$PEERS/$peer FILE"
  else
    echo "peers.sh: $PEERS/$peer absent: skipped"
  fi
done

for name in lichess otb engine; do
  [[ -f $CORPUS/$name.pgn.zst ]] || continue
  f=$tmp/$name.pgn
  zstd -q -d -c "$CORPUS/$name.pgn.zst" >"$f"
  bytes=$(stat -c %s "$f")
  declare -A best=()
  for ((i = 0; i < RUNS; i++)); do
    for k in "${order[@]}"; do
      t=$(seconds "${cmd[$k]//FILE/$f}")
      best[$k]=$(min "${best[$k]:-999}" "$t")
    done
  done
  echo "$name ($((bytes >> 20)) MiB), best of $RUNS:"
  for k in "${order[@]}"; do
    printf '  %-24s %7.3f s %8.1f MB/s\n' "$k" "${best[$k]}" "$(echo "$bytes / ${best[$k]} / 1000000" | bc -l)"
  done
  ratio() { [[ -n ${best[$2]:-} ]] && printf '  %-44s %5.2fx\n' "$1" "$(echo "${best[$2]} / ${best[$3]}" | bc -l)"; }
  ratio "check / pgn-reader validate" pgn-reader-validate check || true
  ratio "check --no-variations / pgn-reader validate" pgn-reader-validate no-variations || true
  ratio "check / chess-library" chess-library-validate check || true
  ratio "index / pgn-reader stats" pgn-reader-stats index || true
  ratio "select by tags / pgn-reader stats" pgn-reader-stats select-tags || true
  unset best
  rm -f "$f"
done
