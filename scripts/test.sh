#!/usr/bin/env bash
# Runs every test layer in order, stops at the first failure, and ends with a summary.
# Installs what is missing first (scripts/setup.sh), so it passes on a fresh machine.
source "$(dirname "$0")/lib.sh"

declare -a NAMES=() TIMES=()
started=$SECONDS
summary() {
  local status=$1 failed=${2:-}
  echo
  say "summary"
  for i in "${!NAMES[@]}"; do printf '  ok    %-44s %4ss\n' "${NAMES[$i]}" "${TIMES[$i]}"; done
  [ -n "$failed" ] && printf '  FAIL  %s\n' "$failed"
  printf '  total %ss\n' "$((SECONDS - started))"
  if [ "$status" = 0 ]; then
    echo "test: ${#NAMES[@]} passed, 0 failed"
  else
    echo "test: ${#NAMES[@]} passed, 1 failed"
  fi
}
step() {
  local name=$1; shift
  say "$name"
  local t0=$SECONDS
  if "$@"; then
    NAMES+=("$name"); TIMES+=("$((SECONDS - t0))")
  else
    summary 1 "$name"
    exit 1
  fi
}

pack_and_install() {
  rm -f .build/pagecursor-*.tgz
  npm pack ./pkg --pack-destination .build --silent >/dev/null
  (cd tests/js && npm install --no-save --no-audit --no-fund ../../.build/pagecursor-*.tgz >/dev/null)
}
node_tests() {
  # Files with their own servers have their own step (scripts/test.d); the rest run here.
  local files; files=$(ls tests/js/*.test.mjs | grep -v -e '/peers\.test\.mjs$' -e '/peers-drf\.test\.mjs$' -e '/peers-relay\.test\.mjs$')
  node --test --test-concurrency=2 $files
}

# `cargo tree -p pagecursor` on the host and on wasm32: none of wasm-bindgen, js-sys, web-sys.
core_alone() {
  local target found
  for target in "" "--target wasm32-unknown-unknown"; do
    found="$(cargo tree -p pagecursor -e normal $target --prefix none | grep -E '^(wasm-bindgen|js-sys|web-sys) ' || true)"
    [ -z "$found" ] || { echo "the core crate depends on: $found ($target)" >&2; return 1; }
  done
}

step "setup (installs what is missing)" bash scripts/setup.sh
step "cargo fmt --check" cargo fmt --all --check
step "cargo clippy (native)" cargo clippy --all-targets -- -D warnings
# The bindings crate alone: built with the workspace, the core would get its std feature (and a
# Send clock), which the bindings never build it with. (The core reaches wasm32 through it:
# alone it leaves getrandom's backend to whoever builds it for wasm32-unknown-unknown.)
step "cargo clippy (wasm32)" cargo clippy --target wasm32-unknown-unknown -p pagecursor-wasm --all-targets -- -D warnings
step "cargo test (native: the core crate, and the workspace)" cargo test --workspace
# The crates with no default features: the core without std and keyed (as the codec module
# builds it), the core with std but without keyed, and the bindings with no part.
without_keyed() {
  cargo clippy --workspace --no-default-features --lib -- -D warnings &&
    cargo clippy -p pagecursor --no-default-features --features std --all-targets -- -D warnings &&
    cargo clippy --target wasm32-unknown-unknown -p pagecursor-wasm --lib --no-default-features -- -D warnings &&
    cargo test -p pagecursor --no-default-features --features std --lib --test without_keyed
}
step "cargo clippy and test with no default features" without_keyed
step "the core crate has no wasm, JS or browser dependency on any target" core_alone
step "cargo doc (warnings are errors)" env RUSTDOCFLAGS=-Dwarnings cargo doc --workspace --no-deps
step "independent Python decoder over tests/vectors" python3 tests/independent_decoder.py
step "wasm-bindgen-test in Node" cargo test --target wasm32-unknown-unknown -p pagecursor-wasm --test wasm_node
step "wasm-bindgen-test in Chromium (playwright-core)" node scripts/wasm-browser-test.mjs
step "tsc --strict over src/js (before the build: against the published declarations and the glue's)" tsc -p src/js/tsconfig.json
step "build the package (release wasm, wasm-opt)" bash scripts/build.sh
step "wasm size budget (bench/size-budget.json)" node scripts/check-size.mjs
step "the build's rewrite steps succeed on this wasm-bindgen output and stop on another shape" node --test tests/build/
step "src/js held to its published declarations (a drifted declaration fails tsc)" node tests/types/drift.mjs
step "tsc --noEmit (typed usage of pkg/, README's TypeScript, the cost of path types)" node tests/types/check.mjs
step "npm pack + install into tests/js" pack_and_install
step "node --test (the installed package)" node_tests
step "browser tests (playwright-core + Chromium)" node --test --test-concurrency=1 tests/browser/
for extra in scripts/test.d/*.sh; do
  [ -e "$extra" ] || continue
  step "$(sed -n 's/^# step: //p' "$extra" | head -n1 || basename "$extra")" bash "$extra"
done
summary 0
