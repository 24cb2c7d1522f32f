"""The ``hard`` level (:class:`HardAgent`): how it plays (:mod:`canasta.agents.hard_play`) and its words: why a move
is good (hints) and what a move throws away (coaching, ``canasta play --coach``)."""

from __future__ import annotations

from collections.abc import Sequence

from mypy_extensions import mypyc_attr

from canasta.agents.hard_play import HardPlayer
from canasta.agents.heuristic import first_best
from canasta.agents.memory import UNKNOWN
from canasta.agents.position import Position
from canasta.agents.seqbot import (
    is_seq_action,
    seq_action_cards,
)
from canasta.cards.deck import JOKER, THREE, TWO, card_str
from canasta.cards.sequences import span_ends
from canasta.engine.deal import PlayerView
from canasta.engine.movegen.wild_sequences import wild_take_name
from canasta.moves.actions import DECODED_ACTIONS
from canasta.moves.notation import (
    ADD,
    ASK,
    DECLARE,
    DISCARD,
    DRAW,
    LAYOUT,
    MELD,
    NO,
    PASS,
    TAKE,
    TAKE_ADD,
    TAKE_NAT_TWO,
    TAKE_PAIR,
    TAKE_SEQ,
    TAKE_SEQ_WILD,
    YES,
    Move,
)


