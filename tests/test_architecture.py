"""The checks that keep the house in order (issue #14; docs/architecture.md, "How the checks keep it so").

Four checks over ``src/canasta``, each failing with a message that names the module, the line and
what to do:

* **No import cycle.** The import graph is built by ``grimp`` (the library behind import-linter) and
  counts every import: at the top of a module, inside a function, and under ``TYPE_CHECKING`` (a lazy
  import is a dependency all the same). A cycle is printed as a path of modules, each step with the
  line that imports.
* **The layers.** The import-linter contract ``layers`` in ``pyproject.toml`` (``[tool.importlinter]``):
  front ends (cli | web | env) > play > agents | formats > engine > scoring > moves > rules > cards >
  util > errors. A lower layer never imports a higher one, and the packages of one layer (written
  ``a | b``) never import each other. The one exception is written in the contract with its reason.
* **Sizes.** No module over 700 lines, no class over 500, no function over 80 (lines counted from the
  ``def`` or ``class`` line to the last line of the body, as ``/work/tools/sizes.py`` counts them).
  A function may be longer only when splitting it costs measured speed, and then it says so with a
  comment on its ``def`` line or on the line just above it (above the first decorator, if any)::

      # size: 96 lines; split in two, classic's legal moves slow down by 7% (canasta bench, 2026-11)
      def seq_play_candidates(...):

  The comment starts with ``# size:`` and its reason gives the measured figure (it must hold a digit).
* **Package docstrings.** Every package under ``src/canasta`` has an ``__init__.py`` whose docstring says
  what the package holds and what it may import (it must say "may import ..." or "imports nothing/only
  ...", e.g. "May import the engine and the layers below", "Imports nothing from the rest of the package").
  The root ``canasta/__init__.py`` is the public face of the library and is not checked.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

grimp = pytest.importorskip("grimp")

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PACKAGE = SRC / "canasta"

MAX_MODULE_LINES = 700
MAX_CLASS_LINES = 500
MAX_FUNCTION_LINES = 80
SIZE_COMMENT = re.compile(r"#\s*size:\s*(?P<reason>.*)$")
SAYS_IMPORTS = re.compile(r"\bmay\s+(only\s+)?import|\bimports\s+(nothing|only)", re.IGNORECASE)


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _module_files() -> Iterator[Path]:
    yield from sorted(PACKAGE.rglob("*.py"))


def _module_path(module: str) -> Path:
    """``canasta.engine.deal`` -> ``src/canasta/engine/deal.py`` (or the package's ``__init__.py``)."""
    base = SRC.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


# ---------------------------------------------------------------- import cycles


@pytest.fixture(scope="module")
def graph():
    import canasta

    where = Path(canasta.__file__).resolve()
    assert where.is_relative_to(PACKAGE), (
        f"canasta is imported from {where}, not from this tree's {PACKAGE}: run the tests with "
        f"PYTHONPATH={SRC} (or install this tree with pip install -e .)")
    return grimp.build_graph("canasta", include_external_packages=False)


def _strongly_connected(graph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0
    for start in sorted(graph.modules):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            module, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = counter
                    counter += 1
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph.find_modules_directly_imported_by(successor)))))
                    break
                if successor in on_stack:
                    low[module] = min(low[module], index[successor])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[module])
                if low[module] == index[module]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == module:
                            break
                    if len(component) > 1:
                        components.append(sorted(component))
    return sorted(components)


def _import_step(graph, importer: str, imported: str) -> str:
    details = graph.get_import_details(importer=importer, imported=imported)
    where = _relative(_module_path(importer))
    if not details:
        return f"    {importer} -> {imported}"
    first = min(details, key=lambda d: d["line_number"])
    more = f" (and {len(details) - 1} more)" if len(details) > 1 else ""
    return (f"    {importer} -> {imported}\n"
            f"        {where}:{first['line_number']}: {first['line_contents'].strip()}{more}")


def _cycle_path(graph, component: list[str]) -> list[str]:
    """One shortest cycle through the first module of a component, as a list of modules (first = last)."""
    start = component[0]
    best: list[str] | None = None
    for successor in sorted(graph.find_modules_directly_imported_by(start)):
        if successor not in component:
            continue
        chain = graph.find_shortest_chain(importer=successor, imported=start)
        if chain and (best is None or len(chain) + 1 < len(best)):
            best = [start, *chain]
    assert best is not None
    return best


def test_no_import_cycle(graph) -> None:
    components = _strongly_connected(graph)
    if not components:
        return
    report = [f"{len(components)} import cycle(s) in canasta (imports in functions and under TYPE_CHECKING "
              "count; break each with a leaf module, by passing the state instead of the Deal, or with a table):"]
    for component in components:
        path = _cycle_path(graph, component)
        report.append(f"\n{len(component)} modules import each other: {', '.join(component)}")
        report.append("  one cycle: " + " -> ".join(path))
        report.extend(_import_step(graph, a, b) for a, b in zip(path, path[1:], strict=False))
        if len(component) > 2:
            report.append("  every import among them:")
            for importer in component:
                for imported in sorted(graph.find_modules_directly_imported_by(importer)):
                    if imported in component:
                        lines = sorted(d["line_number"] for d in
                                       graph.get_import_details(importer=importer, imported=imported))
                        where = f"{_relative(_module_path(importer))}:{','.join(map(str, lines))}"
                        report.append(f"    {importer} -> {imported}  ({where})")
    pytest.fail("\n".join(report), pytrace=False)


