#!/usr/bin/env bash
# Installs the Debian packages pgnkit builds with, only those that are missing.
# Run as root on Debian 12; prints what it installs and does nothing when all are present.
set -euo pipefail
# clang and libclang-rt-dev (its libFuzzer and sanitizer runtimes): the fuzz tests (tests/ci).
packages=(g++ cmake make pkg-config libcli11-dev libsimdjson-dev libzstd-dev zstd
          # every input users have (docs/formats.md): gzip by ISA-L's igzip, bzip2, xz, and
          # zip and tar by libarchive; the real tools write the tests' fixtures
          libisal-dev libbz2-dev liblzma-dev libarchive-dev gzip bzip2 xz-utils zip tar
          libgtest-dev libgmock-dev libbenchmark-dev libxxhash-dev libtomlplusplus-dev pre-commit libpcre2-dev
          clang libclang-rt-dev  # the libFuzzer targets (tests/fuzz)
          clang-format  # tests/lint's format_check: the code as .clang-format says
          clang-tidy  # tests/lint's tidy_check: .clang-tidy on the files a change touches
          python3  # pgnkit-dask's interpreter; the build writes its man page with it
          python3-distributed python3-dask  # pgnkit-dask and its test: Dask scheduler, workers
          # the Python module (python/): pybind11 and the headers it builds with, NumPy for its
          # tables, pandas for to_pandas(), pytest for its tests (tests/python)
          pybind11-dev python3-dev python3-numpy python3-pandas python3-pytest
          pgn-extract  # its eco.pgn is the default ECO book; tests compare with it
          libjs-chart.js  # stats --format html: the report's charts (Chart.js, inlined at run time)
          chromium  # stats' browser test: the report in headless chromium (tests/cli/stats_report_test)
          polyglot  # tree --format polyglot: its make-book, info-book, dump-book check the books
          stockfish  # analyse's default engine (/usr/games/stockfish); its tests and benchmark
          # the .deb (dpkg-shlibdeps) and the tests of the man pages, completions and package
          dpkg-dev mandoc man-db lintian bash-completion fish zsh)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  if [[ $(id -u) -ne 0 ]]; then
    echo "not root: run 'apt-get install ${missing[*]}' as root first" >&2
    exit 2
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The SARIF validator the tests run (tests/diag), from npm when npm is present: Microsoft's
# sarif-multitool, into PGNKIT_TOOLS_DIR (default /opt/pgnkit-tools/npm). The tests skip
# with a message where it is absent.
tools_dir=${PGNKIT_TOOLS_DIR:-/opt/pgnkit-tools/npm}
multitool="$tools_dir/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
if [[ ! -x "$multitool" ]] && command -v npm >/dev/null; then
  echo "installing: @microsoft/sarif-multitool (npm) into $tools_dir" >&2
  mkdir -p "$tools_dir"
  if npm install --prefix "$tools_dir" --no-audit --no-fund @microsoft/sarif-multitool >/dev/null; then
    chmod u+x "$multitool"  # its postinstall step, which recent npm skips
  else
    echo "could not install @microsoft/sarif-multitool; the SARIF validation test will skip" >&2
  fi
fi
