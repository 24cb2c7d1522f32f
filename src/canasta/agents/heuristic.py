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
from dataclasses import dataclass

from canasta.agents.base import register
from canasta.agents.goals import canasta_value, needed_targets, out_blocked
from canasta.agents.seqbot import (
    is_seq_action,
    picked_cards,
    run_keep_costs,
    run_loss,
    seq_action_cards,
    seq_keep_cost,
    seq_points,
)
from canasta.cards.deck import ACE, FOUR, IS_WILD, JOKER, JOKER_RANK, RANKS, THREE, TWO
from canasta.engine.constraints.meld_plans import MeldLimits, can_meld_out
from canasta.engine.deal import PlayerView
from canasta.moves.actions import ACTIONS, group_action
from canasta.moves.notation import (
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
)
from canasta.rules.fields import Rules
from canasta.scoring.bonuses import meld_points

NEG = -1.0e9
"""Score of a move the player does not want at all (kept only as a last resort)."""
SHORT_SEQ_SHARE = 0.05
"""Share of ``short_sequence_penalty`` charged for melding (or credited for lengthening past it) a
sequence shorter than ``short_sequence_below`` before the deal nears its end (then: all of it)."""
WILD_PROGRESS = 0.15
"""Share of a wild canasta's bonus (per seventh) credited for each wild card put into a meld of wild
cards (Bolivia's 2500, Uruguay's 2000, §3.2, §3.3 a): it makes the player build wild canastas."""


