"""Why a sequence move is refused, as a :class:`~canasta.engine.refusals.Refusal` (RULES.md §3.2), with the
reason codes of the sequence problems of :mod:`canasta.cards.sequences` (same English texts).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from canasta.cards.deck import ACE, FOUR, IS_WILD, JOKER, SUITS, card_str
from canasta.cards.sequences import SEQ_MIN, Span, span_cards, span_str
from canasta.engine.movegen.sequences import find_sequence
from canasta.engine.movegen.wild_sequences import meld_hole, sequence_name
from canasta.engine.refusals import Refusal, frozen_params, rank_code, refusal
from canasta.moves.notation import MELD, Move, MoveError, move_span

if TYPE_CHECKING:
    from canasta.engine.state import DealState, Meld
    from canasta.rules.fields import Rules

NO_WILD = "no wild card may join a sequence in this variant (§3.2)"
TWOS_THREES = "twos and threes are not part of sequences: a sequence runs from 4 (low) to A (high) (§3.2)"
GAP = "the cards of a sequence must follow each other without a gap (§3.2)"


def naturals_problem(naturals: Sequence[int]) -> Refusal | None:
    """Why the natural cards of a would-be sequence cannot belong to one, gaps allowed (None if they can)."""
    if not naturals:
        return refusal("sequence_no_naturals", "a sequence needs natural cards: wild cards alone are no sequence "
                                               "(§3.2)")
    if any(c >> 2 < FOUR for c in naturals):
        return refusal("sequence_twos_threes", TWOS_THREES)
    if len({c & 3 for c in naturals}) > 1:
        return refusal("sequence_one_suit", "a sequence is of one suit (§3.2)")
    if len({c >> 2 for c in naturals}) != len(naturals):
        return refusal("sequence_rank_twice", "a sequence holds each rank once (§3.2)")
    return None


def sequence_problem(cards: Sequence[int]) -> Refusal | None:
    """Why ``cards`` are not one natural sequence (None if they are): ``cards.sequences.sequence_problem``."""
    if not cards:
        return refusal("sequence_no_cards", "a sequence needs cards")
    if any(IS_WILD[c] for c in cards):
        return refusal("sequence_no_wild", NO_WILD)
    bad = naturals_problem(cards)
    if bad:
        return bad
    ranks = sorted(c >> 2 for c in cards)
    if ranks[-1] - ranks[0] != len(ranks) - 1:
        return refusal("sequence_gap", GAP)
    return None


def wild_sequence_problem(cards: Sequence[int], wild_max: int) -> Refusal | None:
    """Why ``cards`` cannot form one sequence with at most ``wild_max`` wild cards (None if they can):
    ``cards.sequences.wild_sequence_problem``."""
    if not cards:
        return refusal("sequence_no_cards", "a sequence needs cards")
    naturals = [c for c in cards if not IS_WILD[c]]
    wilds = len(cards) - len(naturals)
    if wilds > wild_max:
        if wild_max == 0:
            return refusal("sequence_no_wild", NO_WILD)
        return refusal("sequence_wild_max", f"a sequence may hold at most {wild_max} wild card"
                                            f"{'s' if wild_max != 1 else ''} (§3.2)", n=wild_max)
    bad = naturals_problem(naturals)
    if bad:
        return bad
    ranks = sorted(c >> 2 for c in naturals)
    gaps = ranks[-1] - ranks[0] + 1 - len(ranks)
    if gaps > wilds:
        if wilds:
            return refusal("sequence_gaps_unfilled", f"the natural cards leave {gaps} gaps and only {wilds} wild card"
                                                     f"{'s' if wilds != 1 else ''} can fill them (§3.2)",
                           gaps=gaps, n=wilds)
        return refusal("sequence_gap", GAP)
    if len(cards) > ACE - FOUR + 1:
        return refusal("sequence_too_long", "a sequence runs from 4 to A: it holds at most 11 cards (§3.2)", n=11)
    return None


def extension_problem(span: Span, cards: Sequence[int], max_len: int) -> Refusal | None:
    """Why ``cards`` cannot extend the sequence ``span`` (None if they can): ``cards.sequences.extension_problem``."""
    if not cards:
        return refusal("sequence_name_cards", "name the cards to add")
    suit, lo, hi = span
    name = span_str(span)
    if hi - lo + 1 >= max_len:
        return refusal("sequence_full", f"{name} is a full sequence canasta: it takes no more cards (§3.2)", span=name)
    bad = sequence_problem(list(cards) + list(span_cards(span)))
    if bad:
        if any(not IS_WILD[c] and c != JOKER and (c & 3) != suit for c in cards):
            return refusal("sequence_wrong_suit", f"{name} is a sequence of {'♣♦♥♠'[suit]}: add cards of that suit "
                                                  "(§3.2)", span=name, suit=SUITS[suit])
        return bad
    if hi - lo + 1 + len(cards) > max_len:
        return refusal("sequence_too_many", f"a sequence holds at most {max_len} cards; {name} cannot take "
                                            f"{len(cards)} more (§3.2)", max=max_len, span=name, n=len(cards))
    return None


def explain_sequence(deal: DealState, move: Move) -> Refusal | None:
    """Why a sequence meld or addition ``move`` is not legal now (None when the sequence itself is fine and the
    reason lies elsewhere: keeping a card, the initial meld, ...) (RULES.md §3.2)."""
    rules = deal.rules
    if not rules.sequences:
        return refusal("no_sequences", "sequences are not melds in this variant: a meld is of one rank (§1.5)")
    side = deal.side_of[deal.turn]
    wilds = sum(1 for c in move.cards if IS_WILD[c])
    if wilds or len(move.seq) > 2:
        return _explain_wild_sequence(deal, move, wilds)
    if move.kind == MELD:
        return sequence_problem(move.cards) or meld_length_problem(rules, len(move.cards))
    found = named_sequence(deal, side, move)
    if isinstance(found, Refusal):
        return found
    span, m = found
    longest = max(rules.sequence_max, rules.sequence_out_max)
    bad = extension_problem(span, move.cards, longest)
    if bad:
        return bad
    if m.size + len(move.cards) > rules.sequence_max:
        if not rules.sequence_out_max:
            name = span_str(span)
            return refusal("sequence_max", f"{name} may hold at most {rules.sequence_max} cards: it takes no more "
                                           "(§3.2)", span=name, n=rules.sequence_max)
        return refusal("sequence_past_max", f"a sequence goes past {rules.sequence_max} cards only in the move that "
                                            "goes out: melding your last cards, or all but the one you then discard "
                                            "(§3.2)", n=rules.sequence_max)
    return None


def meld_length_problem(rules: Rules, cards: int) -> Refusal | None:
    """Why a new sequence meld of ``cards`` cards is refused for its length, None if it is allowed (§3.2)."""
    if not rules.sequence_min <= cards <= rules.sequence_max:
        return refusal("sequence_length", f"a sequence meld has {rules.sequence_min} to {rules.sequence_max} cards, "
                                          f"not {cards} (§3.2)", min=rules.sequence_min, max=rules.sequence_max,
                       n=cards)
    return None


def named_sequence(deal: DealState, side: int, move: Move) -> tuple[Span, Meld] | Refusal:
    """The span and meld of ``side``'s sequence that the addition ``move`` names, or why there is none (§3.2)."""
    try:
        span = move_span(move)
    except MoveError as e:
        return refusal("sequence_name_unreadable", str(e), min=SEQ_MIN)
    m = find_sequence(deal, side, move.seq)
    if m is None:
        others = [s for s in deal.seqs[side] if s.span == span]
        name = span_str(span)
        if others:
            seq = sequence_name(others[0])
            text = name + (f"/{card_str(seq[2])}" if len(seq) > 2 else "")
            return refusal("sequence_named_otherwise", f"your side's sequence {name} is named {text} (§3.2)",
                           span=name, named=text)
        return refusal("no_such_sequence", f"your side has no sequence {name} (§3.2)", span=name)
    return span, m


