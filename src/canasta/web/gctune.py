"""The garbage collector's settings of a server process (a leaf module: the server's entry points all call it)."""

from __future__ import annotations

import gc

GC_THRESHOLDS = (20000, 50, 100)
"""The cyclic garbage collector's thresholds in a server process (:func:`tune_gc`; Python's: 700, 10, 10)."""


def tune_gc() -> None:
    """Make the cyclic garbage collector cheaper in a server process (call once, before serving): what exists at
    start (modules, the app) is collected once and then frozen (:func:`gc.freeze`: never traversed again), and a
    young collection waits for :data:`GC_THRESHOLDS` allocations instead of 700. A move allocates hundreds of
    short-lived objects (views, messages) with no cycle among them: the default thresholds ran a collection every
    few moves, about 5 % of the server's CPU per move (``benchmarks/web_cpu.py``: 0.14 s of a 1.8 s run), and the
    frozen startup objects were traversed by every full collection. Objects in cycles are still collected."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


__all__ = ["GC_THRESHOLDS", "tune_gc"]
