# Shared by the start/stop scripts in this folder; sourced, never run.
# PEERS_RUN_DIR holds <name>.pid, <name>.port and <name>.log of each started server
# (default: tests/peers/run, git-ignored); a wrapper gives each run its own temporary one.
set -euo pipefail
PEERS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$PEERS_DIR/../.." && pwd)"
RUN_DIR="${PEERS_RUN_DIR:-$PEERS_DIR/run}"
mkdir -p "$RUN_DIR"

# A port the kernel just handed out on 127.0.0.1. Another process may take it before the
# server binds it; start_server then sees the server exit and tries a new port.
free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# alive PID: the process exists and is not a zombie. A server whose starter has exited is
# reparented to pid 1, which in a container may never reap it; kill -0 alone would then
# call a dead server alive.
alive() {
  local state
  state="$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" || return 1
  [ -n "$state" ] && [ "$state" != Z ]
}

# start_server NAME SECONDS CMD... — CMD gets the port as "$PORT" through the environment
# and must listen on 127.0.0.1:$PORT. Prints the port once something accepts connections.
start_server() {
  local name="$1" wait_s="$2"; shift 2
  if [ -f "$RUN_DIR/$name.pid" ] && alive "$(cat "$RUN_DIR/$name.pid")"; then
    echo "$name already running: pid $(cat "$RUN_DIR/$name.pid")" >&2
    return 1
  fi
  local try port pid
  for try in 1 2 3; do
    port="$(free_port)"
    # setsid: own process group, so a ^C in the caller's terminal does not kill it
    # half-way; stop.sh ends it by pid.
    PORT="$port" setsid "$@" </dev/null >"$RUN_DIR/$name.log" 2>&1 &
    pid=$!
    echo "$pid" >"$RUN_DIR/$name.pid"
    echo "$port" >"$RUN_DIR/$name.port"
    for _ in $(seq $((wait_s * 10))); do
      if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        echo "$port"
        return 0
      fi
      alive "$pid" || break
      sleep 0.1
    done
    if alive "$pid"; then
      echo "$name did not listen on 127.0.0.1:$port within $wait_s s; log: $RUN_DIR/$name.log" >&2
      kill "$pid" 2>/dev/null || true
      rm -f "$RUN_DIR/$name.pid" "$RUN_DIR/$name.port"
      return 1
    fi
    echo "$name exited on port $port (try $try); log:" >&2
    tail -n 5 "$RUN_DIR/$name.log" >&2 || true
  done
  rm -f "$RUN_DIR/$name.pid" "$RUN_DIR/$name.port"
  return 1
}
