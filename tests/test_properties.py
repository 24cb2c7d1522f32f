"""Property tests (Hypothesis) of the engine's invariants (DESIGN.md, "Invariants the engine keeps").

Over random seeds, variants (player counts and options) and random move sequences:

* every legal action applies without error, keeps conservation and the meld rules, and a
  deal that is not over always offers a move;
* random illegal actions and random move texts raise ``IllegalMove`` and change nothing;
* moves round-trip through their notation and their dense id;
* a seat's view holds only what that seat may know;
* deals are deterministic, and replaying the move texts on the same deck gives the same
  final state and score.
"""

from __future__ import annotations

import dataclasses
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta.cards.deck import N_TYPES
from canasta.engine.deal import Deal, IllegalMove
from canasta.engine.game import Game
from canasta.moves.actions import N_ACTIONS, action_of
from canasta.moves.notation import KIND_NAMES, Move, MoveError
from canasta.rules.fields import Rules
from helpers import check_melds, hand, snapshot

SPECS = [
    "classic",
    "classic(players=2)",
    "classic(players=3)",
    "classic(players=6)",
    "classic(players=6,teams=3)",
    "classic(stock_end=reshuffle,black3_freezes=true,upcard_black3_turns=false)",
    "classic(stock_end=end,last_red3_may_meld=true,one_card_pile_rule=false)",
    "classic(no_wild_majority=true,pile_take_modes=natural_pair,own_canasta_rank_blocks_pile=true)",
    "classic(wild_canasta=true,concealed_waives_minimum_with_pile=true,min_meld_table=s4_7000)",
    "classic(players=2,special_canastas=true,pile_visible=true,red3_negative_if=no_canasta)",
]
RULES = {s: Rules.parse(s) for s in SPECS}
PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

specs = st.sampled_from(SPECS)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
choices = st.lists(st.integers(min_value=0, max_value=10**6), min_size=0, max_size=400)


def _scores(rules: Rules, rng: random.Random) -> list[int]:
    return [rng.choice((-50, 0, 1500, 3000, 7500)) for _ in range(rules.teams)]


def play_random(deal: Deal, picks: list[int], check: bool = True) -> list[str]:
    """Apply legal actions chosen by ``picks`` (then by a seeded generator) to the end of the deal.

    Returns the applied moves in notation. With ``check``, verifies after every move the
    invariants, the meld rules and the move round trips.
    """
    rng = random.Random(len(picks))
    texts: list[str] = []
    i = 0
    while not deal.over:
        legal = deal.legal_actions()
        assert legal, "a deal that is not over must offer a move"
        pick = picks[i] if i < len(picks) else rng.randrange(10**6)
        i += 1
        action = legal[pick % len(legal)]
        move = deal.apply_action(action)
        texts.append(str(move))
        if check:
            deal.check_invariants()
            check_melds(deal)
            assert Move.parse(str(move)) == move
            assert action_of(Move.parse(str(move))) == action
        assert i < 5000, "deal does not end"
    return texts


@PROPS
@given(spec=specs, seed=seeds, picks=choices)
def test_legal_actions_apply_and_keep_invariants(spec: str, seed: int, picks: list[int]) -> None:
    rules = RULES[spec]
    rng = random.Random(seed)
    deal = Deal(rules, dealer=rng.randrange(rules.players), scores=_scores(rules, rng), seed=seed)
    deal.check_invariants()
    play_random(deal, picks)
    assert deal.over and deal.legal_actions() == []
    scored = deal.score()
    assert len(scored) == rules.teams
    for s in scored:
        assert s.total == sum(v for k, v in s.breakdown.items() if not k.endswith("_canastas"))


