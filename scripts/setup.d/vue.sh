#!/usr/bin/env bash
# Installs tests/vue's pinned Vue, @vue/server-renderer, vue-tsc, @vitejs/plugin-vue,
# @tanstack/vue-virtual and TypeScript (tests/vue/package-lock.json), only when that lockfile
# changed. Vite is the runtimes matrix's (scripts/setup.d/runtimes.sh).
source "$(dirname "$0")/../lib.sh"

dir="$ROOT/tests/vue"
stamp="$dir/node_modules/.lock-sha256"
sum="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$sum" ]; then
  say "npm ci in tests/vue"
  (cd "$dir" && timeout 300 npm ci --no-audit --no-fund)
  echo "$sum" > "$stamp"
fi
