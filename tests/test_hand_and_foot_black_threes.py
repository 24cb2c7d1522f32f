"""Hand and Foot's ``black_three_meld=foot_book`` (RULES_AMERICAN.md B.7 [JC]; docs/variants/hand-and-foot.md): a
player in his foot melds black threes as one dirty book laid down whole (4 to 6 black threes and 1 to 3 wild cards,
7 cards), his side down. Scripted positions for each part (in the foot, refused in the hand, refused when not whole
or not dirty, scored as a dirty book, no penalty for those threes), the going-out and initial-meld oracles, random
games with the conservation invariant, and the bots' whole games."""

from __future__ import annotations

import random

import pytest

from canasta.agents.registry import make_agent
from canasta.cli.rules_cmd import option_table
from canasta.engine.deal import Deal, IllegalMove
from canasta.engine.explain import explain_refusal
from canasta.engine.game import Game
from canasta.moves.notation import Move
from canasta.play.match import play_game
from canasta.rules.fields import Rules, RulesError
from canasta.web.i18n import LANGS, load_locale
from helpers import legal_strs
from test_hand_and_foot import CONTRACT, RANK, _book, _position, in_foot_oracle

FB = Rules.parse("hand-and-foot(black_three_meld=foot_book)")
THREE = 1
"""The rank index of the black threes' meld."""


def _in_foot(hand: str, melds: list[tuple[int, str]], packets: list[str] | None = None,
             opened: tuple[bool, bool] = (True, False)) -> Deal:
    """Seat 0 to play (drew) with ``hand``, his side's melds ``melds``; every foot taken unless ``packets`` says."""
    return _position([hand, "5C 6S 6D", "6H 7C 7D", "7H 7S 8D"], packets=packets or ["", "", "", ""],
                     melds=[melds, []], phase="play", drew=1, opened=list(opened), rules=FB)


def _three_melds(d: Deal) -> list[str]:
    return sorted(m for m in legal_strs(d) if m.startswith("meld 3"))


# ------------------------------------------------------------------------------------------------ the option


def test_the_option_and_its_refusals() -> None:
    assert FB.black3_foot_book and not FB.black3_meld
    assert not Rules.parse("hand-and-foot").black3_foot_book
    assert Rules.parse("hand-and-foot(black_three_meld=never)") == Rules.parse("hand-and-foot")
    assert Rules.parse(FB.spec()) == FB
    assert "black_three_meld = foot_book (sets black3_foot_book)" in option_table(FB).splitlines()
    assert "black_three_meld = never (sets black3_foot_book)" in option_table(Rules.parse("hand-and-foot")).splitlines()
    for bad, message in (("black_three_meld=always", "option black_three_meld takes never or foot_book"),
                         ("black_three_meld=foot_book,book_closure=any", "books closed at 7")):
        with pytest.raises(RulesError, match=message) as info:
            Rules.parse(f"hand-and-foot({bad})")
        assert "\n" not in str(info.value)
    with pytest.raises(RulesError, match="needs a foot"):
        Rules.parse("classic(black3_meld=false,black3_foot_book=true)")


# ------------------------------------------------------------------------------------------------ melding the book


def test_a_book_of_black_threes_from_the_foot() -> None:
    """In the foot: every book the hand allows (4 to 6 threes, 1 to 3 wild cards, 7 cards) is offered, none with
    seven threes (a clean book of threes is no dirty book) nor with fewer than 7 cards; the book is a dirty canasta."""
    d = _in_foot("3S 3C 3S 3C 3S 3C 2C 2D JK 9C 9D 9H 4C", [(RANK["K"], _book("K"))])
    assert _three_melds(d) == ["meld 3C 3C 3C 3S 2C 2D JK", "meld 3C 3C 3C 3S 3S 2C 2D",
                               "meld 3C 3C 3C 3S 3S 2C JK", "meld 3C 3C 3C 3S 3S 3S 2C",
                               "meld 3C 3C 3C 3S 3S 3S JK"]
    d.apply("meld 3C 3C 3C 3S 3S 2C JK")
    d.check_invariants()
    book = [m for m in d.melds[0] if m.target == THREE][0]
    assert (book.nat, book.wild, book.is_canasta, book.is_natural) == (5, 2, True, False)
    assert d.canastas[0] == 2
    assert not any(m.startswith(("meld 3", "add 3")) for m in legal_strs(d))  # one 3 left: no second book, no addition


@pytest.mark.parametrize("hand", ["3S 3C 3S 3C 3S 3C 3S 9C 9D 9H 4C",  # seven threes, no wild card
                                  "3S 3C 3S 2C 2D JK 9C 9D 9H 4C",  # three threes and three wild cards
                                  "3S 3C 3S 3C 3S 9C 9D 9H 4C"])  # five threes, no wild card
