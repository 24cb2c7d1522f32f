"""The deal state machine: deal, legal moves, apply, views, end of deal.

:class:`Deal` holds one deal from the shuffle to scoring. It lists the legal
moves of the player to act (as dense ids, :meth:`Deal.legal_actions`, or as
:class:`~canasta.moves.notation.Move` values, :meth:`Deal.legal_moves`), applies a move
atomically (an illegal move raises :class:`IllegalMove` with the rule in words
and changes nothing), and hands out :meth:`Deal.view` snapshots that hold only
what one seat may know.

Representation (DESIGN.md, "How to keep it fast"): a hand is a list of 53
counts per card type plus a list of 14 counts per rank index; the stock and the
discard pile are lists whose last element is the top card.

Rules: RULES.md §1 (the turn, melds, the pile, red and black threes, going
out, the stock running out), §2 (options), §3.1 (player counts) and the variant
fields of §3.2 (Cuban; the Samba family: sequence melds through
:mod:`canasta.engine.movegen.sequences`, several melds of a rank, an initial meld with a canasta
through :mod:`canasta.engine.constraints.canasta_in_opening`), §3.3 (Uruguayan, Spanish), §3.4 (Romanian tiles: the
initial-meld rules of :mod:`canasta.engine.constraints.initial_meld`, the surpriza of :mod:`canasta.engine.dowry`)
and §3.5 (Free Canasta); every difference is read from a :class:`~canasta.rules.fields.Rules` field.

Conventions fixed here where the sources leave a choice (see docs/rules/classic.md):

* Red threes dealt are laid out and replaced right after the upcard is
  turned, seat by seat from the first player (§1.3 allows either order).
* A player asks "may I go out?" only when he can go out in this turn; after a
  "yes" the engine offers only moves that keep going out possible.
* When the stock is gone (``stock_end=forced_take``) the one-card rule is
  lifted, as S1 says ("a menos que el mazo se haya terminado").
* Cards of a taken pile that never join a hand (red threes, and black threes
  where ``black3_from_pile_removed``) are not counted as cards the player will
  hold when the engine checks that he keeps a card to discard.
* With ``ask_requires_going_out=false`` (Spanish) a player may ask at any time;
  if told yes and unable to go out, his side is charged ``ask_fail_penalty``
  (``ask_failed``) and he plays on as if he had not asked.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Any

from canasta.cards.deck import (
    ACE,
    FOUR,
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_WILD,
    JOKER,
    JOKER_RANK,
    N_TYPES,
    RANKS,
    THREE,
    TWO,
    card_str,
    deck_counts,
    deck_list,
    is_black_three,
)
from canasta.cards.sequences import bits_runs, extended, held_bits, sequence_problem, span_cards, span_str
from canasta.engine.constraints.bounds import (
    loose_cards_fit,
    may_meld_out,
    naturals_melded,
    naturals_reach,
    pair_takes_wild,
)
from canasta.engine.constraints.canasta_in_opening import (
    ANY_CANASTA,
    KIND_WORDS,
    NATURAL_CANASTA,
    canasta_reachable,
    required_kind,
    turn_canasta_kind,
)
from canasta.engine.constraints.going_out_search import (
    SEARCH_CARDS,
    out_hopeless,
    out_moves,
    out_possible,
    plan_says_out,
    plannable,
)
from canasta.engine.constraints.initial_meld import count_requirement, meld_opens, opening_met
from canasta.engine.constraints.initial_meld_search import opening_reachable
from canasta.engine.constraints.meld_plans import NO_CAP, best_meld_value, can_meld_out, meld_out_value
from canasta.engine.cutthroat import form_alliance
from canasta.engine.dowry import lay_dowry, take_dowry
from canasta.engine.extra_cards import (
    blocked_discard,
    deal_packets,
    give_extra_cards,
    kinds_met_after,
    out_block_reason,
    out_need,
    wild_canastas,
)
from canasta.engine.movegen.rank_melds import add_options, meld_options, options_cache, wild_meld_options
from canasta.engine.movegen.sequences import (
    explain_sequence,
    explain_sequence_take,
    find_sequence,
    out_reach,
    seq_move_for_action,
    seq_play_candidates,
    seq_play_ids,
    seq_take_candidates,
    sequences_reach,
    sequences_touching,
)
from canasta.engine.movegen.twos import twos_candidates, twos_reserved
from canasta.engine.movegen.wild_sequences import (
    meld_hole,
    wild_pair_problem,
    wild_pair_takes,
    wild_seq_move_for_action,
    wild_seq_take_candidates,
)
from canasta.engine.state import (
    P_ANSWER,
    P_DRAW,
    P_OVER,
    P_PLAY,
    PHASE_NAMES,
    DealState,
    Meld,
    SeqState,
)
from canasta.errors import IllegalMove
from canasta.moves.notation import (
    ACTIONS,
    ADD,
    ASK,
    ASK_ID,
    DISCARD,
    DISCARD_BASE,
    DRAW,
    DRAW_ID,
    KIND_NAMES,
    MELD,
    NO,
    NO_ID,
    PASS,
    PASS_ID,
    SEQ_TARGET,
    SEQ_WILD,
    TAKE,
    TAKE_ADD,
    TAKE_IDS,
    TAKE_NAT_JOKER,
    TAKE_NAT_TWO,
    TAKE_PAIR,
    TAKE_SEQ,
    TAKE_SEQ_WILD,
    WILD_TARGET,
    YES,
    YES_ID,
    Move,
    MoveError,
    action_of,
    group_action,
    target_str,
)
from canasta.rules.fields import Rules
from canasta.scoring.deal_score import CONCEALED_KINDS, SideResult, SideScore, score_deal

__all__ = [
    "CLONE_FLAT", "CLONE_NESTED", "CLONE_SHARED", "CLONE_SPECIAL", "FIXED_MOVES", "P_ANSWER", "P_DRAW", "P_OVER",
    "P_PLAY", "PHASE_NAMES", "RANK_WORDS", "Deal", "IllegalMove", "Meld", "MeldView", "PlayerView", "SeqDeal",
]

MUST_ASK = ("in this variant you go out only after asking your partner 'may I go out?' and being told "
            "yes: keep at least two cards until then (§3.2)")
NEVER = 10**6
"""A number of canastas no side reaches: going out is impossible."""
DISCARD_IDS = tuple(DISCARD_BASE + card for card in range(N_TYPES))
"""Ids of discarding each card type (picked with ``itertools.compress`` by the counts of a hand)."""
FIXED_MOVES: tuple[Move | None, ...] = tuple(
    Move(a[0]) if a[0] in (DRAW, ASK, YES, NO, PASS) else Move(DISCARD, (a[1],)) if a[0] == DISCARD else None
    for a in ACTIONS)
"""Per move id, the :class:`Move` where it does not depend on the hand (draw, ask, answers, pass, a discard;
moves are immutable, so one object serves every deal), else None (:meth:`Deal.move_for_action`)."""
MAX_RESHUFFLES = 3
"""Safeguard for ``stock_end=reshuffle``: after this many reshuffles the deal ends as with ``end``."""

_SEARCH_RNG = random.Random(0)
"""The random generator of the copies searched within one turn (:meth:`Deal._copy`), which never use it."""

RANK_WORDS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
              "jacks", "queens", "kings", "aces", "jokers")


_CARD_COUNTS = {DRAW: (0,), ASK: (0,), YES: (0,), NO: (0,), PASS: (0,), DISCARD: (1,), TAKE: (0, 2)}


def _check_shape(move: Move) -> None:
    """Refuse a :class:`Move` built by hand with an impossible shape (as the notation would).

    Raises:
        IllegalMove: unknown kind, a card that is not a card type, or the wrong number of cards.
    """
    kind = move.kind
    if not isinstance(kind, int) or not 0 <= kind <= PASS:
        raise IllegalMove(f"{kind!r} is not a kind of move")
    if any(not isinstance(c, int) or not 0 <= c < N_TYPES for c in move.cards):
        raise IllegalMove("a move's cards must be card types 0..52")
    counts = _CARD_COUNTS.get(kind)
    if counts is not None and len(move.cards) not in counts:
        raise IllegalMove(f"'{KIND_NAMES[kind]}' takes {' or '.join(map(str, counts))} card(s), "
                          f"not {len(move.cards)}")
    if kind in (MELD, ADD) and (not move.cards or not 0 <= move.target <= SEQ_TARGET):
        raise IllegalMove(f"'{KIND_NAMES[kind]}' needs cards and a meld rank")


@dataclass(frozen=True)
class MeldView:
    """A meld as every player sees it."""

    target: int
    cards: tuple[int, ...]
    canasta: bool
    natural: bool
    span: tuple[int, int, int] | None = None
    """(suit, lowest rank, highest rank) of a sequence meld (§3.2), None for other melds."""

    @property
    def is_sequence(self) -> bool:
        """A sequence meld (cards of one suit in a row, RULES.md §3.2)."""
        return self.span is not None

    @property
    def rank_name(self) -> str:
        """Rank shown to people (``K``, ``3`` for black threes, ``W`` for wild cards), or a
        sequence's lowest and highest card (``4H-6H``)."""
        if self.span is not None:
            return span_str(self.span)
        return target_str(self.target)


@dataclass(frozen=True)
class PlayerView:
    """What one seat may know (DESIGN.md, "Hidden information").

    It holds the seat's own hand, every meld, the red threes laid out, the top
    of the pile and its size (the whole pile only where ``rules.pile_visible``),
    card counts, scores and minimums, whose turn it is and the turn's state. It
    never holds another seat's cards or the order of the stock.
    """

    rules: Rules
    seat: int
    side: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[MeldView, ...], ...]
    red_threes: tuple[tuple[int, ...], ...]
    pile_top: int | None
    pile_size: int
    pile_frozen: bool
    pile_frozen_for_me: bool
    frozen_reason: str
    stopped: bool
    pile_cards: tuple[int, ...] | None
    stock_size: int
    scores: tuple[int, ...]
    minimums: tuple[int, ...]
    opened: tuple[bool, ...]
    turn: int
    to_act: int
    phase: str
    asked: bool
    answer: int
    drew: int
    dealer: int
    turn_number: int
    melded_this_turn: int
    pending_pile: int
    black_threes_removed: tuple[tuple[int, ...], ...] = ()
    """Per seat, the black threes removed from piles it took (``black3_from_pile_removed``, Cuban §3.2)."""
    asks_failed: tuple[int, ...] = ()
    """Per side, times a player was told yes and could not go out (``ask_fail_penalty``, S1 §3.3 b)."""
    sides: tuple[int, ...] = ()
    """Side each seat plays for now (empty: ``seat % rules.teams``); changes in a cutthroat deal (§3.1)."""
    lone_hand: int = -1
    """Cutthroat (§3.1): seat of the lone hand once someone took the pile or went out, else -1 (public)."""

    def side_of(self, seat: int) -> int:
        """Side that ``seat`` plays for now (a cutthroat partnership shares one side, §3.1)."""
        return self.sides[seat] if self.sides else seat % self.rules.teams
    openers: tuple[int, ...] = ()
    """Per side, the seat that made its initial meld (-1: not yet) (§3.4 partner's take)."""
    opened_turns: tuple[int, ...] = ()
    """Per side, the turn number of its initial meld (0: not yet)."""
    pile_blocked_until: int = 0
    """A joly discard blocks the pile up to this turn number included (``joker_discard_blocks_round``)."""
    must_canasta: int = -1
    """Rank whose meld the player to act must make a canasta before the pile joins his hand (-1: none)."""
    packet_sizes: tuple[int, ...] = ()
    """Per seat, cards in its face-down packet not yet taken (``extra_cards_from=packet``, §3.5)."""
    extra_cards_done: tuple[bool, ...] = ()
    """Per side, whether its player drew the extra cards from the stock (``extra_cards_from=stock``, §3.2)."""
    dowry_size: int = 0
    """Face-down cards still under the pile (``dowry``: Italian §3.2, the tiles' surpriza §3.4); their
    faces stay hidden."""


def _joined(cur: list[int] | None, n: int, w: int) -> list[int]:
    """``[naturals, wild cards]`` of a meld (``cur``, None for a new one) after ``n`` naturals and ``w``
    wild cards join it (the form of :mod:`canasta.engine.constraints.meld_plans`'s melds)."""
    return [n, w] if cur is None else [cur[0] + n, cur[1] + w]


def _rc_after_group(rc: list[int], x: tuple[int, int, int, int, int]) -> list[int]:
    """A copy of the hand's counts by rank ``rc`` after candidate ``x`` (a meld or addition: id, target,
    naturals, twos, jokers) leaves the hand; the naturals of the meld of wild cards are twos
    (:meth:`Deal._rc_after` does the same for cards named one by one)."""
    _, r, n, t, j = x
    out = rc[:]
    out[r if r != WILD_TARGET else TWO] -= n
    out[TWO] -= t
    out[JOKER_RANK] -= j
    return out


