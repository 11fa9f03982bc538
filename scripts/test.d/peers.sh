#!/usr/bin/env bash
# step: paginate against real servers (dynalite, moto, Django REST Framework)
# Starts dynalite, moto and the DRF feed on 127.0.0.1, runs tests/js/peers.test.mjs and
# tests/js/peers-drf.test.mjs against the installed package, stops all three
# (docs/real-servers.md).
exec bash "$(dirname "$0")/../../tests/peers/run.sh" "$@"
