#!/usr/bin/env bash
# The scale-out export test (tests/scaleout/, docs/scale-out.md): redis-server from Debian and
# the npm packages of tests/scaleout (BullMQ, ioredis, the AWS SDK's DynamoDB client), pinned by
# tests/scaleout/package-lock.json. Idempotent: each is skipped when already there.
source "$(dirname "$0")/../lib.sh"

if ! command -v redis-server >/dev/null 2>&1; then
  say "apt-get install redis-server"
  apt-get update -q
  # The package's own service is not needed: the tests start redis-server themselves, on
  # 127.0.0.1 at ports 16390-16399, with a temporary directory.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends redis-server
fi

# npm may note that msgpackr-extract's install script is not covered by allowScripts: it only
# picks a prebuilt binary (BullMQ falls back to plain JS without it).
npm_ci_if_changed "$ROOT/tests/scaleout"
