#!/usr/bin/env bash
# serde-wasm-bindgen as the converter, measured (bench/README.md, "serde-wasm-bindgen as the
# converter"): builds this crate with and without its serde exports, through wasm-bindgen and
# scripts/build.sh's wasm-opt flags, and prints the module sizes (gzip -9), then runs
# measure.mjs: the same values through both converters in one instance, for exactness and
# CPU time. Needs what scripts/build.sh needs (bash scripts/setup.sh); not part of the tests.
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../../scripts/lib.sh"
out="$ROOT/target/serde-probe"
mkdir -p "$out"
cd "$here"
for variant in plain serde; do
  features=""
  [ "$variant" = serde ] && features="--features serde"
  # shellcheck disable=SC2086
  cargo build --release --target wasm32-unknown-unknown --lib $features --target-dir "$out/cargo-$variant" --quiet
  wasm-bindgen --target web --omit-default-module-path --out-dir "$out/$variant" --out-name probe \
    "$out/cargo-$variant/wasm32-unknown-unknown/release/serde_probe.wasm"
  # The full module's flags (scripts/build.sh).
  optimize "$out/$variant/probe_bg.wasm" -Oz --converge --low-memory-unused --one-caller-inline-max-function-size 30
done
node "$here/measure.mjs" "$out"
