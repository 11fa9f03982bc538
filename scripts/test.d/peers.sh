#!/usr/bin/env bash
# step: paginate against real servers (dynalite, moto, Django REST Framework, graphql-relay)
# Installs the graphql-relay server's packages when its lockfile changed
# (scripts/setup.d/relay.sh), then starts dynalite, moto, the DRF feed and the graphql-relay
# feed on 127.0.0.1, runs tests/js/peers.test.mjs, peers-drf.test.mjs and peers-relay.test.mjs
# against the installed package, and stops all four (docs/real-servers.md).
bash "$(dirname "$0")/../setup.d/relay.sh"
exec bash "$(dirname "$0")/../../tests/peers/run.sh" "$@"