def _explain_wild_sequence(deal: DealState, move: Move, wilds: int) -> Refusal | None:
    """Why a sequence move with a wild card (or naming a sequence that holds one) is refused (None when the
    reason lies elsewhere) (Hollywood, RULES.md §3.2)."""
    rules = deal.rules
    side = deal.side_of[deal.turn]
    if not rules.sequence_wild_max:
        return refusal("sequence_no_wild", NO_WILD)
    stand = [c for c in move.cards if not IS_WILD[c]] + list(move.wild_as)
    if move.kind == MELD:
        bad = wild_sequence_problem(move.cards, rules.sequence_wild_max)
        if bad:
            return bad
        if len(move.cards) - wilds < rules.min_naturals:
            return refusal("sequence_min_naturals", f"a sequence with a wild card needs at least {rules.min_naturals} "
                                                    f"natural cards, not {len(move.cards) - wilds} (§3.2)",
                           min=rules.min_naturals, n=len(move.cards) - wilds)
        return meld_length_problem(rules, len(move.cards))
    found = named_sequence(deal, side, move)
    if isinstance(found, Refusal):
        return found
    span, m = found
    if wilds and meld_hole(m) >= 0:
        name = span_str(span)
        return refusal("sequence_has_wild", f"a sequence holds at most {rules.sequence_wild_max} wild card: {name} "
                                            "has one (§3.2)", n=rules.sequence_wild_max, span=name)
    return extension_problem(span, stand, rules.sequence_max)


def explain_sequence_take(deal: DealState, move: Move) -> Refusal | None:
    """Why taking the pile to the sequence ``move.seq`` is not legal now (None if the reason is general)."""
    rules = deal.rules
    side = deal.side_of[deal.turn]
    top = deal.pile[-1]
    if not rules.sequences or "add_to_meld" not in rules.pile_take_modes:
        return refusal("no_sequence_take", "in this variant the pile cannot be taken by adding its top card to a "
                                           "sequence")
    if deal.pile_frozen_for(side):
        return Refusal("frozen_sequence_take", f"the pile is {deal.frozen_reason(side)}: you need a natural pair "
                                               "(§1.7)", frozen_params(deal, side))
    m = find_sequence(deal, side, move.seq)
    if m is None:
        return refusal("no_such_sequence_take", "your side has no such sequence (§3.2)")
    sp = m.span
    if sp[0] != top & 3 or (top >> 2) not in (sp[1] - 1, sp[2] + 1):
        name = span_str(sp)
        return refusal("top_not_extending", f"the top card does not extend the sequence {name}", span=name,
                       top=card_str(top), rank=rank_code(top >> 2))
    cap = min(rules.sequence_max, rules.pile_add_below or rules.sequence_max)
    if m.size >= cap:
        return refusal("sequence_take_cap", f"the top card may join only a sequence of fewer than {cap} cards (§3.2)",
                       n=cap)
    return None