@dataclass(frozen=True)
class HeuristicWeights:
    """Every number the heuristic player uses, in one place.

    Scores are in "heuristic points": a move scoring higher is preferred;
    canasta bonuses enter at their value in game points (RULES.md §1.5), so one
    heuristic point is roughly one game point.
    """

    # --- taking the discard pile (draw phase) ----------------------------------
    take_base: float = 5.0
    """Value of taking the pile at all (the top card melds at once)."""
    take_per_card: float = 4.0
    """Value of each pile card below the top card."""
    take_pair_cost: float = 8.0
    """Cost of taking with a natural pair from the hand (the pair is tied to the meld)."""
    take_two_cost: float = 25.0
    """Cost of taking with a natural and a two (a wild card tied to a small meld)."""
    take_joker_cost: float = 45.0
    """Cost of taking with a natural and a joker."""
    take_open_bonus: float = 30.0
    """Bonus for taking the pile to make the side's initial meld (§1.6)."""
    take_threat_per_card: float = 3.0
    """Cost per pile card when an opponent may go out soon (the cards would stay in hand)."""

    # --- melding (play phase) --------------------------------------------------
    natural: float = 10.0
    """Value of each natural card melded."""
    value: float = 0.2
    """Value per card point melded (aces and kings before fives)."""
    new_meld: float = 4.0
    """Bonus for starting a new meld (one more rank to take the pile with)."""
    two_cost: float = 30.0
    """Cost of melding a two where it does not complete a canasta."""
    joker_cost: float = 50.0
    """Cost of melding a joker where it does not complete a canasta."""
    complete_wild_factor: float = 0.2
    """Wild-card cost multiplier when the move completes a canasta."""
    late_wild_factor: float = -0.3
    """Wild-card cost multiplier late in the deal (negative: getting rid of them pays)."""
    open_bonus: float = 25.0
    """Bonus of any meld made towards the side's initial meld."""
    open_wild_cost: float = 1.0
    """Wild-card cost multiplier while making the initial meld."""
    open_max_cost: float = 80.0
    """Most wild-card cost (two_cost, joker_cost each) the player spends to make the initial meld."""
    canasta: float = 1.0
    """Multiplier of the canasta bonus (§1.5) when a move completes a canasta."""
    late_natural: float = 5.0
    """Extra value per card melded late in the deal (cards left in hand cost points)."""
    reserve: int = 6
    """Cards to keep in hand after a meld that completes no canasta (pairs take the pile)."""
    reserve_cost: float = 15.0
    """Cost per card a meld takes the hand below ``reserve`` (not late in the deal)."""
    # --- going-out needs by kind of canasta (Pennies from Heaven §3.5, agents/goals.py) ---
    needed_kind: float = 60.0
    """Value per card added to a meld whose canasta the side still needs to go out (sevens, wild
    cards); for a meld of wild cards it also cancels the wild-card cost."""
    needed_sequence: float = 20.0
    """Value per card melded into a sequence while the side still lacks the sequence canastas that going
    out asks for (``sequence_canastas_to_go_out``: Bolivia's escalera, §3.2)."""
    needed_sequence_keep: float = 3.0
    """Multiplier of a card's sequence keep cost (:func:`canasta.agents.seqbot.seq_keep_cost`) while the
    side still lacks those sequence canastas."""
    stop_rank: float = 6.0
    """Cost of discarding a card of ``pile_blocking_rank`` (it stops the pile like a black three)."""

    # --- discarding ------------------------------------------------------------
    keep_pair: float = 25.0
    """Cost of breaking a pair (or more) of a rank: pairs take the pile and make melds."""
    keep_value: float = 0.3
    """Cost per card point of discarding a card (high cards help the initial meld)."""
    keep_value_opened: float = -0.1
    """Same once the side has melded: a high card left in hand costs more points."""
    keep_own_rank: float = 10.0
    """Cost of discarding a rank the own side has melded."""
    feed_meld: float = 30.0
    """Danger per pile card of discarding a rank the next player's side has melded (open pile)."""
    feed_pair: float = 8.0
    """Danger per pile card of a discard the next player may match with a pair, by unseen copies."""
    frozen_feed_factor: float = 0.4
    """Danger multiplier when the pile is frozen for the next player (a natural pair is needed)."""
    black3_base: float = 12.0
    """Cost of discarding a black three into a small pile (keep it as a stop card for later)."""
    black3_per_card: float = 4.0
    """Less cost per pile card: the bigger the pile, the more a black three is worth discarding."""
    keep_two: float = 150.0
    """Cost of discarding a two."""
    keep_joker: float = 250.0
    """Cost of discarding a joker."""
    freeze_pile: int = 7
    """Pile size from which a wild card is discarded to freeze an open, threatened pile."""
    freeze_two: float = 20.0
    """Cost of discarding a two to freeze such a pile."""
    freeze_joker: float = 60.0
    """Cost of discarding a joker to freeze such a pile."""

    # --- going out and answering -----------------------------------------------
    out_canastas: int = 1
    """Canastas the side wants before going out when nothing presses."""
    threat_cards: int = 3
    """An opponent holding this many cards or fewer, whose side has its canastas, may go out soon."""
    late_stock_per_player: int = 3
    """The deal is near its end when the stock holds this many cards per player or fewer."""
    yes_hand_points: int = 60
    """Answer yes when the own hand holds at most this many points."""
    yes_lead: int = 1000
    """Answer yes when the side's melds (with canasta bonuses) lead every other side's by this many points."""


DEFAULT_WEIGHTS = HeuristicWeights()


class RulesFacts:
    """Numbers read once from the rules: card values by rank, meld limits, copies per rank."""

    __slots__ = ("rules", "rank_values", "meld_limits", "copies", "b3_pen", "need", "_canastas")

    def __init__(self, rules: Rules):
        self.rules = rules
        vals = rules.card_values
        self.rank_values = [vals[r * 4] for r in range(13)] + [vals[JOKER]]
        if rules.min_meld_naturals_only:  # wild cards do not count towards the minimum (Italian)
            self.rank_values[TWO] = self.rank_values[JOKER_RANK] = 0
        self.meld_limits = MeldLimits.for_rules(rules, self.rank_values)  # canasta_max and melds of wild cards too
        self.copies = 4 * rules.packs
        self.b3_pen = rules.black3_hand_penalty
        self.need = rules.canastas_to_go_out
        self._canastas: dict[tuple[int, ...], int] = {}

    def canasta_points(self, cards: tuple[int, ...]) -> int:
        """Points of a canasta of ``cards`` on the table (card values and bonus), as the scoring function
        counts them (:func:`canasta.scoring.deal_score.meld_points`: wild, sequence, twos, sevens, aces canastas...)."""
        b = self._canastas.get(cards)
        if b is None:
            b = self._canastas[cards] = meld_points(self.rules, cards)
        return b


