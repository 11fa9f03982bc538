#!/usr/bin/env bash
# step: scale-out export over BullMQ + Redis (kill -9, throttling, Redis restart, bad checkpoints)
# Installs the packed tarball (.build/pagecursor-*.tgz, made by test.sh's "npm pack" step) into
# tests/scaleout, then runs tests/scaleout/run.sh: dynalite and one redis-server per fault case
# on 127.0.0.1, 3 worker processes, 20,000 items (docs/scale-out.md). Writes .build/scaleout.json.
# Alone: bash scripts/build.sh, the npm pack step, then bash scripts/test.d/scaleout.sh.
source "$(dirname "$0")/../lib.sh"

tarball="$(ls "$ROOT"/.build/pagecursor-*.tgz 2>/dev/null | head -n1 || true)"
[ -n "$tarball" ] || { echo "scaleout: no .build/pagecursor-*.tgz; run the npm pack step of scripts/test.sh first" >&2; exit 1; }
bash "$ROOT/scripts/setup.d/scaleout.sh"
(cd tests/scaleout && npm install --no-save --no-audit --no-fund "$tarball" >/dev/null 2>&1)
# The command users look for answers from the repository root.
node examples/export.mjs --help 2>&1 | grep -q "^usage: export.mjs" || { echo "scaleout: node examples/export.mjs --help did not print its usage" >&2; exit 1; }
started=$SECONDS
bash "$ROOT/tests/scaleout/run.sh" "$@"
echo "scale-out export: $((SECONDS - started)) s wall"
