"""The garbage collector's settings of a server process (:mod:`canasta.web.gctune`)."""

from __future__ import annotations

import gc


def test_tune_gc_freezes_what_exists_and_raises_the_young_threshold() -> None:
    from canasta.web.gctune import GC_THRESHOLDS, tune_gc

    before = gc.get_threshold()
    try:
        tune_gc()
        assert gc.get_threshold() == GC_THRESHOLDS
        assert gc.get_freeze_count() > 0
        cycle: list[object] = []
        cycle.append(cycle)  # a cycle made after the freeze is still collected
        del cycle
        assert gc.collect() >= 1
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
