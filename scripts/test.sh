#!/usr/bin/env bash
# `npm test`: every test. Type check, unit and API tests (bun:test against real servers), the end-to-end
# tests in Debian's Chromium, then both binaries built and run from empty folders. Ends with one line
# `tests: N passed, N failed` summing all suites.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-test-deps.sh
node_modules/.bin/tsc --noEmit -p tsconfig.json
node_modules/.bin/vite build --config web/vite.config.ts --logLevel warn

log=$(mktemp)
trap 'rm -f "$log"' EXIT
suite() { node_modules/.bin/bun test "$@" 2>&1 | tee -a "$log"; }
suite --timeout 120000 src web/src tests/api
suite --timeout 300000 tests/e2e
# Last: builds both binaries and runs them from empty folders (x64 natively, arm64 under qemu).
suite --timeout 600000 tests/binary

passed=$(grep -E '^ [0-9]+ pass$' "$log" | awk '{ s += $1 } END { print s + 0 }')
failed=$(grep -E '^ [0-9]+ fail$' "$log" | awk '{ s += $1 } END { print s + 0 }')
echo "tests: ${passed} passed, ${failed} failed"
