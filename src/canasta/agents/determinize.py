"""Determinization: a whole :class:`~canasta.engine.deal.Deal` sampled to fit what one seat knows.

Search players (:mod:`canasta.agents.expert`) cannot see the other hands, the
stock or the cards of the pile they never saw. :func:`sample_deal` deals those
hidden cards at random, consistently with the seat's
:class:`~canasta.engine.deal.PlayerView` and its :class:`~canasta.agents.memory.CardMemory`
(and with nothing else: the sampler never touches the real deal):

* every card on the table stays where the view shows it: the own hand, every meld
  (cards, canasta status), the red threes laid out (and black threes taken out of
  play where a variant does so), the pile's top card and size;
* cards the memory knows are placed there: the pile cards it saw, the cards an
  opponent is known to hold (picked up with the pile), the pile cards set aside
  while the initial meld is made (RULES.md §1.6); and the card the view names as
  freezing the pile (``frozen_reason``, "3D is in the pile": a card turned under
  the upcard, shown at the table, §1.2) goes to the lowest pile card never seen
  unless a card the memory saw is the first to freeze it (:func:`frozen_card`);
* the rest of the deck (the deck of the rules, minus all of the above) is shuffled
  and dealt to the unknown places: the other hands up to their sizes, the unknown
  pile cards, then the stock. Red threes never go to a hand (they are laid out at
  once, §1.3): only the stock and the pile receive them;
* the turn's state (phase, what was drawn, melds made this turn, the partner's
  answer, the minimum counts and scores) is copied from the view and the memory;
* when the seat is to answer its partner's "may I go out?" where asking requires
  being able to go out (``ask_requires_going_out``, RULES.md §1.9), every world gives
  the partner a hand with which he can go out (:meth:`Deal.can_go_out_now`): the
  hidden cards are reshuffled until that holds (rejection sampling, at most
  :data:`ASK_TRIES` shuffles: the accepted worlds are exactly as likely as in a
  uniform draw among the worlds that fit). If none fits, a second proposal deals
  him, all but one, cards in groups that meld (a wild card or a natural of a rank his
  side has melded alone, other ranks by three where the unseen cards allow; at most
  :data:`ASK_TRIES` shuffles more: still only worlds that fit everything known, but
  leaning towards such hands). If that fails too, :class:`DeterminizeError` is
  raised and the caller decides without sampled worlds (the expert keeps ``hard``'s
  answer). Where asking tells nothing (Spanish, ``ask_requires_going_out=false``)
  the partner's hand is not conditioned.

The Deal is built by :meth:`Deal.from_position` from the view's parts and the placed cards: it
derives every other field in one place and checks that each card of the deck is placed once (the
tests check that :meth:`Deal.check_invariants` passes and that the sampled deal offers the legal
moves the real one offers).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from canasta.agents.memory import UNKNOWN, CardMemory, clip_known
from canasta.cards.deck import IS_BLACK_THREE, IS_RED_THREE, IS_WILD, N_TYPES, cards_of, deck_counts, parse_cards
from canasta.cards.shuffle import shuffle
from canasta.engine.deal import Deal, PlayerView
from canasta.engine.movegen.turn_moves import settle_must_go_out
from canasta.engine.position import MeldPart
from canasta.moves.actions import PASS_ID

ASK_TRIES = 400
"""Shuffles tried for each of the two proposals of :func:`sample_deal` when the partner asked to go out."""


class DeterminizeError(ValueError):
    """The view and the memory do not fit together (more cards placed than the deck holds)."""


def hidden_pool(view: PlayerView, memory: CardMemory) -> list[int]:
    """Counts per card type of the cards ``view``'s seat cannot place (what :func:`sample_deal` deals).

    Raises:
        DeterminizeError: the view and memory place some card more often than the deck holds it.
    """
    rules = view.rules
    pool = deck_counts(rules.packs, rules.jokers)
    placed: list[int] = []
    placed.extend(view.hand)
    for melds in view.melds:
        for m in melds:
            placed.extend(m.cards)
    for reds in view.red_threes:
        placed.extend(reds)
    for black in view.black_threes_removed:
        placed.extend(black)
    for c in _pile_cards(view, memory):
        if c != UNKNOWN:
            placed.append(c)
    for c in _pending(view, memory):
        if c != UNKNOWN:
            placed.append(c)
    for counts in _known(view, memory):
        for c in range(N_TYPES):
            placed.extend([c] * counts[c])
    for c in placed:
        pool[c] -= 1
        if pool[c] < 0:
            raise DeterminizeError("the view and the memory show more copies of a card than the deck holds")
    return pool


def _pile_cards(view: PlayerView, memory: CardMemory) -> list[int]:
    """The pile bottom first, from the view where it shows it, else the memory; length ``pile_size``."""
    if view.pile_cards is not None:
        return list(view.pile_cards)
    size = view.pile_size
    pile = list(memory.pile[-size:]) if size else []
    if len(pile) != size or (pile and pile[-1] != view.pile_top):
        top = view.pile_top if view.pile_top is not None else UNKNOWN
        pile = [UNKNOWN] * max(0, size - 1) + ([top] if size else [])
    named = frozen_card(view)
    if named is not None and UNKNOWN in pile:
        # the view names the pile's first card that freezes it (the turned-under upcards are shown at
        # the table): unless a card the memory saw is that one, it is the lowest card never seen
        rules = view.rules
        first = next((c for c in pile if c == UNKNOWN or IS_WILD[c] or IS_RED_THREE[c]
                      or (rules.black3_freezes and IS_BLACK_THREE[c])), UNKNOWN)
        if first == UNKNOWN:
            pile[pile.index(UNKNOWN)] = named
    return pile


FROZEN_PREFIX = "frozen for everyone: "
FROZEN_SUFFIX = " is in the pile"


def frozen_card(view: PlayerView) -> int | None:
    """The card ``view`` names as the first in the pile that freezes it (its ``frozen_reason``, e.g.
    "frozen for everyone: 3D is in the pile"), or None where it names none."""
    text = view.frozen_reason
    if not (text.startswith(FROZEN_PREFIX) and text.endswith(FROZEN_SUFFIX)):
        return None
    try:
        cards = parse_cards(text[len(FROZEN_PREFIX):-len(FROZEN_SUFFIX)])
    except ValueError:
        return None  # "a wild card is in the pile": no card named
    return cards[0] if len(cards) == 1 else None


def _pending(view: PlayerView, memory: CardMemory) -> list[int]:
    n = view.pending_pile
    if not n:
        return []
    p = list(memory.pending)
    if len(p) != n:
        p = [UNKNOWN] * n
    return p


def _known(view: PlayerView, memory: CardMemory) -> list[list[int]]:
    """Cards known in each other seat's hand, clipped to the hand sizes."""
    n = view.rules.players
    out = []
    for s in range(n):
        if s == view.seat or s >= len(memory.known):
            out.append([0] * N_TYPES)
            continue
        k = memory.known[s][:]
        clip_known(k, view.hand_sizes[s])
        out.append(k)
    return out


