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

import functools
import inspect
import random
from collections.abc import Callable, Sequence
from types import FunctionType
from typing import Any, TypeVar, cast

import canasta.engine.apply as apply_mod
import canasta.engine.constraints.after_move as after_move
import canasta.engine.constraints.going_out as going_out
import canasta.engine.constraints.initial_meld_reach as initial_meld_reach
import canasta.engine.constraints.minimum_count as minimum_count
import canasta.engine.copying as copying
import canasta.engine.explain as explain_mod
import canasta.engine.invariants as invariants
import canasta.engine.movegen.move_cards as move_cards
import canasta.engine.movegen.pile_takes as pile_takes
import canasta.engine.movegen.turn_moves as turn_moves
import canasta.engine.results as results
import canasta.engine.view as view_mod
from canasta.cards.deck import (
    IS_WILD,
    JOKER,
    N_TYPES,
    TWO,
    card_str,
)
from canasta.engine.apply import (
    _check_shape,
    check_meld_cards,
    check_take_cards,
    play_legal_action,
    play_move,
)
from canasta.engine.chosen_cards import chosen_cards_refusal
from canasta.engine.copying import CLONE_FLAT, CLONE_NESTED, CLONE_SHARED, CLONE_SPECIAL
from canasta.engine.dealing import deal_cards
from canasta.engine.explain import explain
from canasta.engine.movegen.move_cards import FIXED_MOVES, RANK_WORDS, move_for_action
from canasta.engine.movegen.turn_moves import legal_actions
from canasta.engine.position import Position, fill_position
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
from canasta.engine.view import MeldView, PlayerView
from canasta.errors import IllegalMove
from canasta.moves.actions import ACTIONS, action_of
from canasta.moves.notation import ADD, DISCARD, MELD, SEQ_TARGET, SEQ_WILD, TAKE, WILD_TARGET, Move, MoveError
from canasta.rules.fields import Rules

__all__ = [
    "CLONE_FLAT", "CLONE_NESTED", "CLONE_SHARED", "CLONE_SPECIAL", "FIXED_MOVES", "P_ANSWER", "P_DRAW", "P_OVER",
    "P_PLAY", "PHASE_NAMES", "RANK_WORDS", "Deal", "IllegalMove", "Meld", "MeldView", "PlayerView", "SeqDeal",
]

_F = TypeVar("_F", bound=Callable[..., Any])


def _method(fn: _F, positional: bool = False) -> _F:
    """``fn``, a function of the engine's modules that takes the deal first, as a method of :class:`Deal`.

    A Python function binds itself to the deal it is read from; a compiled one (the compiled core: mypyc makes
    built-in functions, which do not bind) is wrapped in a Python function that does. ``positional``: the method is
    only ever called with its arguments by position (the private ones the engine calls through the object), so a
    function of the deal and one or two arguments gets a wrapper of as many, cheaper than ``*args, **kwargs``."""
    if isinstance(fn, FunctionType):
        return fn
    params = _parameters(fn)
    if params == 1:  # a wrapper of one argument: about a third of the cost of *args, **kwargs

        @functools.wraps(fn)
        def method0(self: Any) -> Any:
            return fn(self)

        return cast(_F, method0)
    if positional and params == 2:

        @functools.wraps(fn)
        def method1(self: Any, a: Any) -> Any:
            return fn(self, a)

        return cast(_F, method1)
    if positional and params == 3:

        @functools.wraps(fn)
        def method2(self: Any, a: Any, b: Any) -> Any:
            return fn(self, a, b)

        return cast(_F, method2)

    @functools.wraps(fn)
    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        return fn(self, *args, **kwargs)

    return cast(_F, method)


