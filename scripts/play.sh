#!/usr/bin/env bash
# Set up (a virtual environment in .venv with the package installed) and start a game in the terminal:
# you and a computer partner against two computer players, classic rules, to 5000.
# Any arguments are passed to `canasta play` (e.g. --seed 7, --variant "classic(players=2)", --resume).
#
# The package is installed in editable mode with its engine compiled (the compiled core, setup.py; with
# CANASTA_PURE=1 in the environment, or without a C compiler, the pure-Python package). It is (re)installed
# by scripts/install.sh on the first run and whenever pyproject.toml, setup.py or a source changed (a compiled
# module shadows its source, so an edit needs a new build): a stamp file in .venv keeps their hash.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh .venv "" compiled
exec .venv/bin/canasta play "$@"