def sample_deal(view: PlayerView, memory: CardMemory, rng: random.Random,
                legal: Sequence[int] | None = None) -> Deal:
    """A deal consistent with ``view`` and ``memory``, the hidden cards dealt at random from ``rng``.

    Args:
        view: the searching seat's view (any phase but "over").
        memory: that seat's card memory (public history only).
        rng: source of the random deal (the only randomness used).
        legal: the legal ids the seat was offered, if it is the one to act (they tell
            whether the last red three was drawn and discarding is not allowed, §1.10).

    Returns:
        A new :class:`Deal` in the view's phase, with the view's seat to act.

    Raises:
        DeterminizeError: the view and memory do not fit (more copies placed than the deck holds),
            or the view is of a finished deal.
    """
    if view.phase == "over":
        raise DeterminizeError("the deal is over: nothing to sample")
    pool_counts = hidden_pool(view, memory)
    pool = [c for c in range(N_TYPES) for _ in range(pool_counts[c])]
    known = _known(view, memory)
    parts = _public_parts(view, memory, legal)
    bits = rng.getrandbits(64)  # the sampled deal's own generator (for reshuffles), drawn first
    asker = asking_partner(view)
    if asker < 0:
        d = _build(view, parts, bits, _place(view, memory, pool, known, rng))
        return _finish(d, view, legal)
    # the partner asked "may I go out?" and the engine let him only because he can (§1.9): keep the
    # worlds where he can. First plain rejection (exact: every world fitting the view is as likely as
    # in the deal), then, if none of ASK_TRIES shuffles fits, a proposal that deals him cards in groups
    # that meld (the worlds then still fit everything known, but lean towards such hands)
    ranks = _melded_ranks(view, asker)
    for tries, lean in ((ASK_TRIES, None), (ASK_TRIES, ranks)):
        for _ in range(tries):
            placed = _place(view, memory, pool, known, rng, (asker, lean) if lean is not None else None)
            d = _build(view, parts, bits, placed)
            if d.can_go_out_now():
                return _finish(d, view, legal)
    raise DeterminizeError("no hand found with which the asking partner can go out "
                           f"({2 * ASK_TRIES} shuffles tried)")


