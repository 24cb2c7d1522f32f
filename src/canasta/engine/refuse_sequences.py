"""Why a sequence move is refused, as a :class:`~canasta.engine.refusals.Refusal` (RULES.md §3.2): the rules'
limits and the side's sequences here, the shape of the cards by the sequence problems of
:mod:`canasta.cards.sequences`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta.cards.deck import IS_WILD, card_str
from canasta.cards.sequences import (
    NO_WILD,
    SEQ_MIN,
    Span,
    extension_problem,
    sequence_problem,
    span_str,
    wild_sequence_problem,
)
from canasta.engine.movegen.sequences import find_sequence
from canasta.engine.movegen.wild_sequences import meld_hole, sequence_name
from canasta.engine.refusals import Refusal, frozen_params, rank_code, refusal
from canasta.moves.notation import MELD, Move, MoveError, move_span

if TYPE_CHECKING:
    from canasta.engine.state import DealState, Meld
    from canasta.rules.fields import Rules

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
