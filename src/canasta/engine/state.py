"""The deal's state as plain data: :class:`Meld`, :class:`DealState` and its card-moving primitives.

:class:`DealState` holds every field of a deal (its ``__slots__``), sets the fields that follow from the rules
and the dealer (:meth:`DealState.set_table`), moves cards into and out of hands keeping the counts by card type,
by rank and the hand sizes in step (:func:`give_card`, :func:`take_card`, functions the compiled core calls directly;
in a :class:`SeqState` also the naturals held as bits, for sequences), and answers cheap questions about the state (the
pile's top, whether it is frozen for a side, the melds a side's cards may join...).

Every helper of the engine (move generation, the constraints of the initial meld and of going out, the dowry,
cutthroat alliances, extra cards) takes a :class:`DealState`, never the :class:`~canasta.engine.deal.Deal` that
extends it: the helpers import this module, :mod:`canasta.engine.deal` imports them, and no import runs back.
Where a search plays moves on a copy (:mod:`canasta.engine.constraints.going_out_search`,
:mod:`canasta.engine.constraints.initial_meld_search`), it calls the few methods this class declares and
:class:`~canasta.engine.deal.Deal` implements (``legal_actions``, ``move_for_action``, ``_do``, ``_copy``, ...):
the recursion runs through the object, not through imports.

Representation (DESIGN.md, "How to keep it fast"): a hand is a list of 53 counts per card type plus a list of
14 counts per rank index; the stock and the discard pile are lists whose last element is the top card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from canasta.cards.deck import (
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_WILD,
    JOKER,
    JOKER_RANK,
    N_TYPES,
    THREE,
    TWO,
    card_str,
    is_black_three,
)
from canasta.cards.sequences import NAT_BIT
from canasta.engine.constraints.meld_limits import MeldLimits
from canasta.engine.variant_ranks import VariantRanks
from canasta.moves.notation import SEQ_TARGET
from canasta.rules.american import SPECIAL_HAND_VALUES

if TYPE_CHECKING:
    from canasta.moves.notation import Move
    from canasta.rules.fields import Rules

P_DRAW: Final = 0
P_PLAY: Final = 1
P_ANSWER: Final = 2
P_OVER: Final = 3
"""The phases of a turn (``DealState.phase``): draw, play (meld, add, discard), the partner's answer, deal over."""
PHASE_NAMES: Final = ("draw", "play", "answer", "over")
"""The phases in words, as views and records give them."""

NOT_TO_HAND_RED: Final = IS_RED_THREE
"""Pile cards that never join a hand: red threes (laid out, RULES.md §1.3)."""
NOT_TO_HAND_RED_BLACK: Final = tuple(a or b for a, b in zip(IS_RED_THREE, IS_BLACK_THREE, strict=True))
"""... and black threes where ``black3_from_pile_removed`` (Cuban, §3.2)."""
NO_SKIP: Final = (False,) * N_TYPES
"""... none: every pile card joins the hand where red threes stay in hands (``red3_hand_penalty``)."""

Candidate = tuple[int, int, int, int, int]
"""A move candidate of move generation (a meld or an addition of a rank), a plain tuple on the hot path:
``(action, target, naturals, twos, jokers)`` -- the dense move id, the meld's target (rank index, or
``WILD_TARGET``), and how many natural cards, twos and jokers the move plays. Read it as
``action, target, naturals, twos, jokers = candidate``."""


