"""The compiled core and the pure-Python package (issue 17, docs/bench.md "The build").

* **Same moves.** For every preset, random deals of fixed seeds give the legal-move digests committed in
  tests/data/legal_move_digests.json (tests/legal_digests.py; ``scripts/legal_move_digests.py --write`` writes
  them). scripts/test.sh runs this file on the compiled build and on a pure build, so both are checked against
  the same digests.
* **The build reported is the build installed.** :func:`canasta.build_info.build` says what the engine's modules
  are; where scripts/test.sh says which build it installed (``CANASTA_EXPECT_BUILD``), it must be that one.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import sys

import pytest

from canasta.build_info import CORE_MODULES, build, build_words, is_compiled, stale_modules
from canasta.rules.presets import preset_names
from legal_digests import golden, preset_digest

GOLDEN = golden()


def test_golden_file_covers_every_preset() -> None:
    assert sorted(GOLDEN["presets"]) == preset_names()  # type: ignore[call-overload]


@pytest.mark.parametrize("preset", preset_names())
def test_legal_move_digests(preset: str) -> None:
    want = GOLDEN["presets"][preset]  # type: ignore[index]
    got = preset_digest(preset, GOLDEN["deals"])  # type: ignore[arg-type]
    assert got == want, (f"{preset}: the {build()} build plays other moves than the golden digests "
                         "(tests/data/legal_move_digests.json)")


def test_build_reported_is_the_build_loaded() -> None:
    kind = build()
    loaded = [isinstance(importlib.import_module(m).__loader__, importlib.machinery.ExtensionFileLoader)
              for m in CORE_MODULES]
    assert kind == ("compiled" if all(loaded) else "pure" if not any(loaded) else "mixed")
    assert kind != "mixed", f"compiled or not: {dict(zip(CORE_MODULES, loaded, strict=True))}"
    state_file = sys.modules["canasta.engine.state"].__file__ or ""
    assert state_file.endswith(".py") == (kind == "pure")
    assert is_compiled("canasta.engine.deal") is False  # Deal stays a Python class over the compiled DealState
    assert build_words() in ("compiled core", "pure Python")
    assert stale_modules() == []


def test_build_is_the_one_installed() -> None:
    """scripts/test.sh sets CANASTA_EXPECT_BUILD to the build it installed: a pure run that picked up the
    compiled modules of the editable tree (or the reverse) fails here."""
    expected = os.environ.get("CANASTA_EXPECT_BUILD")
    if expected is None:
        pytest.skip("CANASTA_EXPECT_BUILD not set (scripts/test.sh sets it)")
    assert build() == expected


def test_deals_views_and_games_pickle_and_copy_in_both_builds() -> None:
    """Compiled classes are made without their __init__ when unpickled or copied (mypyc's ``serializable``),
    and the frozen dataclasses of the engine stay Python classes: a deal, a view and a game round-trip as in
    the pure build."""
    import copy
    import pickle

    from canasta import Game, Rules
    from canasta.engine.deal import Deal

    for spec in ("classic", "samba"):
        deal = Deal(Rules.parse(spec), seed=3)
        for _ in range(40):
            deal.apply_action(deal.legal_actions()[-1])
        for twin in (pickle.loads(pickle.dumps(deal)), copy.deepcopy(deal)):
            assert type(twin) is type(deal) and twin.legal_actions() == deal.legal_actions()
            assert twin.view(deal.turn) == deal.view(deal.turn)
            assert [[m.cards for m in ms] for ms in twin.melds] == [[m.cards for m in ms] for ms in deal.melds]
        view = deal.view(0)
        assert pickle.loads(pickle.dumps(view)) == view
    game = Game(Rules.parse("classic"), seed=1)
    deal = game.new_deal()
    deal.apply_action(deal.legal_actions()[0])
    twin = pickle.loads(pickle.dumps(game))
    assert twin.deal is not None and twin.deal.legal_actions() == deal.legal_actions()
    assert twin.logs == game.logs and twin.totals == game.totals


def test_rules_pickle_and_copy_in_both_builds() -> None:
    """``Rules`` is a compiled class in the compiled core (no ``__dict__``): it pickles as its class and its
    fields' values (``RuleFields.__reduce__``), so the rules the arena sends to its workers come back equal, with
    the same options and derived facts, in both builds."""
    import copy
    import pickle

    from canasta import Rules

    for spec in ("classic", "samba(players=6)", "modern-american", "hand-and-foot"):
        rules = Rules.parse(spec)
        for twin in (pickle.loads(pickle.dumps(rules)), copy.copy(rules), copy.deepcopy(rules)):
            assert type(twin) is Rules and twin == rules and hash(twin) == hash(rules)
            assert twin.spec() == rules.spec() and twin.options == rules.options
            assert (twin.meld_cap, twin.team_size, twin.has_foot) == (rules.meld_cap, rules.team_size, rules.has_foot)
