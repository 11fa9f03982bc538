#!/usr/bin/env bash
# Builds the package and serves the demo (www/) and the package (pkg/) on 127.0.0.1.
# PORT=8080 by default.
source "$(dirname "$0")/lib.sh"
bash scripts/setup.sh
bash scripts/build.sh
port="${PORT:-8080}"
say "demo: http://127.0.0.1:$port/www/   (Ctrl-C stops it)"
exec node scripts/serve.mjs --port "$port" --mount /www/=www --mount /pkg/=pkg
