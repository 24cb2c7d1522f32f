"""What the terminal, the protocol state and the view facts show of Modern American Canasta and Hand and Foot
(RULES_AMERICAN.md A.2 turn card and talons, A.6 dead ranks, A.8 canastas by kind, B.6 and B.10 clean and dirty
books, B.8 the round's minimum, B.9 the foot): canasta.engine.view_facts, canasta.cli.display_american,
canasta.web.protocol.american_dict."""

from __future__ import annotations

import io

from rich.console import Console, RenderableType

from american_tables import HF, hf_in_foot, mac_opened
from canasta.cli.display import TableInfo, render_table, seat_names
from canasta.engine.deal import Deal
from canasta.engine.view_facts import (
    canasta_counts,
    dead_ranks,
    feet_waiting,
    round_minimum,
    talons_waiting,
    turn_card,
)
from canasta.rules.fields import Rules
from canasta.web.protocol import view_dict


def text_of(renderable: RenderableType, width: int = 100) -> str:
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None, highlight=False).print(renderable)
    return buf.getvalue()


def screen(deal: Deal, seat: int, deal_number: int = 1, compact: bool = False, width: int = 100) -> str:
    info = TableInfo(seat_names(deal.rules, seat), seat, deal_number)
    return text_of(render_table(deal.view(seat), info, compact=compact), width)


# ------------------------------------------------------------------ facts

def test_mac_turn_card_talons_and_dead_ranks() -> None:
    d = mac_opened()
    v = d.view(1)
    card = turn_card(v)
    assert card is not None and card.from_bottom == 9 and not card.drawn
    assert card.above == v.stock_size - 9 == 42
    assert card.talons == (0, 3)  # side 0 has opened; side 1 would earn 3, the second side to open (A.2)
    assert talons_waiting(v) == (4, 0, 0, 0)  # seat 0's talon waits face down for his next turn
    assert dead_ranks(v) == ("K",)  # the canasta of kings is closed (A.6); three aces are not a canasta
    assert canasta_counts(v, 0) == {"natural": 1, "mixed": 0, "wild": 0, "sevens": 0, "aces": 0}
    assert feet_waiting(v) == () and round_minimum(d.rules, 2) is None


def test_mac_turn_card_drawn_earns_no_talon() -> None:
    d = mac_opened()
    del d.stock[:len(d.stock) - 8]  # eight cards left: the turn card has been drawn (a view only reads the size)
    card = turn_card(d.view(1))
    assert card is not None and card.drawn and card.above == 0 and card.talons == (0, 0)


def test_hand_and_foot_feet_books_and_round_minimum() -> None:
    d = hf_in_foot()
    v = d.view(0)
    assert feet_waiting(v) == (0, 11, 11, 11)  # seat 0 has picked his foot up (B.9)
    assert canasta_counts(v, 0) == {"natural": 1, "mixed": 1, "wild": 0}  # a clean and a dirty book
    assert canasta_counts(v, 1) == {"natural": 0, "mixed": 0, "wild": 0}
    assert turn_card(v) is None and talons_waiting(v) == () and dead_ranks(v) == ()
    assert [round_minimum(HF, n) for n in (1, 2, 3, 4)] == [(1, 4, 50), (2, 4, 90), (3, 4, 120), (4, 4, 150)]


def test_other_variants_show_none_of_it() -> None:
    v = Deal(Rules.preset("classic"), seed=1).view(0)
    assert (turn_card(v), talons_waiting(v), feet_waiting(v), dead_ranks(v)) == (None, (), (), ())
    assert round_minimum(v.rules, 1) is None


# ------------------------------------------------------------------ terminal

def test_terminal_shows_the_turn_card_talon_dead_ranks_and_kinds() -> None:
    for compact in (False, True):
        text = screen(mac_opened(), 1, compact=compact, width=100 if not compact else 80)
        assert "TURN CARD: 42 cards above it (9th from the bottom); talon for opening now: 3" in text
        assert "DEAD: K" in text
        assert "+4 talon" in text
        assert "canastas: 1 natural" in text and "canastas: 1 natural," not in text  # kinds it has only
        assert text.count("canastas: ") == 1  # the side with no canasta has no line of kinds
        assert "game to 8500" in text