def asking_partner(view: PlayerView) -> int:
    """The seat whose "may I go out?" ``view``'s seat is to answer, where asking tells that he can go out
    (``ask_requires_going_out``, RULES.md §1.9); else -1 (no question, or one that tells nothing)."""
    if view.phase != "answer" or view.to_act != view.seat or not view.rules.ask_requires_going_out:
        return -1
    return view.turn


def _melded_ranks(view: PlayerView, seat: int) -> frozenset[int]:
    """Rank indices of the melds (not sequences) of ``seat``'s side: a natural of one of them joins a meld alone."""
    side = view.side_of(seat)
    return frozenset(m.target for m in view.melds[side] if m.span is None)


def _lean_hand(others: list[int], need: int, ranks: frozenset[int]) -> list[int]:
    """``need`` cards taken from ``others`` (shuffled, popped from the end) in groups that meld: a wild card
    or a natural of a melded rank alone, any other rank with up to two more naturals of it (a new meld);
    the last card is any card (the discard). The fallback proposal for an asking partner."""
    picked: list[int] = []
    while len(picked) < need - 1 and others:
        c = others.pop()
        picked.append(c)
        r = c >> 2
        if IS_WILD[c] or r in ranks:
            continue
        for _ in range(2):
            if len(picked) >= need - 1:
                break
            j = next((i for i in range(len(others) - 1, -1, -1)
                      if others[i] >> 2 == r and not IS_WILD[others[i]]), -1)
            if j < 0:
                break
            picked.append(others.pop(j))
    while len(picked) < need and others:
        picked.append(others.pop())
    return picked


