#!/usr/bin/env bash
# Runs the scale-out export test (tests/scaleout/scaleout.test.mjs): starts dynalite on
# 127.0.0.1 (tests/peers/start-dynalite.sh, a free port), runs the test, which starts its own
# redis-server per fault case on 127.0.0.1 in the fixed port range SCALEOUT_REDIS_PORTS
# (default 16390-16399) with a temporary directory, and stops everything by pid on every exit
# path. Extra arguments go to `node --test` (e.g. --test-name-pattern=Redis).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
RUN_DIR="$(mktemp -d "${TMPDIR:-/tmp}/pagecursor-scaleout.XXXXXX")"
export PEERS_RUN_DIR="$RUN_DIR" SCALEOUT_RUN_DIR="$RUN_DIR"
export SCALEOUT_REPORT="${SCALEOUT_REPORT:-$ROOT/.build/scaleout.json}"
mkdir -p "$(dirname "$SCALEOUT_REPORT")"
command -v redis-server >/dev/null || { echo "redis-server missing: run scripts/setup.sh (scripts/setup.d/scaleout.sh)" >&2; exit 1; }
[ -d "$HERE/node_modules/bullmq" ] || { echo "tests/scaleout/node_modules missing: run scripts/setup.sh" >&2; exit 1; }
[ -d "$HERE/node_modules/pagecursor" ] || { echo "pagecursor is not installed in tests/scaleout: bash scripts/test.d/scaleout.sh installs the packed tarball" >&2; exit 1; }

node_pid=
cleanup() {
  local rc=$?
  set +e # every step below must run, whatever the one before it returned
  [ -n "$node_pid" ] && kill -TERM -- "-$node_pid" 2>/dev/null
  wait
  # What the test started (workers, redis-server, the export command) is listed by pid; a
  # test process that died mid-run leaves them to be ended here, by pid, never by name.
  if [ -f "$RUN_DIR/pids" ]; then
    while read -r pid name; do
      if kill -0 "$pid" 2>/dev/null && grep -q "$name" "/proc/$pid/cmdline" 2>/dev/null; then
        echo "scaleout: ending leftover $name (pid $pid)" >&2
        kill -9 "$pid" 2>/dev/null
      fi
    done <"$RUN_DIR/pids"
  fi
  "$ROOT/tests/peers/stop.sh" dynalite
  if [ "$rc" -ne 0 ]; then
    for log in "$RUN_DIR"/dynalite.log "$RUN_DIR"/*/worker-*.log "$RUN_DIR"/*/redis/redis.log; do
      [ -f "$log" ] && { echo "--- tail of $log" >&2; tail -n 15 "$log" >&2; }
    done
  fi
  rm -rf "$RUN_DIR"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

port="$("$ROOT/tests/peers/start-dynalite.sh")"
export SCALEOUT_DYNALITE_URL="http://127.0.0.1:$port"
echo "dynalite on $SCALEOUT_DYNALITE_URL; run dir $RUN_DIR" >&2

cd "$HERE"
# Own session, in the background: a signal reaches the trap at once, and the trap can end the
# test runner together with its children.
setsid node --test --test-reporter=spec "$@" scaleout.test.mjs &
node_pid=$!
wait "$node_pid"
