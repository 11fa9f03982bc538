# step: pagecursor/react and pagecursor/tanstack (server render in Node, Vite builds in Chromium, docs/react.md recipes compiled and run)
# Installs the packed tarball (.build/pagecursor-*.tgz, made by test.sh's "npm pack" step) into
# tests/react, then: a renderToString of both hooks in Node (tests/react/ssr.test.mjs), the
# Chromium app (tests/react/browser.test.mjs: a Vite production build of tests/react/app), and
# tsc --strict --exactOptionalPropertyTypes over the recipes of docs/react.md and
# tests/react/usage.tsx (tests/react/recipes.mjs), and the same recipes run in Chromium
# (tests/react/recipes.test.mjs: a Vite build of tests/react/recipes-app).
source "$(dirname "$0")/../lib.sh"

tarball="$(ls "$ROOT"/.build/pagecursor-*.tgz 2>/dev/null | head -n1 || true)"
[ -n "$tarball" ] || { echo "react: no .build/pagecursor-*.tgz; run the npm pack step of scripts/test.sh first" >&2; exit 1; }
bash "$ROOT/scripts/setup.d/runtimes.sh"
bash "$ROOT/scripts/setup.d/react.sh"
(cd tests/react && rm -rf node_modules/pagecursor && timeout 120 npm install --no-save --no-audit --no-fund "$tarball" >/dev/null 2>&1)
started=$SECONDS
status=0
timeout 60 node --test --test-reporter=spec tests/react/ssr.test.mjs || status=$?
# Extracts the recipes into tests/react/.recipes/ and compiles them; recipes.test.mjs runs them.
timeout 120 node tests/react/recipes.mjs || status=$?
timeout 480 node --test --test-concurrency=1 --test-reporter=spec tests/react/browser.test.mjs tests/react/recipes.test.mjs || status=$?
echo "pagecursor/react and pagecursor/tanstack: $((SECONDS - started)) s wall"
exit $status
