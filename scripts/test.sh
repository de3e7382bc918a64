#!/usr/bin/env bash
# `npm test`: every test. Type check, lint (ESLint with the import layering, Redocly on the OpenAPI document),
# unit and API tests (bun:test against real servers), the end-to-end tests in Debian's Chromium and in WebKit,
# and both binaries built and run from empty folders: in lanes, one file at a time on this 2-core machine (side by side
# on request: MOMENTBOX_TEST_LANES, MOMENTBOX_E2E_FILES, MOMENTBOX_UNIT_FILES; scripts/test-lanes.ts says why),
# the timing-sensitive and network-namespace tests last and alone (scripts/test-lanes.ts;
# `npm test -- e2e webkit` runs only those lanes).
# Ends with one line `tests: N passed, N failed` summing all suites.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-test-deps.sh
# The lint tools have their own package.json (typescript-eslint needs TypeScript 5's API, the app uses 7);
# installed here when missing or when their lock file changed.
if ! cmp -s scripts/lint/package-lock.json scripts/lint/node_modules/.package-lock.installed; then
  npm ci --prefix scripts/lint --no-audit --no-fund --loglevel=error
  cp scripts/lint/package-lock.json scripts/lint/node_modules/.package-lock.installed
fi
# Once, before any lane: the browser suites, the API tests of non-API paths and the binaries embed web/dist.
node_modules/.bin/vite build --config web/vite.config.ts --logLevel warn
exec node_modules/.bin/bun scripts/test-lanes.ts "$@"
