#!/usr/bin/env bash
# stop.sh NAME... — stops servers started by start-NAME.sh: only the pid in
# $PEERS_RUN_DIR/NAME.pid, SIGTERM first, SIGKILL after 5 s.
source "$(dirname "$0")/lib.sh"
for name in "$@"; do
  f="$RUN_DIR/$name.pid"
  [ -f "$f" ] || continue
  pid="$(cat "$f")"
  if alive "$pid"; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do alive "$pid" || break; sleep 0.1; done
    if alive "$pid"; then
      echo "$name (pid $pid) ignored SIGTERM; sending SIGKILL" >&2
      kill -9 "$pid" 2>/dev/null || true
    fi
  fi
  rm -f "$f" "$RUN_DIR/$name.port"
done
