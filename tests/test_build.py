"""The compiled core and the pure-Python package (issue 17, docs/bench.md "The build").

* **Same moves.** For every preset, random deals of fixed seeds give the legal-move digests committed in
  tests/data/legal_move_digests.json (tests/legal_digests.py; ``scripts/legal_move_digests.py --write`` writes
  them). scripts/test.sh runs this file on the compiled build and on a pure build, so both are checked against
  the same digests.
* **The build reported is the build installed.** :func:`canasta.build_info.build` says what the engine's modules
  are; where scripts/test.sh says which build it installed (``CANASTA_EXPECT_BUILD``), it must be that one.
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import os
import sys
from pathlib import Path

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


def _setup_tuple(tree: ast.Module, name: str) -> tuple[str, ...]:
    """The literal tuple assigned to ``name`` at the top of setup.py."""
    for node in tree.body:
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(node, "target", None)
        if isinstance(target, ast.Name) and target.id == name and node.value is not None:  # type: ignore[attr-defined]
            return tuple(ast.literal_eval(node.value))  # type: ignore[attr-defined]
    raise AssertionError(f"setup.py has no {name}")


def test_no_python_class_inherits_from_a_compiled_one() -> None:
    """mypyc's rule, which setup.py's lists must keep: a class of a module left in Python may not inherit from a
    class of a compiled module (a compiled method checks ``self`` against the classes compiled with it; the
    compiled build then fails at run time, e.g. "HardPlayer object expected", while the pure build works), unless
    that class is native and says ``allow_interpreted_subclasses=True`` (``DealState`` under ``Deal``). Read
    from the sources and setup.py's ``COMPILED_PACKAGES``, ``NOT_COMPILED`` and ``COMPILED_MODULES``, so that a
    new subclass of a compiled bot or engine class outside the lists fails here, on either build."""
    root = Path(__file__).resolve().parents[1]
    tree = ast.parse((root / "setup.py").read_text(encoding="utf-8"))
    packages, left = _setup_tuple(tree, "COMPILED_PACKAGES"), _setup_tuple(tree, "NOT_COMPILED")
    compiled = {rel for rel in _setup_tuple(tree, "COMPILED_MODULES")}
    src = root / "src"
    sources = {p.relative_to(src).as_posix(): ast.parse(p.read_text(encoding="utf-8")) for p in src.rglob("*.py")}
    compiled |= {rel for rel in sources if rel.startswith(tuple(p + "/" for p in packages)) and rel not in left}

    def module_name(rel: str) -> str:
        return rel.removesuffix(".py").removesuffix("/__init__").replace("/", ".")

    def open_to_python(node: ast.ClassDef) -> bool:  # a native class that allows interpreted subclasses
        flags = {kw.arg: kw.value.value for d in node.decorator_list if isinstance(d, ast.Call)
                 for kw in d.keywords if isinstance(kw.value, ast.Constant)}
        return flags.get("allow_interpreted_subclasses") is True and flags.get("native_class") is not False

    classes = {(module_name(rel), node.name) for rel in compiled for node in ast.walk(sources[rel])
               if isinstance(node, ast.ClassDef) and not open_to_python(node)}
    assert ("canasta.agents.heuristic", "HeuristicAgent") in classes  # the lists are read as meant
    wrong = []
    for rel, module in sources.items():
        if rel in compiled:
            continue
        imported = {alias.asname or alias.name: (node.module, alias.name) for node in ast.walk(module)
                    if isinstance(node, ast.ImportFrom) and node.module for alias in node.names}
        for node in ast.walk(module):
            if isinstance(node, ast.ClassDef):
                for base in node.bases:
                    if isinstance(base, ast.Name) and imported.get(base.id) in classes:
                        wrong.append(f"{rel}: {node.name}({base.id})")
    assert wrong == [], f"Python classes over compiled ones (add their modules to setup.py's lists): {wrong}"