def test_terminal_says_when_the_turn_card_is_drawn() -> None:
    d = mac_opened()
    del d.stock[:len(d.stock) - 8]
    assert "TURN CARD: drawn; no talon any more" in screen(d, 1)


def test_terminal_shows_the_feet_books_and_round_minimum() -> None:
    for compact in (False, True):
        text = screen(hf_in_foot(), 0, deal_number=2, compact=compact, width=100 if not compact else 80)
        assert "round 2 of 4, minimum 90" in text
        assert "in foot" in text and "+11 foot" in text
        assert "books to go out: clean 1 of 2, dirty 1 of 2" in text  # the contract (B.10)
        assert "books to go out: clean 0 of 2, dirty 0 of 2" in text
        assert "TURN CARD" not in text and "DEAD" not in text


def test_terminal_says_when_the_contract_is_met() -> None:
    text = screen(hf_in_foot(contract=True), 0)
    assert "books clean 2 of 2, dirty 2 of 2: may go out (from the foot)" in text


def test_terminal_of_classic_is_unchanged_by_them() -> None:
    text = screen(Deal(Rules.preset("classic"), seed=1), 0)
    assert not any(w in text for w in ("TURN CARD", "DEAD", "talon", "foot", "books:", "canastas: ", "round "))


# ------------------------------------------------------------------ protocol state

def test_state_carries_the_turn_card_talons_dead_ranks_and_kinds() -> None:
    out = view_dict(mac_opened().view(1))
    assert out["turn_card"] == {"from_bottom": 9, "above": 42, "drawn": False, "talons": [0, 3]}
    assert out["talons"] == [4, 0, 0, 0] and out["feet"] == []
    assert out["dead_ranks"] == ["K"]
    assert out["canasta_kinds"][0] == {"natural": 1, "mixed": 0, "wild": 0, "sevens": 0, "aces": 0}


def test_state_carries_the_feet_and_books() -> None:
    out = view_dict(hf_in_foot().view(0))
    assert out["feet"] == [0, 11, 11, 11] and out["talons"] == [] and out["turn_card"] is None
    assert out["canasta_kinds"] == [{"natural": 1, "mixed": 1, "wild": 0}, {"natural": 0, "mixed": 0, "wild": 0}]
    assert out["dead_ranks"] == []


def test_state_of_classic_has_the_fields_empty() -> None:
    out = view_dict(Deal(Rules.preset("classic"), seed=1).view(0))
    assert (out["turn_card"], out["talons"], out["feet"], out["dead_ranks"], out["canasta_kinds"]) == (
        None, [], [], [], [])


def test_totals_give_the_next_rounds_minimum_and_the_games_length() -> None:
    from canasta.cli.display import render_deal_scores, render_totals
    from canasta.scoring.sides import SideScore

    text = text_of(render_totals(HF, ("A", "B"), (2080, 345), 1))
    assert "a game of 4" in text and "game to" not in text
    assert text.count(" 90") == 2  # the second round's minimum for both sides (B.8), whatever their totals
    scores = [SideScore(2080, {"canastas": 1600}), SideScore(345, {"canastas": 800})]
    assert "90" in text_of(render_deal_scores(("A", "B"), scores, (2080, 345), HF, 1)).split("Next initial meld")[1]
    assert "game to" in text_of(render_totals(Rules.preset("classic"), ("A", "B"), (0, 0), 1))


