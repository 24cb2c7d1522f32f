"""The ``hard`` level (:class:`HardAgent`): how it plays (:mod:`canasta.agents.hard_play`) and its words: why a move
is good (hints) and what a move throws away (coaching, ``canasta play --coach``)."""

from __future__ import annotations

from collections.abc import Sequence

from canasta.agents.hard_play import HardPlayer
from canasta.agents.memory import UNKNOWN
from canasta.agents.seqbot import (
    is_seq_action,
    seq_action_cards,
)
from canasta.cards.deck import JOKER, THREE, TWO, card_str
from canasta.cards.sequences import span_ends
from canasta.engine.deal import PlayerView
from canasta.engine.movegen.wild_sequences import wild_take_name
from canasta.moves.notation import (
    ACTIONS,
    ADD,
    ASK,
    DISCARD,
    DRAW,
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
        kind, arg, n, t, j = ACTIONS[action]
        rules = view.rules
        if kind == DRAW:
            if not any(ACTIONS[a][0] == TAKE for a in legal):
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
            return (f"draw from the stock: the pile of {_cards(view.pile_size)} is not worth what taking it "
                    "ties up from your hand")
        if kind == TAKE:
            wild = sum(1 for c in self.memory.pile if c != UNKNOWN and (c == JOKER or c >> 2 == TWO))
            extra = f", {wild} wild card{'s' if wild != 1 else ''} among them" if wild else ""
            why = f"take the pile: {_cards(view.pile_size)} for your hand{extra}"
            if not pos.opened:
                why += f"; it makes your side's initial meld of {view.minimums[view.side]} (§1.6)"
            return why
        if kind in (MELD, ADD) and is_seq_action(action):
            cards, size0, size1 = seq_action_cards(action)
            if size0 < 7 <= size1:
                return (f"{'meld' if kind == MELD else 'extend'} a sequence: it completes a sequence canasta "
                        f"(+{rules.sequence_canasta_bonus}, §3.2)")
            return ("meld a sequence: suited cards in a row score now and grow towards a sequence canasta (§3.2)"
                    if kind == MELD else "extend your sequence towards a sequence canasta (§3.2)")
        if kind in (MELD, ADD):
            m = pos.mine.get(arg)
            size0 = (m[0] + m[1]) if m else 0
            wild0 = m[1] if m else 0
            what = "meld" if kind == MELD else "add to your meld"
            if size0 < 7 <= size0 + n + t + j:
                nat = wild0 + t + j == 0
                bonus = rules.natural_canasta_bonus if nat else rules.mixed_canasta_bonus
                return f"{what}: it completes a {'natural' if nat else 'mixed'} canasta (+{bonus}, §1.5)"
            if view.answer > 0 or pos.size + view.pending_pile - n - t - j <= 1:
                return f"{what}: you are going out, every card must be melded (§1.9)"
            if not pos.opened:
                return (f"{what}: towards your side's initial meld of {view.minimums[view.side]} "
                        f"(this turn so far: {view.melded_this_turn}, §1.6)")
            return f"{what}: cards on the table score for you, cards left in hand count against you (§1.11)"
        if kind == DISCARD:
            card = arg
            r = card >> 2
            if card == JOKER or r == TWO:
                return (f"discard a wild card: it freezes the pile of {_cards(view.pile_size + 1)} "
                        "so that only a natural pair can take it (§1.7)")
            if r == THREE:
                return "discard a black three: the next player cannot take the pile on it (§1.8)"
            p = self.take_chance(view, pos, r, view.pile_frozen)
            chances = [self.take_chance(view, pos, ACTIONS[a][1] >> 2, view.pile_frozen) for a in legal
                       if ACTIONS[a][0] == DISCARD and ACTIONS[a][1] != JOKER
                       and ACTIONS[a][1] >> 2 not in (TWO, THREE)]
            what = "the safest discard: t" if p <= min(chances, default=p) else "t"
            only = "only " if p < 0.25 and p >= 0.005 else ""
            return f"{what}he next player can take the pile with it {only}{chance_words(p)}"
        if kind == ASK:
            lead = self.out_margin(pos, view.seat)
            return f"ask to go out: your side would end the deal {_lead_words(lead)} (§1.9)"
        if kind == YES:
            lead = self.out_margin(pos, view.turn)
            if pos.threat or pos.late:
                return "yes: the opponents may go out first, or the deal is ending"
            return f"yes: your side would end the deal {_lead_words(lead)}"
        if kind == NO:
            return (f"no: your hand holds {pos.hand_points} points and your side can still gain by playing on")
        if kind == PASS:
            return "pass: the stock is gone and the pile is not worth taking (§1.10)"
        return "the best move now"

    def warning(self, view: PlayerView, legal: Sequence[int], action: int) -> str | None:
        """A warning if ``action`` throws points away, else None (for ``canasta play --coach``).

        It warns about: a discard the next player can likely take the pile with when a much
        safer one exists (§1.7); a wild card thrown away where it freezes nothing; drawing
        from the stock when the pile is well worth taking.
        """
        if action not in legal or len(legal) < 2:
            return None
        pos = self.position(view)
        kind, arg = ACTIONS[action][0], ACTIONS[action][1]
        hw = self.hw
        if kind == DISCARD:
            discards = [a for a in legal if ACTIONS[a][0] == DISCARD]
            if len(discards) < 2 or pos.size == 1:
                return None
            costs = {a: self._discard_cost(pos, ACTIONS[a][1]) for a in discards}
            best = min(discards, key=lambda a: (costs[a], a))
            loss = costs[action] - costs[best]
            if loss < hw.coach_loss:
                return None
            card = arg
            safer = card_str(ACTIONS[best][1])
            r = card >> 2
            if card == JOKER or r == TWO:
                return (f"{card_str(card)} is a wild card: discarding it throws away up to "
                        f"{view.rules.card_values[card]} points and a card that completes canastas. "
                        f"A cheaper discard: {safer}.")
            if r != THREE:
                p = self.take_chance(view, pos, r, view.pile_frozen)
                if p >= 0.3:
                    why = ("their side has melded that rank" if r in pos.next_melds and not view.pile_frozen
                           else "they may well hold a pair of it")
                    return (f"discarding {card_str(card)} lets the next player take the pile of "
                            f"{_cards(view.pile_size + 1)} {chance_words(p)} ({why}). A safer discard: {safer}.")
            return f"discarding {card_str(card)} breaks up cards you can use. A better discard: {safer}."
        if kind == DRAW:
            takes = [a for a in legal if ACTIONS[a][0] == TAKE]
            if not takes:
                return None
            best_take = max(takes, key=lambda a: self._take_score(pos, ACTIONS[a][1]))
            if self._take_score(pos, ACTIONS[best_take][1]) >= hw.coach_take and view.pile_size >= 4:
                return (f"you can take the pile of {_cards(view.pile_size)} (e.g. '{_take_text(view, best_take)}'); "
                        "drawing leaves it to the next players.")
        return None


def _lead_words(lead: float) -> str:
    """A side's estimated lead (points) as "about 120 points ahead of the others" or "... behind"."""
    n = abs(round(lead))
    if n == 0:
        return "level with the others"
    return f"about {n} points {'ahead of' if lead > 0 else 'behind'} the others"


def chance_words(p: float) -> str:
    """A chance ``p`` (0..1) as a player reads it: "almost never" below 0.5%, "almost surely" from 99.5%,
    else "about N% of the time" with N from 1 to 99 (never "0%" nor "100%" for an estimate)."""
    if p < 0.005:
        return "almost never"
    if p >= 0.995:
        return "almost surely"
    return f"about {min(99, max(1, round(p * 100)))}% of the time"


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _take_text(view: PlayerView, action: int) -> str:
    mode = ACTIONS[action][1]
    if mode == TAKE_SEQ:
        return str(Move(TAKE, (), -1, span_ends(ACTIONS[action][2:])))
    if mode == TAKE_SEQ_WILD:  # to a sequence holding a wild card (Hollywood): 4H-7H/5H
        return str(Move(TAKE, (), -1, wild_take_name(action)))
    if mode == TAKE_ADD or view.pile_top is None:
        return "take"
    r = view.pile_top >> 2
    nat = [c for c in view.hand if c >> 2 == r]
    wild = [c for c in view.hand if c == JOKER or c >> 2 == TWO]
    if mode == TAKE_PAIR:
        cards = nat[:2]
    elif mode == TAKE_NAT_TWO:
        cards = nat[:1] + [c for c in wild if c != JOKER][:1]
    else:
        cards = nat[:1] + [JOKER]
    return "take " + " ".join(card_str(c) for c in cards)

