"""Scripted positions for the options of Hand and Foot on going out, the initial meld, the stock and the card
values (RULES_AMERICAN.md B.2, B.6, B.8, B.10, B.11; docs/variants/hand-and-foot.md): ``go_out_discard=forbidden``,
``all_partners_in_foot``, ``minimum_mode=by_score``, ``book_bonus_counts_toward_minimum``,
``stock_exhausted=reshuffle``, ``ace_value`` and ``special_book_bonuses=landoware``, each with the spec's default
beside it; the oracles of going out and of the initial meld on random positions with each option.
"""

from __future__ import annotations

import random

import pytest

from canasta.cards.deck import parse_cards
from canasta.engine.constraints.going_out import can_go_out_now
from canasta.engine.deal import Deal, IllegalMove
from canasta.engine.game import Game
from canasta.engine.position import position_parts
from canasta.moves.notation import Move
from canasta.rules.fields import Rules, RulesError
from canasta.scoring.bonuses import meld_points
from helpers import legal_strs
from test_hand_and_foot import CONTRACT, HF, RANK, _down, _position, in_foot_oracle


def _hf(**opts: str) -> Rules:
    return Rules.preset("hand-and-foot", **opts)


FORBIDDEN = _hf(go_out_discard="forbidden")
FIVES = [*CONTRACT, (RANK["5"], "5H 5S 5D")]
"""The contract of 2 clean and 2 dirty books, and an open meld of fives."""


def _in_foot(hand: str, melds: list[tuple[int, str]], rules: Rules = HF, packets: list[str] | None = None) -> Deal:
    """Seat 0 to play (drew), his side down with ``melds``; every foot taken unless ``packets`` says."""
    return _position([hand, "5C 6S 6D", "6H 7C 7D", "7H 7S 8D"], packets=packets or ["", "", "", ""],
                     melds=[melds, []], phase="play", drew=1, opened=[True, False], rules=rules)


# ------------------------------------------------------------------------------------ B.10 go_out_discard=forbidden


def test_go_out_discard_forbidden_goes_out_only_by_melding() -> None:
    """``go_out_discard=forbidden`` [TV]: with the contract, 9 9 9 then the last 5 added goes out; the last card is
    never discarded, so melding 9 9 9 beside a card no meld takes is refused (by default it goes out by the
    discard)."""
    assert (FORBIDDEN.going_out_by_melding, FORBIDDEN.going_out_needs_discard) == (True, False)
    assert not HF.going_out_by_melding
    d = _in_foot("9C 9D 9H 5C", FIVES, FORBIDDEN)
    assert {"meld 9C 9D 9H", "ask"} <= legal_strs(d)
    d.apply("meld 9C 9D 9H")
    moves = legal_strs(d)
    assert "add 5C" in moves and not any(m.startswith("discard") for m in moves)
    with pytest.raises(IllegalMove, match="never by a final discard"):
        d.apply("discard 5C")
    assert d.hand_sizes[0] == 1 and not d.over  # nothing changed
    d.apply("add 5C")
    assert d.over and d.out_seat == 0 and d.score()[0].breakdown["going_out"] == 100
    d = _in_foot("9C 9D 9H 5C", FIVES)  # the default (required): the 5 is discarded to go out, never melded
    d.apply("meld 9C 9D 9H")
    assert "discard 5C" in legal_strs(d) and "add 5C" not in legal_strs(d)
    d = _in_foot("9C 9D 9H 4C", CONTRACT, FORBIDDEN)  # the 4 has no meld: no going out this turn
    moves = legal_strs(d)
    assert "meld 9C 9D 9H" not in moves and "ask" not in moves and "discard 4C" in moves
    with pytest.raises(IllegalMove, match="never by a final discard"):
        d.apply("meld 9C 9D 9H")
    d = _in_foot("9C 9D 9H 4C", CONTRACT)
    assert {"meld 9C 9D 9H", "ask"} <= legal_strs(d)


