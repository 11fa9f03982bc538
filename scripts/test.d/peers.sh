#!/usr/bin/env bash
# step: paginate against real servers (dynalite, moto)
# Starts dynalite and moto on 127.0.0.1, runs tests/js/peers.test.mjs against the installed
# package, stops both (docs/real-servers.md).
exec bash "$(dirname "$0")/../../tests/peers/run.sh" "$@"
