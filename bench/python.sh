#!/usr/bin/env bash
# The Python face (`import pgnkit`) against its references, on one file, in one run:
#
#   read_games -j1     for game in pgnkit.read_games(FILE, threads=1): len(game.moves)
#   read_games -jN     the same with threads=None (every core the process may use)
#   python-chess       while chess.pgn.read_game(f): len(list(game.mainline_moves())), where
#                      python-chess is importable (a checkout on PYTHONPATH will do); else the
#                      script says it is absent and leaves that ratio out
#   moves_table -j1    pgnkit.moves_table(FILE, threads=1): every played move into NumPy arrays
#   convert -j1        pgnkit convert --to uci -j1 FILE > /dev/null (the binary: the same moves
#                      as text)
#
# Python's seconds are taken inside the child process around the call (the interpreter's start
# and the imports are not counted: what a notebook user waits for); the binary's are bash's
# clock around the command (its start, a few ms, included). Each is the best (lowest) of $RUNS
# runs, the modes taken in turn so that a burst of other load on this shared machine hits them
# alike. Printed: the seconds and MB/s of each mode; python-chess / read_games (how many times
# faster pgnkit is, at one thread and at N); convert / moves_table (the binary's time over
# Python's: 1.00x means the Python face costs nothing over the command line); and the peak RSS
# in MiB (/usr/bin/time %M of the child, the highest of the runs) of read_games at 1 and at N
# threads beside the RSS of a child that imports pgnkit and numpy and reads nothing:
# read_games keeps memory bounded, so this does not grow with the file.
#
# Before timing, moves_table's rows are checked against the binary's moves (the count of UCI
# moves and the first lines): a difference is a failure. The ratios are informational: the
# script exits 0 whatever they are, 1 when a run failed or the outputs differ.
#
# Usage: bench/python.sh [--runs N] [FILE]
#   FILE: a PGN file (plain, or .zst: decompressed into a temporary file first, for
#   python-chess). Default: the corpus's lichess.pgn.zst, decompressed.
# Environment:
#   PGNKIT          pgnkit binary (default build/tools/pgnkit)
#   PGNKIT_PYTHON   the directory holding the built package pgnkit (default build/python)
#   PYTHON          the interpreter (default /usr/bin/python3: Debian's, with numpy)
#   CORPUS          corpus directory (default ../shared/corpus); no FILE and no corpus:
#                   nothing to measure, exit 0
#   RUNS            runs per measurement (default 3; --runs overrides)
#   PYTHONPATH      kept after PGNKIT_PYTHON: where python-chess is found, if anywhere
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

RUNS=${RUNS:-3}
file=""
while (($#)); do
  case $1 in
    --runs) RUNS=${2:?--runs needs a number}; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "python.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
    *) file=$1; shift ;;
  esac
done
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "python.sh: --runs needs a positive integer" >&2; exit 2; }

note() { echo "python.sh: $*" >&2; }
fmt() { awk "BEGIN { print $1 }"; }

PGNKIT=${PGNKIT:-build/tools/pgnkit}
PGNKIT_PYTHON=$(realpath "${PGNKIT_PYTHON:-build/python}")
PYTHON=${PYTHON:-/usr/bin/python3}
CORPUS=${CORPUS:-../shared/corpus}
[[ -x $PGNKIT ]] || { note "$PGNKIT not found (build pgnkit first: cmake --build build)"; exit 1; }
[[ -x /usr/bin/time ]] || { note "/usr/bin/time is missing (Debian's 'time')"; exit 1; }
export PYTHONPATH="$PGNKIT_PYTHON${PYTHONPATH:+:$PYTHONPATH}"
"$PYTHON" -c 'import pgnkit' 2>/dev/null ||
  { note "cannot import pgnkit from $PGNKIT_PYTHON with $PYTHON (build it: cmake --build build)"; exit 1; }

TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-python-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
if [[ -z $file ]]; then
  if [[ ! -f $CORPUS/lichess.pgn.zst ]]; then
    note "$CORPUS/lichess.pgn.zst absent and no FILE given: nothing to measure"
    exit 0
  fi
  file=$CORPUS/lichess.pgn.zst
fi
[[ -r $file ]] || { note "cannot read '$file'"; exit 1; }
if [[ $file == *.zst ]]; then
  command -v zstd >/dev/null || { note "zstd not found (apt-get install zstd)"; exit 1; }
  zstd -qdc "$file" >"$TMP/input.pgn"
  file=$TMP/input.pgn
fi
size=$(stat -c %s "$file")

# One mode of the Python side; prints its seconds (inside the process) on the last line.
cat >"$TMP/run.py" <<'EOF'
import sys
import time

mode, path = sys.argv[1], sys.argv[2]
if mode == "python-chess":
    import chess.pgn
import numpy  # imported here: the module's first table would import it inside the timing
import pgnkit

start = time.perf_counter()
if mode in ("read_games -j1", "read_games -jN"):
    moves = 0
    for game in pgnkit.read_games(path, threads=1 if mode.endswith("j1") else None):
        moves += len(game.moves)
elif mode == "python-chess":
    moves = 0
    with open(path, encoding="utf-8-sig", errors="replace") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            moves += len(list(game.mainline_moves()))
elif mode == "moves_table -j1":
    moves = len(pgnkit.moves_table(path, threads=1))
elif mode == "import":
    moves = 0
