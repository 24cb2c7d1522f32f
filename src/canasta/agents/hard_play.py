"""How the ``hard`` level plays (see :mod:`canasta.agents.levels`): the heuristic plus card memory, the
pile war, the initial meld's wild-card limit, going out and partner play."""

from __future__ import annotations

import math
from collections.abc import Sequence

from canasta.agents.heuristic import HeuristicAgent
from canasta.agents.level_weights import DEFAULT_HARD, HardWeights
from canasta.agents.memory import UNKNOWN, CardMemory
from canasta.agents.opening import opening_plan
from canasta.agents.position import Position
from canasta.agents.protocol import view_or_forced
from canasta.agents.red_threes import side_red_threes, side_red_threes_laid, view_side_red_threes
from canasta.agents.unseen import Unseen, p_at_least
from canasta.cards.deck import IS_RED_THREE, JOKER, THREE, TWO
from canasta.engine.deal import PlayerView
from canasta.moves.notation import (
    ACTIONS,
    ADD,
    DISCARD,
    MELD,
    NO,
    YES,
    Move,
    group_action,
)


class HardPlayer(HeuristicAgent):
    """The ``hard`` level's play (see :mod:`canasta.agents.levels`): the heuristic plus memory, pile war,
    going out and partner play; :class:`~canasta.agents.hard.HardAgent` adds its words. Deterministic;
    ``seed`` is accepted for the factory's signature.

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
            if rules.red3_negative_if == "no_meld":  # the initial meld is what saves the red threes
                reds = side_red_threes_laid(view, view.side)
                limit -= hw.open_red3 * side_red_threes(rules, [], reds, went_out=False)  # negative: no meld
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

        ``out_seat`` -1: nobody goes out. Unknown hands are valued at the mean value of the unseen cards;
        the red threes count as the score counts them (:meth:`red_threes_estimate`).
        """
        view = pos.view
        rules = view.rules
        memory = self.memory
        unseen = self.unseen(view)
        values = pos.f.rank_values
        mean_unseen = (sum(unseen.by_rank[rank] * values[rank] for rank in range(14)) / unseen.total
                       if unseen.total else 10.0)
        estimate = float(pos.table[side])
        for seat in range(rules.players):
            if view.side_of(seat) != side or seat == out_seat:
                continue
            if seat == view.seat:
                estimate -= pos.hand_points
            else:
                known = memory.known[seat] if seat < len(memory.known) else [0] * 53
                known_count = sum(known)
                estimate -= sum(rules.card_values[card] * known[card] for card in range(53) if known[card])
                estimate -= mean_unseen * max(0, view.hand_sizes[seat] - known_count)
        estimate += self.red_threes_estimate(pos, side, out_seat)
        if out_seat >= 0 and view.side_of(out_seat) == side:
            estimate += rules.going_out_bonus
        return estimate

    def red_threes_estimate(self, pos: Position, side: int, out_seat: int) -> int:
        """What the red threes of ``side`` would score if the deal ended now with ``out_seat`` going out (-1:
        nobody), as the deal's score counts them (:func:`canasta.agents.red_threes.side_red_threes`)."""
        view = pos.view
        went_out = out_seat >= 0 and view.side_of(out_seat) == side
        return view_side_red_threes(view, side, went_out)

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
