#!/usr/bin/env bash
# PGN throughput: pgnkit check against Debian's pgn-extract on the shared corpus.
#
# What is measured, for each corpus file (lichess, otb, engine):
#   check          pgnkit check --quiet on the decompressed file
#   check .zst     pgnkit check --quiet straight from the .zst (pgnkit decompresses itself,
#                  on a second thread that decodes ahead while the first one parses)
#   check .zst 1T  the same with PGNKIT_DECODE_AHEAD=0: decompression on the parsing thread
#   zstd -dc       zstd -qdc FILE.zst > /dev/null: decompression alone, the floor under any
#                  reader of the .zst (its "x pgn-extract" is the most "check .zst" can reach)
#   pgn-extract    pgn-extract -s -o /dev/null on the decompressed file (the reference)
#   status         pgnkit status --format ndjson (only with --with-status, if pgnkit has it)
#   convert ndjson pgnkit convert --to ndjson   (only with --with-convert, if pgnkit has it)
#   convert uci    pgnkit convert --to uci      (only with --with-convert, if pgnkit has it)
#   ndjson -> pgn  pgnkit convert --from ndjson --to pgn on the file's NDJSON (made once by
#                  convert --to ndjson; only with --with-convert); its MB/s line counts NDJSON
# Every command runs on one thread, but for "check .zst" (two: decode and parse); its output
# goes to /dev/null. Each file is decompressed once into a temporary directory (removed on
# exit) and every plain-file mode reads that copy.
#
# Times come from bash's microsecond clock around each command (wall seconds, start-up
# included), memory from /usr/bin/time (peak resident set size, %M). Seconds are the best (lowest) of $RUNS runs, the runs of all modes
# taken in turn so that a burst of other load hits them alike; peak RSS is the highest of the
# runs. Game and ply counts are those of pgnkit check on the file; every row's rates use them,
# so the rows compare the same work. MB/s is the decompressed size over the seconds, for the
# .zst row too. "x pgn-extract" is pgn-extract's seconds over the row's seconds.
#
# The bars at the end (the target: ">= 12x pgn-extract on each file, peak RSS <= 16 MiB") are
# informational: the script exits 0 whatever they say, and non-zero only when a command
# failed (pgnkit exit status 2 or a signal, pgn-extract non-zero, a build or decompression).
#
# Usage: bench/throughput.sh [--runs N] [--with-status] [--with-convert]
# Environment:
#   PGNKIT       pgnkit binary (default build/tools/pgnkit; built in Release if missing)
#   PGN_EXTRACT  pgn-extract binary (default: pgn-extract on PATH, else /usr/games/pgn-extract;
#                installed with apt-get when missing and running as root)
#   CORPUS       corpus directory (default ../shared/corpus beside the repository); when it
#                is absent there is nothing to measure and the script exits 0
#   RUNS         runs per measurement (default 3; --runs overrides)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

RUNS=${RUNS:-3}
with_status=0
with_convert=0
while (($#)); do
  case $1 in
    --runs) RUNS=${2:?--runs needs a number}; shift 2 ;;
    --with-status) with_status=1; shift ;;
    --with-convert) with_convert=1; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "throughput.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "throughput.sh: RUNS must be a positive integer" >&2; exit 2; }

die() { echo "throughput.sh: error: $*" >&2; exit 1; }
note() { echo "throughput.sh: $*" >&2; }

# ---------------------------------------------------------------- corpus
CORPUS=${CORPUS:-../shared/corpus}
FILES=(lichess.pgn.zst otb.pgn.zst engine.pgn.zst)
if [[ ! -d $CORPUS ]]; then
  note "no corpus directory at '$CORPUS' (set CORPUS=dir): nothing to measure."
  exit 0
fi
present=()
for f in "${FILES[@]}"; do
  if [[ -r $CORPUS/$f ]]; then present+=("$f"); else note "$CORPUS/$f is missing: skipped"; fi
