#!/usr/bin/env bash
# Set up (a virtual environment in .venv with the package and its test tools) and run the checks:
# ruff, mypy and the whole test suite, slow tests included, on 2 workers.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test,web,env,bots,ray,scale]' >/dev/null
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
echo "== pytest"
.venv/bin/python -m pytest -n 2 -p no:cacheprovider "$@"
