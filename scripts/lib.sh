# Shared helpers of the scripts in this folder; sourced, never run.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$ROOT/node_modules/.bin:$PATH"
# The wasm-bindgen version pinned in the bindings crate; the CLI must match it exactly.
wasm_bindgen_version() {
  sed -n 's/^wasm-bindgen = .*"=\([0-9.]*\)".*/\1/p' "$ROOT/crates/pagecursor-wasm/Cargo.toml"
}
say() { printf '\033[1m== %s\033[0m\n' "$*"; }
# wasm-opt on a module in place, with the flags given and the features every module of the
# package uses (scripts/build.sh; also bench/serde-probe/run.sh, which measures as it builds).
optimize() { # optimize MODULE.wasm WASM-OPT-FLAGS...
  local file=$1
  shift
  wasm-opt "$@" --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    --strip-producers --strip-target-features "$file" -o "$file.opt"
  mv "$file.opt" "$file"
}
