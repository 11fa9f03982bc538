#!/usr/bin/env bash
# step: boundary fuzz (hostile JS values through every export, 3 seeds × 500 iterations)
# Seeded, deterministic fuzzing of the JS boundary of the installed package (tests/js/fuzz/,
# docs/security.md "Fuzzing the JS boundary"): getters, Proxies, lying lengths, fake Dates and
# abort events, huge numbers, re-entrant calls, with strict oracles after every call and a
# module-still-alive check every 25 calls. FUZZ_ITERATIONS=… and FUZZ_SEED=… run longer; a
# failure prints the seed, the iteration and the input, replayable with FUZZ_ONLY=<iteration>.
source "$(dirname "$0")/../lib.sh"

[ -d tests/js/node_modules/pagecursor ] || { echo "boundary fuzz: pagecursor is not installed in tests/js; run the npm pack step of scripts/test.sh first" >&2; exit 1; }
node tests/js/fuzz/run.mjs
