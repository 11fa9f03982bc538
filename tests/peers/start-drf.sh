#!/usr/bin/env bash
# Starts the Django REST Framework feed of tests/peers/drf (CursorPagination views; Django and
# DRF pinned in requirements.lock.txt, installed into tests/peers/.venv by
# scripts/setup.d/peers.sh) on 127.0.0.1 at a free port, with an empty sqlite database in the
# run directory; prints the port.
source "$(dirname "$0")/lib.sh"
py="$PEERS_DIR/.venv/bin/python"
"$py" -c 'import django, rest_framework' 2>/dev/null ||
  { echo "Django/DRF missing in tests/peers/.venv: run scripts/setup.sh (scripts/setup.d/peers.sh)" >&2; exit 1; }
export DRF_DB="$RUN_DIR/drf.sqlite3"
rm -f "$DRF_DB"
start_server drf 30 "$py" "$PEERS_DIR/drf/serve.py"
