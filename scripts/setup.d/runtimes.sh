#!/usr/bin/env bash
# Installs the runtimes matrix's bundlers and runtimes (tests/runtimes/package-lock.json: Vite,
# webpack, esbuild, workerd, Deno, Bun, React, TypeDoc), only when that lockfile changed.
source "$(dirname "$0")/../lib.sh"

# npm 11 warns that the postinstall scripts of esbuild, workerd, deno and bun are not yet
# covered by allowScripts, and runs them: they link each platform binary into node_modules/.bin.
npm_ci_if_changed "$ROOT/tests/runtimes"
