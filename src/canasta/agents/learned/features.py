"""What the learned player reads: a seat's view and card memory as numbers (the same code for training and play).

:func:`state_features` turns one decision's :class:`~canasta.engine.view.PlayerView` and the seat's
:class:`~canasta.agents.memory.CardMemory` into :data:`STATE_SIZE` floats (about 0..1 each); :func:`move_features`
turns each legal move id into :data:`MOVE_SIZE` floats. The network (:mod:`canasta.agents.learned.model`) scores
each legal move from both, so a variable list of legal moves needs no fixed action head. Only what the seat may
know goes in: its own hand, the melds, the pile's top and size, card counts, scores, and what its memory recorded
from the public history (known pile cards, cards the next player picked up or discarded, unseen cards by rank).

Where a variant has features this encoder does not describe (sequences of Samba and Hollywood, §3.2, are seen
only as "a sequence meld, so many cards"; the Italian twos group as a rank-0 meld), the moves are still scored,
from the kind of move and the card counts: every preset plays, less well where its own features matter.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from canasta.agents.memory import CardMemory
from canasta.agents.unseen import Unseen
from canasta.cards.deck import IS_WILD, JOKER, THREE
from canasta.engine.deal import PlayerView
from canasta.moves.actions import DECODED_ACTIONS
from canasta.moves.notation import ADD, DISCARD, MELD, PASS, SEQ_TARGET, SEQ_WILD, TAKE, WILD_TARGET

FEATURES_VERSION = 1
"""Changes whenever a feature changes meaning: the shipped weights name the version they were trained on."""

_PHASES = ("draw", "play", "answer")
_PLAYERS = (2, 3, 4, 6)
STATE_SIZE = 159
"""Floats per decision (:func:`state_features`)."""
MOVE_SIZE = 60
"""Floats per legal move (:func:`move_features`)."""

FloatArray = npt.NDArray[np.float32]


def _ranks(cards: Sequence[int]) -> list[float]:
    """Counts of ``cards`` by rank index (13 = joker)."""
    counts = [0.0] * 14
    for card in cards:
        counts[card >> 2] += 1.0
    return counts


class Reading:
    """What :func:`state_features` read off a decision, kept for :func:`move_features` (one decision).

    Attributes:
        view: the seat's view. hand: its hand's counts by rank index (13 = joker). own: the own side's melds by
        target, (cards, wild cards). other: targets any other side has melded. pile_known: known pile cards by
        rank. unseen: unseen cards by rank (:class:`~canasta.agents.unseen.Unseen`). next_known: cards the next
        player is known to hold, by rank. next_discarded: ranks the next player discarded this deal.
    """

    __slots__ = ("view", "hand", "own", "other", "pile_known", "unseen", "next_known", "next_discarded")

    def __init__(self, view: PlayerView, memory: CardMemory):
        self.view = view
        self.hand = _ranks(view.hand)
        own: dict[int, tuple[int, int]] = {}
        other: set[int] = set()
        for side, melds in enumerate(view.melds):
            for meld in melds:
                if side == view.side:
                    size, wild = len(meld.cards), sum(1 for card in meld.cards if IS_WILD[card])
                    old = own.get(meld.target)
                    if old is None or size > old[0]:
                        own[meld.target] = (size, wild)
                else:
                    other.add(meld.target)
        self.own = own
        self.other = other
        self.pile_known = memory.pile_rank_counts()
        self.unseen = Unseen(view, memory).by_rank
        nxt = (view.seat + 1) % len(view.hand_sizes)  # the deal's seats (five players: four play a deal)
        self.next_known = [float(memory.known_rank(nxt, rank)) for rank in range(14)]
        self.next_discarded = set(memory.discarded_ranks(nxt))


def state_features(view: PlayerView, memory: CardMemory) -> tuple[FloatArray, Reading]:
    """The decision's :data:`STATE_SIZE` floats and the :class:`Reading` that :func:`move_features` needs.

    ``memory`` must be in step with ``view`` (call ``memory.sync(view)`` first, as :meth:`LearnedAgent.select`
    does). Raises nothing for a view of any preset.
    """
    r = Reading(view, memory)
    rules = view.rules
    players = len(view.hand_sizes)  # seats in the deal (classic(players=5): four)
    me, side = view.seat, view.side
    out: list[float] = [c / 4.0 for c in r.hand]  # 14
    for target in range(13):  # own side's melds of a rank: size, canasta   26
        size, _wild = r.own.get(target, (0, 0))
        out.append(min(size, 11) / 7.0)
    for target in range(13):
        out.append(1.0 if r.own.get(target, (0, 0))[0] >= 7 else 0.0)
    for target in range(13):  # the largest other side's meld of each rank   13
        best = 0
        for s, melds in enumerate(view.melds):
            if s != side:
                for meld in melds:
                    if meld.target == target:
                        best = max(best, len(meld.cards))
        out.append(min(best, 11) / 7.0)
    seq_own = sum(1 for m in view.melds[side] if m.target in (SEQ_TARGET, SEQ_WILD) or m.span is not None)
    seq_opp = max((sum(1 for m in melds if m.span is not None) for s, melds in enumerate(view.melds) if s != side),
                  default=0)
    canastas = [sum(1 for m in melds if m.canasta) for melds in view.melds]
    opp_canastas = max((c for s, c in enumerate(canastas) if s != side), default=0)
    out += [seq_own / 3.0, seq_opp / 3.0, canastas[side] / 2.0, opp_canastas / 2.0]  # 4
    nxt = (me + 1) % players
    partner = next((s % players for s in range(me + 1, me + players) if view.side_of(s % players) == side), -1)
    opp_sizes = [view.hand_sizes[s] for s in range(players) if view.side_of(s) != side]
    out += [view.hand_sizes[me] / 15.0, view.hand_sizes[nxt] / 15.0,
            (view.hand_sizes[partner] / 15.0) if partner >= 0 else 0.0,
            min(opp_sizes, default=0) / 15.0]  # 4
    top = [0.0] * 15
    top[14 if view.pile_top is None else view.pile_top >> 2] = 1.0
    out += [min(view.pile_size, 40) / 20.0, *top,
            float(view.pile_frozen), float(view.pile_frozen_for_me), float(view.stopped)]  # 19
    out.append(min(view.stock_size, 120) / 100.0)
    next_side = view.side_of(nxt)
    out += [float(view.opened[side]), float(view.opened[next_side]),
            float(any(o for s, o in enumerate(view.opened) if s != side))]  # 3
    out += [1.0 if view.phase == p else 0.0 for p in _PHASES]  # 3
    minimum = view.minimums[side] if side < len(view.minimums) else 0
    out += [minimum / 120.0, view.melded_this_turn / max(minimum, 1) if minimum else 0.0]  # 2
    opp_score = max((sc for s, sc in enumerate(view.scores) if s != side), default=0)
    out += [view.scores[side] / 5000.0, opp_score / 5000.0, min(view.turn_number, 300) / 200.0]  # 3
    reds = [len(r3) for r3 in view.red_threes]
    own_reds = sum(reds[s] for s in range(players) if view.side_of(s) == side)
    opp_reds = sum(reds[s] for s in range(players) if view.side_of(s) != side)
    out += [own_reds / 4.0, opp_reds / 4.0, float(view.asked), float(view.answer > 0), view.drew / 2.0,
            min(view.pending_pile, 40) / 20.0]  # 6
    out += [c / 4.0 for c in r.pile_known]  # 14
    out += [c / 8.0 for c in r.unseen]  # 14
    out += [c / 4.0 for c in r.next_known]  # 14
    out += [1.0 if rank in r.next_discarded else 0.0 for rank in range(14)]  # 14
    out += [1.0 if players == p else 0.0 for p in _PLAYERS]
    out.append(rules.canastas_to_go_out / 2.0)  # 5
    return np.asarray(out, dtype=np.float32), r


def _move_row(r: Reading, action: int) -> list[float]:
    """The :data:`MOVE_SIZE` floats of one legal move (see :func:`move_features`)."""
    d = DECODED_ACTIONS[action]
    row = [0.0] * MOVE_SIZE
    if d.kind <= PASS:  # declare and layout (MAC) have no slot: chosen by rule before the network (protocol.py)
        row[d.kind] = 1.0  # 0..8: draw, take, meld, add, discard, ask, yes, no, pass
    view = r.view
    if d.kind == TAKE:
        row[9 + d.take_mode] = 1.0  # 9..14
        row[59] = min(view.pile_size, 40) / 20.0
    elif d.kind == DISCARD:
        card = d.card
        rank = card >> 2
        row[15 + rank] = 1.0  # 15..28
        row[29] = r.hand[rank] / 4.0
        row[30] = 1.0 if rank in r.own else 0.0
        row[31] = 1.0 if rank in r.other else 0.0
        row[32] = r.pile_known[rank] / 4.0
        row[33] = r.unseen[rank] / 8.0
        row[34] = 1.0 if rank in r.next_discarded else 0.0
        row[35] = r.next_known[rank] / 4.0
        row[36] = 1.0 if (IS_WILD[card] or card == JOKER or rank == THREE) else 0.0
    elif d.kind in (MELD, ADD):
        target = d.target
        sequence = target in (SEQ_TARGET, SEQ_WILD)
        row[37 + (14 if sequence else min(target, WILD_TARGET))] = 1.0  # 37..51
        added = d.naturals + d.twos + d.jokers if not sequence else d.high - d.low + 1
        if sequence:
            before = (d.from_high - d.from_low + 1) if d.kind == ADD and d.from_low >= 0 else 0
            added -= before
            wild_before = 0
        else:
            before, wild_before = r.own.get(target, (0, 0)) if d.kind == ADD else (0, 0)
        after = before + added
        row[52] = d.naturals / 7.0
        row[53] = d.twos / 3.0
        row[54] = d.jokers / 3.0
        row[55] = min(before, 11) / 7.0
        row[56] = min(after, 11) / 7.0
        completes = before < 7 <= after
        row[57] = 1.0 if completes else 0.0
        row[58] = 1.0 if completes and wild_before + d.twos + d.jokers == 0 else 0.0
        row[59] = max(0, len(view.hand) - added) / 15.0
    return row


def move_features(r: Reading, legal: Sequence[int]) -> FloatArray:
    """A ``(len(legal), MOVE_SIZE)`` array: for each legal move its kind, and by kind: the take mode and pile
    size; the discarded card's rank, copies in hand, whether either side melded the rank, its known copies in the
    pile, unseen copies, the next player's known cards and discards of it; a meld's target, naturals, twos,
    jokers, the meld's size before and after, whether it completes a canasta (natural or not) and the cards
    left in hand."""
    return np.asarray([_move_row(r, action) for action in legal], dtype=np.float32).reshape(len(legal), MOVE_SIZE)
