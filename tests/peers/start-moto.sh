#!/usr/bin/env bash
# Starts moto in server mode (EC2, DynamoDB, … in memory; PyPI, in tests/peers/.venv) on
# 127.0.0.1 at a free port; prints the port. Needs scripts/setup.d/peers.sh to have run.
source "$(dirname "$0")/lib.sh"
bin="$PEERS_DIR/.venv/bin/moto_server"
[ -x "$bin" ] || { echo "moto_server missing: run scripts/setup.sh (scripts/setup.d/peers.sh)" >&2; exit 1; }
start_server moto 30 sh -c 'exec "$0" -H 127.0.0.1 -p "$PORT"' "$bin"
