#!/usr/bin/env bash
# Installs the graphql-relay server of tests/peers/relay (graphql, graphql-relay and
# graphql-http, pinned by its package-lock.json: 3 packages, about 4 MB), only when that
# lockfile changed.
source "$(dirname "$0")/../lib.sh"

npm_ci_if_changed "$ROOT/tests/peers/relay" 300