class _OpeningCheck:
    """:meth:`Deal._opening_ok` for the candidates of one move generation, where the initial meld is the
    plain minimum count (no ``special_opening``, no canasta required): what every candidate's plan
    shares (the side's melds of this turn, the points still missing, the cards to keep) is read once,
    and the rank counts after a candidate are derived without building its other facts unless the
    quick plans fall short. Same answers as ``Deal._opening_ok`` (which it calls for melds of twos or
    black threes).

    The quick plans, worked out from the plan before any candidate where only the candidate's rank and
    the wild cards left change: naturals only (:func:`canasta.engine.constraints.bounds.naturals_reach`), then, where
    wild
    cards count nothing towards the minimum (``min_meld_naturals_only``, Italian §3.2), with the pairs
    that a wild card each makes melds (:func:`canasta.engine.constraints.bounds.pair_takes_wild`), best first
    (:meth:`pairs_reach_after`). That second plan melds the points of
    :func:`canasta.engine.constraints.meld_plans.best_meld_value`'s own plan, the most any plan melds: reaching them
    keeping the cards to keep answers "yes", falling short answers "no", without the full plan."""

    __slots__ = (
        "deal",
        "side_ex",
        "base_turn",
        "base_need",
        "keep",
        "rank_counts",
        "rank_values",
        "plan",
        "seqs",
        "pairs",
        "wilds",
        "zero_wilds",
        "after",
    )

    def __init__(self, deal: Deal, side: int, side_ex: dict[int, list[int]]):
        self.deal = deal
        self.side_ex = side_ex
        self.base_turn = {m.target: [m.nat, m.wild] for m in deal.turn_new if m.target != THREE}
        self.base_need = deal.minimum[side] - deal.open_total
        self.keep = deal._keep()
        self.rank_counts = deal.rank_counts[deal.turn]
        self.rank_values = deal.rank_values
        self.plan: tuple[list[int], int, int, int] | None = None
        self.seqs: bool | None = None  # whether the hand holds a natural sequence (worked out when needed)
        self.pairs: list[tuple[int, int]] | None = None  # (points, rank) of the pairs, best first (when needed)
        self.wilds = self.rank_counts[TWO] + self.rank_counts[JOKER_RANK]
        self.zero_wilds = self.rank_values[TWO] == 0 and self.rank_values[JOKER_RANK] == 0
        # per (rank, naturals) of a candidate, its naturals-only plan where melds are uncapped (the wild cards a
        # candidate brings then change only the cards left): None where capped
        self.after: dict[tuple[int, int], tuple[int, int, int]] | None = (
            {} if deal.meld_limits.max_size >= NO_CAP else None
        )

    def _base_plan(self) -> tuple[list[int], int, int, int]:
        """The naturals-only plan of :func:`canasta.engine.constraints.bounds.naturals_reach` for the hand before any
        candidate:
        naturals it melds per rank index, their points, their number, and the cards of the hand."""
        rc = self.rank_counts
        lim = self.deal.meld_limits
        maxs = lim.max_size
        least = max(3, lim.min_nat)
        melded = [0] * 14
        value = count = 0
        for r in range(FOUR, ACE + 1):
            c = naturals_melded(rc[r], self.base_turn.get(r), maxs, least)
            if c:
                melded[r] = c
                value += c * self.rank_values[r]
                count += c
        self.plan = (melded, value, count, sum(rc))
        return self.plan

    def _naturals_after(self, x: tuple[int, int, int, int, int]) -> tuple[int, int, int]:
        """The naturals-only plan after candidate ``x`` (a meld or addition of rank 4..A, or of wild cards):
        its points, the naturals it melds and the cards of the hand, from the plan before any candidate,
        where only ``x``'s rank changes (the plan reads no wild card)."""
        _, r, n, t, j = x
        memo = self.after
        if memo is None:
            return self._naturals_plan(r, n, t + j)
        got = memo.get((r, n))  # uncapped melds: the candidates of a rank and count of naturals share the plan
        if got is None:
            got = memo[r, n] = self._naturals_plan(r, n, 0)
        return got[0], got[1], got[2] - t - j

    def _naturals_plan(self, r: int, n: int, w: int) -> tuple[int, int, int]:
        """:meth:`_naturals_after` of a candidate of target ``r`` with ``n`` naturals and ``w`` wild cards."""
        melded, value, count, total = self.plan or self._base_plan()
        total -= n + w
        if r != WILD_TARGET:
            cur = self.base_turn.get(r)
            after = _joined(cur, n, w)
            c = naturals_melded(self.rank_counts[r] - n, after, self.deal.meld_limits.max_size, 3)
            value += (c - melded[r]) * self.rank_values[r]
            count += c - melded[r]
        return value, count, total

    def naturals_reach_after(self, x: tuple[int, int, int, int, int], need: int) -> bool:
        """:func:`canasta.engine.constraints.bounds.naturals_reach` of the hand and this turn's melds after candidate
        ``x``
        (a meld or addition of rank 4..A, or of wild cards), ``need`` points still missing."""
        value, count, total = self._naturals_after(x)
        return value >= need and total - count >= self.keep

    def pairs_reach_after(
        self, x: tuple[int, int, int, int, int], need: int, naturals: tuple[int, int, int] | None = None
    ) -> bool | None:
        """Whether :func:`canasta.engine.constraints.meld_plans.best_meld_value` of the hand and this turn's melds after
        candidate ``x`` reaches ``need`` points, by the naturals-only plan (``naturals``: its
        :meth:`_naturals_after` where the caller has it) with the pairs a wild card each makes melds, best
        first, while the wild cards left last (one each): True where that plan reaches ``need`` keeping
        :meth:`Deal._keep` cards, False where wild cards count nothing towards the minimum and it falls
        short (no plan melds more points), else None (the full plan decides)."""
        value, count, total = naturals or self._naturals_after(x)
        pairs = self.pairs
        if pairs is None:
            lim = self.deal.meld_limits
            turn = self.base_turn
            pairs = self.pairs = sorted(
                (
                    (self.rank_values[r], r)
                    for r in range(FOUR, ACE + 1)
                    if r not in turn and pair_takes_wild(self.rank_counts[r], lim)
                ),
                reverse=True,
            )
        _, r, n, t, j = x
        wilds = self.wilds - t - j - (n if r == WILD_TARGET else 0)
        k = 0
        for v, q in pairs:
            if k >= wilds:
                break
            if q != r:  # the candidate's rank has a meld after it: its naturals are no pair
                value += 2 * v
                k += 1
        if value < need:
            return False if self.zero_wilds else None
        return True if total - count - 3 * k >= self.keep else None

    def ok(self, x: tuple[int, int, int, int, int], waiver: bool, side_ex: dict[int, list[int]] | None = None) -> bool:
        """Whether candidate ``x`` keeps the initial meld reachable (as :meth:`Deal._opening_ok`; ``side_ex``
        is that method's argument, the side's melds given at set-up standing for it)."""
        deal = self.deal
        _, r, n, t, j = x
        if r == TWO or r == THREE:
            return deal._opening_ok(x, waiver, self.side_ex)
        nat_rank = r if r != WILD_TARGET else TWO
        rv = self.rank_values
        need = self.base_need - (rv[nat_rank] * n + rv[TWO] * t + rv[JOKER_RANK] * j)
        if need <= 0:
            return True
        naturals = self._naturals_after(x)
        if naturals[0] >= need and naturals[2] - naturals[1] >= self.keep:
            return True  # naturals_reach_after
        quick = self.pairs_reach_after(x, need, naturals) if self.zero_wilds else None
        if quick:
            return True
        rc = _rc_after_group(self.rank_counts, x)
        this_turn = dict(self.base_turn)
        cur = this_turn.get(r)
        this_turn[r] = _joined(cur, n, t + j)
        keep = self.keep
        if quick is None and best_meld_value(rc, this_turn, deal.meld_limits, keep) >= need:
            return True
        _, ex, cn, _ = deal._after_counts(x, self.side_ex)
        if self.seqs is None:
            self.seqs = deal._holds_sequence()
        return deal._rest_reaches_beyond(rc, x[0], this_turn, ex, cn, need, waiver, keep, self.seqs)


