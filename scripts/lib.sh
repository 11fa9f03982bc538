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
# `npm ci` in DIR only when its package-lock.json changed since the last install (a stamp in its
# node_modules), bounded by SECONDS when given: the setup scripts' installs.
npm_ci_if_changed() { # npm_ci_if_changed DIR [SECONDS]
  local dir="$1" stamp="$1/node_modules/.lock-sha256"
  local sum; sum="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
  if [ "$(cat "$stamp" 2>/dev/null)" != "$sum" ]; then
    say "npm ci in ${dir#"$ROOT"/}"
    (cd "$dir" && ${2:+timeout "$2"} npm ci --no-audit --no-fund)
    mkdir -p "$dir/node_modules" && echo "$sum" > "$stamp"
  fi
}