def _place(view: PlayerView, memory: CardMemory, pool: list[int], known: list[list[int]],
           rng: random.Random, lean: tuple[int, frozenset[int]] | None = None) -> dict[str, Any]:
    """Deal the hidden ``pool`` at random (from ``rng``) into the unknown places: the other hands
    (around the ``known`` cards), the unknown pile cards, packets, dowry and the stock. Returns those
    parts of the position (:meth:`Deal.from_position`'s ``hands``, ``stock``, ``pile``, ``pending``,
    ``packets``, ``dowry``).

    ``lean = (seat, ranks)``: ``seat``'s unknown cards are drawn in groups that meld (:func:`_lean_hand`,
    ``ranks`` the ranks his side has melded): the fallback proposal for an asking partner.
    """
    rules = view.rules
    n = rules.players
    pool = pool[:]
    shuffle(rng, pool)
    # red threes cannot be in a hand (unless kept there, red3_hand_penalty): keep them for the pile and the stock
    # nor any three where every three is laid out (threes_by_colour, MAC A.3)
    kept = bool(rules.red3_hand_penalty)
    laid_out = (lambda c: IS_RED_THREE[c] or IS_BLACK_THREE[c]) if rules.threes_by_colour else IS_RED_THREE.__getitem__
    reds = [] if kept else [c for c in pool if laid_out(c)]
    others = pool if kept else [c for c in pool if not laid_out(c)]
    hands = [[0] * N_TYPES for _ in range(n)]
    for c in view.hand:
        hands[view.seat][c] += 1
    three_for = _kept_threes(view, known, len(others), reds, rng)
    for s in range(n):
        if s == view.seat:
            continue
        k = known[s]
        for c in range(N_TYPES):
            hands[s][c] += k[c]
        need = view.hand_sizes[s] - sum(k)
        if s in three_for:
            hands[s][reds.pop()] += 1
            need -= 1
        if need > len(others):
            raise DeterminizeError("not enough unseen cards to fill the other hands")
        if lean is not None and lean[0] == s:
            for c in _lean_hand(others, need, lean[1]):
                hands[s][c] += 1
            need = 0
        for _ in range(need):
            hands[s][others.pop()] += 1
    rest = others + reds
    shuffle(rng, rest)
    pile = _pile_cards(view, memory)
    pending = _pending(view, memory)
    if memory.exact and not any(memory.takes) and not memory.reshuffles and view.pile_cards is None:
        # the only cards never seen are those turned under the first upcard: wild cards and
        # threes (§1.2); give them such cards where the unseen ones allow
        turned = [i for i, c in enumerate(rest) if IS_WILD[c] or IS_RED_THREE[c]
                  or (rules.upcard_black3_turns and IS_BLACK_THREE[c])]
        for i, c in enumerate(pile):
            if c == UNKNOWN and turned:
                at = turned.pop()
                pile[i] = rest[at]
                rest[at] = UNKNOWN
        rest = [c for c in rest if c != UNKNOWN]
    # face-down packets (extra_cards_from=packet, §3.5): unseen by everyone, red threes included
    packets = [[rest.pop() for _ in range(k)] for k in (view.packet_sizes or (0,) * n)]
    dowry = [rest.pop() for _ in range(view.dowry_size)]  # face down under the pile (§3.2 dowry, §3.4 surpriza)
    for seq in (pile, pending):
        for i, c in enumerate(seq):
            if c == UNKNOWN:
                seq[i] = rest.pop()
    if len(rest) != view.stock_size:
        raise DeterminizeError(f"{len(rest)} cards left for a stock of {view.stock_size}")
    return {"hands": [cards_of(h) for h in hands], "stock": rest, "pile": pile, "pending": pending,
            "packets": packets, "dowry": dowry}


def _kept_threes(view: PlayerView, known: list[list[int]], unseen: int, threes: list[int],
                 rng: random.Random) -> set[int]:
    """The other seats that hold a three in the sampled world: where every three is laid out but one may stay in a
    hand (``threes_by_colour``: kept for the Straight, A.3, or drawn as the last stock card, A.10), as many seats as
    the ``unseen`` other cards are short of filling the hidden hands, one three each, chosen at random."""
    short = sum(view.hand_sizes[s] - sum(known[s]) for s in range(view.rules.players) if s != view.seat) - unseen
    if short <= 0 or not view.rules.threes_by_colour:
        return set()
    seats = [s for s in range(view.rules.players) if s != view.seat and view.hand_sizes[s] > sum(known[s])]
    if short > min(len(seats), len(threes)):
        raise DeterminizeError("not enough unseen cards to fill the other hands")
    # a three is kept for the Straight only while the side has not melded (A.3); after, only as the last stock card
    keeping = [s for s in seats if not view.opened[view.rules.side_of(s)]]
    if len(keeping) >= short:
        return set(rng.sample(keeping, short))
    return set(keeping) | set(rng.sample([s for s in seats if s not in keeping], short - len(keeping)))


