#!/usr/bin/env bash
# Every test of the project, as `npm test` runs it: the Python tools first (some Node suites drive moto's server
# and schemathesis from .venv), then the TypeScript type check and the Node suites, then each client library's own
# suite where that client exists. Lint (Biome), the unused-export check (knip) and the dependency rules
# (dependency-cruiser + scripts/check-deps.mjs) run right after the type check.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/python-env.sh >/dev/null
npx tsc --noEmit
# Lint, unused exports and dependency rules (seconds): before the suites, so a broken rule fails fast.
npm run --silent check
npx vitest run
if [ -f clients/python/pyproject.toml ]; then
  npm run test:python
fi
if [ -f clients/kotlin/pom.xml ]; then
  npm run test:kotlin
fi