else:
    sys.exit(f"run.py: unknown mode {mode}")
print(moves)
print(time.perf_counter() - start)
EOF

if "$PYTHON" -c 'import chess.pgn' 2>/dev/null; then
  have_chess=1
else
  have_chess=0
  note "python-chess is not importable (not in Debian; put a checkout on PYTHONPATH): its ratio is skipped"
fi

# The moves of moves_table against the binary's: the count, and the first 1000 games' lines.
"$PGNKIT" convert --to uci -j1 "$file" >"$TMP/uci.txt" 2>/dev/null || (($? == 1)) ||
  { note "pgnkit convert --to uci failed on $file"; exit 1; }
"$PYTHON" - "$file" "$TMP/uci.txt" <<'EOF' || exit 1
import sys
import numpy as np
import pgnkit

table = pgnkit.moves_table(sys.argv[1], columns=["game", "uci"], threads=1)
with open(sys.argv[2], encoding="ascii") as f:
    lines = f.read().splitlines()
words = sum(len(line.split()) for line in lines)
if words != len(table):
    sys.exit(f"python.sh: moves_table has {len(table)} rows, convert --to uci {words} moves")
game, uci = table["game"], table["uci"]
for number, line in enumerate(lines[:1000], start=1):
    lo, hi = np.searchsorted(game, [number, number + 1])  # rows come in game order
    mine = b" ".join(uci[lo:hi]).decode()
    if mine != line:
        sys.exit(f"python.sh: game {number}: moves_table '{mine[:60]}', convert '{line[:60]}'")
EOF

MODES=("read_games -j1" "read_games -jN")
((have_chess)) && MODES+=("python-chess")
MODES+=("moves_table -j1" "convert -j1")
declare -A BEST RSS MOVES
# run MODE: one run; sets SECS, and RSS_KIB and N (moves counted) for the Python modes.
run() {
  local rc=0 start
  if [[ $1 == "convert -j1" ]]; then
    start=$EPOCHREALTIME
    "$PGNKIT" convert --to uci -j1 "$file" >/dev/null 2>"$TMP/err" || rc=$?
    SECS=$(fmt "${EPOCHREALTIME/,/.} - ${start/,/.}")
    RSS_KIB=0 N=""
  else
    /usr/bin/time -f '%M' -o "$TMP/time" "$PYTHON" "$TMP/run.py" "$1" "$file" >"$TMP/out" 2>"$TMP/err" ||
      rc=$?
    SECS=$(tail -n 1 "$TMP/out")
    N=$(head -n 1 "$TMP/out")
    RSS_KIB=$(tail -n 1 "$TMP/time")  # after "Command exited with ..."
  fi
  # convert exits 1 when a game has problems; anything else is a failure.
  if ((rc != 0)) && [[ $rc != 1 || $1 != "convert -j1" ]]; then
    note "'$1' failed with status $rc"
    tail -n 5 "$TMP/err" >&2
    exit 1
  fi
}

for ((r = 0; r < RUNS; ++r)); do
  for mode in "${MODES[@]}"; do
    run "$mode"
    if [[ -z ${BEST[$mode]:-} || $(fmt "($SECS < ${BEST[$mode]})") == 1 ]]; then BEST[$mode]=$SECS; fi
    ((RSS_KIB > ${RSS[$mode]:-0})) && RSS[$mode]=$RSS_KIB
    MOVES[$mode]=$N
  done
done
run import
RSS[import]=$RSS_KIB

mib() { fmt "int($1 / 1024 + 0.5)"; }
printf '%s: %.1f MB, best of %d runs\n' "$file" "$(fmt "$size / 1e6")" "$RUNS"
uptime >&2
printf '%-16s %9s %9s %10s %9s\n' mode seconds MB/s moves "RSS MiB"
for mode in "${MODES[@]}"; do
  rss=-
  [[ $mode != "convert -j1" ]] && rss=$(mib "${RSS[$mode]}")
  printf '%-16s %9.3f %9.1f %10s %9s\n' "$mode" "${BEST[$mode]}" "$(fmt "$size / 1e6 / ${BEST[$mode]}")" \
    "${MOVES[$mode]:--}" "$rss"
done
printf '%-16s %9s %9s %10s %9s\n' "imports only" - - - "$(mib "${RSS[import]}")"
echo
if ((have_chess)); then
  printf 'python-chess / read_games -j1: %.1fx (pgnkit this many times faster, one thread each)\n' \
    "$(fmt "${BEST[python-chess]} / ${BEST["read_games -j1"]}")"
  printf 'python-chess / read_games -jN: %.1fx (pgnkit on %d cores)\n' \
    "$(fmt "${BEST[python-chess]} / ${BEST["read_games -jN"]}")" "$(nproc)"
else
  echo "python-chess / read_games: skipped (python-chess absent)"
fi
printf 'convert -j1 / moves_table -j1: %.2fx (the CLI'"'"'s time over Python'"'"'s; 1.00x: the Python face costs nothing)\n' \
  "$(fmt "${BEST["convert -j1"]} / ${BEST["moves_table -j1"]}")"
printf 'peak RSS of read_games: %s MiB at -j1, %s MiB at -jN (pgnkit and numpy imported, nothing read: %s MiB)\n' \
  "$(mib "${RSS["read_games -j1"]}")" "$(mib "${RSS["read_games -jN"]}")" "$(mib "${RSS[import]}")"
