"""The ``hard`` bot plays the moves pinned in tests/data/hard_move_digests.json (tests/hard_digests.py): seeded
deals of four hard bots, every move hashed. A change that makes the bot faster must keep them (issue 17: same
play, same arena results); one meant to change its play rewrites the file and says so."""

from __future__ import annotations

import pytest

from hard_digests import SPECS, golden, spec_digest


@pytest.mark.parametrize("spec", SPECS)
def test_hard_bot_plays_the_pinned_moves(spec: str) -> None:
    want = golden()[spec]
    got = spec_digest(spec)
    assert got["moves"] == want["moves"], f"{spec}: {got['moves']} moves, pinned {want['moves']}"
    assert got["sha256"] == want["sha256"], f"{spec}: the hard bots' moves differ from the pinned ones"
