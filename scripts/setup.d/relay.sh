#!/usr/bin/env bash
# Installs the graphql-relay server of tests/peers/relay (graphql, graphql-relay and
# graphql-http, pinned by its package-lock.json: 3 packages, about 4 MB), only when that
# lockfile changed.
source "$(dirname "$0")/../lib.sh"

dir="$ROOT/tests/peers/relay"
stamp="$dir/node_modules/.lock-sha256"
sum="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$sum" ]; then
  say "npm ci in tests/peers/relay"
  (cd "$dir" && timeout 300 npm ci --no-audit --no-fund)
  echo "$sum" > "$stamp"
fi
