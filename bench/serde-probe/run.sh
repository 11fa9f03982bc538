#!/usr/bin/env bash
# serde-wasm-bindgen as the converter, measured (bench/README.md, "serde-wasm-bindgen as the
# converter"): builds this crate with and without its serde exports, through wasm-bindgen and
# scripts/build.sh's wasm-opt flags, and prints the module sizes (gzip -9), then runs
# measure.mjs: the same values through both converters in one instance, for exactness and
# CPU time. Needs what scripts/build.sh needs (bash scripts/setup.sh); not part of the tests.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
export PATH="$root/node_modules/.bin:$PATH"
out="$root/target/serde-probe"
mkdir -p "$out"
cd "$here"
for variant in plain serde; do
  features=""
  [ "$variant" = serde ] && features="--features serde"
  # shellcheck disable=SC2086
  cargo build --release --target wasm32-unknown-unknown --lib $features --target-dir "$out/cargo-$variant" --quiet
  wasm-bindgen --target web --omit-default-module-path --out-dir "$out/$variant" --out-name probe \
    "$out/cargo-$variant/wasm32-unknown-unknown/release/serde_probe.wasm"
  wasm-opt -Oz --converge --low-memory-unused --one-caller-inline-max-function-size 30 \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
    --enable-reference-types --enable-multivalue --strip-producers --strip-target-features \
    "$out/$variant/probe_bg.wasm" -o "$out/$variant/probe_bg.wasm"
done
node "$here/measure.mjs" "$out"
