"""The shuffle of a deck (RULES.md §1.2), compiled: the same permutation as :meth:`random.Random.shuffle` from the
same generator state, at a fraction of its cost.

``random.Random.shuffle`` runs its loop in Python bytecode (about 3,400 instructions a card); a deal's shuffle of
108 cards was about 6% of a random classic deal, and the bots' samplers shuffle the unseen cards at every
determinisation. Here the same loop calls the generator's C method ``getrandbits`` directly, so seeds, records and
the legal-move digests are unchanged (tests/test_shuffle.py compares the two on many seeds and lengths).
"""

from __future__ import annotations

import random
from typing import Any


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would, leaving ``rng`` in the same state.

    ``rng`` is a :class:`random.Random` (a subclass, whose numbers may come from elsewhere, is handed to its own
    ``shuffle``). Each position ``i`` from the last down to 1 swaps with ``j``, drawn below ``i + 1`` by
    rejection from ``getrandbits((i + 1).bit_length())``, as CPython's ``_randbelow_with_getrandbits`` does.

    >>> import random
    >>> a, b = list(range(10)), list(range(10))
    >>> shuffle(random.Random(7), a); random.Random(7).shuffle(b)
    >>> a == b
    True
    """
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    bits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j: int = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]
