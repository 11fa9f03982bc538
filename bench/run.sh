#!/usr/bin/env bash
# The benchmark, one command: bash bench/run.sh [--quick] [--only=plain,signed,paginator,prefetch]
# Builds the package, installs the packed tarball and the peers into bench/, then runs Node and Chromium.
source "$(dirname "$0")/../scripts/lib.sh"
bash scripts/setup.sh
bash scripts/build.sh >/dev/null
rm -f .build/pagecursor-*.tgz
npm pack ./pkg --pack-destination .build --silent >/dev/null
(cd bench && npm ci --no-audit --no-fund --silent && npm install --no-save --no-audit --no-fund --silent ../.build/pagecursor-*.tgz)
node bench/run.mjs "$@"
