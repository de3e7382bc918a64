#!/usr/bin/env bash
# `npm test`: every test. Type check, lint (ESLint with the import layering), unit and API tests (bun:test against real servers), the end-to-end
# tests in Debian's Chromium and in WebKit, then both binaries built and run from empty folders. Ends with one line
# `tests: N passed, N failed` summing all suites.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-test-deps.sh
npm run --silent typecheck
# The lint tools have their own package.json (typescript-eslint needs TypeScript 5's API, the app uses 7);
# installed here when missing or when their lock file changed.
if ! cmp -s scripts/lint/package-lock.json scripts/lint/node_modules/.package-lock.installed; then
  npm ci --prefix scripts/lint --no-audit --no-fund --loglevel=error
  cp scripts/lint/package-lock.json scripts/lint/node_modules/.package-lock.installed
fi
scripts/lint/node_modules/.bin/eslint --max-warnings 0 .
# The OpenAPI document against Redocly's recommended rules (docs/redocly.yaml), offline: no usage data sent,
# no update check. Run by Bun: Redocly CLI warns on Debian's Node 20.
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true node_modules/.bin/bun scripts/lint/node_modules/@redocly/cli/bin/cli.js \
  lint docs/openapi.json --config docs/redocly.yaml --format summary
node_modules/.bin/vite build --config web/vite.config.ts --logLevel warn

log=$(mktemp)
trap 'rm -f "$log"' EXIT
suite() { node_modules/.bin/bun test "$@" 2>&1 | tee -a "$log"; }
suite --timeout 120000 src web/src tests/api tests/lint
suite --timeout 300000 tests/e2e
# The same journeys in WebKit (the engine of every iPhone): Debian's WebKitGTK through WebDriver, see tests/helpers/webkit.ts.
suite --timeout 300000 tests/webkit
# Last: builds both binaries and runs them from empty folders (x64 natively, arm64 under qemu).
suite --timeout 600000 tests/binary

passed=$(grep -E '^ [0-9]+ pass$' "$log" | awk '{ s += $1 } END { print s + 0 }')
failed=$(grep -E '^ [0-9]+ fail$' "$log" | awk '{ s += $1 } END { print s + 0 }')
echo "tests: ${passed} passed, ${failed} failed"
