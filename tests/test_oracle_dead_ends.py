"""No state with no legal move within a turn, by the exhaustive search of ``oracles.dead_ends`` (RULES.md §1.4).

Guarantee: from positions of every preset (small hands late in the deal, right after an unopened side took the
pile, and in the middle of a first turn), no sequence of legal moves of the turn, with any choice of suits, leaves
the player to act with no legal move. Random play meets only some of these sequences (``Deal.check_invariants``
after every move); the search meets all. It found (2026-11-28) that a move typed with other suits than the
engine's could break a sequence the initial meld needed (Samba: ``add 6S`` before 5S 6S 7S): such moves are
refused now (``canasta.engine.chosen_cards``).
"""

from __future__ import annotations

import pytest

from canasta.build_info import is_compiled
from oracles.dead_ends import dead_end, dead_ends_in
from oracles.positions import OPENING_PRESETS

PRESETS = (*OPENING_PRESETS, "modern-american", "hand-and-foot")


@pytest.mark.parametrize("preset", PRESETS)
def test_no_turn_leaves_a_player_without_a_move(preset: str) -> None:
    assert dead_ends_in(preset, 24, seed=0) == []


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_no_turn_leaves_a_player_without_a_move_slow(preset: str) -> None:
    assert dead_ends_in(preset, 200, seed=1) == []


@pytest.mark.skipif(is_compiled("canasta.engine.deal"),
                    reason="a compiled module calls its own functions directly, past a patch: the pure build runs it")
def test_the_search_finds_a_state_with_no_move() -> None:
    """The search itself: with the refusal of stranding suits switched off, the Samba turn of
    tests/test_variant_samba.py reaches a state with no legal move, and the search finds it."""
    import canasta.engine.deal as deal_mod
    from canasta.rules.fields import Rules
    from helpers import make_deal, play

    d = make_deal(Rules.preset("samba"), ["4C 4C 4S 5S 6C 6D 6D 6H 6S 7S 9C QH KC KC AS"], stock="9D TH")
    play(d, "draw", "meld 6C 6D 6H")
    assert dead_end(d) is None
    with pytest.MonkeyPatch.context() as m:
        m.setattr(deal_mod, "chosen_cards_refusal", lambda *args: None)
        stuck = dead_end(d)
    assert stuck is not None and not stuck.legal_actions() and not stuck.over
