"""Scripted positions and games of the ``hand-and-foot`` preset (RULES_AMERICAN.md part B;
docs/variants/hand-and-foot.md): the deal (a hand and a foot of 11, 5 packs), drawing two, the foot taken when
the hand is empty (running and walking), the pile taken 7 cards at a time with a natural pair, books closed at 7,
the wild-card limit, the round minimums, the going-out contract with the partner's binding answer, red threes
kept in hands, the rule checks of B.16, and random games with the conservation invariant after every move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from canasta.cards.deck import N_TYPES, deck_counts, parse_cards
from canasta.engine.deal import Deal, IllegalMove
from canasta.engine.explain import explain_refusal
from canasta.engine.game import Game
from canasta.engine.position import MeldPart
from canasta.engine.state import P_PLAY
from canasta.moves.notation import Move
from canasta.rules.fields import Rules, RulesError
from helpers import legal_strs

HF = Rules.preset("hand-and-foot")
FILL = parse_cards("4C 5C 6C 8C 9C TC JC QC KC AC 4D 5D 6D 8D 9D TD JD QD KD AD")


def _position(hands: Sequence[str], packets: Sequence[str] | None = None, pile: str = "9S",
              melds: Sequence[Sequence[tuple[int, str]]] = ((), ()), stock: str = "", rules: Rules = HF,
              **parts: object) -> Deal:
    """A position of ``rules``: seat k holds ``hands[k]`` (4 seats), ``packets`` the feet (default: 11 filler
    cards each; '' = taken), ``pile`` bottom first, ``melds`` per side as (rank index, cards), ``stock`` its top
    cards (drawn first); every other card of the deck goes to the bottom of the stock."""
    left = deck_counts(rules.packs, rules.jokers)
    hand_cards = [parse_cards(h) for h in hands]
    meld_cards = [[(t, parse_cards(c)) for t, c in side] for side in melds]
    named = [c for h in hand_cards for c in h] + parse_cards(pile) + parse_cards(stock)
    named += [c for side in meld_cards for _, cs in side for c in cs]
    for c in named:
        left[c] -= 1
    feet: list[list[int]] = []
    for k in range(4):
        if packets is not None:
            foot = parse_cards(packets[k])
            for c in foot:
                left[c] -= 1
        else:
            foot = []
            i = k
            while len(foot) < 11:
                c = FILL[i % len(FILL)]
                i += 1
                if left[c] > 0:
                    left[c] -= 1
                    foot.append(c)
        feet.append(foot)
    rest = [c for c in range(N_TYPES) for _ in range(left[c])]
    stock_cards = rest + list(reversed(parse_cards(stock)))
    return Deal.from_position(
        rules, hands=hand_cards, stock=stock_cards, pile=parse_cards(pile), packets=feet,
        melds=[[MeldPart(t, tuple(cs)) for t, cs in side] for side in meld_cards], **parts)


def _book(rank: str, wilds: str = "") -> str:
    """Seven cards of ``rank`` less one per wild card, then the wild cards: a book."""
    suits = "HSDCHSD"
    n = 7 - len(wilds.split())
    return " ".join(rank + suits[i] for i in range(n)) + (" " + wilds if wilds else "")


RANK = {"4": 2, "5": 3, "6": 4, "7": 5, "8": 6, "9": 7, "T": 8, "J": 9, "Q": 10, "K": 11, "A": 12}


# ------------------------------------------------------------------------------------------------ the preset


def test_preset_fields_and_options() -> None:
    r = Rules.parse("hand-and-foot")
    assert r == HF and (r.players, r.teams, r.packs, r.jokers, r.deck_size) == (4, 2, 5, 10, 270)
    assert (r.hand_size, r.extra_cards, r.extra_cards_from, r.extra_cards_when, r.draw) == (
        11, 11, "packet", "hand_empty", 2)
    assert r.has_foot and r.unplayed_packet_counts
    assert (r.pile_always_frozen, r.pile_take_modes, r.pile_take_count) == (True, frozenset({"natural_pair"}), 7)
    assert (r.canasta_max, r.several_melds_per_rank, r.wild_limit, r.naturals_exceed_wilds) == (7, True, 3, True)
    assert (r.round_minimums, r.rounds, r.tie) == ((50, 90, 120, 150), 4, "shared")
    assert r.going_out_canastas == ("natural", "natural", "mixed", "mixed") and r.canastas_to_go_out == 4
    assert (r.red3_hand_penalty, r.black3_hand_penalty, r.black3_meld, r.stock_end) == (500, 5, False, "end")
    assert r.going_out_needs_discard
    assert [r.min_meld(0, k) for k in range(6)] == [50, 90, 120, 150, 150, 150]
    r13 = Rules.parse("hand-and-foot(hand_size=13,extra_cards=13,round_minimums=60/90/120/150)")
    assert (r13.hand_size, r13.extra_cards, r13.min_meld(0, 0)) == (13, 13, 60)
    with pytest.raises(RulesError, match="2 to 8 players, not 9"):  # other tables: test_hand_and_foot_deal_options
        Rules.parse("hand-and-foot(players=9)")
    with pytest.raises(RulesError, match="pile_take_count"):
        Rules.parse("hand-and-foot(pile_take_count=1)")
    with pytest.raises(RulesError, match="black3_meld=false"):
        Rules.parse("hand-and-foot(black3_meld=true)")
    with pytest.raises(RulesError, match="hand_empty"):
        Rules.parse("classic(extra_cards_when=hand_empty)")


# ------------------------------------------------------------------------------------------------ B.3, B.4


def test_deal_gives_a_hand_and_a_secret_foot_of_11() -> None:
    d = Deal(HF, dealer=3, seed=5)
    d.check_invariants()
    assert d.hand_sizes == [11, 11, 11, 11] and [len(p) for p in d.packets] == [11] * 4
    assert len(d.stock) + len(d.pile) == 270 - 88
    v = d.view(0)
    assert v.packet_sizes == (11, 11, 11, 11)
    text = repr(v)
    for seat in range(1, 4):  # nobody's foot, nor another's hand, is in a view
        assert str(sorted(d.packets[seat])) not in text
    assert "packets" not in {f for f in dir(v) if not f.startswith("_")}


def test_draw_two() -> None:
    d = _position(["KH KS QH JD 9C", "5H", "6H", "7H"], stock="4H 4S", phase="draw")
    d.apply("draw")
    assert d.hand_sizes[0] == 7 and parse_cards("4H")[0] in [c for c in range(N_TYPES) if d.hands[0][c]]


# ------------------------------------------------------------------------------------------------ B.9 the foot


def _down(turn_hand: str, **kw: object) -> Deal:
    """Seat 0 to play (drew), his side down with a meld of kings and of queens."""
    return _position([turn_hand, "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"],
                     melds=[[(RANK["K"], "KH KS KD"), (RANK["Q"], "QH QS QD")], []],
                     phase="play", drew=1, opened=[True, False], **kw)


def test_running_to_the_foot_by_melding() -> None:
    """The hand emptied by melding: the foot joins the hand at once and the turn goes on (B.9)."""
    d = _down("KC QC")
    foot = sorted(d.packets[0])
    assert "add KC" in legal_strs(d)  # he may meld down to no card: his foot waits
    d.apply("add KC")
    d.apply("add QC")
    assert d.packets[0] == [] and sorted(c for c in range(N_TYPES) for _ in range(d.hands[0][c])) == foot
    assert not d.over and d.turn == 0 and d.phase == P_PLAY
    d.check_invariants()


def test_walking_to_the_foot_by_discarding() -> None:
    """The hand emptied by the discard: the foot is taken, the turn ends, the next turn starts with a draw."""
    d = _down("9C")
    assert "discard 9C" in legal_strs(d)
    d.apply("discard 9C")
    assert d.packets[0] == [] and d.hand_sizes[0] == 11 and not d.over and d.turn == 1
    d.check_invariants()


def test_no_going_out_before_the_foot() -> None:
    """Even with the contract met, a player whose foot waits picks it up instead of going out (B.10)."""
    books = [(RANK["K"], _book("K")), (RANK["Q"], _book("Q")), (RANK["J"], _book("J", "2C")),
             (RANK["T"], _book("T", "JK 2D"))]
    d = _position(["9C", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"], melds=[books, []], phase="play", drew=1,
                  opened=[True, False])
    d.apply("discard 9C")
    assert not d.over and d.hand_sizes[0] == 11


def test_unplayed_foot_counts_against_the_side() -> None:
    d = _position(["AH AS AD 4C 4D", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"],
                  packets=["", "JK 3H AC", "", ""], pile="9S", stock="", phase="play", drew=1)
    d.stock.clear()
    d.apply("meld AH AS AD")
    d.apply("discard 4C")
    assert d.over and d.out_seat == -1  # the stock is gone (B.11: the round ends)
    s = d.score()
    # side 1: hands 5 5 5 and 7 7 7 (30), seat 1's unplayed foot JK 3H AC: 50 + 500 + 20
    assert s[1].breakdown["hand_cards"] == -(30 + 50 + 500 + 20)
    assert s[0].breakdown["hand_cards"] == -(5 + 15) and s[0].breakdown["melded_cards"] == 60


# ------------------------------------------------------------------------------------------------ B.5, B.16 check 2


def test_pile_taken_seven_cards_with_a_natural_pair() -> None:
    """B.16 check 2: an 8 on top and 8 8 in hand: the top 7 cards are taken (top + 6) and 8 8 8 melded; the rest
    stays as the pile."""
    pile = "4H 5H 6H 9H TH JH QH KH AH 9S TS JS 8C"  # 13 cards, 8C on top
    d = _position(["8H 8S KS QS 4D", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"], pile=pile,
                  melds=[[(RANK["K"], "KH KS KD")], []], opened=[True, False])
    assert "take 8H 8S" in legal_strs(d)
    d.apply("take 8H 8S")
    assert sorted(d.pile) == sorted(parse_cards("4H 5H 6H 9H TH JH"))
    assert d.pile[-1] == parse_cards("JH")[0]  # the new top card
    assert d.hand_sizes[0] == 3 + 6 and d.melds[0][-1].cards == parse_cards("8C 8H 8S")
    d.check_invariants()


def test_pile_shorter_than_seven_is_taken_whole() -> None:
    d = _position(["8H 8S KS QS 4D", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"], pile="9S TS 8C",
                  melds=[[(RANK["K"], "KH KS KD")], []], opened=[True, False])
    d.apply("take 8H 8S")
    assert d.pile == [] and d.hand_sizes[0] == 3 + 2


def test_pile_needs_a_natural_pair_never_a_wild_card() -> None:
    """B.16 check 2: with 8 + 2 only the take is illegal (the pile is always frozen); a 3 or a 2 on top is never
    taken; a red three (kept in hands, B.7) on top stops it too."""
    for top, hand in (("8C", "8H 2S KS QS 4D"), ("2C", "2H 2S KS QS 4D"), ("3S", "3C 3S KS QS 4D"),
                      ("3H", "3H 3D KS QS 4D")):
        d = _position([hand, "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"], pile="9S " + top,
                      melds=[[(RANK["K"], "KH KS KD")], []], opened=[True, False])
        assert not any(m.startswith("take") for m in legal_strs(d)), top


def test_take_onto_a_book_in_progress_but_never_past_seven() -> None:
    """The top card and the pair join the side's open meld of the rank, up to 7 cards (B.5, B.6)."""
    d = _position(["8H 8S KS QS 4D", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"], pile="9S 8C",
                  melds=[[(RANK["8"], "8D 8C 8H 8S")], []], opened=[True, False])
    d.apply("take 8H 8S")
    assert d.melds[0][0].size == 7 and d.canastas[0] == 1
    d = _position(["8H 8S KS QS 4D", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"], pile="9S 8C",
                  melds=[[(RANK["8"], "8D 8C 8H 8S 8D")], []], opened=[True, False])
    assert not any(m.startswith("take") for m in legal_strs(d))  # 5 + 3 would pass 7


# ------------------------------------------------------------------------------------------------ B.6 books


def test_book_closes_at_seven_and_a_new_meld_of_its_rank_may_start() -> None:
    d = _down("KC KH 9C 9D 4C 4D")
    d.apply("add KC")  # 4 kings
    d.apply("add KH")
    assert d.melds[0][0].size == 5
    d = _position(["KC KH KS 9C 4C 4D", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"],
                  melds=[[(RANK["K"], _book("K"))], []], phase="play", drew=1, opened=[True, False])
    moves = legal_strs(d)
    assert not any(m.startswith("add K") for m in moves)  # a book takes no more cards
    assert "meld KC KH KS" in moves  # a new meld of kings beside the book
    d.apply("meld KC KH KS")
    assert [m.size for m in d.melds[0]] == [7, 3]
    d.check_invariants()


def test_wild_limit_in_play_b16_1() -> None:
    """B.16 check 1 in play: Q Q 2 may be melded, Q Q 2 2 not; 6 6 6 6 2 2 JK may, 5 5 5 2 2 2 not."""
    d = _down("JC JD 2C 2D 6H 6S 6D 6C JK 5H 5S 5D 2H 9C")
    moves = legal_strs(d)
    assert "meld JC JD 2C" in moves and "meld JC JD 2C 2D" not in moves
    assert "meld 6C 6D 6H 6S 2C 2D JK" in moves
    assert not any(m.startswith("meld 5") and m.count("2") + m.count("JK") >= 3 for m in moves)
    with pytest.raises(IllegalMove, match="outnumber"):
        d.apply("meld JC JD 2C 2D")
    assert explain_refusal(d, Move.parse("meld JC JD 2C 2D")).code == "naturals_exceed_wilds"


# ------------------------------------------------------------------------------------------------ B.8, B.16 check 3


def test_round_minimum_counts_top_card_and_pair_only_b16_3() -> None:
    """B.16 check 3: round 2 (minimum 90), side not down: top 8 + 8 8 (30) + K K K (30) + A A JK (90) = 150 is
    legal; the other 6 cards taken never count."""
    pile = "AH AS AD JK JK 2C 8C"
    d = _position(["8H 8S KH KS KD AC AD JK 4D", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"], pile=pile,
                  minimums=[90, 90])
    assert "take 8H 8S" in legal_strs(d)
    d.apply("take 8H 8S")
    assert not d.opened[0] and d.pending  # the cards below wait until the minimum is met
    d.apply("meld KH KS KD")
    d.apply("meld AC AD JK")
    assert d.opened[0] and not d.pending
    # without the aces the hand cannot reach 90 (the aces and jokers of the pile do not count)
    d = _position(["8H 8S KH KS KD 9C 4D 5C", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"], pile=pile,
                  minimums=[90, 90])
    assert not any(m.startswith("take") for m in legal_strs(d))


def test_round_minimums_by_deal_of_the_game() -> None:
    game = Game(HF, seed=3)
    seen = []
    rng = random.Random(3)
    while not game.over:
        deal = game.new_deal()
        seen.append(list(deal.minimum))
        assert game.minimums() == [HF.min_meld(0, len(game.logs))] * 2
        while not deal.over:
            game.apply_action(rng.choice(deal.legal_actions()))
        game.finish_deal()
    assert seen == [[50, 50], [90, 90], [120, 120], [150, 150]]  # four deals, then the highest total wins
    assert len(game.logs) == 4 and game.winner == max(range(2), key=lambda s: game.totals[s])
    replay = game.replay_deal(1)
    assert replay.minimum == [90, 90] and replay.over


# ------------------------------------------------------------------------------------------------ B.7 threes


def test_red_threes_stay_in_the_hand_and_may_be_discarded() -> None:
    d = _position(["KH KS QH JD 9C", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"], stock="3H 3C", phase="draw")
    d.apply("draw")
    assert d.hands[0][parse_cards("3H")[0]] == 1 and d.red3[0] == []
    assert "discard 3H" in legal_strs(d)
    d.apply("discard 3H")
    d.check_invariants()


# ------------------------------------------------------------------------------------------------ B.10 going out

CONTRACT = [(RANK["K"], _book("K")), (RANK["Q"], _book("Q")), (RANK["J"], _book("J", "2C")),
            (RANK["T"], _book("T", "JK 2D"))]


def _in_foot(melds: Sequence[tuple[int, str]], **kw: object) -> Deal:
    """Seat 0 to play, his foot taken, his side down with ``melds``."""
    return _position(["9C 9D 9H 4C", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"], packets=["", "", "", ""],
                     melds=[list(melds), []], phase="play", drew=1, opened=[True, False], **kw)


def test_going_out_with_the_contract() -> None:
    d = _in_foot(CONTRACT)
    moves = legal_strs(d)
    assert "meld 9C 9D 9H" in moves and "ask" in moves
    d.apply("meld 9C 9D 9H")
    d.apply("discard 4C")
    assert d.over and d.out_seat == 0
    s = d.score()
    assert s[0].breakdown["going_out"] == 100 and s[0].breakdown["canastas"] == 2 * 500 + 2 * 300


@pytest.mark.parametrize("missing", [0, 2])
def test_no_going_out_without_two_clean_and_two_dirty_books(missing: int) -> None:
    """Three books, or four with one clean book only, do not meet the contract: the last card is kept."""
    books = [b for k, b in enumerate(CONTRACT) if k != missing]
    if missing == 0:
        books.append((RANK["A"], _book("A", "2H")))  # a third dirty book instead of the clean one
    d = _in_foot(books)
    moves = legal_strs(d)
    assert "meld 9C 9D 9H" not in moves and "ask" not in moves
    with pytest.raises(IllegalMove, match="natural canasta"):
        d.apply("meld 9C 9D 9H")


def test_going_out_ends_with_a_discard() -> None:
    """go_out_discard=required (B.10, ``going_out_needs_discard``): melding every last card is no going out, so
    a hand of exactly a meld cannot go out this turn (nor ask); with ``going_out_needs_discard=false`` (BGA's
    optional) it melds out."""
    d = _position(["9C 9D 9H", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"], packets=["", "", "", ""],
                  melds=[CONTRACT, []], phase="play", drew=1, opened=[True, False])
    assert legal_strs(d) == {"discard 9C", "discard 9D", "discard 9H"}
    optional = Rules.parse("hand-and-foot(going_out_needs_discard=false)")
    d = _position(["9C 9D 9H", "5H 5S 5D", "6H 6S 6D", "7H 7S 7D"], packets=["", "", "", ""],
                  melds=[CONTRACT, []], phase="play", drew=1, opened=[True, False], rules=optional)
    assert {"meld 9C 9D 9H", "ask"} <= legal_strs(d)
    d.apply("meld 9C 9D 9H")
    assert d.over and d.out_seat == 0


def test_partners_answer_binds() -> None:
    """"May I go out?" (B.10, ask_partner=optional_binding): a no forbids going out this turn, a yes obliges."""
    d = _in_foot(CONTRACT)
    d.apply("ask")
    assert d.to_act == 2
    d.apply("no")
    assert d.to_act == 0 and "meld 9C 9D 9H" not in legal_strs(d)
    d = _in_foot(CONTRACT)
    d.apply("ask")
    d.apply("yes")
    moves = legal_strs(d)
    assert "meld 9C 9D 9H" in moves and not any(m.startswith("discard") for m in moves)
    d.apply("meld 9C 9D 9H")
    assert legal_strs(d) == {"discard 4C"}


# ------------------------------------------------------------------------------------------------ whole games


@pytest.mark.parametrize("spec, seed", [("hand-and-foot", 1), ("hand-and-foot", 2),
                                        ("hand-and-foot(red3_hand_penalty=0)", 3),
                                        ("hand-and-foot(going_out_needs_discard=false,pile_take_count=0)", 4)])
def test_random_games_keep_every_card(spec: str, seed: int) -> None:
    """Whole games of random moves (taking, melding and adding preferred, so that books, feet and going out
    happen): the conservation invariant after every move, four deals, every foot taken or scored; also with
    red threes laid out (bonus mode), and with going out by melding and the whole pile taken."""
    game = Game(Rules.parse(spec), seed=seed)
    rng = random.Random(seed)
    feet = outs = 0
    while not game.over:
        deal = game.new_deal()
        while not deal.over:
            acts = deal.legal_actions()
            assert acts
            eager = [a for a in acts if str(deal.move_for_action(a)).split()[0] in ("take", "meld", "add", "yes")]
            before = sum(map(len, deal.packets))
            game.apply_action(rng.choice(eager) if eager and rng.random() < 0.9 else rng.choice(acts))
            feet += before != sum(map(len, deal.packets))
            deal.check_invariants()
        outs += deal.out_seat >= 0
        game.finish_deal()
    assert len(game.logs) == 4 and game.winner is not None
    assert feet > 0


def test_recorded_game_replays() -> None:
    from canasta.agents.registry import make_agent
    from canasta.formats.records import record_from_game, replay_record

    game = Game(HF, seed=11)
    agents = [make_agent("random", 110 + s) for s in range(4)]
    while not game.over:
        deal = game.new_deal()
        while not deal.over:
            game.apply_action(agents[deal.to_act].select(None, deal.legal_actions()))
        game.finish_deal()
    seats = [{"name": f"Bot {i + 1}", "kind": "bot", "bot": "random"} for i in range(4)]
    rec = record_from_game(game, seats)
    res = replay_record(rec)
    assert res.totals == game.totals and res.deals == 4 and res.winner == game.winner


def test_going_out_oracle_agrees() -> None:
    """The exhaustive single-turn oracle of going out (tests/oracles) agrees on seeded positions of the preset."""
    from oracles.compare import compare_position
    from oracles.positions import positions

    stats: dict[str, int] = {}
    problems = [p for d in positions("hand-and-foot", 60, seed=1) for p in compare_position(d, stats)]
    assert not problems, problems[:3]
    assert stats.get("skipped", 0) == 0 and stats["positions"] == 60


@pytest.mark.parametrize("scored", [False, True])
def test_initial_meld_oracle_agrees(scored: bool) -> None:
    from oracles.compare import compare_opening
    from oracles.positions import first_turns

    stats: dict[str, int] = {}
    problems = [p for d in first_turns("hand-and-foot", 20, seed=7, scored=scored) for p in compare_opening(d, stats)]
    assert problems == []


def test_the_foot_in_words() -> None:
    """The terminal table names the foot, and the web's wording has the event in every language."""
    from canasta.cli.display import extra_cards_text
    from canasta.web.i18n import LANGS, load_locale

    d = Deal(HF, dealer=3, seed=5)
    assert extra_cards_text(d.view(0)) == "Foot: 11 cards face down, yours once your hand is played out."
    assert all("when.hand_empty" in load_locale(lang) for lang in LANGS)


def in_foot_oracle(rules: Rules, seeds: int, most: int) -> tuple[list[str], dict[str, int], int]:
    """The going-out oracle (tests/oracles) on positions where going out matters: the player in his foot (taken), a
    hand of at most 8 cards, reached by eager random games of ``rules`` (taking, melding and adding preferred) over
    ``seeds`` deals, at most ``most`` positions: (problems, the oracle's counts, positions checked)."""
    from oracles.compare import compare_position

    stats: dict[str, int] = {}
    problems: list[str] = []
    checked = 0
    for seed in range(seeds):
        deal = Deal(rules, dealer=seed % 4, seed=seed)
        rng = random.Random(seed)
        while not deal.over and checked < most:
            seat = deal.turn
            if (deal.phase == P_PLAY and deal.to_act == seat and not deal.packets[seat]
                    and deal.hand_sizes[seat] <= 8 and deal.answer == 0 and not deal.asked):
                problems += compare_position(deal.clone(), stats)
                checked += 1
            acts = deal.legal_actions()
            eager = [a for a in acts if str(deal.move_for_action(a)).split()[0] in ("take", "meld", "add")]
            deal.apply_action(rng.choice(eager) if eager and rng.random() < 0.9 else rng.choice(acts))
    return problems, stats, checked


def test_going_out_oracle_agrees_in_the_foot() -> None:
    """The oracle on positions that matter for going out: the player in his foot (taken), a hand of at most 8
    cards, reached by eager random games (taking, melding and adding preferred)."""
    problems, stats, checked = in_foot_oracle(HF, 40, 150)
    assert not problems, problems[:3]
    assert checked >= 100 and stats.get("out", 0) > 0 and stats.get("skipped", 0) == 0
