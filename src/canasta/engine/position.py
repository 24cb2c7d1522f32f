"""A deal built from its parts: hands, stock, pile, melds, scores, whose turn it is (a validated constructor).

:func:`fill_position` sets every field of a :class:`~canasta.engine.state.DealState` from the parts of a
position, derives the rest in one place (counts by rank, hand sizes, the naturals held as bits, the meld index,
canastas, sequences, which sides have opened, the minimum counts, whether the pile is frozen) and checks
conservation: every card of the rules' deck is in exactly one place. :meth:`canasta.engine.deal.Deal.from_position`
is the public way in; :func:`canasta.agents.determinize.sample_deal` builds its sampled worlds with it, and the
tests build their scripted positions with it.

Example:
    >>> from canasta import Deal, Rules
    >>> from canasta.engine.position import position_parts
    >>> deal = Deal(Rules.parse("classic"), seed=3)
    >>> again = Deal.from_position(deal.rules, **position_parts(deal))
    >>> again.legal_actions() == deal.legal_actions()
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from mypy_extensions import mypyc_attr

from canasta.cards.deck import IS_RED_THREE, IS_WILD, JOKER, N_TYPES, card_str, deck_counts, deck_list
from canasta.cards.sequences import held_bits
from canasta.engine.state import PHASE_NAMES, DealState, Meld
from canasta.moves.notation import SEQ_TARGET

if TYPE_CHECKING:
    from canasta.rules.fields import Rules

__all__ = ["MeldPart", "Position", "fill_position", "position_parts"]


class MeldPart(NamedTuple):
    """One meld of a position.

    Attributes:
        target: its rank index (0 = twos .. 12 = aces), ``WILD_TARGET`` for a meld of wild cards or
            ``SEQ_TARGET`` for a sequence (RULES.md §3.2).
        cards: its cards (card types 0..52).
        span: a sequence's (suit, lowest rank, highest rank); None for other melds.
        creator: the seat that started it (-1 unknown); ``turn``: the turn number it was started in.
        this_turn: started in the current turn (the turn's player's new melds, RULES.md §1.9).
        naturals, wilds: its natural and wild cards where the caller knows them; by default a joker, and a
            two in a meld other than a meld of twos, is wild.
    """

    target: int
    cards: tuple[int, ...]
    span: tuple[int, int, int] | None = None
    creator: int = -1
    turn: int = 0
    this_turn: bool = False
    naturals: int | None = None
    wilds: int | None = None


def _meld(part: MeldPart) -> Meld:
    meld = Meld(part.target, part.creator, part.turn)
    meld.cards = list(part.cards)
    if part.naturals is None or part.wilds is None:
        wild = sum(1 for c in part.cards if c == JOKER or (IS_WILD[c] and part.target != 0))
        meld.wild, meld.nat = wild, len(part.cards) - wild
    else:
        meld.nat, meld.wild = part.naturals, part.wilds
    if part.span is not None:
        meld.span = part.span
    return meld


def _set_melds(state: DealState, melds: Sequence[Sequence[MeldPart]]) -> None:
    """The melds, their index by rank, the sequences, the canastas and the turn's new melds."""
    teams = state.teams
    if len(melds) != teams:
        raise ValueError(f"melds must give one list per side ({teams}), not {len(melds)}")
    state.melds = [[] for _ in range(teams)]
    state.seqs = [[] for _ in range(teams)]
    state.meld_index = [[-1] * 14 for _ in range(teams)]
    state.canastas = [0] * teams
    state.seq_canastas = [0] * teams
    state.turn_new = []
    for side, parts in enumerate(melds):
        for part in parts:
            meld = _meld(part)
            if part.target == SEQ_TARGET:
                if part.span is None:
                    raise ValueError("a sequence meld needs its span (suit, lowest rank, highest rank)")
                state.seqs[side].append(meld)
            elif not 0 <= part.target < 14:
                raise ValueError(f"{part.target!r} is not a meld target")
            else:
                state.meld_index[side][part.target] = len(state.melds[side])
            state.melds[side].append(meld)
            if meld.is_canasta:
                state.canastas[side] += 1
                if part.target == SEQ_TARGET:
                    state.seq_canastas[side] += 1
            if part.this_turn:
                state.turn_new.append(meld)