class Meld:
    """A meld on the table: its target rank, its cards and who made it.

    ``nat`` and ``wild`` count its natural and wild cards; a meld of 7 cards or
    more is a canasta, natural when ``wild == 0`` (RULES.md §1.5). A sequence
    meld (``target == SEQ_TARGET``, §3.2) also keeps its ``span`` (suit, lowest
    rank, highest rank); other melds have ``span == (-1, -1, -1)``.
    """

    __slots__ = ("target", "cards", "nat", "wild", "creator", "turn", "span")

    def __init__(self, target: int, creator: int, turn: int):
        self.target = target
        self.cards: list[int] = []
        self.nat = 0
        self.wild = 0
        self.creator = creator
        self.turn = turn
        self.span: tuple[int, int, int] = (-1, -1, -1)

    @property
    def size(self) -> int:
        """Number of cards in the meld."""
        return len(self.cards)

    @property
    def is_canasta(self) -> bool:
        """Seven cards or more."""
        return len(self.cards) >= 7

    @property
    def is_natural(self) -> bool:
        """No wild card in it."""
        return self.wild == 0

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its constructor's arguments and its other fields (a compiled Meld has no argument-free
        constructor for pickle to call)."""
        return (Meld, (self.target, self.creator, self.turn),
                {"cards": self.cards, "nat": self.nat, "wild": self.wild, "span": self.span})

    def __setstate__(self, state: dict[str, Any]) -> None:
        """The fields :meth:`__reduce__` saved."""
        self.cards = state["cards"]
        self.nat = state["nat"]
        self.wild = state["wild"]
        self.span = state["span"]

    def copy(self) -> Meld:
        """An independent copy (its own card list)."""
        m = Meld(self.target, self.creator, self.turn)
        m.cards = self.cards[:]
        m.nat = self.nat
        m.wild = self.wild
        m.span = self.span
        return m


class EngineCalls:
    """The engine's entry points that :meth:`DealState.legal_actions` and :meth:`DealState.apply_action` call:
    :mod:`canasta.engine.apply` (which imports the move generation this module cannot import: it imports this
    module) puts its own in :data:`ENGINE_CALLS` when it is imported. In the compiled core a call of a method of this
    compiled class is a direct C call, so the two methods of :class:`DealState` reach the engine without a Python
    frame; :class:`~canasta.engine.deal.Deal` uses them in the compiled core (docs/bench.md "The build")."""

    def legal_actions(self, state: DealState) -> list[int]:
        """:func:`canasta.engine.movegen.turn_moves.legal_actions`."""
        raise NotImplementedError("canasta.engine.apply is not imported")

    def play_legal_action(self, state: DealState, action: int) -> Move | None:
        """:func:`canasta.engine.apply.play_legal_action`."""
        raise NotImplementedError("canasta.engine.apply is not imported")

    def play_actions_without_ranks(self, state: DealState) -> list[int]:
        """:func:`canasta.engine.movegen.turn_moves.play_actions` with ``ranks=False`` (not cached)."""
        raise NotImplementedError("canasta.engine.apply is not imported")


ENGINE_CALLS: Final[list[EngineCalls]] = [EngineCalls()]
"""The one :class:`EngineCalls` in use (set by :mod:`canasta.engine.apply`)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # Deal, a Python class, extends it (compiled core)
class DealState:
    """The fields of one deal and the primitives that keep them in step (module docstring).

    :class:`~canasta.engine.deal.Deal` extends it with the rules of play; helpers take a DealState. The methods
    at the end (``legal_actions`` ... ``_search_out_now``) are declared here for the searches that play moves on
    a copy, and implemented by :class:`~canasta.engine.deal.Deal`.
    """

    __slots__ = (  # the fields, typed below
        "rules", "n", "teams", "side_of", "meld_limits", "rank_values", "values", "dealer", "seed", "deck", "hands",
        "rank_counts", "hand_sizes", "stock", "pile", "frozen", "melds", "meld_index", "canastas", "red3", "opened",
        "scores", "minimum", "draw_count", "turn", "actor", "phase", "drew", "pending", "open_total", "turn_new",
        "touched_old", "has_melded", "asked", "answer", "no_discard", "over", "out_seat", "special_seat", "concealed",
        "reshuffles", "_rng", "_rng_shared", "turn_no", "_legal", "partner_of", "stock_out", "conceal_only",
        "black3_removed", "ask_failed", "home", "lone", "opener", "opened_turn", "must_canasta", "blocked_until",
        "variant_ranks", "packets", "talons", "extra_done", "dowry", "seq_canastas", "natural_bits", "seqs",
        "planning", "_out_dead", "_shared", "_open_memo",
    )

    rules: Rules
    n: int
    teams: int
    side_of: tuple[int, ...]
    meld_limits: MeldLimits
    rank_values: tuple[int, ...]
    values: tuple[int, ...]
    dealer: int
    seed: int | None
    deck: tuple[int, ...]
    hands: list[list[int]]
    rank_counts: list[list[int]]
    hand_sizes: list[int]
    stock: list[int]
    pile: list[int]
    frozen: bool
    melds: list[list[Meld]]
    meld_index: list[list[int]]
    canastas: list[int]
    red3: list[list[int]]
    opened: list[bool]
    scores: list[int]
    minimum: list[int]
    draw_count: int
    """Cards a draw from the stock brings in this deal (``Rules.draws_for``: ``round_draws`` by deal, else
    ``draw``; RULES_AMERICAN.md B.4)."""
    turn: int
    actor: int
    phase: int
    drew: int
    pending: list[int]
    open_total: int
    turn_new: list[Meld]
    touched_old: bool
    has_melded: list[bool]
    asked: bool
    answer: int
    no_discard: bool
    over: bool
    out_seat: int
    special_seat: int
    concealed: bool
    reshuffles: int
    _rng: random.Random
    _rng_shared: bool
    turn_no: int
    _legal: list[int] | None
    partner_of: tuple[int, ...]
    stock_out: bool
    conceal_only: bool
    black3_removed: list[list[int]]
    ask_failed: list[int]
    home: tuple[int, ...]
    lone: int
    opener: list[int]
    opened_turn: list[int]
    must_canasta: int
    blocked_until: int
    variant_ranks: VariantRanks
    packets: list[list[int]]
    talons: list[list[int]]
    extra_done: list[bool]
    dowry: list[int]
    seq_canastas: list[int]
    natural_bits: list[int]
    seqs: list[list[Meld]]
    planning: bool
    _out_dead: int
    _shared: bool
    _open_memo: list[Any] | None

    def set_table(self, rules: Rules, dealer: int) -> None:
        """Set the fields that follow from the rules and the dealer alone (seating, values, meld limits).

        Used by ``__init__`` and by code that builds a deal position from parts (search players'
        determinization), so that the derived fields exist in one place.
        """
        self.rules = rules
        n = self.n = rules.players
        t = self.teams = rules.teams
        self.side_of = tuple(s % t for s in range(n))
        self.home = self.side_of  # side each seat starts the deal on (cutthroat alliances change side_of)
        self.lone = -1  # cutthroat: the lone hand's seat once the alliance is formed (canasta.engine.cutthroat)
        self.partner_of = tuple(
            next((p for p in ((s + k) % n for k in range(1, n)) if p % t == s % t), -1) for s in range(n)
        )
        self.values = rules.card_values
        rank_values = [rules.card_values[r * 4] for r in range(13)] + [rules.card_values[JOKER]]
        if rules.min_meld_naturals_only:  # rv values the initial meld: wild cards count 0 (Italian §3.2)
            rank_values[TWO] = rank_values[JOKER_RANK] = 0
        self.rank_values = tuple(rank_values)  # read-only: clones share it
        self.meld_limits = MeldLimits.for_rules(rules, self.rank_values)
        self.variant_ranks = VariantRanks.for_rules(rules)
        self.dealer = dealer
        self.natural_bits = [0] * n  # per seat, the naturals held as bits (sequences.held_bits; kept by SeqDeal)
        self.planning = False  # a clone searched by going_out_search: its move filters keep every move
        self._out_dead = -1  # cache: the turn (turn_no) in which the search found going out impossible (_out_plan_ok)
        self._open_memo = None  # cache: the answers of this turn's initial-meld search (initial_meld_search._memo)
        self._shared = False  # a search copy whose own side's Meld objects are its parent's (_copy, _meld_cards)

    @property
    def rng(self) -> random.Random:
        """The deal's random generator (the shuffle, and the pile reshuffled into the stock, RULES.md §1.10), this
        deal's own.

        A clone (:func:`~canasta.engine.copying.copy_deal`) shares its parent's generator until one of the two
        reads it here: the reader then takes a copy of it first (copy on first use), so the shared generator
        never draws and both deals draw what a deep copy would have drawn. Reading it costs a copy (a few tens of
        microseconds) once per deal that shares it; a clone that never reshuffles never pays it.
        """
        if self._rng_shared:
            own = random.Random(0)
            own.setstate(self._rng.getstate())
            self._rng = own
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_shared = False

    def _turn_upcard(self) -> None:
        stock = self.stock
        while stock:
            c = stock.pop()
            self.pile.append(c)
            if IS_WILD[c] or IS_RED_THREE[c]:
                self.frozen = True
                continue
            if c >> 2 == THREE and self.rules.upcard_black3_turns:
                continue
            break

    def _replace_red_threes(self, seat: int) -> bool:
        """Lay out ``seat``'s red threes (MAC A.3: every three, one may stay for the Straight) and replace them
        (§1.3). True where the stock's last card, a three, stays in his hand (A.10: the caller ends the deal)."""
        if self.rules.red3_hand_penalty:
            return False  # red threes stay in the hand (Hand and Foot, RULES_AMERICAN.md B.7)
        h = self.hands[seat]
        kept = -1  # MAC A.3: the first three held stays for the Straight while the side has not melded
        if self.rules.straight_three and straight_possible(self) and not self.opened[self.side_of[seat]]:
            kept = next((c for c in (4, 5, 6, 7) if h[c]), -1)
        for c in ((4, 5, 6, 7) if self.rules.threes_by_colour else (4 + 1, 4 + 2)):  # 3D, 3H (every three: MAC A.3)
            while h[c] > (c == kept):
                take_card(self, seat, c)
                self.red3[seat].append(c)
                if draw_cards(self, seat, 1) and self.rules.threes_by_colour:
                    return True  # nothing replaces the stock's last card, a three: it stays in the hand (A.10)
        return False

    @property
    def pile_top(self) -> int | None:
        """The card on top of the discard pile (public), or None if the pile is empty."""
        return self.pile[-1] if self.pile else None

    @property
    def pile_size(self) -> int:
        """Number of cards in the discard pile (public)."""
        return len(self.pile)

    @property
    def to_act(self) -> int:
        """Seat that must move now (the partner answering "may I go out?", else the turn's player)."""
        return self.actor

    def first_round(self) -> bool:
        """Whether this is the first turn of the player to move (turns 1..players of the deal)."""
        return self.turn_no <= self.n

    def pile_frozen_for(self, side: int) -> bool:
        """Frozen for ``side``: it has not melded yet, or a wild card or red three is in the pile (§1.7)."""
        return self.frozen or not self.opened[side]

    def frozen_reason(self, side: int) -> str:
        """Why the pile is frozen for ``side``, in words, or '' if it is not."""
        if self.frozen:
            wild = [
                c
                for c in self.pile
                if IS_WILD[c] or IS_RED_THREE[c] or (self.rules.black3_freezes and is_black_three(c))
            ]
            if not wild and self.rules.pile_always_frozen:
                return "frozen for everyone: in this variant the pile is always frozen"
            what = card_str(wild[0]) if wild else "a wild card"
            return f"frozen for everyone: {what} is in the pile"
        if not self.opened[side]:
            return "frozen for your side until it makes its initial meld"
        return ""

    def melds_by_rank(self, side: int, only: list[Meld] | None = None) -> dict[int, list[int]]:
        return side_melds(self, side, only)  # the side's melds that cards of a rank may join

    def mark_dead(self, melds_by_rank: dict[int, list[int]]) -> dict[int, list[int]]:
        """``melds_by_rank`` (a plan's melds by target, ``[naturals, wild cards]``) with every dead rank shown as a
        full meld, its wild cards kept (:meth:`dead_mask`, MAC A.6): no plan melds a card of it. Changed in place
        and returned; unchanged where no rank is dead."""
        dead = self.dead_mask() if self.rules.dead_ranks else 0
        if dead:
            cap = self.rules.meld_cap
            for r in range(2, 13):  # rank indexes 4..A
                if dead >> r & 1:
                    e = melds_by_rank.get(r)
                    wild = e[1] if e is not None else 0
                    melds_by_rank[r] = [cap - wild, wild]
        return melds_by_rank

    def dead_mask(self) -> int:
        """Dead (closed) ranks as bits, bit ``r`` for rank index ``r``: the ranks 4..A of which a side holds a
        canasta, where the rules have ``dead_ranks`` (MAC A.6 [CLA, P]: neither side may start or extend a meld of
        one, nor take a pile topped by one, A.4 [T]); 0 elsewhere."""
        if not self.rules.dead_ranks:
            return 0
        mask = 0
        for side in range(self.teams):
            if self.canastas[side]:
                for m in self.melds[side]:
                    if 2 <= m.target <= 12 and m.is_canasta:  # a canasta of a rank 4..A
                        mask |= 1 << m.target
        return mask

    def cards_to_keep(self) -> int:
        """Cards the player must be able to keep (counting a pile set aside, and his foot while it waits for him,
        RULES_AMERICAN.md B.9) if he cannot go out: 2 (one to discard, one to keep), 1 where he opens with a talon
        due (:func:`talon_due`, MAC A.2)."""
        foot = len(self.packets[self.turn]) if self.rules.has_foot else 0
        if foot and self.rules.foot_pickup == "walk_only":  # he keeps a card to discard (RULES_AMERICAN.md B.9)
            foot = 1
        if self.rules.talon_sizes and talon_due(self, self.turn):  # MAC A.2: down to one card, then the talon
            return max(0, 1 - self._to_hand(self.pending))
        return max(0, 2 - self._to_hand(self.pending) - foot)

    def _to_hand(self, cards: Sequence[int]) -> int:
        """How many of the pile ``cards`` will join the hand (not red threes, nor black threes
        where the variant removes them from play: RULES.md §1.3, §3.2 Cuban)."""
        if not cards:
            return 0
        if self.rules.red3_hand_penalty:
            return len(cards)  # red threes join the hand too (RULES_AMERICAN.md B.7)
        skip = NOT_TO_HAND_RED_BLACK if self.rules.black3_from_pile_removed else NOT_TO_HAND_RED
        return sum(1 for c in cards if not skip[c])

    def _add_to_hand_counts(self, rank_counts: list[int], cards: Sequence[int]) -> None:
        """Add to the rank counts ``rc`` the pile ``cards`` that will join the hand."""
        skip = (NO_SKIP if self.rules.red3_hand_penalty
                else NOT_TO_HAND_RED_BLACK if self.rules.black3_from_pile_removed else NOT_TO_HAND_RED)
        for c in cards:
            if not skip[c]:
                rank_counts[c >> 2] += 1

    def card_census(self) -> list[int]:
        """Copies of each card type found in stock, pile, hands, melds, red threes, removed black threes,
        face-down packets (``extra_cards_from=packet``), the dowry or surpriza under the pile (``dowry``) and the
        talons dealt in advance (``talon_source=predealt``)."""
        got = [0] * N_TYPES
        for c in self.stock:
            got[c] += 1
        for c in self.pile:
            got[c] += 1
        for c in self.pending:
            got[c] += 1
        for h in self.hands:
            for c in range(N_TYPES):
                got[c] += h[c]
        for ms in self.melds:
            for m in ms:
                for c in m.cards:
                    got[c] += 1
        for r in self.red3:
            for c in r:
                got[c] += 1
        for r in self.black3_removed:
            for c in r:
                got[c] += 1
        for p in self.packets:
            for c in p:
                got[c] += 1
        for c in self.dowry:
            got[c] += 1
        for p in self.talons:
            for c in p:
                got[c] += 1
        return got

    def drop_caches(self) -> None:
        """Forget the answers cached for the present state: the legal moves (``_legal``) and "going out is
        impossible this turn" (``_out_dead``). For code that changes a deal's slots by hand (the sampled
        worlds of :mod:`canasta.agents.determinize`); moves keep the caches right by themselves. The caches
        are not state: they hold answers that follow from the state alone. The answers of the turn's
        initial-meld search (``_open_memo``) go too."""
        self._legal = None
        self._out_dead = -1
        self._open_memo = None

    # ------------------------------------------- the entry points (Deal's in the compiled core: no Python frame)

    def legal_actions(self) -> list[int]:
        """Ids of the legal moves of the player to act (empty when the deal is over), in id order.

        The list is cached until the next move; do not modify it
        (:func:`canasta.engine.movegen.turn_moves.legal_actions`, through :data:`ENGINE_CALLS`)."""
        return ENGINE_CALLS[0].legal_actions(self)

    def apply_action(self, action: int) -> Move:
        """Apply the move with id ``action`` (cards chosen by :meth:`move_for_action`) and return it
        (:func:`canasta.engine.apply.play_legal_action`, through :data:`ENGINE_CALLS`).

        Raises:
            IllegalMove: ``action`` is not among :meth:`legal_actions`; state unchanged.
        """
        move = ENGINE_CALLS[0].play_legal_action(self, action)
        if move is None:
            raise self._illegal_action(action)
        return move

    # ------------------------------------------- implemented by canasta.engine.deal.Deal (for the searches)

    def _illegal_action(self, action: int) -> Exception:
        """The :class:`~canasta.errors.IllegalMove` saying why ``action`` is not legal now
        (:meth:`canasta.engine.deal.Deal._illegal_action`)."""
        raise NotImplementedError

    def move_for_action(self, action: int) -> Move:
        """The :class:`~canasta.moves.notation.Move` of a move id (:meth:`canasta.engine.deal.Deal.move_for_action`)."""
        raise NotImplementedError

    def _do(self, action: int, move: Move) -> None:
        """Apply a legal move without checks (:func:`~canasta.engine.apply.play_move`)."""
        raise NotImplementedError

    def _copy(self, own_rng: bool) -> DealState:
        """A copy, or a cheaper search copy without ``own_rng`` (:func:`~canasta.engine.copying.copy_deal`)."""
        raise NotImplementedError

    def _waiver(self) -> bool:
        """Whether the turn's player may meld below the minimum count
        (:func:`~canasta.engine.constraints.minimum_count.minimum_count_waived`)."""
        raise NotImplementedError

    def _out_need(self, side: int, seq_extra: int = 0) -> int:
        """Canastas ``side`` needs to go out
        (:func:`~canasta.engine.constraints.going_out.canastas_needed_to_go_out`)."""
        raise NotImplementedError

    def side_may_go_out(self, side: int, canastas: int | None = None, seq_extra: int = 0) -> bool:
        """Whether ``side`` has the canastas to go out (:meth:`canasta.engine.deal.Deal.side_may_go_out`)."""
        raise NotImplementedError

    def _after_counts(
        self, candidate: Candidate, side_ex: dict[int, list[int]] | None = None
    ) -> tuple[list[int], dict[int, list[int]], int, int]:
        """The hand and melds after a candidate
        (:func:`~canasta.engine.constraints.after_move.counts_after_candidate`)."""
        raise NotImplementedError

    def _last_card_out(self, action: int) -> bool:
        """Whether melding the last card goes out (:func:`~canasta.engine.constraints.going_out.last_card_goes_out`)."""
        raise NotImplementedError

    def _opening_met(self, side: int) -> bool:
        """Whether the turn's melds meet ``side``'s initial meld
        (:func:`~canasta.engine.constraints.initial_meld_reach.initial_meld_reached`)."""
        raise NotImplementedError

    # the filters of the turn's moves, called through the object so that the oracles of the tests can replace
    # them in a subclass (tests/oracles/going_out.py)

    def _opening_candidates(self, cand: list[Candidate], waiver: bool) -> list[Candidate]:
        """The candidates that keep the initial meld reachable
        (:func:`canasta.engine.constraints.initial_meld_reach.initial_meld_candidates`)."""
        raise NotImplementedError

    def _seq_opening_ok(self, used: tuple[int, ...], cn: int, pts: int, waiver: bool, act: int = -1) -> bool:
        """Whether a sequence move keeps the initial meld reachable
        (:func:`canasta.engine.constraints.initial_meld_reach.sequence_initial_meld_ok`)."""
        raise NotImplementedError

    def _out_candidates(self, cand: list[Candidate]) -> list[Candidate]:
        """The candidates that keep going out possible
        (:func:`canasta.engine.constraints.going_out.going_out_candidates`)."""
        raise NotImplementedError

    def _out_ok_cards(self, used: tuple[int, ...], cn: int, seq_done: int = 0) -> bool:
        """Whether playing ``used`` keeps going out possible
        (:func:`canasta.engine.constraints.going_out.going_out_ok_after_cards`)."""
        raise NotImplementedError

    def _search_out_now(self) -> bool:
        """Whether going out is answered by search now
        (:func:`~canasta.engine.constraints.going_out.going_out_by_search_now`)."""
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)
class SeqState(DealState):
    """A deal of a variant with sequences (RULES.md §3.2, :class:`canasta.engine.deal.SeqDeal`): :func:`give_card` and
    :func:`take_card` also keep its ``natural_bits`` (the naturals each seat holds as bits,
    :func:`canasta.cards.sequences.held_bits`), which sequence move generation reads instead of the hand."""

    __slots__ = ()


