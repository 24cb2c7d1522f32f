"""What the heuristic reads off a seat's view for one decision: :class:`RulesFacts` (numbers read once
from the rules) and :class:`Position` (the hand, the melds, the threats, going-out checks)."""

from __future__ import annotations

from collections.abc import Sequence

from mypy_extensions import mypyc_attr

from canasta.agents.goals import needed_targets, out_blocked
from canasta.agents.heuristic_weights import HeuristicWeights
from canasta.agents.seqbot import picked_cards, run_keep_costs, run_loss
from canasta.cards.deck import ACE, FOUR, IS_RED_THREE, JOKER, JOKER_RANK, RANKS, THREE, TWO
from canasta.engine.constraints.meld_limits import MeldLimits
from canasta.engine.constraints.meld_plans import can_meld_out
from canasta.engine.deal import PlayerView
from canasta.moves.notation import WILD_TARGET
from canasta.rules.fields import Rules
from canasta.scoring.bonuses import meld_points


def incomplete_penalties(rules: Rules) -> dict[int, int]:
    """Targets whose incomplete meld blocks going out and costs points at the end of the deal, with those points
    (MAC A.9, A.12, read from ``incomplete_blocks_going_out`` and the ``incomplete_*_penalty`` fields; the aces
    penalty charges natural melds only). Empty unless ``incomplete_blocks_going_out``."""
    if not rules.incomplete_blocks_going_out:
        return {}
    out = {}
    if rules.incomplete_aces_penalty:
        out[ACE] = rules.incomplete_aces_penalty
    if rules.incomplete_sevens_penalty:
        out[RANKS.index("7")] = rules.incomplete_sevens_penalty
    if rules.incomplete_wild_penalty and rules.wild_melds:
        out[WILD_TARGET] = rules.incomplete_wild_penalty
    return out


def held_penalties(rules: Rules) -> dict[int, int]:
    """Ranks whose cards cost a player holding ``held_rank_penalty_from`` of them or more at the end of the deal a
    penalty, with that penalty (MAC A.12: 1,500 for 3 aces, 1,500 for 3 sevens; read from ``held_aces_penalty``
    and ``held_sevens_penalty``). Empty where neither is set (every other preset)."""
    out = {}
    if rules.held_aces_penalty:
        out[ACE] = rules.held_aces_penalty
    if rules.held_sevens_penalty:
        out[RANKS.index("7")] = rules.held_sevens_penalty
    return out


@mypyc_attr(native_class=False)  # compiled: a Python class, so that it pickles and copies as in the pure build
class RulesFacts:
    """Numbers read once from the rules: card values by rank, meld limits, copies per rank.

    Attributes:
        rules: the variant. rank_values: points of a card by rank index (13 = joker; wild cards 0 where they do
            not count towards the minimum, Italian). meld_limits: what a meld may hold
            (:class:`~canasta.engine.constraints.meld_limits.MeldLimits`). copies: cards of each rank in the
            packs. black_three_penalty: what a black three left in a hand costs. canastas_to_go_out: canastas a
            side needs to go out (§1.9). incomplete_penalties: target (rank index or WILD_TARGET) -> points an
            incomplete meld of it costs at the end of the deal and blocks going out (MAC A.9, A.12:
            ``incomplete_blocks_going_out``; natural aces, sevens, wild cards), empty elsewhere.
            held_penalties: rank index -> points a player holding ``held_from`` natural cards of it or more loses
            at the end of the deal (MAC A.12, :func:`held_penalties`), empty elsewhere.
    """

    __slots__ = ("rules", "rank_values", "meld_limits", "copies", "black_three_penalty", "canastas_to_go_out",
                 "incomplete_penalties", "held_penalties",
                 "held_from", "_canastas")

    def __init__(self, rules: Rules):
        self.rules = rules
        card_values = rules.card_values
        self.rank_values = [card_values[rank * 4] for rank in range(13)] + [card_values[JOKER]]
        if rules.min_meld_naturals_only:  # wild cards do not count towards the minimum (Italian)
            self.rank_values[TWO] = self.rank_values[JOKER_RANK] = 0
        self.meld_limits = MeldLimits.for_rules(rules, self.rank_values)  # canasta_max and melds of wild cards too
        self.copies = 4 * rules.packs
        self.black_three_penalty = rules.black3_hand_penalty
        self.canastas_to_go_out = rules.canastas_to_go_out
        self.incomplete_penalties = incomplete_penalties(rules)
        self.held_penalties = held_penalties(rules)
        self.held_from = rules.held_rank_penalty_from
        self._canastas: dict[tuple[int, ...], int] = {}

    def canasta_points(self, cards: tuple[int, ...]) -> int:
        """Points of a canasta of ``cards`` on the table (card values and bonus), as the scoring function
        counts them (:func:`canasta.scoring.bonuses.meld_points`: wild, sequence, twos, sevens, aces canastas...)."""
        points = self._canastas.get(cards)
        if points is None:
            points = self._canastas[cards] = meld_points(self.rules, cards)
        return points


