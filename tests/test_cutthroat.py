"""Cutthroat Canasta, ``classic(players=3,cutthroat=true)`` (RULES.md §3.1, docs/variants/cutthroat.md).

``make_deal`` puts the dealer before seat 0, so ``hands[k]`` is seat k and seat 0 plays first.
Every player draws two cards; the first to take the pile becomes the lone hand and the two others
one partnership (melds combined); each partner scores the partnership's result and his own red threes.
"""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from canasta.agents import make_agent
from canasta.cli.main import app
from canasta.engine.deal import Deal, IllegalMove
from canasta.formats.records import record_from_game, replay_record
from canasta.formats.score_sheet import OPTIONAL_SIDE_FIELDS, ScoreSheetError, parse_sheet, score_sheet
from canasta.play.match import play_game
from canasta.rules.fields import Rules, RulesError
from canasta.scoring.deal_score import score_deal
from canasta.scoring.errors import ScoringError
from canasta.scoring.sides import SideResult
from helpers import cards, check_melds, hand, make_deal, play, whole_games

VARIANT = "classic(players=3,cutthroat=true)"
CT = Rules.parse(VARIANT)
RUNNER = CliRunner()

# seat 0 opens with kings and queens, seat 2 with kings and aces, then seat 1 takes the pile with jacks
H0 = "KH KS KD QH QS QD 5C 6C 7C 8C 9C TC JC"
H1 = "JH JS AC AC AD 5D 6D 7D 8D 9D TD 4D 4C"
H2 = "KC KC 2C AH AH AS 5H 6H 7H 8H 9H TH 4H"


def _alliance_deal() -> Deal:
    d = make_deal(CT, [H0, H1, H2], upcard="7S", stock="4S 5S 6S 9S 8S 4S 5S 6S QC KD")
    play(d, "draw", "meld KH KS KD", "meld QH QS QD", "discard 5C",      # seat 0 opens alone
         "draw", "discard 5D",                                            # seat 1
         "draw", "meld KC KC 2C", "meld AH AH AS", "discard 5H",          # seat 2 opens alone
         "draw", "discard JC")                                            # seat 0
    return d


def test_rules_of_cutthroat() -> None:
    assert (CT.players, CT.teams, CT.hand_size, CT.draw, CT.canastas_to_go_out, CT.target) == (3, 3, 13, 2, 2, 7500)
    assert CT.cutthroat and CT.stock_end == "end" and CT.team_size == 1
    assert Rules.parse(CT.spec()) == CT and CT.spec() == VARIANT
    basic = Rules.parse("classic(players=3)")
    assert not basic.cutthroat and basic.draw == 1 and basic.canastas_to_go_out == 1
    with pytest.raises(RulesError, match="cutthroat is the 3-player game"):
        Rules.parse("classic(cutthroat=true)")
    with pytest.raises(RulesError, match="true or false"):
        Rules.parse("classic(players=3,cutthroat=maybe)")


def test_rules_command_describes_cutthroat() -> None:
    out = RUNNER.invoke(app, ["rules", "--variant", VARIANT])
    assert out.exit_code == 0, out.output
    assert "lone" in out.output and "draw 2 cards" in out.output and "needs 2 canastas" in out.output


def test_each_player_melds_alone_until_the_pile_is_taken() -> None:
    d = _alliance_deal()
    assert d.lone == -1 and d.side_of == (0, 1, 2)
    assert [m.target for m in d.melds[0]] == [11, 10] and [m.target for m in d.melds[2]] == [11, 12]
    assert d.view(1).lone_hand == -1


def test_first_to_take_the_pile_is_the_lone_hand_and_the_others_combine_their_melds() -> None:
    d = _alliance_deal()
    play(d, "take JH JS", "meld AC AC AD")
    assert d.lone == 1 and d.side_of == (0, 1, 0) and d.home == (0, 1, 2)
    kings = d.melds[0][d.meld_index[0][11]]
    assert sorted(kings.cards) == sorted(cards("KH KS KD KC KC 2C")) and (kings.nat, kings.wild) == (5, 1)
    assert sorted(m.target for m in d.melds[0]) == [10, 11, 12] and d.melds[2] == []
    assert d.opened[0] and not d.opened[2]
    for seat in range(3):  # everyone sees who the lone hand is and the sides
        v = d.view(seat)
        assert v.lone_hand == 1 and v.sides == (0, 1, 0) and v.side == (1 if seat == 1 else 0)
    d.check_invariants()
    check_melds(d)


