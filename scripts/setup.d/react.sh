#!/usr/bin/env bash
# Installs tests/react's pinned React, react-dom, @tanstack/react-query and React's types
# (tests/react/package-lock.json), only when that lockfile changed. Vite is the runtimes
# matrix's (scripts/setup.d/runtimes.sh).
source "$(dirname "$0")/../lib.sh"

npm_ci_if_changed "$ROOT/tests/react" 300