def side_melds(state: DealState, side: int, only: list[Meld] | None = None) -> dict[int, list[int]]:
    """The side's melds (or ``only`` those) that cards of a rank may join, ``{target: [naturals, wild cards]}``, for
    meld_plans: no sequence, black threes nor twos (Italian); a full canasta left out where ``several_melds_per_rank``
    and ``canasta_max`` (§3.2 Samba); dead ranks full (:meth:`DealState.mark_dead`). Called directly by the compiled
    core (:func:`give_card`) and by :meth:`DealState.melds_by_rank`."""
    if only is None:
        ms = state.melds[side]
        melds_by_rank = {
            t: [ms[i].nat, ms[i].wild] for t, i in enumerate(state.meld_index[side]) if i >= 0 and t not in (THREE, TWO)
        }
    else:
        melds_by_rank = {m.target: [m.nat, m.wild] for m in only if m.target not in (THREE, TWO, SEQ_TARGET)}
    full = state.rules.closed_meld_size
    if full and melds_by_rank:
        for t in [t for t, (nat, wild) in melds_by_rank.items() if nat + wild >= full]:
            del melds_by_rank[t]
    return state.mark_dead(melds_by_rank) if state.rules.dead_ranks else melds_by_rank


def give_card(state: DealState, seat: int, card: int) -> None:
    """Put ``card`` into ``seat``'s hand (its counts by card type and rank, the hand's size; in a :class:`SeqState`
    ``natural_bits``). A function, not a method: the compiled core calls it directly, where a method of a
    :class:`~canasta.engine.deal.Deal` (a Python subclass) called from compiled code is looked up by name."""
    h = state.hands[seat]
    k = h[card]
    if not k and isinstance(state, SeqState):
        state.natural_bits[seat] |= NAT_BIT[card]
    h[card] = k + 1
    # written out (not ``+= 1``): compiled, an augmented item assignment adds two objects (PyNumber_InPlaceAdd)
    rc = state.rank_counts[seat]
    r = card >> 2
    rc[r] = rc[r] + 1
    sizes = state.hand_sizes
    sizes[seat] = sizes[seat] + 1


