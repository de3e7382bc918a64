#!/usr/bin/env bash
# `npm test`: every test. Unit and API tests (bun:test), then the end-to-end tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-test-deps.sh
node_modules/.bin/tsc --noEmit -p tsconfig.json
node_modules/.bin/vite build --config web/vite.config.ts --logLevel warn
node_modules/.bin/bun test --timeout 120000 src web/src tests/api
node_modules/.bin/bun test --timeout 300000 tests/e2e
# Last: builds both binaries and runs them from empty folders (x64 natively, arm64 under qemu).
node_modules/.bin/bun test --timeout 600000 tests/binary