class Deal(DealState):
    """One deal of Canasta, from the shuffle to scoring.

    Args:
        rules: the variant (with players sitting out, 5 players, the deal plays its ``deal_rules()``).
        dealer: seat of the dealer; the seat after it receives the first card and plays first.
        scores: cumulative score of each side at the start of the deal (points),
            which sets each side's minimum count (RULES.md §1.6). Default zeros.
        seed: seed of the shuffle (and of reshuffles where ``stock_end=reshuffle``).
        deck: the whole deck in order, first card dealt first, instead of a shuffle
            (a stacked deck for tests and records). Must hold exactly the rules' deck.

    Raises:
        ValueError: ``deck`` is not the rules' deck, or ``dealer``/``scores`` do not fit.

    State kept for variants (also copied by :meth:`clone`, counted by :meth:`card_census`):
    ``black3_removed`` (per seat, the black threes removed from piles it took,
    ``black3_from_pile_removed``, RULES.md §3.2 Cuban) and ``ask_failed`` (per side, times a
    player was told yes and could not go out, ``ask_fail_penalty``, §3.3 b Spanish); ``home`` (each
    seat's own side) and ``lone`` (the lone hand, -1 before) for cutthroat, where
    :func:`canasta.engine.cutthroat.form_alliance` changes ``side_of`` during the deal (§3.1); for §3.4
    (Romanian tiles): ``opener`` and ``opened_turn`` (per side, who made the initial meld and in which turn),
    ``must_canasta`` (the rank whose meld the player must make a canasta before the pile he took
    joins his hand, -1 if none) and ``blocked_until`` (the last turn a joly discard blocks the pile);
    ``seq_canastas`` (per side, how many of its canastas are sequence canastas, §3.2).
    """

    __slots__ = ()

    def __new__(cls, rules: Rules | None = None, *args: Any, **kwargs: Any) -> Deal:
        """A :class:`SeqDeal` where ``rules`` has sequences (it keeps the naturals each seat holds as bits), else
        a plain Deal; with no rules (copies, unpickling) the class asked for."""
        if cls is Deal and rules is not None and rules.sequences:
            cls = SeqDeal
        return super().__new__(cls)

    def __init__(
        self,
        rules: Rules,
        dealer: int = 0,
        scores: Sequence[int] | None = None,
        seed: int | None = None,
        deck: Sequence[int] | None = None,
    ):
        rules = rules.deal_rules()  # 5 players: a deal is played by 4 (§3.1, canasta.engine.seating)
        n = rules.players
        t = rules.teams
        if not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0..{n - 1}, not {dealer}")
        self.set_table(rules, dealer)
        self.seed = seed
        self.rng = random.Random(seed)
        counts = deck_counts(rules.packs, rules.jokers)
        order = deck_list(counts)
        self.rng.shuffle(order)  # also with a given deck, so later reshuffles use the same numbers
        if deck is not None:
            order = list(deck)
            got = [0] * N_TYPES
            for c in order:
                if not 0 <= c < N_TYPES:
                    raise ValueError(f"deck holds {c!r}, which is not a card type")
                got[c] += 1
            if got != counts:
                raise ValueError(
                    f"the deck must hold exactly the {rules.deck_size} cards of {rules.spec()}; "
                    f"got {len(order)} cards with other counts"
                )
        self.deck = tuple(order)
        sc = list(scores) if scores is not None else [0] * t
        if len(sc) != t:
            raise ValueError(f"scores must give one number per side ({t}), not {len(sc)}")
        self.scores = sc
        self.minimum = [rules.min_meld(s) for s in sc]
        self.hands = [[0] * N_TYPES for _ in range(n)]
        self.rank_counts = [[0] * 14 for _ in range(n)]
        self.hand_sizes = [0] * n
        self.melds: list[list[Meld]] = [[] for _ in range(t)]
        self.seqs: list[list[Meld]] = [[] for _ in range(t)]  # of them, the sequences, in order (§3.2)
        self.meld_index = [[-1] * 14 for _ in range(t)]
        self.canastas = [0] * t
        self.seq_canastas = [0] * t  # of them, sequence canastas (§3.2)
        self.red3: list[list[int]] = [[] for _ in range(n)]
        self.opened = [False] * t
        self.has_melded = [False] * n
        self.pile: list[int] = []
        self.frozen = rules.pile_always_frozen
        self.pending: list[int] = []
        self.black3_removed: list[list[int]] = [[] for _ in range(n)]
        self.ask_failed = [0] * t
        self.opener = [-1] * t
        self.opened_turn = [0] * t
        self.must_canasta = -1
        self.blocked_until = 0
        self.over = False
        self.out_seat = -1
        self.concealed = False
        self.reshuffles = 0
        self.turn_no = 0
        self.stock_out = False
        self.conceal_only = False
        self._legal: list[int] | None = None
        # deal: one card at a time from the seat after the dealer
        stock = list(reversed(order))  # pop() takes the top
        first = (dealer + 1) % n
        for _ in range(rules.hand_size):
            for k in range(n):
                self._give((first + k) % n, stock.pop())
        if rules.first_player_extra_card:  # 15 tiles: he starts by discarding (§3.4, S2 l.41-44)
            self._give(first, stock.pop())
        self.packets = deal_packets(self, stock)  # face-down packets (extra_cards_from=packet)
        self.extra_done = [False] * t
        self.stock = stock
        self.dowry: list[int] = []  # face-down cards under the upcard: dowry, surpriza (dowry.py)
        if rules.red3_before_upcard:  # Italian: before the upcard is turned (§3.2)
            for k in range(n):
                self._replace_red_threes((first + k) % n)
        self._turn_upcard()
        if rules.dowry != "none":
            lay_dowry(self)
        for k in range(n):  # red threes dealt: laid out and replaced, in turn order
            seat = (first + k) % n
            self._replace_red_threes(seat)
        self.turn = first
        self._start_turn(first)
        if rules.first_player_extra_card:
            self.phase = P_PLAY

    # ----------------------------------------------------------- card moving

    # ------------------------------------------------------------- turn flow

    def _start_turn(self, seat: int) -> None:
        self.turn = seat
        self.actor = seat
        self.phase = P_DRAW
        self.drew = 0
        self.open_total = 0
        self.turn_new: list[Meld] = []
        self.touched_old = False
        self.asked = False
        self.answer = 0
        self.no_discard = False
        self.conceal_only = False
        self.must_canasta = -1
        self._legal = None
        self.turn_no += 1
        if self.lone >= 0 and seat != self.lone:  # cutthroat: each partner's own minimum count (§3.1)
            self.minimum[self.side_of[seat]] = self.rules.min_meld(self.scores[self.home[seat]])
        if self.packets[seat]:  # his side reached the event in another player's turn (extras.py)
            give_extra_cards(self, seat)
        if not self.stock:
            self._stock_gone()

    def _stock_gone(self) -> None:
        """The player to draw finds the stock empty (RULES.md §1.10)."""
        mode = self.rules.stock_end
        if mode == "reshuffle" and self.pile and self.reshuffles < MAX_RESHUFFLES:
            self.reshuffles += 1
            cards = take_dowry(self, self.pile)
            self.pile = []
            self.frozen = self.rules.pile_always_frozen
            self.rng.shuffle(cards)
            self.stock = cards
            self._turn_upcard()
            if self.stock:
                return
            # turning the new upcard used every card: nothing to draw, the deal ends as with "end"
        if mode == "forced_take":
            self.stock_out = True
            if self._take_modes():
                return
        self._finish(-1)

    def _next_turn(self) -> None:
        self._start_turn((self.turn + 1) % self.n)

    def _finish(self, out_seat: int) -> None:
        if out_seat >= 0 and self.rules.cutthroat and self.lone < 0:
            form_alliance(self, out_seat)  # out before the pile was taken: he is the lone hand (§3.1)
        self.over = True
        self.phase = P_OVER
        self.out_seat = out_seat
        self._legal = None
        if out_seat >= 0:
            seat = out_seat
            own_new = [m for m in self.turn_new if m.creator == seat]
            self.concealed = (
                not self.has_melded[seat]
                and (not self.touched_old or bool(self.rules.concealed_scale))
                and any(m.is_canasta for m in own_new)
                and (self.drew != 2 or self.rules.concealed_allows_pile_take)
            )

    # --------------------------------------------------------------- queries

    def side_may_go_out(self, side: int, canastas: int | None = None, seq_extra: int = 0) -> bool:
        """Whether ``side`` has the canastas to go out (RULES.md §1.9), with ``canastas`` instead of
        its count and ``seq_extra`` more sequence canastas where given; for the side of the player whose
        turn it is, also the variant's other conditions (:func:`~canasta.engine.extra_cards.out_need`)."""
        c = self.canastas[side] if canastas is None else canastas
        return c >= self._out_need(side, seq_extra)

    def _need_words(self) -> str:
        """What a side needs to go out, in words: ``2 canastas`` (``..., 1 of them a sequence canasta``)."""
        need = self.rules.canastas_to_go_out
        text = f"{need} canasta{'s' if need != 1 else ''}"
        seq = self.rules.sequence_canastas_to_go_out
        if seq:
            text += f", {seq} of them a sequence canasta" if need > 1 else " that is a sequence canasta"
        return text

    def _out_need(self, side: int, seq_extra: int = 0) -> int:
        """Canastas ``side`` needs to go out: ``canastas_to_go_out``, or NEVER (an unreachable number)
        while it lacks the sequence canastas ``sequence_canastas_to_go_out`` asks for (Bolivia, §3.2),
        counting ``seq_extra`` more that a move would complete; for the turn player's side, the
        variant's extra conditions (extra cards due, red threes, kinds of canasta: extras.py)."""
        r = self.rules
        if not r.going_out_allowed:
            return NEVER  # nobody goes out: the deal ends with the stock (§3.5 escalator, S4 l.55)
        want = r.sequence_canastas_to_go_out
        if want and seq_extra + self.seq_canastas[side] < want:
            return NEVER
        return self._base_need(side)

    def _base_need(self, side: int) -> int:
        """:meth:`_out_need` without the sequence canastas: ``canastas_to_go_out``, or for the turn
        player's side what :func:`~canasta.engine.extra_cards.out_need` says where the variant has extra conditions."""
        xr = self.variant_ranks
        if xr.out_conditions and side == self.side_of[self.turn]:
            if xr.out_wild_only:  # what out_need says, with no other condition to look at
                return self.rules.canastas_to_go_out + wild_canastas(self, side)
            return out_need(self, self.turn)
        return self.rules.canastas_to_go_out

    def _out_needs(self, side: int) -> tuple[int, int]:
        """``(_out_need(side), _out_need(side, 1))`` at the cost of one: what ``side`` needs to go out now,
        and with one more sequence canasta made by a move (for move generation, once per state)."""
        r = self.rules
        if not r.going_out_allowed:
            return NEVER, NEVER
        base = self._base_need(side)
        want = r.sequence_canastas_to_go_out
        if not want:
            return base, base
        have = self.seq_canastas[side]
        return (NEVER if have < want else base), (NEVER if have + 1 < want else base)

    def _opening_reachable(self, rc: Sequence[int], extra: int, ex: dict[int, list[int]], keep: int) -> bool:
        side = self.side_of[self.turn]
        need = self.minimum[side] - self.open_total - extra
        if need <= 0:
            return True
        return best_meld_value(rc, ex, self.meld_limits, keep) >= need

    def can_go_out_now(self, need: int | None = None) -> bool:
        """Whether the player whose turn it is could go out this turn (after drawing).

        Used for "may I go out?": the engine lets a player ask only when this holds. ``need``: the
        canastas his side needs to go out (:meth:`_out_need`) where the caller has it already.
        """
        seat = self.turn
        side = self.side_of[seat]
        if self.answer < 0:
            return False
        if not self._opening_done() and not self._waiver():
            return False
        return self._out_plan_ok(seat, side, self._out_need(side) if need is None else need)

    def _out_plan_ok(self, seat: int, side: int, need: int) -> bool:
        """:meth:`can_go_out_now` once the partner has not said no and the side has made its initial meld (or
        may waive it): whether the hand's cards can all be melded, or all but one discarded, with the side
        then holding ``need`` canastas (the plans of feasibility.py, after the quick "no"s of reach.py).

        Where going out depends on more than rank counts (``xr.out_search``: sequences, the meld of twos,
        a blocked discard, black threes leaving play; RULES.md §1.9, §3.2, §3.4, §3.5) the answer is the
        exact search of :func:`canasta.engine.constraints.going_out_search.out_possible` over the turn's legal moves;
        only where that
        search gives up (a hand far longer than any going out needs to be searched for, with many
        sequences to choose from: ``outsearch.BUDGET``) the plans below answer."""
        if self.variant_ranks.out_search:
            if self._out_dead == self.turn_no:
                return False  # impossible earlier in this turn: every move since only took options away
            if self._search_out_now():
                found = out_possible(self)
                if found is not None:
                    if not found:
                        self._out_dead = self.turn_no
                    return found
            if plannable(self, seat, side) and plan_says_out(self, seat, side):
                return True  # melds of ranks alone go out (the rank plan with the variant's limits)
            if not self._exact_out():
                return self._long_out_found(seat, side)
        exact = self._exact_out()
        if need >= NEVER and not exact:
            return False  # a sequence canasta, extra cards, red threes or kinds of canasta missing
        rc = self.rank_counts[seat]
        if self.pending:
            rc = rc[:]
            self._add_to_hand_counts(rc, self.pending)
        if exact:
            return out_reach(
                self, self.hands[seat][:], rc[:], self._ex(side), self.canastas[side], 0, not self.no_discard
            )
        if not loose_cards_fit(rc, self.meld_index[side], self.meld_limits, not self.no_discard):
            return False  # cards no meld can take, pairs without a wild card (reach.py: the plan would fail too)
        ex = self._ex(side)
        if not may_meld_out(rc, ex, self.meld_limits, need - self.canastas[side], not self.no_discard):
            return False  # wild cards too few for the pairs or the canastas missing: the plan would fail too
        return can_meld_out(rc, ex, self.meld_limits, self.canastas[side], need, allow_discard=not self.no_discard)

    def _long_out_found(self, seat: int, side: int) -> bool:
        """A hand longer than :data:`canasta.engine.constraints.going_out_search.SEARCH_CARDS` that the rank plan
        cannot take out, in a
        variant with sequences: yes where the plan with sequence moves
        (:func:`canasta.engine.movegen.sequences.out_reach`)
        finds a going out and the search (:func:`canasta.engine.constraints.going_out_search.out_possible`) plays one
        with the turn's
        legal moves (so never a yes without a going out); else no. A going out that the sequence plan does
        not see (more sequence moves than it tries, wild cards in sequences, melds of twos) is still missed."""
        if not self.rules.sequences or self.pending or not self.opened[side]:
            return False
        if out_hopeless(self, seat, side):
            self._out_dead = self.turn_no  # an exact no: it stays so for the rest of the turn
            return False
        rc = self.rank_counts[seat]
        if not out_reach(self, self.hands[seat][:], rc[:], self._ex(side), self.canastas[side], 0, not self.no_discard):
            return False
        return bool(out_possible(self))

    def _search_out_now(self) -> bool:
        """Whether going out is answered by the exact search (``xr.out_search``) in this state: a hand of at
        most :data:`canasta.engine.constraints.going_out_search.SEARCH_CARDS` cards (the pile set aside counted). A
        longer hand is
        answered by the rank plan with the variant's limits
        (:func:`canasta.engine.constraints.going_out_search.plan_says_out`), then
        by :func:`canasta.engine.movegen.sequences.out_reach` (where going out needs the partner's yes, Brazilian;
        elsewhere
        checked by the search, :meth:`_long_out_found`): a full search over so many cards costs far more
        than a step, and a going out from so long a hand that the sequence plan does not see (melds of twos,
        wild cards in sequences, more sequence moves than it tries) is left unseen (issue #13)."""
        return self.hand_sizes[self.turn] + len(self.pending) <= SEARCH_CARDS

    def _exact_out(self) -> bool:
        """Whether going-out plans must count sequences too: a player may go out only when told yes
        (``must_ask_to_go_out``), so a going out through sequences must be askable (§3.2 Brazilian)."""
        return self.rules.must_ask_to_go_out and self.rules.sequences

    def _opening_done(self) -> bool:
        side = self.side_of[self.turn]
        return self.opened[side] or self.open_total == 0

    def _waiver(self) -> bool:
        """Going out concealed would waive the minimum count this turn (§1.6, §2 row 12)."""
        if self.has_melded[self.turn]:
            return False
        return self.drew == 1 or (self.drew == 2 and self._pile_waiver_rules())

    def _pile_waiver_rules(self) -> bool:
        """The rules let a concealed going out after taking the pile waive the minimum (§2 row 12)."""
        r = self.rules
        return r.concealed_waives_minimum_with_pile and r.concealed_allows_pile_take

    def _pile_waiver_take(self, rc2: list[int], r: int, n_used: int, w: int) -> bool:
        """A take that misses the minimum is allowed if the player can then go out concealed
        with every card, the whole pile included (option concealed_waives_minimum_with_pile)."""
        if not self._pile_waiver_rules() or self.has_melded[self.turn]:
            return False
        rc3 = rc2[:]
        self._add_to_hand_counts(rc3, self.pile[:-1])
        side = self.side_of[self.turn]
        return can_meld_out(rc3, {r: [n_used + 1, w]}, self.meld_limits, self.canastas[side], self._out_need(side))

    # ------------------------------------------------------------ take modes

    def _take_modes(self) -> list[int]:
        """Legal ways to take the pile now (ids of TAKE moves)."""
        pile = self.pile
        if not pile:
            return []
        top = pile[-1]
        r = top >> 2
        if top == JOKER or r < FOUR or r == self.variant_ranks.pile_block:
            if top == JOKER and self.rules.joker_discard_blocks_round:
                return self._joker_canasta_takes()
            if (
                IS_WILD[top]
                and self.rules.wild_pair_takes_wild
                and not (
                    self.turn_no <= self.blocked_until or (self.rules.no_opening_first_round and self.first_round())
                )
            ):
                return wild_pair_takes(self)  # a two with two twos, a joker with two jokers (Hollywood §3.2)
            return []  # wild card or black three on top (RULES.md §1.7, §1.8), pile_blocking_rank
        seat = self.turn
        side = self.side_of[seat]
        rules = self.rules
        size = self.hand_sizes[seat]
        if rules.one_card_pile_rule and size == 1 and len(pile) == 1 and not self.stock_out:
            return []
        if self.turn_no <= self.blocked_until or (rules.no_opening_first_round and self.first_round()):
            return []  # a joly discarded less than a round ago; or the first round (§3.4)
        if rules.no_pile_for_initial_meld and not self.opened[side]:
            return []  # the pile is not taken for an initial meld (Brazilian, §3.2)
        canasta_take = self._canasta_take_rule(seat, side)
        mi = self.meld_index[side][r]
        meld = self.melds[side][mi] if mi >= 0 else None
        if meld is not None and rules.own_canasta_rank_blocks_pile and meld.is_canasta:
            return []
        frozen = self.frozen or not self.opened[side]
        rc = self.rank_counts[seat]
        modes = rules.pile_take_modes
        out: list[int] = []
        nat = rc[r]
        cand: list[tuple[int, int, int, int]] = []  # (mode, naturals used, twos, jokers)
        if nat >= 2 and (frozen or "natural_pair" in modes):
            cand.append((TAKE_PAIR, 2, 0, 0))
        if not frozen:
            if "natural_wild" in modes and nat >= 1:
                if rc[TWO] and not (rules.twos_melds and twos_reserved(self, side)):
                    cand.append((TAKE_NAT_TWO, 1, 1, 0))
                if rc[JOKER_RANK]:
                    cand.append((TAKE_NAT_JOKER, 1, 0, 1))
            if (
                "add_to_meld" in modes
                and meld is not None
                and (not rules.pile_add_below or meld.size < rules.pile_add_below)
            ):
                cand.append((TAKE_ADD, 0, 0, 0))
            if rules.sequences and "add_to_meld" in modes:  # the top card joins a sequence (§3.2)
                near = sequences_touching(self, side, top)
                if near:
                    out.extend(seq_take_candidates(self, seat, side, top, near))
                    if rules.sequence_wild_max:  # ... or a sequence holding a wild card (Hollywood)
                        out.extend(wild_seq_take_candidates(self, seat, side, top, near))
        if not cand:
            return out
        rest = len(pile) - 1 + len(self.dowry)
        if rest and (size < 4 or not self.opened[side]):
            rest = self._to_hand(pile[:-1]) + self._to_hand(self.dowry)  # exact only where it can matter
        cap = rules.meld_cap
        for mode, n_used, t_used, j_used in cand:
            w = t_used + j_used
            if meld is not None:
                if w and meld.wild + w > self.meld_limits.capacity(meld.nat + n_used + 1, 0):
                    continue
                m_size = meld.size + n_used + w + 1
                if m_size > cap:  # a full meld takes no more cards (canasta_max, §3.2 Cuban)
                    continue
                canastas = self.canastas[side] + (1 if m_size >= 7 and meld.size < 7 else 0)
            else:
                if w and w > self.meld_limits.capacity(n_used + 1, 0):
                    continue
                if n_used + 1 < rules.min_naturals:  # a new meld needs its naturals (§1.5)
                    continue
                canastas = self.canastas[side]
            after = size - n_used - w + rest
            if after < 2 and (rules.must_ask_to_go_out or not self.side_may_go_out(side, canastas)):
                continue  # he would have to go out, and may not before asking (must_ask_to_go_out)
            if canasta_take:  # taken only by making the top card's meld a canasta this turn (§3.4)
                if self._canasta_take_ok(r, meld, n_used, w, rest, canasta_take == "natural_canasta"):
                    out.append(TAKE_IDS[mode])
                continue
            if not self.opened[side]:
                used_val = (
                    self.rank_values[r] * (n_used + 1)
                    + self.rank_values[TWO] * t_used
                    + self.rank_values[JOKER_RANK] * j_used
                )
                rc2 = rc[:]
                rc2[r] -= n_used
                rc2[TWO] -= t_used
                rc2[JOKER_RANK] -= j_used
                ex = {r: [n_used + 1, w]}
                keep = max(0, 2 - rest)
                need = self.minimum[side] - used_val
                if not rules.opening_allows_wild(self.scores[side]):
                    if w:
                        continue
                    rc2[TWO] = rc2[JOKER_RANK] = 0  # no wild card in this initial meld (§3.4)
                if (
                    need > 0
                    and best_meld_value(rc2, ex, self.meld_limits, keep) < need
                    and not (
                        rest <= 1
                        and not rules.must_ask_to_go_out
                        and meld_out_value(
                            rc2, ex, self.meld_limits, self.canastas[side], self._out_need(side), rest == 0
                        )
                        >= need
                    )
                    and not (not rules.must_ask_to_go_out and self._pile_waiver_take(rc2, r, n_used, w))
                ):
                    if not (
                        rules.opening_canasta_waives_minimum and self._canasta_take_ok(r, meld, n_used, w, rest, False)
                    ):
                        continue
            out.append(TAKE_IDS[mode])
        return out

    def _joker_canasta_takes(self) -> list[int]:
        """Takes of a pile topped by the joly just discarded: only the next player, with a joker canasta
        (S2 l.155-156): two wild cards from his hand (two twos, ``take 2C 2D``, or the other joly and a two,
        ``take JK 2C``) join the joly in his side's meld of wild cards, which must become a canasta this
        turn (the pile is set aside until then, like any take that needs a canasta)."""
        rules = self.rules
        if (
            not rules.wild_melds
            or self.turn_no != self.blocked_until - self.n + 1
            or (rules.no_opening_first_round and self.first_round())
        ):
            return []
        seat = self.turn
        side = self.side_of[seat]
        rc = self.rank_counts[seat]
        mi = self.meld_index[side][WILD_TARGET]
        size0 = self.melds[side][mi].size if mi >= 0 else 0
        wilds = rc[TWO] + rc[JOKER_RANK]
        if size0 + 1 + wilds < 7 or size0 + 3 > rules.wild_meld_cap:
            return []
        more = max(0, 7 - size0 - 3)
        rest = self._to_hand(self.pile[:-1]) + self._to_hand(self.dowry)
        after = self.hand_sizes[seat] - 2 - more + rest
        if not (after >= 2 or (after >= 0 and self.side_may_go_out(side, self.canastas[side] + (size0 < 7)))):
            return []
        out = []
        if rc[TWO] >= 2:
            out.append(TAKE_IDS[TAKE_PAIR])
        if rc[JOKER_RANK] and rc[TWO]:
            out.append(TAKE_IDS[TAKE_NAT_JOKER])
        return out

    def _canasta_take_rule(self, seat: int, side: int) -> str:
        """'' or the canasta (``canasta`` / ``natural_canasta``) that a take by ``seat`` must make
        of the top card's meld this turn: his side's initial meld is that canasta instead of a count
        (``min_meld_canasta_from`` with ``opening_canasta_waives_minimum``), or his partner made it since
        his last turn (``partner_take_needs_canasta_same_round``), RULES.md §3.4 [S2 l.82, 115-117]. (A
        canasta on top of the count goes with ``no_pile_for_initial_meld``: no take for it.)"""
        rules = self.rules
        if not self.opened[side]:
            return count_requirement(rules, self.scores[side])
        if (
            rules.partner_take_needs_canasta_same_round
            and self.opener[side] not in (-1, seat)
            and self.turn_no - self.opened_turn[side] < self.n
        ):
            return "canasta"
        return ""

    def _canasta_take_ok(self, r: int, meld: Meld | None, n_used: int, w: int, rest: int, natural: bool) -> bool:
        """Whether the hand can make the meld of rank ``r`` a canasta this turn after taking the pile
        with ``n_used`` naturals and ``w`` wild cards, keeping a card to discard (§3.4, S2 l.116)."""
        seat = self.turn
        rc = self.rank_counts[seat]
        nat0, wild0, size0 = (meld.nat, meld.wild, meld.size) if meld is not None else (0, 0, 0)
        if natural and (w or wild0):
            return False
        nat = nat0 + n_used + 1
        wild = wild0 + w
        more = 7 - (size0 + n_used + w + 1)
        nat_left = rc[r] - n_used
        wild_left = 0 if natural else max(0, rc[TWO] + rc[JOKER_RANK] - w)
        wild_room = self.meld_limits.capacity(nat + nat_left, wild)
        if more > 0 and nat_left + min(wild_left, wild_room) < more:
            return False
        after = self.hand_sizes[seat] - n_used - w - max(0, more) + rest
        side = self.side_of[seat]
        return after >= 2 or (after >= 0 and self.side_may_go_out(side, self.canastas[side] + (size0 < 7)))

    def forced_to_take(self) -> bool:
        """With the stock gone, whether the player must take the pile (§1.10: its top card fits a meld)."""
        if not self.stock_out or self.rules.stock_end != "forced_take":
            return False
        return TAKE_IDS[TAKE_ADD] in self._take_modes()

    # ----------------------------------------------------------- legal moves

    def legal_actions(self) -> list[int]:
        """Ids of the legal moves of the player to act (empty when the deal is over).

        The list is cached until the next move; do not modify it.
        """
        if self._legal is not None:
            return self._legal
        if self.phase == P_DRAW:
            acts = self._take_modes()
            if self.stock_out:
                if not self.forced_to_take():
                    acts = acts + [PASS_ID]
            else:
                acts = [DRAW_ID] + acts
        elif self.phase == P_PLAY:
            acts = self._play_actions()
        elif self.phase == P_ANSWER:
            acts = [YES_ID, NO_ID]
        else:
            acts = []
        self._legal = acts
        return acts

    def _play_actions(self) -> list[int]:
        seat = self.turn
        side = self.side_of[seat]
        rules = self.rules
        rc = self.rank_counts[seat]
        size = self.hand_sizes[seat]
        pend = self._to_hand(self.pending) if self.pending else 0
        lim = self.meld_limits
        cap = rules.meld_cap
        canastas = self.canastas[side]
        needs = self._out_needs(side)  # once per state: every candidate below reads it
        need_c = needs[0]
        opened = self.opened[side]
        answer = self.answer
        allow_out = answer > 0 if rules.must_ask_to_go_out else answer >= 0
        opening_done = opened or self.open_total == 0
        waiver = not opened and self._waiver()
        reserved = rules.twos_melds and twos_reserved(self, side)
        twos = 0 if reserved else rc[TWO]  # a side's unfinished meld of twos keeps its twos (Italian)
        jokers = rc[JOKER_RANK]
        mt = self.meld_index[side]
        melds = self.melds[side]
        min_nat = rules.min_naturals
        mc = self.must_canasta
        must_out = answer > 0 or self.conceal_only
        search_out = must_out and self.variant_ranks.out_search and self._search_out_now()  # exact filter after a yes
        # where every candidate is legal as it stands (the side has opened, the player need not go out nor
        # complete a canasta first: §1.6, §1.9, §3.4), the ids of melds and additions of a rank go straight
        # into acts (the option caches keep them beside the candidates)
        direct = opened and not must_out and mc < 0 and not (rules.no_opening_first_round and self.first_round())
        cand: list[tuple[int, int, int, int, int]] = []  # (action, target, n, t, j)
        acts: list[int] = []
        sink: list[Any] = acts if direct else cand
        options = options_cache(lim)  # the melds and additions that counts of cards allow (groupmoves.py)
        t3 = twos if twos < 3 else 3  # no combination of GROUP_WILD_COMBOS holds more than 3 twos or jokers
        j3 = jokers if jokers < 3 else 3
        wild3 = t3 or j3
        several = rules.several_melds_per_rank
        capped = rules.canasta_max > 0
        spare = size + pend  # cards left after a move of k cards: spare - k
        for r in range(FOUR, ACE + 1):
            c = rc[r]
            mi = mt[r]
            if mi >= 0 and (c or wild3):  # a card to add
                m = melds[mi]
                if capped:
                    room = cap - len(m.cards)
                    most_nat = c if c < room else room
                    if room > most_nat + 3:  # room for any addition (at most 3 wild cards): one cache entry
                        room = most_nat + 3
                else:
                    most_nat, room = c, c + 3
                if room > 0:
                    hit = options.get((ADD, r, most_nat, room, m.nat, m.wild, t3, j3)) or add_options(
                        options, lim, r, most_nat, room, m.nat, m.wild, t3, j3
                    )
                    if spare - hit[0] >= 2:
                        sink.extend(hit[2] if direct else hit[1])  # every one keeps two cards (ids, or candidates)
                    else:
                        few = self._short_hand_options(hit[1], spare, len(m.cards), canastas, need_c, allow_out)
                        sink.extend([x[0] for x in few] if direct else few)
            if c >= min_nat and (mi < 0 or (several and len(melds[mi].cards) >= 7)):  # beside a canasta
                # a new meld; where several_melds_per_rank, also beside canastas of that rank (§3.2 Samba)
                most_nat = c if c < cap else cap
                hit = options.get((MELD, r, most_nat, t3, j3)) or meld_options(options, lim, r, most_nat, t3, j3)
                if spare - hit[0] >= 2:
                    sink.extend(hit[2] if direct else hit[1])
                else:
                    few = self._short_hand_options(hit[1], spare, 0, canastas, need_c, allow_out)
                    sink.extend([x[0] for x in few] if direct else few)
        if rules.wild_melds and not reserved:
            self._wild_candidates(cand, size, pend, canastas, need_c, allow_out)
        if rules.twos_melds and opened and rc[TWO]:
            for x in twos_candidates(self, size + pend):
                if x[5] >= 2 or (
                    allow_out
                    and (
                        self._out_move_ok(x[6], need_c, x[5], TWO, x[2], 0, x[4])
                        or (x[5] == 1 and self._last_card_out(x[0]))
                    )
                ):
                    cand.append(x[:5])
        # black threes: only when going out (RULES.md §1.8)
        b3 = rc[THREE]
        if rules.black3_set_leaves_play:  # four black threes may leave play, never be melded (§3.4)
            after = size - 4 + pend
            if (
                b3 >= 4
                and mc < 0
                and opening_done
                and not (rules.no_opening_first_round and self.first_round())
                and (
                    after >= 2
                    or (allow_out and canastas >= need_c and (after == 0 or (after == 1 and not self.no_discard)))
                )
            ):
                cand.append((group_action(MELD, THREE, 4, 0, 0), THREE, 4, 0, 0))
        elif rules.black3_melds_anytime:  # a set of 3 or 4 at any time, one per side (§3.5, S4 l.55)
            if b3 >= 3 and mt[THREE] < 0:
                cand.extend(
                    (group_action(MELD, THREE, n, 0, 0), THREE, n, 0, 0)
                    for n in range(3, min(b3, 4) + 1)
                    if size - n + pend >= 2
                )
        elif (
            b3 >= 3
            and allow_out
            and mt[THREE] < 0
            and (canastas >= need_c or (search_out and rules.must_ask_to_go_out))
        ):
            # melded only in the going-out turn (§1.8): as the move that goes out, or, once the partner's
            # binding yes makes this turn the going-out turn (must_ask_to_go_out, Brazilian §3.2), at any
            # point of it that keeps going out possible (where the exact filter outsearch.out_moves runs)
            early = search_out and rules.must_ask_to_go_out
            last = 0 if self.no_discard else 1
            for n in range(3, b3 + 1):
                after = size - n + pend
                if (after <= last and canastas >= need_c) or (early and after >= 2):
                    cand.append((group_action(MELD, THREE, n, 0, 0), THREE, n, 0, 0))
        if direct:
            if cand:  # melds of wild cards or twos, black threes
                acts.extend([x[0] for x in cand])
        else:
            if rules.no_opening_first_round and self.first_round():
                cand = []  # no melding in the first round (§3.4, S2 l.103)
            if mc >= 0:  # took the pile with a canasta: complete it first (§3.4, S2 l.115-116)
                m = melds[mt[mc]]
                cand = [x for x in cand if x[1] == mc and m.size + x[2] + x[3] + x[4] >= 7]
            if cand:
                if not opened:
                    cand = self._opening_candidates(cand, waiver)
                if must_out and not search_out:  # else searched below, with every other move
                    cand = self._out_candidates(cand)
                acts = [x[0] for x in cand]
        if rules.sequences:  # sequence melds and additions (RULES.md §3.2)
            # natural, or with a wild card where sequence_wild_max allows one (Hollywood)
            if opened and not must_out:  # nothing more to check: the ids alone
                acts.extend(seq_play_ids(self, seat, side, size, pend, allow_out, needs))
            else:
                for act, used, cn in seq_play_candidates(self, seat, side, size, pend, allow_out, needs):
                    if not opened and not self._seq_opening_ok(
                        used, cn, sum(self.values[c] for c in used), waiver, act
                    ):
                        continue
                    if must_out and not search_out and not self._out_ok_cards(used, cn, cn - canastas):
                        continue
                    acts.append(act)
        # discards (RULES.md §1.4: keep a card unless going out)
        if not self.no_discard and mc < 0:
            h = self.hands[seat]
            n_disc = len(acts)
            if size >= 2 and opening_done and not must_out:
                acts.extend(compress(DISCARD_IDS, h))
            elif size == 1 and pend == 0 and allow_out and canastas >= need_c and (opening_done or waiver):
                acts.extend(compress(DISCARD_IDS, h))
            if rules.black3_no_discard_first_round and rc[THREE] and size > rc[THREE] and self.first_round():
                # no black three discarded in a player's first turn, unless he holds nothing else (§3.2 Cuban)
                acts[n_disc:] = [a for a in acts[n_disc:] if not IS_BLACK_THREE[a - DISCARD_BASE]]
            if self.variant_ranks.discard_block >= 0 and rc[self.variant_ranks.discard_block] and len(acts) > n_disc:
                # discard_blocked_rank (Pennies §3.5): not before every side has its canasta, never
                # as the last card; kept only if it is the one move left (never stuck)
                kept = [
                    a
                    for a in acts[n_disc:]
                    if not (size == 1 and (a - DISCARD_BASE) >> 2 == self.variant_ranks.discard_block)
                    and not blocked_discard(self, a - DISCARD_BASE)
                ]
                if kept or n_disc:
                    acts[n_disc:] = kept
        if self.no_discard and opening_done:
            acts.append(PASS_ID)
        if (
            answer == 0
            and not self.asked
            and self.partner_of[seat] >= 0
            and rules.team_size > 1
            and size >= 2
            and pend == 0
            and opening_done
            and not self.conceal_only
            and mc < 0
            and not self.no_discard
            and (not rules.ask_requires_going_out or self._out_plan_ok(seat, side, need_c))
        ):
            # asked only while a "no" still leaves a legal discard (RULES.md §1.9); where asking
            # does not require being able to go out (S1), a failed "yes" is charged (_answer)
            acts.append(ASK_ID)
        if must_out and search_out and not self.planning:
            acts = out_moves(self, acts)  # the melds after which he can still go out (exact, outsearch.py)
        return acts

    def _out_move_ok(self, cn: int, need_c: int, after: int, target: int, n: int, t: int, j: int) -> bool:
        """A meld leaving ``after`` < 2 cards (going out, or going out by discarding the last one)
        with ``cn`` canastas: the side has what going out needs (``need_c``, or the kinds of
        ``going_out_canastas`` completed by this very meld), and the last card is not of
        ``discard_blocked_rank`` (extras.py; RULES.md §1.9, §3.5)."""
        if target == TWO and not self.rules.wild_canastas_count and cn > self.canastas[self.side_of[self.turn]]:
            cn -= 1  # a canasta of twos does not count for going out (Italian §3.2)
        if cn < need_c:
            r = self.rules
            if not r.going_out_canastas or cn < out_need(self, self.turn, kinds=False):
                return False
            if not kinds_met_after(self, self.side_of[self.turn], target, n, t + j):
                return False
        if after == 1 and self.variant_ranks.discard_block >= 0 and not self.pending:
            rc = self.rank_counts[self.turn]
            block = self.variant_ranks.discard_block
            left = rc[block] - (n if target == block else 0)
            if left > 0:  # the card left to discard is of the blocked rank
                return False
        return True

    def _settle_must_out(self) -> None:
        """Never leave a player without a move: where he must go out this turn (told "yes", §1.9, or he took
        the pile under the concealed waiver, §2 row 12) and no move of his leads there (the going-out plans
        of the legal moves are not exact: a meld they allowed can leave cards no meld takes), the obligation
        lapses: the "yes" counts as not given (``answer`` 0; he has asked, so he does not ask again) and the
        concealed-only condition is dropped, and he plays on as usual.

        Decided here, when a move is applied (:meth:`_do`), so that :meth:`legal_actions` and the other
        queries never change the state (issue #13). Fills the legal-move cache with the moves it found.
        """
        if self.phase != P_PLAY or not (self.answer > 0 or self.conceal_only):
            return
        if self._shared and self.planning:
            return  # a copy searched by going_out_search: where no move is left, none goes out either way
        acts = self._play_actions()
        if not acts:
            self.answer = 0
            self.conceal_only = False
            acts = self._play_actions()
        self._legal = acts

    def _last_card_out(self, action: int) -> bool:
        """Whether after the meld or addition ``action``, which leaves one card in hand before the side has
        what going out needs, melding that last card makes the player go out (it completes the canasta the
        side lacks: RULES.md §1.9, the canastas "may be completed in the same turn"; §1.4 asks for a card to
        discard only where he does not go out by melding). Such a move is then allowed: the player is not
        left with a card he can neither meld nor discard."""
        if self.pending:
            return False
        c = self._copy(False)
        c._do(action, c.move_for_action(action))
        seat = self.turn
        if c.over or c.hand_sizes[seat] != 1:
            return False
        for a in c.legal_actions():
            if ACTIONS[a][0] in (MELD, ADD):
                d = c._copy(False)
                d._do(a, d.move_for_action(a))
                if d.over and d.out_seat == seat:
                    return True
        return False

    def _wild_candidates(
        self,
        cand: list[tuple[int, int, int, int, int]],
        size: int,
        pend: int,
        canastas: int,
        need_c: int,
        allow_out: bool,
    ) -> None:
        seat = self.turn
        rc = self.rank_counts[seat]
        twos, jokers = rc[TWO], rc[JOKER_RANK]
        side = self.side_of[seat]
        mi = self.meld_index[side][WILD_TARGET]
        msize = self.melds[side][mi].size if mi >= 0 else 0
        room = self.rules.wild_meld_cap - msize
        start = self.rules.wild_meld_min
        if twos + jokers < (1 if mi >= 0 else start):
            return
        most_k, opts, _ = wild_meld_options(options_cache(self.meld_limits), mi >= 0, twos, jokers, room, start)
        spare = size + pend
        if spare - most_k >= 2:
            cand.extend(opts)  # every one keeps two cards
            return
        cand.extend(self._short_hand_options(opts, spare, msize, canastas, need_c, allow_out))

    def _short_hand_options(
        self,
        opts: list[tuple[int, int, int, int, int]],
        spare: int,
        size0: int,
        canastas: int,
        need_c: int,
        allow_out: bool,
    ) -> list[tuple[int, int, int, int, int]]:
        """The melds or additions ``opts`` (id, target, naturals, twos, jokers; to a meld of ``size0`` cards, 0
        for a new one) that keep two cards of the ``spare`` the hand and the pile set aside hold, or that leave
        fewer where the player may go out then (going out allowed, the side's ``canastas`` after the move
        reaching ``need_c``: :meth:`_out_move_ok`; RULES.md §1.4, §1.9). For a hand too short to keep two
        cards after every option (the caller's check)."""
        out = []
        for opt in opts:
            k = opt[2] + opt[3] + opt[4]
            after = spare - k
            if after < 2:
                cn = canastas + (1 if size0 < 7 <= size0 + k else 0)
                if not (
                    allow_out
                    and after >= 0
                    and (
                        self._out_move_ok(cn, need_c, after, opt[1], opt[2], opt[3], opt[4])
                        or (after == 1 and self._last_card_out(opt[0]))
                    )
                ):
                    continue
            out.append(opt)
        return out

    def _after_counts(
        self, x: tuple[int, int, int, int, int], side_ex: dict[int, list[int]] | None = None
    ) -> tuple[list[int], dict[int, list[int]], int, int]:
        """Counts, melds, canastas and points after candidate meld/add ``x`` (without applying it);
        ``side_ex``: :meth:`_ex` of the side where the caller has it (copied, not changed)."""
        _, r, n, t, j = x
        seat = self.turn
        side = self.side_of[seat]
        rc = _rc_after_group(self.rank_counts[seat], x)
        ex = self._ex(side) if side_ex is None else dict(side_ex)
        if r == TWO:  # the meld of twos stays out of the plans (feasibility.py knows ranks 4..A)
            mi = self.meld_index[side][TWO]
            before = self.melds[side][mi].size if mi >= 0 else 0
            grows = before < 7 <= before + n + j and self.rules.wild_canastas_count
            return rc, ex, self.canastas[side] + (1 if grows else 0), 0
        cur = ex.get(r)
        if cur is not None and ACTIONS[x[0]][0] == MELD:  # a new meld beside canastas of the rank (§3.2)
            cur = None
        before = (cur[0] + cur[1]) if cur else 0
        ex[r] = _joined(cur, n, t + j)
        cn = self.canastas[side] + (1 if before < 7 <= before + n + t + j else 0)
        pts = (
            self.rank_values[r if r != WILD_TARGET else TWO] * n
            + self.rank_values[TWO] * t
            + self.rank_values[JOKER_RANK] * j
        )
        return rc, ex, cn, pts

    def _opening_candidates(
        self, cand: list[tuple[int, int, int, int, int]], waiver: bool
    ) -> list[tuple[int, int, int, int, int]]:
        """The candidate melds and additions ``cand`` of an unopened side that keep its initial meld
        reachable (:meth:`_opening_ok`), besides sets of black threes that leave play or are melded
        apart (RULES.md §1.6, §3.4, §3.5).

        Where a two and a joker are worth the same toward the minimum (``min_meld_naturals_only``: both
        0, Italian §3.2), the plans behind :meth:`_opening_ok` see only how many wild cards a move uses
        (the feasibility plans count wild cards, and value them by ``rv``), so moves that differ only in
        twos against jokers get one answer, computed once."""
        rules = self.rules
        side = self.side_of[self.turn]
        side_ex = self._ex(side)  # the side's melds, read by every candidate's plan
        black3 = rules.black3_set_leaves_play or rules.black3_melds_anytime
        answers: dict[tuple[int, int, int, int], bool] | None = None
        if (
            self.rank_values[TWO] == self.rank_values[JOKER_RANK]
            and not rules.special_opening
            and not rules.min_meld_canasta_from
        ):
            answers = {}
        check = self._opening_ok
        if not rules.special_opening and not required_kind(rules, self.scores[side]):
            # the plain minimum count: what every candidate's plan shares is set up once (_OpeningCheck)
            check = _OpeningCheck(self, side, side_ex).ok
        out = []
        for x in cand:
            if x[1] == THREE and black3:
                out.append(x)
                continue
            if answers is None:
                ok = check(x, waiver, side_ex)
            else:
                key = (ACTIONS[x[0]][0], x[1], x[2], x[3] + x[4])
                got = answers.get(key)
                if got is None:
                    got = answers[key] = check(x, waiver, side_ex)
                ok = got
            if ok:
                out.append(x)
        return out

    def _opening_ok(
        self, x: tuple[int, int, int, int, int], waiver: bool, side_ex: dict[int, list[int]] | None = None
    ) -> bool:
        """A meld of an unopened side keeps the initial meld (or a concealed going out) reachable
        (``side_ex``: :meth:`_ex` of the side, where the caller has it)."""
        side = self.side_of[self.turn]
        rc, ex, cn, pts = self._after_counts(x, side_ex)
        if x[1] == THREE:
            return waiver or self._opening_met(side)
        if self.rules.special_opening:
            special = self._opening_special(x, rc, cn, pts)
            if special is not None:
                return special
        this_turn = {m.target: [m.nat, m.wild] for m in self.turn_new if m.target != THREE}
        this_turn[x[1]] = _joined(this_turn.get(x[1]), x[2], x[3] + x[4])
        need = self.minimum[side] - self.open_total - pts
        after = this_turn[x[1]]
        made = 0
        if after[0] + after[1] >= 7:
            made = NATURAL_CANASTA if after[1] == 0 and x[1] != WILD_TARGET else ANY_CANASTA
        if need <= 0 and not self._canasta_missing(side, made):
            return True
        return self._rest_reaches(rc, x[0], this_turn, ex, cn, need, waiver, made)

    def _canasta_missing(self, side: int, made: int = 0) -> int:
        """The kind of canasta (1 any, 2 natural) the side's initial meld still lacks, with a move that
        completes one of kind ``made``; 0 if none is needed or it is there (``min_meld_canasta_from`` on top
        of the count, :func:`canasta.engine.constraints.canasta_in_opening.required_kind`, §3.2)."""
        req = required_kind(self.rules, self.scores[side])
        if not req or max(made, turn_canasta_kind(self, side)) >= req:
            return 0
        return req

    def _rest_reaches(
        self,
        rc: list[int],
        used: tuple[int, ...] | int,
        this_turn: dict[int, list[int]],
        ex: dict[int, list[int]],
        cn: int,
        need: int,
        waiver: bool,
        made: int = 0,
    ) -> bool:
        """Whether an unopened side can still make ``need`` more points of initial meld this turn
        (keeping a card to discard), or go out in a way that reaches or waives it, after the cards
        ``used`` (or those of the move id ``used``) left the hand (``rc``: the rank counts after;
        ``cn``: canastas after; ``made``: the kind of canasta the move completes, for
        ``min_meld_canasta_from``) (§1.6, §1.9, §3.2).

        With sequences (§3.2) the hand's sequences count too (:func:`canasta.engine.movegen.sequences.sequences_reach`);
        going out is planned from rank counts only (see docs/variants/samba.md, feasibility).
        """
        keep = self._keep()
        side = self.side_of[self.turn]
        missing = self._canasta_missing(side, made)
        if missing:  # the opening needs a canasta too (min_meld_canasta_from): an explicit plan, or going out
            if isinstance(used, int):
                used = self.move_for_action(used).cards
            hand = self.hands[self.turn][:]
            for c in used:
                hand[c] -= 1
            spans = [m.span for m in self.turn_new if m.target == SEQ_TARGET]
            if canasta_reachable(self, hand, rc[:], this_turn, spans, keep, need, missing):
                return True
            return bool(
                waiver
                and not self.pending
                and keep
                and self._may_plan_out()
                and can_meld_out(rc, ex, self.meld_limits, cn, self._out_need(side))
            )
        if (
            naturals_reach(
                rc, this_turn, self.meld_limits, keep, need
            )  # a quick plan of naturals only, else the full one
            or best_meld_value(rc, this_turn, self.meld_limits, keep) >= need
        ):
            return True
        return self._rest_reaches_beyond(rc, used, this_turn, ex, cn, need, waiver, keep)

    def _holds_sequence(self) -> bool:
        """Whether the turn player's hand holds a natural sequence (``sequences``, §3.2): without one, no
        part of it does (what :meth:`_rest_reaches_beyond` may skip)."""
        r = self.rules
        return r.sequences and bool(bits_runs(self.natural_bits[self.turn], r.sequence_min))

    def _rest_reaches_beyond(
        self,
        rc: list[int],
        used: tuple[int, ...] | int,
        this_turn: dict[int, list[int]],
        ex: dict[int, list[int]],
        cn: int,
        need: int,
        waiver: bool,
        keep: int,
        seqs: bool = True,
    ) -> bool:
        """:meth:`_rest_reaches` where melds of a rank alone (``best_meld_value``) fall short and no canasta
        is required: sequences of the hand, or going out in the turn (same arguments; ``keep``: the
        cards to keep, :meth:`_keep`; ``seqs`` False where the caller knows the hand before the move
        holds no natural sequence, :meth:`_holds_sequence`: the hand after it holds none either)."""
        if seqs and self.rules.sequences:
            cards = self.move_for_action(used).cards if isinstance(used, int) else used
            hand = self.hands[self.turn][:]
            for c in cards:
                hand[c] -= 1
            if sequences_reach(self, hand, rc, this_turn, keep, need, planned=True):
                return True
        if self.rules.sequences and isinstance(used, int):
            # the plans above miss sequences with a wild card, additions to this turn's sequences, more
            # sequences than their depth, the suits a group leaves: where they find no plan, the exact search
            if opening_reachable(self, used, need):
                return True
        if not keep or not self._may_plan_out():
            return False
        if waiver and not self.pending:  # cards set aside cannot be melded before the minimum
            out_need = self._out_need(self.side_of[self.turn])
            return (
                may_meld_out(rc, ex, self.meld_limits, out_need - cn)  # a quick exact "no" first
                and can_meld_out(rc, ex, self.meld_limits, cn, out_need)
            )
        # reaching the minimum in the turn he goes out, melding every card (§1.6, §1.9)
        return (
            meld_out_value(
                rc, this_turn, self.meld_limits, cn, self._out_need(self.side_of[self.turn]), not self.pending
            )
            >= need
        )

    def _opening_special(self, x: tuple[int, int, int, int, int], rc: list[int], cn: int, pts: int) -> bool | None:
        """The initial-meld rules of §3.4 for candidate ``x`` of an unopened side: True/False, or
        None where the minimum count decides as in §1.6.

        A meld that makes a canasta (where it waives the minimum: any, or the one required) or a meld of
        wild cards (where it waives the minimum) is always allowed; where the required canasta replaces
        the count nothing else is (a required canasta on top of the count is planned by
        :meth:`_rest_reaches`); where wild cards are not allowed, a meld with one is refused and the
        minimum must stay reachable without them (S2 l.79-82, 129-132).
        """
        rules = self.rules
        side = self.side_of[self.turn]
        score = self.scores[side]
        req = rules.opening_requirement(score)
        _, r, _, t, j = x
        mi = self.meld_index[side][r]
        wild = t + j + (self.melds[side][mi].wild if mi >= 0 else 0)  # in the meld after this move
        if meld_opens(rules, req, r, wild, cn > self.canastas[side]):
            return True
        if req and rules.opening_canasta_waives_minimum:
            return False
        if rules.opening_allows_wild(score):
            return None
        if t or j:
            return False
        need = self.minimum[side] - self.open_total - pts
        if need <= 0:
            return True
        rc = rc[:]
        rc[TWO] = rc[JOKER_RANK] = 0
        this_turn = {m.target: [m.nat, m.wild] for m in self.turn_new if m.target not in (THREE, WILD_TARGET)}
        cur = this_turn.get(r)
        this_turn[r] = [x[2], 0] if cur is None else [cur[0] + x[2], cur[1]]
        if best_meld_value(rc, this_turn, self.meld_limits, self._keep()) >= need:
            return True
        # melds of a rank fall short: with sequences (§3.2) the exact search decides (initial_meld_search)
        return rules.sequences and opening_reachable(self, x[0])

    def _may_plan_out(self) -> bool:
        """Whether an unfinished initial meld may count on going out this turn: always, except where going
        out needs the partner's yes (``must_ask_to_go_out``) and he has not said it; "may I go out?" is not
        offered in the middle of an initial meld, so without the yes that plan could leave the player stuck."""
        return not self.rules.must_ask_to_go_out or self.answer > 0

    def _rc_after(self, used: tuple[int, ...]) -> list[int]:
        """Rank counts of the turn's player's hand without the cards ``used``."""
        rc = self.rank_counts[self.turn][:]
        for c in used:
            rc[c >> 2] -= 1
        return rc

    def _seq_opening_ok(self, used: tuple[int, ...], cn: int, pts: int, waiver: bool, act: int = -1) -> bool:
        """A sequence meld of an unopened side (cards ``used``, worth ``pts``; ``act`` its id where known, for
        the exact plan of :meth:`_rest_reaches_beyond`) keeps the initial meld (or a concealed going out)
        reachable, as :meth:`_opening_ok` does for melds of a rank."""
        side = self.side_of[self.turn]
        need = self.minimum[side] - self.open_total - pts
        made = NATURAL_CANASTA if cn > self.canastas[side] else 0
        if need <= 0 and not self._canasta_missing(side, made):
            return True
        this_turn = {m.target: [m.nat, m.wild] for m in self.turn_new if m.target != THREE and m.target != SEQ_TARGET}
        return self._rest_reaches(
            self._rc_after(used), act if act >= 0 else used, this_turn, self._ex(side), cn, need, waiver, made
        )

    def _out_ok_cards(self, used: tuple[int, ...], cn: int, seq_done: int = 0) -> bool:
        """After melding the cards ``used`` (the side then having ``cn`` canastas, ``seq_done`` more of
        them sequence canastas), the player can still go out this turn (planned from rank counts,
        :func:`canasta.engine.constraints.meld_plans.can_meld_out`)."""
        rc = self._rc_after(used)
        self._add_to_hand_counts(rc, self.pending)
        side = self.side_of[self.turn]
        if self._exact_out():
            hand = self.hands[self.turn][:]
            for c in used:
                hand[c] -= 1
            return out_reach(self, hand, rc, self._ex(side), cn, seq_done, not self.no_discard)
        ex = self._ex(side)
        need = self._out_need(side, seq_done)
        return (
            may_meld_out(rc, ex, self.meld_limits, need - cn, not self.no_discard)  # a quick exact "no" first
            and can_meld_out(rc, ex, self.meld_limits, cn, need, allow_discard=not self.no_discard)
        )

    def _out_candidates(self, cand: list[tuple[int, int, int, int, int]]) -> list[tuple[int, int, int, int, int]]:
        """The candidate melds and additions ``cand`` after which the player can still go out this turn
        (he must: his partner said yes, or he took the pile under the concealed waiver; RULES.md §1.9).

        The plans from rank counts (:func:`~canasta.engine.constraints.meld_plans.can_meld_out`,
        :func:`~canasta.engine.constraints.bounds.may_meld_out`) count wild cards without telling twos from jokers
        (their
        values do not matter for going out, nor does which one is discarded), so moves that differ only
        in twos against jokers get one answer, computed once; the side's melds and what it needs to go
        out are read once. Where the plans read the cards themselves (``_exact_out``) each is asked."""
        if self._exact_out():
            return [x for x in cand if self._out_ok_after(x)]
        side = self.side_of[self.turn]
        side_ex = self._ex(side)
        need = self._out_need(side)
        answers: dict[tuple[int, int, int, int], bool] = {}
        out = []
        for x in cand:
            key = (ACTIONS[x[0]][0], x[1], x[2], x[3] + x[4])
            ok = answers.get(key)
            if ok is None:
                ok = answers[key] = self._out_ok_after(x, side_ex, need)
            if ok:
                out.append(x)
        return out

    def _out_ok_after(
        self, x: tuple[int, int, int, int, int], side_ex: dict[int, list[int]] | None = None, need: int | None = None
    ) -> bool:
        """Whether the player can still go out this turn after candidate ``x`` (``side_ex``: :meth:`_ex` of
        the side, ``need``: :meth:`_out_need` of the side, where the caller has them)."""
        rc, ex, cn, _ = self._after_counts(x, side_ex)
        self._add_to_hand_counts(rc, self.pending)
        if self._exact_out():
            hand = self.hands[self.turn][:]
            for c in self.move_for_action(x[0]).cards:
                hand[c] -= 1
            return out_reach(self, hand, rc, ex, cn, 0, not self.no_discard)
        if need is None:
            need = self._out_need(self.side_of[self.turn])
        return (
            may_meld_out(rc, ex, self.meld_limits, need - cn, not self.no_discard)  # a quick exact "no" first
            and can_meld_out(rc, ex, self.meld_limits, cn, need, allow_discard=not self.no_discard)
        )

    # ---------------------------------------------------------- move objects

    def legal_moves(self) -> list[Move]:
        """The legal moves as :class:`Move` values with concrete cards."""
        return [self.move_for_action(a) for a in self.legal_actions()]

    def move_for_action(self, action: int) -> Move:
        """The move with concrete cards (suits chosen in order C, D, H, S) for id ``action``.

        Raises:
            IllegalMove: the hand lacks the cards that id needs.
        """
        fixed = FIXED_MOVES[action]
        if fixed is not None:
            return fixed
        kind, arg, n, t, j = ACTIONS[action]
        if arg == SEQ_TARGET or (kind == TAKE and arg == TAKE_SEQ):
            return seq_move_for_action(self, action)
        if (kind in (MELD, ADD) and arg == SEQ_WILD) or (kind == TAKE and arg == TAKE_SEQ_WILD):
            return wild_seq_move_for_action(self, action)
        seat = self.turn
        h = self.hands[seat]
        if kind == TAKE:
            if not self.pile:
                raise IllegalMove("the discard pile is empty")
            r = self.pile[-1] >> 2
            need = {TAKE_ADD: (0, 0, 0), TAKE_PAIR: (2, 0, 0), TAKE_NAT_TWO: (1, 1, 0), TAKE_NAT_JOKER: (1, 0, 1)}[arg]
            if r == JOKER_RANK and self.rules.wild_pair_takes_wild:  # two jokers take a joker (Hollywood)
                return Move(kind, (JOKER, JOKER))
            if r == JOKER_RANK:  # a joker canasta take (§3.4): two twos, or the other joly and a two
                return Move(kind, self._pick(h, TWO, 2) if arg == TAKE_PAIR else (JOKER,) + self._pick(h, TWO, 1))
            return Move(kind, self._pick(h, r, need[0]) + self._pick(h, TWO, need[1]) + (JOKER,) * need[2])
        if arg == WILD_TARGET:
            return Move(kind, self._pick(h, TWO, t) + (JOKER,) * j, WILD_TARGET)
        return Move(kind, self._pick(h, arg, n) + self._pick(h, TWO, t) + (JOKER,) * j, arg)

    @staticmethod
    def _pick(h: list[int], rank: int, count: int) -> tuple[int, ...]:
        """``count`` cards of rank index ``rank`` from the hand counts ``h``, suits in order C, D, H, S
        (black threes only for threes). Raises IllegalMove if the hand holds fewer."""
        if count <= 0:
            return ()
        out: tuple[int, ...] = ()
        base = rank * 4
        for c in (base, base + 3) if rank == THREE else (base, base + 1, base + 2, base + 3):
            k = h[c]
            if k:
                left = count - len(out)
                if k >= left:
                    return out + (c,) * left
                out += (c,) * k
        raise IllegalMove(f"you do not hold {count} {RANK_WORDS[rank]}")

    # ------------------------------------------------------------ applying

    def apply(self, move: Move | str) -> Move:
        """Apply ``move`` (a :class:`Move` or its notation) for the player to act.

        Returns the move as applied (with concrete cards).

        Raises:
            IllegalMove: the rules forbid it now; the message says why and the
                state is unchanged. Unreadable text also raises IllegalMove.
        """
        if isinstance(move, str):
            try:
                move = Move.parse(move)
            except MoveError as e:
                raise IllegalMove(str(e)) from None
        if self.over:
            raise IllegalMove("the deal is over")
        _check_shape(move)
        if (
            move.kind == MELD
            and move.target == WILD_TARGET
            and self.rules.twos_melds
            and any(c != JOKER and IS_WILD[c] for c in move.cards)
        ):
            move = Move(MELD, move.cards, TWO)  # twos of their own: the meld of twos (Italian §3.2)
        if (move.target == SEQ_TARGET or move.seq) and not self.rules.sequences:
            raise IllegalMove(self.explain(move))
        try:
            action = action_of(move)
        except MoveError as e:
            raise IllegalMove(str(e)) from None
        if action not in self.legal_actions():
            raise IllegalMove(self.explain(move))
        kind = move.kind
        if move.cards and kind in (MELD, ADD, DISCARD, TAKE):
            need = [0] * N_TYPES
            for c in move.cards:
                need[c] += 1
            h = self.hands[self.turn]
            for c in set(move.cards):
                if h[c] < need[c]:
                    raise IllegalMove(
                        f"you do not hold {'two ' if need[c] > 1 else ''}{card_str(c)}"
                        + ("" if need[c] <= 1 else f" ({need[c]} needed)")
                    )
            if (
                kind in (MELD, ADD)
                and move.target != ACTIONS[action][1]
                and not (move.target == SEQ_TARGET and ACTIONS[action][1] == SEQ_WILD)
            ):
                raise IllegalMove("the cards do not match the meld named")
            # the id forgets ranks: check that the cards really belong where they go
            if kind in (MELD, ADD) and move.target != SEQ_TARGET:  # a sequence's id names its cards
                self._check_meld_cards(move)
            elif kind == TAKE:
                self._check_take_cards(move, ACTIONS[action][1])
        self._do(action, move)
        return move

    def _check_meld_cards(self, move: Move) -> None:
        """Refuse a meld/add whose natural cards are not of the meld's rank (the id counts only)."""
        target = move.target
        if target == TWO:  # a group of twos (Italian): twos and jokers only
            bad = [c for c in move.cards if not IS_WILD[c]]
        elif target == WILD_TARGET:
            bad = [c for c in move.cards if not IS_WILD[c]]
        else:
            bad = [c for c in move.cards if not IS_WILD[c] and c >> 2 != target]
        if bad:
            raise IllegalMove(
                f"{card_str(bad[0])} does not belong in a meld of {RANK_WORDS[target]}: "
                "a meld is of one rank, plus wild cards (§1.5)"
            )

    def _check_take_cards(self, move: Move, mode: int) -> None:
        """Refuse a take whose cards are not the natural pair / natural and wild card of its mode (§1.7)."""
        top = self.pile[-1]
        r = top >> 2
        if IS_WILD[top] and self.rules.wild_pair_takes_wild:
            bad = wild_pair_problem(self, move.cards)
            if bad:
                raise IllegalMove(bad)
            return
        nat = sum(1 for c in move.cards if not IS_WILD[c] and c >> 2 == r)
        twos = sum(1 for c in move.cards if c != JOKER and c >> 2 == TWO)
        jokers = sum(1 for c in move.cards if c == JOKER)
        if top == JOKER:  # a joker canasta take (§3.4): any two wild cards, as the legal moves offer
            if len(move.cards) != 2 or twos + jokers != 2:
                raise IllegalMove("to take a pile topped by a joly you need two wild cards and a joker canasta")
            return
        want = {TAKE_ADD: (0, 0, 0), TAKE_PAIR: (2, 0, 0), TAKE_NAT_TWO: (1, 1, 0), TAKE_NAT_JOKER: (1, 0, 1)}[mode]
        if (nat, twos, jokers) != want or len(move.cards) != sum(want):
            raise IllegalMove(
                f"to take the pile your cards must match its top card, {card_str(top)}: a natural "
                f"pair of {RANK_WORDS[r]}, or one of them and a wild card where the pile is not frozen (§1.7)"
            )

    def apply_action(self, action: int) -> Move:
        """Apply the move with id ``action`` (cards chosen by :meth:`move_for_action`).

        Raises:
            IllegalMove: ``action`` is not among :meth:`legal_actions`; state unchanged.
        """
        if action not in self.legal_actions():
            if not 0 <= action < len(ACTIONS):
                raise IllegalMove(f"{action} is not a move id (0..{len(ACTIONS) - 1})")
            raise IllegalMove(self.explain(self.move_for_action_safe(action)))
        move = self.move_for_action(action)
        self._do(action, move)
        return move

    def move_for_action_safe(self, action: int) -> Move:
        """Like :meth:`move_for_action` but never raises (for messages)."""
        try:
            return self.move_for_action(action)
        except IllegalMove:
            kind, arg, n, t, j = ACTIONS[action]
            if arg == SEQ_WILD and kind in (MELD, ADD):
                arg = SEQ_TARGET  # a sequence holding a wild card (Hollywood)
            return Move(kind, (), arg if kind in (MELD, ADD) else -1)

    def _do(self, action: int, move: Move) -> None:
        kind = move.kind
        self._legal = None
        seat = self.turn
        if kind == DRAW:
            last_red = self._draw(seat, self.rules.draw)
            self.drew = 1
            self.phase = P_PLAY
            if last_red:
                if self.rules.last_red3_may_meld:
                    self.no_discard = True
                else:
                    self._finish(-1)
        elif kind == TAKE:
            self._do_take(seat, ACTIONS[action][1], move.cards, move.seq)
        elif kind in (MELD, ADD):
            self._do_meld(seat, move.target, move.cards, kind == MELD, move.seq, move.wild_as)
        elif kind == DISCARD:
            card = move.cards[0]
            self._take_card(seat, card)
            self.pile.append(card)
            if IS_WILD[card] or (self.rules.black3_freezes and is_black_three(card)):
                self.frozen = True
            if card == JOKER and self.rules.joker_discard_blocks_round:
                self.blocked_until = self.turn_no + self.n  # nobody takes for a full round (§3.4)
            out = self.hand_sizes[seat] == 0
            if out:  # before has_melded is updated: concealed looks at earlier turns only
                self._finish(seat)
            self._end_of_melding(seat)
            if not out:
                self._after_turn()
        elif kind == ASK:
            self.asked = True
            self.phase = P_ANSWER
            self.actor = self.partner_of[seat]
        elif kind in (YES, NO):
            self.phase = P_PLAY
            self.actor = seat
            if kind == NO:
                self.answer = -1
            elif self.rules.ask_requires_going_out or self.can_go_out_now():
                self.answer = 1
            else:  # told yes but unable to go out (S1 penalty table): charged, he plays on
                self.ask_failed[self.side_of[seat]] += 1
                self.answer = 0
        elif kind == PASS:
            self._finish(-1)
        self._settle_must_out()

    def _after_turn(self) -> None:
        if self.stock_out and self.rules.stock_end != "forced_take":
            self._finish(-1)
            return
        if not self.stock and self.rules.stock_end == "end":
            self._finish(-1)
            return
        self._next_turn()

    def _end_of_melding(self, seat: int) -> None:
        if self.turn_new or self.touched_old:
            self.has_melded[seat] = True

    def _do_take(self, seat: int, mode: int, cards: tuple[int, ...], seq: tuple[int, ...] = ()) -> None:
        if self.rules.cutthroat and self.lone < 0:
            form_alliance(self, seat)  # the first to take the pile is the lone hand (§3.1)
        side = self.side_of[seat]
        need_canasta = self._canasta_take_rule(seat, side) if self.opened[side] else ""
        if self.pile[-1] == JOKER and self.rules.joker_discard_blocks_round:
            need_canasta = "canasta"  # a joker canasta take (§3.4, S2 l.156)
        top = self.pile.pop()
        rest = take_dowry(self, self.pile)  # the dowry (§3.2) or surpriza (§3.4) lies under it
        self.pile = []
        self.frozen = self.rules.pile_always_frozen
        self.drew = 2
        self.phase = P_PLAY
        for c in cards:
            self._take_card(seat, c)
        if mode in (TAKE_SEQ, TAKE_SEQ_WILD):  # the top card joins a sequence of the side (§3.2)
            m = self._meld_cards(seat, side, SEQ_TARGET, (top,), seq=seq)
        elif IS_WILD[top] and self.rules.wild_pair_takes_wild:  # joins the meld of wild cards (Hollywood)
            m = self._meld_cards(seat, side, WILD_TARGET, (top,) + cards)
        else:
            m = self._meld_cards(seat, side, top >> 2, (top,) + cards)
        was_open = self.opened[side]
        if not was_open:
            self.open_total += sum(self.rank_values[c >> 2] for c in (top,) + cards)
            if self._opening_met(side):
                self._mark_opened(side, seat)
        if need_canasta and not m.is_canasta:  # the pile waits for the canasta (§3.4, S2 l.115-116)
            self.must_canasta = m.target
            self.pending = rest
        elif was_open:
            self._receive_pile(seat, rest)
        else:
            if self.opened[side]:
                self._receive_pile(seat, rest)
            elif (
                self._pile_waiver_rules()
                and best_meld_value(
                    self.rank_counts[seat],
                    self._ex(side, self.turn_new),
                    self.meld_limits,
                    max(0, 2 - self._to_hand(rest)),
                )
                < self.minimum[side] - self.open_total
            ):
                # taken under the concealed waiver (§2 row 12): the whole pile comes to the
                # hand and the player must now go out concealed this turn
                self._receive_pile(seat, rest)
                self.conceal_only = True
            else:
                self.pending = rest
        if self.rules.extra_cards:
            give_extra_cards(self, seat)
        self._check_out(seat)

    def _receive_pile(self, seat: int, cards: list[int]) -> None:
        removed = self.rules.black3_from_pile_removed
        for c in cards:
            if IS_RED_THREE[c]:
                self.red3[seat].append(c)  # laid out, no replacement (§1.2, §1.3)
            elif removed and IS_BLACK_THREE[c]:
                self.black3_removed[seat].append(c)  # out of play, scored for the side (§3.2 Cuban)
            else:
                self._give(seat, c)
        self.pending = []

    def _meld_cards(
        self,
        seat: int,
        side: int,
        target: int,
        cards: tuple[int, ...],
        new: bool = False,
        seq: tuple[int, ...] = (),
        wild_as: tuple[int, ...] = (),
    ) -> Meld:
        """Put ``cards`` (already out of the hand) into a meld of ``side``: a new one where ``new``
        (or where the side has none of ``target``), the sequence whose ends are ``seq``, or the
        meld ``mt`` names for ``target``; in a sequence each wild card stands for the card of
        ``wild_as`` in its turn. Updates the canasta count."""
        if target == SEQ_TARGET:
            found = None if new else find_sequence(self, side, seq)
            mi = -1 if found is None else self.melds[side].index(found)
        else:
            mi = -1 if new else self.meld_index[side][target]
        if mi >= 0:
            m = self.melds[side][mi]
            if m.turn != self.turn_no or m.creator != seat:
                self.touched_old = True
            if self._shared:  # a search copy: the meld is its parent's too, change a copy of it (_copy)
                old, m = m, m.copy()
                self.melds[side][mi] = m
                if target == SEQ_TARGET:
                    seqs = self.seqs[side]
                    seqs[seqs.index(old)] = m
                tn = self.turn_new
                for k, x in enumerate(tn):
                    if x is old:
                        tn[k] = m
        else:
            m = Meld(target, seat, self.turn_no)
            if target != SEQ_TARGET:
                self.meld_index[side][target] = len(self.melds[side])
            else:
                self.seqs[side].append(m)
            self.melds[side].append(m)
            self.turn_new.append(m)
        if target == SEQ_TARGET:
            stand = [c for c in cards if not IS_WILD[c]] + list(wild_as)
            ranks = [c >> 2 for c in stand]
            if m.cards:
                m.span = extended(m.span, stand)
            else:
                m.span = (stand[0] & 3, min(ranks), max(ranks))
        was = m.is_canasta
        for c in cards:
            m.cards.append(c)
            if c == JOKER or (IS_WILD[c] and target != TWO):  # twos are a twos meld's naturals
                m.wild += 1
            else:
                m.nat += 1
        if m.is_canasta and not was:
            self.canastas[side] += 1
            if target == SEQ_TARGET:
                self.seq_canastas[side] += 1
        return m

    def _do_meld(
        self,
        seat: int,
        target: int,
        cards: tuple[int, ...],
        new: bool = False,
        seq: tuple[int, ...] = (),
        wild_as: tuple[int, ...] = (),
    ) -> None:
        side = self.side_of[seat]
        if target == THREE and self.rules.black3_set_leaves_play:
            for c in cards:  # four black threes put out of play, not melded (§3.4, S2 l.178-180)
                self._take_card(seat, c)
            self.black3_removed[seat].extend(cards)
            self._check_out(seat)
            return
        for c in cards:
            self._take_card(seat, c)
        m = self._meld_cards(seat, side, target, cards, new, seq, wild_as)
        if target == THREE and self.rules.black3_melds_anytime:
            pass  # a set of black threes neither counts towards nor makes the initial meld (§3.5)
        elif not self.opened[side]:
            self.open_total += sum(self.rank_values[c >> 2] for c in cards)
            if self._opening_met(side):
                self._mark_opened(side, seat)
                if self.pending:
                    self._receive_pile(seat, self.pending)
        elif self.must_canasta == target and m.is_canasta:
            self.must_canasta = -1
            self._receive_pile(seat, self.pending)
        if self.rules.extra_cards:
            give_extra_cards(self, seat)
        self._check_out(seat)

    def _opening_met(self, side: int) -> bool:
        """Whether this turn's melds make the initial meld of ``side``: the minimum count (§1.6), a
        canasta where ``min_meld_canasta_from`` asks for one on top of it (§3.2), the §3.4 opening rules."""
        if self._canasta_missing(side):
            return False
        if not self.rules.special_opening:
            return self.open_total >= self.minimum[side]
        return opening_met(
            self.rules,
            self.scores[side],
            self.open_total,
            self.minimum[side],
            [(m.target, m.wild, m.size) for m in self.turn_new],
        )

    def _mark_opened(self, side: int, seat: int) -> None:
        """Record that ``seat`` made the initial meld of ``side`` in this turn."""
        self.opened[side] = True
        self.opener[side] = seat
        self.opened_turn[side] = self.turn_no

    def _check_out(self, seat: int) -> None:
        if self.hand_sizes[seat] == 0 and not self.pending:
            side = self.side_of[seat]
            if not self.opened[side]:
                self._mark_opened(side, seat)  # concealed going out waives the minimum
            self._finish(seat)  # before has_melded is updated (concealed, §1.9)
            self._end_of_melding(seat)

    # ----------------------------------------------------------- explaining

    def explain(self, move: Move) -> str:
        """Why ``move`` is not legal now, in a player's words (RULES.md sections named); for a move that
        is legal now, the text says so."""
        if self.over:
            return "the deal is over"
        try:
            if action_of(move) in self.legal_actions():
                return "that move is legal now"
        except MoveError:
            pass
        kind = move.kind
        seat = self.turn
        side = self.side_of[seat]
        if self.phase == P_ANSWER:
            if kind in (YES, NO):
                return "only your partner can answer"
            # the player to act is the one asked (only he may move now): the question is his partner's
            return "you must first answer your partner's question 'may I go out?' with yes or no"
        if kind in (YES, NO):
            return "nobody asked to go out"
        if self.phase == P_DRAW:
            if kind == DRAW and self.stock_out:
                return "the stock is gone: take the pile if you can, or pass"
            if kind == PASS and self.stock_out:
                return "the stock is gone and the pile's top card fits your meld: you must take the pile (§1.10)"
            if kind in (MELD, ADD, DISCARD, ASK, PASS):
                return "first draw from the stock ('draw') or take the discard pile ('take ...')"
            if kind == TAKE:
                return self._explain_take(move)
            return "that move is not allowed now"
        # play phase
        if kind in (DRAW, TAKE):
            return "you have already drawn this turn"
        if kind == PASS:
            return "you can pass only when the stock is gone or after drawing the last red three"
        if kind == ASK:
            if self.rules.team_size < 2:
                return "you have no partner to ask"
            if self.asked:
                return "you have already asked this turn"
            if not self.rules.ask_requires_going_out:
                return (
                    "you may ask only after drawing, with at least two cards in your hand and no initial meld half made"
                )
            why = out_block_reason(self, seat)
            if why:
                return why
            if not self.side_may_go_out(side):
                return (
                    f"you cannot go out this turn: your side needs {self._need_words()} to go out; "
                    "ask only when you can go out"
                )
            return "you cannot go out this turn with these cards; ask only when you can go out"
        if self.must_canasta >= 0 and kind in (DISCARD, MELD, ADD, ASK):
            return (
                f"you took the pile with a canasta: first complete your canasta of "
                f"{RANK_WORDS[self.must_canasta]}; then the pile joins your hand (§3.4)"
            )
        if kind in (MELD, ADD) and self.rules.no_opening_first_round and self.first_round():
            return "nobody melds in the first round (§3.4)"
        if kind == DISCARD:
            if self.no_discard:
                return "you drew the last red three: you may meld, but not discard; 'pass' ends the deal"
            card = move.cards[0]
            if not self.hands[seat][card]:
                return f"you do not hold {card_str(card)}"
            if (
                IS_BLACK_THREE[card]
                and self.rules.black3_no_discard_first_round
                and self.first_round()
                and self.hand_sizes[seat] > self.rank_counts[seat][THREE]
            ):
                return (
                    "black threes may not be discarded in your first turn of the deal while you hold "
                    "other cards (§3.2 Cuban)"
                )
            if self.hand_sizes[seat] == 1 and card >> 2 == self.variant_ranks.discard_block:
                return f"you may not go out by discarding one of the {RANK_WORDS[card >> 2]} (§3.5)"
            if blocked_discard(self, card):
                return (
                    f"{RANK_WORDS[card >> 2]} may not be discarded until every side has a canasta of "
                    f"{RANK_WORDS[card >> 2]} (§3.5)"
                )
            if self.conceal_only:
                return (
                    "you took the pile without reaching your initial meld: you must go out "
                    "concealed this turn (option concealed_waives_minimum_with_pile)"
                )
            if not self._opening_done():
                missing = self._canasta_missing(side)
                if missing and self.open_total >= self.minimum[side]:
                    return (
                        f"your side's initial meld must include {KIND_WORDS[missing]} completed this turn: "
                        "meld more before you discard (§3.2)"
                    )
                return (
                    f"your melds this turn count {self.open_total}; your side's initial meld needs "
                    f"{self.minimum[side]}: meld more before you discard (§1.6)"
                )
            if self.answer > 0:
                return "your partner said yes: you must go out this turn (§1.9)"
            if self.hand_sizes[seat] == 1:
                if self.answer < 0:
                    return "your partner said no: you may not go out this turn"
                why = out_block_reason(self, seat)
                if why:
                    return why
                if self.rules.must_ask_to_go_out and self.answer == 0 and self.side_may_go_out(side):
                    return MUST_ASK
                return (
                    f"discarding your last card would go out, and your side needs {self._need_words()} to go out (§1.9)"
                )
            return "that discard is not allowed now"
        # meld / add
        cards = move.cards
        h = self.hands[seat]
        for c in set(cards):
            if h[c] < cards.count(c):
                return f"you do not hold {'enough ' if cards.count(c) > 1 else ''}{card_str(c)}"
        target = move.target
        nat = [c for c in cards if not IS_WILD[c]]
        wild = len(cards) - len(nat)
        if any(IS_RED_THREE[c] for c in cards):
            return "red threes are never melded (§1.3)"
        if not move.seq and len({c >> 2 for c in nat}) > 1 and any(IS_BLACK_THREE[c] for c in nat):
            nat, target = [c for c in nat if IS_BLACK_THREE[c]], THREE  # the black threes' rule is the reason
        elif target == SEQ_TARGET and not self.rules.sequences and sequence_problem(nat):
            return "a meld is of one rank: all its natural cards must have the same rank (§1.5)"
        if target == SEQ_TARGET or move.seq:
            return explain_sequence(self, move) or self._explain_meld_tail(cards)
        if len({c >> 2 for c in nat}) > 1:
            return "a meld is of one rank: all its natural cards must have the same rank (§1.5)"
        if target == THREE and self.rules.black3_set_leaves_play:
            return (
                "black threes are never melded; a player holding all four may put them out of play "
                "together ('meld 3C 3C 3S 3S') after the first round, keeping a card to discard (§3.4)"
            )
        if target == THREE and self.rules.black3_melds_anytime:
            return (
                "black threes form one set of three or four per side, laid out at once without wild cards, "
                "nothing added to it, keeping two cards in hand (§3.5)"
            )
        if target == THREE:
            return (
                "black threes may be melded only when you go out with them: three or four of them, "
                "no wild cards, and your side needs its canastas (§1.8)"
            )
        if target == WILD_TARGET and not self.rules.wild_melds:
            return "melds of wild cards only are not allowed in this variant (§1.5)"
        if (
            self.rules.twos_melds
            and target != TWO
            and any(c != JOKER and IS_WILD[c] for c in cards)
            and twos_reserved(self, side)
        ):
            return (
                "your side's meld of twos is not yet a canasta: until it is, its twos may not be wild cards "
                "in other melds (§3.2 Italian)"
            )
        if target == TWO and self.rules.twos_melds and not self.opened[side]:
            return "your side melds twos of their own only after its initial meld (§3.2 Italian)"
        mi = self.meld_index[side][target] if 0 <= target < 14 else -1
        if kind == MELD and mi >= 0 and not (self.rules.several_melds_per_rank and self.melds[side][mi].is_canasta):
            more = (
                " (another meld of that rank may be started once it is a canasta)"
                if self.rules.several_melds_per_rank
                else ""
            )
            return (
                f"your side already has a meld of {RANK_WORDS[target]}{more}: add to it with "
                f"'add {' '.join(card_str(c) for c in cards)}'"
            )
        if kind == ADD and mi < 0:
            return f"your side has no meld of {RANK_WORDS[target]} to add to; start one with 'meld ...'"
        m = self.melds[side][mi] if mi >= 0 else None
        nat_total = len(nat) + (m.nat if m else 0)
        wild_total = wild + (m.wild if m else 0)
        if target == WILD_TARGET:
            total = len(cards) + (m.size if m else 0)
            if kind == MELD and len(cards) < self.rules.wild_meld_min:
                return (
                    f"a meld of wild cards needs at least {self.rules.wild_meld_min} cards at once "
                    "(option wild_meld_min)"
                )
            if total > self.rules.wild_meld_cap:
                return f"a meld of wild cards may hold at most {self.rules.wild_meld_cap} cards"
        elif len(cards) + (m.size if m else 0) > self.rules.meld_cap:
            return f"a meld may hold at most {self.rules.meld_cap} cards: a full canasta takes no more (§3.2 Cuban)"
        if kind == MELD and len(cards) < 3:
            return "a meld needs at least 3 cards (§1.5)"
        if nat_total < self.rules.min_naturals and target != WILD_TARGET:
            return f"a meld needs at least {self.rules.min_naturals} natural cards (§1.5)"
        if wild_total > self.rules.wild_limit and target != WILD_TARGET:
            return f"a meld may hold at most {self.rules.wild_limit} wild cards (§1.5)"
        if self.rules.no_wild_majority and wild_total > nat_total and target != WILD_TARGET:
            return "wild cards may not outnumber the natural cards of a meld (option no_wild_majority)"
        return self._explain_meld_tail(cards)

    def _explain_meld_tail(self, cards: tuple[int, ...]) -> str:
        """Why a meld of a fine shape is refused: a card to keep, the initial meld, a promise to go out."""
        seat = self.turn
        side = self.side_of[seat]
        after = self.hand_sizes[seat] - len(cards) + self._to_hand(self.pending)
        if after < 2:
            if self.answer < 0:
                return "your partner said no: you may not go out this turn, so keep at least two cards"
            why = out_block_reason(self, seat)
            if why:
                return why
            if self.rules.must_ask_to_go_out and self.answer == 0:
                return MUST_ASK
            return (
                f"you must keep a card to discard: your side needs {self._need_words()} "
                "before you can meld your last cards (§1.4, §1.9)"
            )
        if not self.opened[side]:
            missing = self._canasta_missing(side)
            extra = f" and {KIND_WORDS[missing]}" if missing else ""
            return (
                f"this meld would leave your side unable to reach its initial meld of "
                f"{self.minimum[side]} points{extra} while keeping a card to discard (§1.6)"
            )
        if self.conceal_only:
            return "you took the pile without your initial meld: every move must keep you able to go out"
        if self.answer > 0:
            return "your partner said yes: every move must keep you able to go out this turn"
        return "that meld is not allowed now"

    def _explain_take(self, move: Move) -> str:
        pile = self.pile
        seat = self.turn
        side = self.side_of[seat]
        if not pile:
            return "the discard pile is empty"
        top = pile[-1]
        r = top >> 2
        if top == JOKER and self.rules.joker_discard_blocks_round:
            return (
                "a joly is on top: only the next player may take it, showing two wild cards and making "
                "his side's meld of wild cards a joker canasta this turn (§3.4)"
            )
        if (top == JOKER or r == TWO) and self.rules.wild_pair_takes_wild:
            if self.rules.no_pile_for_initial_meld and not self.opened[side]:
                return "your side has not made its initial meld: in this variant the pile cannot be taken for it"
            bad = wild_pair_problem(self, move.cards)
            if bad:
                return bad
            return (
                "the pair and the top card would not fit your side's meld of wild cards, or leave you no "
                "card to discard, or miss your initial meld (§1.6, §3.2)"
            )
        if top == JOKER or r == TWO:
            return f"a wild card ({card_str(top)}) is on top of the pile: it cannot be taken (§1.7)"
        if r == THREE:
            return f"a black three ({card_str(top)}) stops the pile: it cannot be taken this turn (§1.8)"
        word = RANK_WORDS[r]
        if self.rules.no_opening_first_round and self.first_round():
            return "nobody takes the pile in the first round (§3.4)"
        if self.turn_no <= self.blocked_until:
            return (
                f"a joly was discarded less than a round ago: nobody takes the pile before turn "
                f"{self.blocked_until + 1} (§3.4)"
            )
        need_canasta = self._canasta_take_rule(seat, side)
        if need_canasta:
            why = (
                "your partner made your side's initial meld this round"
                if self.opened[side]
                else f"your side's initial meld must hold a {need_canasta.replace('_', ' ')}"
            )
            return (
                f"{why}: you may take the pile only if the top card and cards from your hand make "
                f"its meld of {word} a canasta this turn (§3.4)"
            )
        if r == self.variant_ranks.pile_block:
            return f"a {RANKS[r]} ({card_str(top)}) is on top: in this variant {word} block the pile"
        if self.rules.one_card_pile_rule and self.hand_sizes[seat] == 1 and len(pile) == 1:
            return "you hold one card and the pile has one card: you may not take it (§1.7)"
        if move.seq:
            why = explain_sequence_take(self, move)
            if why:
                return why
            return "you would have no card left to discard, and your side cannot go out yet (§1.4)"
        if self.rules.no_pile_for_initial_meld and not self.opened[side]:
            return "your side has not made its initial meld: in this variant the pile cannot be taken for it"
        mi = self.meld_index[side][r]
        if mi >= 0 and self.rules.own_canasta_rank_blocks_pile and self.melds[side][mi].is_canasta:
            return f"your side has a canasta of {word}: a {RANKS[r]} on top blocks the pile for you"
        h = self.hands[seat]
        for c in set(move.cards):
            if h[c] < move.cards.count(c):
                return f"you do not hold {card_str(c)}"
        frozen = self.pile_frozen_for(side)
        if move.cards and any(c >> 2 != r and not IS_WILD[c] for c in move.cards):
            return f"to take the pile your cards must match its top card, {card_str(top)}"
        if frozen:
            nat = [c for c in move.cards if c >> 2 == r]
            if len(nat) < 2:
                return f"the pile is {self.frozen_reason(side)}: you need a natural pair of {word} (§1.7)"
        if not move.cards and mi < 0:
            return f"your side has no meld of {word} to add the top card to"
        if not move.cards and self.rules.pile_add_below and self.melds[side][mi].size >= self.rules.pile_add_below:
            return (
                f"the top card may be added only to a meld of fewer than {self.rules.pile_add_below} "
                f"cards; your meld of {word} has {self.melds[side][mi].size} (§3.2)"
            )
        if mi >= 0 and self.melds[side][mi].size + len(move.cards) + 1 > self.rules.meld_cap:
            return (
                f"your meld of {word} would hold more than {self.rules.meld_cap} cards: "
                "a full canasta takes no more (§3.2 Cuban)"
            )
        if not self.opened[side]:
            return (
                f"the top card and the cards from your hand cannot reach your side's initial meld of "
                f"{self.minimum[side]} points (pile cards below the top do not count, §1.6)"
            )
        if self.hand_sizes[seat] - len(move.cards) + len(pile) - 1 < 2:
            return "you would have no card left to discard, and your side cannot go out yet (§1.4)"
        return "that way of taking the pile is not allowed in this variant (§1.7)"

    # ---------------------------------------------------------------- views

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now (DESIGN.md, "Hidden information")."""
        side = self.side_of[seat]
        hand = tuple(deck_list(self.hands[seat]))
        top = self.pile[-1] if self.pile else None
        return PlayerView(
            rules=self.rules,
            seat=seat,
            side=side,
            hand=hand,
            hand_sizes=tuple(self.hand_sizes),
            melds=tuple(
                tuple(
                    MeldView(
                        m.target, tuple(m.cards), m.is_canasta, m.is_natural, m.span if m.target == SEQ_TARGET else None
                    )
                    for m in ms
                )
                for ms in self.melds
            ),
            red_threes=tuple(tuple(r) for r in self.red3),
            pile_top=top,
            pile_size=len(self.pile),
            pile_frozen=self.frozen,
            pile_frozen_for_me=self.pile_frozen_for(side),
            frozen_reason=self.frozen_reason(side),
            stopped=top is not None and is_black_three(top),
            pile_cards=tuple(self.pile) if self.rules.pile_visible else None,
            stock_size=len(self.stock),
            scores=tuple(self.scores),
            minimums=tuple(self.minimum),
            opened=tuple(self.opened),
            turn=self.turn,
            to_act=self.actor,
            phase=PHASE_NAMES[self.phase],
            asked=self.asked,
            answer=self.answer,
            drew=self.drew,
            dealer=self.dealer,
            turn_number=self.turn_no,
            melded_this_turn=self.open_total,
            pending_pile=len(self.pending),
            black_threes_removed=tuple(tuple(r) for r in self.black3_removed),
            asks_failed=tuple(self.ask_failed),
            sides=self.side_of,
            lone_hand=self.lone,
            openers=tuple(self.opener),
            opened_turns=tuple(self.opened_turn),
            pile_blocked_until=self.blocked_until,
            must_canasta=self.must_canasta,
            packet_sizes=tuple(len(p) for p in self.packets),
            extra_cards_done=tuple(self.extra_done),
            dowry_size=len(self.dowry),
        )

    # -------------------------------------------------------------- results

    def side_results(self) -> list[SideResult]:
        """What each side had at the end (or now): the scoring input, one per side (cutthroat: per
        player, by the side he started on, the lone hand marked; the partners' melds are all on
        the partnership's side)."""
        res = [SideResult() for _ in range(self.teams)]
        for side in range(self.teams):
            res[side].melds = [list(m.cards) for m in self.melds[side]]
        b3_all = 4
        for seat in range(self.n):
            s = res[self.home[seat]]
            s.red_threes.extend(self.red3[seat])
            s.black_threes_removed.extend(self.black3_removed[seat])
            h = self.hands[seat]
            s.hand.extend(c for c in range(N_TYPES) for _ in range(h[c]))
            if self.rank_counts[seat][THREE] >= b3_all and sum(h[c] for c in (4, 7)) >= b3_all:
                s.four_black_threes_held = True
        for side in range(self.teams):
            res[side].ask_failed = self.ask_failed[side]
        if self.lone >= 0:  # cutthroat: one result per player, the partners' combine in scoring (§3.1)
            res[self.home[self.lone]].lone_hand = True
        if self.out_seat >= 0:
            s = res[self.home[self.out_seat]]
            s.went_out = True
            s.concealed = self.concealed
            if self.concealed:
                s.concealed_kind = self.concealed_kind()
        return res

    def concealed_kind(self) -> str:
        """Kind of the concealed going out that ended the deal, one of :data:`CONCEALED_KINDS`
        ('' if the deal did not end so): in the player's first turn or later, alone or adding to
        melds already on the table (his partner's), as S1's scale distinguishes (RULES.md §3.3 b)."""
        if not self.concealed:
            return ""
        first = self.turn_no <= self.n
        return CONCEALED_KINDS[(0 if first else 2) + (1 if self.touched_old else 0)]

    def score(self) -> list[SideScore]:
        """Score of each side for this deal (RULES.md §1.11), via the shared scoring function.

        Raises:
            RuntimeError: the deal is not over.
        """
        if not self.over:
            raise RuntimeError("the deal is not over")
        res = self.side_results()
        scored = score_deal(self.rules, {str(i): r for i, r in enumerate(res)})
        return [scored[str(i)] for i in range(self.teams)]

    # ----------------------------------------------------------- invariants

    def check_invariants(self) -> None:
        """Raise AssertionError unless every card is in exactly one place and counts agree."""
        expected = deck_counts(self.rules.packs, self.rules.jokers)
        got = self.card_census()
        if got != expected:
            diff = {card_str(c): got[c] - expected[c] for c in range(N_TYPES) if got[c] != expected[c]}
            raise AssertionError(f"conservation broken: {diff}")
        for s in range(self.n):
            h = self.hands[s]
            if sum(h) != self.hand_sizes[s]:
                raise AssertionError("hand size out of step")
            for r in range(14):
                have = sum(h[r * 4 : r * 4 + 4]) if r < 13 else h[JOKER]
                if have != self.rank_counts[s][r]:
                    raise AssertionError("rank counts out of step")
            if any(IS_RED_THREE[c] for c in range(N_TYPES) if h[c]):
                raise AssertionError("a red three stayed in a hand")
            if self.rules.sequences and self.natural_bits[s] != held_bits(h):
                raise AssertionError("naturals held (bits) out of step")
            if any(not IS_BLACK_THREE[c] for c in self.black3_removed[s]):
                raise AssertionError("a card other than a black three was removed from play")
        cap, wcap = self.rules.meld_cap, self.rules.wild_meld_cap
        for side in range(self.teams):
            if sum(1 for m in self.melds[side] if m.is_canasta) != self.canastas[side]:
                raise AssertionError("canasta count out of step")
            if sum(1 for m in self.melds[side] if m.is_canasta and m.target == SEQ_TARGET) != self.seq_canastas[side]:
                raise AssertionError("sequence canasta count out of step")
            for m in self.melds[side]:
                if m.size > (wcap if m.target == WILD_TARGET else cap):
                    raise AssertionError(f"a meld of {m.size} cards is over the variant's limit")
                if m.target == SEQ_TARGET and (
                    sorted(c for c in m.cards if not IS_WILD[c])
                    != sorted(c for c in span_cards(m.span) if c >> 2 != meld_hole(m))
                    or m.size != m.span[2] - m.span[1] + 1
                    or m.wild > self.rules.sequence_wild_max
                    or (m.wild and m.nat < self.rules.min_naturals)
                    or m.size > max(self.rules.sequence_max, self.rules.sequence_out_max)
                ):
                    raise AssertionError(f"sequence meld {m.cards} does not match its span {m.span}")
            for t, i in enumerate(self.meld_index[side]):
                if i >= 0 and self.melds[side][i].target != t:
                    raise AssertionError("meld table out of step")
            if self.seqs[side] != [m for m in self.melds[side] if m.target == SEQ_TARGET]:
                raise AssertionError("list of sequences out of step")

    # ----------------------------------------------------------------- copy

    def clone(self) -> Deal:
        """An independent copy (cheap: a few small lists), for search and learners.

        Nothing mutable is shared: a move on the copy never changes the original, and the reverse (issue #13).
        Every slot is copied by the way :data:`CLONE_SHARED`, :data:`CLONE_FLAT` and :data:`CLONE_NESTED` name
        it, or below (melds, the generator, the cache); the module refuses to load if a slot is in none of them.
        """
        return self._copy(True)

    def _copy(self, own_rng: bool) -> Deal:
        """:meth:`clone`; without ``own_rng`` the copy shares a throwaway random generator instead of a copy
        of this deal's, and the other sides' melds (for the searches within one turn, which never reshuffle
        nor touch another side's melds: canasta.engine.constraints.going_out_search, :meth:`_last_card_out`)."""
        d = Deal.__new__(type(self))
        own = -1 if own_rng else self.side_of[self.turn]  # a search copy: only this side's melds change
        if own >= 0 and not self.rules.cutthroat:
            return self._search_copy(d, own)
        _copy_slots(self, d)
        mapping: dict[int, Meld] = {}
        d.melds = []
        for k, ms in enumerate(self.melds):
            if own >= 0 and k != own:
                d.melds.append(ms)  # shared, never changed by a search within the turn
                continue
            copies = []
            for m in ms:
                mc = m.copy()
                mapping[id(m)] = mc
                copies.append(mc)
            d.melds.append(copies)
        d.turn_new = [mapping[id(m)] for m in self.turn_new]
        d.seqs = [ms if own >= 0 and k != own else [mapping[id(m)] for m in ms] for k, ms in enumerate(self.seqs)]
        if own_rng:
            d.rng = random.Random()
            d.rng.setstate(self.rng.getstate())
        else:
            d.rng = _SEARCH_RNG
        d._legal = None
        d._shared = False
        return d

    def _search_copy(self, d: Deal, own: int) -> Deal:
        """:meth:`_copy` for a search within the turn of side ``own``: the lists of melds are copied, the Meld
        objects shared with this deal (``_shared``: :meth:`_meld_cards` copies a meld before it changes it).
        Not for cutthroat deals (an alliance merges melds in place: canasta.engine.cutthroat)."""
        _copy_slots(self, d)
        melds = self.melds[:]
        melds[own] = melds[own][:]
        d.melds = melds
        seqs = self.seqs[:]
        seqs[own] = seqs[own][:]
        d.seqs = seqs
        d.turn_new = self.turn_new[:]
        d.rng = _SEARCH_RNG
        d._legal = None
        d._shared = True
        return d


CLONE_SHARED = (
    "rules",
    "n",
    "teams",
    "side_of",
    "meld_limits",
    "rank_values",
    "values",
    "dealer",
    "seed",
    "deck",
    "frozen",
    "turn",
    "actor",
    "phase",
    "drew",
    "open_total",
    "touched_old",
    "asked",
    "answer",
    "no_discard",
    "over",
    "out_seat",
    "concealed",
    "reshuffles",
    "turn_no",
    "partner_of",
    "stock_out",
    "conceal_only",
    "home",
    "lone",
    "must_canasta",
    "blocked_until",
    "variant_ranks",
    "planning",
    "_out_dead",
)
"""Slots of a :class:`Deal` that :meth:`Deal.clone` shares: numbers, flags, tuples and the frozen descriptions of
the variant (``rules``, ``lim``, ``xr``), never changed in place."""
CLONE_FLAT = (
    "hand_sizes",
    "natural_bits",
    "stock",
    "pile",
    "pending",
    "opener",
    "opened_turn",
    "canastas",
    "seq_canastas",
    "ask_failed",
    "dowry",
    "extra_done",
    "opened",
    "has_melded",
    "scores",
    "minimum",
)
"""Slots that are lists of numbers or flags: copied."""
CLONE_NESTED = ("hands", "rank_counts", "meld_index", "red3", "black3_removed", "packets")
"""Slots that are lists of lists of numbers: each inner list copied."""
CLONE_SPECIAL = ("melds", "turn_new", "seqs", "rng", "_legal", "_shared")
"""Slots :meth:`Deal.clone` copies by hand: the melds (``turn_new`` and ``seqs`` point into them), the generator's
state, and the legal-move cache (emptied)."""


def _check_clone_covers_slots() -> None:
    """Refuse to load if a slot of :class:`Deal` is not sorted for :meth:`Deal.clone` (or sorted twice)."""
    named = CLONE_SHARED + CLONE_FLAT + CLONE_NESTED + CLONE_SPECIAL
    slots = DealState.__slots__
    if sorted(named) != sorted(slots):
        missing = sorted(set(slots) - set(named))
        extra = sorted({x for x in named if named.count(x) > 1} | (set(named) - set(slots)))
        raise RuntimeError(f"Deal.clone: slots not sorted {missing}, unknown or repeated {extra}")


_check_clone_covers_slots()


def _slot_copier() -> Callable[[Deal, Deal], None]:
    """One function copying the slots of :data:`CLONE_SHARED`, :data:`CLONE_FLAT` and :data:`CLONE_NESTED` from a
    deal to another as those tuples say (written out from them: a search copies deals by the thousand)."""
    lines = ["def copy_slots(s, d):"]
    lines += [f"    d.{n} = s.{n}" for n in CLONE_SHARED]
    lines += [f"    d.{n} = s.{n}[:]" for n in CLONE_FLAT]
    lines += [f"    d.{n} = [x[:] for x in s.{n}]" for n in CLONE_NESTED]
    space: dict[str, Any] = {}
    exec("\n".join(lines), space)  # noqa: S102 - the source is made of the slot names above alone
    fn: Callable[[Deal, Deal], None] = space["copy_slots"]
    return fn


_copy_slots = _slot_copier()


class SeqDeal(SeqState, Deal):
    """A :class:`Deal` of a variant with sequences (RULES.md §3.2), made by ``Deal(rules, ...)`` itself where
    ``rules.sequences``: its card moves (:class:`canasta.engine.state.SeqState`) also keep ``natural_bits``."""

    __slots__ = ()