done
if ((${#present[@]} == 0)); then
  note "none of ${FILES[*]} in '$CORPUS': nothing to measure."
  exit 0
fi

# ---------------------------------------------------------------- tools
# apt_install PACKAGE: install a Debian package when running as root; fails otherwise.
apt_updated=0
apt_install() {
  [[ $(id -u) == 0 ]] || return 1
  note "installing Debian's $1 package"
  export DEBIAN_FRONTEND=noninteractive
  if ((!apt_updated)); then apt-get update -qq || return 1; apt_updated=1; fi
  apt-get install -y -qq "$1" >/dev/null
}

if [[ ! -x /usr/bin/time ]]; then
  apt_install time || die "/usr/bin/time is missing (install the 'time' package)"
fi
if ! command -v zstd >/dev/null; then
  apt_install zstd || die "zstd is missing (install the 'zstd' package)"
fi

PGNKIT=${PGNKIT:-build/tools/pgnkit}
if [[ ! -x $PGNKIT ]]; then
  note "$PGNKIT not found: building pgnkit (Release)"
  if cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build -j2 --target pgnkit; then :; else
    die "building pgnkit failed"
  fi
fi
[[ -x $PGNKIT ]] || die "no executable pgnkit at $PGNKIT after the build (set PGNKIT=path)"

PGN_EXTRACT=${PGN_EXTRACT:-}
if [[ -z $PGN_EXTRACT ]]; then
  PGN_EXTRACT=$(command -v pgn-extract || true)
  # Debian installs it in /usr/games, which is not on every PATH.
  if [[ -z $PGN_EXTRACT && -x /usr/games/pgn-extract ]]; then PGN_EXTRACT=/usr/games/pgn-extract; fi
  if [[ -z $PGN_EXTRACT ]]; then
    if apt_install pgn-extract; then
      PGN_EXTRACT=$(command -v pgn-extract || echo /usr/games/pgn-extract)
    else
      note "pgn-extract not found and not installable here (not root, or apt-get failed);"
      note "install it with 'sudo apt-get install pgn-extract' (or set PGN_EXTRACT=path)."
      note "Measuring pgnkit alone: no 'x pgn-extract' figures."
    fi
  fi
fi
if [[ -n $PGN_EXTRACT && ! -x $PGN_EXTRACT ]]; then die "pgn-extract at '$PGN_EXTRACT' is not executable"; fi

# has_subcommand NAME: whether pgnkit has the subcommand. "pgnkit NAME --help" alone is not
# enough: CLI11 answers an unknown NAME's --help with the main help and exit status 0. The
# subcommand's own help has a usage line naming it.
has_subcommand() {
  local help
  help=$("$PGNKIT" "$1" --help 2>&1) || return 1
  grep -Eq "^Usage: .* $1( |$)" <<<"$help"
}

# pgnkit check on one thread: if check ever grows a --threads option, pin it to 1.
CHECK=(check --quiet)
if "$PGNKIT" check --help 2>/dev/null | grep -- '--threads' >/dev/null; then CHECK+=(--threads 1); fi

# The modes, by label. Kinds: pgnkit (exit status 0 or 1 is success: 1 means the input has
# problems), ref (pgn-extract: only 0 is success).
LABELS=("check" "check .zst" "check .zst 1T" "zstd -dc")
if [[ -n $PGN_EXTRACT ]]; then LABELS+=("pgn-extract"); fi
if ((with_status)); then
  if has_subcommand status; then
    LABELS+=("status ndjson")
  else
    note "--with-status: this pgnkit has no 'status' subcommand; skipped"
  fi
fi
if ((with_convert)); then
  if has_subcommand convert; then
    LABELS+=("convert ndjson" "convert uci" "ndjson -> pgn")
  else
    note "--with-convert: this pgnkit has no 'convert' subcommand; skipped"
  fi
fi

# mode_command LABEL PGN ZST: set KIND and CMD (the command of the mode LABEL on the
# decompressed file PGN and the compressed file ZST).
mode_command() {
  KIND=pgnkit
  case $1 in
    "check") CMD=("$PGNKIT" "${CHECK[@]}" "$2") ;;
    "check .zst") CMD=("$PGNKIT" "${CHECK[@]}" "$3") ;;
    "check .zst 1T") CMD=(env PGNKIT_DECODE_AHEAD=0 "$PGNKIT" "${CHECK[@]}" "$3") ;;
    "pgn-extract") KIND=ref CMD=("$PGN_EXTRACT" -s -o /dev/null "$2") ;;
    "zstd -dc") KIND=ref CMD=(zstd -qdc "$3") ;;
    "status ndjson") CMD=("$PGNKIT" status --format ndjson "$2") ;;
    "convert ndjson") CMD=("$PGNKIT" convert --to ndjson "$2") ;;
    "convert uci") CMD=("$PGNKIT" convert --to uci "$2") ;;
    "ndjson -> pgn") CMD=("$PGNKIT" convert --from ndjson --to pgn "${2%.pgn}.ndjson") ;;
    *) die "internal: unknown mode '$1'" ;;
  esac
}

