#!/usr/bin/env bash
# step: fuzz smoke (replay findings, then 6 s per target; stable toolchain, no cargo-fuzz)
# A short, time-boxed run: it replays every committed finding and seed, then fuzzes each
# target briefly from the committed seeds. The long campaigns (10 million runs per target)
# are in docs/security.md; fuzz/README.md says how to run them.
source "$(dirname "$0")/../lib.sh"
SECONDS_PER_TARGET="${FUZZ_SECONDS:-6}"
bash fuzz/build.sh 2>&1 | tail -n 1
bin="$ROOT/fuzz/target/x86_64-unknown-linux-gnu/release"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for target in decode decode_modes resume stack; do
  seeds="$ROOT/fuzz/seeds/$target"
  if [ -d "$ROOT/fuzz/regressions/$target" ]; then
    "$bin/$target" "$ROOT/fuzz/regressions/$target"/* >"$work/replay.log" 2>&1
    echo "$target: replayed $(grep -c '^Executed' "$work/replay.log") committed findings"
  fi
  mkdir -p "$work/$target"
  "$bin/$target" -max_total_time="$SECONDS_PER_TARGET" -max_len=1024 \
    -artifact_prefix="$work/" -print_final_stats=1 "$work/$target" "$seeds" 2>&1 |
    grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec|Done|==|SUMMARY)' |
    sed "s/^/$target: /"
  test "${PIPESTATUS[0]}" -eq 0
done
