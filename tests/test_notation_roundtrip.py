"""Move notation round trip (issue #13, defect 9; docs/notation.md).

* Every text that parses prints back to a text that parses to the same move, and printing is stable:
  ``parse(str(parse(t))) == parse(t)`` and ``str(parse(str(parse(t)))) == str(parse(t))``, over texts of
  the whole grammar (every verb, every form of take, melds of a rank, melds and additions naming a meld
  with ``to``, sequences written in order or with ``=``, wild-card melds, in random case and spacing).
* Every legal move of random deals of every preset round-trips: ``Move.parse(str(m)) == m``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from canasta.cards.deck import RANKS
from canasta.engine.deal import Deal
from canasta.moves.notation import Move, MoveError
from canasta.rules.fields import Rules, preset_names

PROPS = settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SUIT_TEXTS = ("C", "D", "H", "S", "c", "d", "h", "s", "♣", "♦", "♥", "♠")
RANK_TEXTS = tuple(RANKS) + tuple(RANKS.lower()) + ("10",)


def _case(draw: st.DrawFn, text: str) -> str:
    """``text`` in a random mix of upper and lower case."""
    flips = draw(st.lists(st.booleans(), min_size=len(text), max_size=len(text)))
    return "".join(c.swapcase() if f else c for c, f in zip(text, flips, strict=True))


@st.composite
def card_texts(draw: st.DrawFn, wild: bool | None = None) -> str:
    """A card in any accepted spelling; ``wild`` True/False: only wild / natural cards."""
    if wild is None:
        wild = draw(st.integers(0, 5)) == 0
    if wild:
        if draw(st.booleans()):
            return _case(draw, draw(st.sampled_from(("JK", "joker"))))
        return "2" + draw(st.sampled_from(SUIT_TEXTS))
    return draw(st.sampled_from(RANK_TEXTS)) + draw(st.sampled_from(SUIT_TEXTS))


def _rank_text(rank: int) -> str:
    return "10" if RANKS[rank] == "T" else RANKS[rank]


@st.composite
def natural_in_suit(draw: st.DrawFn, rank: int, suit: int) -> str:
    return draw(st.sampled_from((RANKS[rank], RANKS[rank].lower(), _rank_text(rank)))) + \
        draw(st.sampled_from(("CDHS"[suit], "cdhs"[suit], "♣♦♥♠"[suit])))


@st.composite
def seq_specs(draw: st.DrawFn) -> str:
    """``LOW-HIGH`` or ``LOW-HIGH/HOLE`` naming a sequence (sometimes malformed)."""
    suit = draw(st.integers(0, 3))
    lo = draw(st.integers(0, 12))
    hi = draw(st.integers(lo, 12))
    spec = draw(natural_in_suit(lo, suit)) + "-" + draw(natural_in_suit(hi, suit))
    if draw(st.booleans()):
        spec += "/" + draw(natural_in_suit(draw(st.integers(lo, hi)), suit))
    if draw(st.integers(0, 9)) == 0:
        spec = draw(card_texts()) + "-" + draw(card_texts())  # any two cards
    return spec


@st.composite
def sequence_cards(draw: st.DrawFn, equals: bool) -> list[str]:
    """A run of one suit written lowest first, some cards replaced by wild cards (``JK=5H`` with ``equals``)."""
    suit = draw(st.integers(0, 3))
    lo = draw(st.integers(0, 10))
    hi = draw(st.integers(lo, min(12, lo + 8)))
    out = []
    for r in range(lo, hi + 1):
        if draw(st.integers(0, 3)) == 0:
            w = draw(card_texts(wild=True))
            out.append(w + "=" + draw(natural_in_suit(r, suit)) if equals else w)
        else:
            out.append(draw(natural_in_suit(r, suit)))
    if draw(st.integers(0, 4)) == 0:
        draw(st.randoms()).shuffle(out)
    return out


@st.composite
def target_texts(draw: st.DrawFn) -> str:
    return draw(st.sampled_from(RANK_TEXTS + ("W", "w", "wild", "Wilds", "10", "seq")))


@st.composite
def move_words(draw: st.DrawFn) -> list[str]:
    """The words of a move text of any kind of the grammar (mostly well formed, sometimes not)."""
    form = draw(st.sampled_from((
        "bare", "take", "take_pair", "take_seq", "meld_rank", "meld_to", "meld_wild", "meld_seq",
        "meld_seq_eq", "add", "add_to", "add_seq", "add_seq_eq", "discard", "junk",
    )))
    verb = {"bare": draw(st.sampled_from(("draw", "ask", "yes", "no", "pass")))}.get(form) \
        or form.split("_")[0]
    words = [_case(draw, verb)]
    cards = st.lists(card_texts(), min_size=1, max_size=8)
    if form in ("take_pair",):
        words += draw(st.lists(card_texts(), min_size=2, max_size=2))
    elif form == "take_seq":
        words += ["to", draw(seq_specs())]
    elif form == "meld_rank":
        rank = draw(st.integers(1, 12))
        words += [draw(natural_in_suit(rank, draw(st.integers(0, 3)))) for _ in range(draw(st.integers(1, 4)))]
        words += draw(st.lists(card_texts(wild=True), max_size=3))
    elif form in ("meld_to", "add_to"):
        words += draw(cards if draw(st.booleans()) else st.lists(card_texts(wild=True), min_size=1, max_size=4))
        words += [_case(draw, "to"), draw(target_texts())]
    elif form == "meld_wild":
        words += draw(st.lists(card_texts(wild=True), min_size=1, max_size=8))
    elif form in ("meld_seq", "meld_seq_eq"):
        words += draw(sequence_cards(equals=form.endswith("eq")))
    elif form == "add":
        words += draw(cards)
    elif form in ("add_seq", "add_seq_eq"):
        words += draw(sequence_cards(equals=form.endswith("eq")))[:3] + [_case(draw, "to"), draw(seq_specs())]
    elif form == "discard":
        words += [draw(card_texts())]
    elif form == "junk":
        words += draw(st.lists(st.one_of(card_texts(), st.sampled_from(("to", "=", "-", "/", "x"))), max_size=5))
    return words


@st.composite
def move_texts(draw: st.DrawFn) -> str:
    words = draw(move_words())
    seps = st.sampled_from((" ", "  ", "\t", ", ", " ,", ",", "\n"))
    text = draw(st.sampled_from(("", " ", "\t"))) + words[0]
    for w in words[1:]:
        text += draw(seps) + w
    return text + draw(st.sampled_from(("", " ", "\n")))


@PROPS
@given(move_texts())
@example("meld 2D to 5")
@example("meld 2D JK to 3")
@example("meld 2C 2D to 2")
@example("meld JK JK to W")
@example("add 2C to K")
@example("meld 4H JK 6H")
@example("add 2C=8H 9H to 4H-7H")
@example("take to 4h-7h/5h")
def test_every_text_that_parses_prints_back_to_the_same_move(text: str) -> None:
    try:
        move = Move.parse(text)
    except MoveError:
        return
    printed = str(move)
    again = Move.parse(printed)
    assert again == move, f"{text!r} -> {move} -> {printed!r} -> {again}"
    assert str(again) == printed


def test_the_reported_text_keeps_its_target() -> None:
    move = Move.parse("meld 2D to 5")
    assert str(move) == "meld 2D to 5"
    assert Move.parse(str(move)) == move


PRESETS = tuple(preset_names()) + (
    "classic(players=2)", "classic(players=3)", "classic(players=5)", "classic(players=6)",
    "classic(players=6,teams=3)", "classic(players=3,cutthroat=true)",
)


@pytest.mark.parametrize("spec", PRESETS)
def test_every_legal_move_of_random_deals_round_trips(spec: str) -> None:
    rules = Rules.parse(spec).deal_rules()
    checked = 0
    for seed in (1, 2):
        deal = Deal(rules, dealer=seed % rules.players, seed=seed)
        rng = random.Random(seed)
        while not deal.over:
            legal = deal.legal_actions()
            for a in legal:
                m = deal.move_for_action(a)
                assert Move.parse(str(m)) == m, f"{spec} seed {seed}: {m!r} printed {str(m)!r}"
                checked += 1
            deal.apply_action(rng.choice(legal))
    assert checked > 0