def test_go_out_discard_forbidden_and_the_pile() -> None:
    """A take of the pile that leaves one card: under ``forbidden`` legal only where that card then melds him out
    (8 8 take the lone 8, the 5 joins the fives); a 4 left instead refuses the take. By default the last card is
    discarded to go out."""
    def at(hand: str, rules: Rules) -> Deal:
        return _position([hand, "5C 6S 6D", "6H 7C 7D", "7H 7S 8D"], packets=["", "", "", ""], pile="8H",
                         melds=[FIVES, []], phase="draw", opened=[True, False], rules=rules)

    d = at("8C 8D 5C", FORBIDDEN)
    d.apply("take 8C 8D")
    assert legal_strs(d) == {"add 5C"}
    d.apply("add 5C")
    assert d.over and d.out_seat == 0
    d = at("8C 8D 5C", HF)
    d.apply("take 8C 8D")
    assert legal_strs(d) == {"discard 5C"}
    assert legal_strs(at("8C 8D 4C", FORBIDDEN)) == {"draw"} and "take 8C 8D" in legal_strs(at("8C 8D 4C", HF))


def test_go_out_discard_forbidden_keeps_walking_to_the_foot() -> None:
    """Under ``forbidden`` a player whose foot waits still walks to it by discarding his last card (B.9), and with
    ``must_play_foot=false`` that discard is a walk, never a going out."""
    d = _down("9C", rules=FORBIDDEN)
    d.apply("discard 9C")
    assert d.packets[0] == [] and d.hand_sizes[0] == 11 and not d.over and d.turn == 1
    hands = ["9C 9D 9H 4C", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"]
    for rules, out in ((_hf(must_play_foot="false"), True),
                       (_hf(must_play_foot="false", go_out_discard="forbidden"), False)):
        d = _position(hands, melds=[CONTRACT, []], phase="play", drew=1, opened=[True, False], rules=rules)
        d.apply("meld 9C 9D 9H")
        d.apply("discard 4C")
        assert d.over is out and (d.out_seat == 0 if out else d.hand_sizes[0] == 11)
        d.check_invariants()


def test_go_out_discard_values() -> None:
    from canasta.cli.rules_cmd import option_table

    assert "go_out_discard = forbidden (sets going_out_needs_discard, going_out_by_melding)" in option_table(FORBIDDEN)
    assert "Going out only by melding every last card" in FORBIDDEN.describe()
    with pytest.raises(RulesError, match="go_out_discard takes required, optional, forbidden, not 'never'"):
        _hf(go_out_discard="never")
    with pytest.raises(RulesError, match="going_out_by_melding"):
        _hf(going_out_by_melding="true")  # with the preset's going_out_needs_discard


# -------------------------------------------------------------------------------------- B.10 all_partners_in_foot


def test_all_partners_in_foot() -> None:
    """``all_partners_in_foot`` [CH]: the contract met and seat 0 in his foot, his partner's foot still waiting: no
    going out (9 9 9 leaving the last card is refused, no "may I go out?"); once the partner has his foot, out."""
    rules = _hf(all_partners_in_foot="true")
    waiting = ["", "", "4H 5H 6H 8H 9H TH JH QH KH AH 4S", ""]
    d = _in_foot("9C 9D 9H 4C", CONTRACT, rules, packets=waiting)
    moves = legal_strs(d)
    assert "meld 9C 9D 9H" not in moves and "ask" not in moves and "discard 4C" in moves
    with pytest.raises(IllegalMove, match="every one of its players has picked up his foot"):
        d.apply("meld 9C 9D 9H")
    d = _in_foot("9C 9D 9H 4C", CONTRACT, packets=waiting)  # the default: his own foot is what counts
    assert {"meld 9C 9D 9H", "ask"} <= legal_strs(d)
    d = _in_foot("9C 9D 9H 4C", CONTRACT, rules)
    d.apply("meld 9C 9D 9H")
    d.apply("discard 4C")
    assert d.over and d.out_seat == 0
    assert "every one of its players has picked up his foot" in rules.describe()
    with pytest.raises(RulesError, match="all_partners_in_foot needs a foot"):
        Rules.parse("classic(all_partners_in_foot=true)")


# ------------------------------------------------------------------------------------------ B.8 the round minimum


def test_minimum_mode_by_score() -> None:
    """``minimum_mode=by_score`` [CH]: the minimum count by the side's cumulative score, 0 → 50, 2500 → 90,
    5000 → 120, 7500 → 150, whatever the deal's number; by default by the deal (50/90/120/150)."""
    rules = _hf(minimum_mode="by_score")
    assert rules.round_minimums == () and rules.min_meld_mode == "by_score"
    assert [rules.min_meld(s, 0) for s in (-300, 0, 2499, 2500, 5000, 7499, 7500, 20000)] == [
        50, 50, 50, 90, 120, 120, 150, 150]
    assert [rules.min_meld(0, k) for k in range(4)] == [50] * 4 and HF.min_meld(0, 3) == 150
    d = Deal(rules, seed=3, scores=[2600, 7600], deal_number=1)
    assert d.minimum == [90, 150]
    assert Deal(HF, seed=3, scores=[2600, 7600], deal_number=1).minimum == [90, 90]
    game = Game(rules, seed=2)
    assert game.new_deal().minimum == [50, 50]
    # side 0 at 5000 needs 120: A A A + K K K + Q Q Q (120) opens; without the queens (90) nothing is legal
    hands = ["KC KD KH QC QD QH AC AD AH 9S 4D", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"]
    d = _position(hands, phase="play", drew=1, scores=[5000, 0], rules=rules)
    assert d.minimum == [120, 50]
    d.apply("meld AC AD AH")
    d.apply("meld KC KD KH")
    d.apply("meld QC QD QH")
    assert d.opened[0]
    hands[0] = "KC KD KH AC AD AH 9S 4D"
    assert not any(m.startswith("meld") for m in legal_strs(_position(hands, phase="play", drew=1, scores=[5000, 0],
                                                                         rules=rules)))
    d = _position(hands, phase="play", drew=1, scores=[2500, 0], rules=rules)  # 90 from 2500
    d.apply("meld AC AD AH")
    d.apply("meld KC KD KH")
    assert d.opened[0]
    from canasta.cli.rules_cmd import option_table

    assert "minimum_mode = by_score (sets round_minimums, min_meld_table, min_meld_mode)" in option_table(rules)
    assert "minimum_mode = by_round" in option_table(HF)
    for bad, message in (("by_deal", "minimum_mode takes by_round or by_score"),):
        with pytest.raises(RulesError, match=message):
            _hf(minimum_mode=bad)
    with pytest.raises(RulesError, match="give one of them"):
        _hf(minimum_mode="by_score", round_minimums="50/90")
    with pytest.raises(RulesError, match="needs round_minimums"):
        Rules.parse("classic(minimum_mode=by_round)")
    classic = Rules.parse("classic(minimum_mode=by_score)")  # already by score: its own table
    assert classic.min_meld_table == Rules.parse("classic").min_meld_table
    table = _hf(minimum_mode="by_score", min_meld_table="15/0:50/3000:120")
    assert [table.min_meld(s) for s in (-5, 0, 3000)] == [15, 50, 120]


def test_book_bonus_counts_toward_minimum() -> None:
    """``book_bonus_counts_toward_minimum`` [JC]: round 4 (minimum 150), a clean book of fives (35 points) made in
    the initial meld opens by its bonus of 500, its first three fives too (the book stays reachable); by
    default both are refused."""
    rules = _hf(book_bonus_counts_toward_minimum="true")
    hands = ["5C 5D 5H 5S 5C 5D 5H 9S 4D", "5S 6S 6D", "6H 7C 7D", "7H 7S 8D"]
    d = _position(hands, phase="play", drew=1, minimums=[150, 150])
    assert not any(m.startswith("meld") for m in legal_strs(d))
    d = _position(hands, phase="play", drew=1, minimums=[150, 150], rules=rules)
    moves = legal_strs(d)
    assert {"meld 5C 5C 5D", "meld 5C 5C 5D 5D 5H 5H 5S"} <= moves
    d.apply("meld 5C 5C 5D")
    assert not d.opened[0] and not any(m.startswith("discard") for m in legal_strs(d))
    d.apply("add 5D 5H 5H 5S")
    assert d.opened[0] and d.canastas[0] == 1
    d.apply("discard 4D")
    d.check_invariants()
    assert "counts its bonus toward the minimum" in rules.describe()
    with pytest.raises(RulesError, match="at most a book's bonus"):
        _hf(book_bonus_counts_toward_minimum="true", round_minimums="50/400")
    with pytest.raises(RulesError, match="book_bonus_counts_toward_minimum takes true or false"):
        _hf(book_bonus_counts_toward_minimum="maybe")


def test_book_bonus_counts_toward_minimum_after_a_take() -> None:
    """A natural pair of fives takes a 5 topped pile for a side not down (minimum 150) where four more fives in the
    hand complete the book with it (B.5, B.8 [JC]); by default the take is refused (35 points)."""
    rules = _hf(book_bonus_counts_toward_minimum="true")
    hands = ["5C 5D 5H 5S 5C 5D 9S 4D", "5S 6S 6D", "6H 7C 7D", "7H 7S 8D"]
    pile = "KH KS KD 8C 5H"
    d = _position(hands, pile=pile, minimums=[150, 150])
    assert not any(m.startswith("take") for m in legal_strs(d))
    d = _position(hands, pile=pile, minimums=[150, 150], rules=rules)
    assert "take 5C 5C" in legal_strs(d)
    d.apply("take 5C 5C")
    d.apply("add 5D 5D 5H 5S")
    assert d.opened[0] and d.canastas[0] == 1
    d.check_invariants()


# ----------------------------------------------------------------------------------------------- B.11 the stock


def _stock_of_two(rules: Rules) -> Deal:
    """The deal of seed 5 with every stock card but the top two moved under the pile."""
    parts = position_parts(Deal(rules, dealer=3, seed=5))
    stock, pile = parts["stock"], parts["pile"]
    parts["pile"] = stock[:-2] + pile
    parts["stock"] = stock[-2:]
    return Deal.from_position(rules, **parts)


def test_stock_exhausted_reshuffle() -> None:
    """``stock_exhausted=reshuffle`` [GS, JC]: the player who drew the last two cards discards; the next player
    finds a new stock, the pile below its top card shuffled by the deal's generator (the same for the same seed),
    the top card left alone. By default (``end``) the deal ends there with nobody out."""
    d = _stock_of_two(HF)
    d.apply("draw")
    d.apply(sorted(m for m in legal_strs(d) if m.startswith("discard"))[0])
    assert d.over and d.out_seat == -1
    rules = _hf(stock_exhausted="reshuffle")
    assert rules.stock_end == "reshuffle_below_top"
    runs = []
    for _ in range(2):
        d = _stock_of_two(rules)
        seat = d.turn
        d.apply("draw")
        discard = sorted(m for m in legal_strs(d) if m.startswith("discard"))[0]
        below = d.pile_size
        d.apply(discard)
        assert not d.over and d.turn == (seat + 1) % 4
        assert d.pile == parse_cards(discard.split()[1]) and len(d.stock) == below
        d.check_invariants()
        runs.append(list(d.stock))
        d.apply("draw")
        d.check_invariants()
    assert runs[0] == runs[1]
    from canasta.cli.rules_cmd import option_table

    assert "stock_exhausted = reshuffle (sets stock_end)" in option_table(rules)
    assert "stock_exhausted = end" in option_table(HF)
    assert "below its top card is shuffled into a new stock" in rules.describe()
    with pytest.raises(RulesError, match="stock_exhausted takes end or reshuffle"):
        _hf(stock_exhausted="shuffle")


# ------------------------------------------------------------------------------------------ B.2, B.6 card values


def test_ace_value_15() -> None:
    """``ace_value=15`` [JC]: an ace counts 15 in melds, hands and the minimum count: A A A (45) no longer opens a
    first deal (minimum 50) as it does at 20 (60)."""
    rules = _hf(ace_value="15")
    aces = parse_cards("AC AD AH")
    assert meld_points(rules, aces) == 45 and meld_points(HF, aces) == 60
    assert rules.card_values[:48] == HF.card_values[:48] and rules.card_values[52] == 50
    hands = ["AC AD AH 9S 4D", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"]
    assert "meld AC AD AH" in legal_strs(_position(hands, phase="play", drew=1))
    assert "meld AC AD AH" not in legal_strs(_position(hands, phase="play", drew=1, rules=rules))
    d = _in_foot("9C 9D 9H AS", CONTRACT, rules)
    d.apply("meld 9C 9D 9H")
    d.apply("discard AS")
    assert d.over
    assert Rules.parse("hand-and-foot(card_values=alternate,ace_value=15)").card_values[48] == 15
    from canasta.cli.rules_cmd import option_table

    assert "ace_value = 15 (sets card_values)" in option_table(rules) and "ace_value = 20" in option_table(HF)
    for bad in ("x", "-5", "2000"):
        with pytest.raises(RulesError, match="ace_value"):
            _hf(ace_value=bad)


def test_special_book_bonuses_landoware() -> None:
    """``special_book_bonuses=landoware`` [landoware]: a wild book 2,500 and a clean book of sevens 1,500 (wild books
    need ``wild_melds``)."""
    rules = _hf(special_book_bonuses="landoware", wild_melds="true")
    wild_only = _hf(wild_melds="true")
    wild = parse_cards("2C 2D 2H 2S JK JK 2C")
    sevens = parse_cards("7H 7S 7D 7C 7H 7S 7D")
    kings = parse_cards("KH KS KD KC KH KS 2D")
    assert meld_points(rules, wild) == 2500 + 6 * 20 + 2 * 50 - 20
    assert meld_points(wild_only, wild) == wild_only.wild_canasta_bonus + 6 * 20 + 2 * 50 - 20
    assert meld_points(rules, sevens) == 1500 + 35 and meld_points(rules, kings) == 300 + 60 + 20
    assert "a wild book scores 2500" in rules.describe()
    with pytest.raises(RulesError, match="needs wild books"):
        _hf(special_book_bonuses="landoware")


# ------------------------------------------------------------------------------------------------------ oracles

GOING_OUT_OPTIONS = ("go_out_discard=forbidden", "all_partners_in_foot=true", "ace_value=15",
                     "go_out_discard=forbidden,must_play_foot=false", "stock_exhausted=reshuffle")
OPENING_OPTIONS = ("book_bonus_counts_toward_minimum=true", "minimum_mode=by_score", "ace_value=15",
                   "go_out_discard=forbidden")


@pytest.mark.parametrize("options", GOING_OUT_OPTIONS)
def test_going_out_oracle_agrees_with_the_options(options: str) -> None:
    """The exhaustive going-out oracle (tests/oracles) agrees on seeded positions of the preset with each option."""
    from oracles.compare import compare_position
    from oracles.positions import positions

    stats: dict[str, int] = {}
    problems = [p for d in positions(f"hand-and-foot({options})", 30, seed=3) for p in compare_position(d, stats)]
    assert not problems, problems[:3]
    assert stats.get("skipped", 0) == 0 and stats["positions"] == 30


@pytest.mark.parametrize("options", GOING_OUT_OPTIONS)
def test_going_out_oracle_agrees_in_the_foot_with_the_options(options: str) -> None:
    """The oracle where going out matters: the player in his foot, a hand of at most 8 cards (eager random games)."""
    problems, stats, checked = in_foot_oracle(Rules.parse(f"hand-and-foot({options})"), 30, 80)
    assert not problems, problems[:3]
    assert checked >= 50 and stats.get("skipped", 0) == 0


@pytest.mark.parametrize("options", OPENING_OPTIONS)
@pytest.mark.parametrize("scored", [False, True])
def test_initial_meld_oracle_agrees_with_the_options(options: str, scored: bool) -> None:
    from oracles.compare import compare_opening
    from oracles.positions import first_turns

    stats: dict[str, int] = {}
    problems = [p for d in first_turns(f"hand-and-foot({options})", 15, seed=7, scored=scored)
                for p in compare_opening(d, stats)]
    assert problems == []


# ------------------------------------------------------------ oracles on positions built for the options (seeded)

_POOL = ("5C", "5D", "8C", "8D", "9C", "9D", "9H", "9S", "4C", "4D", "6C", "6D", "6H", "2C", "JK", "7C", "3S", "AC",
         "AD", "AH")
"""Cards a hand of the going-out positions is drawn from: ranks of the open melds (5, 8), of a new meld (9, A), cards
no meld takes (4, 6, 7, a black three) and wild cards."""


def _going_out_positions(rules: Rules, count: int, seed: int) -> list[Deal]:
    """Seat 0 in his foot, his side holding the contract and open melds of fives and eights, a hand of 2 to 7 cards
    of :data:`_POOL`; his partner's foot still waiting in one position of three."""
    import random

    rng = random.Random(seed)
    melds = [*FIVES, (RANK["8"], "8H 8S 8D 2H")]
    out = []
    for _ in range(count):
        hand = " ".join(rng.choice(_POOL) for _ in range(rng.randint(2, 7)))
        packets = ["", "", "4H 5H 6H 8H 9H TH JH QH KH AH 4S" if rng.random() < 1 / 3 else "", ""]
        out.append(_in_foot(hand, melds, rules, packets=packets))
    return out


@pytest.mark.parametrize("options", GOING_OUT_OPTIONS)
def test_going_out_oracle_agrees_with_the_contract_met(options: str) -> None:
    """The going-out oracle on positions where going out is often possible (the contract met, the player in his
    foot): the fast answers ("may I go out?" offered, ``can_go_out_now``, a yes that never strands) agree."""
    from oracles.compare import compare_position

    stats: dict[str, int] = {}
    problems = [p for d in _going_out_positions(Rules.parse(f"hand-and-foot({options})"), 120, seed=11)
                for p in compare_position(d, stats)]
    assert not problems, problems[:3]
    assert stats.get("skipped", 0) == 0 and stats["positions"] == 120 and 5 <= stats.get("out", 0) <= 110


def _opening_positions(rules: Rules, count: int, seed: int) -> list[Deal]:
    """Seat 0 of a side not down, after his draw: a hand of 8 to 11 cards, 3 to 6 of one rank, 2 or 3 of another,
    up to 2 wild cards, the rest filler; the minimum 50, 90, 120 or 150 (the side's score 0, 2500, 5000 or 7500
    where ``minimum_mode=by_score``). His foot waits for him and holds nothing to meld (ten black threes and a 4):
    the oracle, which sees the foot, would else run to it and meld its cards toward the minimum, which the engine
    does not count on (the foot is unseen until taken)."""
    import random

    rng = random.Random(seed)
    suits = "CDHS"
    out = []
    for _ in range(count):
        a, b = rng.sample(("5", "6", "8", "9", "T", "K", "A"), 2)
        cards = [a + rng.choice(suits) for _ in range(rng.randint(3, 6))]
        cards += [b + rng.choice(suits) for _ in range(rng.randint(2, 3))]
        cards += [rng.choice(("2C", "2D", "JK")) for _ in range(rng.randint(0, 2))]
        while len(cards) < rng.randint(8, 11):
            cards.append(rng.choice(("4C", "7D", "QH", "JS")))
        k = rng.randrange(4)
        parts: dict[str, object] = ({"scores": [2500 * k, 0]} if not rules.round_minimums
                                    else {"minimums": [rules.round_minimums[k]] * 2})
        out.append(_position([" ".join(cards), "5H 6S 6D", "6H 7C 7D", "7H 7S 8D"], phase="play", drew=1,
                             packets=["3C 3S 3C 3S 3C 3S 3C 3S 3C 3S 4H", "", "", ""], rules=rules, **parts))
    return out


@pytest.mark.parametrize("options", OPENING_OPTIONS)
def test_initial_meld_oracle_agrees_on_hands_near_a_book(options: str) -> None:
    """The initial-meld oracle on hands near a book (up to 6 of a rank, wild cards) at every round's minimum: a meld
    is offered exactly when the minimum (or, with ``book_bonus_counts_toward_minimum``, a book) is reachable."""
    from oracles.compare import compare_opening

    stats: dict[str, int] = {}
    problems = [p for d in _opening_positions(Rules.parse(f"hand-and-foot({options})"), 60, seed=5)
                for p in compare_opening(d, stats)]
    assert problems == [], problems[:3]
    assert stats.get("open_checked", 0) >= 50


# ------------------------------------------------------------------------------------------------------- the bots

BOT_OPTIONS = ("go_out_discard=forbidden", "all_partners_in_foot=true", "minimum_mode=by_score",
               "book_bonus_counts_toward_minimum=true", "stock_exhausted=reshuffle", "ace_value=15",
               "special_book_bonuses=landoware,wild_melds=true")


@pytest.mark.parametrize("options", BOT_OPTIONS)
def test_bots_play_whole_deals_with_the_option(options: str) -> None:
    """The rule-of-thumb players (heuristic against hard) play seeded deals to their end with each option, the
    engine's invariants (every card once, counts, melds) checked after every move; with ``stock_exhausted=reshuffle``
    the stock is reshuffled in them."""
    from canasta.agents.base import make_agent
    from canasta.play.match import play_deal

    rules = Rules.parse(f"hand-and-foot({options})")
    reshuffles = 0
    for seed in (0, 5, 8):  # 5 and 8: the stock runs out (3 reshuffles in 5, then the deal ends; 1 in 8)
        game = Game(rules, seed=seed)
        game.new_deal()
        deal = play_deal(game, [make_agent(("heuristic", "hard")[seat % 2], 100 + seat) for seat in range(4)],
                         check=True)
        assert deal.over
        reshuffles += deal.reshuffles
        game.finish_deal()
    assert (reshuffles > 0) == (rules.stock_end == "reshuffle_below_top")


@pytest.mark.parametrize("options", ["stock_exhausted=reshuffle,go_out_discard=forbidden,ace_value=15",
                                     "minimum_mode=by_score,all_partners_in_foot=true,"
                                     "book_bonus_counts_toward_minimum=true"])
def test_a_recorded_game_with_the_options_replays(options: str) -> None:
    """A whole game of heuristic players with the options, recorded and replayed: the same totals (the reshuffles
    drawn from the deal's seeded generator replay as they fell)."""
    from canasta.agents.registry import make_agent
    from canasta.formats.records import record_from_game, replay_record
    from canasta.play.match import play_deal

    game = Game(Rules.parse(f"hand-and-foot({options})"), seed=5)
    reshuffles = 0
    while not game.over:
        game.new_deal()
        reshuffles += play_deal(game, [make_agent("heuristic", 120 + s) for s in range(4)]).reshuffles
        game.finish_deal()
    seats = [{"name": f"Bot {i + 1}", "kind": "bot", "bot": "heuristic"} for i in range(4)]
    res = replay_record(record_from_game(game, seats))
    assert res.totals == game.totals and res.winner == game.winner
    assert reshuffles > 0 or "reshuffle" not in options


# ------------------------------------------------------------------------- a book of the contract still missing

_SHORT_POOL = ("2C", "JK", "2D", "8C", "8D", "8H", "9C", "9D", "9H", "AC", "AD", "4C", "5C", "5D")
"""Cards of the positions a book short of the contract: wild cards, ranks of open melds (5, 8), of a new meld (9, A)
and a card no meld takes (4)."""


def _book_short(count: int, seed: int) -> list[Deal]:
    """Seat 0 in his foot, his side down with 2 clean books and 1 dirty one (a dirty book short of the contract,
    B.10) and open melds of fives and eights, a hand of 3 to 8 cards of :data:`_SHORT_POOL` (the exact search's
    range, ``SEARCH_CARDS``)."""

    rng = random.Random(seed)
    melds = [c for c in CONTRACT if c[0] != RANK["T"]] + [(RANK["5"], "5H 5S 5D"), (RANK["8"], "8H 8S 8D 2H")]
    out = []
    for _ in range(count):
        hand: list[str] = []
        size = rng.randint(3, 8)
        while len(hand) < size:
            card = rng.choice(_SHORT_POOL)
            if hand.count(card) < 3:
                hand.append(card)
        out.append(_position([" ".join(hand), "5C 6S 6D", "6H 7C 7D", "7H 7S 4D"], packets=["", "", "", ""],
                             melds=[melds, []], phase="play", drew=2, opened=[True, False]))
    return out


def test_may_i_go_out_where_this_turn_completes_the_contract() -> None:
    """A dirty book short of the contract, the hand completes it and goes out this turn: "may I go out?" is offered
    (it was not: the contract's missing kind made the rank plans say never), and after the partner's yes the moves
    that still go out are offered, among them the book's completion."""

    melds = [c for c in CONTRACT if c[0] != RANK["T"]] + [(RANK["8"], "8H 8S 8D 2H")]
    d = _position(["8C 8C JK 9D", "5C 6S 6D", "6H 7C 7D", "7H 7S 4D"], packets=["", "", "", ""], melds=[melds, []],
                  phase="play", drew=2, opened=[True, False])
    assert can_go_out_now(d) and "ask" in legal_strs(d)
    d.apply(Move.parse("ask"))
    d.apply(Move.parse("yes"))
    assert "add 8C 8C JK" in legal_strs(d) and not any(m.startswith("discard") for m in legal_strs(d))
    d.apply(Move.parse("add 8C 8C JK"))
    d.apply(Move.parse("discard 9D"))
    assert d.over and d.out_seat == 0


def test_going_out_oracle_agrees_a_book_short_of_the_contract() -> None:
    """The exhaustive going-out oracle agrees with the engine on hands in the foot a dirty book short of the
    contract (the default rules): going out there needs this turn's melds to complete it."""
    from oracles.compare import compare_position

    stats: dict[str, int] = {}
    problems = [p for d in _book_short(120, 21) for p in compare_position(d, stats)]
    assert not problems, problems[:3]
    assert stats.get("skipped", 0) == 0 and stats["positions"] == 120 and stats.get("out", 0) >= 5


@pytest.mark.parametrize("sizes", [(3, 8), (9, 11)])
def test_going_out_oracle_agrees_with_a_second_meld_beside_a_book(sizes: tuple[int, int]) -> None:
    """The oracle on hands in the foot with the contract met, drawn from cards of the side's open melds and many wild
    cards: going out may need a second meld of a rank beside its book (B.6). Hands of at most 8 cards are answered
    by the exact search (``several_melds_per_rank``); longer ones by the rank plans, which fill an open meld to a
    book and meld the rank's other naturals beside it (``meld_plans._split_meldable``; they missed it before)."""
    from oracles.compare import compare_position

    rng = random.Random(5)
    melds = [*CONTRACT, (RANK["5"], "5H 5S 5D"), (RANK["8"], "8H 8S 8D 2H")]
    stats: dict[str, int] = {}
    problems: list[str] = []
    for _ in range(100):
        hand: list[str] = []
        size = rng.randint(*sizes)
        while len(hand) < size:
            card = rng.choice(_SHORT_POOL)
            if hand.count(card) < 3:
                hand.append(card)
        d = _position([" ".join(hand), "5C 6S 6D", "6H 7C 7D", "7H 7S 4D"], packets=["", "", "", ""],
                      melds=[melds, []], phase="play", drew=2, opened=[True, False])
        problems += compare_position(d, stats)
    assert not problems, problems[:3]
    assert stats.get("out", 0) >= 20
