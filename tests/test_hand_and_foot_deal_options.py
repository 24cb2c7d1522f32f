"""The options of Hand and Foot's table and deal (RULES_AMERICAN.md B.1, B.3; docs/variants/hand-and-foot.md):
``teams`` (2x2, 2x3, 3x2, individual), ``decks`` (players + 1, one per player, a number), ``initial_upcard``
and ``exact_cut_bonus`` (the engine's cut and the score keeper's ``exact_cuts``), and B.6's
``book_closure=naturals_only``, each beside the spec's default; random games with the conservation invariant
after every move, the bots' whole games, the going-out and initial-meld oracles and the environment with each.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from canasta.agents.registry import make_agent
from canasta.cli.rules_cmd import option_table
from canasta.engine.deal import Deal, IllegalMove
from canasta.engine.exact_cut import CUT_SPREAD, exact_cutters
from canasta.engine.game import Game
from canasta.engine.state import P_DRAW
from canasta.formats.score_sheet import ScoreSheetError, load_sheet, parse_sheet, score_sheet
from canasta.play.match import play_game
from canasta.rules.fields import Rules, RulesError
from canasta.scoring.deal_score import score_deal
from canasta.scoring.errors import ScoringError
from canasta.scoring.sides import SideResult
from helpers import legal_strs
from test_hand_and_foot import CONTRACT, RANK, _book, _position, in_foot_oracle


def _hf(**opts: str) -> Rules:
    return Rules.preset("hand-and-foot", **opts)


TABLES = ("teams=2x3", "teams=3x2", "teams=individual", "players=3", "players=2", "teams=individual,players=6",
          "players=7", "teams=individual,players=8")
"""Tables other than the default 2x2, as variant options."""
OPTIONS = TABLES + ("decks=players", "decks=6", "initial_upcard=false", "exact_cut_bonus=100",
                    "book_closure=naturals_only")
"""Every option of this file, as variant options (one each)."""


# ------------------------------------------------------------------------------------------------ B.1 teams


@pytest.mark.parametrize("opts, players, teams, sides", [
    ({}, 4, 2, (0, 1, 0, 1)),
    ({"teams": "2x2"}, 4, 2, (0, 1, 0, 1)),
    ({"teams": "2x3"}, 6, 2, (0, 1, 0, 1, 0, 1)),
    ({"players": "6"}, 6, 2, (0, 1, 0, 1, 0, 1)),
    ({"teams": "3x2"}, 6, 3, (0, 1, 2, 0, 1, 2)),
    ({"players": "6", "teams": "3"}, 6, 3, (0, 1, 2, 0, 1, 2)),
    ({"teams": "individual"}, 4, 4, (0, 1, 2, 3)),
    ({"teams": "individual", "players": "5"}, 5, 5, (0, 1, 2, 3, 4)),
    ({"players": "7"}, 7, 7, tuple(range(7))),
    ({"teams": "individual", "players": "8"}, 8, 8, tuple(range(8))),
    ({"players": "3"}, 3, 3, (0, 1, 2)),
    ({"players": "2"}, 2, 2, (0, 1)),
])
def test_teams_seat_the_sides(opts: dict[str, str], players: int, teams: int, sides: tuple[int, ...]) -> None:
    """B.1: 2x2 partners opposite; 2x3 two sides of three (A B A B A B); 3x2 three sides of two (A B C A B C);
    individual each for himself. Every player gets a hand and a foot of 11 from players + 1 decks."""
    rules = _hf(**opts)
    assert (rules.players, rules.teams, rules.packs, rules.jokers) == (players, teams, players + 1, 2 * players + 2)
    assert Rules.parse(rules.spec()) == rules
    d = Deal(rules, seed=3)
    assert tuple(rules.side_of(s) for s in range(players)) == sides
    assert len(d.packets) == players and all(len(p) == 11 for p in d.packets)
    assert sorted(d.hand_sizes)[0] >= 11 and sum(d.hand_sizes) == 11 * players + (d.hand_sizes[d.turn] - 11)
    d.check_invariants()


@pytest.mark.parametrize("opts, message", [
    ({"players": "9"}, "2 to 8 players, not 9"),
    ({"players": "8", "teams": "2"}, "not 8 players in 2 sides"),
    ({"players": "7", "teams": "7", "decks": "3"}, "too small a stock"),
    ({"players": "4", "teams": "3"}, "not 4 players in 3 sides"),
    ({"teams": "2x3", "players": "4"}, "teams=2x3 is 6 players in 2 sides: players=6, not 4"),
    ({"teams": "4x2"}, "option teams takes 2x2, 2x3, 3x2, individual or a number of sides"),
    ({"players": "x"}, "option players takes a number"),
])
def test_teams_refused_in_one_line(opts: dict[str, str], message: str) -> None:
    with pytest.raises(RulesError, match=message) as info:
        _hf(**opts)
    assert "\n" not in str(info.value)


def test_individual_players_go_out_without_asking() -> None:
    """B.1 individual: there is no partner, so nobody asks "may I go out?": the player in his foot with the
    contract goes out at once; in 2x2 the same position offers the question."""
    hands = ["9C 9D 9H 4C", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"]
    alone = _hf(teams="individual")
    d = _position(hands, packets=["", "", "", ""], melds=[list(CONTRACT), [], [], []], phase="play", drew=1,
                  opened=[True, False, False, False], rules=alone)
    moves = legal_strs(d)
    assert "ask" not in moves and "meld 9C 9D 9H" in moves
    d.apply("meld 9C 9D 9H")
    d.apply("discard 4C")
    assert d.over and d.out_seat == 0 and d.score()[0].breakdown["going_out"] == 100
    partners = _position(hands, packets=["", "", "", ""], melds=[list(CONTRACT), []], phase="play", drew=1,
                         opened=[True, False])
    assert "ask" in legal_strs(partners)
    with pytest.raises(RulesError, match="must_ask_to_go_out needs partners"):
        _hf(teams="individual", must_ask_to_go_out="true")


# ------------------------------------------------------------------------------------------------ B.1 decks


def test_decks_set_the_packs_and_jokers() -> None:
    """B.1 ``decks``: players + 1 (default), one per player, or a number (6 for 4 [TV]); 54-card decks."""
    assert (_hf().packs, _hf().jokers, _hf().deck_size) == (5, 10, 270)
    assert (_hf(decks="players").packs, _hf(decks="players").jokers) == (4, 8)
    assert (_hf(decks="6").deck_size, _hf(decks="players", teams="2x3").packs) == (324, 6)
    assert _hf(decks="players+1") == _hf()
    assert "decks = players+1 (sets packs, jokers)" in option_table(_hf()).splitlines()
    assert "decks = 6 (sets packs, jokers)" in option_table(_hf(decks="6")).splitlines()
    assert "initial_upcard = true (sets upcard)" in option_table(_hf()).splitlines()
    d = Deal(_hf(decks="players"), seed=2)
    assert sum(d.hand_sizes) + sum(map(len, d.packets)) + len(d.stock) + len(d.pile) == 216
    with pytest.raises(RulesError, match="option decks takes players\\+1, players or a number"):
        _hf(decks="many")
    with pytest.raises(RulesError, match="option decks: 1 to 9 decks, not 10"):
        _hf(decks="10")
    assert (_hf(players="8").packs, _hf(players="8").deck_size) == (9, 486)
    with pytest.raises(RulesError, match="two ways to give the deck"):
        _hf(decks="6", packs="6")
    with pytest.raises(RulesError, match="deck"):
        _hf(decks="1")  # 4 hands and feet of 11 do not fit in 54 cards


# ------------------------------------------------------------------------------------------------ B.3 upcard


def test_no_initial_upcard() -> None:
    """B.3 ``initial_upcard=false`` [JC]: the pile starts empty, the first player can only draw, and the first
    discard starts the pile; by default one card (or more, a wild card or three being covered) starts it."""
    d = Deal(_hf(initial_upcard="false"), seed=4)
    assert d.pile == [] and d.phase == P_DRAW and legal_strs(d) == {"draw"}
    assert len(d.stock) == 270 - 4 * 22
    d.apply("draw")
    discard = next(m for m in sorted(legal_strs(d)) if m.startswith("discard"))
    d.apply(discard)
    assert len(d.pile) == 1
    d.check_invariants()
    default = Deal(_hf(), seed=4)
    assert len(default.pile) >= 1 and len(default.stock) == 270 - 4 * 22 - len(default.pile)


# ------------------------------------------------------------------------------------------------ B.3 exact cut


def test_the_cut_is_the_decks() -> None:
    """The engine's cut: a pure function of the deal's shuffled deck (the same deal, the same cut; the deal's
    own generator untouched), about one player in seven exact."""
    rules = _hf(exact_cut_bonus="100")
    decks = [Deal(rules, seed=s).deck for s in range(300)]
    cuts = [exact_cutters(deck, 4) for deck in decks]
    assert cuts[0] == exact_cutters(Deal(rules, seed=0).deck, 4) and exact_cutters((), 4) == ()
    share = sum(map(len, cuts)) / (4 * len(cuts))
    assert abs(share - 1 / (2 * CUT_SPREAD + 1)) < 0.04
    assert Deal(rules, seed=9).deck == Deal(_hf(), seed=9).deck  # the option changes no shuffle


def _play(spec: str, seed: int) -> Game:
    rules = Rules.parse(spec)
    return play_game(rules, [make_agent("heuristic", 40 + s) for s in range(rules.players)], seed=seed)


def test_exact_cut_bonus_in_the_deals_score() -> None:
    """``exact_cut_bonus=100``: the same game as without it, each deal's score raised by 100 for each player of
    the side whose cut was exact (B.3 [OP, TW, CH]); shown as the breakdown's ``exact_cut``."""
    plain, cut = _play("hand-and-foot", 4), _play("hand-and-foot(exact_cut_bonus=100)", 4)
    paid = 0
    for a, b in zip(plain.logs, cut.logs, strict=True):
        assert a.moves == b.moves
        assert a.deck == b.deck
        seats = exact_cutters(b.deck, 4)
        for side in (0, 1):
            bonus = 100 * sum(1 for s in seats if s % 2 == side)
            assert b.scores[side] == a.scores[side] + bonus
            assert b.breakdowns[side]["exact_cut"] == bonus and "exact_cut" not in a.breakdowns[side]
            paid += bonus
    assert paid > 0
    with pytest.raises(RulesError, match="exact_cut_bonus is for a player who takes exactly his hand and foot"):
        Rules.parse("classic(exact_cut_bonus=100)")
    with pytest.raises(RulesError, match="exact_cut_bonus is a number of points, 0 or more"):
        _hf(exact_cut_bonus="-100")


