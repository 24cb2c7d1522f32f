#!/usr/bin/env bash
# Set up and run the checks: ruff, mypy, the whole test suite (slow tests included, on 2 workers) on the
# compiled core, then the fast tests on the pure-Python build (so that the two builds cannot drift; the
# legal-move digests of tests/test_build.py prove both play the same moves).
# Environments (scripts/install.sh, each reinstalled only when a source changed):
#   .venv       the package, editable, with its engine compiled by mypyc (setup.py), and the test tools;
#   .venv-pure  the pure-Python package (CANASTA_PURE=1), not editable, so it never sees the compiled modules.
# Arguments go to both pytest runs (e.g. -x, -k digests).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh .venv test,web,env,bots,ray,scale compiled
scripts/install.sh .venv-pure test,web,env,bots,ray,scale pure
# Browser tests drive Debian's Chromium through Playwright (test tools may not download browsers here).
if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "== installing Debian's chromium for the browser tests"
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
# Scale-out tests start a real redis-server and a throwaway PostgreSQL cluster (tests/servers.py).
if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  missing=()
  command -v redis-server >/dev/null || missing+=(redis-server)
  if ! command -v initdb >/dev/null && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    missing+=(postgresql)
  fi
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "== installing Debian's ${missing[*]} for the scale-out tests"
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
fi
echo "== ruff"
.venv/bin/ruff check src tests
echo "== mypy"
.venv/bin/mypy
expected=compiled
if [ -n "${CANASTA_PURE:-}" ] && [ "${CANASTA_PURE}" != 0 ]; then
  expected=pure
fi
echo "== pytest ($(.venv/bin/canasta --version))"
CANASTA_EXPECT_BUILD=$expected .venv/bin/python -m pytest -n 2 -p no:cacheprovider "$@"
# The pure run collects tests/ only: the doctests of src/canasta would put src/ (and its compiled modules) on
# sys.path; tests/test_build.py checks that the pure build is what runs. test_architecture.py reads the source
# tree (the same for both builds) and wants canasta imported from it: the first run covers it.
echo "== pytest, fast tests and the slow ones only the pure build runs ($(.venv-pure/bin/canasta --version))"
CANASTA_EXPECT_BUILD=pure .venv-pure/bin/python -m pytest -n 2 -p no:cacheprovider -m "not slow or pure_only" tests \
  --ignore=tests/test_architecture.py "$@"
echo "== doctests of the pure build's modules (those of compiled modules cannot run on the compiled build)"
.venv-pure/bin/python -m pytest -p no:cacheprovider --pyargs canasta
