#!/usr/bin/env bash
# Installs tests/vue's pinned Vue, @vue/server-renderer, vue-tsc, @vitejs/plugin-vue,
# @tanstack/vue-virtual and TypeScript (tests/vue/package-lock.json), only when that lockfile
# changed. Vite is the runtimes matrix's (scripts/setup.d/runtimes.sh).
source "$(dirname "$0")/../lib.sh"

npm_ci_if_changed "$ROOT/tests/vue" 300
