#!/usr/bin/env bash
# Creates (once) the project's Python virtual environment in .venv and installs, from PyPI, the Python tools the
# tests use (requirements-dev.txt) and the Python client in editable mode with its dev extras, when it exists.
# Prints the venv's python path on the last line. Safe to run again: pip skips what is already installed.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip >/dev/null
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
if [ -f clients/python/pyproject.toml ]; then
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e "clients/python[dev]"
fi
echo "$PWD/$venv/bin/python"
