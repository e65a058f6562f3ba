#!/usr/bin/env bash
# Several inputs at once: `check --quiet` on every corpus .zst given in one command line, at
# --threads 1 and at --threads N in one invocation (issue 12: "several files given at once
# are decoded and parsed in parallel with each other").
#
# The two runs are made in turn, $RUNS times; the best (lowest) wall time of each is kept,
# so that a burst of other load on this shared machine hits both alike. Printed: seconds at
# 1 and at N threads, their ratio (t1 / tN), the CPU time (task-clock, from perf stat when it
# is installed, else user + sys from /usr/bin/time) of the best runs and its ratio, and the
# peak RSS at N threads. The outputs of the two runs are compared byte for byte (stderr
# without the summary's seconds and MB/s): a difference is a failure, whatever the speed.
#
# Usage: bench/inputs.sh [--runs N] [--threads N]
# Environment:
#   PGNKIT   pgnkit binary (default build/tools/pgnkit)
#   CORPUS   corpus directory (default ../shared/corpus); absent: nothing to measure
#   RUNS     runs per measurement (default 3; --runs overrides)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

RUNS=${RUNS:-3}
THREADS=$(nproc)
while (($#)); do
  case $1 in
    --runs) RUNS=${2:?--runs needs a number}; shift 2 ;;
    --threads) THREADS=${2:?--threads needs a number}; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "inputs.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
[[ $RUNS =~ ^[1-9][0-9]*$ && $THREADS =~ ^[1-9][0-9]*$ ]] ||
  { echo "inputs.sh: --runs and --threads need positive integers" >&2; exit 2; }

note() { echo "inputs.sh: $*" >&2; }
fmt() { awk "BEGIN { print $1 }"; }

CORPUS=${CORPUS:-../shared/corpus}
shopt -s nullglob
files=("$CORPUS"/*.pgn.zst)
if ((${#files[@]} == 0)); then
  note "no .pgn.zst in '$CORPUS' (set CORPUS=dir): nothing to measure."
  exit 0
fi
PGNKIT=${PGNKIT:-build/tools/pgnkit}
[[ -x $PGNKIT ]] || { note "$PGNKIT not found (build pgnkit first)"; exit 1; }
[[ -x /usr/bin/time ]] || { note "/usr/bin/time is missing (Debian's 'time')"; exit 1; }
PERF=$(command -v perf || true)

TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-inputs.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# run_once TAG THREADS: one run; sets SECS, CPU (seconds) and RSS_KIB.
run_once() {
  local tag=$1 threads=$2 status=0 start end
  local cmd=("$PGNKIT" check --quiet --threads "$threads" "${files[@]}")
  start=$EPOCHREALTIME
  if [[ -n $PERF ]]; then
    /usr/bin/time -f '%M %U %S' -o "$TMP/time" -- "$PERF" stat -x, -e task-clock -o "$TMP/perf" -- \
      "${cmd[@]}" >"$TMP/$tag.out" 2>"$TMP/$tag.err" || status=$?
  else
    /usr/bin/time -f '%M %U %S' -o "$TMP/time" -- "${cmd[@]}" >"$TMP/$tag.out" 2>"$TMP/$tag.err" ||
      status=$?
  fi
  end=$EPOCHREALTIME
  ((status <= 1)) || { note "'${cmd[*]}' exited with status $status"; tail -n 5 "$TMP/$tag.err" >&2; exit 1; }
  SECS=$(fmt "${end/,/.} - ${start/,/.}")
  read -r RSS_KIB user sys < <(tail -n 1 "$TMP/time")  # after "Command exited with ..."
  if [[ -n $PERF ]] && grep -q task-clock "$TMP/perf"; then
    CPU=$(awk -F, '/task-clock/ { print $1 / 1000 }' "$TMP/perf")  # msec -> s
  else
    CPU=$(fmt "$user + $sys")
  fi
}

strip_timing() { sed -E 's/, [0-9.]+ s, [0-9.]+ MB\/s//' "$1"; }

best1=9999 bestn=9999 cpu1=0 cpun=0 rss=0
for ((r = 0; r < RUNS; ++r)); do
  run_once a 1
  if [[ $(fmt "($SECS < $best1)") == 1 ]]; then best1=$SECS cpu1=$CPU; fi
  run_once b "$THREADS"
  if [[ $(fmt "($SECS < $bestn)") == 1 ]]; then bestn=$SECS cpun=$CPU; fi
  ((RSS_KIB > rss)) && rss=$RSS_KIB
done
if ! cmp -s "$TMP/a.out" "$TMP/b.out" || ! cmp -s <(strip_timing "$TMP/a.err") <(strip_timing "$TMP/b.err"); then
  note "the outputs at 1 and $THREADS threads differ"
  exit 1
fi
printf 'check --quiet on %d .zst inputs at once (%s)\n' "${#files[@]}" "$(basename -a "${files[@]}" | tr '\n' ' ')"
uptime >&2
printf '%9s %9s %8s %9s %9s %9s %10s\n' "1T s" "${THREADS}T s" ratio "1T cpu" "${THREADS}T cpu" "cpu ratio" "RSS MiB"
printf '%9.3f %9.3f %7.2fx %9.3f %9.3f %8.2fx %10s\n' "$best1" "$bestn" "$(fmt "$best1 / $bestn")" \
  "$cpu1" "$cpun" "$(fmt "$cpun / $cpu1")" "$(fmt "int($rss / 1024 + 0.5)")"
