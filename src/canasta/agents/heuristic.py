"""The heuristic computer player: a sensible, fast player of RULES.md §1 (and §3.1's player counts).

:class:`HeuristicAgent` decides every move from the seat's
:class:`~canasta.engine.deal.PlayerView` and the ids of the legal moves only
(``canasta.moves.notation.ACTIONS[id] = (kind, arg, naturals, twos, jokers)``); it never
looks at the engine's state and never searches. Each kind of decision is a
small scoring rule, and every number those rules use is a field of
:class:`HeuristicWeights` (documented there and in docs/bots.md).

How it plays, by phase:

* **Draw** (§1.4, §1.7): it takes the discard pile when that pays: always by
  adding the top card to a meld of its side, with a natural pair from two
  cards up, with a natural and a two or a joker only for a big pile. Taking the
  pile to make the initial meld earns a bonus.
* **Play**: it melds towards canastas (§1.5), one move at a time, taking the
  best-scoring meld or addition while one scores above zero: naturals first,
  wild cards only where they complete a canasta (or late in the deal, to empty
  the hand); it never turns a natural canasta mixed. An unopened side melds
  just what it needs for its minimum count (§1.6), preferring naturals.
* **Discard** (§1.4, §1.7, §1.8): the card that helps the next player least and
  the own side least: black threes first once the pile is worth stopping, never
  a card the next player's side has melded while the pile is open, then single
  cards of ranks whose copies are mostly visible; a wild card only to freeze a
  big pile that the next player threatens. Where sequences are laid down whole
  (the escalator, §3.5) the cards of the run it collects go last, and melds of
  a rank and pile takes avoid them (:func:`canasta.agents.seqbot.run_keep_costs`).
* **Going out** (§1.9): when its side has the canastas and it pays (enough
  canastas, the deal is nearly over or an opponent is about to go out), it
  asks its partner first (``ask``), then melds out keeping the plan feasible.
* **Answering** "may I go out?": yes when its own hand holds few points or the
  deal is ending anyway; no when it would lose many points and the side can
  still gain by playing on.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.agents.goals import canasta_value
from canasta.agents.heuristic_weights import DEFAULT_WEIGHTS, NEG, SHORT_SEQ_SHARE, WILD_PROGRESS, HeuristicWeights
from canasta.agents.opening import Step, opening_plan
from canasta.agents.position import Position, RulesFacts
from canasta.agents.seqbot import (
    is_seq_action,
    run_loss,
    seq_action_cards,
    seq_keep_cost,
    seq_points,
)
from canasta.cards.deck import IS_WILD, JOKER, RANKS, THREE, TWO
from canasta.engine.deal import PlayerView
from canasta.moves.notation import (
    ACTIONS,
    ADD,
    ASK,
    DISCARD,
    DRAW,
    MELD,
    NO,
    PASS,
    SEQ_WILD,
    TAKE,
    TAKE_ADD,
    TAKE_NAT_JOKER,
    TAKE_NAT_TWO,
    TAKE_PAIR,
    WILD_TARGET,
    YES,
    group_action,
)
from canasta.rules.fields import Rules


class HeuristicAgent:
    """A rule-of-thumb player (see the module docstring); decides from the view alone.

    Args:
        seed: accepted for the agent factory's signature; the player is deterministic.
        weights: the numbers it plays by (default :data:`DEFAULT_WEIGHTS`).
    """

    needs_view = True

    def __init__(self, seed: int | None = None, weights: HeuristicWeights = DEFAULT_WEIGHTS):
        self.name = "heuristic"
        self.seed = seed
        self.w = weights
        self._facts: RulesFacts | None = None

    def _rules_facts(self, rules: Rules) -> RulesFacts:
        f = self._facts
        if f is None or f.rules is not rules:
            f = self._facts = RulesFacts(rules)
        return f

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        """Pick one id of ``legal`` for the seat whose ``view`` is given.

        Raises:
            ValueError: ``view`` is None (this agent needs the seat's view) or ``legal`` is empty.
        """
        if not legal:
            raise ValueError("no legal move to choose from")
        if len(legal) == 1:
            return legal[0]
        if view is None:
            raise ValueError("the heuristic player needs the seat's view")
        pos = Position(view, self._rules_facts(view.rules), self.w)
        if view.phase == "answer":
            return self._answer(pos, legal)
        if view.phase == "draw":
            return self._draw(pos, legal)
        return self._play(pos, legal)

    # ------------------------------------------------------------ answering

    def _answer(self, pos: Position, legal: Sequence[int]) -> int:
        """Answer "may I go out?" (§1.9): yes if the own hand is cheap or the deal is ending."""
        me = pos.view.side
        lead = pos.table[me] - max(t for side, t in enumerate(pos.table) if side != me)
        yes = pos.threat or pos.late or pos.hand_points <= self.w.yes_hand_points or lead >= self.w.yes_lead
        want = YES if yes else NO
        for a in legal:
            if ACTIONS[a][0] == want:
                return a
        return legal[0]

    # --------------------------------------------------------------- drawing

    def _take_score(self, pos: Position, mode: int) -> float:
        w = self.w
        rest = pos.view.pile_size - 1
        s = w.take_base + w.take_per_card * rest
        if mode == TAKE_PAIR:
            s -= w.take_pair_cost
        elif mode == TAKE_NAT_TWO:
            s -= w.take_two_cost
        elif mode == TAKE_NAT_JOKER:
            s -= w.take_joker_cost
        if not pos.opened:
            s += w.take_open_bonus
        if pos.threat:
            s -= w.take_threat_per_card * rest
        top = pos.view.pile_top
        if mode == TAKE_PAIR and top is not None and IS_WILD[top] and pos.f.rules.wild_pair_takes_wild:
            s += w.take_pair_cost + self._wild_take_score(pos, top)
        if pos.runs and top is not None and top != JOKER:  # the pair (or natural) may be run cards
            s -= pos.run_loss(top >> 2, 2 if mode == TAKE_PAIR else 1 if mode in (TAKE_NAT_TWO, TAKE_NAT_JOKER) else 0)
        return s

    def _wild_take_score(self, pos: Position, top: int) -> float:
        """What taking a wild card ``top`` with a pair of it is worth beyond the pile's cards (Hollywood
        §3.2, ``wild_pair_takes_wild``): the three go to the side's meld of wild cards, scored as that meld
        (:meth:`_meld_score`: wild canasta progress, a canasta completed, the wild-card costs) with the
        top card's cost given back, since it comes from the pile and not from the hand."""
        w = self.w
        joker = top == JOKER
        s = self._meld_score(pos, WILD_TARGET, 0, 0 if joker else 3, 3 if joker else 0)
        return s + 0.5 * (w.joker_cost if joker else w.two_cost)

    def _draw(self, pos: Position, legal: Sequence[int]) -> int:
        """Draw from the stock or take the pile when it pays (§1.4, §1.7, §1.10)."""
        best = legal[0]
        best_s = NEG
        for a in legal:
            kind, arg = ACTIONS[a][0], ACTIONS[a][1]
            if kind == TAKE:
                s = self._take_score(pos, arg)
                if arg == TAKE_ADD:
                    s += 0.5  # tie-break: the take that uses no cards from the hand
            elif kind == DRAW:
                s = 0.0
            elif kind == PASS:
                s = -1.0
            else:
                s = NEG
            if s > best_s:
                best, best_s = a, s
        return best

    # --------------------------------------------------------------- playing

    def _want_out(self, pos: Position) -> bool:
        """Whether going out now pays (the side's canastas are checked by the plan)."""
        if pos.threat or pos.late:
            return True
        return pos.canastas[pos.view.side] >= self.w.out_canastas

    def _meld_score(self, pos: Position, r: int, n: int, t: int, j: int) -> float:
        """Score of melding ``n`` naturals of target ``r`` with ``t`` twos and ``j`` jokers (§1.5, §1.6)."""
        w = self.w
        f = pos.f
        wild = t + j
        if r == THREE:
            return w.natural * n
        m = pos.mine.get(r)
        nat0, wild0 = m if m is not None else (0, 0)
        size0 = nat0 + wild0
        size1 = size0 + n + wild
        s = w.natural * n
        if r != WILD_TARGET:
            s += w.value * f.rank_values[r] * n
        if m is None:
            s += w.new_meld
        completes = size0 < 7 <= size1
        if completes:
            s += w.canasta * canasta_value(f.rules, r, wild0 + wild, pos.wild_jokers + j)
        if pos.needed:
            if r in pos.needed:
                s += w.needed_kind * (n + wild) + (w.two_cost * t + w.joker_cost * j if r == WILD_TARGET else 0.0)
            elif wild and WILD_TARGET in pos.needed:
                s -= w.needed_kind * wild  # wild cards are kept for the needed canasta of wild cards
        late = pos.late or pos.threat
        if late:
            s += w.late_natural * (n + wild)
        if wild:
            cost = w.two_cost * t + w.joker_cost * j
            if r == WILD_TARGET:  # wild cards are the naturals of a wild meld: half the cost, and
                cost *= 0.5  # each one brings the wild canasta's bonus nearer
                cost -= WILD_PROGRESS * f.rules.wild_canasta_bonus / 7 * wild
            if completes:
                cost *= w.complete_wild_factor
            elif not pos.opened:
                cost *= w.open_wild_cost
            elif late:
                cost *= w.late_wild_factor
            s -= cost
            if size0 >= 7 and wild0 == 0:
                s -= canasta_value(f.rules, r, 0) - canasta_value(f.rules, r, wild)  # spoils a natural canasta
        if not pos.opened:
            s += w.open_bonus
        elif not completes and not late:
            short = w.reserve - (pos.size + pos.view.pending_pile - n - wild)
            if short > 0:
                s -= w.reserve_cost * short
        return s - pos.run_loss(r, n)

    def _seq_score(self, pos: Position, action: int) -> float:
        """Score of a sequence meld or addition (§3.2), on the scale of :meth:`_meld_score`."""
        w = self.w
        rules = pos.f.rules
        cards, size0, size1 = seq_action_cards(action)
        k = len(cards)
        s = w.natural * k + w.value * seq_points(cards, rules.card_values)
        if size0 == 0:
            s += w.new_meld
        if pos.seq_needed:  # going out still needs a sequence canasta (Bolivia, §3.2)
            s += w.needed_sequence * k
        completes = size0 < 7 <= size1
        mixed = ACTIONS[action][1] == SEQ_WILD  # a wild card in the sequence (Hollywood, §3.2)
        if completes:
            s += w.canasta * (rules.mixed_sequence_canasta_bonus if mixed else rules.sequence_canasta_bonus)
        if mixed and (ACTIONS[action][4] & 3):  # this move spends a wild card
            wild_cost = w.joker_cost if ACTIONS[action][4] & 3 == 2 else w.two_cost
            s -= wild_cost * (w.complete_wild_factor if completes else 1.0)
            k -= 1
        late = pos.late or pos.threat
        if late:
            s += w.late_natural * k
        if rules.short_sequence_penalty:  # a short sequence left at the end costs (Brazilian, §3.2)
            share = 1.0 if late else SHORT_SEQ_SHARE
            if size1 < rules.short_sequence_below:
                s -= share * rules.short_sequence_penalty
            elif size0 and size0 < rules.short_sequence_below:
                s += share * rules.short_sequence_penalty
        if not pos.opened:
            s += w.open_bonus
        elif not completes and not late:
            short = w.reserve - (pos.size + pos.view.pending_pile - k)
            if short > 0:
                s -= w.reserve_cost * short
        return s

    def _action_score(self, pos: Position, action: int) -> float:
        """Score of any meld or addition id (sequences included)."""
        if is_seq_action(action):
            return self._seq_score(pos, action)
        return self._meld_score(pos, *ACTIONS[action][1:])

    def _discard_cost(self, pos: Position, card: int) -> float:
        """How much discarding ``card`` hurts (lower: discard it), §1.7, §1.8."""
        w = self.w
        f = pos.f
        view = pos.view
        pile_after = view.pile_size + 1
        r = card >> 2
        if card == JOKER or r == TWO:
            freeze = (not view.pile_frozen and view.pile_size >= w.freeze_pile
                      and view.opened[pos.next_side])
            if card == JOKER:
                return w.freeze_joker if freeze else w.keep_joker
            return w.freeze_two if freeze else w.keep_two
        if r == THREE:  # a black three: a stop card (red threes never reach a hand)
            return w.black3_base - w.black3_per_card * view.pile_size
        if f.rules.pile_blocking_rank and r == RANKS.index(f.rules.pile_blocking_rank):
            return w.stop_rank  # it stops the pile (Mexican 7, §3.2)
        cnt = pos.rank_counts[r]
        cost = seq_keep_cost(view, card)
        if pos.seq_needed:
            cost *= w.needed_sequence_keep
        if pos.runs:
            cost += run_loss(view.hand, pos.runs, (card,))
        if cnt >= 2:
            cost += w.keep_pair * (cnt - 1)
        if r in pos.mine:
            cost += w.keep_own_rank
        cost += (w.keep_value_opened if pos.opened else w.keep_value) * f.rank_values[r]
        frozen_next = view.pile_frozen or not view.opened[pos.next_side]
        if r in pos.next_melds and not frozen_next:
            cost += w.feed_meld * pile_after
        else:
            unseen = max(0, f.copies - pos.visible[r])
            danger = w.feed_pair * pile_after * unseen / f.copies
            if frozen_next:
                danger *= w.frozen_feed_factor
            cost += danger
        return cost

    def _play(self, pos: Position, legal: Sequence[int]) -> int:
        """Meld, add, ask, discard or pass after drawing (§1.4-§1.9)."""
        view = pos.view
        size_after_base = pos.size + view.pending_pile
        must_out = view.answer > 0
        go_out = must_out
        ask_id = -1
        for a in legal:
            if ACTIONS[a][0] == ASK:
                ask_id = a
        if not must_out and view.answer == 0 and self._want_out(pos) and pos.can_out():
            if ask_id >= 0:
                return ask_id
            go_out = True
        if not pos.opened and not go_out:
            return self._open(pos, legal)
        best_meld, best_meld_s = -1, NEG
        best_disc, best_disc_c = -1, 0.0
        pass_id = -1
        for a in legal:
            kind, arg, n, t, j = ACTIONS[a]
            if (kind == MELD or kind == ADD) and is_seq_action(a):
                cards, size0, size1 = seq_action_cards(a)
                outs = size_after_base - len(cards) < 2
                if go_out:
                    if not must_out and not pos.out_after_cards(cards, size0 < 7 <= size1):
                        continue
                    s = self._seq_score(pos, a) + 500.0 + 1000.0 * outs
                else:
                    s = self._seq_score(pos, a)
                    if outs:
                        s = NEG / 2 + s
                if s > best_meld_s:
                    best_meld, best_meld_s = a, s
            elif kind == MELD or kind == ADD:
                k = n + t + j
                outs = size_after_base - k < 2
                if go_out:
                    if not must_out and not pos.out_after(arg, n, t, j):
                        continue
                    s = self._meld_score(pos, arg, n, t, j) + 500.0 + 1000.0 * outs
                else:
                    s = self._meld_score(pos, arg, n, t, j)
                    if outs:
                        s = NEG / 2 + s
                if s > best_meld_s:
                    best_meld, best_meld_s = a, s
            elif kind == DISCARD:
                c = self._discard_cost(pos, arg)
                if pos.size == 1:  # discarding the last card goes out
                    c = -1.0e6 if go_out else 1.0e6
                if best_disc < 0 or c < best_disc_c:
                    best_disc, best_disc_c = a, c
            elif kind == PASS:
                pass_id = a
        if best_meld >= 0 and best_meld_s > 0:
            if not (go_out and best_disc >= 0 and pos.size == 1):
                return best_meld
        if best_disc >= 0:
            return best_disc
        if pass_id >= 0:
            return pass_id
        if best_meld >= 0:
            return best_meld
        return legal[0]

    def _open(self, pos: Position, legal: Sequence[int]) -> int:
        """Play of a side that has not made its initial meld (§1.6): the cheapest opening, or a discard."""
        plan = opening_plan(pos, self.w)
        started = pos.view.melded_this_turn > 0 or pos.view.pending_pile > 0
        melds = [a for a in legal if ACTIONS[a][0] in (MELD, ADD)]
        discards = [a for a in legal if ACTIONS[a][0] == DISCARD]
        seqs = [a for a in melds if is_seq_action(a)]
        if seqs and (plan is None or plan[0] > 0):
            # sequences use no wild card; the engine offers them only while the minimum stays
            # reachable, so the most valuable one is a safe start of the initial meld (§1.6, §3.2)
            return max(seqs, key=lambda a: seq_points(seq_action_cards(a)[0], pos.f.rules.card_values))
        if plan is not None and (started or plan[0] <= self.w.open_max_cost) and plan[1]:
            kind, r, n, t, j = plan[1][0]
            a = group_action(kind, r, n, t, j)
            if a in legal:
                return a
        if melds and (started or not discards):
            return max(melds, key=lambda a: self._action_score(pos, a))
        if discards:
            return min(discards, key=lambda a: self._discard_cost(pos, ACTIONS[a][1]))
        return legal[0]

__all__ = [
    "DEFAULT_WEIGHTS", "NEG", "SHORT_SEQ_SHARE", "WILD_PROGRESS", "HeuristicAgent", "HeuristicWeights", "Position",
    "RulesFacts", "Step", "opening_plan",
]