def _per_seat(name: str, value: Sequence[Any] | None, n: int, default: Any) -> list[Any]:
    if value is None:
        return [default() if callable(default) else default for _ in range(n)]
    if len(value) != n:
        raise ValueError(f"{name} must give one entry per {'seat' if name != 'scores' else 'side'} ({n}), "
                         f"not {len(value)}")
    return [list(v) if isinstance(v, (list, tuple)) else v for v in value]


def _check_conservation(state: DealState) -> None:
    """Raise ValueError naming the cards found too often or missing (every card of the deck exactly once)."""
    expected = deck_counts(state.rules.packs, state.rules.jokers)
    got = state.card_census()
    if got != expected:
        extra = [f"{card_str(c)} x{got[c] - expected[c]}" for c in range(N_TYPES) if got[c] > expected[c]]
        missing = [f"{card_str(c)} x{expected[c] - got[c]}" for c in range(N_TYPES) if got[c] < expected[c]]
        parts = ([f"too many: {', '.join(extra)}"] if extra else []) + (
            [f"missing: {', '.join(missing)}"] if missing else [])
        raise ValueError(f"the position does not hold the {sum(expected)} cards of the deck once each: "
                         + "; ".join(parts))


@mypyc_attr(native_class=False)  # compiled core: a Python class (frozen: pickled as a dataclass)
@dataclass(frozen=True, kw_only=True)
class Position:
    """The parts of a deal's position (what :meth:`canasta.engine.deal.Deal.from_position` takes by keyword).

    Cards are card types 0..52; ``hands`` lists each seat's cards, ``stock`` and ``pile`` have their top card
    last, ``melds`` gives per side a list of :class:`MeldPart`. Every part not given takes the value of a fresh
    deal: no melds, no red threes, zero scores, the side opened where it has melds, the minimum counts of the
    scores (RULES.md §1.6), the pile frozen where it holds a wild card or a red three or the variant always
    freezes it (§1.7), ``to_act`` the turn's player, ``dealer`` the seat before ``turn``, ``turn_number`` that
    of the first turn after the dealer's. The other names are those of :class:`~canasta.engine.deal.PlayerView`
    (``melded_this_turn``, ``pile_blocked_until``, ``lone_hand`` ...); ``rng`` is the deal's generator
    (reshuffles), ``deck`` the deck it was dealt from (records), ``talons`` the talons dealt in advance and not yet
    claimed (``talon_source=predealt``, MAC A.2).
    """

    hands: Sequence[Sequence[int]]
    stock: Sequence[int]
    pile: Sequence[int]
    melds: Sequence[Sequence[MeldPart]] | None = None
    red_threes: Sequence[Sequence[int]] | None = None
    scores: Sequence[int] | None = None
    turn: int = 0
    phase: str = "draw"
    dealer: int | None = None
    to_act: int | None = None
    turn_number: int | None = None
    drew: int = 0
    melded_this_turn: int = 0
    opened: Sequence[bool] | None = None
    minimums: Sequence[int] | None = None
    draw_count: int | None = None
    frozen: bool | None = None
    pending: Sequence[int] = ()
    packets: Sequence[Sequence[int]] | None = None
    talons: Sequence[Sequence[int]] = ()
    dowry: Sequence[int] = ()
    black_threes_removed: Sequence[Sequence[int]] | None = None
    asks_failed: Sequence[int] | None = None
    extra_cards_done: Sequence[bool] | None = None
    openers: Sequence[int] | None = None
    opened_turns: Sequence[int] | None = None
    has_melded: Sequence[bool] | None = None
    sides: Sequence[int] | None = None
    lone_hand: int = -1
    must_canasta: int = -1
    pile_blocked_until: int = 0
    asked: bool = False
    answer: int = 0
    no_discard: bool = False
    conceal_only: bool = False
    touched_old: bool = False
    stock_out: bool = False
    out_seat: int = -1
    special_seat: int = -1
    concealed: bool = False
    reshuffles: int = 0
    rng: random.Random | None = None
    seed: int | None = None
    deck: Sequence[int] = ()


