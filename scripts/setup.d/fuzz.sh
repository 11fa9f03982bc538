#!/usr/bin/env bash
# The fuzz build (fuzz/build.sh) needs only the stable toolchain and a C++ compiler for
# libFuzzer's sources (compiled by the libfuzzer-sys crate); everything else is crates.
set -euo pipefail
if ! command -v c++ >/dev/null 2>&1; then
  echo "== apt-get install g++ (libFuzzer is C++)"
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q g++
fi
