"""Bot levels ``easy``, ``medium`` and ``hard``: heuristic players of increasing skill.

All three are built on :class:`~canasta.agents.heuristic.HeuristicAgent` and decide
from the seat's :class:`~canasta.engine.deal.PlayerView` and the legal move ids only.

* ``medium`` **is** the heuristic player (``heuristic`` stays registered as well,
  same player, same default weights :data:`~canasta.agents.heuristic.DEFAULT_WEIGHTS`).
* ``easy`` plays the heuristic with :data:`EASY_WEIGHTS` (it forgets to watch what it
  feeds the next player and spends wild cards freely) and, with probability
  ``EASY_NOISE`` per decision that has a choice, a random legal move.
* ``hard`` (:class:`HardAgent`) adds to the heuristic:

  - **card memory** (:class:`~canasta.agents.memory.CardMemory`): the discard pile's
    contents, the cards each opponent picked up with the pile, every discard, every meld;
  - **the pile war**: the chance that the next player can take a discard is computed
    from the unseen cards (hypergeometric, RULES.md §1.7: a natural pair, or a natural
    and a wild card, or the top card on a meld of his side when the pile is not frozen),
    lowered for ranks he has discarded himself; a discard costs that chance times the
    pile's worth to him. A wild card freezes a pile worth guarding, a black three stops
    it for one turn (§1.8). The pile is taken on its known contents;
  - **the initial meld** (§1.6): it spends wild cards on it only up to a limit that
    shrinks while there is a pile to win and grows with the rounds played and once
    the opponents could go out;
  - **going out and partner cooperation** (§1.9): it estimates what each side would
    score if the deal ended now, asks "may I go out?" (or answers the partner's
    question with yes) when that locks in a lead, and otherwise plays on, unless an
    opponent is about to go out.

Every number of ``hard`` is a field of :class:`HardWeights` (documented there and in
docs/bots.md); ``HardAgent(seed, weights=...)`` plays other weights, for tuning by
simulation with :mod:`canasta.play.arena`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any, TypeVar

from canasta.agents.base import register, view_or_forced
from canasta.agents.heuristic import DEFAULT_WEIGHTS, HeuristicAgent, HeuristicWeights, Position, opening_plan
from canasta.agents.memory import UNKNOWN, CardMemory
from canasta.agents.seqbot import is_seq_action, seq_action_cards
from canasta.cards.deck import IS_RED_THREE, JOKER, THREE, TWO, card_str
from canasta.cards.sequences import span_ends
from canasta.engine.deal import PlayerView
from canasta.engine.movegen.wild_sequences import wild_take_name
from canasta.moves.actions import ACTIONS, group_action
from canasta.moves.notation import (
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

EASY_WEIGHTS = replace(
    DEFAULT_WEIGHTS,
    feed_meld=0.0,
    feed_pair=0.0,
    two_cost=5.0,
    joker_cost=10.0,
    reserve=0,
    keep_pair=5.0,
)
"""The heuristic's weights with the care about feeding the next player and about wild cards removed."""
EASY_NOISE = 0.15
"""Probability that ``easy`` plays a random legal move in a decision that offers a choice."""


HARD_BASE = replace(
    DEFAULT_WEIGHTS,
    two_cost=50.0,
    joker_cost=80.0,
    reserve=8,
    open_max_cost=40.0,
    natural=5.0,
    new_meld=-10.0,
    keep_pair=6.25,
    keep_value=0.15,
    keep_value_opened=-0.16,
    threat_cards=2,
)
"""The heuristic's weights as ``hard`` uses them (tuned by simulation against ``medium`` and ``random``):
it spends wild cards less readily, melds fewer cards early (a natural is worth 5, a new meld costs
10), breaks pairs more easily, and fears an opponent going out only at 2 cards or fewer."""


