"""Hints in terminal play (issue #13, defect 5): the sampled worlds behind them, and what they say.

* The worlds :func:`~canasta.agents.determinize.sample_deal` draws keep every card once and agree with
  everything the seat knows: its view, the cards its memory saw picked up with the pile, the pile
  cards it saw; and when the seat answers its partner's "may I go out?", every world lets the
  partner go out (asking requires it, RULES.md §1.9).
* A hint names the move with the best estimate it shows, words its figures and chances readably
  (never "100%"), and is the same whether or not hints were asked before (same seed, same position).
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator, Sequence

import pytest
from rich.console import Console

from canasta.agents.determinize import (
    ASK_TRIES,
    DeterminizeError,
    asking_partner,
    frozen_card,
    hidden_pool,
    sample_deal,
)
from canasta.agents.expert import Advice, Estimate, ExpertAgent, advice_text, position_seed, summarize
from canasta.agents.levels import HardAgent, chance_words
from canasta.agents.memory import UNKNOWN, CardMemory, clip_known
from canasta.cards.deck import N_TYPES, deck_counts
from canasta.cli.completion import Prompt, ScriptedReader
from canasta.cli.play import new_session
from canasta.engine.deal import Deal, PlayerView
from canasta.moves.actions import ASK_ID, DRAW_ID, NO_ID, YES_ID
from canasta.rules.fields import Rules

ASK_PRESETS = ["classic", "classic(players=6,teams=3)", "cuban", "italian", "samba", "hollywood", "uruguay",
               "brazilian(ask_requires_going_out=true)"]
"""Presets (and options) with partners where asking "may I go out?" requires being able to go out."""


Position = tuple[Deal, PlayerView, CardMemory, list[int]]


def positions(variant: str, seeds: Sequence[int], hard: list[list[HardAgent]] | None = None) -> Iterator[Position]:
    """Every decision of deals played by ``hard`` at every seat: the deal, the view of the seat to act,
    that seat's memory (fed by the observe hook) and the legal ids. ``hard`` receives each deal's players."""
    rules = Rules.parse(variant)
    for seed in seeds:
        deal = Deal(rules, seed=seed)
        agents = [HardAgent(s) for s in range(rules.players)]
        if hard is not None:
            hard.append(agents)
        for s in range(rules.players):
            agents[s].observe(deal.view(s), -1, None)
        while not deal.over:
            s = deal.to_act
            legal = deal.legal_actions()
            view = deal.view(s)
            yield deal, view, agents[s].memory, legal
            a = legal[0] if len(legal) == 1 else agents[s].select(view, legal)
            move = deal.apply_action(a)
            for o in range(rules.players):
                agents[o].observe(deal.view(o), s, move)


def ask_positions(variant: str, seeds: Sequence[int]) -> Iterator[Position]:
    """Positions where a partner has just asked "may I go out?": every time a player of the deals of
    :func:`positions` may ask, a copy of the deal where he does, seen by the partner who answers."""
    players: list[list[HardAgent]] = []
    for deal, view, _, legal in positions(variant, seeds, players):
        if ASK_ID not in legal:
            continue
        branch = deal.clone()
        move = branch.apply_action(ASK_ID)
        partner = branch.to_act
        mem = players[-1][partner].memory.copy()  # the partner's memory of the deal, and the question
        mem.observe(branch.view(partner), view.seat, move)
        yield branch, branch.view(partner), mem, branch.legal_actions()


def check_world(world: Deal, view: PlayerView, memory: CardMemory, legal: Sequence[int]) -> None:
    """``world`` keeps every card once, shows ``view``'s seat exactly its view and legal moves, holds the
    cards the memory knows in each hand, and the pile cards the memory saw where it saw them."""
    world.check_invariants()  # every card of the deck exactly once
    assert world.card_census() == deck_counts(view.rules.packs, view.rules.jokers)
    seen = world.view(view.seat)
    assert seen == view
    assert sorted(world.legal_actions()) == sorted(legal)
    for s in range(world.n):
        if s == view.seat:
            continue
        known = memory.known[s][:]
        clip_known(known, view.hand_sizes[s])
        assert all(world.hands[s][c] >= known[c] for c in range(N_TYPES)), f"seat {s} lost a known card"
    if view.pile_cards is None and len(memory.pile) == view.pile_size:
        for got, saw in zip(world.pile, memory.pile, strict=True):
            assert saw == UNKNOWN or got == saw, "a pile card the seat saw moved"


# ------------------------------------------------------------------ the sampled worlds


@pytest.mark.parametrize("variant", ["classic", "classic(players=2)", "cuban", "samba", "hollywood", "italian"])
def test_sampled_worlds_conserve_the_cards_and_agree_with_what_the_seat_knows(variant: str) -> None:
    checked = 0
    for k, (_, view, mem, legal) in enumerate(positions(variant, [11])):
        if k % 3:
            continue
        world = sample_deal(view, mem, random.Random(k), legal)
        check_world(world, view, mem, legal)
        checked += 1
    assert checked > 15


@pytest.mark.parametrize("variant", ASK_PRESETS)
def test_every_world_sampled_for_an_ask_lets_the_partner_go_out(variant: str) -> None:
    asks = worlds = 0
    for k, (branch, view, mem, legal) in enumerate(ask_positions(variant, range(1, 9))):
        assert branch.can_go_out_now()  # the engine let him ask: he can
        assert asking_partner(view) == view.turn
        asks += 1
        for j in range(3):
            world = sample_deal(view, mem, random.Random(1000 * k + j), legal)
            assert world.turn == view.turn and world.phase == branch.phase
            assert world.can_go_out_now(), "a sampled partner who could not go out"
            check_world(world, view, mem, legal)
            worlds += 1
        if asks >= 12:
            break
    assert asks >= 3 and worlds == 3 * asks


def test_an_ask_that_no_shuffle_can_fit_is_refused_not_sampled_wrong() -> None:
    """When the memory claims the partner holds cards he cannot go out with, no world is made up."""
    for _, view, mem, legal in ask_positions("classic", range(1, 9)):
        p = view.turn
        if view.hand_sizes[p] < 3:
            continue
        stuck = mem.copy()
        stuck.known[p] = [0] * N_TYPES
        # two single cards of ranks nobody of his side melded (and no wild card): cannot all be melded
        melded = {m.target for m in view.melds[view.side_of(p)]}
        pool = hidden_pool(view, mem)
        singles = [c for c in range(N_TYPES) if pool[c] and 2 <= c >> 2 <= 12 and c >> 2 not in melded]
        ranks_used: set[int] = set()
        for c in singles:
            if c >> 2 not in ranks_used and sum(stuck.known[p]) < view.hand_sizes[p]:
                stuck.known[p][c] += 1
                ranks_used.add(c >> 2)
        try:
            world = sample_deal(view, stuck, random.Random(0), legal)
        except DeterminizeError as e:
            assert f"{2 * ASK_TRIES} shuffles" in str(e)
            return
        assert world.can_go_out_now()  # a world made despite it still lets him go out
        return
    pytest.fail("no ask found")


def test_without_a_question_to_answer_nobody_is_conditioned() -> None:
    for _, view, _, _ in positions("classic", [3]):
        assert asking_partner(view) == (-1 if view.phase != "answer" else view.turn)
    spanish = next(v for _, v, _, _ in ask_positions("spanish", [1, 2, 3]))
    assert asking_partner(spanish) == -1  # asking does not require being able to go out there


# ------------------------------------------------------------------ what a hint says

PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*%")
NONSENSE = ("nan", "inf", "+-", "-+", "only almost", "about 0 ", "by about 0", "± 0)")


def assert_readable(text: str) -> None:
    """No percentage outside 1..99, no 'nan', no doubled sign, no 'only almost never', no '-120 points ahead'."""
    for m in PERCENT.finditer(text):
        assert 1 <= float(m.group(1)) <= 99, f"{m.group(0)!r} in {text!r}"
    assert not re.search(r"[+-]\d+ points (ahead|behind)", text), text
    for bad in NONSENSE:
        assert bad not in text, f"{bad!r} in {text!r}"


def name(action: int) -> str:
    return {DRAW_ID: "draw", YES_ID: "yes", NO_ID: "no"}.get(action, f"move {action}")


def test_the_advised_move_is_the_best_estimate_even_against_hards_choice() -> None:
    """hard's choice (first candidate) averages less than another move, within the noise: the advice names
    the other move (the player itself would keep hard's choice), and the figures shown say so."""
    values: list[list[float | None]] = [[100.0, 300.0, 200.0, 140.0], [250.0, 260.0, 330.0, 300.0]]
    advice = summarize(DRAW_ID, [DRAW_ID, YES_ID], values)
    assert advice.action == YES_ID == advice.estimates[0].action
    assert [e.mean for e in advice.estimates] == [285.0, 185.0]
    assert advice.gap == pytest.approx(100.0) and advice.worlds == 4
    text = advice_text(advice, name)
    assert text.startswith("in 4 simulated deals: about +290 points per deal (± 20)")
    assert "the next best move, draw" in text
    assert_readable(text)


def test_worlds_where_a_candidate_is_not_legal_are_left_out_of_every_estimate() -> None:
    values: list[list[float | None]] = [[10.0, None, 30.0], [20.0, 500.0, 10.0]]
    advice = summarize(DRAW_ID, [DRAW_ID, NO_ID], values)
    assert advice.worlds == 2 and [e.mean for e in advice.estimates] == [20.0, 15.0]
    assert summarize(DRAW_ID, [DRAW_ID, NO_ID], [[None], [1.0]]) == Advice(DRAW_ID)
    assert advice_text(Advice(DRAW_ID), name) == ""
    one = summarize(DRAW_ID, [DRAW_ID, NO_ID], [[10.0], [-40.0]])
    assert one.worlds == 1 and one.action == DRAW_ID
    text = advice_text(one, name)
    assert text == ("in 1 simulated deal: about +10 points; the next best move, no, about -40 "
                    "(one deal is too few to be sure)")
    assert_readable(text)


@pytest.mark.parametrize("gap, error, words", [
    (100.0, 20.0, "better than the next best move, no, by about 100 (± 20)"),
    (30.0, 20.0, "probably better than the next best move, no, by about 30 (± 20)"),
    (6.2, 1.4, "better than the next best move, no, by about 6 (± 1)"),
    (12.0, 40.0, "; the next best move, no, about +290: too close to call (difference 10 ± 40)"),
    (0.0, 0.0, "; the next best move, no, did exactly as well in every one"),
    (400.0, 0.0, "better than the next best move, no, by about 400 (± 1)"),
])
def test_the_gap_to_the_next_best_move_is_worded_with_its_uncertainty(gap: float, error: float,
                                                                      words: str) -> None:
    advice = Advice(YES_ID, (Estimate(YES_ID, 290.0 + gap, 61.0), Estimate(NO_ID, 290.0, 58.0)), 40, gap, error)
    text = advice_text(advice, name)
    assert_readable(text)
    best = round(290 + gap) if abs(290 + gap) < 9.5 else int((290 + gap) / 10 + 0.5) * 10
    assert text.startswith(f"in 40 simulated deals: about {best:+d} points per deal (± 60)")
    assert text.endswith(words)


def test_chances_are_worded_between_1_and_99_percent() -> None:
    for k in range(1001):
        text = chance_words(k / 1000)
        assert_readable(text)
    assert chance_words(0.0) == "almost never" and chance_words(1.0) == "almost surely"
    assert chance_words(0.004) == "almost never" and chance_words(0.006) == "about 1% of the time"
    assert chance_words(0.994) == "about 99% of the time"


def _adviser(seed: int = 5) -> ExpertAgent:
    """A small adviser that searches discards at any pile size (fast, and it searches often)."""
    return ExpertAgent(seed, iterations=6, pile=0)


@pytest.mark.parametrize("variant", ["classic", "classic(players=2)", "samba"])
def test_every_hint_names_the_best_estimate_it_shows_in_readable_words(variant: str) -> None:
    searched = 0
    hard: list[list[HardAgent]] = []
    for k, (deal, view, _, legal) in enumerate(positions(variant, [4], hard)):
        if len(legal) < 2 or k % 2:
            continue
        adviser = _adviser()
        adviser.policy = hard[-1][view.seat]  # the seat's memory of the deal so far, as terminal play has it
        action, text = adviser.hint(view, legal, lambda a, d=deal: str(d.move_for_action_safe(a)))
        assert action in legal
        assert_readable(text)
        for a in legal:  # the coach's warnings, and hard's reason for every move
            assert_readable(adviser.warning(view, legal, a) or "")
            assert_readable(adviser.policy.explain(view, legal, a))
        advice = adviser.advise(view, legal)
        assert advice.action == action
        if advice.estimates:
            searched += 1
            means = [e.mean for e in advice.estimates]
            assert advice.estimates[0].action == action and means[0] == max(means)
            assert means == sorted(means, reverse=True)
            shown = [int(x) for x in re.findall(r"about ([+-]\d+)", text)]
            assert shown and shown[0] == max(shown), text  # the named move's figure is the highest shown
        if searched >= 6:
            break
    assert searched >= 3


def test_advice_depends_on_the_seed_and_the_position_only() -> None:
    """Same seed and position: same advice, after any number of other hints, searches and warnings;
    the player's memory is left as it was."""
    hard: list[list[HardAgent]] = []
    found: list[tuple[Deal, PlayerView, list[int], CardMemory]] = []
    for deal, view, mem, legal in positions("classic", [6], hard):
        if len(legal) > 1 and view.seat == 0:
            found.append((deal.clone(), view, legal, mem.copy()))
        if len(found) >= 6:
            break
    fresh = [_adviser() for _ in found]
    for a, (_, _, _, mem) in zip(fresh, found, strict=True):
        a.policy.memory = mem.copy()
    first = [a.advise(v, lg) for a, (_, v, lg, _) in zip(fresh, found, strict=True)]
    busy = _adviser()
    for (_, view, legal, mem), want in zip(reversed(found), reversed(first), strict=True):
        busy.policy.memory = mem.copy()
        before = busy.policy.memory.copy()
        for a in legal:  # the coach's warnings and other hints first
            busy.warning(view, legal, a)
        busy.select(view, legal)
        busy.advise(view, legal)
        assert busy.advise(view, legal) == want
        assert busy.policy.memory.near_out == before.near_out
    assert any(advice.estimates for advice in first)
    _, view, legal, _ = found[-1]
    assert position_seed(5, view, legal) == position_seed(5, view, legal) != position_seed(6, view, legal)


def _play_with_hints(seed: int, ask: Sequence[int], moves: int) -> dict[int, str]:
    """Terminal play (classic, hard bots): the person plays the first legal move ``moves`` times and asks
    for a hint before his decisions numbered in ``ask``; returns those hints by decision number."""
    buf = io.StringIO()
    console = Console(file=buf, width=400, color_system=None, highlight=False)
    state = {"decision": 0, "hinted": False}
    hints: dict[int, str] = {}

    def lines(prompt: Prompt) -> str | None:
        if not prompt.legal:
            return ""
        if state["decision"] >= moves:
            return None
        if state["decision"] in ask and not state["hinted"]:
            state["hinted"] = True
            return "hint"
        if state["hinted"]:
            hint = [line for line in buf.getvalue().splitlines() if line.startswith("Hint: ")][-1]
            hints[state["decision"]] = hint
        state["hinted"] = False
        state["decision"] += 1
        return "1"

    session = new_session("classic", None, seed, "hard", ["target=5000"], 1, console,
                          ScriptedReader(lines, console), coach=True)
    session.adviser = _adviser(seed)
    session.run()
    return hints


def test_terminal_hints_are_the_same_with_and_without_earlier_hints() -> None:
    every = _play_with_hints(3, range(30), 30)
    late = [d for d in every if d >= 5 and "simulated deals" in every[d]][-2:]
    assert late, "no searched hint late enough to compare"
    some = _play_with_hints(3, late, 30)
    assert some == {d: every[d] for d in late}
    for text in every.values():
        assert_readable(text)


def test_going_out_explanations_say_ahead_or_behind_in_words() -> None:
    """The reasons given for asking and for either answer read well, also where the side is behind."""
    told = 0
    for variant in ("classic", "cuban"):
        for k, (_, view, mem, legal) in enumerate(ask_positions(variant, range(1, 9))):
            hard = HardAgent(view.seat)
            hard.memory = mem.copy()
            for a in legal:
                text = hard.explain(view, legal, a)
                assert_readable(text)
                told += 1
            if k >= 5:
                break
    assert told >= 8


@pytest.mark.parametrize("variant", ["classic(players=2)", "classic", "cuban", "italian"])
def test_a_card_the_view_names_as_freezing_the_pile_is_in_every_sampled_pile(variant: str) -> None:
    """A wild card or three turned under the upcard freezes the pile and the view names it ("frozen for
    everyone: 3D is in the pile"): the sampled pile holds it where the view says (first to freeze)."""
    rules = Rules.parse(variant)
    found = 0
    for seed in range(60):
        deal = Deal(rules, seed=seed)
        view = deal.view(0)
        card = frozen_card(view)
        if card is None:
            continue
        mem = CardMemory(0)
        mem.observe(view, -1, None)
        for k in range(3):
            world = sample_deal(view, mem, random.Random(k))
            assert world.view(0) == view
            assert card in world.pile
        found += 1
    assert found >= 2


def test_a_hint_on_the_partners_question_compares_yes_and_no_in_worlds_where_he_can_go_out() -> None:
    hinted = 0
    for k, (deal, view, mem, legal) in enumerate(ask_positions("classic", range(1, 9))):
        adviser = ExpertAgent(k, iterations=8)
        adviser.policy.memory = mem.copy()
        action, text = adviser.hint(view, legal, lambda a, d=deal: str(d.move_for_action_safe(a)))
        advice = adviser.advise(view, legal)
        assert {e.action for e in advice.estimates} == {YES_ID, NO_ID} and advice.worlds == 4
        assert action == advice.action == advice.estimates[0].action
        assert text.startswith(("yes: your partner may go out", "no: your side plays on"))
        assert "simulated deals" in text
        assert_readable(text)
        hinted += 1
        if hinted >= 3:
            break
    assert hinted == 3
