#!/usr/bin/env bash
# Set up (a virtual environment in .venv with the package installed) and start a game in the terminal:
# you and a computer partner against two computer players, classic rules, to 5000.
# Any arguments are passed to `canasta play` (e.g. --seed 7, --variant "classic(players=2)").
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e . >/dev/null
exec .venv/bin/canasta play "$@"
