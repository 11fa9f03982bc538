# step: runtimes matrix (bundlers, workers, workerd, Deno, Bun)
# Installs the packed tarball (.build/pagecursor-*.tgz, made by test.sh's "npm pack" step) into
# tests/runtimes, then builds and runs every cell of tests/runtimes/matrix.test.mjs. Writes
# .build/runtimes.json; `node tests/runtimes/table.mjs` renders it as the README table.
source "$(dirname "$0")/../lib.sh"

tarball="$(ls "$ROOT"/.build/pagecursor-*.tgz 2>/dev/null | head -n1 || true)"
[ -n "$tarball" ] || { echo "runtimes: no .build/pagecursor-*.tgz; run the npm pack step of scripts/test.sh first" >&2; exit 1; }
bash "$ROOT/scripts/setup.d/runtimes.sh"
(cd tests/runtimes && npm install --no-save --no-audit --no-fund "$tarball" >/dev/null 2>&1)
started=$SECONDS
node --test --test-reporter=spec tests/runtimes/matrix.test.mjs tests/runtimes/recipes.test.mjs
node tests/runtimes/table.mjs --check
echo "runtimes matrix: $((SECONDS - started)) s wall"
