#!/usr/bin/env bash
# Every test of the project, as `npm test` runs it: the Python tools first (some Node suites drive moto's server
# and schemathesis from .venv), then the TypeScript type check, lint (Biome), the unused-export check (knip) and the
# dependency rules (dependency-cruiser + scripts/check-deps.mjs), then the Node suites and each client library's own
# suite where that client exists.
#
# The client suites (Python, Kotlin) run beside the Node suites, not after them: each starts its own local stack
# and spends most of its time waiting (for scans, webhooks, the next rate-limit window), so side by side they
# finish within the Node suites' time instead of adding minutes after it. Each one's output is kept in a log and
# printed whole when it has finished, so nothing interleaves; the exit status is non-zero when any part failed.
# TEST_PARALLEL=0 runs everything one after another instead (for reading one suite's output as it happens).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/python-env.sh >/dev/null
# Incremental: a run re-checks what changed since the last one (the build info is kept in node_modules/.cache).
npx tsc --noEmit --incremental --tsBuildInfoFile node_modules/.cache/tsc/test-all.tsbuildinfo
# Lint, unused exports and dependency rules (seconds): before the suites, so a broken rule fails fast.
npm run --silent check

clients=()
if [ -f clients/python/pyproject.toml ]; then clients+=(python); fi
if [ -f clients/kotlin/pom.xml ]; then clients+=(kotlin); fi

if [ "${TEST_PARALLEL:-1}" = 0 ]; then
  npx vitest run
  for client in "${clients[@]}"; do npm run "test:$client"; done
  exit 0
fi

logs=$(mktemp -d)
declare -A pids=()
# Job control: each background suite is its own process group (maven's JVM, pytest and their stacks included), and
# an interrupt is passed on to it from here (without it, background jobs of a script ignore interrupts).
set -m
for client in "${clients[@]}"; do
  # A scan's answer may wait the longest `Prefer: wait` (25 s) rather than 10: with the Node suites beside them on
  # a busy machine an analysis can take longer than 10 s to finish, and these suites expect a waited scan to come
  # back completed.
  SCAN_WAIT_SECONDS=25 npm run --silent "test:$client" >"$logs/$client.log" 2>&1 &
  pids[$client]=$!
done
trap 'for pid in "${pids[@]}"; do kill -INT -- "-$pid" 2>/dev/null || true; done' INT TERM

status=0
npx vitest run || status=$?
for client in "${clients[@]}"; do
  client_status=0
  wait "${pids[$client]}" || client_status=$?
  echo
  echo "── clients/$client (npm run test:$client), run beside the Node suites: exit status $client_status"
  cat "$logs/$client.log"
  if [ "$client_status" != 0 ] && [ "$status" = 0 ]; then status=$client_status; fi
done
rm -rf "$logs"
exit "$status"
