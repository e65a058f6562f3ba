#!/usr/bin/env bash
# Perft speed: pgnkit against Stockfish on one thread, then pgnkit's 2-thread scaling.
#
# What is measured: nodes per second of a full perft (no hash table, no transposition
# shortcuts) from the start position to depth 6 and from Kiwipete to depth 5.
# pgnkit counts the last ply in bulk: at depth 1 it counts the legal moves without making
# them. Stockfish's "go perft" does the same (the last ply is the size of its legal move list),
# so the two figures compare like with like.
#
# Every run's node count is checked against the known figure; a wrong count stops the script.
# Each figure is the best of $RUNS runs (default 3): the least disturbed by other load.
#
# Usage: bench/perft.sh [--runs N] [--skip-pgnkit] [--skip-stockfish]
# Environment:
#   PGNKIT     pgnkit binary (default build/tools/pgnkit; built in Release if missing)
#   STOCKFISH  Stockfish binary (default: stockfish on PATH, else /usr/games/stockfish;
#              installed with apt-get when missing and running as root)
#   RUNS       runs per measurement (default 3; --runs overrides)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

RUNS=${RUNS:-3}
skip_pgnkit=0
skip_stockfish=0
while (($#)); do
  case $1 in
    --runs) RUNS=${2:?--runs needs a number}; shift 2 ;;
    --skip-pgnkit) skip_pgnkit=1; shift ;;
    --skip-stockfish) skip_stockfish=1; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "perft.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "perft.sh: RUNS must be a positive integer" >&2; exit 2; }

die() { echo "perft.sh: error: $*" >&2; exit 1; }
note() { echo "perft.sh: $*" >&2; }

# The benchmark positions: name, depth, FEN ("startpos": the start position, pgnkit's default),
# known node count.
KIWIPETE_FEN="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
NAMES=(start kiwipete)
DEPTHS=(6 5)
FENS=("startpos" "$KIWIPETE_FEN")
EXPECTED=(119060324 193690690)

now() { date +%s.%N; }
# calc EXPR: evaluate a Python arithmetic expression (floats), print the result.
calc() { python3 -c "print($1)"; }
# fmt_mnps NPS: nodes/s as millions with one decimal, or "-" when not measured.
fmt_mnps() { if [[ $1 == - ]]; then echo -; else python3 -c "print(f'{$1 / 1e6:.1f}')"; fi; }
# best A B: the larger of two rates, "-" meaning none yet.
best() { if [[ $1 == - ]]; then echo "$2"; else python3 -c "print(max($1, $2))"; fi; }

# ---------------------------------------------------------------- pgnkit
PGNKIT=${PGNKIT:-build/tools/pgnkit}
have_pgnkit=0
if ((!skip_pgnkit)); then
  if [[ ! -x $PGNKIT ]]; then
    note "$PGNKIT not found: building pgnkit (Release)"
    if cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build -j; then :; else
      die "building pgnkit failed (run with --skip-pgnkit to measure Stockfish alone)"
    fi
  fi
  [[ -x $PGNKIT ]] || die "no executable pgnkit at $PGNKIT after the build (set PGNKIT=path)"
  have_pgnkit=1
fi

# pgnkit_nps DEPTH FEN EXPECTED THREADS: one run; prints nodes/s. The JSON output has one
# object per line; the one whose depth is DEPTH is used.
pgnkit_nps() {
  local depth=$1 fen=$2 expected=$3 threads=$4 out
  local args=(perft --threads "$threads" --format json "$depth")
  [[ $fen == startpos ]] || args+=(--fen "$fen")
  if ! out=$("$PGNKIT" "${args[@]}"); then
    die "pgnkit ${args[*]} failed"
  fi
  python3 - "$depth" "$expected" "$out" <<'PY' || die "pgnkit ${args[*]}: see above"
import json, sys
depth, expected, text = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rows = []
for line in text.splitlines():
    line = line.strip()
    if line.startswith('{'):
        rows.append(json.loads(line))
rows = [r for r in rows if int(r.get('depth', -1)) == depth]
if not rows:
    sys.exit(f'perft.sh: error: no JSON object with "depth": {depth} in pgnkit output:\n{text}')
r = rows[-1]
if int(r['nodes']) != expected:
    sys.exit(f'perft.sh: error: pgnkit counted {r["nodes"]} nodes at depth {depth}, expected {expected}')
seconds = float(r['seconds'])
print(int(r['nodes']) / seconds if seconds > 0 else float(r['nps']))
PY
}

# ---------------------------------------------------------------- Stockfish
have_stockfish=0
SF=${STOCKFISH:-}
if ((!skip_stockfish)); then
  if [[ -z $SF ]]; then
    SF=$(command -v stockfish || true)
    # Debian installs it in /usr/games, which is not on every PATH.
    if [[ -z $SF && -x /usr/games/stockfish ]]; then SF=/usr/games/stockfish; fi
  fi
  if [[ -z $SF ]]; then
    if [[ $(id -u) == 0 ]]; then
      note "stockfish not found: installing Debian's stockfish package"
      export DEBIAN_FRONTEND=noninteractive
      if ! { apt-get update -qq && apt-get install -y -qq stockfish >/dev/null; }; then
        die "apt-get install stockfish failed"
      fi
      SF=$(command -v stockfish || echo /usr/games/stockfish)
    else
      note "stockfish not found and not running as root, so it cannot be installed here;"
      note "install it with 'sudo apt-get install stockfish' (or set STOCKFISH=path)."
      note "Skipping the Stockfish reference."
    fi
  fi
  if [[ -n $SF ]]; then
    [[ -x $SF ]] || die "stockfish at '$SF' is not executable"
    have_stockfish=1
  fi
