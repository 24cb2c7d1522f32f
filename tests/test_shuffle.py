"""The compiled shuffle (canasta.cards.shuffle) deals exactly what ``random.Random.shuffle`` deals (RULES.md §1.2):
the same permutation and the same generator state after it, so seeds, records and digests are unchanged."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from canasta.cards.shuffle import shuffle


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), size=st.integers(min_value=0, max_value=300))
def test_same_permutation_and_state_as_random_shuffle(seed: int, size: int) -> None:
    mine, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(size)), list(range(size))
    shuffle(mine, a)
    theirs.shuffle(b)
    assert a == b
    assert mine.getstate() == theirs.getstate()


def test_every_deck_size_of_the_presets() -> None:
    """The decks dealt (52 to 162 cards and the tiles) over many seeds, including sizes just past a power of two,
    where the rejection loop draws again most often."""
    for size in (2, 3, 5, 53, 65, 106, 108, 129, 158, 162, 257):
        for seed in range(40):
            mine, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            shuffle(mine, a)
            theirs.shuffle(b)
            assert a == b, (size, seed)
            assert mine.random() == theirs.random()


def test_a_subclass_keeps_its_own_shuffle() -> None:
    class Fixed(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3]
    shuffle(Fixed(0), items)
    assert items == [3, 2, 1]