class Position:
    """What the heuristic reads off a view, computed once per decision.

    Attributes:
        rc: the hand's counts by rank index (0 = two ... 12 = ace, 13 = joker); size: cards in hand.
        mine: the own side's melds, target -> (naturals, wild cards); ex: the same as lists,
            black threes left out, and full canastas where a new meld of their rank may be started
            (the form :mod:`canasta.engine.constraints.meld_plans` takes, as ``Deal._ex``). wild_jokers: the jokers
            in the own side's meld of wild cards (0 without one).
        canastas, table: each side's canastas and meld points as they would score now (card values and
            canasta bonuses; negative where ``melds_negative_without_canasta`` and the side has no canasta).
        opened: the own side has made its initial meld. late: the deal is near its end
            (small stock). threat: an opponent whose side has its canastas holds few cards.
        next_side, next_melds: the side of the next player (the only one who can take a
            discard) and its melds. visible: copies of each rank seen (own hand, melds, pile top).
        hand_points: what the hand would cost if the deal ended now, in points.
        runs: keep values of the cards of runs the hand collects towards a sequence laid down whole
            (escalator §3.5, :func:`canasta.agents.seqbot.run_keep_costs`); empty elsewhere.
        seq_needed: the side still lacks the sequence canastas going out asks for (Bolivia, §3.2).
    """

    __slots__ = ("view", "f", "rank_counts", "mine", "ex", "canastas", "table", "opened", "late", "threat",
                 "next_side", "next_melds", "visible", "hand_points", "size", "blocked", "needed", "runs",
                 "seq_needed", "wild_jokers")

    def __init__(self, view: PlayerView, f: RulesFacts, w: HeuristicWeights):
        self.view = view
        self.f = f
        rules = f.rules
        rc = [0] * 14
        for c in view.hand:
            rc[c >> 2] += 1
        self.rank_counts = rc
        self.size = len(view.hand)
        visible = rc[:]
        teams = rules.teams
        canastas = [0] * teams
        table = [0] * teams
        melds: list[dict[int, tuple[int, int]]] = []
        self.wild_jokers = 0
        vals = rules.card_values
        for side in range(teams):
            d: dict[int, tuple[int, int]] = {}
            for m in view.melds[side]:
                # points as scored (:func:`canasta.scoring.deal_score.meld_points` for a canasta)
                table[side] += f.canasta_points(m.cards) if m.canasta else sum(vals[c] for c in m.cards)
                if m.span is not None:  # a sequence (§3.2): no rank to add to, a canasta at 7
                    for c in m.cards:
                        visible[c >> 2] += 1
                    if m.canasta:
                        canastas[side] += 1
                    continue
                wild = sum(1 for c in m.cards if c == JOKER or (c >> 2 == TWO and m.target != TWO))
                nat = len(m.cards) - wild
                d[m.target] = (nat, wild)
                if side == view.side and m.target == WILD_TARGET:
                    self.wild_jokers = sum(1 for c in m.cards if c == JOKER)
                if m.target < 13:
                    visible[m.target] += nat
                if m.canasta:
                    if rules.wild_canastas_count or m.target not in (TWO, WILD_TARGET):  # Italian §3.2
                        canastas[side] += 1
            melds.append(d)
        if rules.melds_negative_without_canasta:  # melded but no canasta: the melds count against (§3.4)
            table = [t if canastas[side] else -t for side, t in enumerate(table)]
        if view.pile_top is not None and view.pile_top != JOKER:
            visible[view.pile_top >> 2] += 1
        self.visible = visible
        me = view.side
        self.mine = melds[me]
        full = rules.closed_meld_size  # as Deal._ex: a new meld of its rank starts beside it
        self.ex = {t: [nw[0], nw[1]] for t, nw in self.mine.items()
                   if t != THREE and t != TWO and not (full and nw[0] + nw[1] >= full)}
        self.canastas = canastas
        self.table = table
        self.opened = view.opened[me]
        n = rules.players
        self.late = view.stock_size <= w.late_stock_per_player * n
        threat = False
        for seat in range(n):
            s = view.side_of(seat)  # a cutthroat partnership shares a side (§3.1)
            if s != me and canastas[s] >= f.need and view.hand_sizes[seat] <= w.threat_cards:
                threat = True
        self.threat = threat
        nxt = (view.seat + 1) % n
        self.next_side = view.side_of(nxt)
        self.next_melds = melds[self.next_side]
        pen = f.b3_pen
        self.hand_points = sum(pen if (c >> 2 == THREE and c != JOKER) else vals[c] for c in view.hand)
        self.blocked = out_blocked(view)  # extra cards, red threes, kinds of canasta (goals.py)
        self.needed = needed_targets(view)
        self.runs = run_keep_costs(view)
        self.seq_needed = not self.seq_out_ok()

    def run_loss(self, rank: int, naturals: int) -> float:
        """Keep value of runs being collected that a meld, addition or take of ``naturals`` naturals
        of ``rank`` (cards picked as the engine picks them) gives up (0 without such runs)."""
        if not self.runs or not FOUR <= rank <= ACE:
            return 0.0
        hand = self.view.hand
        return run_loss(hand, self.runs, picked_cards(hand, rank, naturals))

    def can_out(self) -> bool:
        """Whether this hand can be melded out now (all cards, or all but one discarded), §1.9."""
        if self.view.pending_pile or self.blocked or not self.seq_out_ok():
            return False
        me = self.view.side
        return can_meld_out(self.rank_counts, self.ex, self.f.meld_limits, self.canastas[me], self.f.need)

    def out_after(self, r: int, n: int, t: int, j: int) -> bool:
        """Whether going out stays possible after a meld or addition (§1.9).

        The move melds ``n`` naturals of target ``r`` (a rank index, black threes
        or the wild meld), ``t`` twos and ``j`` jokers.
        """
        rc = self.rank_counts[:]
        ex = {k: v[:] for k, v in self.ex.items()}
        me = self.view.side
        canastas = self.canastas[me]
        if r == THREE:
            rc[THREE] -= n
        else:
            rc[r if r != WILD_TARGET else TWO] -= n
            rc[TWO] -= t
            rc[JOKER_RANK] -= j
            cur = ex.get(r)
            before = cur[0] + cur[1] if cur else 0
            ex[r] = [n, t + j] if cur is None else [cur[0] + n, cur[1] + t + j]
            if before < 7 <= before + n + t + j:
                canastas += 1
        if sum(rc) == 0:
            return canastas >= self.f.need
        return can_meld_out(rc, ex, self.f.meld_limits, canastas, self.f.need)

    def seq_out_ok(self) -> bool:
        """Whether the side has the sequence canastas going out asks for (Bolivia, §3.2)."""
        want = self.f.rules.sequence_canastas_to_go_out
        if not want:
            return True
        have = sum(1 for m in self.view.melds[self.view.side] if m.span is not None and m.canasta)
        return have >= want

    def out_after_cards(self, cards: Sequence[int], completes: bool) -> bool:
        """Whether going out stays possible after melding ``cards`` into a sequence (§1.9, §3.2)."""
        rc = self.rank_counts[:]
        for c in cards:
            rc[c >> 2] -= 1
        canastas = self.canastas[self.view.side] + (1 if completes else 0)
        if sum(rc) == 0:
            return canastas >= self.f.need
        return can_meld_out(rc, self.ex, self.f.meld_limits, canastas, self.f.need)


