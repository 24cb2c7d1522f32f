"""Refusals as data: why a move is not legal now, as a stable reason code, its parameters and the English text.

A :class:`Refusal` is what :func:`canasta.engine.explain.explain_refusal` returns: ``code`` (snake_case, stable:
clients translate it, docs/web.md lists every code and its parameters), ``params`` (the numbers, ranks, cards
and kinds the sentence needs) and ``text`` (the English sentence naming the rule, RULES.md §, as the terminal
shows it). Parameter values follow fixed conventions by name, so that a client can word them:

* ``rank``: a rank letter of ``23456789TJQKA``, or ``JK`` for jokers;
* ``card``, ``top``: a card in notation (``KH``, ``JK``); ``cards``: several, space-separated;
* ``span``: a sequence by its lowest and highest card (``4H-7H``); ``suit``: ``C``, ``D``, ``H`` or ``S``;
* ``kind``: the canasta an initial meld must hold (``canasta``, ``natural_canasta``); ``kinds``: the kinds of
  canasta a side lacks to go out, comma-separated (``natural``, ``mixed``, ``wild`` or a rank letter);
* ``canastas`` with ``sequence_canastas``: the canastas a side needs to go out (how many, how many of them
  sequences);
* ``frozen``: why the pile is frozen (``always``, ``card`` with ``card``, ``wild``, ``side``);
* anything else: a count (cards, points, turns), an integer.

The type itself is :class:`canasta.util.refusal.Refusal` (re-exported here). This module holds the pieces
the refusals share (extra conditions to go out, the frozen pile);
the refusals themselves are in :mod:`canasta.engine.explain`, :mod:`canasta.engine.refuse_melds`,
:mod:`canasta.engine.refuse_takes` and :mod:`canasta.engine.refuse_sequences`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta.cards.deck import IS_RED_THREE, IS_WILD, RANKS, card_str, is_black_three
from canasta.engine.constraints.going_out import canastas_needed_words
from canasta.engine.constraints.out_blocks import side_blocked
from canasta.engine.extra_cards import extra_cards_due, partner_foot_waits, side_canastas
from canasta.scoring.canasta_kinds import kinds_met, missing_kinds
from canasta.util.refusal import Params as Params
from canasta.util.refusal import Refusal as Refusal
from canasta.util.refusal import refusal as refusal

if TYPE_CHECKING:
    from canasta.engine.state import DealState

def rank_code(rank: int) -> str:
    """The ``rank`` parameter of a rank index: its letter (``K``), ``JK`` for the jokers (index 13)."""
    return RANKS[rank] if 0 <= rank < len(RANKS) else "JK"


def needed_params(state: DealState) -> Params:
    """The ``canastas`` and ``sequence_canastas`` a side needs to go out (what ``canastas_needed_words`` says)."""
    return {"canastas": state.rules.canastas_to_go_out, "sequence_canastas": state.rules.sequence_canastas_to_go_out}


def needing(code: str, text: str, state: DealState) -> Refusal:
    """A refusal whose params are what a side needs to go out (:func:`needed_params`)."""
    return Refusal(code, text, needed_params(state))


def needed_words(state: DealState) -> str:
    """What a side needs to go out, in English words (``2 canastas``)."""
    return canastas_needed_words(state)


def incomplete_blocks() -> Refusal:
    """The refusal of going out with an incomplete meld of aces, sevens or wild cards (``incomplete_blocks_going_out``,
    MAC A.9)."""
    return refusal("incomplete_meld_blocks_going_out", "your side may not go out while its natural meld of aces, "
                                                       "its meld of sevens or its meld of wild cards is incomplete "
                                                       "(MAC A.9)")


NO_FINAL_DISCARD = ("you may go out only by melding every last card, never by a final discard: keep two cards, or "
                    "meld them all (Hand and Foot B.10)")
"""The refusal ``no_final_discard`` (``going_out_by_melding``, RULES_AMERICAN.md B.10 ``go_out_discard=forbidden``)."""


def out_block(deal: DealState, seat: int) -> Refusal | None:
    """Why the side of ``seat`` may not go out for a reason other than its number of canastas, or None:
    nobody goes out, extra cards still due, too few red threes, a kind of canasta missing (RULES.md §3.2
    Mexican, §3.5 Pennies from Heaven); the text is :func:`canasta.engine.extra_cards.out_block_reason`'s."""
    rules = deal.rules
    side = deal.side_of[seat]
    if not rules.going_out_allowed:
        return refusal("no_going_out", "nobody goes out in this variant: you may not meld or discard your last card; "
                                       "the deal ends when the stock runs out (§3.5)")
    if rules.extra_cards and extra_cards_due(deal, seat):
        if rules.extra_cards_from == "packet":
            return refusal("extra_packet_due", "you cannot go out before you receive your packet")
        return refusal("extra_cards_due", f"you cannot go out before you receive {rules.extra_cards} cards from the "
                                          "stock", n=rules.extra_cards)
    if rules.all_partners_in_foot and partner_foot_waits(deal, side):
        return refusal("partners_foot_due", "your side may go out only when every one of its players has picked up "
                                            "his foot (Hand and Foot B.10)")
    if rules.red3_to_go_out:
        reds = sum(len(deal.red3[s]) for s in range(deal.n) if deal.side_of[s] == side)
        if reds < rules.red3_to_go_out:
            return refusal("red_threes_to_go_out", f"your side needs {rules.red3_to_go_out} red threes laid out to "
                                                   f"go out; it has {reds} (§3.2 Mexican)",
                           n=rules.red3_to_go_out, have=reds)
    if rules.incomplete_blocks_going_out and side_blocked(deal, side):
        return incomplete_blocks()
    if rules.going_out_canastas:
        has = side_canastas(deal, side)
        missing = missing_kinds(rules.going_out_canastas, has)
        if missing:
            lacking = [k for k in rules.going_out_canastas if not kinds_met([k], has)]
            code = "canasta_kinds_to_go_out" if lacking else "distinct_canastas_to_go_out"
            return refusal(code, "to go out your side still needs " + ", ".join(missing) + " (§3.5)",
                           kinds=",".join(lacking or rules.going_out_canastas))
    return None


def frozen_params(state: DealState, side: int) -> Params:
    """Why the pile is frozen for ``side`` (what :meth:`DealState.frozen_reason` says), as the ``frozen``
    parameter (``always``, ``card`` with ``card``, ``wild``, ``side``)."""
    if state.frozen:
        wild = [
            c
            for c in state.pile
            if IS_WILD[c] or IS_RED_THREE[c] or (state.rules.black3_freezes and is_black_three(c))
        ]
        if not wild and state.rules.pile_always_frozen:
            return {"frozen": "always"}
        if wild:
            return {"frozen": "card", "card": card_str(wild[0])}
        return {"frozen": "wild"}
    return {"frozen": "side"}