# ---------------------------------------------------------------- layers


def test_layers_contract() -> None:
    """Run the import-linter contracts of pyproject.toml (``lint-imports``) on this tree."""
    pytest.importorskip("importlinter")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]))
    command = [sys.executable, "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()",
               str(ROOT / "pyproject.toml"), "--no-cache"]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    if done.returncode == 0:
        return
    out = done.stdout + done.stderr
    broken = out.split("Broken contracts", 1)[-1].strip("-\n ")
    pytest.fail("import-linter: the layers of pyproject.toml [tool.importlinter] are broken "
                "(a lower layer imports a higher one, or two packages of one layer import each other):\n\n"
                + broken, pytrace=False)


# ---------------------------------------------------------------- sizes


def _size_exemption(lines: list[str], node: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """The reason of a ``# size:`` comment on the def line or the line just above it (or above the
    first decorator); ``None`` when there is none."""
    candidates = [node.lineno, node.lineno - 1]
    if node.decorator_list:
        candidates.append(min(d.lineno for d in node.decorator_list) - 1)
    for number in candidates:
        if 1 <= number <= len(lines):
            match = SIZE_COMMENT.search(lines[number - 1])
            if match:
                return match.group("reason").strip()
    return None


def _qualified_names(tree: ast.Module) -> Iterator[tuple[str, ast.AST]]:
    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[str, ast.AST]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}{child.name}"
                yield name, child
                yield from walk(child, name + ".")
            else:
                yield from walk(child, prefix)
    yield from walk(tree, "")


def test_sizes() -> None:
    problems: list[str] = []
    for path in _module_files():
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        where = _relative(path)
        count = text.count("\n")
        if count > MAX_MODULE_LINES:
            problems.append(f"{where}: module of {count} lines (at most {MAX_MODULE_LINES})")
        for name, node in _qualified_names(ast.parse(text, filename=str(path))):
            assert isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            assert node.end_lineno is not None
            size = node.end_lineno - node.lineno + 1
            if isinstance(node, ast.ClassDef):
                if size > MAX_CLASS_LINES:
                    problems.append(f"{where}:{node.lineno}: class {name} of {size} lines (at most {MAX_CLASS_LINES})")
                continue
            if size <= MAX_FUNCTION_LINES:
                continue
            reason = _size_exemption(lines, node)
            if reason is None:
                problems.append(f"{where}:{node.lineno}: function {name} of {size} lines (at most "
                                f"{MAX_FUNCTION_LINES}; longer only with '# size: <measured cost of splitting>')")
            elif not re.search(r"\d", reason):
                problems.append(f"{where}:{node.lineno}: function {name} of {size} lines: its '# size:' comment "
                                f"gives no measured figure ({reason!r})")
    if problems:
        pytest.fail(f"{len(problems)} part(s) too large:\n" + "\n".join(problems), pytrace=False)


# ---------------------------------------------------------------- package docstrings


def test_package_docstrings() -> None:
    problems: list[str] = []
    for directory in sorted(p for p in PACKAGE.rglob("*") if p.is_dir() and p.name != "__pycache__"):
        if not any(directory.glob("*.py")):
            continue  # static files, locales
        init = directory / "__init__.py"
        where = _relative(init)
        if not init.exists():
            problems.append(f"{_relative(directory)}: a folder of modules without __init__.py")
            continue
        docstring = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        if not docstring:
            problems.append(f"{where}: no docstring (say what the package holds and what it may import)")
        elif not SAYS_IMPORTS.search(docstring):
            first = docstring.splitlines()[0]
            problems.append(f"{where}: the docstring does not say what the package may import "
                            f"(e.g. 'May import the engine and the layers below'); it begins {first!r}")
    if problems:
        pytest.fail(f"{len(problems)} package(s) without a proper docstring:\n" + "\n".join(problems), pytrace=False)


def _resolve_doc_name(name: str) -> object:
    """The object a name of docs/architecture.md's rule table points at: ``canasta.x.y.f``, an engine path
    ``movegen/pile_takes.take_modes`` or ``apply.play_move``, or a class attribute ``DealState.pile_frozen_for``."""
    import importlib

    from canasta.engine.deal import Deal
    from canasta.engine.game import Game
    from canasta.engine.state import DealState
    from canasta.rules.fields import Rules

    classes: dict[str, object] = {"DealState": DealState, "Rules": Rules, "Deal": Deal, "Game": Game}
    head, _, attr = name.rpartition(".")
    if head in classes:
        return getattr(classes[head], attr)
    full = name if name.startswith("canasta.") else "canasta.engine." + name.replace("/", ".")
    parts = full.split(".")
    for cut in range(len(parts), 1, -1):  # the longest prefix that is a module, then attributes
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            obj = getattr(obj, part)
        return obj
    raise ImportError(name)


def test_rule_table_names_exist() -> None:
    """Every function docs/architecture.md's "Where each rule lives" names exists where it says."""
    import re

    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text[text.index("## Where each rule lives"):]
    missing = []
    for row in (line for line in table.splitlines() if line.startswith("| §")):
        where = row.rstrip("|").rsplit("|", 1)[-1]
        for name in re.findall(r"`([A-Za-z_][\w/]*(?:\.[A-Za-z_]\w*)+)`", where):
            if name.endswith(".py"):
                continue
            try:
                _resolve_doc_name(name)
            except (ImportError, AttributeError):
                missing.append(name)
    assert not missing, f"docs/architecture.md names functions that do not exist: {missing}"
