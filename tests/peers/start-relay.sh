#!/usr/bin/env bash
# Starts the graphql-relay feed of tests/peers/relay (connectionFromArray behind graphql-http's
# node handler; serve.mjs) on 127.0.0.1 at a free port, 300 rows; prints the port. Needs
# `npm ci` in tests/peers/relay (scripts/setup.d/relay.sh).
source "$(dirname "$0")/lib.sh"
dir="$PEERS_DIR/relay"
[ -f "$dir/node_modules/graphql-relay/package.json" ] && [ -f "$dir/node_modules/graphql-http/package.json" ] ||
  { echo "graphql-relay missing in tests/peers/relay: run scripts/setup.sh (scripts/setup.d/relay.sh)" >&2; exit 1; }
start_server relay 10 node "$dir/serve.mjs"