def test_no_book_without_its_shape(hand: str) -> None:
    """Not whole or not dirty: no meld of threes is offered, and the tries are refused with the book's reason."""
    d = _in_foot(hand, [(RANK["K"], _book("K"))])
    assert _three_melds(d) == []
    for move in ("meld 3S 3C 3S", "meld 3S 3C 3S 2C 2D JK"):
        if all(Move.parse(move).cards.count(c) <= d.hands[0][c] for c in Move.parse(move).cards):
            with pytest.raises(IllegalMove):
                d.apply(move)
            assert explain_refusal(d, Move.parse(move)).code == "black_threes_foot_book"


def test_too_many_wild_cards_refused() -> None:
    """Four wild cards with three threes would be 7 cards, but wild cards may not outnumber naturals (B.6)."""
    d = _in_foot("3S 3C 3S 2C 2D JK JK 9C 9D 9H 4C", [(RANK["K"], _book("K"))])
    assert _three_melds(d) == []
    with pytest.raises(IllegalMove):
        d.apply("meld 3S 3C 3S 2C 2D JK JK")
    assert explain_refusal(d, Move.parse("meld 3S 3C 3S 2C 2D JK JK")).code == "black_threes_foot_book"


def test_refused_in_the_hand_with_its_reason_in_every_language() -> None:
    """His foot still waiting: no book of threes, refused with ``black_threes_foot_only`` in en, es and ro."""
    d = _in_foot("3S 3C 3S 3C 3S 2C JK 9C 9D 9H 4C", [(RANK["K"], _book("K"))],
                 packets=["4H 5H 6H 8H 9H TH JH QH KH AH 4S", "", "", ""])
    assert _three_melds(d) == []
    move = "meld 3C 3C 3S 3S 3S 2C JK"
    with pytest.raises(IllegalMove):
        d.apply(move)
    why = explain_refusal(d, Move.parse(move))
    assert why.code == "black_threes_foot_only" and "\n" not in why.text
    for lang in LANGS:
        words = load_locale(lang)["reason.black_threes_foot_only"]
        assert words and "\n" not in words
        assert load_locale(lang)["reason.black_threes_foot_book"]


def test_refused_for_a_side_not_down() -> None:
    """The book never makes nor counts toward the initial meld: a side not down is refused it (decision)."""
    d = _in_foot("3S 3C 3S 3C 3S 2C JK 9C 9D 9H 4C", [], opened=(False, False))
    assert _three_melds(d) == []
    assert explain_refusal(d, Move.parse("meld 3C 3C 3S 3S 3S 2C JK")).code == "black_threes_foot_book"


# ------------------------------------------------------------------------------------------------ scoring


def test_scored_as_a_dirty_book_and_its_threes_not_penalised() -> None:
    """Going out with the book of threes as the second dirty book of the contract: it scores 300 and its cards (five
    threes at 5, a two 20, a joker 50); no black three is left to cost 5. The same hand without the option cannot
    meld them and keeps the contract short."""
    melds = [c for c in CONTRACT if c[0] != RANK["T"]]  # 2 clean + 1 dirty: a dirty book short
    d = _in_foot("3S 3C 3S 3C 3S 2C JK 9C 9D 9H 4C", melds)
    d.apply("meld 3C 3C 3S 3S 3S 2C JK")
    d.apply("meld 9C 9D 9H")
    d.apply("discard 4C")
    assert d.over and d.out_seat == 0
    ours = d.score()[0]
    want_cards = 5 * 7 * 2 + 10 * 7 + 10 * 6 + 20 + (5 * 5 + 20 + 50) + 3 * 10  # K, Q books; J with a two; 3s; 9s
    assert ours.breakdown["canastas"] == 500 + 500 + 300 + 300
    assert ours.breakdown["going_out"] == 100
    assert ours.breakdown["melded_cards"] == want_cards
    assert ours.breakdown["hand_cards"] == -15  # the partner's 6H 7C 7D only: no three left to count against


def test_threes_left_in_a_hand_are_penalised() -> None:
    """Black threes never laid down cost 5 each, with the option as without it (B.7): the partner's three threes
    and two sevens are -25 for his side when seat 0 goes out."""
    for rules in (FB, Rules.parse("hand-and-foot")):
        d = _position(["9C 9D 9H 4C", "5C 6S 6D", "3S 3C 3S 7C 7D", "7H 7S 8D"], packets=["", "", "", ""],
                      melds=[list(CONTRACT), []], phase="play", drew=1, opened=[True, False], rules=rules)
        d.apply("meld 9C 9D 9H")
        d.apply("discard 4C")
        assert d.over and d.score()[0].breakdown["hand_cards"] == -(3 * 5 + 2 * 5)


# ------------------------------------------------------------------------------------------------ the oracles

