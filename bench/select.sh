#!/usr/bin/env bash
# select throughput: pgnkit select against pgnkit check, same files, same run.
#
# What is measured, for lichess and otb from the shared corpus (each decompressed once into a
# temporary directory, removed on exit; every command reads that plain copy, one thread):
#   check            pgnkit check --quiet FILE                    (the reference: 1.00x)
#   select (none)    pgnkit select --count FILE: no filter, so the reader alone with the tag
#                    section read and the movetext scanned (the reader's raw speed)
#   select tags      pgnkit select --tag 'WhiteElo>=2000' FILE -o /dev/null: a tags-only
#                    filter writing the selected games' bytes
#   select tags rx   pgnkit select --player '~^[A-M]' FILE -o /dev/null: a PCRE2 JIT regex
#   select play      pgnkit select --ends checkmate FILE -o /dev/null: replays every game
#   select eco       pgnkit select --eco C20-C99 --eco-classify FILE -o /dev/null: classifies
#                    every game by Debian's eco.pgn (the replay stops past the book's deepest
#                    line, 36 plies), writes the Open Games
#   select eco full  the same with --plies 0.. (a second play filter, always true): every move
#                    is replayed, so the row above over this one is what the stop saves
# Seconds are the best (lowest) of $RUNS runs, modes taken in turn so that a burst of other
# load hits them alike (bash's clock around each command, start-up included). "x check" is
# check's seconds over the row's: the bars are tags >= 2x check, play about 1x check. They are
# informational; the script exits non-zero only when a command failed (exit status 2 or a
# signal; select's 1, no game selected, is not a failure).
#
# Usage: bench/select.sh [--runs N]
# Environment:
#   PGNKIT   pgnkit binary (default build/tools/pgnkit; built in Release if missing)
#   CORPUS   corpus directory (default ../shared/corpus); absent: nothing to measure, exit 0
#   RUNS     runs per measurement (default 3; --runs overrides)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

RUNS=${RUNS:-3}
while (($#)); do
  case $1 in
    --runs) RUNS=${2:?--runs needs a number}; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "select.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "select.sh: RUNS must be a positive integer" >&2; exit 2; }

die() { echo "select.sh: error: $*" >&2; exit 1; }

PGNKIT=${PGNKIT:-build/tools/pgnkit}
CORPUS=${CORPUS:-../shared/corpus}
if [[ ! -d $CORPUS ]]; then
  echo "select.sh: $CORPUS not found: nothing to measure" >&2
  exit 0
fi
if [[ ! -x $PGNKIT ]]; then
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build build -j2 --target pgnkit >/dev/null ||
    die "cannot build $PGNKIT"
fi
command -v zstd >/dev/null || die "zstd not found (apt-get install zstd)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

MODES=("check" "select (none)" "select tags" "select tags rx" "select play" "select eco" "select eco full")
# run MODE FILE: runs one mode; its exit status 0 or 1 is success.
run() {
  local rc=0
  case $1 in
    "check") "$PGNKIT" check --quiet "$2" >/dev/null 2>&1 || rc=$? ;;
    "select (none)") "$PGNKIT" select --count "$2" >/dev/null 2>&1 || rc=$? ;;
    "select tags") "$PGNKIT" select --tag 'WhiteElo>=2000' "$2" -o /dev/null 2>/dev/null || rc=$? ;;
    "select tags rx") "$PGNKIT" select --player '~^[A-M]' "$2" -o /dev/null 2>/dev/null || rc=$? ;;
    "select play") "$PGNKIT" select --ends checkmate "$2" -o /dev/null 2>/dev/null || rc=$? ;;
    "select eco") "$PGNKIT" select --eco C20-C99 --eco-classify "$2" -o /dev/null 2>/dev/null || rc=$? ;;
    "select eco full") "$PGNKIT" select --eco C20-C99 --eco-classify --plies 0.. "$2" -o /dev/null 2>/dev/null || rc=$? ;;
  esac
  # check exits 1 when the file has problems, select when nothing was selected.
  ((rc <= 1)) || die "$1 on $2 failed with status $rc"
}

now() { date +%s.%N; }

for name in lichess otb; do
  src=$CORPUS/$name.pgn.zst
  [[ -f $src ]] || { echo "select.sh: $src not found: skipped" >&2; continue; }
  plain=$tmp/$name.pgn
  zstd -qdc "$src" >"$plain" || die "cannot decompress $src"
  size=$(stat -c %s "$plain")
  declare -A best=()
  for ((r = 0; r < RUNS; r++)); do
    for mode in "${MODES[@]}"; do
      t0=$(now)
      run "$mode" "$plain"
      t1=$(now)
      s=$(python3 -c "print($t1 - $t0)")
      if [[ -z ${best[$mode]:-} ]] || python3 -c "import sys; sys.exit(0 if $s < ${best[$mode]} else 1)"; then
        best[$mode]=$s
      fi
    done
  done
  printf '\n%s (%s MB decompressed, best of %d)\n' "$name" "$(python3 -c "print(round($size / 1e6))")" "$RUNS"
  printf '%-16s %9s %9s %9s\n' mode seconds MB/s "x check"
  for mode in "${MODES[@]}"; do
    python3 -c "
s = ${best[$mode]}; c = ${best[check]}
print('%-16s %9.3f %9.0f %8.2fx' % ('$mode', s, $size / 1e6 / s, c / s))"
  done
  rm -f "$plain"
  unset best
done
