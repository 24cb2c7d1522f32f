#!/usr/bin/env bash
# Set up (a virtual environment in .venv with the package installed) and start a game in the terminal:
# you and a computer partner against two computer players, classic rules, to 5000.
# Any arguments are passed to `canasta play` (e.g. --seed 7, --variant "classic(players=2)", --resume).
#
# The package is installed in editable mode, so changes to the source need no new install; it is
# (re)installed only on the first run and when pyproject.toml (version, dependencies) changes: a stamp
# file in .venv keeps the hash of the pyproject.toml last installed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
stamp=.venv/.canasta-installed
want=$(.venv/bin/python -c 'import hashlib; print(hashlib.sha256(open("pyproject.toml", "rb").read()).hexdigest())')
if [ ! -x .venv/bin/canasta ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "Installing canasta in .venv (first run, or pyproject.toml changed)..." >&2
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e . >/dev/null
  echo "$want" > "$stamp"
fi
exec .venv/bin/canasta play "$@"