@mypyc_attr(native_class=False)  # compiled: a Python class, so that it pickles and copies as in the pure build
class _Table:
    """What the melds on the table show, read once per decision (:meth:`Position._read_table`)."""

    __slots__ = ("canastas", "points", "melds", "visible", "wild_jokers")

    def __init__(self, teams: int, visible: list[int]):
        self.canastas = [0] * teams
        self.points = [0] * teams
        self.melds: list[dict[int, tuple[int, int]]] = []
        self.visible = visible
        self.wild_jokers = 0


@mypyc_attr(native_class=False)  # compiled: a Python class, so that it pickles and copies as in the pure build
class Position:
    """What the heuristic reads off a view, computed once per decision.

    Attributes:
        view: the seat's view. facts: the numbers of the rules (:class:`RulesFacts`).
        rank_counts: the hand's counts by rank index (0 = two ... 12 = ace, 13 = joker); size: cards in hand.
        mine: the own side's melds, target -> (naturals, wild cards); extendable: the same as lists,
            black threes left out, and full canastas where a new meld of their rank may be started
            (the form :mod:`canasta.engine.constraints.meld_plans` takes). wild_jokers: the jokers
            in the own side's meld of wild cards (0 without one).
        canastas, table: each side's canastas and meld points as they would score now (card values and
            canasta bonuses; negative where ``melds_negative_without_canasta`` and the side has no canasta).
        opened: the own side has made its initial meld. late: the deal is near its end
            (small stock). threat: an opponent whose side has its canastas holds few cards.
        next_side, next_melds: the side of the next player (the only one who can take a
            discard) and its melds. visible: copies of each rank seen (own hand, melds, pile top).
        hand_points: what the hand would cost if the deal ended now, in points (red threes at
            ``red3_hand_penalty`` where they are kept in hands, Hand and Foot B.7).
        held_points: the penalties the hand would cost if the deal ended now for the aces or sevens it holds
            (``RulesFacts.held_penalties``, MAC A.12; 0 elsewhere).
        blocked: going out is barred for a reason of the variant (:func:`canasta.agents.goals.out_blocked`).
        needed: targets whose canasta the side still needs to go out (:func:`canasta.agents.goals.needed_targets`).
        runs: keep values of the cards of runs the hand collects towards a sequence laid down whole
            (escalator §3.5, :func:`canasta.agents.seqbot.run_keep_costs`); empty elsewhere.
        seq_needed: the side still lacks the sequence canastas going out asks for (Bolivia, §3.2).
        foot: cards of the seat's foot still waiting for him (``Rules.has_foot``, Hand and Foot B.9; else 0).
        clean_short: natural (clean) canastas the contract ``going_out_canastas`` still asks of the side (B.10).
        clean_open: the side's open melds of a rank without a wild card (the candidates for those books).
    """

    __slots__ = ("view", "facts", "rank_counts", "mine", "extendable", "canastas", "table", "opened", "late",
                 "threat", "next_side", "next_melds", "visible", "hand_points", "held_points", "size", "blocked",
                 "needed", "runs", "seq_needed", "wild_jokers", "foot", "clean_short", "clean_open")

    def __init__(self, view: PlayerView, facts: RulesFacts, weights: HeuristicWeights):
        self.view = view
        self.facts = facts
        rules = facts.rules
        rank_counts = [0] * 14
        for card in view.hand:
            rank_counts[card >> 2] += 1
        self.rank_counts = rank_counts
        self.size = len(view.hand)
        table = self._read_table(view, facts, rank_counts[:])
        self.visible = table.visible
        self.wild_jokers = table.wild_jokers
        me = view.side
        self.mine = table.melds[me]
        full = rules.closed_meld_size  # a new meld of its rank starts beside a closed one
        self.extendable = {target: [sizes[0], sizes[1]] for target, sizes in self.mine.items()
                           if target != THREE and target != TWO and not (full and sizes[0] + sizes[1] >= full)}
        canastas = self.canastas = table.canastas
        self.table = table.points
        self.opened = view.opened[me]
        players = rules.players
        self.late = view.stock_size <= weights.late_stock_per_player * players
        threat = False
        for seat in range(players):
            side = view.side_of(seat)  # a cutthroat partnership shares a side (§3.1)
            if (side != me and canastas[side] >= facts.canastas_to_go_out
                    and view.hand_sizes[seat] <= weights.threat_cards):
                threat = True
        self.threat = threat
        self.next_side = view.side_of((view.seat + 1) % players)
        self.next_melds = table.melds[self.next_side]
        black_three = facts.black_three_penalty
        card_values = rules.card_values
        self.hand_points = sum(black_three if (card >> 2 == THREE and card != JOKER) else card_values[card]
                               for card in view.hand)
        if rules.red3_hand_penalty:  # red threes kept in hands cost their penalty (Hand and Foot B.7: 500 each)
            self.hand_points += sum(rules.red3_hand_penalty - black_three for card in view.hand if IS_RED_THREE[card])
        held = facts.held_penalties
        self.held_points = sum(points for rank, points in held.items()
                               if rank_counts[rank] >= facts.held_from) if held else 0
        self.blocked = out_blocked(view)  # extra cards, red threes, kinds of canasta (goals.py)
        self.needed = needed_targets(view)
        self.runs = run_keep_costs(view)
        self.seq_needed = not self.seq_out_ok()
        self.foot = view.packet_sizes[view.seat] if rules.has_foot and view.packet_sizes else 0
        self.clean_short = self.clean_open = 0
        if rules.going_out_canastas:
            self._read_contract(view, rules)

    def _read_contract(self, view: PlayerView, rules: Rules) -> None:
        """``clean_short`` and ``clean_open`` from the side's melds (Hand and Foot's contract, B.10)."""
        clean = sum(1 for meld in view.melds[view.side] if meld.canasta and meld.natural and meld.span is None
                    and meld.target < 13)
        self.clean_short = max(0, sum(1 for kind in rules.going_out_canastas if kind == "natural") - clean)
        full = rules.closed_meld_size or 7
        self.clean_open = sum(1 for target, (naturals, wild) in self.mine.items()
                              if target < 13 and target != THREE and not wild and naturals < full)

    @staticmethod
    def _read_table(view: PlayerView, facts: RulesFacts, visible: list[int]) -> _Table:
        """Each side's canastas, meld points and melds by target, and ``visible`` (the hand's counts by rank) with
        the melded naturals and the pile's top card added."""
        rules = facts.rules
        card_values = rules.card_values
        table = _Table(rules.teams, visible)
        for side in range(rules.teams):
            by_target: dict[int, tuple[int, int]] = {}
            for meld in view.melds[side]:
                # points as scored (:func:`canasta.scoring.bonuses.meld_points` for a canasta)
                table.points[side] += (facts.canasta_points(meld.cards) if meld.canasta
                                       else sum(card_values[card] for card in meld.cards))
                if meld.span is not None:  # a sequence (§3.2): no rank to add to, a canasta at 7
                    for card in meld.cards:
                        visible[card >> 2] += 1
                    if meld.canasta:
                        table.canastas[side] += 1
                    continue
                wild = sum(1 for card in meld.cards if card == JOKER or (card >> 2 == TWO and meld.target != TWO))
                naturals = len(meld.cards) - wild
                by_target[meld.target] = (naturals, wild)
                if side == view.side and meld.target == WILD_TARGET:
                    table.wild_jokers = sum(1 for card in meld.cards if card == JOKER)
                if meld.target < 13:
                    visible[meld.target] += naturals
                if meld.canasta and (rules.wild_canastas_count or meld.target not in (TWO, WILD_TARGET)):
                    table.canastas[side] += 1  # a canasta of wild cards does not count in Italian (§3.2)
            table.melds.append(by_target)
        if rules.melds_negative_without_canasta:  # melded but no canasta: the melds count against (§3.4)
            table.points = [points if table.canastas[side] else -points for side, points in enumerate(table.points)]
        if view.pile_top is not None and view.pile_top != JOKER:
            visible[view.pile_top >> 2] += 1
        return table

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
        facts = self.facts
        return can_meld_out(self.rank_counts, self.extendable, facts.meld_limits, self.canastas[self.view.side],
                            facts.canastas_to_go_out)

    def out_after(self, target: int, naturals: int, twos: int, jokers: int) -> bool:
        """Whether going out stays possible after a meld or addition (§1.9).

        The move melds ``naturals`` naturals of ``target`` (a rank index, black threes
        or the wild meld), ``twos`` twos and ``jokers`` jokers.
        """
        rank_counts = self.rank_counts[:]
        extendable = {key: sizes[:] for key, sizes in self.extendable.items()}
        canastas = self.canastas[self.view.side]
        if target == THREE:
            rank_counts[THREE] -= naturals
        else:
            rank_counts[target if target != WILD_TARGET else TWO] -= naturals
            rank_counts[TWO] -= twos
            rank_counts[JOKER_RANK] -= jokers
            current = extendable.get(target)
            before = current[0] + current[1] if current else 0
            extendable[target] = ([naturals, twos + jokers] if current is None
                                  else [current[0] + naturals, current[1] + twos + jokers])
            if before < 7 <= before + naturals + twos + jokers:
                canastas += 1
        if sum(rank_counts) == 0:
            return canastas >= self.facts.canastas_to_go_out
        return can_meld_out(rank_counts, extendable, self.facts.meld_limits, canastas, self.facts.canastas_to_go_out)

    def seq_out_ok(self) -> bool:
        """Whether the side has the sequence canastas going out asks for (Bolivia, §3.2)."""
        want = self.facts.rules.sequence_canastas_to_go_out
        if not want:
            return True
        have = sum(1 for meld in self.view.melds[self.view.side] if meld.span is not None and meld.canasta)
        return have >= want

    def out_after_cards(self, cards: Sequence[int], completes: bool) -> bool:
        """Whether going out stays possible after melding ``cards`` into a sequence (§1.9, §3.2)."""
        rank_counts = self.rank_counts[:]
        for card in cards:
            rank_counts[card >> 2] -= 1
        canastas = self.canastas[self.view.side] + (1 if completes else 0)
        if sum(rank_counts) == 0:
            return canastas >= self.facts.canastas_to_go_out
        return can_meld_out(rank_counts, self.extendable, self.facts.meld_limits, canastas,
                            self.facts.canastas_to_go_out)