# ---------------------------------------------------------------- measuring
TMP=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-throughput.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# measure KIND WORD...: run one command once, stdout to /dev/null, stderr kept in $TMP/err;
# sets SECONDS_ and RSS_KIB. Dies when the command failed.
measure() {
  local kind=$1 status=0 last
  shift
  local start=$EPOCHREALTIME
  /usr/bin/time -f '%e %M' -o "$TMP/time" -- "$@" >/dev/null 2>"$TMP/err" || status=$?
  local end=$EPOCHREALTIME
  if [[ $kind == pgnkit ]] && ((status == 1)); then status=0; fi
  if ((status != 0)); then
    note "'$*' exited with status $status; the end of its stderr:"
    tail -c 2000 "$TMP/err" | tr '\r' '\n' | tail -n 15 >&2
    exit 1
  fi
  # time writes "Command exited with non-zero status N" before its figures on status 1.
  last=$(tail -n 1 "$TMP/time")
  [[ $last =~ ^([0-9]+\.[0-9]+)\ ([0-9]+)$ ]] || die "unexpected /usr/bin/time output '$last' for '$*'"
  # Seconds from bash's microsecond clock around the command (%e counts in 10 ms steps, too
  # coarse for the 0.05 s runs); it includes starting /usr/bin/time, about a millisecond.
  SECONDS_=$(fmt "sprintf(\"%.3f\", ${end/,/.} - ${start/,/.})") RSS_KIB=${BASH_REMATCH[2]}
}

# fmt AWK-EXPRESSION: evaluate with awk and print it (printf-style formats via sprintf).
fmt() { awk "BEGIN { print $1 }"; }
# less A B: whether the number A is below the number B.
less() { awk "BEGIN { exit !($1 < $2) }"; }

cpu=$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)
echo "PGN throughput on $(nproc) CPU(s) (${cpu:-unknown CPU}), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "pgnkit:      $PGNKIT ($("$PGNKIT" --version 2>&1 | head -n 1))"
if [[ -n $PGN_EXTRACT ]]; then
  echo "pgn-extract: $PGN_EXTRACT ($("$PGN_EXTRACT" --version 2>&1 | head -n 1))"
fi
echo "corpus:      $CORPUS"
echo "One thread (two for check .zst), best of $RUNS run(s); peak RSS is the highest of the runs."

