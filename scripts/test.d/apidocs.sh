# step: JS API reference (TypeDoc from pkg/index.d.ts, warnings are errors)
# Generates the JS API reference into .build/api-js/ (open .build/api-js/index.html). TypeDoc is a
# devDependency of tests/runtimes (installed by scripts/setup.d/runtimes.sh).
source "$(dirname "$0")/../lib.sh"

bash "$ROOT/scripts/setup.d/runtimes.sh"
rm -rf .build/api-js
(cd tests/runtimes && ./node_modules/.bin/typedoc --options typedoc.json --logLevel Warn)
test -s .build/api-js/index.html
echo "JS API reference: .build/api-js/index.html"