_POOL = ("3S", "3C", "3S", "3C", "2C", "JK", "2D", "9C", "9D", "9H", "AC", "AD", "4C", "5C", "8C")
"""Cards the going-out positions draw from: many black threes and wild cards (the book), ranks of open melds (5, 8),
of a new meld (9, A) and a card no meld takes (4)."""


def _going_out_positions(count: int, seed: int, contract: bool) -> list[Deal]:
    """Seat 0 in his foot, his side down with open melds of fives and eights and the contract (or a dirty book short
    of it), a hand of 4 to 11 cards of :data:`_POOL`."""
    rng = random.Random(seed)
    base = list(CONTRACT) if contract else [c for c in CONTRACT if c[0] != RANK["T"]]
    melds = [*base, (RANK["5"], "5H 5S 5D"), (RANK["8"], "8H 8S 8D 2H")]
    out = []
    for _ in range(count):
        hand: list[str] = []
        while len(hand) < rng.randint(4, 11):
            card = rng.choice(_POOL)
            if hand.count(card) < 4:  # never more copies than the deck holds beside the melds
                hand.append(card)
        out.append(_in_foot(" ".join(hand), melds))
    return out


@pytest.mark.parametrize("contract", [True, False])
def test_going_out_oracle_agrees_on_hands_of_threes(contract: bool) -> None:
    """The exhaustive going-out oracle (tests/oracles) agrees with the engine's fast answers on hands of many black
    threes and wild cards in the foot, the contract met or a dirty book short (the book of threes completing it)."""
    from oracles.compare import compare_position

    stats: dict[str, int] = {}
    problems = [p for d in _going_out_positions(120, 11 + contract, contract) for p in compare_position(d, stats)]
    assert not problems, problems[:3]
    assert stats.get("skipped", 0) == 0 and stats["positions"] == 120 and stats.get("out", 0) >= (5 if contract else 2)


def test_going_out_oracle_agrees_on_random_positions() -> None:
    from oracles.compare import compare_position
    from oracles.positions import positions

    stats: dict[str, int] = {}
    problems = [p for d in positions(FB.spec(), 30, seed=3) for p in compare_position(d, stats)]
    assert not problems, problems[:3]
    assert stats.get("skipped", 0) == 0


def test_going_out_oracle_agrees_in_the_foot() -> None:
    """The oracle where going out matters: the player in his foot, a hand of at most 8 cards (eager random games)."""
    problems, stats, checked = in_foot_oracle(FB, 30, 80)
    assert not problems, problems[:3]
    assert checked >= 50 and stats.get("skipped", 0) == 0


@pytest.mark.parametrize("scored", [False, True])
def test_initial_meld_oracle_agrees(scored: bool) -> None:
    from oracles.compare import compare_opening
    from oracles.positions import first_turns

    stats: dict[str, int] = {}
    problems = [p for d in first_turns(FB.spec(), 15, seed=7, scored=scored) for p in compare_opening(d, stats)]
    assert problems == []


# ------------------------------------------------------------------------------------------------ whole games


def test_random_games_keep_every_card() -> None:
    """Random games (taking, melding and adding preferred, a book of threes laid down when offered): the
    conservation invariant after every move, every deal scored, the game over after four deals."""
    for seed in (1, 2, 3):
        game = Game(FB, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            deal = game.new_deal()
            while not deal.over:
                acts = deal.legal_actions()
                names = [str(deal.move_for_action(a)) for a in acts]
                threes = [a for a, n in zip(acts, names, strict=True) if n.startswith("meld 3")]
                eager = [a for a, n in zip(acts, names, strict=True) if n.split()[0] in ("take", "meld", "add", "yes")]
                if threes:
                    game.apply_action(threes[0])
                else:
                    game.apply_action(rng.choice(eager) if eager and rng.random() < 0.9 else rng.choice(acts))
                deal.check_invariants()
            game.finish_deal()
        assert len(game.logs) == 4


def test_random_play_after_a_book_of_threes() -> None:
    """Positions of hands with many black threes in the foot, played at random to the deal's end (a book of threes
    laid down whenever offered): the conservation invariant after every move, the deal scored."""
    books = 0
    for k, d in enumerate(_going_out_positions(60, 5, contract=False)):
        rng = random.Random(k)
        while not d.over:
            acts = d.legal_actions()
            threes = [a for a in acts if str(d.move_for_action(a)).startswith("meld 3")]
            books += bool(threes)
            d.apply_action(threes[0] if threes else rng.choice(acts))
            d.check_invariants()
        assert len(d.score()) == 2
    assert books >= 4


@pytest.mark.parametrize("bot", ["heuristic", "hard"])
def test_bots_play_whole_games(bot: str) -> None:
    game = play_game(FB, [make_agent(bot, 20 + s) for s in range(4)], seed=7, check=True)
    assert game.over and len(game.logs) == 4 and game.winner is not None