def test_terminal_breakdown_shows_the_exact_cut() -> None:
    """``exact_cut_bonus=100`` (B.3): the deal's score in the terminal has its "Exact cut" row (100 and 200), and
    the score pad's "Other" column counts it, so that each row adds up to the deal's score; without the option
    no such row."""
    from canasta.cards.deck import parse_cards
    from canasta.cli.display import render_deal_scores
    from canasta.cli.session_history import render_score_history
    from canasta.engine.game import DealLog
    from canasta.scoring.deal_score import score_deal
    from canasta.scoring.sides import SideResult

    rules = Rules.parse("hand-and-foot(exact_cut_bonus=100)")
    books = [parse_cards(b) for b in ("KH KS KD KC KH KS KD", "8H 8S 8D 8C 8H 8S 8D", "QH QS QD QC QH QS 2C",
                                      "JH JS JD JC JH 2S 2D")]
    scored = score_deal(rules, {"A": SideResult(melds=books, went_out=True, exact_cuts=1),
                                "B": SideResult(melds=[parse_cards("5H 5S 5D")], exact_cuts=2)})
    scores = [scored["A"], scored["B"]]
    rows = text_of(render_deal_scores(("A", "B"), scores, [s.total for s in scores], rules, 1)).splitlines()
    assert [line.split() for line in rows if "Exact cut" in line] == [["│", "Exact", "cut", "│", "100", "│", "200",
                                                                        "│"]]
    log = DealLog(dealer=0, seed=0, deck=[], scores=[s.total for s in scores],
                  breakdowns=[dict(s.breakdown) for s in scores])
    pad = text_of(render_score_history(("A", "B"), [log], 5000)).splitlines()
    assert "Other" in next(line for line in pad if "Canastas" in line)
    rows = [line.split()[-8:] for line in pad if line.split()[:2] in (["1", "A"], ["B"]) or line.split()[:1] == ["B"]]
    for cells, side in zip(rows, scores, strict=True):  # canastas, red 3s, out, melds, hand, other, deal, game
        numbers = [int(c) for c in cells]
        assert numbers[5] == side.breakdown["exact_cut"]
        assert numbers[6] == side.total == sum(numbers[:6]), (cells, side)
    plain = score_deal(HF, {"A": SideResult(melds=books, went_out=True), "B": SideResult()})
    table = text_of(render_deal_scores(("A", "B"), [plain["A"], plain["B"]], (0, 0), HF, 1))
    assert "Exact cut" not in table


def test_a_game_of_deals_says_how_many_deals_are_left() -> None:
    """`canasta score` and `canasta replay` end an unfinished game with where it goes: Hand and Foot's game is four
    deals (B.13), not a target score (it said "the game goes on to 5000")."""
    from canasta.cli.display_american import game_goes_on

    assert game_goes_on(Rules.preset("hand-and-foot"), 1) == "No winner yet: 1 of 4 deals played, 3 to go."
    assert game_goes_on(Rules.preset("classic"), 3) == "No winner yet: the game goes on to 5000."


def test_the_threes_column_of_mac_names_black_threes_too() -> None:
    """Where threes go by colour (A.3, A.12) the scoring threes are red and black: the terminal's deal score and
    its score pad say "threes", not "red threes", and the pad's column holds the points of both colours (before,
    it showed 0 and the row did not add up to the deal); classic and the tile game keep their names."""
    from canasta.cards.deck import parse_cards
    from canasta.cli.display import render_deal_scores
    from canasta.cli.session_history import render_score_history
    from canasta.engine.game import DealLog
    from canasta.rules.describe import red_threes_label
    from canasta.scoring.deal_score import score_deal
    from canasta.scoring.sides import SideResult

    mac = Rules.preset("modern-american")
    melds = [parse_cards("KH KS KD KC KH KS KD"), parse_cards("8H 8S 8D 8C 8H 8S 8D")]
    scored = score_deal(mac, {"A": SideResult(melds=melds, went_out=True, red_threes=parse_cards("3H"),
                                              black_threes=parse_cards("3S")),
                              "B": SideResult(melds=[parse_cards("5H 5S 5D")])})
    scores = [scored["A"], scored["B"]]
    table = text_of(render_deal_scores(("A", "B"), scores, [s.total for s in scores], mac, 1))
    assert "Threes (red, black)" in table and "Red threes" not in table
    log = DealLog(dealer=0, seed=0, deck=[], scores=[s.total for s in scores],
                  breakdowns=[dict(s.breakdown) for s in scores])
    head = next(line for line in text_of(render_score_history(("A", "B"), [log], 5000,
                                                              red_threes_label(mac, short=True))).splitlines()
                if "Canastas" in line)
    assert head.split()[:5] == ["#", "Side", "Canastas", "3s", "Out"]
    assert scores[0].breakdown["threes"] == 200  # one red and one black three laid out (A.12: 100 each)
    pad = text_of(render_score_history(("A", "B"), [log], 5000, "3s")).splitlines()
    row = next(line.split() for line in pad if line.split()[:2] == ["1", "A"])
    assert int(row[3]) == 200 and int(row[-2]) == scores[0].total == sum(int(c) for c in row[2:-2]), row
    assert [red_threes_label(Rules.preset(p), short=True) for p in ("classic", "romanian-tiles")] == ["Red 3s",
                                                                                                     "R&Y 3s"]