@dataclass(frozen=True)
class HardWeights:
    """Every number of ``hard``: the heuristic's (``base``) and those of its own rules.

    Scores are heuristic points (about one game point each). The defaults were tuned by
    coordinate search with :mod:`canasta.play.arena` (see docs/bots.md).
    """

    base: HeuristicWeights = HARD_BASE
    """The heuristic's weights (melding, discarding, taking; :class:`HeuristicWeights`)."""
    # --- the pile war: discards ------------------------------------------------
    pile_card: float = 90.0
    """Worth to the next player of each card he would take with the pile (points)."""
    pile_wild: float = 40.0
    """Extra worth of each wild card known to be in the pile."""
    pile_base: float = 40.0
    """Worth of taking any pile (the top card melds at once, a meld is started)."""
    feed: float = 1.6
    """Multiplier of (chance the next player can take) × (pile's worth) in a discard's cost."""
    discarded_factor: float = 0.175
    """Chance multiplier for a rank the next player has discarded himself this deal."""
    unopened_factor: float = 0.8
    """Chance multiplier when the next player's side has not made its initial meld (§1.6)."""
    black3_keep: float = -20.0
    """Cost of discarding a black three (a stop card, §1.8): below any other card's, so that black threes
    go first: it is safe for one turn and cannot be melded before going out (§1.8), so holding it only
    delays the side's melding (tuned: +100 to +150 points per deal against ``random``, even against ``medium``)."""
    freeze_two: float = 96.0
    """Cost of discarding a two where it freezes the pile for the next player (§1.7)."""
    freeze_joker: float = 55.0
    """Cost of discarding a joker where it freezes the pile for the next player."""
    freeze_pile: int = 7
    """Smallest pile (cards before the discard) that a wild card is discarded to freeze; on a smaller pile
    a wild card costs ``base.keep_two`` / ``base.keep_joker``, as it is worth more in the hand (it makes
    the initial meld and completes canastas)."""
    # --- the initial meld ------------------------------------------------------------
    open_per_pile_card: float = -30.0
    """Wild-card cost added to ``base.open_max_cost`` per pile card (negative: with a pile to win,
    wait for a natural opening that can take it rather than spend wild cards, §1.6, §1.7)."""
    open_per_round: float = 2.5
    """Wild-card cost added to the limit per round played (a side must not stay unopened for ever)."""
    open_urgent: float = 60.0
    """Wild-card cost added to the limit once the opponents have the canastas to go out (§1.9)."""
    open_give_up_rounds: int = 8
    """After this many rounds, the side makes its initial meld at any wild-card cost it can."""
    open_red3: float = 2.0
    """Once the opponents have the canastas to go out, wild-card cost added to the limit per point of the side's
    red threes, where a side that has not melded loses their value (``red3_negative_if`` "no_meld", §1.11):
    four red threes turn +800 into −800 if the opponents go out first (see docs/bots.md for the figures)."""
    open_short_hand: int = -1
    """Once an opponent whose side has made its initial meld holds this many cards or fewer, the side makes
    its initial meld at any wild-card cost it can: that opponent may go out before the pile comes (§1.9).
    Negative: never (the default: at 5 it loses fewer shuffles against ``random`` but more deals against
    ``easy`` and ``medium``; docs/bots.md)."""
    # --- the pile war: taking ---------------------------------------------------
    take_known: float = 6.0
    """Value of each known natural card in the pile that the hand can pair or the side has melded."""
    take_wild: float = 25.0
    """Value of each wild card known to be in the pile."""
    take_black3: float = 6.0
    """Cost of each black three in the pile (it stays in the hand: −5 at the end)."""
    # --- going out and answering -------------------------------------------------
    out_lead: float = 0.0
    """Go out (or let the partner) when the side's estimated lead after going out exceeds this (points)."""
    out_behind: float = 0.0
    """When an opponent may go out soon or the deal is ending, go out only above this lead (points)."""
    out_behind_calm: float = 0.0
    """Otherwise, while the opponents have the canastas to go out, go out only above this lead."""
    threat_patience: int = 3
    """An opponent who may go out (see ``base.threat_cards``) stops counting as a threat after this
    many rounds without doing so."""
    # --- coaching (canasta play --coach) -------------------------------------------
    coach_loss: float = 60.0
    """Warn about a discard whose cost exceeds the best discard's by this much."""
    coach_take: float = 40.0
    """Warn about drawing when taking the pile scores at least this much."""


DEFAULT_HARD = HardWeights()


@lru_cache(maxsize=65536)
def p_at_least(total: int, good: int, draws: int, k: int) -> float:
    """Hypergeometric chance of at least ``k`` good cards in ``draws`` cards from ``total`` with ``good`` good ones."""
    if k <= 0:
        return 1.0
    if draws <= 0 or good <= 0 or total <= 0:
        return 0.0
    draws = min(draws, total)
    good = min(good, total)
    den = math.comb(total, draws)
    below = sum(math.comb(good, i) * math.comb(total - good, draws - i) for i in range(min(k, draws + 1)))
    return max(0.0, 1.0 - below / den)


