#!/usr/bin/env bash
# pgnkit index and a --range worker on multi-frame zstd files (docs/scale-out.md), against
# the same input plain and as one frame, in one invocation (best of $RUNS, taken in turn).
#
# From one corpus file (lichess, decompressed) it makes: one.zst (zstd -3: one frame),
# pzstd.zst (pzstd -p 2: frames of ~8 MiB without a content size, each after a skippable
# frame) and sized.zst (split -b 8M, zstd each part, concatenated: frames with a content
# size). It times `pgnkit index --shards 8` on the plain file and on each .zst (on pzstd's,
# one decoding pass), and `pgnkit check --quiet --range` of the last of those 8 shards:
# listing the frames before START (decoding pzstd's to count them), and with the
# --zstd-frame that index printed (decoding nothing before its frame); the reference is
# `pgnkit check --quiet -j 1` of the plain file.
# Ratios are seconds over the reference's.
#
# Usage: bench/index_frames.sh [--runs N]
# Environment: PGNKIT (default build/tools/pgnkit), CORPUS (default ../shared/corpus), or
#   PLAIN=/path/lichess.pgn (already decompressed).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
RUNS=${RUNS:-3}
[[ ${1:-} == --runs ]] && RUNS=${2:?}
CORPUS=${CORPUS:-../shared/corpus}
PGNKIT=$(realpath "${PGNKIT:-build/tools/pgnkit}")
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-index-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
PLAIN=${PLAIN:-}
if [[ -z $PLAIN ]]; then
  [[ -r $CORPUS/lichess.pgn.zst ]] || { echo "index_frames.sh: no corpus at $CORPUS" >&2; exit 0; }
  PLAIN=$TMP/lichess.pgn
  zstd -qdc "$CORPUS/lichess.pgn.zst" >"$PLAIN"
fi
command -v pzstd >/dev/null || { echo "index_frames.sh: pzstd is not installed (package zstd)" >&2; exit 1; }
zstd -q -3 -c "$PLAIN" >"$TMP/one.zst"
pzstd -q -p 2 -c "$PLAIN" >"$TMP/pzstd.zst"
mkdir "$TMP/parts"
split -b 8M "$PLAIN" "$TMP/parts/part."
zstd -q --rm "$TMP"/parts/part.*
cat "$TMP"/parts/part.*.zst >"$TMP/sized.zst"

last_range() {  # the --range options of the last shard of `index --shards 8`
  "$PGNKIT" index --shards 8 "$1" | tail -1 |
    sed -E 's/.*"start":([0-9]+),"end":([0-9]+),"first_game":([0-9]+),"first_line":([0-9]+).*/--range \1:\2 --base-game \3 --base-line \4/'
}
last_frame() {  # its --zstd-frame (the frame that holds its start)
  "$PGNKIT" index --shards 8 "$1" | tail -1 |
    sed -E 's/.*"frame_offset":([0-9]+),"frame_start":([0-9]+).*/--zstd-frame \1:\2/'
}
declare -A BEST RANGE FRAME
RANGE[plain]=$(last_range "$PLAIN")
for f in pzstd.zst sized.zst; do
  RANGE[$f]=$(last_range "$TMP/$f")
  FRAME[$f]=$(last_frame "$TMP/$f")
done
labels=(reference "index plain" "index one.zst" "index pzstd.zst" "index sized.zst"
        "last shard pzstd.zst" "last shard sized.zst" "last shard pzstd.zst --zstd-frame"
        "last shard sized.zst --zstd-frame" "last shard plain")
run_label() {
  case $1 in
    reference) "$PGNKIT" check --quiet -j 1 "$PLAIN" ;;
    "index plain") "$PGNKIT" index --shards 8 "$PLAIN" ;;
    "index "*) "$PGNKIT" index --shards 8 "$TMP/${1#index }" ;;
    "last shard plain") "$PGNKIT" check --quiet -j 1 ${RANGE[plain]} "$PLAIN" ;;
    "last shard "*" --zstd-frame")
      f=${1#last shard }
      f=${f% --zstd-frame}
      "$PGNKIT" check --quiet -j 1 ${RANGE[$f]} ${FRAME[$f]} "$TMP/$f" ;;
    "last shard "*) "$PGNKIT" check --quiet -j 1 ${RANGE[${1#last shard }]} "$TMP/${1#last shard }" ;;
  esac
}
for ((r = 0; r < RUNS; ++r)); do
  for label in "${labels[@]}"; do
    start=$EPOCHREALTIME
    run_label "$label" >/dev/null 2>&1 || (($? == 1))
    secs=$(awk "BEGIN { print ${EPOCHREALTIME/,/.} - ${start/,/.} }")
    prev=${BEST[$label]:-9999}
    BEST[$label]=$(awk "BEGIN { print ($secs < $prev) ? $secs : $prev }")
  done
done
for f in "$PLAIN" "$TMP/one.zst" "$TMP/pzstd.zst" "$TMP/sized.zst"; do
  echo "$(basename "$f"): $("$PGNKIT" index --shards 8 "$f" | wc -l) shards of 8 asked"
done
printf '%-36s %8s %14s\n' run seconds "/ reference"
for label in "${labels[@]}"; do
  printf '%-36s %8.2f %13.2fx\n' "$label" "${BEST[$label]}" \
    "$(awk "BEGIN { print ${BEST[$label]} / ${BEST[reference]} }")"
done
