#!/usr/bin/env bash
# Regenerates the Python client's models (clients/python/src/skin_analysis/_generated/models.py) from
# docs/openapi.json; `npm run build:openapi` runs it after writing the document. It needs the root .venv with the
# client's dev extras (bash scripts/python-env.sh); without them it says so and leaves the models as they are, and
# the Python suite's drift test names the fix.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -x .venv/bin/datamodel-codegen ] && [ -x .venv/bin/ruff ]; then
  .venv/bin/python clients/python/scripts/generate_models.py >/dev/null
else
  echo "Python client models not regenerated (no .venv with the client's dev tools): run bash scripts/python-env.sh, then npm run build:openapi again" >&2
fi