class Unseen:
    """Cards the owner of a view cannot place, by rank, computed once per decision.

    Attributes:
        by_rank: unseen copies per rank index (13 = joker): not in the own hand, not melded,
            not known in the pile or in another hand, not a red three on the table.
        total: unseen cards in all (stock, unknown pile cards, unknown parts of other hands).
    """

    __slots__ = ("by_rank", "total")

    def __init__(self, view: PlayerView, mem: CardMemory):
        rules = view.rules
        counts = [4 * rules.packs] * 13 + [rules.jokers]
        counts[THREE] = 2 * rules.packs  # black threes only: red threes are always on the table
        by = counts
        for c in view.hand:
            by[c >> 2] -= 1
        for melds in view.melds:
            for m in melds:
                for c in m.cards:
                    by[c >> 2] -= 1
        for c in mem.pile:
            if c != UNKNOWN and not IS_RED_THREE[c]:
                by[c >> 2] -= 1
        for c in mem.pending:
            if c != UNKNOWN and not IS_RED_THREE[c]:
                by[c >> 2] -= 1
        for removed in view.black_threes_removed:
            for c in removed:
                by[c >> 2] -= 1
        for s, k in enumerate(mem.known):
            if s == view.seat:
                continue
            for c in range(53):
                if k[c]:
                    by[c >> 2] -= k[c]
        self.by_rank = [max(0, x) for x in by]
        self.total = sum(self.by_rank)


