#!/usr/bin/env bash
# Installs the Debian packages pgnkit builds with, only those that are missing.
# Run as root on Debian 12; prints what it installs and does nothing when all are present.
set -euo pipefail
# clang and libclang-rt-dev (its libFuzzer and sanitizer runtimes): the fuzz tests (tests/ci).
packages=(g++ cmake make pkg-config libcli11-dev libsimdjson-dev libzstd-dev zstd
          libgtest-dev libgmock-dev libbenchmark-dev clang libclang-rt-dev)
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
