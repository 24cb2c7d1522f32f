"""Helpers for the rule tests: stacked decks, scripted play and state snapshots.

A *stacked deck* is the full deck order (card types, first card dealt first)
that :class:`canasta.engine.deal.Deal` accepts as ``deck``. :func:`stacked_deck`
builds it from the hands each seat must receive, the cards turned as upcard and
the top of the stock, so that a test reads like a deal at a real table.

The engine deals (RULES.md §1.2, engine conventions): one card at a time,
starting at seat ``dealer+1``; then it turns the upcard from the top of the
stock (and keeps turning while it is a wild card or a three); then it lays out
the red threes dealt, seat by seat from the first player, replacing each from
the stock; then seat ``dealer+1`` draws. ``stock`` below therefore lists, top
first, the replacements for red threes dealt and then the cards drawn in play.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from canasta.build_info import is_compiled
from canasta.cards.deck import JOKER, N_TYPES, cards_str, deck_counts, deck_list, parse_cards
from canasta.engine.deal import Deal
from canasta.rules.fields import Rules

CardsSpec = str | Sequence[int] | Sequence[str] | None
"""Cards given to a helper: text (``"KH KS 2C"``), card types, card texts, or None."""

FILLER_RANKS = tuple(range(2, 13))
"""Rank indices used to pad hands (4..A): never wild cards or threes."""


def cards(spec: CardsSpec) -> list[int]:
    """Card types of ``spec`` (text such as ``"KH KS"``, a list of texts or of ints, or None)."""
    if spec is None:
        return []
    if isinstance(spec, str):
        return parse_cards(spec)
    out: list[int] = []
    for c in spec:
        out.append(parse_cards(c)[0] if isinstance(c, str) else int(c))
    return out


def as_rules(rules: Rules | str) -> Rules:
    """``rules`` itself, or the rules of a variant string such as ``classic(players=2)``."""
    return rules if isinstance(rules, Rules) else Rules.parse(rules)


def stacked_deck(
    rules: Rules | str,
    hands: Sequence[CardsSpec],
    upcard: CardsSpec = "7C",
    stock: CardsSpec = None,
    dealer: int = 0,
    bottom: CardsSpec = None,
) -> list[int]:
    """The full deck order that deals ``hands`` and turns ``upcard``, with ``stock`` on top of the stock.

    Args:
        rules: the variant (or its string).
        hands: ``hands[k]`` is the hand of seat ``(dealer + 1 + k) % players`` (the k-th
            player in turn order); missing hands or hands shorter than ``rules.hand_size``
            are padded with filler naturals 4..A, spreading ranks so a padded hand holds as
            few pairs as possible. Red threes in a hand are laid out and replaced by the
            engine from the top of ``stock``.
        upcard: the cards turned at the start, in order (``"2C 3S 7H"`` keeps turning onto the
            wild card and the three until the 7); the last must be one that stops turning.
        stock: the next cards of the stock, top first (red-three replacements, then draws).
        dealer: the dealer's seat.
        bottom: the last cards of the stock, last one drawn last (for tests of §1.10).

    Returns:
        list of card types, first card dealt first; cards not named go between ``stock`` and
        ``bottom`` in card-type order.

    Raises:
        ValueError: a hand is too long, or a card is named more often than the deck holds it.
    """
    r = as_rules(rules)
    n, size = r.players, r.hand_size
    if len(hands) > n:
        raise ValueError(f"{len(hands)} hands for {n} players")
    left = deck_counts(r.packs, r.jokers)
    named_hands = [cards(h) for h in hands] + [[] for _ in range(n - len(hands))]
    up = cards(upcard)
    top = cards(stock)
    low = cards(bottom)

    def use(card: int, where: str) -> None:
        if left[card] <= 0:
            raise ValueError(f"{cards_str([card])} named more often than the deck holds it ({where})")
        left[card] -= 1

    for k, h in enumerate(named_hands):
        if len(h) > size:
            raise ValueError(f"hand {k} has {len(h)} cards; {size} are dealt")
        for c in h:
            use(c, f"hand {k}")
    for c in up:
        use(c, "upcard")
    for c in top:
        use(c, "stock")
    for c in low:
        use(c, "bottom")
    full: list[list[int]] = []
    for k, h in enumerate(named_hands):
        h = list(h)
        while len(h) < size:
            h.append(_filler(h, left, k))
        full.append(h)
    order: list[int] = []
    for i in range(size):
        for k in range(n):
            order.append(full[k][i])
    order.extend(up)
    order.extend(top)
    order.extend(deck_list(left))
    order.extend(low)
    return order


def _filler(hand: list[int], left: list[int], k: int) -> int:
    """A natural card still in ``left`` whose rank the hand holds least (ties: rank order from seat k)."""
    counts = [0] * 13
    for c in hand:
        if c != JOKER:
            counts[c >> 2] += 1
    ranks = sorted(FILLER_RANKS, key=lambda rk: (counts[rk], (rk - 2 - 3 * k) % 11))
    for rk in ranks:
        for s in range(4):
            c = rk * 4 + (s + k) % 4
            if left[c] > 0:
                left[c] -= 1
                return c
    raise ValueError("no filler card left in the deck")


def make_deal(
    rules: Rules | str,
    hands: Sequence[CardsSpec],
    upcard: CardsSpec = "7C",
    stock: CardsSpec = None,
    dealer: int | None = None,
    scores: Sequence[int] | None = None,
    bottom: CardsSpec = None,
    first: int = 0,
) -> Deal:
    """A :class:`Deal` of ``rules`` dealt from :func:`stacked_deck` (same arguments), checked.

    By default the dealer sits before seat ``first`` (seat 0), so ``hands[k]`` is seat
    ``(first + k) % players`` and seat ``first`` plays first; ``dealer`` overrides that.
    ``scores`` are the sides' cumulative scores, which set their minimum counts (§1.6).
    """
    r = as_rules(rules)
    if dealer is None:
        dealer = (first - 1) % r.players
    deck = stacked_deck(r, hands, upcard=upcard, stock=stock, dealer=dealer, bottom=bottom)
    deal = Deal(r, dealer=dealer, scores=scores, seed=0, deck=deck)
    deal.check_invariants()
    return deal


def play(deal: Deal, *moves: str) -> Deal:
    """Apply ``moves`` (notation) in order to ``deal``, checking invariants after each; return ``deal``.

    Raises:
        IllegalMove: a move is refused (the test scripted an illegal move).
    """
    for m in moves:
        deal.apply(m)
        deal.check_invariants()
    return deal


def draw_discard(deal: Deal, count: int = 1) -> Deal:
    """Play ``count`` turns in which the player draws and discards a card he has just drawn.

    Red threes drawn are laid out by the engine; the discard is a card that came into the
    hand with the draw. Returns ``deal``.
    """
    for _ in range(count):
        seat = deal.turn
        before = deal.hands[seat][:]
        play(deal, "draw")
        if deal.over:
            return deal
        new = [c for c in range(N_TYPES) if deal.hands[seat][c] > before[c]]
        play(deal, f"discard {cards_str(new[:1])}")
    return deal


def draw_until(deal: Deal, stock_left: int) -> Deal:
    """Play draw-and-discard turns (:func:`draw_discard`) until the stock holds ``stock_left`` cards."""
    while len(deal.stock) > stock_left and not deal.over:
        draw_discard(deal)
    return deal


def hand(deal: Deal, seat: int) -> list[int]:
    """Cards held by ``seat`` in card-type order."""
    h = deal.hands[seat]
    return [c for c in range(N_TYPES) for _ in range(h[c])]


def hand_str(deal: Deal, seat: int) -> str:
    """Cards held by ``seat`` in notation, card-type order."""
    return cards_str(hand(deal, seat))


def same_cards(a: CardsSpec, b: CardsSpec) -> bool:
    """Whether two card lists hold the same cards, in any order."""
    return sorted(cards(a)) == sorted(cards(b))


def melds_of(deal: Deal, side: int) -> dict[str, list[int]]:
    """The melds of ``side`` by rank letter (``"K"``, ``"3"``, ``"W"``), cards sorted."""
    from canasta.moves.notation import target_str

    return {target_str(m.target): sorted(m.cards) for m in deal.melds[side]}


def snapshot(deal: Deal) -> dict[str, Any]:
    """The deal's complete state (:func:`state_snapshot.full_state`, every slot) and its legal moves, to compare
    before and after a move."""
    from state_snapshot import full_state

    state = full_state(deal)  # before legal_actions(), which must not change it anyway
    return {"state": state, "legal": list(deal.legal_actions())}


def check_melds(deal: Deal) -> None:
    """Raise AssertionError unless every meld on the table is one the rules allow.

    Each meld must pass :func:`canasta.scoring.deal_score.classify_meld` (one rank, enough naturals,
    wild-card limits), its rank must be the meld's target, and a side holds one meld per rank
    (where ``several_melds_per_rank``, all but its last meld of a rank are canastas); a sequence
    meld must be a sequence matching its span.
    """
    from canasta.cards.sequences import sequence_layouts
    from canasta.moves.notation import SEQ_TARGET, WILD_TARGET
    from canasta.scoring.errors import ScoringError
    from canasta.scoring.meld_shape import classify_meld

    for side, ms in enumerate(deal.melds):
        targets = [m.target for m in ms if m.target != SEQ_TARGET]
        if len(set(targets)) != len(targets):
            if not deal.rules.several_melds_per_rank:
                raise AssertionError(f"side {side} has two melds of one rank: {targets}")
            for t in set(targets):  # several melds of a rank: all but the last are canastas (§3.2)
                same = [m for m in ms if m.target == t]
                if not all(m.is_canasta for m in same[:-1]):
                    raise AssertionError(f"side {side} has an unfinished meld of {t} beside another")
        for m in ms:
            try:
                info = classify_meld(deal.rules, m.cards)
            except ScoringError as e:
                raise AssertionError(f"side {side}: {e}") from None
            if m.target == SEQ_TARGET:  # a wild card may stand at either end: the span is one reading
                spans = [sp for sp, _ in sequence_layouts(m.cards, deal.rules.sequence_wild_max)]
                if info.kind != "sequence" or m.span not in spans:
                    raise AssertionError(f"side {side}: meld [{cards_str(m.cards)}] is no sequence {m.span}")
                continue
            want = -1 if m.target == WILD_TARGET else m.target
            if info.rank != want:
                raise AssertionError(f"side {side}: meld [{cards_str(m.cards)}] filed under {m.target}")


def legal_strs(deal: Deal) -> set[str]:
    """The legal moves of the player to act, in notation."""
    return {str(m) for m in deal.legal_moves()}


def whole_games(rules: Rules, bot: str, n: int) -> None:
    """Play ``n`` whole games of ``rules`` between bots ``bot`` (game g: seed g, seat s: bot seed
    g*10+s), checking the invariants after every move; each must end with a side at the target."""
    from canasta.agents import make_agent
    from canasta.play.match import play_game

    for g in range(n):
        agents = [make_agent(bot, seed=g * 10 + s) for s in range(rules.players)]
        game = play_game(rules, agents, seed=g, check=True)
        assert game.over and (max(game.totals) >= rules.target or len(game.logs) >= rules.rounds > 0)


def melds_shown(deal: Deal, side: int = 0) -> str:
    """The melds of ``side`` as ``canasta play`` draws them (``cli.display.meld_text``), one per line, plain text."""
    from rich.console import Console

    from canasta.cli.display import meld_text

    console = Console(width=100, record=True, color_system=None)
    for m in deal.view(0).melds[side]:
        console.print(meld_text(m))
    return console.export_text()


def check_target(rules: Rules | str, script: Any, deck: Sequence[int] | None = None, **deal: Any) -> None:
    """Assert that the game ends when a side reaches ``rules.target`` and not before (RULES.md §1.12, the
    Target rows of §3): a scripted deal is played as the last deal of a :class:`canasta.engine.game.Game`.

    ``deal`` are the :func:`stacked_deck` arguments (``hands``, ``upcard``, ``stock``, ``bottom``; seat 0
    plays first), or ``deck`` the whole deck order (the dealer is the last seat), and ``script(deal)`` plays
    the deal to its end. The deal is played twice: once with side 0
    landing exactly on the target (the game is over, side 0 wins), once 5 points short (the game goes on).

    Raises:
        AssertionError: the deal does not end, or the game ends otherwise.
    """
    from canasta.engine.game import Game

    r = as_rules(rules)
    for short in (0, 5):
        g = Game(r, seed=0, first_dealer=r.players - 1)
        d = g.new_deal(deck=list(deck) if deck is not None else stacked_deck(r, dealer=r.players - 1, **deal))
        script(d)
        assert d.over, "the scripted deal did not end"
        gained = d.score()[0].total
        g.totals[0] = r.target - short - gained
        g.finish_deal()
        assert g.over == (short == 0) and g.winner == (0 if short == 0 else None), (short, g.totals)


def table_specs(options: Sequence[str]) -> list[str]:
    """Every preset with each of ``options`` (e.g. ``"players=2"``; ``""``: the preset as it is), those the
    preset accepts: ``["classic(players=2)", ...]``, in preset order."""
    from canasta.rules.fields import RulesError, preset_names

    out = []
    for name in preset_names():
        for opts in options:
            spec = f"{name}({opts})" if opts else name
            try:
                Rules.parse(spec)
            except RulesError:
                continue
            out.append(spec)
    return out


def mac_rules(**opts: str) -> Rules:
    """The modern-american rules with ``opts`` (the preset is not registered yet: built from its builder)."""
    from canasta.rules.presets import UNREGISTERED_PRESETS

    return UNREGISTERED_PRESETS["modern-american"](Rules(), opts)


def is_legal(deal: Deal, move: str) -> bool:
    """Whether ``deal`` accepts ``move`` now (tried on a clone: ``deal`` is unchanged)."""
    from canasta.errors import IllegalMove

    trial = deal.clone()
    try:
        trial.apply(move)
    except IllegalMove:
        return False
    return True


def with_docstrings(module: types.ModuleType) -> types.ModuleType:
    """``module``, or where it is compiled (the compiled core: doctest finds no examples in built-in functions)
    its source run as a Python module of its own, whose examples then run."""
    if not is_compiled(module.__name__):
        return module
    path = Path(module.__file__ or "").with_name(module.__name__.rsplit(".", 1)[1] + ".py")
    spec = importlib.util.spec_from_file_location(module.__name__ + "_source", path)
    assert spec and spec.loader, path
    source = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = source  # (dataclasses look their module up)
    try:
        spec.loader.exec_module(source)
    finally:
        del sys.modules[spec.name]
    return source


def benchmark_module(name: str) -> Any:
    """The script ``benchmarks/<name>.py`` loaded as a module (the benchmarks are not a package), so that a test
    can call its functions."""
    path = Path(__file__).parents[1] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
