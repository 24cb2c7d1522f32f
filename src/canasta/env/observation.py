"""The environment's observation: a fixed-size vector built from one seat's view only.

:class:`ObservationLayout` fixes, for a number of players and sides, where
each piece of information sits in the ``observation`` vector (its offsets are
listed in ``docs/env.md``). :class:`PublicMemory` remembers what every player
saw during the deal but a :class:`~canasta.engine.deal.PlayerView` no longer shows:
the cards discarded onto the pile since it was last taken, and which of them a
seat took into its hand with the pile. :func:`build_observation` reads a
``PlayerView`` and a ``PublicMemory`` (nothing else: no other seat's hand, no
stock order) and fills the vector; :func:`build_action_mask` turns the legal
move ids into the ``action_mask``.

Seats and sides are relative to the observer: seat ``k`` of a per-seat block
is the ``k``-th seat after the observer in playing order (``k = 0`` is the
observer), side ``k`` of a per-side block is side ``(own side + k) % teams``
(``k = 0`` is the observer's side). So one policy can play any seat.

Two blocks are appended for the Samba family (RULES.md §3.2) and only there, so that the classic
layout never changes: ``meld_counts`` (how many melds of each target a side has, where
``several_melds_per_rank``: the ``melds`` block sums them) and ``sequences`` (which cards of each
suit a side's sequence melds cover, where ``sequences``). The shape is fixed for a given rules object.

Rules: what a seat may know is DESIGN.md "Hidden information"; the pile
(RULES.md §1.7) is face up, so every discard is seen by every player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from mypy_extensions import mypyc_attr

from canasta.cards.deck import ACE, FOUR, IS_BLACK_THREE, IS_RED_THREE, IS_WILD, N_TYPES
from canasta.engine.deal import PHASE_NAMES, PlayerView
from canasta.moves.actions import N_ACTIONS
from canasta.moves.notation import ADD, DISCARD, MELD, N_TARGETS, TAKE, Move
from canasta.rules.fields import Rules

SCORE_SCALE = 1000.0
"""Cumulative scores are given in thousands of points."""
COUNT_SCALE = 100.0
"""Minimum counts and the points melded this turn are given in hundreds of points."""
POINTS_CLIP = 100.0
"""Scaled point values are clipped to [-POINTS_CLIP, POINTS_CLIP] (i.e. +-100,000 points of score)."""

MELD_FIELDS = ("naturals", "wild cards", "canasta", "natural")
"""The four numbers given for each side and meld target."""
SEQ_RANKS = ACE - FOUR + 1
"""Ranks a sequence may hold (4 to ace, RULES.md §3.2): 11 per suit in the ``sequences`` block."""
SEQ_FIELDS = ("sequences", "sequence canastas", "sequences holding a wild card")
"""The numbers given for each side after its 4 x 11 covered cards in the ``sequences`` block."""

_GONE = IS_RED_THREE
_GONE_B3 = tuple(a or b for a, b in zip(IS_RED_THREE, IS_BLACK_THREE, strict=True))
_WILD_GET = IS_WILD.__getitem__
_PHASES = {name: i for i, name in enumerate(PHASE_NAMES)}


@mypyc_attr(native_class=False)  # compiled: a Python class, so that it pickles and copies as in the pure build
@dataclass(frozen=True)
class Block:
    """One named slice of the observation vector.

    Attributes:
        name: block name (as in docs/env.md).
        offset: index of its first element.
        size: number of elements.
        kind: ``count`` (a number of cards), ``flag`` (0 or 1), ``points`` (scaled
            points, may be negative) -- it sets the bounds of the space.
        doc: what the elements hold, in words.
    """

    name: str
    offset: int
    size: int
    kind: str
    doc: str

    @property
    def slice(self) -> slice:
        """The block's index range in the vector."""
        return slice(self.offset, self.offset + self.size)