@PROPS
@given(spec=specs, seed=seeds, picks=choices)
def test_legal_moves_match_legal_actions(spec: str, seed: int, picks: list[int]) -> None:
    deal = Deal(RULES[spec], seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not deal.over and steps < 60:
        legal = deal.legal_actions()
        moves = deal.legal_moves()
        assert [action_of(m) for m in moves] == list(legal)
        for m in moves:
            assert Move.parse(str(m)) == m
        deal.apply(moves[(picks[steps] if steps < len(picks) else rng.randrange(99)) % len(moves)])
        steps += 1


@st.composite
def random_moves(draw: st.DrawFn) -> Move:
    kind = draw(st.integers(min_value=0, max_value=len(KIND_NAMES) - 1))
    cards = tuple(draw(st.lists(st.integers(min_value=0, max_value=N_TYPES - 1), max_size=8)))
    target = draw(st.integers(min_value=-1, max_value=13))
    return Move(kind, cards, target)


@PROPS
@given(spec=specs, seed=seeds, steps=st.integers(0, 150), moves=st.lists(random_moves(), max_size=12),
       ids=st.lists(st.integers(min_value=-5, max_value=N_ACTIONS + 5), max_size=12))
def test_illegal_moves_raise_and_change_nothing(spec: str, seed: int, steps: int, moves: list[Move],
                                                ids: list[int]) -> None:
    deal = Deal(RULES[spec], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if deal.over:
            break
        legal = deal.legal_actions()
        deal.apply_action(legal[rng.randrange(len(legal))])
    for a in ids:
        if a in deal.legal_actions():
            continue
        before = snapshot(deal)
        try:
            deal.apply_action(a)
        except IllegalMove as e:
            assert str(e)
        else:
            raise AssertionError(f"id {a} is not legal but was applied")
        assert snapshot(deal) == before
    for m in moves:
        before = snapshot(deal)
        try:
            done = deal.apply(m)
        except IllegalMove as e:
            assert str(e) and "Traceback" not in str(e)
            assert snapshot(deal) == before
            continue
        # a random move that happens to be legal: it must really be legal and well-formed
        assert done == m
        deal.check_invariants()
        check_melds(deal)
    for text in ("", "meld", "take KH", "discard", "add 2C", "discard KH KS", "draw KH", "fly", "meld KH ZZ"):
        before = snapshot(deal)
        try:
            deal.apply(text)
        except IllegalMove:
            assert snapshot(deal) == before
        else:
            raise AssertionError(f"'{text}' was accepted")


@PROPS
@given(spec=specs, seed=seeds)
def test_text_moves_round_trip_through_ids(spec: str, seed: int) -> None:
    deal = Deal(RULES[spec], seed=seed)
    rng = random.Random(seed)
    while not deal.over:
        for m in deal.legal_moves():
            text = str(m)
            again = Move.parse(text)
            assert again == m and str(again) == text
            assert Move.parse(text.lower()) == m
            try:
                action_of(again)
            except MoveError as e:  # pragma: no cover - a legal move always has an id
                raise AssertionError(str(e)) from None
        legal = deal.legal_actions()
        deal.apply_action(legal[rng.randrange(len(legal))])


def check_view(deal: Deal, seat: int) -> None:
    """The view of ``seat`` holds its own hand and nothing hidden from it."""
    v = deal.view(seat)
    assert v.seat == seat and v.side == deal.rules.side_of(seat)
    assert list(v.hand) == hand(deal, seat)
    assert v.hand_sizes == tuple(deal.hand_sizes)
    assert v.stock_size == len(deal.stock)
    assert v.pile_size == len(deal.pile)
    if deal.rules.pile_visible:
        assert v.pile_cards == tuple(deal.pile)
    else:
        assert v.pile_cards is None
    stock = tuple(deal.stock)
    others = [tuple(hand(deal, s)) for s in range(deal.n) if s != seat and deal.hand_sizes[s]]
    for f in dataclasses.fields(v):
        value = getattr(v, f.name)
        if f.name == "rules":
            continue
        if isinstance(value, (tuple, list)) and len(stock) >= 3:
            assert tuple(value) != stock and tuple(value) != stock[::-1], f"{f.name} shows the stock"
        if (f.name not in ("hand", "hand_sizes", "scores", "minimums", "opened") and isinstance(value, tuple)
                and value and all(isinstance(x, int) for x in value)):
            for o in others:
                if len(o) >= 3:
                    assert tuple(sorted(value)) != o, f"{f.name} shows another hand"


@settings(max_examples=8, deadline=None)
@given(spec=specs, seed=seeds)
def test_views_never_hold_hidden_cards_over_whole_games(spec: str, seed: int) -> None:
    rules = dataclasses.replace(RULES[spec], target=1500)
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    deals = 0
    while not game.over and deals < 6:
        deal = game.new_deal()
        while not deal.over:
            check_view(deal, deal.to_act)
            if rng.random() < 0.1:
                for s in range(rules.players):
                    check_view(deal, s)
            legal = deal.legal_actions()
            game.apply_action(legal[rng.randrange(len(legal))])
        for s in range(rules.players):
            check_view(deal, s)
        game.finish_deal()
        deals += 1


@PROPS
@given(spec=specs, seed=seeds, picks=choices)
def test_deals_are_deterministic_and_replay_from_move_texts(spec: str, seed: int, picks: list[int]) -> None:
    rules = RULES[spec]
    a = Deal(rules, dealer=1 % rules.players, seed=seed)
    b = Deal(rules, dealer=1 % rules.players, seed=seed)
    assert snapshot(a) == snapshot(b)
    texts = play_random(a, picks, check=False)
    play_random(b, picks, check=False)
    assert snapshot(a) == snapshot(b)
    # replay the texts on a fresh deal built from the deck order (and the seed for reshuffles)
    c = Deal(rules, dealer=1 % rules.players, seed=seed, deck=list(a.deck))
    for t in texts:
        c.apply(t)
    assert snapshot(c) == snapshot(a)
    assert [s.total for s in c.score()] == [s.total for s in a.score()]
    assert [s.breakdown for s in c.score()] == [s.breakdown for s in a.score()]


@settings(max_examples=10, deadline=None)
@given(seed=seeds)
def test_clone_is_independent_and_equal(seed: int) -> None:
    deal = Deal(RULES["classic"], seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(80)):
        if deal.over:
            break
        legal = deal.legal_actions()
        deal.apply_action(legal[rng.randrange(len(legal))])
    twin = deal.clone()
    assert snapshot(twin) == snapshot(deal)
    if not deal.over:
        before = snapshot(deal)
        play_random(twin, [], check=False)
        assert snapshot(deal) == before