@mypyc_attr(native_class=False)  # compiled (setup.py) over the Python class HardPlayer: a Python class too
class HardAgent(HardPlayer):
    """The ``hard`` level: :class:`~canasta.agents.hard_play.HardPlayer`'s moves, with hints (:meth:`explain`)
    and coaching (:meth:`warning`) in a player's words.

    Args:
        seed: unused (the player is deterministic).
        weights: its numbers (default :data:`~canasta.agents.level_weights.DEFAULT_HARD`).
    """

    def explain(self, view: PlayerView, legal: Sequence[int], action: int) -> str:
        """One line saying why ``action`` is a good move now, in a player's words (for hints).

        ``action`` must be one of ``legal``; the memory must be in step with ``view``.
        """
        pos = self.position(view)
        decoded = DECODED_ACTIONS[action]
        kind, card = decoded.kind, decoded.card
        if kind == DRAW:
            return _why_draw(view, legal)
        if kind == TAKE:
            return self._why_take(pos)
        if kind in (MELD, ADD):
            return _why_meld(pos, action)
        if kind == DISCARD:
            return self._why_discard(pos, legal, card)
        if kind == ASK:
            return f"ask to go out: your side would end the deal {_lead_words(self.out_margin(pos, view.seat))} (§1.9)"
        if kind == YES:
            lead = self.out_margin(pos, view.turn)
            if pos.threat or pos.late:
                return "yes: the opponents may go out first, or the deal is ending"
            return f"yes: your side would end the deal {_lead_words(lead)}"
        if kind == NO:
            return f"no: your hand holds {pos.hand_points} points and your side can still gain by playing on"
        if kind == PASS:
            return "pass: the stock is gone and the pile is not worth taking (§1.10)"
        if kind == DECLARE:
            return "lay your special hand down: it is worth more than the deal's play could bring (MAC A.11)"
        if kind == LAYOUT:
            return ("lay out your three: the Straight is too far to hold it back for, and its replacement may serve "
                    "your melds (MAC A.3)")
        return "the best move now"

    def _why_take(self, pos: Position) -> str:
        """Why taking the pile is good: its size, the wild cards known in it, the initial meld (§1.6, §1.7)."""
        view = pos.view
        wild = len([card for card in self.memory.pile if card != UNKNOWN and (card == JOKER or card >> 2 == TWO)])
        extra = f", {wild} wild card{'s' if wild != 1 else ''} among them" if wild else ""
        why = f"take the pile: {_cards(view.pile_size)} for your hand{extra}"
        if not pos.opened:
            why += f"; it makes your side's initial meld of {view.minimums[view.side]} (§1.6)"
        return why

    def _why_discard(self, pos: Position, legal: Sequence[int], card: int) -> str:
        """Why discarding ``card`` is good: it freezes or stops the pile, or how seldom it feeds the next player."""
        view = pos.view
        rank = card >> 2
        if card == JOKER or rank == TWO:
            return (f"discard a wild card: it freezes the pile of {_cards(view.pile_size + 1)} "
                    "so that only a natural pair can take it (§1.7)")
        if rank == THREE:
            return "discard a black three: the next player cannot take the pile on it (§1.8)"
        chance = self.take_chance(view, pos, rank, view.pile_frozen)
        discards = [DECODED_ACTIONS[other].card for other in legal if DECODED_ACTIONS[other].kind == DISCARD]
        chances = [self.take_chance(view, pos, other >> 2, view.pile_frozen) for other in discards
                   if other != JOKER and other >> 2 not in (TWO, THREE)]
        what = "the safest discard: t" if chance <= min(chances, default=chance) else "t"
        only = "only " if chance < 0.25 and chance >= 0.005 else ""
        return f"{what}he next player can take the pile with it {only}{chance_words(chance)}"

    def warning(self, view: PlayerView, legal: Sequence[int], action: int) -> str | None:
        """A warning if ``action`` throws points away, else None (for ``canasta play --coach``).

        It warns about: a discard the next player can likely take the pile with when a much
        safer one exists (§1.7); a wild card thrown away where it freezes nothing; drawing
        from the stock when the pile is well worth taking.
        """
        if action not in legal or len(legal) < 2:
            return None
        pos = self.position(view)
        kind = DECODED_ACTIONS[action].kind
        if kind == DISCARD:
            return self._discard_warning(pos, legal, action)
        if kind == DRAW:
            takes = [other for other in legal if DECODED_ACTIONS[other].kind == TAKE]
            if not takes:
                return None
            best_take = first_best(takes, [self._take_score(pos, DECODED_ACTIONS[take].take_mode) for take in takes])
            best_score = self._take_score(pos, DECODED_ACTIONS[best_take].take_mode)
            if best_score >= self.hard_weights.coach_take and view.pile_size >= 4:
                return (f"you can take the pile of {_cards(view.pile_size)} (e.g. '{_take_text(view, best_take)}'); "
                        "drawing leaves it to the next players.")
        return None

    def _discard_warning(self, pos: Position, legal: Sequence[int], action: int) -> str | None:
        """The warning about the discard ``action`` (see :meth:`warning`), or None."""
        view = pos.view
        discards = [other for other in legal if DECODED_ACTIONS[other].kind == DISCARD]
        if len(discards) < 2 or pos.size == 1:
            return None
        costs = {other: self._discard_cost(pos, DECODED_ACTIONS[other].card) for other in discards}
        best = min([(costs[other], other) for other in discards])[1]
        if costs[action] - costs[best] < self.hard_weights.coach_loss:
            return None
        card = DECODED_ACTIONS[action].card
        safer = card_str(DECODED_ACTIONS[best].card)
        rank = card >> 2
        if card == JOKER or rank == TWO:
            return (f"{card_str(card)} is a wild card: discarding it throws away up to "
                    f"{view.rules.card_values[card]} points and a card that completes canastas. "
                    f"A cheaper discard: {safer}.")
        if rank != THREE:
            chance = self.take_chance(view, pos, rank, view.pile_frozen)
            if chance >= 0.3:
                why = ("their side has melded that rank" if rank in pos.next_melds and not view.pile_frozen
                       else "they may well hold a pair of it")
                return (f"discarding {card_str(card)} lets the next player take the pile of "
                        f"{_cards(view.pile_size + 1)} {chance_words(chance)} ({why}). A safer discard: {safer}.")
        return f"discarding {card_str(card)} breaks up cards you can use. A better discard: {safer}."


def _why_draw(view: PlayerView, legal: Sequence[int]) -> str:
    """Why drawing from the stock is good: the pile cannot be taken, or is not worth it (§1.7)."""
    if any(DECODED_ACTIONS[action].kind == TAKE for action in legal):
        return (f"draw from the stock: the pile of {_cards(view.pile_size)} is not worth what taking it "
                "ties up from your hand")
    if view.pile_size == 0:
        why = "the discard pile is empty"
    elif view.stopped:
        why = "a black three stops the pile"
    elif view.pile_top is not None and (view.pile_top == JOKER or view.pile_top >> 2 == TWO):
        why = "a wild card on top blocks the pile"
    elif view.pile_frozen_for_me:
        why = f"the pile is {view.frozen_reason or 'frozen'} and you hold no natural pair of its top card"
    else:
        why = "you cannot use the pile's top card"
    return f"draw from the stock: {why} (§1.7)"