def _parameters(fn: Callable[..., Any]) -> int:
    """How many parameters ``fn`` takes, the deal included, where none has a default (read from its signature);
    -1 where one has a default or it has no signature."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return -1
    plain = all(p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD for p in params)
    return len(params) if plain else -1


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

    Example (the first player draws, then discards):
        >>> from canasta import Deal, Rules
        >>> deal = Deal(Rules.parse("classic"), seed=7)
        >>> deal.to_act, deal.legal_moves()[0].kind == 0
        (1, True)
        >>> played = deal.apply("draw")
        >>> deal.phase, deal.hand_sizes[1]
        (1, 12)
        >>> discard = deal.legal_moves()[-1]
        >>> _ = deal.apply(discard)
        >>> deal.to_act, deal.pile_size > 0
        (2, True)
    """

    __slots__ = ()

    def __new__(cls, rules: Rules | None = None, *args: Any, **kwargs: Any) -> Deal:
        """A :class:`SeqDeal` where ``rules`` has sequences (it keeps the naturals each seat holds as bits), else
        a plain Deal; with no rules (copies, unpickling) the class asked for."""
        if cls is Deal and rules is not None and rules.sequences:
            cls = SeqDeal
        # the compiled core's DealState and SeqState each check that an object is made by the right one
        base: type[DealState] = SeqState if issubclass(cls, SeqState) else DealState
        return cast(Deal, base.__new__(cls))

    def __init__(
        self,
        rules: Rules,
        dealer: int = 0,
        scores: Sequence[int] | None = None,
        seed: int | None = None,
        deck: Sequence[int] | None = None,
        deal_number: int = 0,
    ):
        deal_cards(self, rules, dealer, scores, seed, deck, deal_number)

    def legal_moves(self) -> list[Move]:
        """The legal moves as :class:`Move` values with concrete cards."""
        return [move_for_action(self, a) for a in legal_actions(self)]

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
            raise IllegalMove(explain(self, move))
        try:
            action = action_of(move)
        except MoveError as e:
            raise IllegalMove(str(e)) from None
        if action not in legal_actions(self):
            raise IllegalMove(explain(self, move))
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
                check_meld_cards(self, move)
            elif kind == TAKE:
                check_take_cards(self, move, ACTIONS[action][1])
            refusal = chosen_cards_refusal(self, action, move)
            if refusal is not None:
                raise IllegalMove(refusal)
        play_move(self, action, move)
        return move

    def apply_action(self, action: int) -> Move:
        """Apply the move with id ``action`` (cards chosen by :meth:`move_for_action`) and return it.

        In the compiled core this is :meth:`DealState.apply_action <canasta.engine.state.DealState.apply_action>`
        (compiled: the same, without a Python frame), as :meth:`legal_actions` is ``DealState.legal_actions``.

        Raises:
            IllegalMove: ``action`` is not among :meth:`legal_actions`; state unchanged.
        """
        move = play_legal_action(self, action)
        if move is None:
            raise self._illegal_action(action)
        return move

    def _illegal_action(self, action: int) -> IllegalMove:
        """The error of :meth:`apply_action` for an ``action`` that is not legal now: the id is unknown, or why the
        rules forbid its move (:func:`~canasta.engine.explain.explain`)."""
        if not 0 <= action < len(ACTIONS):
            return IllegalMove(f"{action} is not a move id (0..{len(ACTIONS) - 1})")
        return IllegalMove(explain(self, self.move_for_action_safe(action)))

    def move_for_action_safe(self, action: int) -> Move:
        """Like :meth:`move_for_action` but never raises (for messages)."""
        try:
            return move_for_action(self, action)
        except IllegalMove:
            kind, arg, n, t, j = ACTIONS[action]
            if arg == SEQ_WILD and kind in (MELD, ADD):
                arg = SEQ_TARGET  # a sequence holding a wild card (Hollywood)
            return Move(kind, (), arg if kind in (MELD, ADD) else -1)

    # ----------------------------------------------- the public face: each line names the module that does it

    # compiled core: DealState's own compiled methods (Python reaches the engine without a frame of its own), else
    # the engine's functions themselves
    legal_actions = DealState.legal_actions if turn_moves.COMPILED else turn_moves.legal_actions
    if turn_moves.COMPILED:
        apply_action = DealState.apply_action
    move_for_action = _method(move_cards.move_for_action)
    forced_to_take = _method(pile_takes.forced_to_take)
    side_may_go_out = _method(going_out.side_may_go_out)
    can_go_out_now = _method(going_out.can_go_out_now)
    explain = _method(explain_mod.explain)
    view = _method(view_mod.build_view)
    side_results = _method(results.side_results)
    concealed_kind = _method(results.concealed_kind)
    score = _method(results.score)
    check_invariants = _method(invariants.check_invariants)

    @classmethod
    def from_position(cls, rules: Rules, **parts: Any) -> Deal:
        """A deal built from its parts and checked (:class:`canasta.engine.position.Position` lists them):
        ``hands`` (each seat's cards), ``stock`` and ``pile`` (top card last), ``melds`` (per side, a list of
        :class:`~canasta.engine.position.MeldPart`), ``red_threes``, ``scores``, ``turn``, ``phase``, ``dealer``
        and the turn's flags. Every derived field (counts by rank, the meld index, canastas, opened, minimum
        counts, frozen pile) is set in one place.

        Raises:
            TypeError: a part that is not a field of :class:`~canasta.engine.position.Position`.
            ValueError: the parts do not fit, or the cards are not the rules' deck once each (naming the cards
                too many or missing).

        Example (a position moved on by hand, then a card too many refused):
            >>> from canasta import Deal, Rules
            >>> from canasta.engine.position import position_parts
            >>> deal = Deal(Rules.parse("classic"), seed=1)
            >>> parts = position_parts(deal)
            >>> parts["pile"].append(parts["stock"].pop())
            >>> Deal.from_position(deal.rules, **parts).pile_size == deal.pile_size + 1
            True
            >>> parts["pile"].append(parts["pile"][-1])
            >>> Deal.from_position(deal.rules, **parts)  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ValueError: the position does not hold the 108 cards of the deck once each: too many: ...
        """
        deal = cls.__new__(cls, rules)
        fill_position(deal, rules, Position(**parts))
        return deal

    def clone(self, rng: random.Random | None = None) -> Deal:
        """An independent copy (cheap: a few small lists), for search and learners
        (:func:`canasta.engine.copying.clone`).

        A move on the copy never changes the original, and the reverse (issue #13): the Meld objects are copied
        by the first of the two deals that changes one, the random generator by the first that uses it, so both
        play and draw as deep copies would. With ``rng`` (a ``random.Random``), the copy draws its reshuffles from
        that generator instead.
        """
        copy: Deal = copying.clone(self, rng)  # type: ignore[assignment]
        return copy

    # -------------------- what the searches on copies call through the object (declared on DealState), and
    # -------------------- the private names white-box tests and the sequence bot read

    _do = _method(apply_mod.play_move, positional=True)
    _copy = _method(copying.copy_deal, positional=True)
    _waiver = _method(minimum_count.minimum_count_waived)
    _out_need = _method(going_out.canastas_needed_to_go_out)
    _after_counts = _method(after_move.counts_after_candidate)
    _last_card_out = _method(going_out.last_card_goes_out)
    _search_out_now = _method(going_out.going_out_by_search_now)
    _opening_met = _method(initial_meld_reach.initial_meld_reached)
    _pick = staticmethod(move_cards.pick_cards)
    # the move filters the oracles replace
    _opening_candidates = _method(initial_meld_reach.initial_meld_candidates, positional=True)
    _seq_opening_ok = _method(initial_meld_reach.sequence_initial_meld_ok)
    _out_candidates = _method(going_out.going_out_candidates, positional=True)
    _out_ok_cards = _method(going_out.going_out_ok_after_cards)


class SeqDeal(SeqState, Deal):
    """A :class:`Deal` of a variant with sequences (RULES.md §3.2), made by ``Deal(rules, ...)`` itself where
    ``rules.sequences``: its card moves (:class:`canasta.engine.state.SeqState`) also keep ``natural_bits``."""

    __slots__ = ()
