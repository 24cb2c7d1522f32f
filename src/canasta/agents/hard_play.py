"""How the ``hard`` level plays (see :mod:`canasta.agents.levels`): the heuristic plus card memory, the
pile war, the initial meld's wild-card limit, going out and partner play."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace

from mypy_extensions import mypyc_attr

from canasta.agents.heuristic import HeuristicAgent, first_best
from canasta.agents.level_weights import DEFAULT_HARD, HardWeights
from canasta.agents.memory import UNKNOWN, CardMemory, PublicState
from canasta.agents.opening import Step, opening_plan
from canasta.agents.position import Position
from canasta.agents.protocol import view_or_forced, without_layout
from canasta.agents.red_threes import side_red_threes, side_red_threes_laid, view_side_red_threes
from canasta.agents.unseen import Unseen, p_at_least
from canasta.cards.deck import IS_RED_THREE, JOKER, JOKER_RANK, THREE, TWO
from canasta.engine.deal import PlayerView
from canasta.moves.actions import DECODED_ACTIONS, group_action
from canasta.moves.notation import ADD, DISCARD, MELD, NO, YES, Move


@mypyc_attr(native_class=False)  # compiled (setup.py): a Python class (pickled as in the pure build); its
# subclass HardAgent (hard.py) is compiled too: mypyc checks ``self`` against the classes it knows
class HardPlayer(HeuristicAgent):
    """The ``hard`` level's play (see :mod:`canasta.agents.levels`): the heuristic plus memory, pile war,
    going out and partner play; :class:`~canasta.agents.hard.HardAgent` adds its words. Deterministic;
    ``seed`` is accepted for the factory's signature.

    Args:
        seed: unused (the player is deterministic).
        weights: its numbers (default :data:`~canasta.agents.level_weights.DEFAULT_HARD`); ``weights.base`` becomes
            the heuristic's ``weights``, the whole of them ``hard_weights``.
    """

    def __init__(self, seed: int | None = None, weights: HardWeights = DEFAULT_HARD):
        super().__init__(seed, weights.base)
        self.name = "hard"
        self.hard_weights = weights
        self._foot_weights = replace(weights.base, reserve=weights.foot_reserve, keep_pair=weights.foot_keep_pair)
        """The heuristic's weights where each player has a foot (``Rules.has_foot``, Hand and Foot B.9)."""
        self._special_weights = replace(weights.base, keep_pair=weights.special_keep_pair)
        """The heuristic's weights where special hands are played (``Rules.special_hands``, MAC A.11)."""
        self.memory = CardMemory()
        self._unseen: Unseen | None = None
        self._next_discarded: set[int] | None = None
        self._chances: dict[int, float] = {}
        self._chances_pos: Position | None = None
        """:meth:`take_chance`'s answers and the next seat's discarded ranks, kept for one decision (one
        :class:`Position`): several discards share a rank."""
        self._wilds_in_pile = 0
        self._worth = 0.0
        self._worth_pos: Position | None = None
        """:meth:`pile_worth` after one more card, kept for one decision (every discard's cost reads it)."""

    def observe(self, view: PlayerView | None, seat: int, move: Move | None) -> None:
        """Record a public event (the Agent ``observe`` hook): see :class:`CardMemory`."""
        self.memory.observe(view, seat, move)

    def observe_public(self, facts: PublicState, own_view: Callable[[], PlayerView], seat: int,
                       move: Move | None) -> None:
        """Record a public event from the public facts after it (the Agent ``observe_public`` hook, which the game
        loops prefer: no view per move): see :meth:`CardMemory.observe_public`."""
        self.memory.observe_public(facts, own_view, seat, move)

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        """Pick one id of ``legal`` for the seat whose ``view`` is given (memory updated first).

        Raises:
            ValueError: ``view`` is None or ``legal`` is empty.
        """
        checked = view_or_forced(view, legal, "the hard player")
        if isinstance(checked, int):
            return checked
        view = checked
        legal = without_layout(legal)  # holding on to the three kept for the Straight (MAC A.3)
        self.memory.sync(view)
        pos = self.position(view)
        special = self._special_move(pos, legal)  # building toward a special hand (MAC A.11)
        if special >= 0:
            return special
        if view.phase == "answer":
            return self._answer(pos, legal)
        if view.phase == "draw":
            return self._draw(pos, legal)
        return self._play(pos, legal)

    def position(self, view: PlayerView) -> Position:
        """What the player reads off ``view`` for one decision (the memory must be in step with it)."""
        self._unseen = None
        rules = view.rules
        self.weights = (self._foot_weights if rules.has_foot
                        else self._special_weights if rules.special_hands not in ("", "none")
                        else self.hard_weights.base)
        pos = Position(view, self._rules_facts(view.rules), self.weights)
        ages = self.memory.threat_ages(view, self.weights.threat_cards, pos.facts.canastas_to_go_out)
        patience = self.hard_weights.threat_patience * view.rules.players
        threat = False
        for age in ages.values():
            if age <= patience:
                threat = True
                break
        pos.threat = threat
        wilds = 0
        for card in self.memory.pile:
            if card != UNKNOWN and (card == JOKER or card >> 2 == TWO):
                wilds += 1
        self._wilds_in_pile = wilds
        return pos

    def discard_order(self, view: PlayerView, legal: Sequence[int]) -> list[int]:
        """The legal discards, best first by this player's discard cost (§1.4, §1.7, §1.8)."""
        pos = self.position(view)
        costs = sorted([(self._discard_cost(pos, DECODED_ACTIONS[action].card), action) for action in legal
                        if DECODED_ACTIONS[action].kind == DISCARD])
        return [action for _, action in costs]

    def unseen(self, view: PlayerView) -> Unseen:
        """The unseen cards of this decision (cached until the next decision)."""
        unseen = self._unseen
        if unseen is None:
            unseen = self._unseen = Unseen(view, self.memory)
        return unseen

    # ------------------------------------------------------------ the pile war

    def pile_worth(self, view: PlayerView, extra: int) -> float:
        """Worth of the discard pile to whoever takes it after ``extra`` more cards are added (points)."""
        hard = self.hard_weights
        size = view.pile_size + extra
        if view.rules.pile_take_count:  # a take brings at most that many cards (Hand and Foot B.5)
            size = min(size, view.rules.pile_take_count)
        return (hard.pile_base + hard.pile_card * (size - 1)
                + hard.pile_wild * self._wilds_in_pile)

    def take_chance(self, view: PlayerView, pos: Position, rank: int, frozen: bool) -> float:
        """Chance that the next player can take the pile with a card of ``rank`` on top (§1.7); ``view`` is
        ``pos.view``."""
        if self._chances_pos is not pos:
            self._chances_pos = pos
            self._chances = {}
            self._next_discarded = None
        key = rank * 2 + frozen
        chance = self._chances.get(key)
        if chance is None:
            chance = self._chances[key] = self._take_chance(view, pos, rank, frozen)
        return chance

    def _take_chance(self, view: PlayerView, pos: Position, rank: int, frozen: bool) -> float:
        memory = self.memory
        rules = view.rules
        next_seat = (view.seat + 1) % rules.players
        side = pos.next_side
        if not frozen and rank in pos.next_melds:
            meld = None
            for m in view.melds[side]:
                if m.target == rank:
                    meld = m
                    break
            if meld is None or not (meld.canasta and rules.own_canasta_rank_blocks_pile):
                return 1.0
        unseen = self.unseen(view)
        known_of_rank = memory.known_rank(next_seat, rank)
        known_total = memory.known_total[next_seat] if 0 <= next_seat < len(memory.known) else 0
        draws = max(0, view.hand_sizes[next_seat] - known_total)
        p_pair = p_at_least(unseen.total, unseen.by_rank[rank], draws, 2 - known_of_rank)
        chance = p_pair
        if not frozen and "natural_wild" in rules.pile_take_modes:
            p_one = p_at_least(unseen.total, unseen.by_rank[rank], draws, 1 - known_of_rank) - p_pair
            wild_known = memory.known_rank(next_seat, TWO) + memory.known_rank(next_seat, JOKER_RANK)
            p_wild = 1.0 if wild_known else p_at_least(
                unseen.total, unseen.by_rank[TWO] + unseen.by_rank[JOKER_RANK], draws, 1)
            chance += max(0.0, p_one) * p_wild
        discarded = self._next_discarded
        if discarded is None:
            discarded = self._next_discarded = self.discarded_ranks(next_seat)
        if rank in discarded:
            chance *= self.hard_weights.discarded_factor
        if not view.opened[side]:
            chance *= self.hard_weights.unopened_factor
        return min(1.0, chance)

    def discarded_ranks(self, seat: int) -> set[int]:
        """Ranks ``seat`` has discarded this deal (he likely holds no pair of them)."""
        memory = self.memory
        if not 0 <= seat < len(memory.discards):
            return set()
        return {card >> 2 for card in memory.discards[seat]}

    def _discard_cost(self, pos: Position, card: int) -> float:
        """How much discarding ``card`` hurts: keeping value plus the chance of feeding the pile (§1.7, §1.8)."""
        weights = self.weights
        hard = self.hard_weights
        view = pos.view
        rank = card >> 2
        if view.rules.has_foot:  # the heuristic's cost, threes first (see HardWeights.foot_keep_pair)
            return hard.black3_keep if rank == THREE and card != JOKER else super()._discard_cost(pos, card)
        if card == JOKER or rank == TWO:
            keep = weights.keep_joker if card == JOKER else weights.keep_two
            if view.pile_frozen or not view.opened[pos.next_side] or view.pile_size < hard.freeze_pile:
                return keep
            # a wild card on top stops the next player and freezes the pile (§1.7)
            return min(keep, hard.freeze_joker if card == JOKER else hard.freeze_two)
        if rank == THREE:  # a stop card (§1.8): safe for one turn
            return hard.black3_keep
        count = pos.rank_counts[rank]
        cost = 0.0
        if count >= 2:
            cost += weights.keep_pair * (count - 1)
        if rank in pos.mine:
            cost += weights.keep_own_rank
        cost += (weights.keep_value_opened if pos.opened else weights.keep_value) * pos.facts.rank_values[rank]
        if pos.facts.held_penalties:  # 3 aces or sevens held (MAC A.12)
            cost -= self._held_relief(pos, rank, 1, pos.late or pos.threat)
        if self._worth_pos is not pos:  # the pile's worth after one more card, once per decision
            self._worth_pos = pos
            self._worth = self.pile_worth(view, 1)
        feed = hard.special_feed if view.rules.special_hands not in ("", "none") else hard.feed
        cost += feed * self.take_chance(view, pos, rank, view.pile_frozen) * self._worth
        return cost

    # ------------------------------------------------------------ initial meld

    def _open_limit(self, pos: Position) -> float:
        """The most wild-card cost the side spends on its initial meld now (see :meth:`_open`)."""
        view = pos.view
        hard = self.hard_weights
        rules = view.rules
        # where each player has a foot, waiting for a natural opening does not win the pile (a natural pair
        # always takes it) and delays the foot (RULES_AMERICAN.md B.5, B.9)
        per_pile = 0.0 if rules.has_foot else hard.open_per_pile_card
        limit = (self.weights.open_max_cost + per_pile * view.pile_size
                 + hard.open_per_round * (view.turn_number // rules.players))
        if self._opponents_can_go_out(pos):
            limit += hard.open_urgent
            if rules.red3_negative_if == "no_meld":  # the initial meld is what saves the red threes
                reds = side_red_threes_laid(view, view.side)
                limit -= hard.open_red3 * side_red_threes(rules, [], reds, went_out=False)  # negative: no meld
        if view.turn_number // rules.players >= hard.open_give_up_rounds or self._short_opponent(view):
            limit = math.inf
        return limit

    def _open(self, pos: Position, legal: Sequence[int]) -> int:
        """Play of a side that has not made its initial meld (§1.6).

        Like the heuristic, it makes the cheapest opening when its wild-card cost is at most a
        limit: ``base.open_max_cost``, plus ``open_per_pile_card`` per pile card, ``open_per_round``
        per round played, and once the opponents could go out ``open_urgent`` and ``open_red3`` per point
        of the side's red threes (where an unmelded side loses them, as the score counts them); no limit after
        ``open_give_up_rounds`` rounds or once an opened opponent holds ``open_short_hand`` cards or fewer.
        """
        view = pos.view
        limit = self._open_limit(pos)
        plan = opening_plan(pos, self.weights)
        started = view.melded_this_turn > 0 or view.pending_pile > 0
        melds = [action for action in legal if DECODED_ACTIONS[action].kind in (MELD, ADD)]
        discards = [action for action in legal if DECODED_ACTIONS[action].kind == DISCARD]
        if plan is not None and (started or plan[0] <= limit) and plan[1]:
            step: Step = plan[1][0]
            action = group_action(*step)
            if action in legal:
                return action
        if melds and (started or not discards):
            return first_best(melds, [self._action_score(pos, action) for action in melds])
        if discards:
            return min([(self._discard_cost(pos, DECODED_ACTIONS[action].card), action) for action in discards])[1]
        return legal[0]

    def _short_opponent(self, view: PlayerView) -> bool:
        """Whether an opponent whose side has made its initial meld holds ``open_short_hand`` cards or fewer."""
        short = self.hard_weights.open_short_hand
        if short < 0:
            return False
        for seat in range(view.rules.players):
            side = view.side_of(seat)
            if side != view.side and view.opened[side] and view.hand_sizes[seat] <= short:
                return True
        return False

    # ------------------------------------------------------------ taking

    def _take_score(self, pos: Position, mode: int) -> float:
        """The heuristic's value of taking the pile, plus what the memory knows is in it (§1.7)."""
        score = super()._take_score(pos, mode)
        hard = self.hard_weights
        pile = self.memory.pile
        count = pos.facts.rules.pile_take_count  # a take brings at most that many cards (Hand and Foot B.5)
        for card in (pile[-count:-1] if count else pile[:-1]):
            if card == UNKNOWN or IS_RED_THREE[card]:
                continue
            rank = card >> 2
            if card == JOKER or rank == TWO:
                score += hard.take_wild
            elif rank == THREE:
                score -= hard.take_black3
            elif pos.rank_counts[rank] or rank in pos.mine:
                score += hard.take_known
        return score

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
        values = pos.facts.rank_values
        mean_unseen = (sum([unseen.by_rank[rank] * values[rank] for rank in range(14)]) / unseen.total
                       if unseen.total else 10.0)
        estimate = float(pos.table[side])
        for seat in range(rules.players):
            if view.side_of(seat) != side or seat == out_seat:
                continue
            if seat == view.seat:
                estimate -= pos.hand_points + self.weights.held_answer * pos.held_points  # held aces, sevens (A.12)
            else:
                known = memory.known[seat] if seat < len(memory.known) else [0] * 53
                known_count = sum(known)
                estimate -= sum([rules.card_values[card] * known[card] for card in range(53) if known[card]])
                estimate -= mean_unseen * max(0, view.hand_sizes[seat] - known_count)
            if rules.has_foot and view.packet_sizes:  # a foot never taken counts against (Hand and Foot B.12)
                estimate -= self.weights.foot_card_points * view.packet_sizes[seat]
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
        return mine - max([self.side_estimate(pos, side, out_seat) for side in range(pos.view.rules.teams)
                           if side != me])

    def _opponents_can_go_out(self, pos: Position) -> bool:
        """Whether another side has the canastas to go out (§1.9)."""
        me = pos.view.side
        need = pos.facts.canastas_to_go_out
        for side, canastas in enumerate(pos.canastas):
            if side != me and canastas >= need:
                return True
        return False

    def _want_out(self, pos: Position) -> bool:
        """Go out when it locks a lead, when the opponents threaten to go out, or late in the deal (§1.9)."""
        if not pos.can_out():
            return False
        return self._lead_pays(pos, self.out_margin(pos, pos.view.seat))

    def _lead_pays(self, pos: Position, margin: float) -> bool:
        """Whether ending the deal with the own side's estimated lead ``margin`` pays (going out, answering yes)."""
        hard = self.hard_weights
        if margin > hard.out_lead:
            return True
        if pos.threat or pos.late:
            return margin > hard.out_behind
        return self._opponents_can_go_out(pos) and margin > hard.out_behind_calm

    # ------------------------------------------------------------ answering

    def _answer(self, pos: Position, legal: Sequence[int]) -> int:
        """Answer the partner's "may I go out?" (§1.9): yes when it locks a lead or the opponents threaten."""
        partner = pos.view.turn
        want = YES if self._lead_pays(pos, self.out_margin(pos, partner)) else NO
        for action in legal:
            if DECODED_ACTIONS[action].kind == want:
                return action
        return legal[0]