def test_the_score_keeper_takes_exact_cuts(tmp_path: Path) -> None:
    """``canasta score``: a side's ``exact_cuts`` (players who cut exactly) in a sheet by cards and in the quick
    entry by counts; refused where the variant gives no bonus or the count exceeds the side's players."""
    rules = _hf(exact_cut_bonus="100")
    scores = score_deal(rules, {"A": SideResult(melds=[[20, 21, 22]], exact_cuts=2), "B": SideResult()})
    assert scores["A"].breakdown["exact_cut"] == 200 and scores["A"].total == 200 + 15
    with pytest.raises(ScoringError, match="exact_cuts counts players of the side, 0 to 2, not 3"):
        score_deal(rules, {"A": SideResult(exact_cuts=3), "B": SideResult()})
    sheet = {"variant": "hand-and-foot(exact_cut_bonus=100)", "deals": [{
        "A": {"mode": "quick", "natural_canastas": 2, "mixed_canastas": 2, "meld_points": 300, "went_out": True,
              "exact_cuts": 1},
        "B": {"melds": [["5H", "5S", "5D"]], "hand": ["KH"], "exact_cuts": 2}}]}
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    result = score_sheet(load_sheet(path))
    assert result.totals == {"A": 2 * 500 + 2 * 300 + 300 + 100 + 100, "B": 15 - 10 + 200}
    sheet["variant"] = "hand-and-foot"
    with pytest.raises(ScoreSheetError, match="exact_cuts is given, but hand-and-foot has no exact-cut bonus"):
        score_sheet(parse_sheet(sheet))
    sheet["deals"][0]["B"]["exact_cuts"] = "two"  # type: ignore[index]
    with pytest.raises(ScoreSheetError, match="exact_cuts"):
        score_sheet(parse_sheet(sheet))