def _public_parts(view: PlayerView, memory: CardMemory, legal: Sequence[int] | None) -> dict[str, Any]:
    """The parts of the position that ``view`` and ``memory`` show (:func:`_place` deals the hidden cards)."""
    rules = view.rules
    n = rules.players
    stock_size = view.stock_size
    parts: dict[str, Any] = {
        "melds": _melds(view, memory),
        "red_threes": [list(r) for r in view.red_threes],
        "scores": list(view.scores),
        "turn": view.turn,
        "phase": view.phase,
        "dealer": view.dealer,
        "to_act": view.to_act,
        "turn_number": view.turn_number,
        "drew": view.drew,
        "melded_this_turn": view.melded_this_turn,
        "opened": list(view.opened),
        "minimums": list(view.minimums),
        "frozen": view.pile_frozen,
        "black_threes_removed": ([list(r) for r in view.black_threes_removed] if view.black_threes_removed
                                 else None),
        "asks_failed": list(view.asks_failed) if view.asks_failed else None,
        "extra_cards_done": list(view.extra_cards_done) if view.extra_cards_done else None,
        "openers": list(view.openers) if view.openers else None,
        "opened_turns": list(view.opened_turns) if view.opened_turns else None,
        "has_melded": [memory.has_melded[s] if s < len(memory.has_melded) else False for s in range(n)],
        "must_canasta": view.must_canasta,
        "draw_count": view.draw_count or None,  # round_draws: the deal's count (Hand and Foot B.4)
        "pile_blocked_until": view.pile_blocked_until,
        "asked": view.asked,
        "answer": view.answer,
        "no_discard": bool(legal is not None and view.phase == "play" and PASS_ID in legal and stock_size == 0),
        "touched_old": memory.touched_old if memory.turn_seat == view.turn else False,
        "stock_out": (rules.stock_end in ("forced_take", "pile_continuation") and stock_size == 0
                      and (view.phase == "draw" or view.drew == 2)),
        "reshuffles": memory.reshuffles,
    }
    if view.lone_hand >= 0:  # a cutthroat alliance (§3.1): the sides as the view shows them
        parts["sides"], parts["lone_hand"] = list(view.sides), view.lone_hand
    return parts


def _build(view: PlayerView, parts: dict[str, Any], bits: int, placed: dict[str, Any]) -> Deal:
    """The sampled deal: the view's parts and the placed cards, checked by :meth:`Deal.from_position`."""
    try:
        return Deal.from_position(view.rules, rng=random.Random(bits), **parts, **placed)
    except ValueError as err:
        raise DeterminizeError(str(err)) from err


def _finish(d: Deal, view: PlayerView, legal: Sequence[int] | None) -> Deal:
    d.drop_caches()
    if legal is not None and view.to_act == view.seat and view.phase == "play":
        _match_turn_flags(d, view, legal)
    return d


def _match_turn_flags(d: Deal, view: PlayerView, legal: Sequence[int]) -> None:
    """Set the turn flags the view does not show so that ``d`` offers exactly ``legal``.

    ``conceal_only`` (the pile was taken under the concealed waiver, §2 row 12: the player must
    go out concealed this turn) and ``no_discard`` (the last red three was drawn, §1.10) change
    only what the player to act may do, so the seat's own legal moves tell them apart.
    """
    want = sorted(legal)
    rules = view.rules
    waiver = rules.concealed_waives_minimum_with_pile and rules.concealed_allows_pile_take and view.drew == 2
    tries = [(d.conceal_only, d.no_discard)]
    if waiver:
        tries.append((not d.conceal_only, d.no_discard))
    for conceal, no_discard in tries:
        d.conceal_only, d.no_discard = conceal, no_discard
        d.answer = view.answer
        d.drop_caches()
        if sorted(d.legal_actions()) == want:
            return
    d.conceal_only, d.no_discard = tries[0]
    d.answer = view.answer
    d.drop_caches()
    settle_must_go_out(d)  # as after a move: a player who must go out and cannot plays on (§1.9)


def _melds(view: PlayerView, memory: CardMemory) -> list[list[MeldPart]]:
    """Melds as the view shows them; this turn's new melds credited to the turn's player (§1.9). A side that has
    not opened yet made every meld it has in this turn (its initial meld under way), even where the memory did not
    see them made (an agent that joins mid-turn)."""
    turn_side = view.side_of(view.turn)
    this_turn = set(memory.turn_new) if memory.turn_seat == view.turn else set()
    opening = view.phase == "play" and not view.opened[turn_side]
    out: list[list[MeldPart]] = []
    for side, melds in enumerate(view.melds):
        parts = []
        for mv in melds:
            new = side == turn_side and (opening or mv.target in this_turn)
            parts.append(MeldPart(mv.target, tuple(mv.cards), mv.span, view.turn if new else -1,
                                  view.turn_number if new else 0, new))
        out.append(parts)
    return out
