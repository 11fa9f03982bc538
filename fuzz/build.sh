#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer instrumentation, without cargo-fuzz (a nightly
# toolchain is enough): the flags cargo-fuzz would pass.
set -euo pipefail
cd "$(dirname "$0")"
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
  -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
  -Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cdebug-assertions -Coverflow-checks"
cargo +${FUZZ_TOOLCHAIN:-stable} build --release --target x86_64-unknown-linux-gnu --bins "$@"