def _why_meld(pos: Position, action: int) -> str:
    """Why the meld or addition ``action`` is good: a canasta completed, going out, the initial meld (§1.5-§1.11)."""
    view = pos.view
    rules = view.rules
    decoded = DECODED_ACTIONS[action]
    kind, target, naturals, twos, jokers = decoded.kind, decoded.target, decoded.naturals, decoded.twos, decoded.jokers
    if is_seq_action(action):
        _cards_melded, size_before, size_after = seq_action_cards(action)
        if size_before < 7 <= size_after:
            return (f"{'meld' if kind == MELD else 'extend'} a sequence: it completes a sequence canasta "
                    f"(+{rules.sequence_canasta_bonus}, §3.2)")
        return ("meld a sequence: suited cards in a row score now and grow towards a sequence canasta (§3.2)"
                if kind == MELD else "extend your sequence towards a sequence canasta (§3.2)")
    meld = pos.mine.get(target)
    size_before = (meld[0] + meld[1]) if meld else 0
    wild_before = meld[1] if meld else 0
    what = "meld" if kind == MELD else "add to your meld"
    added = naturals + twos + jokers
    if size_before < 7 <= size_before + added:
        natural = wild_before + twos + jokers == 0
        bonus = rules.natural_canasta_bonus if natural else rules.mixed_canasta_bonus
        return f"{what}: it completes a {'natural' if natural else 'mixed'} canasta (+{bonus}, §1.5)"
    if view.answer > 0 or pos.size + view.pending_pile - added <= 1:
        return f"{what}: you are going out, every card must be melded (§1.9)"
    if not pos.opened:
        return (f"{what}: towards your side's initial meld of {view.minimums[view.side]} "
                f"(this turn so far: {view.melded_this_turn}, §1.6)")
    return f"{what}: cards on the table score for you, cards left in hand count against you (§1.11)"


def _lead_words(lead: float) -> str:
    """A side's estimated lead (points) as "about 120 points ahead of the others" or "... behind"."""
    points = abs(round(lead))
    if points == 0:
        return "level with the others"
    return f"about {points} points {'ahead of' if lead > 0 else 'behind'} the others"


def chance_words(p: float) -> str:
    """A chance ``p`` (0..1) as a player reads it: "almost never" below 0.5%, "almost surely" from 99.5%,
    else "about N% of the time" with N from 1 to 99 (never "0%" nor "100%" for an estimate).

    >>> chance_words(0.25), chance_words(0.001), chance_words(0.999)
    ('about 25% of the time', 'almost never', 'almost surely')
    """
    if p < 0.005:
        return "almost never"
    if p >= 0.995:
        return "almost surely"
    return f"about {min(99, max(1, round(p * 100)))}% of the time"


def _cards(count: int) -> str:
    """``count`` cards in words: "1 card", "5 cards"."""
    return f"{count} card{'s' if count != 1 else ''}"


def _take_text(view: PlayerView, action: int) -> str:
    """The take ``action`` as a player types it (``take 5H 5S``, ``take 4H-7H``)."""
    decoded = DECODED_ACTIONS[action]
    mode = decoded.take_mode
    if mode == TAKE_SEQ:
        return str(Move(TAKE, (), -1, span_ends((decoded.suit, decoded.low, decoded.high))))
    if mode == TAKE_SEQ_WILD:  # to a sequence holding a wild card (Hollywood): 4H-7H/5H
        return str(Move(TAKE, (), -1, wild_take_name(action)))
    if mode == TAKE_ADD or view.pile_top is None:
        return "take"
    rank = view.pile_top >> 2
    naturals = [card for card in view.hand if card >> 2 == rank]
    wild = [card for card in view.hand if card == JOKER or card >> 2 == TWO]
    if mode == TAKE_PAIR:
        cards = naturals[:2]
    elif mode == TAKE_NAT_TWO:
        cards = naturals[:1] + [card for card in wild if card != JOKER][:1]
    else:
        cards = naturals[:1] + [JOKER]
    return "take " + " ".join(card_str(card) for card in cards)
