"""What a seat may see (DESIGN.md, "Hidden information"): :class:`PlayerView`, :class:`MeldView` and building them.
"""

from __future__ import annotations

from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from canasta.cards.deck import (
    deck_list,
    is_black_three,
)
from canasta.cards.sequences import span_str
from canasta.engine.state import (
    PHASE_NAMES,
    DealState,
)
from canasta.moves.notation import (
    SEQ_TARGET,
    target_str,
)
from canasta.rules.fields import Rules


@mypyc_attr(native_class=False)  # compiled core: a Python class (frozen: pickled as a dataclass)
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


@mypyc_attr(native_class=False)  # compiled core: a Python class (frozen: pickled as a dataclass)
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
    draw_count: int = 0
    """Cards a player draws from the stock in this deal (``draw``, or the deal's ``round_draws``: Hand and Foot
    B.4); 0 in a view built by hand (then ``rules.draws_for(0)``)."""


def build_view(state: DealState, seat: int) -> PlayerView:
    """What ``seat`` may know now (DESIGN.md, "Hidden information")."""
    side = state.side_of[seat]
    hand = tuple(deck_list(state.hands[seat]))
    top = state.pile[-1] if state.pile else None
    return PlayerView(
        rules=state.rules,
        seat=seat,
        side=side,
        hand=hand,
        hand_sizes=tuple(state.hand_sizes),
        melds=tuple(
            tuple(
                MeldView(
                    m.target, tuple(m.cards), m.is_canasta, m.is_natural, m.span if m.target == SEQ_TARGET else None
                )
                for m in ms
            )
            for ms in state.melds
        ),
        red_threes=tuple(tuple(r) for r in state.red3),
        pile_top=top,
        pile_size=len(state.pile),
        pile_frozen=state.frozen,
        pile_frozen_for_me=state.pile_frozen_for(side),
        frozen_reason=state.frozen_reason(side),
        stopped=top is not None and is_black_three(top),
        pile_cards=tuple(state.pile) if state.rules.pile_visible else None,
        stock_size=len(state.stock),
        scores=tuple(state.scores),
        minimums=tuple(state.minimum),
        opened=tuple(state.opened),
        turn=state.turn,
        to_act=state.actor,
        phase=PHASE_NAMES[state.phase],
        asked=state.asked,
        answer=state.answer,
        drew=state.drew,
        dealer=state.dealer,
        turn_number=state.turn_no,
        melded_this_turn=state.open_total,
        pending_pile=len(state.pending),
        black_threes_removed=tuple(tuple(r) for r in state.black3_removed),
        asks_failed=tuple(state.ask_failed),
        sides=state.side_of,
        lone_hand=state.lone,
        openers=tuple(state.opener),
        opened_turns=tuple(state.opened_turn),
        pile_blocked_until=state.blocked_until,
        must_canasta=state.must_canasta,
        packet_sizes=tuple(len(p) for p in state.packets),
        extra_cards_done=tuple(state.extra_done),
        dowry_size=len(state.dowry),
        draw_count=state.draw_count,
    )