def test_partners_play_on_the_combined_melds() -> None:
    d = _alliance_deal()
    play(d, "take JH JS", "meld AC AC AD", "discard 4C")
    assert d.turn == 2
    play(d, "draw")  # QC KD
    # seat 2 adds to the queens seat 0 laid down and to the combined kings: the partnership's melds
    play(d, "add QC", "add KD")
    kings = d.melds[0][d.meld_index[0][11]]
    assert kings.size == 7 and kings.is_canasta and d.canastas == [1, 0, 0]
    assert len(d.melds[0][d.meld_index[0][10]].cards) == 4 and cards("QC")[0] not in hand(d, 2)


def test_no_asking_to_go_out_between_temporary_partners() -> None:
    d = _alliance_deal()
    play(d, "take JH JS", "meld AC AC AD", "discard 4C", "draw")
    assert "ask" not in {str(m) for m in d.legal_moves()}


def test_each_partner_keeps_his_own_minimum_count() -> None:
    # seat 0 has 3000 (needs 120), seat 2 has 0 (needs 50): neither melded when seat 1 takes the pile
    d = make_deal(CT, ["5C 6C 7C 8C 9C TC JC QC KC AC 4C 5D 6D",
                       "JH JS AH AH AD 5H 6H 7H 8H 9H TH 4H 4D",
                       "KD KD KH QD QD QH 5S 6S 7S 8S 9S TS 4S"],
                  upcard="9D", stock="JD 8D 7D 6H 5H 4H", scores=[3000, 0, 0])
    assert d.minimum == [120, 50, 50]
    play(d, "draw", "discard JD", "take JH JS", "meld AH AH AD", "discard 4H")
    assert d.lone == 1 and d.side_of == (0, 1, 0)
    assert d.turn == 2 and d.minimum[0] == 50  # seat 2's own minimum for the partnership's initial meld
    play(d, "draw", "meld KD KD KH", "meld QD QD QH")  # 60 points: enough for seat 2, not for seat 0
    assert d.opened[0]


def test_going_out_before_the_pile_was_taken_makes_the_lone_hand() -> None:
    out_hand = "KC KD KH KS KC KD KH QC QD QH QS QC QD"  # two canastas, then draws 2 and goes out
    d = make_deal(CT, [out_hand, "4C 4D 5C 5D 6C 6D 7C 7D 8C 8D 9C 9D TC",
                       "4H 4S 5H 5S 6H 6S 7H 7S 8H 8S 9H 9S 3D"],
                  upcard="TD", stock="4H QH 5H")
    assert len(d.red3[2]) == 1
    play(d, "draw", "meld KC KD KH KS KC KD KH", "meld QC QD QH QS QC QD QH", "discard 5H")
    assert d.over and d.out_seat == 0 and d.lone == 0 and d.side_of == (0, 1, 1)
    s = d.score()
    assert s[0].breakdown["going_out"] == 100 and s[0].breakdown["canastas"] == 1000
    # the partners score together: the same result, each with his own red three (minus: no meld)
    assert s[1].total - s[1].breakdown["red_threes"] == s[2].total - s[2].breakdown["red_threes"]
    assert s[1].breakdown["red_threes"] == 0 and s[2].breakdown["red_threes"] == -100
    assert s[1].breakdown["hand_cards"] == s[2].breakdown["hand_cards"] < -100


def test_stock_run_out_without_a_take_everyone_scores_alone() -> None:
    d = make_deal(CT, [], upcard="7S")
    rng = random.Random(3)
    while not d.over:
        legal = [a for a in d.legal_actions() if not 5 <= a <= 8]  # never take the pile
        d.apply_action(rng.choice(legal or d.legal_actions()))
        if d.lone >= 0:
            pytest.skip("the random deal took the pile")
    assert d.out_seat == -1 and d.lone == -1 and len(d.stock) == 0
    res = d.side_results()
    assert not any(r.lone_hand for r in res)
    assert len(d.score()) == 3


def test_the_deal_ends_after_the_last_card_discard() -> None:
    assert CT.stock_end == "end"
    d = make_deal(CT, [])
    while len(d.stock) > 2:
        play(d, "draw")
        play(d, f"discard {_any_discard(d)}")
    play(d, "draw")
    assert not d.over and not d.stock
    play(d, f"discard {_any_discard(d)}")
    assert d.over and d.out_seat == -1


def _any_discard(d: Deal) -> str:
    return next(str(m).split()[1] for m in d.legal_moves() if str(m).startswith("discard"))


# ------------------------------------------------------------------- scoring and score keeper

def _sides() -> dict[str, SideResult]:
    return {
        "Ann": SideResult(melds=[cards("KC KD KH KS KC KD KH"), cards("QC QD QH QS QC QD QH")], went_out=True,
                          red_threes=cards("3D"), lone_hand=True),
        "Bob": SideResult(melds=[cards("AC AD AH AS AC AD 2C")], hand=cards("5C 6C"), red_threes=cards("3H 3D")),
        "Cy": SideResult(melds=[cards("JC JD JH")], hand=cards("9C")),
    }