fi

# sf_seconds DEPTH FEN EXPECTED: wall time of one Stockfish process doing "go perft DEPTH"
# on one thread, checking its node count. Stockfish is driven through stdin.
sf_seconds() {
  local depth=$1 fen=$2 expected=$3 pos out t0 t1 nodes
  if [[ $fen == startpos ]]; then pos="position startpos"; else pos="position fen $fen"; fi
  t0=$(now)
  if ! out=$(printf 'setoption name Threads value 1\n%s\ngo perft %s\nquit\n' "$pos" "$depth" | "$SF"); then
    die "stockfish failed on '$pos' go perft $depth"
  fi
  t1=$(now)
  nodes=$(sed -n 's/^Nodes searched: *\([0-9]*\).*/\1/p' <<<"$out" | tail -n 1)
  [[ -n $nodes ]] || die "no 'Nodes searched' in Stockfish's output for '$pos' go perft $depth"
  [[ $nodes == "$expected" ]] ||
    die "stockfish counted $nodes nodes for '$pos' at depth $depth, expected $expected"
  calc "$t1 - $t0"
}

# ---------------------------------------------------------------- measure
((have_pgnkit || have_stockfish)) || die "neither pgnkit nor Stockfish to measure"

echo "perft speed on $(nproc) CPU(s) ($(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)), load average $(cut -d' ' -f1-3 /proc/loadavg)"
if ((have_pgnkit)); then echo "pgnkit:    $PGNKIT"; fi
if ((have_stockfish)); then echo "stockfish: $SF ($(printf 'quit\n' | "$SF" | head -n 1))"; fi

# Stockfish's start-up (loading its evaluation network) is not perft work: the best time of
# "go perft 1" is taken off each Stockfish time. pgnkit reports its own perft time.
sf_startup=0
if ((have_stockfish)); then
  sf_startup=-
  for ((r = 0; r < RUNS; r++)); do
    t=$(sf_seconds 1 startpos 20)
    if [[ $sf_startup == - ]]; then sf_startup=$t; else sf_startup=$(calc "min($sf_startup, $t)"); fi
  done
fi

declare -a PG_NPS SF_NPS
for i in "${!NAMES[@]}"; do
  d=${DEPTHS[i]} fen=${FENS[i]} n=${EXPECTED[i]}
  pg=- sf=-
  for ((r = 0; r < RUNS; r++)); do
    if ((have_pgnkit)); then
      v=$(pgnkit_nps "$d" "$fen" "$n" 1)
      pg=$(best "$pg" "$v")
    fi
    if ((have_stockfish)); then
      s=$(sf_seconds "$d" "$fen" "$n")
      v=$(calc "$n / max($s - $sf_startup, 1e-9)")
      sf=$(best "$sf" "$v")
    fi
  done
  PG_NPS[i]=$pg SF_NPS[i]=$sf
done

echo
echo "Single thread, best of $RUNS runs; node counts checked against the known figures."
printf '%-10s %5s %13s %12s %15s %17s\n' position depth nodes "pgnkit Mn/s" "stockfish Mn/s" "pgnkit/stockfish"
for i in "${!NAMES[@]}"; do
  ratio=-
  [[ ${PG_NPS[i]} == - || ${SF_NPS[i]} == - ]] || ratio=$(calc "f'{${PG_NPS[i]} / ${SF_NPS[i]}:.2f}'")
  printf '%-10s %5s %13s %12s %15s %17s\n' "${NAMES[i]}" "${DEPTHS[i]}" \
    "$(calc "f'{${EXPECTED[i]}:,}'")" "$(fmt_mnps "${PG_NPS[i]}")" "$(fmt_mnps "${SF_NPS[i]}")" "$ratio"
done
if ((have_stockfish)); then
  printf '(Stockfish times exclude its start-up, %.3f s, the best time of "go perft 1".)\n' "$sf_startup"
fi

if ((have_pgnkit)); then
  two=-
  for ((r = 0; r < RUNS; r++)); do
    v=$(pgnkit_nps 6 startpos 119060324 2)
    two=$(best "$two" "$v")
  done
  echo
  echo "pgnkit thread scaling, start position depth 6, best of $RUNS runs:"
  printf '  --threads 1  %8s Mn/s\n' "$(fmt_mnps "${PG_NPS[0]}")"
  printf '  --threads 2  %8s Mn/s\n' "$(fmt_mnps "$two")"
  printf '  speed-up     %8s x\n' "$(calc "f'{$two / ${PG_NPS[0]}:.2f}'")"
  if (($(nproc) < 2)); then echo "  (only $(nproc) CPU here: no speed-up is possible)"; fi
fi