# ------------------------------------------------------------------------------------------------ B.6 naturals only


NATURALS_ONLY = _hf(book_closure="naturals_only")
BOOKS = [(RANK["K"], _book("K")), (RANK["Q"], "QH QS QD QC QH 2D")]
"""Side 0's melds: a clean book of kings, a meld of six queens with a wild card."""


def _books_position(rules: Rules) -> Deal:
    return _position(["KH KD 2C 9C 9D 9H 4C QS", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"], melds=[BOOKS, []],
                     phase="play", drew=1, opened=[True, False], rules=rules)


def _adds(d: Deal) -> set[str]:
    return {m for m in legal_strs(d) if m.startswith("add")}


def test_naturals_only_join_a_book() -> None:
    """B.6 ``book_closure=naturals_only`` [CH]: a book stays open, but once it has 7 cards only naturals join it;
    a wild card joins a meld among its first 7 cards (with the naturals of the same move after it). Beside it,
    ``closed_at_7`` (the default: a book takes nothing) and ``any`` (a book takes wild cards too)."""
    r = NATURALS_ONLY
    assert (r.canasta_max, r.several_melds_per_rank, r.book_naturals_only) == (0, False, True)
    assert "book_closure = naturals_only (sets canasta_max, several_melds_per_rank, book_naturals_only)" in (
        option_table(r).splitlines())
    d = _books_position(r)
    assert _adds(d) == {"add KD", "add KD KH", "add QS", "add QS 2C", "add 2C to Q"}
    for bad in ("add 2C to K", "add KH 2C"):
        with pytest.raises(IllegalMove, match="only natural cards join a meld once it has 7 cards"):
            d.clone().apply(bad)
    d.apply("add QS")  # the queens are a book of 7: the wild card no longer joins them
    assert _adds(d) == {"add KD", "add KD KH"}
    d.apply("add KD KH")
    assert d.melds[0][0].size == 9 and d.canastas[0] == 2
    d.check_invariants()
    assert _adds(_books_position(_hf())) == {"add QS", "add 2C to Q"}  # closed_at_7: the kings take nothing
    assert "add 2C to K" in _adds(_books_position(_hf(book_closure="any")))
    with pytest.raises(RulesError, match="option book_closure takes closed_at_7, any, naturals_only"):
        _hf(book_closure="open")


def test_a_book_with_naturals_added_scores_as_before() -> None:
    """Books grown past 7: the kings clean (500), the queens with their wild card dirty (300), and their cards."""
    d = _books_position(NATURALS_ONLY)
    d.apply("add QS 2C")
    d.apply("add KD KH")
    assert [(m.size, m.wild, m.is_canasta) for m in d.melds[0]] == [(9, 0, True), (8, 2, True)]
    melds = [list(m.cards) for m in d.melds[0]]
    score = score_deal(NATURALS_ONLY, {"A": SideResult(melds=melds), "B": SideResult()})["A"]
    assert score.breakdown["canastas"] == 800 and score.breakdown["natural_canastas"] == 1
    assert score.breakdown["melded_cards"] == 9 * 10 + 6 * 10 + 2 * 20


def test_going_out_oracle_agrees_in_the_foot() -> None:
    """The going-out oracle with ``naturals_only`` on positions where it matters: the player in his foot (taken),
    a hand of at most 8 cards, reached by eager random games (taking, melding and adding preferred)."""
    problems, stats, checked = in_foot_oracle(NATURALS_ONLY, 40, 120)
    assert not problems, problems[:3]
    assert checked >= 100 and stats.get("out", 0) > 0 and stats.get("skipped", 0) == 0


# ------------------------------------------------------------------------------------------------ whole games


@pytest.mark.parametrize("opt", OPTIONS)
def test_random_games_keep_every_card(opt: str) -> None:
    """Random games (taking, melding and adding preferred) with each option: the conservation invariant after
    every move, every deal scored, the game over after four deals."""
    for seed in (1, 2):
        game = Game(Rules.parse(f"hand-and-foot({opt})"), seed=seed)
        rng = random.Random(seed)
        while not game.over:
            deal = game.new_deal()
            deal.check_invariants()
            while not deal.over:
                acts = deal.legal_actions()
                eager = [a for a in acts if str(deal.move_for_action(a)).split()[0] in ("take", "meld", "add", "yes")]
                game.apply_action(rng.choice(eager) if eager and rng.random() < 0.9 else rng.choice(acts))
                deal.check_invariants()
            game.finish_deal()
        assert len(game.logs) == 4 and len(game.totals) == game.rules.teams


@pytest.mark.parametrize("bot", ["heuristic", "hard"])
@pytest.mark.parametrize("opt", OPTIONS)
def test_bots_play_whole_games(bot: str, opt: str) -> None:
    """The bots play legal whole games (checked moves, invariants after each) with each option."""
    rules = Rules.parse(f"hand-and-foot({opt})")
    game = play_game(rules, [make_agent(bot, 20 + s) for s in range(rules.players)], seed=7, check=True)
    assert game.over and len(game.logs) == 4 and game.winner is not None


# ------------------------------------------------------------------------------------------------ the oracles


@pytest.mark.parametrize("opt", ["teams=2x3", "teams=individual", "initial_upcard=false", "book_closure=naturals_only"])
def test_going_out_oracle_agrees(opt: str) -> None:
    """The exhaustive single-turn oracle of going out (tests/oracles) agrees with the engine's fast answer on
    random positions of the option."""
    from oracles.compare import compare_position
    from oracles.positions import positions

    stats: dict[str, int] = {}
    problems = [p for d in positions(f"hand-and-foot({opt})", 30, seed=2) for p in compare_position(d, stats)]
    assert not problems, problems[:3]
    assert stats.get("skipped", 0) == 0 and stats["positions"] == 30


@pytest.mark.parametrize("opt", ["teams=3x2", "teams=individual", "initial_upcard=false",
                                 "book_closure=naturals_only"])
def test_initial_meld_oracle_agrees(opt: str) -> None:
    from oracles.compare import compare_opening
    from oracles.positions import first_turns

    stats: dict[str, int] = {}
    problems = [p for d in first_turns(f"hand-and-foot({opt})", 12, seed=5) for p in compare_opening(d, stats)]
    assert problems == []


# ------------------------------------------------------------------------------------------------ the environment


@pytest.mark.parametrize("opt", ["teams=2x3", "teams=3x2", "teams=individual", "players=8"])
def test_environment_plays_an_episode(opt: str) -> None:
    """canasta.env takes the other tables: an observation of the layout's size for every seat, the feet block
    with each seat's foot, a deal played to its end."""
    from canasta.env import canasta_v0
    from canasta.env.observation import ObservationLayout

    rules = Rules.parse(f"hand-and-foot({opt})")
    layout = ObservationLayout.for_rules(rules)
    env = canasta_v0.raw_env(variant=rules.spec())
    env.reset(seed=3)
    assert len(env.possible_agents) == rules.players
    feet = layout.block("feet")
    steps = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        seat = int(agent.split("_")[1])
        assert obs["observation"].shape == (layout.size,)
        want = [len(env.deal.packets[(seat + k) % rules.players]) for k in range(rules.players)]
        assert list(obs["observation"][feet.slice]) == want
        env.step(None if term or trunc else env.action_space(agent).sample(obs["action_mask"]))
        steps += 1
    assert steps > 50


def test_the_lobby_knows_the_sides_of_each_count() -> None:
    """The web lobby's presets give the sides each player count plays: Hand and Foot's 5 players play alone (no
    one sits out, as in classic's three against two), its 6 in two sides of three unless teams=3 or each alone
    (teams=6, the lobby's choice for teams=individual) is chosen."""
    from canasta.web.tables.seats import preset_choices

    presets = {p["name"]: p for p in preset_choices()}
    hf = presets["hand-and-foot"]
    assert hf["counts"] == [2, 3, 4, 5, 6, 7, 8] and hf["teams6"] == [2, 3, 6]
    assert presets["classic"]["teams6"] == [2, 3]  # six players of classic play in sides (§3.1)
    assert hf["sides"] == {"2": 2, "3": 3, "4": 2, "5": 5, "6": 2, "7": 7, "8": 8}
    assert presets["classic"]["sides"]["5"] == 2 and presets["classic"]["counts"] == [2, 3, 4, 5, 6]


@pytest.mark.parametrize("spec", ["hand-and-foot(teams=3x2,exact_cut_bonus=100)",
                                  "hand-and-foot(teams=individual,players=5,book_closure=naturals_only)"])
def test_a_recorded_game_replays(spec: str) -> None:
    """A game of another table, recorded and replayed: the same totals (the exact cut too) and winner."""
    from canasta.formats.records import record_from_game, replay_record

    rules = Rules.parse(spec)
    game = play_game(rules, [make_agent("random", 60 + s) for s in range(rules.players)], seed=12)
    seats = [{"name": f"Bot {i + 1}", "kind": "bot", "bot": "random"} for i in range(rules.players)]
    res = replay_record(record_from_game(game, seats))
    assert res.totals == game.totals and res.deals == 4 and res.winner == game.winner


def test_seven_or_eight_only_in_the_individual_game_with_a_foot() -> None:
    """B.1: 7 or 8 players only each for himself with a foot each; any other rules of 7 or more are refused."""
    import dataclasses

    from canasta.rules.validation import validate

    classic = Rules.preset("classic")
    with pytest.raises(RulesError, match="7 or 8 only in Hand and Foot's individual game") as info:
        validate(dataclasses.replace(classic, players=7, teams=7, packs=4, jokers=8))
    assert "\n" not in str(info.value)
    with pytest.raises(RulesError, match="classic is played by 2, 3, 4, 5 or 6 players, not 7"):
        Rules.parse("classic(players=7)")
    validate(_hf(players="8"))