Step = tuple[int, int, int, int, int]
"""A meld or addition: (kind, target, naturals, twos, jokers), as in ``ACTIONS``."""


def opening_plan(pos: Position, w: HeuristicWeights) -> tuple[float, list[Step]] | None:
    """The cheapest melds that reach the side's initial meld this turn (RULES.md §1.6).

    Cheapest means: least wild-card cost (``two_cost``, ``joker_cost``), then fewest
    cards, so the minimum is just reached. Each rank of which the hand holds a
    natural pair or more is melded whole (a pair with a wild card); melds already
    made this turn can take more cards. At least two cards (counting a pile set
    aside) stay in the hand, as the engine requires (§1.4).

    Returns:
        (cost, steps) or None when the minimum cannot be reached this turn.
    """
    view = pos.view
    f = pos.f
    rc = pos.rank_counts
    lim = f.meld_limits
    rv = f.rank_values
    need = view.minimums[view.side] - view.melded_this_turn
    if need <= 0:
        return 0.0, []
    max_used = pos.size - max(0, 2 - view.pending_pile)
    # (value, rank, kind, naturals, wild cards required, room for wild cards)
    groups: list[tuple[int, int, int, int, int, int]] = []
    for r in range(FOUR, ACE + 1):
        c = rc[r]
        if not c:
            continue
        e = pos.ex.get(r)
        if e is not None:
            groups.append((c * rv[r], r, ADD, c, 0, lim.capacity(e[0] + c, e[1])))
        elif c >= lim.min_nat:
            req = max(0, 3 - c)
            cap = lim.capacity(c, 0)
            if cap >= req:
                groups.append((c * rv[r], r, MELD, c, req, cap))
    groups.sort(reverse=True)
    del groups[8:]
    twos, jokers = rc[TWO], rc[JOKER_RANK]
    v2, vj = rv[TWO], rv[JOKER_RANK]
    best_key: tuple[float, int] | None = None
    best: tuple[int, int, int] = (0, 0, 0)
    for mask in range(1, 1 << len(groups)):
        value = nat = req = cap = 0
        for i, g in enumerate(groups):
            if mask >> i & 1:
                value += g[0]
                nat += g[3]
                req += g[4]
                cap += g[5]
        if nat + req > max_used:
            continue
        for t in range(min(twos, cap) + 1):
            for j in range(min(jokers, cap - t) + 1):
                if t + j < req:
                    continue
                if nat + t + j > max_used or value + t * v2 + j * vj < need:
                    continue
                key = (t * w.two_cost + j * w.joker_cost, nat + t + j)
                if best_key is None or key < best_key:
                    best_key, best = key, (mask, t, j)
                break  # more jokers only cost more
    if best_key is None:
        return None
    mask, t_left, j_left = best
    chosen = [g for i, g in enumerate(groups) if mask >> i & 1]
    wild_of = []
    for g in chosen:  # the wild cards a pair needs: twos first
        t = min(g[4], t_left)
        t_left -= t
        j = g[4] - t
        j_left -= j
        wild_of.append([t, j])
    for k, g in enumerate(chosen):  # extra wild cards where there is room
        room = g[5] - sum(wild_of[k])
        t = min(room, t_left)
        j = min(room - t, j_left)
        t_left -= t
        j_left -= j
        wild_of[k][0] += t
        wild_of[k][1] += j
    steps = [(g[2], g[1], g[3], wt[0], wt[1]) for g, wt in zip(chosen, wild_of, strict=True)]
    return best_key[0], steps


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


register("heuristic", lambda seed: HeuristicAgent(seed))