@mypyc_attr(native_class=False)  # compiled: a Python class, so that it pickles and copies as in the pure build
class ObservationLayout:
    """Where each piece of information sits in the observation vector.

    The layout depends only on the number of ``players`` and of sides
    (``teams``) and on two rule flags that append a block each at the end
    (:meth:`for_rules`); two variants with the same table and flags give
    vectors of the same shape and meaning.

    Args:
        players: seats at the table (2..6).
        teams: sides (2..players).
        meld_counts: append the ``meld_counts`` block (rules with ``several_melds_per_rank``).
        sequences: append the ``sequences`` block (rules with ``sequences``, RULES.md §3.2).
        feet: append the ``feet`` block (rules where each player has a foot, ``Rules.has_foot``: Hand and Foot,
            RULES_AMERICAN.md B.9).
    """

    def __init__(self, players: int, teams: int, meld_counts: bool = False, sequences: bool = False,
                 feet: bool = False):
        self.players = players
        self.feet = feet
        self.teams = teams
        self.meld_counts = meld_counts
        self.sequences = sequences
        P, T = players, teams
        # Blocks of cards by type first (filled with NumPy), then the small numbers
        # (filled as one Python list from ``tail`` on).
        spec: list[tuple[str, int, str, str]] = [
            ("hand", N_TYPES, "count", "copies of each card type in the observer's hand "
             "(index = card type: rank*4+suit, ranks 2..A, suits C D H S; 52 = joker)"),
            ("pile_top", N_TYPES, "flag", "one-hot card type of the pile's top card (all 0 if empty)"),
            ("pile_known", N_TYPES, "count", "copies of each card type known to be in the pile: the "
             "cards seen discarded onto it (and the upcard) since it was last taken; the whole pile "
             "where the variant lets players look through it"),
            ("known_in_hand", (P - 1) * N_TYPES, "count",
             "for relative seats 1..P-1 (53 each), copies of each card type known to be in that "
             "seat's hand because it took them with the pile into its hand (minus those it played since)"),
            ("melds", T * N_TARGETS * len(MELD_FIELDS), "count",
             "per relative side (56 each), per meld target 0..13 (rank index; 1 = black threes, "
             "13 = wild cards), 4 numbers: naturals, wild cards, is a canasta, has no wild card "
             "(all 0 if the side has no such meld; several melds of one rank are summed, a canasta "
             "if any is one; sequence melds are not in this block)"),
            ("red_threes", T, "count", "red threes laid out by each relative side"),
            ("opened", T, "flag", "each relative side has made its initial meld"),
            ("pile", 4, "count", "pile size (cards); frozen for everyone; frozen for the observer's side; "
             "stopped (black three on top)"),
            ("stock", 1, "count", "cards left in the stock"),
            ("hand_sizes", P, "count", "cards held by each relative seat"),
            ("scores", T, "points", "cumulative score of each relative side at the start of the deal "
             "(thousands of points)"),
            ("minimums", T, "points",
             "minimum count of each relative side's initial meld (hundreds of points)"),
            ("turn", P, "flag", "one-hot relative seat whose turn it is"),
            ("dealer", P, "flag", "one-hot relative seat of the dealer"),
            ("phase", len(PHASE_NAMES), "flag", "one-hot phase: draw, play, answer (partner answers "
             "'may I go out?'), over"),
            ("drew", 3, "flag", "one-hot way the turn's player drew: not yet, from the stock, took the pile"),
            ("ask", 3, "flag", "asked 'may I go out?' this turn; the answer was yes; the answer was no"),
            ("melded_this_turn", 1, "points", "points melded this turn towards the initial meld "
             "(hundreds of points)"),
            ("pending_pile", 1, "count",
             "cards of a taken pile set aside until the initial meld is complete"),
        ]
        if meld_counts:
            spec.append(("meld_counts", T * N_TARGETS, "count",
                         f"only where several melds of a rank are allowed: per relative side ({N_TARGETS} "
                         "each), per meld target 0..13 as in `melds`, how many melds of it the side has "
                         "(`melds` sums their cards)"))
        if sequences:
            per = 4 * SEQ_RANKS + len(SEQ_FIELDS)
            spec.append(("sequences", T * per, "count",
                         f"only where sequences are allowed: per relative side ({per} each), per suit C D H S "
                         f"and rank 4..A ({SEQ_RANKS} each), how many of the side's sequence melds cover that "
                         "card (with a natural card, or a wild card standing for it); then the side's "
                         "sequences, sequence canastas and sequences holding a wild card"))
        if feet:
            spec.append(("feet", P, "count", "only where each player has a foot (Hand and Foot): cards of each "
                         "relative seat's face-down foot not yet taken (0 once he has taken it)"))
        blocks: list[Block] = []
        off = 0
        for name, size, kind, doc in spec:
            blocks.append(Block(name, off, size, kind, doc))
            off += size
        self.blocks: tuple[Block, ...] = tuple(blocks)
        self.size = off
        self._by_name = {b.name: b for b in blocks}
        self.tail = self._by_name["melds"].offset
        """Offset of the first block that :func:`build_observation` fills as a Python list."""
        self.off = {b.name: b.offset - self.tail for b in blocks if b.offset >= self.tail}
        """Offsets of the small blocks, relative to :attr:`tail`."""

    @classmethod
    def for_rules(cls, rules: Rules) -> ObservationLayout:
        """The layout of a deal of ``rules`` (its table: ``rules.deal_rules()`` where one of five sits
        out), with the blocks its rules add (``several_melds_per_rank``, ``sequences``, the feet of Hand and Foot)."""
        table = rules.deal_rules()
        return cls(table.players, table.teams, meld_counts=table.several_melds_per_rank,
                   sequences=table.sequences, feet=table.has_foot)

    def block(self, name: str) -> Block:
        """The block called ``name``.

        Raises:
            KeyError: no such block; the message lists the names.
        """
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no observation block '{name}'; blocks are {', '.join(self._by_name)}") from None

    def bounds(self, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
        """Lower and upper bounds (float32 arrays of :attr:`size`) for ``rules``' deck.

        Counts lie in [0, deck size], flags in [0, 1], scaled points in
        [-POINTS_CLIP, POINTS_CLIP].
        """
        low = np.zeros(self.size, dtype=np.float32)
        high = np.zeros(self.size, dtype=np.float32)
        for b in self.blocks:
            if b.kind == "count":
                high[b.slice] = float(rules.deck_size)
            elif b.kind == "flag":
                high[b.slice] = 1.0
            else:
                low[b.slice] = -POINTS_CLIP
                high[b.slice] = POINTS_CLIP
        # the per-meld flags inside the melds block
        melds = self.block("melds")
        per = len(MELD_FIELDS)
        for i in range(melds.size // per):
            high[melds.offset + i * per + 2: melds.offset + i * per + 4] = 1.0
        return low, high

    def markdown(self, only: Sequence[str] = ()) -> str:
        """The layout as a Markdown table (name, offset, size, meaning), for docs/env.md: every block,
        or only the blocks named in ``only``; the total size at the end."""
        rows = ["| block | offset | size | meaning |", "| --- | ---: | ---: | --- |"]
        for b in self.blocks:
            if not only or b.name in only:
                rows.append(f"| `{b.name}` | {b.offset} | {b.size} | {b.doc} |")
        rows.append(f"| (total) | | {self.size} | |")
        return "\n".join(rows)


class PublicMemory:
    """What every player saw in this deal and a view no longer shows.

    It is fed only public events: the moves as played (every card of a meld, a
    discard or a pile taken is shown to the table), the pile's top card and
    size (the whole pile where the variant lets players look through it) and the
    number of pile cards set aside while a side completes its initial meld. It
    keeps the pile's known cards (discards and the upcard since the pile was last
    taken; cards turned under the upcard at the start and a dowry are counted as
    unknown) and, for each seat, the cards known to be in its hand because it
    took them with the pile.

    Only the cards that reach the hand are counted: not the top card (melded at
    once), not red threes (laid out), not black threes where the variant takes
    them out of play (``black3_from_pile_removed``, Cuban, RULES.md §3.2), and
    the cards of a pile set aside (initial meld, RULES.md §1.6; a canasta first,
    §3.4) only once they join the hand. A seat that melds, adds, discards or
    takes the pile with a card of a type it is known to hold is assumed to have
    used that copy, so the memory never claims more than the seat holds.

    Args:
        players: seats at the table.
        pile_top: the pile's top card at the start of the deal (None if empty).
        pile_size: the pile's size then.
        black3_removed: black threes of a taken pile leave play (``Rules.black3_from_pile_removed``).
        pile_cards: the whole pile, bottom first, where the variant shows it (``Rules.pile_visible``).
    """

    __slots__ = ("pile", "pile_counts", "unknown", "known", "black3_removed", "pending", "pending_seat", "changes",
                 "held", "pending_count", "_pc", "_kn")

    def __init__(self, players: int, pile_top: int | None, pile_size: int, *,
                 black3_removed: bool = False, pile_cards: Sequence[int] | None = None):
        self.pile: list[int] = []
        self.pile_counts = np.zeros(N_TYPES, dtype=np.int32)
        self.unknown = 0
        self.known = np.zeros((players, N_TYPES), dtype=np.int32)
        self.black3_removed = black3_removed
        self.pending: list[int] = [0] * N_TYPES
        """Known cards of a pile set aside for ``pending_seat`` (not yet in its hand), by card type."""
        self.pending_seat = -1
        self.pending_count = 0
        self.changes = 0
        """Times :attr:`known` changed (so that a reader can tell whether to read it again)."""
        self.held = [0] * players
        """Per seat, the cards :attr:`known` holds (0 for most seats most of the time: nothing to look up)."""
        self._pc: Any = None
        self._kn: Any = None
        self._views()
        self._resync(pile_top, pile_size, pile_cards)

    def _views(self) -> None:
        """The buffers of :attr:`pile_counts` and :attr:`known` (flat, seat-major), through which single entries
        are read and written: a memoryview's item costs a fraction of a NumPy scalar's."""
        self.pile_counts = np.ascontiguousarray(self.pile_counts)  # (a view of a contiguous array shares its memory)
        self.known = np.ascontiguousarray(self.known)
        self._pc = self.pile_counts.data
        self._kn = self.known.reshape(-1).data

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled and copied as its slots' values (the compiled build's class has no ``__dict__``)."""
        return _rebuild_public_memory, (tuple(getattr(self, name) for name in _PUBLIC_MEMORY_FIELDS),)

    def _resync(self, pile_top: int | None, pile_size: int, pile_cards: Sequence[int] | None = None) -> None:
        if pile_cards is not None:
            self.pile = list(pile_cards)
        else:
            self.pile = [] if pile_top is None else [pile_top]
        self.pile_counts.fill(0)
        pc = self._pc
        for c in self.pile:
            pc[c] += 1
        self.unknown = max(0, pile_size - len(self.pile))

    def _used(self, seat: int, cards: Sequence[int]) -> None:
        if not self.held[seat]:
            return
        kn = self._kn
        o = seat * N_TYPES
        for c in cards:
            if kn[o + c] > 0:
                kn[o + c] -= 1
                self.held[seat] -= 1
                self.changes += 1

    def after_move(self, seat: int, move: Move, pile_top: int | None, pile_size: int, *,
                   pending: int = 0, pile_cards: Sequence[int] | None = None) -> None:
        """Record ``move`` played by ``seat``; then check the pile against its public top and size.

        ``pending`` is the number of pile cards set aside after the move (``PlayerView.pending_pile``):
        the known cards of a pile taken join the taker's known hand when it falls to 0. ``pile_cards``
        is the whole pile where the variant shows it (``PlayerView.pile_cards``), else None.

        A pile that no longer matches what was remembered (a variant that
        reshuffles the pile into the stock and turns a new upcard) is relearned
        from its top card (or its cards, where shown), the rest counted as unknown.
        """
        kind = move.kind
        if kind == DISCARD:
            card = move.cards[0]
            self._used(seat, move.cards)
            self.pile.append(card)
            self._pc[card] += 1
        elif kind == TAKE:
            self._used(seat, move.cards)
            got = [0] * N_TYPES
            gone = _GONE_B3 if self.black3_removed else _GONE  # red threes are laid out (§1.3), black threes
            for c in self.pile[:-1]:  # out of play where a taken pile's leave it (§3.2 Cuban)
                if not gone[c]:
                    got[c] += 1
            self.pile = []
            self.pile_counts.fill(0)
            self.unknown = 0
            self.pending = got
            self.pending_seat = seat
            self.pending_count = sum(got)
        elif kind == MELD or kind == ADD:
            self._used(seat, move.cards)
        if self.pending_seat >= 0 and pending == 0:
            kn = self._kn  # the pile set aside joins the hand
            o = self.pending_seat * N_TYPES
            got = self.pending
            for c in range(N_TYPES):
                if got[c]:
                    kn[o + c] += got[c]
            self.held[self.pending_seat] += self.pending_count
            self.changes += 1
            self.pending = [0] * N_TYPES
            self.pending_seat = -1
        top = self.pile[-1] if self.pile else None
        if pile_cards is not None:
            if list(pile_cards) != self.pile:
                self._resync(pile_top, pile_size, pile_cards)
        elif pile_size != len(self.pile) + self.unknown or top != pile_top:
            self._resync(pile_top, pile_size)


_PUBLIC_MEMORY_FIELDS = ("pile", "pile_counts", "unknown", "known", "black3_removed", "pending", "pending_seat",
                         "changes", "held", "pending_count")
""":class:`PublicMemory`'s slots (a compiled class has no ``__slots__`` attribute to read them from)."""


def _rebuild_public_memory(values: tuple[object, ...]) -> PublicMemory:
    """The :class:`PublicMemory` whose slots hold ``values`` (in ``__slots__`` order): its pickle."""
    known = values[_PUBLIC_MEMORY_FIELDS.index("known")]
    memory = PublicMemory(len(known), None, 0)  # type: ignore[arg-type]
    for name, value in zip(_PUBLIC_MEMORY_FIELDS, values, strict=True):
        if name == "pending":  # (a NumPy array in pickles from before issue 17's last round)
            value = [int(n) for n in value]  # type: ignore[attr-defined]
        setattr(memory, name, value)
    memory._views()
    return memory


def build_observation(view: PlayerView, memory: PublicMemory, layout: ObservationLayout) -> np.ndarray:
    """The observation vector of ``view.seat`` (float32, ``layout.size`` elements).

    Reads only ``view`` (what the seat may know) and ``memory`` (public events).
    Card counts are raw numbers of cards, points are scaled (see
    :data:`SCORE_SCALE`, :data:`COUNT_SCALE`) and clipped to +-:data:`POINTS_CLIP`.
    """
    P, T = layout.players, layout.teams
    seat, side = view.seat, view.side
    by = layout._by_name
    obs = np.zeros(layout.size, dtype=np.float32)
    if view.hand:
        obs[:N_TYPES] = np.bincount(np.asarray(view.hand, dtype=np.intp), minlength=N_TYPES)
    if view.pile_top is not None:
        obs[by["pile_top"].offset + view.pile_top] = 1.0
    known = by["pile_known"]
    if view.pile_cards is not None:  # the variant lets players look through the pile
        obs[known.slice] = np.bincount(np.asarray(view.pile_cards, dtype=np.intp), minlength=N_TYPES)
    else:
        obs[known.slice] = memory.pile_counts
    order = [(seat + k) % P for k in range(P)]
    obs[by["known_in_hand"].slice] = memory.known[order[1:]].ravel()

    off = layout.off
    tail = [0.0] * (layout.size - layout.tail)
    per_side = N_TARGETS * len(MELD_FIELDS)
    for k in range(T):
        base = off["melds"] + k * per_side
        for m in view.melds[(side + k) % T]:
            if m.target >= N_TARGETS:  # sequence melds (§3.2) have no slot in this block
                continue
            i = base + m.target * 4
            wild = m.cards.count(52) if m.target == 0 else sum(map(_WILD_GET, m.cards))  # twos group: jokers wild
            # several melds of one rank (Samba): their cards add up, canasta if any is one
            tail[i] += len(m.cards) - wild
            tail[i + 1] += wild
            tail[i + 2] = 1.0 if (m.canasta or tail[i + 2]) else 0.0
            tail[i + 3] = 1.0 if tail[i + 1] == 0 else 0.0
    red = [0] * T
    for s, r3 in enumerate(view.red_threes):
        red[s % T] += len(r3)
    o_red, o_open, o_sc, o_min = off["red_threes"], off["opened"], off["scores"], off["minimums"]
    for k in range(T):
        sd = (side + k) % T
        tail[o_red + k] = red[sd]
        tail[o_open + k] = 1.0 if view.opened[sd] else 0.0
        tail[o_sc + k] = _clip(view.scores[sd] / SCORE_SCALE)
        tail[o_min + k] = _clip(view.minimums[sd] / COUNT_SCALE)
    i = off["pile"]
    tail[i:i + 4] = (view.pile_size, view.pile_frozen, view.pile_frozen_for_me, view.stopped)
    tail[off["stock"]] = view.stock_size
    i = off["hand_sizes"]
    sizes = view.hand_sizes
    for k, s in enumerate(order):
        tail[i + k] = sizes[s]
    tail[off["turn"] + (view.turn - seat) % P] = 1.0
    tail[off["dealer"] + (view.dealer - seat) % P] = 1.0
    tail[off["phase"] + _PHASES[view.phase]] = 1.0
    tail[off["drew"] + view.drew] = 1.0
    i = off["ask"]
    tail[i:i + 3] = (view.asked, view.answer > 0, view.answer < 0)
    tail[off["melded_this_turn"]] = _clip(view.melded_this_turn / COUNT_SCALE)
    tail[off["pending_pile"]] = view.pending_pile
    if layout.meld_counts:
        base = off["meld_counts"]
        for k in range(T):
            for m in view.melds[(side + k) % T]:
                if m.target < N_TARGETS:
                    tail[base + k * N_TARGETS + m.target] += 1
    if layout.sequences:
        _fill_sequences(tail, off["sequences"], view, T)
    if layout.feet and view.packet_sizes:
        i = off["feet"]
        for k, s in enumerate(order):
            tail[i + k] = view.packet_sizes[s]
    obs[layout.tail:] = tail
    return obs


def _fill_sequences(tail: list[float], base: int, view: PlayerView, teams: int) -> None:
    """Fill the ``sequences`` block (see :class:`ObservationLayout`) at ``base`` of ``tail``."""
    per = 4 * SEQ_RANKS + len(SEQ_FIELDS)
    side = view.side
    for k in range(teams):
        at = base + k * per
        for m in view.melds[(side + k) % teams]:
            sp = m.span
            if sp is None:
                continue
            suit, lo, hi = sp
            row = at + suit * SEQ_RANKS - FOUR
            for r in range(lo, hi + 1):
                tail[row + r] += 1
            tail[at + 4 * SEQ_RANKS] += 1
            if m.canasta:
                tail[at + 4 * SEQ_RANKS + 1] += 1
            if not m.natural:
                tail[at + 4 * SEQ_RANKS + 2] += 1


def _clip(x: float) -> float:
    return -POINTS_CLIP if x < -POINTS_CLIP else POINTS_CLIP if x > POINTS_CLIP else x


def build_action_mask(legal: Sequence[int]) -> np.ndarray:
    """An int8 array of :data:`~canasta.moves.actions.N_ACTIONS` elements, 1 at each id in ``legal``."""
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    if legal:
        mask[np.asarray(legal, dtype=np.intp)] = 1
    return mask
