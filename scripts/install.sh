#!/usr/bin/env bash
# Install the package into a virtual environment, only when something it is built from changed.
# Usage: scripts/install.sh VENV EXTRAS compiled|pure   (EXTRAS: "" or e.g. "test,web")
#
# compiled: `pip install -e .[EXTRAS]`: setup.py compiles the engine with mypyc (the compiled core) and puts the
#   extension modules next to their sources; without a C compiler, or if compiling fails, the pure-Python package
#   (setup.py says so in one line).
# pure: `CANASTA_PURE=1 pip install .[EXTRAS]`, NOT editable: the venv holds its own copy of the Python modules, so
#   the compiled modules of the editable tree are never imported by it.
#
# A compiled module shadows its source: an edit of the engine needs a new install. A stamp file in VENV keeps the
# hash of pyproject.toml, setup.py and every source under src/; the install runs again when it changes or
# a source is newer than the stamp.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$1 extras=$2 kind=$3
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
stamp="$venv/.canasta-installed"
want=$( { echo "$kind"; cat pyproject.toml setup.py; find src -name '*.py' -print0 | sort -z | xargs -0 cat; } \
  | "$venv/bin/python" -c 'import hashlib, sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())')
# (a source touched since, e.g. by a git checkout, also counts: a compiled module older than its source is
# what `canasta --version` warns about)
# The extras installed so far (pip never removes them): a request for fewer (scripts/play.sh after
# scripts/test.sh) needs no new build.
had=$(cat "$venv/.canasta-extras" 2>/dev/null || true)
covered=yes
for extra in ${extras//,/ }; do
  case ",$had," in *",$extra,"*) ;; *) covered=no ;; esac
done
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -x "$venv/bin/canasta" ] && [ "$covered" = yes ] \
   && [ -z "$(find src -name '*.py' -newer "$stamp" -print -quit)" ]; then
  exit 0
fi
spec=".${extras:+[$extras]}"
log="$venv/.canasta-install.log"
start=$(date +%s)
if [ "$kind" = pure ]; then
  echo "Installing canasta (pure Python) in $venv..." >&2
  CANASTA_PURE=1 "$venv/bin/python" -m pip install --disable-pip-version-check -v "$spec" >"$log" 2>&1 \
    || { tail -30 "$log" >&2; exit 1; }
else
  # extension modules of an earlier build would shadow the sources of a pure editable install; a compiled
  # build makes them anew
  find src -name '*.so' -delete
  echo "Installing canasta in $venv (first run, or a source changed; compiling the engine takes a minute or two)..." >&2
  "$venv/bin/python" -m pip install --disable-pip-version-check -v -e "$spec" >"$log" 2>&1 \
    || { tail -30 "$log" >&2; exit 1; }
fi
grep -h "canasta build:" "$log" | sed 's/^ *//' | uniq >&2 || true
echo "Installed in $(( $(date +%s) - start )) s: $("$venv/bin/canasta" --version)" >&2
echo "$want" > "$stamp"
echo "$had,$extras" | tr ',' '\n' | { grep -v '^$' || true; } | sort -u | paste -sd, - > "$venv/.canasta-extras"