def take_card(state: DealState, seat: int, card: int) -> None:
    """Take ``card`` out of ``seat``'s hand (the counts of :func:`give_card`); AssertionError if he does not hold it
    (an engine bug: moves are checked before)."""
    h = state.hands[seat]
    k = h[card]
    if k <= 0:
        raise AssertionError("card not in hand")
    h[card] = k - 1
    if k == 1 and isinstance(state, SeqState):
        state.natural_bits[seat] &= ~NAT_BIT[card]
    rc = state.rank_counts[seat]  # written out, as in give_card
    r = card >> 2
    rc[r] = rc[r] - 1
    sizes = state.hand_sizes
    sizes[seat] = sizes[seat] - 1


def draw_cards(state: DealState, seat: int, count: int) -> bool:
    """Draw ``count`` cards into ``seat``'s hand, red threes laid out and replaced (RULES.md §1.3). True if the stock's
    last card was a red three (``threes_by_colour``: any three; it then stays in the hand, MAC A.10)."""
    stock = state.stock
    by_colour = state.rules.threes_by_colour
    laid = NOT_TO_HAND_RED_BLACK if by_colour else NOT_TO_HAND_RED  # every three laid out (MAC A.3)
    lay_out = not state.rules.red3_hand_penalty  # else red threes stay in the hand (RULES_AMERICAN.md B.7)
    while count > 0 and stock:
        c = stock.pop()
        if laid[c] and lay_out:
            if by_colour and not stock:  # the last stock card: no replacement, kept in the hand (MAC A.10)
                give_card(state, seat, c)
                return True
            if by_colour and state.rules.straight_three and keeps_three(state, seat):
                give_card(state, seat, c)  # kept for the Straight: it is the card drawn (MAC A.3)
                count -= 1
                continue
            state.red3[seat].append(c)
            if not stock:
                return True
            continue
        give_card(state, seat, c)
        count -= 1
    return False


