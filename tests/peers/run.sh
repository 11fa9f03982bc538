#!/usr/bin/env bash
# Runs the paginator's tests against real servers: starts dynalite, moto, the DRF feed and the
# graphql-relay feed on 127.0.0.1 (free ports), runs tests/js/peers.test.mjs,
# peers-drf.test.mjs and peers-relay.test.mjs with their URLs in the environment, and stops all
# four on every exit path. Extra arguments go to `node --test`.
source "$(dirname "$0")/lib.sh"
PEERS_RUN_DIR="$(mktemp -d "${TMPDIR:-/tmp}/pagecursor-peers.XXXXXX")"
export PEERS_RUN_DIR
RUN_DIR="$PEERS_RUN_DIR"
node_pid=
cleanup() {
  local rc=$?
  set +e # every step below must run, whatever the one before it returned
  # The test runner and the test process it spawned share node's own process group.
  [ -n "$node_pid" ] && kill -TERM -- "-$node_pid" 2>/dev/null
  # A start script still running would write its pid file after we looked: let it finish.
  wait
  "$PEERS_DIR/stop.sh" dynalite moto drf relay
  if [ "$rc" -ne 0 ]; then
    # Server logs explain most failures (moto logs a Python traceback for every 500).
    for log in "$RUN_DIR"/*.log; do
      [ -f "$log" ] && { echo "--- tail of $log" >&2; tail -n 20 "$log" >&2; }
    done
  fi
  rm -rf "$RUN_DIR"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# All start at once: moto needs about half a second, dynalite a third, the DRF feed about one,
# the graphql-relay feed a third.
"$PEERS_DIR/start-dynalite.sh" >"$RUN_DIR/dynalite.started" &
d=$!
"$PEERS_DIR/start-moto.sh" >"$RUN_DIR/moto.started" &
m=$!
"$PEERS_DIR/start-drf.sh" >"$RUN_DIR/drf.started" &
r=$!
"$PEERS_DIR/start-relay.sh" >"$RUN_DIR/relay.started" &
g=$!
# Wait for all before judging, so that a failed start never races another's pid file.
ok=1
wait "$d" || ok=0
wait "$m" || ok=0
wait "$r" || ok=0
wait "$g" || ok=0
[ "$ok" = 1 ] || { echo "a server did not start" >&2; exit 1; }
export PEERS_DYNALITE_URL="http://127.0.0.1:$(cat "$RUN_DIR/dynalite.started")"
export PEERS_MOTO_URL="http://127.0.0.1:$(cat "$RUN_DIR/moto.started")"
export PEERS_DRF_URL="http://127.0.0.1:$(cat "$RUN_DIR/drf.started")"
export PEERS_RELAY_URL="http://127.0.0.1:$(cat "$RUN_DIR/relay.started")"
echo "dynalite on $PEERS_DYNALITE_URL, moto on $PEERS_MOTO_URL, DRF on $PEERS_DRF_URL, graphql-relay on $PEERS_RELAY_URL" >&2

cd "$ROOT/tests/js"
# In the background, so that a signal reaches the trap at once rather than after the tests;
# in a session of its own, so that the trap can end the runner together with its children.
setsid node --test "$@" peers.test.mjs peers-drf.test.mjs peers-relay.test.mjs &
node_pid=$!
wait "$node_pid"
