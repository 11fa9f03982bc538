# step: pagecursor/vue (server render in Node, vue-tsc, the shared scenarios and docs/vue.md recipes in Chromium)
# Installs the packed tarball (.build/pagecursor-*.tgz, made by test.sh's "npm pack" step) into
# tests/vue, then: a server render of both composables with @vue/server-renderer
# (tests/vue/ssr.test.mjs), vue-tsc --strict over the recipes of docs/vue.md and tests/vue/usage.vue
# (tests/vue/recipes.mjs), the scenarios React's app passes too against a Vite production build
# of tests/vue/app (tests/vue/browser.test.mjs, tests/frameworks/scenarios.mjs), and the recipes
# run in Chromium (tests/vue/recipes.test.mjs: a Vite build of tests/vue/recipes-app).
source "$(dirname "$0")/../lib.sh"

tarball="$(ls "$ROOT"/.build/pagecursor-*.tgz 2>/dev/null | head -n1 || true)"
[ -n "$tarball" ] || { echo "vue: no .build/pagecursor-*.tgz; run the npm pack step of scripts/test.sh first" >&2; exit 1; }
bash "$ROOT/scripts/setup.d/runtimes.sh"
bash "$ROOT/scripts/setup.d/vue.sh"
(cd tests/vue && rm -rf node_modules/pagecursor && timeout 120 npm install --no-save --no-audit --no-fund "$tarball" >/dev/null 2>&1)
started=$SECONDS
status=0
timeout 60 node --test --test-reporter=spec tests/vue/ssr.test.mjs || status=$?
# Extracts the recipes into tests/vue/.recipes/ and compiles them; recipes.test.mjs runs them.
timeout 120 node tests/vue/recipes.mjs || status=$?
timeout 300 node --test --test-concurrency=1 --test-reporter=spec tests/vue/browser.test.mjs tests/vue/recipes.test.mjs || status=$?
echo "pagecursor/vue: $((SECONDS - started)) s wall"
exit $status
