"""The shortcuts of the fourth speed pass agree with the full computation they stand in for (issue #3, speed).

* melds of twos read from a cache by counts (``twos.twos_options``) against the melds of twos the rules
  allow, worked out directly;
* the initial-meld plans of an unopened side skip the sequence plans where the hand holds no natural
  sequence (``InitialMeldCheck.seqs``): same answers as planning them;
* going-out checks of a player who must go out share one answer between moves that differ only in twos
  against jokers (``Deal._out_candidates``): same answers as asking each move;
* ``seqplay.sequences_reach`` tries each set of sequences once: same answers as trying every order;
* add options shared by melds of as many naturals as give them the same capacity
  (``MeldLimits.nat_key``);
* ``VariantRanks.out_conditions``: where it is off, ``extras.out_need`` adds nothing to
  ``canastas_to_go_out``.

Legal moves as a whole are pinned by tests/test_legal_pin.py.
"""

from __future__ import annotations

import random

import pytest

from canasta.cards.deck import ACE, FOUR, JOKER_RANK, TWO
from canasta.cards.sequences import span_cards, spans_in_hand
from canasta.engine.constraints.going_out import base_canastas_needed, going_out_candidates, going_out_ok_after
from canasta.engine.constraints.initial_meld_reach import InitialMeldCheck, holds_natural_sequence
from canasta.engine.constraints.meld_limits import NO_CAP, MeldLimits
from canasta.engine.constraints.meld_plans import best_meld_value
from canasta.engine.constraints.sequence_plans import _shift, sequences_reach
from canasta.engine.deal import P_PLAY, Deal
from canasta.engine.extra_cards import out_need
from canasta.engine.movegen.twos import twos_candidates
from canasta.moves.actions import ACTIONS, GROUP_WILD_COMBOS, MAX_NATURALS, group_action
from canasta.moves.notation import ADD, MELD
from canasta.rules.fields import Rules, preset_names
from speed_states import shape_candidates, states, unopened_states


def _expected_twos(deal: Deal, held: int) -> list[tuple[int, ...]]:
    """The melds of twos (and additions to the side's one) as the rules state them (RULES.md §3.2 Italian):
    twos as naturals, at most ``wild_limit`` jokers, a new meld of ``min_naturals`` twos and 3 cards,
    within ``meld_cap``."""
    side = deal.side_of[deal.turn]
    rc = deal.rank_counts[deal.turn]
    mi = deal.meld_index[side][TWO]
    m = deal.melds[side][mi] if mi >= 0 else None
    nat0, wild0, size0 = (m.nat, m.wild, m.size) if m is not None else (0, 0, 0)
    jokers_ok = {j for t, j in GROUP_WILD_COMBOS if t == 0}
    out = []
    for n in range(0 if m else deal.rules.min_naturals, min(rc[TWO], MAX_NATURALS) + 1):
        for j in range(min(rc[JOKER_RANK], 3) + 1):
            k = n + j
            if (k == 0 or k > deal.rules.meld_cap - size0 or (m is None and k < 3) or j not in jokers_ok
                    or (j and wild0 + j > deal.meld_limits.capacity(nat0 + n, 0))):
                continue
            grows = 1 if size0 < 7 <= size0 + k else 0
            out.append((group_action(ADD if m else MELD, TWO, n, 0, j), TWO, n, 0, j, held - k,
                        deal.canastas[side] + grows))
    return out


def test_melds_of_twos_are_those_the_rules_allow() -> None:
    checked = 0
    for deal in states("italian", 30):
        side = deal.side_of[deal.turn]
        if deal.phase == P_PLAY and deal.opened[side] and deal.rank_counts[deal.turn][TWO]:
            for held in (deal.hand_sizes[deal.turn], 3, 2):
                assert twos_candidates(deal, held) == _expected_twos(deal, held)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("spec", ["italian", "hollywood", "samba", "classic"])
def test_opening_plans_without_a_sequence_in_hand_skip_the_sequence_plans(spec: str) -> None:
    checked = skipped = 0
    # hollywood: since the exact initial meld (issue #13) its seeded play reaches a hand without a natural
    # sequence at the plans' last step only in longer runs
    for deal, side in unopened_states(spec, 60 if spec == "hollywood" else 14):
        fast = InitialMeldCheck(deal, side, deal.melds_by_rank(side))
        full = InitialMeldCheck(deal, side, deal.melds_by_rank(side))
        full.seqs = True  # always plan the hand's sequences too
        for x in shape_candidates(deal)[::3]:
            for waiver in (False, True):
                assert fast.ok(x, waiver) == full.ok(x, waiver), (x, waiver)
                checked += 1
        assert fast.seqs in (None, holds_natural_sequence(deal))
        skipped += fast.seqs is False
    assert checked > 300 and skipped > 0


