"""Build of the compiled core: the engine's modules compiled with mypyc (issue 17, docs/bench.md "The build").

``pip install .`` and ``pip install -e .`` compile the modules of :data:`COMPILED_PACKAGES` (but
:data:`NOT_COMPILED`) into C extension modules with mypyc (it ships with mypy, a build requirement in
pyproject.toml). The pure-Python package is installed instead, with one line saying why, when ``CANASTA_PURE=1``
is in the environment, when mypyc cannot be imported, when no C compiler works, or when compiling fails: the
same modules, the same moves, slower. ``canasta --version`` and ``canasta bench --json`` say which build runs
(canasta.build_info).

In an editable install setuptools builds the extension modules and copies them next to their sources
(``src/canasta/engine/*.so`` and mypyc's shared library ``src/*__mypyc*.so``); a compiled module shadows its
``.py``, so after editing one, install again (scripts/test.sh and scripts/play.sh do, through
scripts/install.sh, when a source changed). ``build/mypyc`` holds the C files mypyc writes.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"

COMPILED_PACKAGES = ("canasta/engine", "canasta/cards", "canasta/rules")
"""Packages whose modules are compiled (with their subpackages: engine/movegen, engine/constraints)."""
NOT_COMPILED = (
    # Deal's methods are module functions set as class attributes (a compiled function does not bind as a
    # method), its __new__ picks SeqDeal, and SeqDeal inherits from two classes: it stays a Python class
    # over the compiled DealState.
    "canasta/engine/deal.py",
)
"""Modules of those packages left in Python, and why."""
COMPILED_MODULES = (
    # the research environment's per-move work: the observation tracker, the public memory (issue 17)
    "canasta/env/tracker.py",
    "canasta/env/observation.py",
    # the vectorised environment's step loop (the learner's and the bots' moves straight on the core)
    "canasta/env/vector_core.py",
    # the score of a finished deal (every deal the engine, the environments and the bots end is scored);
    # sides.py (SideResult, SideScore: copied with dataclasses.replace) and errors.py (ScoringError) stay Python
    "canasta/scoring/deal_score.py",
    "canasta/scoring/bonuses.py",
    "canasta/scoring/meld_shape.py",
    "canasta/scoring/canasta_kinds.py",
    "canasta/scoring/rank_kinds.py",
    "canasta/scoring/american.py",
    # the hard bot's card memory and what it reads per decision (the position, the unseen cards)
    "canasta/agents/memory.py",
    "canasta/agents/unseen.py",
    "canasta/agents/position.py",
    # the decisions of the rule-of-thumb bots (hard, medium, easy; the expert's rollouts): their classes stay
    # Python classes (native_class=False, pickled as in the pure build), their methods and functions compiled;
    # every subclass of HeuristicAgent is here (a compiled method checks ``self`` against the classes it knows)
    "canasta/agents/heuristic.py",
    "canasta/agents/hard_play.py",
    "canasta/agents/hard.py",
    "canasta/agents/levels.py",
    "canasta/agents/opening.py",
    "canasta/agents/seqbot.py",
    "canasta/agents/goals.py",
    "canasta/agents/special_plan.py",
    "canasta/agents/red_threes.py",
)
"""Single modules of other packages compiled too: plain classes and functions, no subclass elsewhere (a compiled
class cannot be subclassed by a Python one) and nothing a test replaces."""


def compiled_sources() -> list[str]:
    """The source files compiled by mypyc, relative to ``src``: those of :data:`COMPILED_PACKAGES` (sorted), then
    :data:`COMPILED_MODULES`."""
    found = []
    for pkg in COMPILED_PACKAGES:
        for path in sorted((SRC / pkg).rglob("*.py")):
            rel = path.relative_to(SRC).as_posix()
            if rel not in NOT_COMPILED:
                found.append(rel)
    return found + [rel for rel in COMPILED_MODULES if (SRC / rel).exists()] if _has_numpy() else found


def _has_numpy() -> bool:
    """Whether NumPy is importable where the build runs: mypyc reads the types of the modules that
    :data:`COMPILED_MODULES` import, and the environment's and the learned bot's use NumPy's (it is a build
    requirement in pyproject.toml; a build without it compiles the engine only)."""
    import importlib.util

    return importlib.util.find_spec("numpy") is not None


def say(line: str) -> None:
    """One line on the build's standard error (pip shows it with ``-v``, and on failure)."""
    print(f"canasta build: {line}", file=sys.stderr, flush=True)


def compiler_problem() -> str | None:
    """Why the C compiler setuptools would use cannot compile a file that includes Python.h, or None if it can."""
    import tempfile

    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    try:
        cc = new_compiler()
        customize_compiler(cc)
        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp) / "probe.c"
            src.write_text("#include <Python.h>\nint main(void) { return 0; }\n")
            import sysconfig

            cc.compile([str(src)], output_dir=tmp, include_dirs=[sysconfig.get_paths()["include"]])
        return None
    except Exception as e:  # noqa: BLE001 - any failure means: no usable compiler
        return f"no usable C compiler ({type(e).__name__} compiling a test file)"


class OptionalBuildExt(build_ext):
    """build_ext that falls back to the pure-Python package when compiling fails (the .py files are installed
    either way; only the extension modules are missing)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:  # mypyc writes one C file per module (multi_file): compile them side by side
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # noqa: BLE001 - compiler errors come in many classes
            pure(f"compiling failed ({type(e).__name__}: {e})")
            self.extensions = []

    def get_outputs(self) -> list[str]:
        return super().get_outputs() if self.extensions else []

    def get_output_mapping(self) -> dict[str, str]:
        return super().get_output_mapping() if self.extensions else {}


BUILDING = ("build_ext", "build", "bdist_wheel", "editable_wheel", "install", "develop")
"""The setup.py commands that build extension modules (pip also runs setup.py for metadata alone)."""


def drop_stale_extensions() -> None:
    """Delete the extension modules an earlier compiled editable install left next to the sources: a pure
    editable install must not import them."""
    stale = sorted(SRC.rglob("*.so")) + sorted(SRC.rglob("*.pyd"))
    for path in stale:
        path.unlink()
    if stale:
        say(f"removed {len(stale)} compiled modules of an earlier build from src/")


def pure(reason: str) -> list:
    """No extension modules: says so in one line; in an editable install, also drops those of an earlier build."""
    say(f"{reason}: installing the pure-Python package")
    if "editable_wheel" in sys.argv:
        drop_stale_extensions()
    return []


def ext_modules() -> list:
    """The mypyc extension modules, or none (the pure-Python package) with one line saying why."""
    if not any(arg in BUILDING for arg in sys.argv[1:]):
        return []
    if os.environ.get("CANASTA_PURE", "") not in ("", "0"):
        return pure("CANASTA_PURE is set")
    try:
        from mypyc.build import mypycify
    except ImportError:
        return pure("mypyc is not available")
    problem = compiler_problem()
    if problem:
        return pure(problem)
    paths = [f"src/{rel}" for rel in compiled_sources()]  # pip builds in the project's directory
    say(f"compiling {len(paths)} modules with mypyc (CANASTA_PURE=1 installs the pure-Python package)")
    try:
        return mypycify(paths, opt_level="3", multi_file=True, target_dir="build/mypyc", group_name="canasta_core")
    except (Exception, SystemExit) as e:  # noqa: BLE001 - mypyc reports type errors by exiting
        return pure(f"mypyc failed ({type(e).__name__}: {e})")


setup(ext_modules=ext_modules(), cmdclass={"build_ext": OptionalBuildExt})
