#!/usr/bin/env bash
# Installs the runtimes matrix's bundlers and runtimes (tests/runtimes/package-lock.json: Vite,
# webpack, esbuild, workerd, Deno, Bun, React, TypeDoc), only when that lockfile changed.
source "$(dirname "$0")/../lib.sh"

dir="$ROOT/tests/runtimes"
stamp="$dir/node_modules/.lock-sha256"
sum="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$sum" ]; then
  say "npm ci in tests/runtimes"
  # npm 11 warns that the postinstall scripts of esbuild, workerd, deno and bun are not yet
  # covered by allowScripts, and runs them: they link each platform binary into node_modules/.bin.
  (cd "$dir" && npm ci --no-audit --no-fund)
  echo "$sum" > "$stamp"
fi
