"""Observations and action masks at engine speed: kept up to date as moves happen, never rebuilt.

:class:`ObservationTracker` keeps one float32 *table vector* per deal, in absolute seats and sides: every
seat's hand (the engine's counts by card type), the pile's top and known cards, each seat's known cards (from
the :class:`~canasta.env.observation.PublicMemory`), each side's melds and the small numbers (sizes, flags,
scores). :meth:`ObservationTracker.after_move` updates only what the move touched: the mover's hand at the
card types it played (the whole row after a draw or a take, or whenever a hand's size says more changed), the
sides whose melds changed, the pile blocks when the pile changed; the small numbers are read again from the
deal when someone looks. An observation is then one gather of that vector (:meth:`ObservationTracker.observe`):
seat ``s`` sees ``table[perm(s, side)]``, where the permutation puts the seat's own hand first, rotates the
per-seat and per-side blocks so that they start with the observer (as
:class:`~canasta.env.observation.ObservationLayout` says) and leaves out the other hands. The result equals
:func:`~canasta.env.observation.build_observation` of the seat's ``PlayerView`` element for element (the
oracle test ``tests/test_env_fast.py``), at a fraction of the cost.

:class:`MaskTracker` keeps the action mask (int8, one entry per move id) and the list of legal ids of the
agent to act: after a move it clears the entries of the ids that were legal and sets those that are, never
scanning the 13,394 entries.

Rules: what a seat may know is DESIGN.md "Hidden information" (the layout is the observation module's).
"""

from __future__ import annotations

import struct
from typing import Any

import numpy as np

from canasta.cards.deck import FOUR, IS_BLACK_THREE, N_TYPES
from canasta.engine.state import DealState
from canasta.env.observation import (
    COUNT_SCALE,
    MELD_FIELDS,
    POINTS_CLIP,
    SCORE_SCALE,
    SEQ_FIELDS,
    SEQ_RANKS,
    ObservationLayout,
    PublicMemory,
)
from canasta.moves.actions import N_ACTIONS
from canasta.moves.notation import ADD, DISCARD, MELD, N_TARGETS, SEQ_TARGET, TAKE, Move

__all__ = ["MaskTracker", "ObservationTracker"]

_PER_SIDE = N_TARGETS * len(MELD_FIELDS)
_SEQ_PER = 4 * SEQ_RANKS + len(SEQ_FIELDS)
_CARD_MOVES = (DISCARD, MELD, ADD)
_MELD_MOVES = (MELD, ADD, TAKE)


def _clip(x: float) -> float:
    return -POINTS_CLIP if x < -POINTS_CLIP else POINTS_CLIP if x > POINTS_CLIP else x