def fill_position(state: DealState, rules: Rules, position: Position) -> None:
    """Set every field of ``state`` to ``position`` (see :class:`Position`), derive the rest, check the cards.

    Raises:
        ValueError: a part of the wrong length or shape, a phase that is not one of draw, play, answer, over,
            a red three in a hand, or cards that are not the rules' deck once each (naming the cards too
            many or missing).
    """
    rules = rules.deal_rules()
    n, teams = rules.players, rules.teams
    turn = position.turn
    dealer = (turn - 1) % n if position.dealer is None else position.dealer
    if not 0 <= dealer < n or not 0 <= turn < n:
        raise ValueError(f"dealer and turn must be seats 0..{n - 1}, not {dealer} and {turn}")
    if position.phase not in PHASE_NAMES:
        raise ValueError(f"phase must be one of {', '.join(PHASE_NAMES)}, not {position.phase!r}")
    state.set_table(rules, dealer)
    if position.sides is not None:  # a cutthroat alliance (§3.1)
        state.side_of = tuple(position.sides)
    state.lone = position.lone_hand
    _set_hands(state, position.hands)
    state.stock = list(position.stock)
    state.pile = list(position.pile)
    state.pending = list(position.pending)
    state.packets = _per_seat("packets", position.packets, n, list)
    state.talons = [list(t) for t in position.talons]  # talon_source=predealt (MAC A.2), by the order of opening
    state.dowry = list(position.dowry)
    state.red3 = _per_seat("red_threes", position.red_threes, n, list)
    state.black3_removed = _per_seat("black_threes_removed", position.black_threes_removed, n, list)
    _set_melds(state, position.melds if position.melds is not None else [[] for _ in range(teams)])
    _set_sides(state, position)
    state.has_melded = _per_seat("has_melded", position.has_melded, n, False)
    _set_turn(state, position, dealer)
    if state.meld_limits.before is not state.meld_limits.after:
        # the limits of the turn: the initial meld's turn free of the rule of five (MAC A.6), no mixed canasta (A.7)
        side = state.side_of[state.turn]
        later = state.opened[side] and state.opened_turn[side] != state.turn_no
        state.meld_limits = state.meld_limits.after if later else state.meld_limits.before
    state.seed = position.seed
    state.rng = position.rng if position.rng is not None else random.Random(position.seed)
    state.deck = tuple(position.deck)
    state._legal = None
    _check_conservation(state)


def _set_hands(state: DealState, hands: Sequence[Sequence[int]]) -> None:
    """The hands as counts by card type and by rank, their sizes, and (sequence variants) the naturals as bits."""
    n = state.n
    hand_lists = _per_seat("hands", hands, n, list)
    state.hands = [[0] * N_TYPES for _ in range(n)]
    for seat, cards in enumerate(hand_lists):
        for c in cards:
            if not 0 <= c < N_TYPES:
                raise ValueError(f"{c!r} is not a card type (seat {seat}'s hand)")
            if IS_RED_THREE[c] and not state.rules.red3_hand_penalty and not state.rules.threes_by_colour:
                # kept in hands: Hand and Foot B.7; MAC's three kept for the Straight or drawn last (A.3, A.10)
                raise ValueError(f"a red three ({card_str(c)}) cannot stay in a hand (seat {seat}): it is laid out")
            state.hands[seat][c] += 1
    state.rank_counts = [[0] * 14 for _ in range(n)]
    for seat, hand in enumerate(state.hands):
        counts = state.rank_counts[seat]
        for c in range(N_TYPES):
            if hand[c]:
                counts[c >> 2] += hand[c]
    state.hand_sizes = [sum(h) for h in state.hands]
    if state.rules.sequences:  # kept only where sequences are played (SeqState); zeros elsewhere, as dealt
        state.natural_bits = [held_bits(h) for h in state.hands]


