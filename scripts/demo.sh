#!/usr/bin/env bash
# Builds the package and serves the demo (www/, its React page at /www/react/, its Vue page at
# /www/vue/) and the package
# (pkg/) on 127.0.0.1.
# PORT=8080 by default.
source "$(dirname "$0")/lib.sh"
bash scripts/setup.sh
bash scripts/build.sh
# The React page beside it (www/react-src/ bundled by Vite into .build/demo/react/).
node scripts/build-demo-react.mjs
# The Vue page beside it (www/vue-src/ bundled by Vite into .build/demo/vue/).
node scripts/build-demo-vue.mjs
port="${PORT:-8080}"
say "demo: http://127.0.0.1:$port/www/, its React page http://127.0.0.1:$port/www/react/ and its Vue page http://127.0.0.1:$port/www/vue/   (Ctrl-C stops it)"
exec node scripts/serve.mjs --port "$port" --mount /www/=www --mount /www/react/=.build/demo/react --mount /www/vue/=.build/demo/vue --mount /pkg/=pkg