class HardAgent(HeuristicAgent):
    """The ``hard`` level (see the module docstring): the heuristic plus memory, pile war, going out
    and partner play. Deterministic; ``seed`` is accepted for the factory's signature.

    Args:
        seed: unused (the player is deterministic).
        weights: its numbers (default :data:`DEFAULT_HARD`).
    """

    def __init__(self, seed: int | None = None, weights: HardWeights = DEFAULT_HARD):
        super().__init__(seed, weights.base)
        self.name = "hard"
        self.hw = weights
        self.memory = CardMemory()
        self._unseen: Unseen | None = None
        self._wilds_in_pile = 0

    def observe(self, view: PlayerView | None, seat: int, move: Move | None) -> None:
        """Record a public event (the Agent ``observe`` hook): see :class:`CardMemory`."""
        self.memory.observe(view, seat, move)

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        """Pick one id of ``legal`` for the seat whose ``view`` is given (memory updated first).

        Raises:
            ValueError: ``view`` is None or ``legal`` is empty.
        """
        v = view_or_forced(view, legal, "the hard player")
        if isinstance(v, int):
            return v
        view = v
        self.memory.sync(view)
        pos = self.position(view)
        if view.phase == "answer":
            return self._answer(pos, legal)
        if view.phase == "draw":
            return self._draw(pos, legal)
        return self._play(pos, legal)

    def position(self, view: PlayerView) -> Position:
        """What the player reads off ``view`` for one decision (the memory must be in step with it)."""
        self._unseen = None
        pos = Position(view, self._rules_facts(view.rules), self.w)
        ages = self.memory.threat_ages(view, self.w.threat_cards, pos.f.need)
        pos.threat = any(age <= self.hw.threat_patience * view.rules.players for age in ages.values())
        self._wilds_in_pile = sum(1 for c in self.memory.pile if c != UNKNOWN and (c == JOKER or c >> 2 == TWO))
        return pos

    def discard_order(self, view: PlayerView, legal: Sequence[int]) -> list[int]:
        """The legal discards, best first by this player's discard cost (§1.4, §1.7, §1.8)."""
        pos = self.position(view)
        discards = [a for a in legal if ACTIONS[a][0] == DISCARD]
        return sorted(discards, key=lambda a: (self._discard_cost(pos, ACTIONS[a][1]), a))

    def unseen(self, view: PlayerView) -> Unseen:
        """The unseen cards of this decision (cached until the next decision)."""
        u = self._unseen
        if u is None:
            u = self._unseen = Unseen(view, self.memory)
        return u

    # ------------------------------------------------------------ the pile war

    def pile_worth(self, view: PlayerView, extra: int) -> float:
        """Worth of the discard pile to whoever takes it after ``extra`` more cards are added (points)."""
        hw = self.hw
        return hw.pile_base + hw.pile_card * (view.pile_size + extra - 1) + hw.pile_wild * self._wilds_in_pile

    def take_chance(self, view: PlayerView, pos: Position, rank: int, frozen: bool) -> float:
        """Chance that the next player can take the pile with a card of ``rank`` on top (§1.7)."""
        mem = self.memory
        rules = view.rules
        nxt = (view.seat + 1) % rules.players
        side = pos.next_side
        if not frozen and rank in pos.next_melds:
            meld = next((m for m in view.melds[side] if m.target == rank), None)
            if meld is None or not (meld.canasta and rules.own_canasta_rank_blocks_pile):
                return 1.0
        u = self.unseen(view)
        known_r = mem.known_rank(nxt, rank)
        known_total = sum(mem.known[nxt]) if 0 <= nxt < len(mem.known) else 0
        draws = max(0, view.hand_sizes[nxt] - known_total)
        need = 2 - known_r
        p_pair = p_at_least(u.total, u.by_rank[rank], draws, need)
        p = p_pair
        if not frozen and "natural_wild" in rules.pile_take_modes:
            p_one = p_at_least(u.total, u.by_rank[rank], draws, 1 - known_r) - p_pair
            wild_known = mem.known_rank(nxt, TWO) + mem.known_rank(nxt, 13)
            p_wild = 1.0 if wild_known else p_at_least(u.total, u.by_rank[TWO] + u.by_rank[13], draws, 1)
            p += max(0.0, p_one) * p_wild
        if rank in self.discarded_ranks(nxt):
            p *= self.hw.discarded_factor
        if not view.opened[side]:
            p *= self.hw.unopened_factor
        return min(1.0, p)

    def discarded_ranks(self, seat: int) -> set[int]:
        """Ranks ``seat`` has discarded this deal (he likely holds no pair of them)."""
        mem = self.memory
        if not 0 <= seat < len(mem.discards):
            return set()
        return {c >> 2 for c in mem.discards[seat]}

    def _discard_cost(self, pos: Position, card: int) -> float:
        """How much discarding ``card`` hurts: keeping value plus the chance of feeding the pile (§1.7, §1.8)."""
        w = self.w
        hw = self.hw
        view = pos.view
        f = pos.f
        r = card >> 2
        worth = self.pile_worth(view, 1)
        if card == JOKER or r == TWO:
            keep = w.keep_joker if card == JOKER else w.keep_two
            if view.pile_frozen or not view.opened[pos.next_side] or view.pile_size < hw.freeze_pile:
                return keep
            # a wild card on top stops the next player and freezes the pile (§1.7)
            return min(keep, hw.freeze_joker if card == JOKER else hw.freeze_two)
        if r == THREE:  # a stop card (§1.8): safe for one turn
            return hw.black3_keep
        cnt = pos.rank_counts[r]
        cost = 0.0
        if cnt >= 2:
            cost += w.keep_pair * (cnt - 1)
        if r in pos.mine:
            cost += w.keep_own_rank
        cost += (w.keep_value_opened if pos.opened else w.keep_value) * f.rank_values[r]
        cost += hw.feed * self.take_chance(view, pos, r, view.pile_frozen) * worth
        return cost

    # ------------------------------------------------------------ initial meld

    def _open(self, pos: Position, legal: Sequence[int]) -> int:
        """Play of a side that has not made its initial meld (§1.6).

        Like the heuristic, it makes the cheapest opening when its wild-card cost is at most a
        limit: ``base.open_max_cost``, plus ``open_per_pile_card`` per pile card, ``open_per_round``
        per round played, and once the opponents could go out ``open_urgent`` and ``open_red3`` per point
        of the side's red threes (where an unmelded side loses them); no limit after ``open_give_up_rounds``
        rounds or once an opened opponent holds ``open_short_hand`` cards or fewer.
        """
        view = pos.view
        hw = self.hw
        limit = (self.w.open_max_cost + hw.open_per_pile_card * view.pile_size
                 + hw.open_per_round * (view.turn_number // view.rules.players))
        rules = view.rules
        if self._opponents_can_go_out(pos):
            limit += hw.open_urgent
            if rules.red3_negative_if == "no_meld":
                reds = sum(len(view.red_threes[s]) for s in range(rules.players) if view.side_of(s) == view.side)
                if reds:
                    limit += hw.open_red3 * rules.red3_bonus(reds)
        if view.turn_number // rules.players >= hw.open_give_up_rounds or self._short_opponent(view):
            limit = math.inf
        plan = opening_plan(pos, self.w)
        started = view.melded_this_turn > 0 or view.pending_pile > 0
        melds = [a for a in legal if ACTIONS[a][0] in (MELD, ADD)]
        discards = [a for a in legal if ACTIONS[a][0] == DISCARD]
        if plan is not None and (started or plan[0] <= limit) and plan[1]:
            kind, r, n, t, j = plan[1][0]
            a = group_action(kind, r, n, t, j)
            if a in legal:
                return a
        if melds and (started or not discards):
            return max(melds, key=lambda a: self._action_score(pos, a))
        if discards:
            return min(discards, key=lambda a: (self._discard_cost(pos, ACTIONS[a][1]), a))
        return legal[0]

    def _short_opponent(self, view: PlayerView) -> bool:
        """Whether an opponent whose side has made its initial meld holds ``open_short_hand`` cards or fewer."""
        short = self.hw.open_short_hand
        return short >= 0 and any(view.side_of(s) != view.side and view.opened[view.side_of(s)]
                                  and view.hand_sizes[s] <= short for s in range(view.rules.players))

    # ------------------------------------------------------------ taking

    def _take_score(self, pos: Position, mode: int) -> float:
        """The heuristic's value of taking the pile, plus what the memory knows is in it (§1.7)."""
        s = super()._take_score(pos, mode)
        hw = self.hw
        for c in self.memory.pile[:-1]:
            if c == UNKNOWN or IS_RED_THREE[c]:
                continue
            r = c >> 2
            if c == JOKER or r == TWO:
                s += hw.take_wild
            elif r == THREE:
                s -= hw.take_black3
            elif pos.rank_counts[r] or r in pos.mine:
                s += hw.take_known
        return s

    # ------------------------------------------------------------ going out

    def side_estimate(self, pos: Position, side: int, out_seat: int) -> float:
        """What ``side`` would score if the deal ended now with ``out_seat`` going out (points, §1.11).

        Unknown hands are valued at the mean value of the unseen cards.
        """
        view = pos.view
        rules = view.rules
        mem = self.memory
        u = self.unseen(view)
        vals = pos.f.rank_values
        avg = (sum(u.by_rank[r] * vals[r] for r in range(14)) / u.total) if u.total else 10.0
        est = float(pos.table[side])
        reds = 0
        for seat in range(rules.players):
            if view.side_of(seat) != side:
                continue
            reds += len(view.red_threes[seat])
            if seat == out_seat:
                continue
            if seat == view.seat:
                est -= pos.hand_points
            else:
                known = mem.known[seat] if seat < len(mem.known) else [0] * 53
                kn = sum(known)
                est -= sum(rules.card_values[c] * known[c] for c in range(53) if known[c])
                est -= avg * max(0, view.hand_sizes[seat] - kn)
        bonus = rules.red3_bonus(reds) if reds else 0
        negative = {"no_meld": not view.melds[side], "no_canasta": pos.canastas[side] == 0,
                    "lost_hand": out_seat >= 0 and view.side_of(out_seat) != side}.get(rules.red3_negative_if, False)
        est += -bonus if negative else bonus
        if out_seat >= 0 and view.side_of(out_seat) == side:
            est += rules.going_out_bonus
        return est

    def out_margin(self, pos: Position, out_seat: int) -> float:
        """The own side's estimated lead over the best other side if the deal ended now (points)."""
        me = pos.view.side
        mine = self.side_estimate(pos, me, out_seat)
        return mine - max(self.side_estimate(pos, s, out_seat) for s in range(pos.view.rules.teams) if s != me)

    def _opponents_can_go_out(self, pos: Position) -> bool:
        me = pos.view.side
        return any(c >= pos.f.need for s, c in enumerate(pos.canastas) if s != me)

    def _want_out(self, pos: Position) -> bool:
        """Go out when it locks a lead, when the opponents threaten to go out, or late in the deal (§1.9)."""
        if not pos.can_out():
            return False
        margin = self.out_margin(pos, pos.view.seat)
        if margin > self.hw.out_lead:
            return True
        if pos.threat or pos.late:
            return margin > self.hw.out_behind
        if not self._opponents_can_go_out(pos):
            return False
        return margin > self.hw.out_behind_calm

    # ------------------------------------------------------------ answering

    def _answer(self, pos: Position, legal: Sequence[int]) -> int:
        """Answer the partner's "may I go out?" (§1.9): yes when it locks a lead or the opponents threaten."""
        view = pos.view
        partner = view.turn
        margin = self.out_margin(pos, partner)
        if margin > self.hw.out_lead:
            yes = True
        elif pos.threat or pos.late:
            yes = margin > self.hw.out_behind
        else:
            yes = self._opponents_can_go_out(pos) and margin > self.hw.out_behind_calm
        want = YES if yes else NO
        for a in legal:
            if ACTIONS[a][0] == want:
                return a
        return legal[0]


    # ------------------------------------------------------------ explaining

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


class EasyAgent(HeuristicAgent):
    """The ``easy`` level: the heuristic with :data:`EASY_WEIGHTS`, and a random move with probability
    ``noise`` in decisions that offer a choice (from its own seeded generator).

    Args:
        seed: seeds the noise. noise: probability of a random move (0..1).

    Raises:
        ValueError: ``noise`` outside 0..1.
    """

    def __init__(self, seed: int | None = None, noise: float = EASY_NOISE):
        super().__init__(seed, EASY_WEIGHTS)
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be between 0 and 1, not {noise}")
        self.name = "easy"
        self.noise = noise
        self.rng = random.Random(seed)

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        """Pick one id of ``legal``: the heuristic's choice, or a random one with probability ``noise``.

        Raises:
            ValueError: ``view`` is None or ``legal`` is empty.
        """
        if len(legal) > 1 and self.rng.random() < self.noise:
            kinds = {ACTIONS[a][0] for a in legal}
            if not ({YES, NO} & kinds):
                return legal[int(self.rng.random() * len(legal))]
        return super().select(view, legal)


class MediumAgent(HeuristicAgent):
    """The ``medium`` level: exactly the heuristic player, with its default weights unless others are given
    (``medium(reserve=4)``)."""

    def __init__(self, seed: int | None = None, weights: HeuristicWeights = DEFAULT_WEIGHTS):
        super().__init__(seed, weights)
        self.name = "medium"


LEVELS = ("easy", "medium", "hard")
"""The heuristic levels, weakest first."""

W = TypeVar("W", HeuristicWeights, HardWeights)

BASE_PREFIX = "base_"
"""Prefix of a ``hard`` option that sets one of the heuristic's weights (``HardWeights.base``)."""


def replace_weights(weights: W, options: Mapping[str, Any], prefix: str = "") -> W:
    """A copy of ``weights`` with the fields named in ``options`` (each name preceded by ``prefix``) set.

    A whole-number weight takes an int, any other weight a number. Options not starting with ``prefix``
    are left for the caller.

    Raises:
        ValueError: an option names no weight, or its value is not of the weight's kind; the message says
            which weights exist (docs/bots.md lists them with their meaning).
    """
    known = {f.name: getattr(weights, f.name) for f in fields(weights) if f.name != "base"}
    changes: dict[str, Any] = {}
    for key, value in options.items():
        if not key.startswith(prefix):
            continue
        name = key[len(prefix):]
        if name not in known:
            raise ValueError(f"no weight '{key}'; the weights are: {', '.join(prefix + k for k in known)}")
        whole = isinstance(known[name], int)
        if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
            kind = "a whole number" if whole else "a number"
            raise ValueError(f"weight '{key}' takes {kind}, not {value!r}")
        changes[name] = value if whole else float(value)
    return replace(weights, **changes) if changes else weights


def hard_weights(**options: Any) -> HardWeights:
    """``hard``'s weights with ``options`` set: a field of :class:`HardWeights` by its name, a weight of the
    heuristic (:class:`HeuristicWeights`, ``HardWeights.base``) by its name after ``base_``
    (``hard_weights(open_short_hand=-1, base_reserve=6)``).

    Raises:
        ValueError: an unknown weight or a value of the wrong kind (see :func:`replace_weights`).
    """
    if not options:
        return DEFAULT_HARD
    own = {k: v for k, v in options.items() if not k.startswith(BASE_PREFIX)}
    base = replace_weights(DEFAULT_HARD.base, options, BASE_PREFIX)
    return replace(replace_weights(DEFAULT_HARD, own), base=base)


HARD_OPTIONS = tuple([f.name for f in fields(HardWeights) if f.name != "base"]
                     + [BASE_PREFIX + f.name for f in fields(HeuristicWeights)])
"""Options of the ``hard`` bot spec: its weights (``hard(open_short_hand=-1,base_reserve=6)``)."""
MEDIUM_OPTIONS = tuple(f.name for f in fields(HeuristicWeights))
"""Options of the ``medium`` bot spec: the heuristic's weights (``medium(reserve=4)``)."""

register("easy", lambda seed, noise=EASY_NOISE: EasyAgent(seed, noise))
register("medium", lambda seed, **options: MediumAgent(seed, replace_weights(DEFAULT_WEIGHTS, options)),
         MEDIUM_OPTIONS)
register("hard", lambda seed, **options: HardAgent(seed, hard_weights(**options)), HARD_OPTIONS)