def _set_sides(state: DealState, position: Position) -> None:
    """What each side has: scores, opened, minimum counts (§1.6), the frozen pile (§1.7) and the variants'."""
    rules, teams = state.rules, state.teams
    state.scores = _per_seat("scores", position.scores, teams, 0)
    state.opened = (_per_seat("opened", position.opened, teams, False) if position.opened is not None
                    else [bool(ms) for ms in state.melds])
    state.minimum = (_per_seat("minimums", position.minimums, teams, 0) if position.minimums is not None
                     else [rules.min_meld(s) for s in state.scores])
    state.draw_count = rules.draws_for(0) if position.draw_count is None else position.draw_count
    state.frozen = position.frozen if position.frozen is not None else (
        rules.pile_always_frozen or any(IS_WILD[c] or IS_RED_THREE[c] for c in state.pile))
    state.ask_failed = _per_seat("asks_failed", position.asks_failed, teams, 0)
    state.extra_done = _per_seat("extra_cards_done", position.extra_cards_done, teams, False)
    state.opener = _per_seat("openers", position.openers, teams, -1)
    state.opened_turn = _per_seat("opened_turns", position.opened_turns, teams, 0)


def _set_turn(state: DealState, position: Position, dealer: int) -> None:
    """Whose turn it is, its phase and its flags."""
    turn = position.turn
    state.turn = turn
    state.actor = turn if position.to_act is None else position.to_act
    state.phase = PHASE_NAMES.index(position.phase)
    state.turn_no = (position.turn_number if position.turn_number is not None
                     else (turn - dealer - 1) % state.n + 1)
    state.drew = position.drew
    state.open_total = position.melded_this_turn
    state.touched_old = position.touched_old
    state.asked = position.asked
    state.answer = position.answer
    state.no_discard = position.no_discard
    state.conceal_only = position.conceal_only
    state.must_canasta = position.must_canasta
    state.blocked_until = position.pile_blocked_until
    state.stock_out = position.stock_out
    state.over = position.phase == "over"
    state.out_seat = position.out_seat
    state.special_seat = position.special_seat
    state.concealed = position.concealed
    state.reshuffles = position.reshuffles


def position_parts(state: DealState) -> dict[str, Any]:
    """The parts of ``state``'s position, as :func:`fill_position` takes them (a copy: nothing shared).

    ``Deal.from_position(deal.rules, **position_parts(deal))`` rebuilds the same deal (the round trip the
    tests check); the random generator is copied, so later reshuffles agree too.
    """
    new = {id(m) for m in state.turn_new}
    rng = random.Random()
    rng.setstate(state.rng.getstate())
    return {
        "hands": [deck_list(h) for h in state.hands],
        "stock": list(state.stock),
        "pile": list(state.pile),
        "melds": [[MeldPart(m.target, tuple(m.cards), m.span if m.target == SEQ_TARGET else None, m.creator,
                            m.turn, id(m) in new, m.nat, m.wild) for m in ms] for ms in state.melds],
        "red_threes": [list(r) for r in state.red3],
        "scores": list(state.scores),
        "turn": state.turn,
        "phase": PHASE_NAMES[state.phase],
        "dealer": state.dealer,
        "to_act": state.actor,
        "turn_number": state.turn_no,
        "drew": state.drew,
        "melded_this_turn": state.open_total,
        "opened": list(state.opened),
        "minimums": list(state.minimum),
        "draw_count": state.draw_count,
        "frozen": state.frozen,
        "pending": list(state.pending),
        "packets": [list(p) for p in state.packets],
        "talons": [list(t) for t in state.talons],
        "dowry": list(state.dowry),
        "black_threes_removed": [list(r) for r in state.black3_removed],
        "asks_failed": list(state.ask_failed),
        "extra_cards_done": list(state.extra_done),
        "openers": list(state.opener),
        "opened_turns": list(state.opened_turn),
        "has_melded": list(state.has_melded),
        "sides": list(state.side_of),
        "lone_hand": state.lone,
        "must_canasta": state.must_canasta,
        "pile_blocked_until": state.blocked_until,
        "asked": state.asked,
        "answer": state.answer,
        "no_discard": state.no_discard,
        "conceal_only": state.conceal_only,
        "touched_old": state.touched_old,
        "stock_out": state.stock_out,
        "out_seat": state.out_seat,
        "special_seat": state.special_seat,
        "concealed": state.concealed,
        "reshuffles": state.reshuffles,
        "rng": rng,
        "seed": state.seed,
        "deck": list(state.deck),
    }
