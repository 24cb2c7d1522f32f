"""What the heuristic reads off a seat's view for one decision: :class:`RulesFacts` (numbers read once
from the rules) and :class:`Position` (the hand, the melds, the threats, going-out checks)."""

from __future__ import annotations

from collections.abc import Sequence

from canasta.agents.goals import needed_targets, out_blocked
from canasta.agents.heuristic_weights import HeuristicWeights
from canasta.agents.seqbot import (
    picked_cards,
    run_keep_costs,
    run_loss,
)
from canasta.cards.deck import ACE, FOUR, JOKER, JOKER_RANK, THREE, TWO
from canasta.engine.constraints.meld_plans import MeldLimits, can_meld_out
from canasta.engine.deal import PlayerView
from canasta.moves.notation import (
    WILD_TARGET,
)
from canasta.rules.fields import Rules
from canasta.scoring.deal_score import meld_points


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