@pytest.mark.parametrize("spec", ["italian", "hollywood", "classic", "samba", "brazilian"])
def test_going_out_checks_are_shared_between_twos_and_jokers(spec: str) -> None:
    checked = shared = out = 0
    for deal in states(spec, 14):
        if deal.phase != P_PLAY or not deal.opened[deal.side_of[deal.turn]]:
            continue
        cand = shape_candidates(deal)
        want = [x for x in cand if going_out_ok_after(deal, x)]
        assert going_out_candidates(deal, cand) == want
        checked += 1
        shared += len({(ACTIONS[x[0]][0], x[1], x[2], x[3] + x[4]) for x in cand}) < len(cand)
        out += bool(want)
    assert checked > 100 and shared > 5 and out > 5


def _reach_every_order(deal: Deal, hand: list[int], rc: list[int], ex: dict[int, list[int]], keep: int,
                       need: int, depth: int, planned: bool = False) -> bool:
    """``sequences_reach`` trying the sequences in every order (the search before the pass)."""
    if not planned and best_meld_value(rc, ex, deal.meld_limits, keep) >= need:
        return True
    if depth <= 0:
        return False
    total = sum(rc)
    for sp in spans_in_hand(hand, deal.rules.sequence_min, deal.rules.sequence_max):
        cards = span_cards(sp)
        if total - len(cards) < keep:
            continue
        pts = sum(deal.values[c] for c in cards)
        _shift(hand, rc, cards, -1)
        ok = pts >= need or _reach_every_order(deal, hand, rc, ex, keep, need - pts, depth - 1)
        _shift(hand, rc, cards, 1)
        if ok:
            return True
    return False


@pytest.mark.parametrize("spec", ["italian", "hollywood", "samba"])
def test_sequence_plans_try_each_set_of_sequences_once(spec: str) -> None:
    rng = random.Random(spec)
    checked = decided = 0
    for deal in states(spec, 10, eager=False):
        if deal.phase != P_PLAY:
            continue
        hand = deal.hands[deal.turn][:]
        if len(spans_in_hand(hand, deal.rules.sequence_min, deal.rules.sequence_max)) < 2:
            continue
        rc = deal.rank_counts[deal.turn][:]
        ex = {m.target: [m.nat, m.wild] for m in deal.turn_new if FOUR <= m.target <= ACE}
        for _ in range(4):
            keep, need = rng.randint(0, 2), rng.choice((20, 50, 90, 120, 160, 250))
            for planned in (False, True):
                got = sequences_reach(deal, hand, rc, ex, keep, need, planned=planned)
                assert got == _reach_every_order(deal, hand, rc, ex, keep, need, 2, planned)
                checked += 1
                decided += got
    assert checked > 200 and 0 < decided < checked


@pytest.mark.parametrize("spec", ["classic", "italian", "cuban", "hollywood", "classic(no_wild_majority=true)"])
def test_naturals_of_the_same_capacity_share_add_options(spec: str) -> None:
    lim: MeldLimits = Deal(Rules.parse(spec), seed=1).meld_limits
    for nat in range(30):
        same = lim.nat_key(nat)
        assert same <= nat and (same == nat or lim.max_size >= NO_CAP)
        for n in range(16):
            for wild in range(4):
                assert lim.capacity(same + n, wild) == lim.capacity(nat + n, wild)


@pytest.mark.parametrize("spec", preset_names())
def test_without_going_out_conditions_the_canastas_decide(spec: str) -> None:
    checked = 0
    for deal in states(spec, 4):
        rules = deal.rules
        if not deal.variant_ranks.out_conditions:
            assert out_need(deal, deal.turn) == rules.canastas_to_go_out
        for side in range(rules.teams):
            base = base_canastas_needed(deal, side)
            if side != deal.side_of[deal.turn]:
                assert base == rules.canastas_to_go_out
            else:
                assert base == out_need(deal, deal.turn)
        checked += 1
    assert checked > 100
