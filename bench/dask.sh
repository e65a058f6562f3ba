#!/usr/bin/env bash
# pgnkit-dask: a LocalCluster of 2 worker processes against one, and the driver's cost.
#
# On the three decompressed corpora given together (lichess, otb, engine), measures in one
# invocation, each the best of $RUNS runs taken in turn (the machine may be shared: the runs
# alternate, so that a busy spell hits every mode alike):
#   pgnkit -j1        pgnkit check --quiet -j 1 FILES (one process, one thread: the reference)
#   pgnkit -j2        the same on 2 threads: what 2 cores give at that moment (a shared
#                     machine may not have 2 free), the ceiling of --local 2 over --local 1
#   dask --local 1    pgnkit-dask --local 1 check --quiet FILES
#   dask --local 2    pgnkit-dask --local 2 check --quiet FILES (the default plan: about 8
#                     shards per worker over all the inputs)
#   dask --local 2 --shards N
#                     the same with N shards per file for each N in $SHARDS
# and prints for each the best wall seconds and the CPU seconds (user + system of the whole
# process tree: driver, workers, pgnkit) of that run, the speed-up of --local 2 over --local 1
# (issue 17's target on a 2-core machine: >= 1.6x), the driver's cost (dask --local 1 over
# pgnkit -j1), and where the seconds of the best --local 1 and --local 2 runs went
# (pgnkit-dask --timings: python start, imports, import of distributed, cluster start,
# waiting for the index pass, the shards, shutdown). The outputs are compared with pgnkit's
# (stdout byte for byte): a difference fails the script.
#
# Usage: bench/dask.sh [--runs N]
# Environment: PGNKIT (default build/tools/pgnkit), CORPUS (default ../shared/corpus),
#   SHARDS (default "1 2 4"), PLAIN (a directory holding lichess.pgn, otb.pgn and engine.pgn
#   already decompressed, e.g. /tmp/corpus: used instead of decompressing CORPUS).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
RUNS=${RUNS:-3}
[[ ${1:-} == --runs ]] && RUNS=${2:?}
CORPUS=${CORPUS:-../shared/corpus}
PGNKIT=$(realpath "${PGNKIT:-build/tools/pgnkit}")
DRIVER=$(realpath tools/pgnkit-dask)
SHARDS=${SHARDS:-"1 2 4"}
PLAIN=${PLAIN:-}
[[ -d $CORPUS || -n $PLAIN ]] || { echo "dask.sh: no corpus at $CORPUS: nothing to measure" >&2; exit 0; }
/usr/bin/python3 -c 'import distributed' 2>/dev/null ||
  { echo "dask.sh: python3-distributed is not installed" >&2; exit 1; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-dask-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
files=()
for name in lichess otb engine; do
  if [[ -n $PLAIN && -r $PLAIN/$name.pgn ]]; then
    files+=("$PLAIN/$name.pgn")
  elif [[ -r $CORPUS/$name.pgn.zst ]]; then
    zstd -qdc "$CORPUS/$name.pgn.zst" >"$TMP/$name.pgn"
    files+=("$TMP/$name.pgn")
  fi
done
((${#files[@]})) || { echo "dask.sh: no corpus file found" >&2; exit 0; }

declare -A BEST CPU TIMINGS
labels=("pgnkit -j1" "pgnkit -j2" "dask --local 1" "dask --local 2")
for n in $SHARDS; do labels+=("dask --local 2 --shards $n"); done
DASK=(/usr/bin/python3 "$DRIVER" --pgnkit "$PGNKIT" --timings)
command_of() {
  case $1 in
    "pgnkit -j1") CMD=("$PGNKIT" check --quiet -j 1 "${files[@]}") ;;
    "pgnkit -j2") CMD=("$PGNKIT" check --quiet -j 2 "${files[@]}") ;;
    "dask --local 1") CMD=("${DASK[@]}" --local 1 check --quiet "${files[@]}") ;;
    "dask --local 2") CMD=("${DASK[@]}" --local 2 check --quiet "${files[@]}") ;;
    "dask --local 2 --shards "*) CMD=("${DASK[@]}" --local 2 --shards "${1##* }" check --quiet "${files[@]}") ;;
  esac
}
"$PGNKIT" check --format ndjson -j 1 "${files[@]}" >"$TMP/one.out" 2>/dev/null || true
/usr/bin/python3 "$DRIVER" --pgnkit "$PGNKIT" --local 2 check --format ndjson "${files[@]}" >"$TMP/dask.out" 2>/dev/null || true
cmp -s "$TMP/one.out" "$TMP/dask.out" || { echo "dask.sh: pgnkit-dask's output differs from pgnkit's" >&2; exit 1; }
seconds() { awk -v t="$1" 'BEGIN { split(t, a, "m"); sub("s", "", a[2]); print a[1] * 60 + a[2] }'; }
for ((r = 0; r < RUNS; ++r)); do
  for label in "${labels[@]}"; do
    command_of "$label"
    start=$EPOCHREALTIME
    # In a subshell, so that `times` gives the CPU of this run's process tree alone.
    (
      "${CMD[@]}" >/dev/null 2>"$TMP/err" || (($? == 1)) || { echo "dask.sh: '$label' failed" >&2; cat "$TMP/err" >&2; exit 1; }
      times >"$TMP/times"
    )
    secs=$(awk "BEGIN { print ${EPOCHREALTIME/,/.} - ${start/,/.} }")
    read -r user sys < <(sed -n 2p "$TMP/times")
    cpu=$(awk "BEGIN { print $(seconds "$user") + $(seconds "$sys") }")
    prev=${BEST[$label]:-9999}
    if awk "BEGIN { exit !($secs < $prev) }"; then
      BEST[$label]=$secs
      CPU[$label]=$cpu
      TIMINGS[$label]=$(grep '^pgnkit-dask timings:' "$TMP/err" || true)
    fi
  done
done
printf '%-28s %8s %8s %10s\n' mode wall cpu "vs local 1"
for label in "${labels[@]}"; do
  printf '%-28s %8.2f %8.2f %9.2fx\n' "$label" "${BEST[$label]}" "${CPU[$label]}" \
    "$(awk "BEGIN { print ${BEST["dask --local 1"]} / ${BEST[$label]} }")"
done
speedup=$(awk "BEGIN { printf \"%.2f\", ${BEST["dask --local 1"]} / ${BEST["dask --local 2"]} }")
cost=$(awk "BEGIN { printf \"%.2f\", ${BEST["dask --local 1"]} / ${BEST["pgnkit -j1"]} }")
echo
echo "speed-up, --local 2 over --local 1: ${speedup}x (target >= 1.6x on 2 cores)"
echo "driver cost, --local 1 over pgnkit -j1: ${cost}x"
ceiling=$(awk "BEGIN { printf \"%.2f\", ${BEST["pgnkit -j1"]} / ${BEST["pgnkit -j2"]} }")
echo "the machine's own ceiling in this run, pgnkit -j1 over -j2: ${ceiling}x (2 free cores give ~2x)"
echo
for label in "dask --local 1" "dask --local 2"; do
  echo "$label: ${TIMINGS[$label]#pgnkit-dask timings: }"
done