def keeps_three(state: DealState, seat: int) -> bool:
    """Whether a three ``seat`` receives now stays in his hand for the Straight (``straight_three``, MAC A.3): the
    variant's special hands hold the Straight, his side has not melded and he holds no three."""
    h = state.hands[seat]
    return not state.opened[state.side_of[seat]] and not (h[4] or h[5] or h[6] or h[7]) and straight_possible(state)


def straight_possible(state: DealState) -> bool:
    """Whether the variant's special hands hold the Straight (``special_hands``, MAC A.11): only then is a three kept
    for it (``straight_three``)."""
    return "straight" in SPECIAL_HAND_VALUES.get(state.rules.special_hands, {})


def turn_card_drawn(state: DealState) -> bool:
    """Whether the turn card has left the stock (A.2): fewer than ``turn_card_from_bottom`` cards remain.
    Always False where there is no turn card (``turn_card_from_bottom`` 0)."""
    return len(state.stock) < state.rules.turn_card_from_bottom


def talon_due(state: DealState, seat: int) -> bool:
    """Whether ``seat``, the player to act, earns a talon if he makes his side's initial meld in this turn, or has
    made it (A.2): he drew from the stock (no pile taken), his side had not opened before this turn, the turn card
    is still in the stock and the talon of his side's place has cards. He may then meld down to one card and
    discard it, his hand empty until the talon joins it at his next turn [HB, T]."""
    sizes = state.rules.talon_sizes
    side = state.side_of[seat]
    if not sizes or state.drew != 1 or turn_card_drawn(state):
        return False
    if state.opened[side] and (state.opener[side] != seat or state.opened_turn[side] != state.turn_no):
        return False
    before = sum(1 for s in range(state.teams) if s != side and state.opened[s])
    if state.rules.talon_source == "predealt":
        return before < len(state.talons) and bool(state.talons[before])
    return bool(state.stock) and before < len(sizes) and sizes[before] > 0