BAR_X=12
BAR_MIB=16
bar_lines=() target_lines=()
for f in "${present[@]}"; do
  name=${f%%.*}
  zst=$(realpath -- "$CORPUS/$f")  # zstd skips symbolic links: give it the file itself
  pgn=$TMP/$name.pgn
  zstd -q -dc -- "$zst" >"$pgn" || die "zstd could not decompress $zst"
  bytes=$(stat -c %s "$pgn")
  ndjson_bytes=0
  if [[ " ${LABELS[*]} " == *" ndjson -> pgn "* ]]; then
    "$PGNKIT" convert --to ndjson "$pgn" -o "${pgn%.pgn}.ndjson" 2>/dev/null ||
      [[ -s ${pgn%.pgn}.ndjson ]] || die "pgnkit convert --to ndjson failed on $f"
    ndjson_bytes=$(stat -c %s "${pgn%.pgn}.ndjson")
  fi

  best=() rss=() summary=
  for ((r = 0; r < RUNS; r++)); do
    for i in "${!LABELS[@]}"; do
      mode_command "${LABELS[i]}" "$pgn" "$zst"
      measure "$KIND" "${CMD[@]}"
      if [[ -z ${best[i]:-} ]] || less "$SECONDS_" "${best[i]}"; then best[i]=$SECONDS_; fi
      if [[ -z ${rss[i]:-} ]] || ((RSS_KIB > rss[i])); then rss[i]=$RSS_KIB; fi
      if ((i == 0)) && [[ -z $summary ]]; then
        # pgnkit's summary line, e.g. "48234 games, 3733955 plies, 5 errors, ..., 0.57 s, 238.1 MB/s".
        summary=$(tr '\r' '\n' <"$TMP/err" | grep -E '^[0-9]+ games, [0-9]+ plies' | tail -n 1 || true)
        [[ $summary =~ ^([0-9]+)\ games,\ ([0-9]+)\ plies ]] ||
          die "no summary line ('N games, N plies, ...') from pgnkit check on $f"
        games=${BASH_REMATCH[1]} plies=${BASH_REMATCH[2]}
      fi
    done
  done
  rm -f "$pgn" "${pgn%.pgn}.ndjson"

  ref=- zstd_dc=-
  for i in "${!LABELS[@]}"; do
    [[ ${LABELS[i]} != pgn-extract ]] || ref=${best[i]}
    [[ ${LABELS[i]} != "zstd -dc" ]] || zstd_dc=${best[i]}
  done

  echo
  echo "$f: $(fmt "sprintf(\"%.1f\", $bytes / 1e6)") MB decompressed, $games games, $plies plies"
  echo "  pgnkit check said: $summary"
  printf '%-15s %8s %10s %10s %8s %9s %14s\n' mode seconds games/s "Mplies/s" "MB/s" "RSS MiB" "x pgn-extract"
  for i in "${!LABELS[@]}"; do
    s=${best[i]}
    # A run under 1 ms is counted as 1 ms.
    t=$(fmt "($s < 0.001) ? 0.001 : $s")
    x=-
    [[ $ref == - ]] || x=$(fmt "sprintf(\"%.2f\", $ref / $t)")
    printf '%-15s %8s %10s %10s %8s %9s %14s\n' "${LABELS[i]}" "$s" \
      "$(fmt "sprintf(\"%.0f\", $games / $t)")" \
      "$(fmt "sprintf(\"%.2f\", $plies / $t / 1e6)")" \
      "$(fmt "sprintf(\"%.1f\", $bytes / $t / 1e6)")" \
      "$(fmt "sprintf(\"%.1f\", ${rss[i]} / 1024)")" "$x"
  done

  # The other commands' targets: status within 10% of check's speed, convert to NDJSON or UCI
  # at >= 0.7x check's speed, NDJSON read back at >= 200 MB/s of NDJSON.
  for i in "${!LABELS[@]}"; do
    t=$(fmt "(${best[i]} < 0.001) ? 0.001 : ${best[i]}")
    c=$(fmt "(${best[0]} < 0.001) ? 0.001 : ${best[0]}")
    case ${LABELS[i]} in
      "status ndjson")
        target_lines+=("$(printf '%-8s %-15s %6.2fx check   target >= 0.91x (within 10%%)  %s' "$name" "${LABELS[i]}" \
          "$(fmt "$c / $t")" "$(fmt "($c / $t >= 1 / 1.1) ? \"PASS\" : \"FAIL\"")")") ;;
      "convert ndjson" | "convert uci")
        target_lines+=("$(printf '%-8s %-15s %6.2fx check   target >= 0.70x                %s' "$name" "${LABELS[i]}" \
          "$(fmt "$c / $t")" "$(fmt "($c / $t >= 0.7) ? \"PASS\" : \"FAIL\"")")") ;;
      "ndjson -> pgn")
        target_lines+=("$(printf '%-8s %-15s %6.0f MB/s of NDJSON (%.0f MB) target >= 200 %s' "$name" "${LABELS[i]}" \
          "$(fmt "$ndjson_bytes / $t / 1e6")" "$(fmt "$ndjson_bytes / 1e6")" \
          "$(fmt "($ndjson_bytes / $t / 1e6 >= 200) ? \"PASS\" : \"FAIL\"")")") ;;
    esac
  done

  # The bars, for pgnkit check from the plain file and from the .zst.
  for i in 0 1; do
    t=$(fmt "(${best[i]} < 0.001) ? 0.001 : ${best[i]}")
    mib=$(fmt "sprintf(\"%.1f\", ${rss[i]} / 1024)")
    mem_ok=$(fmt "(${rss[i]} <= $BAR_MIB * 1024) ? \"PASS\" : \"FAIL\"")
    if [[ $ref == - ]]; then
      x=- speed_ok=n/a
    else
      x=$(fmt "sprintf(\"%.2f\", $ref / $t)")
      speed_ok=$(fmt "($ref / $t >= $BAR_X) ? \"PASS\" : \"FAIL\"")
    fi
    floor=
    if ((i == 1)) && [[ $ref != - && $zstd_dc != - ]]; then
      # No reader of the .zst can beat decompression alone.
      floor="  (zstd -dc alone: $(fmt "sprintf(\"%.2f\", $ref / (($zstd_dc < 0.001) ? 0.001 : $zstd_dc))")x)"
    fi
    bar_lines+=("$(printf '%-8s %-11s %8sx %-5s %8s MiB %s%s' "$name" "${LABELS[i]}" "$x" "$speed_ok" "$mib" "$mem_ok" "$floor")")
  done
done

echo
echo "Bars (informational): >= ${BAR_X}x pgn-extract on each file, peak RSS <= ${BAR_MIB} MiB"
printf '%-8s %-11s %9s %-5s %12s %s\n' file mode speed ">=${BAR_X}x" "peak RSS" "<=${BAR_MIB}MiB"
for line in "${bar_lines[@]}"; do echo "$line"; done
if ((${#target_lines[@]})); then
  echo
  echo "Other targets (informational): status and convert against check on the same file"
  for line in "${target_lines[@]}"; do echo "$line"; done
fi
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