def test_scoring_a_lone_hand_and_a_partnership() -> None:
    s = score_deal(CT, _sides())
    assert s["Ann"].total == 500 + 500 + 70 + 70 + 100 + 100
    team = 300 + (6 * 20 + 20) + 30 - 10 - 10
    assert s["Bob"].total == team + 200 and s["Cy"].total == team
    assert s["Cy"].breakdown["melded_cards"] == 170


def test_two_lone_hands_or_a_lone_hand_outside_cutthroat_are_refused() -> None:
    sides = _sides()
    sides["Bob"].lone_hand = True
    with pytest.raises(ScoringError, match="both marked lone_hand"):
        score_deal(CT, sides)
    with pytest.raises(ScoringError, match="only for cutthroat"):
        score_deal(Rules.parse("classic(players=3)"), _sides())


def test_a_combined_meld_may_hold_the_wild_cards_of_two_melds() -> None:
    combined = cards("KC KD KH KS 2C 2D 2H JK")  # 4 naturals, 4 wild cards: two melds put together
    s = score_deal(CT, {"A": SideResult(lone_hand=True), "B": SideResult(melds=[combined]), "C": SideResult()})
    assert s["B"].breakdown["mixed_canastas"] == 1 and s["C"].total == s["B"].total
    with pytest.raises(ScoringError, match="at most 3"):
        score_deal(Rules.parse("classic(players=3)"), {"A": SideResult(melds=[combined]), "B": SideResult(),
                                                       "C": SideResult()})


def test_score_keeper_reads_lone_hand() -> None:
    assert "lone_hand" in OPTIONAL_SIDE_FIELDS
    sheet = parse_sheet({"variant": VARIANT, "deals": [{
        "Ann": {"melds": [["KC", "KD", "KH", "KS", "KC", "KD", "KH"], ["QC", "QD", "QH", "QS", "QC", "QD", "QH"]],
                "went_out": True,
                "red_threes": ["3D"], "lone_hand": True},
        "Bob": {"melds": [["AC", "AD", "AH", "AS", "AC", "AD", "2C"]], "hand": ["5C", "6C"],
                "red_threes": ["3H", "3D"]},
        "Cy": {"melds": [["JC", "JD", "JH"]], "hand": ["9C"]},
    }]})
    res = score_sheet(sheet)
    assert res.totals == {k: v.total for k, v in score_deal(CT, _sides()).items()}
    with pytest.raises(ScoreSheetError, match="lone_hand"):
        parse_sheet({"variant": VARIANT, "deals": [{"A": {"lone_hand": "yes"}, "B": {}, "C": {}}]})


def test_engine_and_score_keeper_agree_on_a_played_deal() -> None:
    rng = random.Random(5)
    for k in range(20):
        d = Deal(CT, dealer=k % 3, seed=50 + k)
        while not d.over:
            d.apply_action(rng.choice(d.legal_actions()))
        res = d.side_results()
        assert [s.total for s in d.score()] == [v.total for v in score_deal(CT, {str(i): r for i, r in
                                                                                  enumerate(res)}).values()]
        assert sum(r.lone_hand for r in res) == (1 if d.lone >= 0 else 0)


# ------------------------------------------------------------------------- whole games

def test_random_deals_keep_the_invariants_and_clones_agree() -> None:
    rng = random.Random(7)
    for k in range(40):
        d = Deal(CT, dealer=k % 3, seed=1000 + k)
        while not d.over:
            legal = d.legal_actions()
            assert legal
            if rng.random() < 0.05:
                c = d.clone()
                assert c.legal_actions() == legal and c.side_of == d.side_of and c.lone == d.lone
            d.apply_action(rng.choice(legal))
            d.check_invariants()
            check_melds(d)
        scores = d.score()
        if d.lone >= 0:
            a, b = (scores[s] for s in range(3) if s != d.lone)
            assert a.total - a.breakdown["red_threes"] == b.total - b.breakdown["red_threes"]


def test_a_recorded_game_replays_and_bots_play_it() -> None:
    agents = [make_agent(b, seed=s) for s, b in enumerate(("heuristic", "easy", "hard"))]
    game = play_game(CT, agents, seed=11, check=True)
    assert game.over and len(game.totals) == 3 and max(game.totals) >= 7500
    record = record_from_game(game)
    assert record["rules"] == VARIANT
    result = replay_record(record)
    assert result.totals == game.totals and result.winner == game.winner


def test_simulate_command() -> None:
    out = RUNNER.invoke(app, ["simulate", "-n", "3", "--bots", "heuristic,random,easy", "--variant", VARIANT])
    assert out.exit_code == 0, out.output


