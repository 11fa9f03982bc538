#!/usr/bin/env bash
# Installs what a fresh machine lacks, and skips what is already there at the right version.
source "$(dirname "$0")/lib.sh"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

want="$(wasm_bindgen_version)"
have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
if [ "$have" != "$want" ]; then
  # Not --locked: the CLI's lockfile names a webpki-roots release the registry here lacks.
  say "cargo install wasm-bindgen-cli $want (have: ${have:-none})"
  cargo install wasm-bindgen-cli --version "$want" --force
fi

if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
  say "apt-get install chromium chromium-driver"
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver
fi

# npm dev dependencies: wasm-opt (npm binaryen; never Debian's), playwright-core, typescript and
# React's and Vue's types (src/js/frameworks/react.ts and vue.ts are checked against them; the same versions as tests/react's and tests/vue's);
# then the JS tests' own dependencies. Each is reinstalled only when its lockfile changed
# (npm_ci_if_changed, scripts/lib.sh).
npm_ci_if_changed "$ROOT"
[ -f tests/js/package-lock.json ] && npm_ci_if_changed "$ROOT/tests/js"
for extra in "$ROOT"/scripts/setup.d/*.sh; do
  [ -e "$extra" ] && bash "$extra"
done
say "setup done"
