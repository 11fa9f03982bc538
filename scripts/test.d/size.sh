# step: per-import sizes and first render (Vite builds in Chromium)
# Installs the packed tarball (.build/pagecursor-*.tgz, made by test.sh's "npm pack" step) into
# tests/size, builds the apps of tests/size/apps with the runtimes matrix's Vite, and runs them in
# headless Chromium: the per-import budgets of bench/size-budget.json "perImport" (figures into
# .build/size-imports.json), a first render that does not wait for the wasm, the recipe that keeps
# pagecursor out of the first chunk (docs/recipes.md), and a module worker that answers its first
# message; then the size figures of the docs against this build (scripts/doc-figures.mjs). The
# first-render figures are a separate measurement: `node tests/size/first-render.mjs`.
source "$(dirname "$0")/../lib.sh"

tarball="$(ls "$ROOT"/.build/pagecursor-*.tgz 2>/dev/null | head -n1 || true)"
[ -n "$tarball" ] || { echo "size: no .build/pagecursor-*.tgz; run the npm pack step of scripts/test.sh first" >&2; exit 1; }
bash "$ROOT/scripts/setup.d/runtimes.sh"
(cd tests/size && rm -rf node_modules/pagecursor && npm install --no-save --no-audit --no-fund "$tarball" >/dev/null 2>&1)
started=$SECONDS
status=0
# The per-import budgets run even when a loading test fails, so that both are reported.
timeout 300 node --test --test-concurrency=1 --test-reporter=spec tests/size/per-import.test.mjs || status=$?
timeout 300 node --test --test-concurrency=1 --test-reporter=spec tests/size/loading.test.mjs || status=$?
# The size figures of the docs are this build's (and the per-import sizes just measured).
node scripts/doc-figures.mjs --check || status=$?
echo "per-import sizes and first render: $((SECONDS - started)) s wall"
exit $status
