"""The heuristic computer player: a sensible, fast player of RULES.md §1 (and §3.1's player counts).

:class:`HeuristicAgent` decides every move from the seat's
:class:`~canasta.engine.deal.PlayerView` and the ids of the legal moves only
(named fields: ``canasta.moves.actions.decode_action``); it never
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

from mypy_extensions import mypyc_attr

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
from canasta.agents.special_plan import kept_three_choice, special_discard_loss, special_plan
from canasta.cards.deck import ACE, IS_WILD, JOKER, RANKS, THREE, TWO
from canasta.engine.deal import PlayerView
from canasta.moves.actions import ACTIONS, DECLARE_ID, DECODED_ACTIONS, group_action
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
    TAKE_NAT_JOKER,
    TAKE_NAT_TWO,
    TAKE_PAIR,
    WILD_TARGET,
    YES,
)
from canasta.rules.fields import Rules


def incomplete_risk(size: int, late: bool) -> float:
    """Share of its end-of-deal penalty that a meld of ``size`` cards of a target charged when incomplete is
    expected to cost (MAC A.9, A.12: natural aces, sevens, wild cards): 0 with no meld or a canasta; late in the
    deal the whole penalty; earlier less the nearer the meld is to 7 cards, so starting one costs, every card
    added brings its completion nearer and completing it gives the penalty back."""
    if size <= 0 or size >= 7:
        return 0.0
    if late:
        return 1.0
    return INCOMPLETE_BASE + (1.0 - INCOMPLETE_BASE) * (7 - size) / 7


INCOMPLETE_BASE = 0.3
"""Share of the penalty an incomplete charged meld costs however near 7 cards it is (:func:`incomplete_risk`)."""


def first_best(actions: Sequence[int], scores: Sequence[float]) -> int:
    """The first of ``actions`` with the highest of ``scores`` (one score per action, in order), as ``max`` with a
    key picks it (the bots' methods take no closure: their classes are compiled, setup.py).

    Raises:
        ValueError: ``actions`` is empty.
    """
    if not actions:
        raise ValueError("no action to choose from")
    best, best_score = actions[0], scores[0]
    for action, score in zip(actions, scores, strict=True):
        if score > best_score:
            best, best_score = action, score
    return best


@mypyc_attr(native_class=False)  # compiled (setup.py): a Python class (pickled as in the pure build); its
# subclasses (the levels, the hard bot) are compiled too: mypyc checks ``self`` against the classes it knows
class HeuristicAgent:
    """A rule-of-thumb player (see the module docstring); decides from the view alone.

    Args:
        seed: accepted for the agent factory's signature; the player is deterministic.
        weights: the numbers it plays by (default :data:`DEFAULT_WEIGHTS`).
    """

    needs_view = True
    needs_view_when_forced = False
    """With one legal move it returns it without reading the view (the loops then pass None)."""

    def __init__(self, seed: int | None = None, weights: HeuristicWeights = DEFAULT_WEIGHTS):
        self.name = "heuristic"
        self.seed = seed
        self.weights = weights
        self._facts: RulesFacts | None = None

    def _rules_facts(self, rules: Rules) -> RulesFacts:
        facts = self._facts
        if facts is None or facts.rules is not rules:
            facts = self._facts = RulesFacts(rules)
        return facts

    def select(self, view: PlayerView | None, legal: Sequence[int]) -> int:
        """Pick one id of ``legal`` for the seat whose ``view`` is given.

        Raises:
            ValueError: ``view`` is None (this agent needs the seat's view) or ``legal`` is empty.
        """
        if not legal:
            raise ValueError("no legal move to choose from")
        if len(legal) == 1:
            return legal[0]
        if DECLARE_ID in legal:  # a special hand laid down where legal: 2000 to 8500 points (MAC A.11)
            return DECLARE_ID
        kept = kept_three_choice(view, legal, self.weights, "the heuristic player")  # the Straight's three (A.3)
        if isinstance(kept, int):
            return kept
        legal = kept
        if len(legal) == 1:
            return legal[0]
        if view is None:
            raise ValueError("the heuristic player needs the seat's view")
        pos = Position(view, self._rules_facts(view.rules), self.weights)
        if view.phase == "answer":
            return self._answer(pos, legal)
        special = self._special_move(pos, legal)
        if special >= 0:
            return special
        if view.phase == "draw":
            return self._draw(pos, legal)
        return self._play(pos, legal)

    def _special_move(self, pos: Position, legal: Sequence[int]) -> int:
        """The move of a seat building toward a special hand (MAC A.11, :func:`special_plan`), or -1 where it
        builds toward none (always where ``special_hands`` is none)."""
        view = pos.view
        if view.rules.special_hands == "none" or view.phase == "answer":
            return -1
        missing = special_plan(view, self.weights)
        return self._special(pos, legal, missing) if missing >= 0 else -1

    def _special(self, pos: Position, legal: Sequence[int], missing: int) -> int:
        """Move of a seat building toward a special hand ``missing`` cards away (MAC A.11,
        :mod:`canasta.agents.special_plan`): draw from the stock, never meld, discard the card that serves the
        hand least (then the usual discard order)."""
        view = pos.view
        kinds = [(DECODED_ACTIONS[action].kind, action) for action in legal]
        if view.phase == "draw":
            fallback = self._draw(pos, legal)
            for kind, action in kinds:
                if kind == DRAW:
                    return action
            return fallback
        discards = [action for kind, action in kinds if kind == DISCARD]
        if not discards:
            return self._play(pos, legal)
        keep = self.weights.special_keep
        best, best_cost = -1, 0.0
        for action in discards:  # the first of the cheapest (no closure: the class is compiled, setup.py)
            card = DECODED_ACTIONS[action].card
            cost = keep * special_discard_loss(view, card, missing, self.weights) + self._discard_cost(pos, card)
            if best < 0 or cost < best_cost:
                best, best_cost = action, cost
        return best

    # ------------------------------------------------------------ answering

    def _answer(self, pos: Position, legal: Sequence[int]) -> int:
        """Answer "may I go out?" (§1.9): yes if the own hand is cheap or the deal is ending."""
        me = pos.view.side
        lead = pos.table[me] - max([points for side, points in enumerate(pos.table) if side != me])
        weights = self.weights
        points = pos.hand_points + weights.foot_card_points * pos.foot  # an unplayed foot counts against (B.12)
        points += weights.held_answer * pos.held_points  # 3 aces or sevens held (MAC A.12)
        yes = pos.threat or pos.late or points <= weights.yes_hand_points or lead >= weights.yes_lead
        want = YES if yes else NO
        for action in legal:
            if DECODED_ACTIONS[action].kind == want:
                return action
        return legal[0]

    # --------------------------------------------------------------- drawing

    def _take_score(self, pos: Position, mode: int) -> float:
        """Value of taking the pile in ``mode`` (``TAKE_PAIR``, ``TAKE_ADD``... of :mod:`canasta.moves.notation`)."""
        weights = self.weights
        take_count = pos.facts.rules.pile_take_count  # at most that many cards come (Hand and Foot B.5)
        below_top = (min(pos.view.pile_size, take_count) if take_count else pos.view.pile_size) - 1
        score = weights.take_base + weights.take_per_card * below_top
        if pos.foot:  # cards taken into the hand put the foot further off (B.9)
            score -= weights.foot_take_per_card * below_top
        if mode == TAKE_PAIR:
            score -= weights.take_pair_cost
        elif mode == TAKE_NAT_TWO:
            score -= weights.take_two_cost
        elif mode == TAKE_NAT_JOKER:
            score -= weights.take_joker_cost
        if not pos.opened:
            score += weights.take_open_bonus
        if pos.threat:
            score -= weights.take_threat_per_card * below_top
        top = pos.view.pile_top
        if mode == TAKE_PAIR and top is not None and IS_WILD[top] and pos.facts.rules.wild_pair_takes_wild:
            score += weights.take_pair_cost + self._wild_take_score(pos, top)
        if top is not None and pos.facts.incomplete_penalties:
            score -= self._charged_take_cost(pos, top, mode)
        if pos.runs and top is not None and top != JOKER:  # the pair (or natural) may be run cards
            naturals = 2 if mode == TAKE_PAIR else 1 if mode in (TAKE_NAT_TWO, TAKE_NAT_JOKER) else 0
            score -= pos.run_loss(top >> 2, naturals)
        return score

    def _charged_take_cost(self, pos: Position, top: int, mode: int) -> float:
        """What taking the pile costs by the meld of the top card's rank it makes or grows when an incomplete
        meld of that rank is charged (MAC A.9, A.12, :func:`incomplete_risk`); 0 for other ranks."""
        target = WILD_TARGET if IS_WILD[top] else top >> 2
        penalty = pos.facts.incomplete_penalties.get(target, 0)
        if not penalty:
            return 0.0
        meld = pos.mine.get(target)
        before = meld[0] + meld[1] if meld is not None else 0
        if target == ACE and meld is not None and meld[1]:
            return 0.0  # a mixed meld of aces is not charged
        after = before + 1 + (2 if mode == TAKE_PAIR else 1 if mode in (TAKE_NAT_TWO, TAKE_NAT_JOKER) else 0)
        late = pos.late or pos.threat
        return penalty * (incomplete_risk(after, late) - incomplete_risk(before, late))

    def _wild_take_score(self, pos: Position, top: int) -> float:
        """What taking a wild card ``top`` with a pair of it is worth beyond the pile's cards (Hollywood
        §3.2, ``wild_pair_takes_wild``): the three go to the side's meld of wild cards, scored as that meld
        (:meth:`_meld_score`: wild canasta progress, a canasta completed, the wild-card costs) with the
        top card's cost given back, since it comes from the pile and not from the hand."""
        weights = self.weights
        joker = top == JOKER
        score = self._meld_score(pos, WILD_TARGET, 0, 0 if joker else 3, 3 if joker else 0)
        return score + 0.5 * (weights.joker_cost if joker else weights.two_cost)

    def _draw(self, pos: Position, legal: Sequence[int]) -> int:
        """Draw from the stock or take the pile when it pays (§1.4, §1.7, §1.10)."""
        best = legal[0]
        best_score = NEG
        for action in legal:
            decoded = DECODED_ACTIONS[action]
            kind, mode = decoded.kind, decoded.take_mode
            if kind == TAKE:
                score = self._take_score(pos, mode)
                if mode == TAKE_ADD:
                    score += 0.5  # tie-break: the take that uses no cards from the hand
            elif kind == DRAW:
                score = 0.0
            elif kind == PASS:
                score = -1.0
            else:
                score = NEG
            if score > best_score:
                best, best_score = action, score
        return best

    # --------------------------------------------------------------- playing

    def _want_out(self, pos: Position) -> bool:
        """Whether going out now pays (the side's canastas are checked by the plan)."""
        if pos.threat or pos.late:
            return True
        return pos.canastas[pos.view.side] >= self.weights.out_canastas

    def _meld_score(self, pos: Position, target: int, naturals: int, twos: int, jokers: int) -> float:
        """Score of melding ``naturals`` naturals of ``target`` with ``twos`` twos and ``jokers`` jokers
        (§1.5, §1.6)."""
        weights = self.weights
        facts = pos.facts
        wild = twos + jokers
        if target == THREE:
            return weights.natural * naturals
        meld = pos.mine.get(target)
        naturals_before, wild_before = meld if meld is not None else (0, 0)
        size_before = naturals_before + wild_before
        size_after = size_before + naturals + wild
        score = weights.natural * naturals
        if target != WILD_TARGET:
            score += weights.value * facts.rank_values[target] * naturals
        if meld is None:
            score += weights.new_meld
        completes = size_before < 7 <= size_after
        if completes:
            score += weights.canasta * canasta_value(facts.rules, target, wild_before + wild,
                                                     pos.wild_jokers + jokers)
        if pos.needed:
            if target in pos.needed:
                wild_meld = weights.two_cost * twos + weights.joker_cost * jokers if target == WILD_TARGET else 0.0
                score += weights.needed_kind * (naturals + wild) + wild_meld
            elif wild and WILD_TARGET in pos.needed:
                score -= weights.needed_kind * wild  # wild cards are kept for the needed canasta of wild cards
        late = pos.late or pos.threat
        if late:
            score += weights.late_natural * (naturals + wild)
        if wild:
            score -= self._wild_cost(pos, target, twos, jokers, completes, late)
            if size_before >= 7 and wild_before == 0:  # spoils a natural canasta
                score -= canasta_value(facts.rules, target, 0) - canasta_value(facts.rules, target, wild)
        if pos.clean_short and target < 13:
            score += self._contract_score(pos, meld, naturals, wild)
        if not pos.opened:
            score += weights.open_bonus
        elif pos.foot:  # no reserve while the foot waits: emptying the hand brings it into play (B.9)
            score += weights.foot_meld * (naturals + wild)
            if pos.size + pos.view.pending_pile == naturals + wild:
                score += weights.foot_run
        elif not completes and not late:
            short = weights.reserve - (pos.size + pos.view.pending_pile - naturals - wild)
            if short > 0:
                score -= weights.reserve_cost * short
        penalty = facts.incomplete_penalties.get(target, 0) if facts.incomplete_penalties else 0
        if penalty and (target != ACE or wild_before + wild == 0):  # a mixed meld of aces costs nothing
            score -= penalty * (incomplete_risk(size_after, late) - incomplete_risk(size_before, late))
        if facts.held_penalties and naturals:
            score += self._held_relief(pos, target, naturals, late)
        return score - pos.run_loss(target, naturals)

    def _held_relief(self, pos: Position, rank: int, cards: int, late: bool) -> float:
        """What giving up ``cards`` natural cards of ``rank`` from the hand (a meld or a discard) saves of the
        held-rank penalty (MAC A.12, ``RulesFacts.held_penalties``): the penalty times ``held_share`` (all of it
        late in the deal) where the hand then drops below ``held_from`` of the rank, a share of it where it only
        comes nearer; 0 for other ranks."""
        facts = pos.facts
        penalty = facts.held_penalties.get(rank, 0)
        count = pos.rank_counts[rank] if rank < 13 else 0
        if not penalty or count < facts.held_from:
            return 0.0
        share = 1.0 if late else self.weights.held_share
        return share * penalty * min(1.0, cards / (count - facts.held_from + 1))

    def _contract_score(self, pos: Position, meld: tuple[int, int] | None, naturals: int, wild: int) -> float:
        """What a move into the side's ``meld`` of a rank (None: a new meld) is worth for the clean books the
        going-out contract still asks for (``Position.clean_short``, Hand and Foot B.10): a natural card added
        to a natural meld brings one nearer; a wild card put into a natural meld the side needs for them
        spoils one (when it has no more such melds than clean books to make)."""
        weights = self.weights
        if meld is None or meld[1] or meld[0] + meld[1] >= 7:
            return 0.0
        if wild:
            return -weights.clean_spoil if pos.clean_open <= pos.clean_short else 0.0
        return weights.clean_needed * naturals

    def _wild_cost(self, pos: Position, target: int, twos: int, jokers: int, completes: bool, late: bool) -> float:
        """What melding ``twos`` twos and ``jokers`` jokers into ``target`` costs (:meth:`_meld_score`)."""
        weights = self.weights
        cost = weights.two_cost * twos + weights.joker_cost * jokers
        if target == WILD_TARGET:  # wild cards are the naturals of a wild meld: half the cost, and
            cost *= 0.5  # each one brings the wild canasta's bonus nearer
            cost -= WILD_PROGRESS * pos.facts.rules.wild_canasta_bonus / 7 * (twos + jokers)
        if completes:
            cost *= weights.complete_wild_factor
        elif not pos.opened:
            cost *= weights.open_wild_cost
        elif late:
            cost *= weights.late_wild_factor
        elif pos.foot:
            cost *= weights.foot_wild_factor
        return cost

    def _seq_score(self, pos: Position, action: int) -> float:
        """Score of a sequence meld or addition (§3.2), on the scale of :meth:`_meld_score`."""
        weights = self.weights
        rules = pos.facts.rules
        cards, size_before, size_after = seq_action_cards(action)
        count = len(cards)
        score = weights.natural * count + weights.value * seq_points(cards, rules.card_values)
        if size_before == 0:
            score += weights.new_meld
        if pos.seq_needed:  # going out still needs a sequence canasta (Bolivia, §3.2)
            score += weights.needed_sequence * count
        completes = size_before < 7 <= size_after
        decoded = DECODED_ACTIONS[action]
        mixed = decoded.wild_for >= 0  # a wild card in the sequence (Hollywood, §3.2)
        if completes:
            score += weights.canasta * (rules.mixed_sequence_canasta_bonus if mixed else rules.sequence_canasta_bonus)
        if mixed and decoded.twos + decoded.jokers:  # this move spends a wild card
            wild_cost = weights.joker_cost if decoded.jokers else weights.two_cost
            score -= wild_cost * (weights.complete_wild_factor if completes else 1.0)
            count -= 1
        late = pos.late or pos.threat
        if late:
            score += weights.late_natural * count
        if rules.short_sequence_penalty:  # a short sequence left at the end costs (Brazilian, §3.2)
            share = 1.0 if late else SHORT_SEQ_SHARE
            if size_after < rules.short_sequence_below:
                score -= share * rules.short_sequence_penalty
            elif size_before and size_before < rules.short_sequence_below:
                score += share * rules.short_sequence_penalty
        if not pos.opened:
            score += weights.open_bonus
        elif not completes and not late:
            short = weights.reserve - (pos.size + pos.view.pending_pile - count)
            if short > 0:
                score -= weights.reserve_cost * short
        return score

    def _action_score(self, pos: Position, action: int) -> float:
        """Score of any meld or addition id (sequences included)."""
        if is_seq_action(action):
            return self._seq_score(pos, action)
        decoded = DECODED_ACTIONS[action]
        return self._meld_score(pos, decoded.target, decoded.naturals, decoded.twos, decoded.jokers)

    def _discard_cost(self, pos: Position, card: int) -> float:
        """How much discarding ``card`` hurts (lower: discard it), §1.7, §1.8."""
        weights = self.weights
        facts = pos.facts
        view = pos.view
        pile_after = view.pile_size + 1
        rank = card >> 2
        if card == JOKER or rank == TWO:
            freeze = (not view.pile_frozen and view.pile_size >= weights.freeze_pile
                      and view.opened[pos.next_side])
            if card == JOKER:
                return weights.freeze_joker if freeze else weights.keep_joker
            return weights.freeze_two if freeze else weights.keep_two
        if rank == THREE:  # a black three: a stop card (red threes never reach a hand)
            return weights.black3_base - weights.black3_per_card * view.pile_size
        if facts.rules.pile_blocking_rank and rank == RANKS.index(facts.rules.pile_blocking_rank):
            return weights.stop_rank  # it stops the pile (Mexican 7, §3.2)
        count = pos.rank_counts[rank]
        cost = seq_keep_cost(view, card)
        if pos.seq_needed:
            cost *= weights.needed_sequence_keep
        if pos.runs:
            cost += run_loss(view.hand, pos.runs, (card,))
        if count >= 2:
            cost += weights.keep_pair * (count - 1)
        if rank in pos.mine:
            cost += weights.keep_own_rank
        cost += (weights.keep_value_opened if pos.opened else weights.keep_value) * facts.rank_values[rank]
        if facts.held_penalties:
            cost -= self._held_relief(pos, rank, 1, pos.late or pos.threat)
        frozen_next = view.pile_frozen or not view.opened[pos.next_side]
        if rank in pos.next_melds and not frozen_next:
            cost += weights.feed_meld * pile_after
        else:
            unseen = max(0, facts.copies - pos.visible[rank])
            danger = weights.feed_pair * pile_after * unseen / facts.copies
            if frozen_next:
                danger *= weights.frozen_feed_factor
            cost += danger
        return cost

    def _going_out_now(self, pos: Position, legal: Sequence[int]) -> tuple[bool, int]:
        """Whether this turn melds out (the partner said yes, or it pays and the plan allows it) and the ``ask``
        id to play first (-1: none; going out is then decided without asking)."""
        view = pos.view
        must_out = view.answer > 0
        ask_id = -1
        for action in legal:
            if DECODED_ACTIONS[action].kind == ASK:
                ask_id = action
        if not must_out and view.answer == 0 and self._want_out(pos) and pos.can_out():
            if ask_id >= 0:
                return True, ask_id
            return True, -1
        return must_out, -1

    def _play(self, pos: Position, legal: Sequence[int]) -> int:
        """Meld, add, ask, discard or pass after drawing (§1.4-§1.9)."""
        view = pos.view
        size_after_base = pos.size + view.pending_pile
        must_out = view.answer > 0
        go_out, ask_id = self._going_out_now(pos, legal)
        if ask_id >= 0:
            return ask_id
        if not pos.opened and not go_out:
            return self._open(pos, legal)
        best_meld, best_meld_score = -1, NEG
        best_discard, best_discard_cost = -1, 0.0
        pass_id = -1
        for action in legal:
            # the hot loop of every decision reads the raw ActionKey (kind, target or card, naturals, twos, jokers
            # for a move of a rank; decode_action names them): named fields measured 1.2% slower
            # (30 italian deals of 4 heuristic players: 286.1 against 282.6 ms)
            kind, target, naturals, twos, jokers = ACTIONS[action]
            if (kind == MELD or kind == ADD) and is_seq_action(action):
                cards, size_before, size_after = seq_action_cards(action)
                outs = size_after_base - len(cards) < 2 and not pos.foot
                if go_out:
                    if not must_out and not pos.out_after_cards(cards, size_before < 7 <= size_after):
                        continue
                    score = self._seq_score(pos, action) + 500.0 + 1000.0 * outs
                else:
                    score = self._seq_score(pos, action)
                    if outs:
                        score = NEG / 2 + score
                if score > best_meld_score:
                    best_meld, best_meld_score = action, score
            elif kind == MELD or kind == ADD:
                outs = size_after_base - (naturals + twos + jokers) < 2 and not pos.foot  # running to the foot
                if go_out:
                    if not must_out and not pos.out_after(target, naturals, twos, jokers):
                        continue
                    score = self._meld_score(pos, target, naturals, twos, jokers) + 500.0 + 1000.0 * outs
                else:
                    score = self._meld_score(pos, target, naturals, twos, jokers)
                    if outs:
                        score = NEG / 2 + score
                if score > best_meld_score:
                    best_meld, best_meld_score = action, score
            elif kind == DISCARD:
                cost = self._discard_cost(pos, target)  # a discard's key holds its card where a meld's has its target
                if pos.size == 1:  # discarding the last card goes out (or walks to the foot, B.9)
                    cost = -1.0e6 if go_out or pos.foot else 1.0e6
                if best_discard < 0 or cost < best_discard_cost:
                    best_discard, best_discard_cost = action, cost
            elif kind == PASS:
                pass_id = action
        if best_meld >= 0 and best_meld_score > 0:
            if not (go_out and best_discard >= 0 and pos.size == 1):
                return best_meld
        if best_discard >= 0:
            return best_discard
        if pass_id >= 0:
            return pass_id
        if best_meld >= 0:
            return best_meld
        return legal[0]

    def _open(self, pos: Position, legal: Sequence[int]) -> int:
        """Play of a side that has not made its initial meld (§1.6): the cheapest opening, or a discard."""
        plan = opening_plan(pos, self.weights)
        started = pos.view.melded_this_turn > 0 or pos.view.pending_pile > 0
        melds = [action for action in legal if DECODED_ACTIONS[action].kind in (MELD, ADD)]
        discards = [action for action in legal if DECODED_ACTIONS[action].kind == DISCARD]
        sequences = [action for action in melds if is_seq_action(action)]
        if sequences and (plan is None or plan[0] > 0):
            # sequences use no wild card; the engine offers them only while the minimum stays
            # reachable, so the most valuable one is a safe start of the initial meld (§1.6, §3.2)
            card_values = pos.facts.rules.card_values
            return first_best(sequences, [seq_points(seq_action_cards(action)[0], card_values)
                                          for action in sequences])
        if plan is not None and (started or plan[0] <= self.weights.open_max_cost) and plan[1]:
            step: Step = plan[1][0]
            action = group_action(*step)
            if action in legal:
                return action
        if melds and (started or not discards):
            return first_best(melds, [self._action_score(pos, action) for action in melds])
        if discards:
            return first_best(discards, [-self._discard_cost(pos, DECODED_ACTIONS[action].card) for action in discards])
        return legal[0]


__all__ = [
    "DEFAULT_WEIGHTS", "NEG", "SHORT_SEQ_SHARE", "WILD_PROGRESS", "HeuristicAgent", "HeuristicWeights", "Position",
    "RulesFacts", "Step", "opening_plan",
]
