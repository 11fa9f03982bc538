#!/usr/bin/env bash
# Starts dynalite (in-memory DynamoDB, npm) on 127.0.0.1 at a free port; prints the port.
# Needs `npm ci` in tests/js (scripts/setup.sh does it).
source "$(dirname "$0")/lib.sh"
cli="$ROOT/tests/js/node_modules/dynalite/cli.js"
[ -f "$cli" ] || { echo "dynalite missing: run scripts/setup.sh (npm ci in tests/js)" >&2; exit 1; }
# createTableMs/deleteTableMs 0: tables are ACTIVE at once instead of after 500 ms.
start_server dynalite 10 sh -c 'exec node "$0" --host 127.0.0.1 --port "$PORT" --createTableMs 0 --deleteTableMs 0' "$cli"