def test_illegal_take_leaves_state_unchanged() -> None:
    d = _alliance_deal()
    with pytest.raises(IllegalMove):
        d.apply("take JD JD")
    assert d.lone == -1 and d.side_of == (0, 1, 2)


@pytest.mark.slow
def test_300_random_games() -> None:
    whole_games(CT, "random", 300)


@pytest.mark.slow
def test_100_heuristic_games() -> None:
    whole_games(CT, "heuristic", 100)


def test_play_screen_shows_the_lone_hand_and_the_partnership() -> None:
    import io

    from rich.console import Console

    from canasta.cli.display import TableInfo, render_view, seat_names

    d = _alliance_deal()
    play(d, "take JH JS", "meld AC AC AD")
    buf = io.StringIO()
    names = seat_names(CT, 0)
    Console(file=buf, width=120, color_system=None).print(render_view(d.view(0), TableInfo(names, 0, 1, ())))
    out = buf.getvalue()
    assert "Seat 2 lone hand" in out
    assert any("Seat 3" in line and "(partner this deal)" in line and "made" in line for line in out.splitlines())
    assert "You & Seat 3" in out  # the partnership's combined melds


def test_canasta_play_runs_a_cutthroat_game() -> None:
    from test_play import first_legal, make_session

    session, buf = make_session(first_legal, options=("target=300",), variant=VARIANT)
    assert session.run() is True
    out = buf.getvalue()
    assert "classic(players=3,cutthroat=true,target=300)" in out and session.game.over
    pile_taken = any(m.startswith("take") for log in session.game.logs for m in log.moves)
    assert pile_taken and "lone hand" in out  # this seeded game has a take, and the screen then shows it


# --- RULES.md §3 coverage (audit) ---

def test_going_out_needs_two_canastas_where_the_basic_game_needs_one() -> None:
    """§3.1 3 players, canastas to go out: "1 basic; 2 cutthroat"; draw: "1 (basic); 2 in cutthroat"."""
    hand0 = "KC KD KH KS KC KD KH QC QD QH 9C 9D 9H"
    d = make_deal(CT, [hand0], stock="QS 9S")
    play(d, "draw")
    assert d.hand_sizes[0] == 15  # two cards drawn
    play(d, "meld KC KD KH KS KC KD KH", "meld QC QD QH QS")
    with pytest.raises(IllegalMove, match="2 canastas"):
        d.apply("meld 9C 9D 9H 9S")
    basic = make_deal("classic(players=3)", [hand0], stock="QS")
    play(basic, "draw")
    assert basic.hand_sizes[0] == 14
    play(basic, "meld KC KD KH KS KC KD KH", "meld QC QD QH QS", "meld 9C 9D 9H")
    assert basic.over and basic.out_seat == 0


def test_game_to_7500() -> None:
    """§3.1 3 players (cutthroat) target 7500."""
    from helpers import check_target

    def out(d: Deal) -> None:
        play(d, "draw", "meld KC KD KH KS KC KD KH", "meld QC QD QH QS QC QD QH", "discard 5H")

    check_target(CT, out, hands=["KC KD KH KS KC KD KH QC QD QH QS QC QD"], stock="QH 5H")


def test_the_alliance_keeps_the_partners_sequences() -> None:
    """Chilean cutthroat (sequences, §3.1, §3.2): the take that forms the alliance joins the future partners' melds,
    sequences included (they have no index by rank; the merge raised IndexError, 2026-11-28). Random deals until ten
    such takes: no error, every sequence kept on the joined side, the deal's invariants hold."""
    import random

    from canasta.engine.deal import Deal
    from canasta.moves.notation import SEQ_TARGET
    from canasta.rules.fields import Rules
    from oracles.positions import _choose

    rules = Rules.parse("chilean(players=3,cutthroat=true)")
    rng = random.Random(0)
    seen = 0
    for k in range(400):
        d = Deal(rules, dealer=k % 3, seed=k)
        while not d.over and seen < 10:
            a = _choose(d, d.legal_actions(), rng)
            seqs = sum(1 for ms in d.melds for m in ms if m.target == SEQ_TARGET)
            lone = d.lone
            d.apply_action(a)
            if lone < 0 <= d.lone and seqs:
                seen += 1
                assert sum(1 for ms in d.melds for m in ms if m.target == SEQ_TARGET) == seqs
                side = d.side_of[next(s for s in range(3) if s != d.lone)]
                assert all(m.target != SEQ_TARGET for s in range(len(d.melds)) if s != side
                           and s != d.side_of[d.lone] for m in d.melds[s])
                d.check_invariants()
        if seen >= 10:
            break
    assert seen == 10
