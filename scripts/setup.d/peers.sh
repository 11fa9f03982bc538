#!/usr/bin/env bash
# Python venv with moto's server mode and Django REST Framework for the real-server paginator
# tests (tests/peers/).
# Idempotent: skipped when the venv already holds exactly the pinned versions.
source "$(dirname "$0")/../lib.sh"

venv="$ROOT/tests/peers/.venv"
lock="$ROOT/tests/peers/requirements.lock.txt"
stamp="$venv/.lock-sha256"
sum="$(sha256sum "$lock" | cut -d' ' -f1)"
if [ -x "$venv/bin/moto_server" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$sum" ]; then
  exit 0
fi
say "python venv with moto server in tests/peers/.venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
# requirements.txt names moto with its extras; the lock (a pip freeze) pins every version.
"$venv/bin/pip" install -q --disable-pip-version-check \
  -r "$ROOT/tests/peers/requirements.txt" -c "$lock"
echo "$sum" > "$stamp"
