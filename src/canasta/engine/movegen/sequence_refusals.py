"""Why a sequence move is refused, in words (RULES.md §3.2): :func:`explain_sequence`,
:func:`explain_sequence_take`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta.cards.deck import IS_WILD, card_str
from canasta.cards.sequences import Span
from canasta.engine.movegen.wild_sequences import meld_hole
from canasta.moves.notation import (
    MELD,
    Move,
)

if TYPE_CHECKING:
    from canasta.engine.state import DealState, Meld
    from canasta.rules.fields import Rules
from canasta.engine.movegen.sequences import find_sequence


def explain_sequence(deal: DealState, move: Move) -> str:
    """Why a sequence meld or addition ``move`` is not legal now ('' when the sequence itself is
    fine and the reason lies elsewhere: keeping a card, the initial meld, ...) (RULES.md §3.2)."""
    from canasta.cards.sequences import extension_problem, sequence_problem, span_str

    rules = deal.rules
    if not rules.sequences:
        return "sequences are not melds in this variant: a meld is of one rank (§1.5)"
    side = deal.side_of[deal.turn]
    wilds = sum(1 for c in move.cards if IS_WILD[c])
    if wilds or len(move.seq) > 2:
        return _explain_wild_sequence(deal, move, wilds)
    if move.kind == MELD:
        bad = sequence_problem(move.cards)
        if bad:
            return bad
        return meld_length_problem(rules, len(move.cards))
    found = named_sequence(deal, side, move)
    if isinstance(found, str):
        return found
    span, m = found
    longest = max(rules.sequence_max, rules.sequence_out_max)
    bad = extension_problem(span, move.cards, longest)
    if bad:
        return bad
    if m.size + len(move.cards) > rules.sequence_max:
        if not rules.sequence_out_max:
            return f"{span_str(span)} may hold at most {rules.sequence_max} cards: it takes no more (§3.2)"
        return (f"a sequence goes past {rules.sequence_max} cards only in the move that goes out: melding "
                "your last cards, or all but the one you then discard (§3.2)")
    return ""


def meld_length_problem(rules: Rules, cards: int) -> str:
    """Why a new sequence meld of ``cards`` cards is refused for its length, '' if it is allowed (§3.2)."""
    if not rules.sequence_min <= cards <= rules.sequence_max:
        return f"a sequence meld has {rules.sequence_min} to {rules.sequence_max} cards, not {cards} (§3.2)"
    return ""


def named_sequence(deal: DealState, side: int, move: Move) -> tuple[Span, Meld] | str:
    """The span and meld of ``side``'s sequence that the addition or take ``move`` names, or why there is
    none (the name is unreadable, or the side has no such sequence) (§3.2)."""
    from canasta.moves.notation import MoveError, move_span

    try:
        span = move_span(move)
    except MoveError as e:
        return str(e)
    m = find_sequence(deal, side, move.seq)
    if m is None:
        return no_such_sequence(deal, side, span)
    return span, m


def no_such_sequence(deal: DealState, side: int, span: Span) -> str:
    """Why a sequence move names no sequence of ``side``: none has the span, or the one that has it holds
    a wild card and is named with the card it stands for (``4H-7H/5H``), or is natural (§3.2)."""
    from canasta.cards.sequences import span_str
    from canasta.engine.movegen.wild_sequences import sequence_name

    others = [m for m in deal.seqs[side] if m.span == span]
    if others:
        name = sequence_name(others[0])
        text = span_str(span) + (f"/{card_str(name[2])}" if len(name) > 2 else "")
        return f"your side's sequence {span_str(span)} is named {text} (§3.2)"
    return f"your side has no sequence {span_str(span)} (§3.2)"


def _explain_wild_sequence(deal: DealState, move: Move, wilds: int) -> str:
    """Why a sequence move with a wild card (or naming a sequence that holds one) is refused ('' when the
    reason lies elsewhere) (Hollywood, RULES.md §3.2)."""
    from canasta.cards.sequences import extension_problem, span_str, wild_sequence_problem

    rules = deal.rules
    side = deal.side_of[deal.turn]
    if not rules.sequence_wild_max:
        return "no wild card may join a sequence in this variant (§3.2)"
    stand = [c for c in move.cards if not IS_WILD[c]] + list(move.wild_as)
    if move.kind == MELD:
        bad = wild_sequence_problem(move.cards, rules.sequence_wild_max)
        if bad:
            return bad
        if len(move.cards) - wilds < rules.min_naturals:
            return (f"a sequence with a wild card needs at least {rules.min_naturals} natural cards, "
                    f"not {len(move.cards) - wilds} (§3.2)")
        return meld_length_problem(rules, len(move.cards))
    found = named_sequence(deal, side, move)
    if isinstance(found, str):
        return found
    span, m = found
    if wilds and meld_hole(m) >= 0:
        return f"a sequence holds at most {rules.sequence_wild_max} wild card: {span_str(span)} has one (§3.2)"
    bad = extension_problem(span, stand, rules.sequence_max)
    if bad:
        return bad
    return ""


def explain_sequence_take(deal: DealState, move: Move) -> str:
    """Why taking the pile to the sequence ``move.seq`` is not legal now ('' if the reason is general)."""
    from canasta.cards.sequences import span_str

    rules = deal.rules
    seat = deal.turn
    side = deal.side_of[seat]
    top = deal.pile[-1]
    if not rules.sequences or "add_to_meld" not in rules.pile_take_modes:
        return "in this variant the pile cannot be taken by adding its top card to a sequence"
    if deal.pile_frozen_for(side):
        return f"the pile is {deal.frozen_reason(side)}: you need a natural pair (§1.7)"
    m = find_sequence(deal, side, move.seq)
    if m is None:
        return "your side has no such sequence (§3.2)"
    sp = m.span
    if sp[0] != top & 3 or (top >> 2) not in (sp[1] - 1, sp[2] + 1):
        return f"the top card does not extend the sequence {span_str(sp)}"
    cap = min(rules.sequence_max, rules.pile_add_below or rules.sequence_max)
    if m.size >= cap:
        return f"the top card may join only a sequence of fewer than {cap} cards (§3.2)"
    return ""
