"""Which build of the package runs: the compiled core or pure Python (issue 17, docs/bench.md "The build").

Installing the package compiles the engine's modules with mypyc (setup.py); with ``CANASTA_PURE=1`` at install
time, without a C compiler, or when compiling fails, the same modules run as Python. :func:`build` tells which,
by looking at the modules as loaded: a compiled module is an extension module (``.so``/``.pyd``).
``canasta --version`` and ``canasta bench --json`` report it.

Imports nothing from the rest of the package at import time; :func:`build` imports the engine's modules by name.

Example:
    >>> build() in ("compiled", "pure", "mixed")
    True
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os

CORE_MODULES = (
    "canasta.engine.state",
    "canasta.engine.apply",
    "canasta.engine.movegen.turn_moves",
    "canasta.engine.constraints.going_out",
    "canasta.cards.sequences",
    "canasta.rules.fields",
)
"""Modules of the compiled core whose loading :func:`build` reads (one per compiled package)."""


def is_compiled(module_name: str) -> bool:
    """Whether the module ``module_name`` (imported if needed) was loaded from an extension module."""
    module = importlib.import_module(module_name)
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


def build() -> str:
    """``"compiled"`` when every module of :data:`CORE_MODULES` is an extension module, ``"pure"`` when none is,
    ``"mixed"`` otherwise (a broken install: reinstall)."""
    flags = {is_compiled(name) for name in CORE_MODULES}
    if flags == {True}:
        return "compiled"
    return "pure" if flags == {False} else "mixed"


def build_words() -> str:
    """The build in words, for ``canasta --version``: "compiled core" or "pure Python" (with a warning when a
    compiled module is older than its source, :func:`stale_modules`)."""
    kind = build()
    words = {"compiled": "compiled core", "pure": "pure Python"}.get(kind, "mixed build: reinstall")
    stale = stale_modules()
    if stale:
        words += f"; {len(stale)} compiled modules older than their source: reinstall"
    return words


def stale_modules() -> list[str]:
    """The compiled modules of the engine whose ``.py`` next to them is newer than the extension module
    (an editable install edited since it was built: the compiled module runs, not the edit). Reads the
    modules already imported only; empty for the pure build."""
    import sys

    stale = []
    for name, module in list(sys.modules.items()):
        if not name.startswith("canasta.") or not isinstance(
            getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader
        ):
            continue
        so = getattr(module, "__file__", None) or ""
        py = os.path.join(os.path.dirname(so), os.path.basename(so).split(".", 1)[0] + ".py") if so else ""
        try:
            if py and os.path.getmtime(py) > os.path.getmtime(so) + 1.0:
                stale.append(name)
        except OSError:
            continue
    return sorted(stale)