class ObservationTracker:
    """The observations of every seat of one deal, kept up to date move by move (module docstring).

    Args:
        layout: the observation layout (its players and sides are the deal's table).
        table: where to keep the table vector (float32, :attr:`size` entries, contiguous), or None for a new array.

    Call :meth:`start` with each new deal and its memory, :meth:`after_move` after every move (after the
    memory's own ``after_move``), and :meth:`observe` for a seat's vector.
    """

    def __init__(self, layout: ObservationLayout, table: np.ndarray | None = None):
        self.layout = layout
        P, T = self.players, self.teams = layout.players, layout.teams
        names = [("hands", P * N_TYPES), ("pile_top", N_TYPES), ("pile_known", N_TYPES),
                 ("known", P * N_TYPES), ("melds", T * _PER_SIDE),
                 ("meld_counts", T * N_TARGETS if layout.meld_counts else 0),
                 ("sequences", T * _SEQ_PER if layout.sequences else 0),
                 ("scores", T), ("dealer", P),  # fixed for the deal
                 ("minimums", T),  # rewritten when they change (a side's first meld may set it, §3)
                 # the small numbers, read again from the deal when someone looks (:meth:`_scalars`)
                 ("red_threes", T), ("opened", T), ("pile", 3 + T), ("stock", 1), ("hand_sizes", P),
                 ("turn", P), ("phase", 4), ("drew", 3),
                 ("ask", 3), ("melded_this_turn", 1), ("pending_pile", 1),
                 ("feet", P if layout.feet else 0)]  # Hand and Foot: each seat's foot not yet taken
        self.at: dict[str, int] = {}
        off = 0
        for name, size in names:
            self.at[name] = off
            off += size
        self.size = off
        self.scalars = self.at["red_threes"]
        """Offset of the small numbers in the table vector."""
        if table is None:
            table = np.zeros(off, dtype=np.float32)
        assert table.shape == (off,) and table.dtype == np.float32 and table.flags.c_contiguous
        self.table = table
        """The table vector (absolute seats and sides; ``table``, a float32 array of :attr:`size` entries such
        as a row of the vectorised environment's batch, or a new array); do not write to it."""
        self._tv: Any = self.table.data  # single elements are written through the buffer (cheaper than NumPy)
        # runs of numbers are packed into the buffer (Struct.pack_into: about 1.5x faster than a slice assignment)
        self._pack_side = struct.Struct(f"{_PER_SIDE}f").pack_into
        self._pack_counts = struct.Struct(f"{N_TARGETS}f").pack_into
        self._pack_seqs = struct.Struct(f"{_SEQ_PER}f").pack_into
        self._pack_scalars = struct.Struct(f"{off - self.scalars}f").pack_into
        self._perms: dict[tuple[int, int], np.ndarray] = {}
        self.state: DealState | None = None
        self.memory: PublicMemory | None = None
        self._sizes: list[int] = []
        self._rows: list[list[int]] = [[0] * N_TYPES for _ in range(P)]
        """Each seat's hand counts as its row of the table holds them (a stale row is brought up to date by
        writing only the entries that differ: a draw changes one or a few)."""
        self._top = -1
        self._pile_len = -1
        self._known_changes = -1
        self._sides: tuple[int, ...] = ()
        self._dirty_sides: set[int] = set()
        self._dirty_targets: set[tuple[int, int]] = set()
        self._stale_hands: set[int] = set()
        """Seats whose hand row lags behind (written when the seat looks: only its own observation shows it)."""
        self._fresh = False
        self._one_p = [[1.0 if i == k else 0.0 for i in range(P)] for k in range(P)]
        self._one_4 = [[1.0 if i == k else 0.0 for i in range(4)] for k in range(4)]
        self._one_3 = [[1.0 if i == k else 0.0 for i in range(3)] for k in range(3)]
        self._mins: list[int] = []
        self._red: list[float] = [0.0] * T
        self._n_red = 0
        self._feet: bool = bool(layout.feet)  # (read per observation: the layout is a Python object)

    # ------------------------------------------------------------ permutation

    def perm(self, seat: int, side: int) -> np.ndarray:
        """The gather indices of ``seat`` playing for ``side``: element ``i`` of its observation is
        ``table[perm[i]]`` (built once per seat and side, then cached)."""
        key = (seat, side)
        p = self._perms.get(key)
        if p is None:
            p = self._perms[key] = self._build_perm(seat, side)
        return p

    def _build_perm(self, seat: int, side: int) -> np.ndarray:
        P, T, at, lay = self.players, self.teams, self.at, self.layout
        seats = [(seat + k) % P for k in range(P)]
        sides = [(side + k) % T for k in range(T)]
        ct = range(N_TYPES)
        parts: dict[str, list[int]] = {
            "hand": [at["hands"] + seat * N_TYPES + c for c in ct],
            "pile_top": [at["pile_top"] + c for c in ct],
            "pile_known": [at["pile_known"] + c for c in ct],
            "known_in_hand": [at["known"] + s * N_TYPES + c for s in seats[1:] for c in ct],
            "melds": [at["melds"] + sd * _PER_SIDE + i for sd in sides for i in range(_PER_SIDE)],
            "red_threes": [at["red_threes"] + sd for sd in sides],
            "opened": [at["opened"] + sd for sd in sides],
            # pile size, frozen, frozen for the observer's side, stopped
            "pile": [at["pile"], at["pile"] + 1, at["pile"] + 2 + side, at["pile"] + 2 + T],
            "stock": [at["stock"]],
            "hand_sizes": [at["hand_sizes"] + s for s in seats],
            "scores": [at["scores"] + sd for sd in sides],
            "minimums": [at["minimums"] + sd for sd in sides],
            "turn": [at["turn"] + s for s in seats],
            "dealer": [at["dealer"] + s for s in seats],
            "phase": [at["phase"] + i for i in range(4)],
            "drew": [at["drew"] + i for i in range(3)],
            "ask": [at["ask"] + i for i in range(3)],
            "melded_this_turn": [at["melded_this_turn"]],
            "pending_pile": [at["pending_pile"]],
            "meld_counts": [at["meld_counts"] + sd * N_TARGETS + i for sd in sides for i in range(N_TARGETS)],
            "sequences": [at["sequences"] + sd * _SEQ_PER + i for sd in sides for i in range(_SEQ_PER)],
            "feet": [at["feet"] + s for s in seats],
        }
        out: list[int] = []
        for b in lay.blocks:
            part = parts[b.name]
            assert len(part) == b.size, b.name
            out.extend(part)
        return np.asarray(out, dtype=np.intp)

    # ----------------------------------------------------------------- events

    def start(self, state: DealState, memory: PublicMemory) -> None:
        """Build the table vector of a new deal (or after an event it cannot follow) from the deal's counts."""
        self.state = state
        self.memory = memory
        t, at = self.table, self.at
        t[:] = 0.0
        self._stale_hands = set(range(self.players))
        for row in self._rows:
            row[:] = [0] * N_TYPES
        self._sizes = list(state.hand_sizes)
        self._sides = state.side_of
        self._dirty_sides = set(range(self.teams))
        self._dirty_targets.clear()
        self._top = -1
        self._pile_len = -1
        self._known_changes = -1
        self._fresh = False
        o = at["scores"]
        t[o:o + self.teams] = [_clip(x / SCORE_SCALE) for x in state.scores]
        self._mins = []
        self._n_red = -1
        t[at["dealer"] + state.dealer] = 1.0

    def _hand_row(self, seat: int) -> None:
        """Bring ``seat``'s hand row up to date: the entries whose count changed since it was written."""
        assert self.state is not None
        hand = self.state.hands[seat]
        row = self._rows[seat]
        tv = self._tv
        o = self.at["hands"] + seat * N_TYPES
        for c in range(N_TYPES):
            n = hand[c]
            if n != row[c]:
                row[c] = n
                tv[o + c] = n

    def after_move(self, seat: int, move: Move) -> None:
        """Follow ``move``, just played by deal seat ``seat`` (the memory already told of it)."""
        state = self.state
        assert state is not None
        self._fresh = False
        kind = move.kind
        sizes = state.hand_sizes
        old = self._sizes
        stale = self._stale_hands
        if seat in stale:
            pass
        elif kind in _CARD_MOVES and sizes[seat] == old[seat] - len(move.cards):  # only the cards played left
            hand = state.hands[seat]
            row = self._rows[seat]
            tv = self._tv
            o = self.at["hands"] + seat * N_TYPES
            for c in move.cards:
                n = row[c] = hand[c]
                tv[o + c] = n
        elif kind in _CARD_MOVES or kind == TAKE or sizes[seat] != old[seat]:  # a draw, a take, a pile set
            stale.add(seat)  # aside that joins the hand, extra cards...: the whole row, when the seat looks
        if state.rules.straight_three:  # MAC A.3: a kept three laid out and replaced leaves a hand's size as it was
            stale.update(range(self.players))
        if sizes != old:
            for s in range(self.players):
                if s != seat and sizes[s] != old[s]:
                    stale.add(s)
            self._sizes = list(sizes)
        if state.side_of is not self._sides:  # a cutthroat alliance (§3.1): sides change, melds join
            self._sides = state.side_of
            self._dirty_sides.update(range(self.teams))
        elif kind == TAKE or (kind in _MELD_MOVES and move.target >= N_TARGETS):  # a take, a sequence
            self._dirty_sides.add(state.side_of[seat])
        elif kind in _MELD_MOVES:  # a meld or an addition of a rank (or of wild cards)
            self._dirty_targets.add((state.side_of[seat], move.target))

    # ---------------------------------------------------------------- observe

    def observe(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation vector of deal seat ``seat`` (float32, ``layout.size``): a new array, or
        ``out`` filled in place."""
        self.ready(seat)
        state = self.state
        assert state is not None
        perm = self.perm(seat, state.side_of[seat])
        if out is None:
            return self.table.take(perm)
        self.table.take(perm, out=out, mode="clip")  # (the default mode="raise" buffers the output)
        return out

    def ready(self, seat: int) -> None:
        """Bring what deal seat ``seat`` sees up to date in the table vector (its gather is then its observation:
        the vectorised environment gathers every learner's in one call)."""
        if not self._fresh:
            self._refresh()
        if seat in self._stale_hands:
            self._hand_row(seat)
            self._stale_hands.discard(seat)

    def _refresh(self) -> None:
        """Bring the lazily kept parts up to date: the pile blocks, the known cards, dirty melds, the small numbers."""
        state, mem, t, at = self.state, self.memory, self.table, self.at
        assert state is not None and mem is not None
        pile = state.pile
        top = pile[-1] if pile else -1
        if top != self._top or len(pile) != self._pile_len:
            o = at["pile_top"]
            if self._top >= 0:
                self._tv[o + self._top] = 0.0
            if top >= 0:
                self._tv[o + top] = 1.0
            self._top, self._pile_len = top, len(pile)
            o = at["pile_known"]
            t[o:o + N_TYPES] = mem.pile_counts
        if mem.changes != self._known_changes:
            o = at["known"]
            t[o:o + self.players * N_TYPES] = mem.known.ravel()
            self._known_changes = mem.changes
        if self._dirty_targets:
            for sd, target in self._dirty_targets:
                if sd not in self._dirty_sides:
                    self._target_melds(sd, target)
            self._dirty_targets.clear()
        if self._dirty_sides:
            for sd in self._dirty_sides:
                self._side_melds(sd)
            self._dirty_sides.clear()
        if state.minimum != self._mins:
            self._mins = list(state.minimum)
            o = at["minimums"]
            t[o:o + self.teams] = [_clip(x / COUNT_SCALE) for x in self._mins]
        self._pack_scalars(self._tv, self.scalars * 4, *self._scalars())
        self._fresh = True

    def _scalars(self) -> list[float]:
        """The small numbers in absolute seats and sides (the order of ``names`` from ``red_threes`` on)."""
        s = self.state
        assert s is not None
        red3 = s.red3
        n_red = 0
        for r3 in red3:
            n_red += len(r3)
        if n_red != self._n_red:  # red threes by side
            T = self.teams
            red = self._red = [0.0] * T
            for seat, r3 in enumerate(red3):
                red[seat % T] += len(r3)
            self._n_red = n_red
        out: list[float] = self._red[:]
        opened = s.opened
        out += opened
        pile = s.pile
        frozen = s.frozen
        out.append(len(pile))
        out.append(frozen)
        if frozen:  # pile_frozen_for(side)
            out += [1.0] * len(opened)
        else:
            for o in opened:
                out.append(not o)
        out.append(bool(pile) and IS_BLACK_THREE[pile[-1]])
        out.append(len(s.stock))
        out += s.hand_sizes
        out += self._one_p[s.turn]
        out += self._one_4[s.phase]
        out += self._one_3[s.drew]
        a = s.answer
        out += (s.asked, a > 0, a < 0)
        out.append(_clip(s.open_total / COUNT_SCALE))
        out.append(len(s.pending))
        if self._feet:
            out += [len(packet) for packet in s.packets]
        return out

    def _target_melds(self, sd: int, target: int) -> None:
        """Rebuild side ``sd``'s ``melds`` (and ``meld_counts``) entries of meld ``target`` (a rank or wild cards)."""
        state = self.state
        assert state is not None
        nat = wild = count = 0
        canasta = False
        for m in state.melds[sd]:
            if m.target == target:
                cards = m.cards
                w = cards.count(52) if target == 0 else m.wild  # twos group: jokers wild (else the meld's own count)
                nat += len(cards) - w
                wild += w
                canasta = canasta or len(cards) >= 7
                count += 1
        o = self.at["melds"] + sd * _PER_SIDE + target * 4
        tv = self._tv
        tv[o] = nat
        tv[o + 1] = wild
        tv[o + 2] = 1.0 if canasta else 0.0
        tv[o + 3] = 1.0 if count > 0 and wild == 0 else 0.0
        if self.layout.meld_counts:
            tv[self.at["meld_counts"] + sd * N_TARGETS + target] = count

    def _side_melds(self, sd: int) -> None:
        """Rebuild side ``sd``'s ``melds`` (and ``meld_counts``, ``sequences``) rows from its melds."""
        state = self.state
        assert state is not None
        lay = self.layout
        # (whole numbers, packed as float32: a list of ints costs the compiled build a fraction of a list of floats)
        row = [0] * _PER_SIDE
        counts = [0] * N_TARGETS if lay.meld_counts else []
        seqs = [0] * _SEQ_PER if lay.sequences else []
        for m in state.melds[sd]:
            target, cards = m.target, m.cards
            if target == SEQ_TARGET:
                if not seqs:
                    continue
                suit, lo, hi = m.span
                base = suit * SEQ_RANKS - FOUR
                for r in range(lo, hi + 1):
                    seqs[base + r] += 1
                seqs[4 * SEQ_RANKS] += 1
                if len(cards) >= 7:
                    seqs[4 * SEQ_RANKS + 1] += 1
                if m.wild:
                    seqs[4 * SEQ_RANKS + 2] += 1
                continue
            if target >= N_TARGETS:
                continue
            i = target * 4
            wild = cards.count(52) if target == 0 else m.wild  # twos group: jokers wild (else the meld's own count)
            row[i] += len(cards) - wild
            row[i + 1] += wild
            if len(cards) >= 7:
                row[i + 2] = 1
            row[i + 3] = 1 if row[i + 1] == 0 else 0
            if counts:
                counts[target] += 1
        tv, at = self._tv, self.at
        self._pack_side(tv, (at["melds"] + sd * _PER_SIDE) * 4, *row)
        if counts:
            self._pack_counts(tv, (at["meld_counts"] + sd * N_TARGETS) * 4, *counts)
        if seqs:
            self._pack_seqs(tv, (at["sequences"] + sd * _SEQ_PER) * 4, *seqs)


class MaskTracker:
    """The action mask of the agent to act and its legal ids, changed entry by entry (module docstring).

    Args:
        mask: the int8 array of ``N_ACTIONS`` entries to keep (a row of a batch, for the vector
            environment), or None for a new one.
    """

    __slots__ = ("mask", "legal", "view")

    def __init__(self, mask: np.ndarray | None = None):
        self.mask = np.zeros(N_ACTIONS, dtype=np.int8) if mask is None else mask
        self.mask[:] = 0
        self.legal: list[int] = []
        """The ids set in :attr:`mask` (the engine's list, which it never changes: do not change it)."""
        self.view: Any = self.mask.data
        """The mask's buffer (a memoryview): reading or writing one entry through it is a few times cheaper than
        through NumPy."""

    def set(self, legal: list[int]) -> None:
        """Make ``legal`` the set ids: clear the ids set before, set these."""
        v = self.view
        for i in self.legal:
            v[i] = 0
        for i in legal:
            v[i] = 1
        self.legal = legal

    def clear(self) -> None:
        """No id is legal (nobody is to act)."""
        v = self.view
        for i in self.legal:
            v[i] = 0
        self.legal = []
