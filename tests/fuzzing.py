"""Hostile input for the fuzz tests of the readers (tests/test_fuzz_readers.py, tests/web/test_fuzz_web.py).

Strategies build JSON documents that a reader of outside input must refuse cleanly or accept:
deep nesting, numbers of thousands of digits, wrong types, truncated or non-UTF-8 bytes, and
valid documents (real game records and score sheets) with one value replaced by a hostile one.
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

GOLDEN = Path(__file__).parent / "golden"

_LONG = int(os.environ.get("CANASTA_FUZZ_EXAMPLES", "0"))
FUZZ = settings(max_examples=_LONG or 40, deadline=None, derandomize=not _LONG,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large])
"""Bounded fuzzing: 40 examples each from a fixed seed (the same examples in CI every time). For a long
hunt, ``CANASTA_FUZZ_EXAMPLES=5000`` runs that many random examples per target."""

SHEET: dict[str, Any] = {
    "variant": "classic",
    "deals": [
        {"NS": {"melds": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"], ["5H", "5S", "5D"]],
                "red_threes": ["3H", "3D"], "hand": ["AS", "7D"], "went_out": True, "concealed": False,
                "penalties": 0},
         "EW": {"melds": [["QH", "QS", "QD", "QC", "2C", "2D", "2H"]], "red_threes": ["3H"],
                "hand": ["9S", "4C"]}},
    ],
}
"""A valid score sheet (DESIGN.md's example deal)."""


def golden_record(name: str = "classic2_seed3.json") -> dict[str, Any]:
    """A real game record of ``tests/golden``."""
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def is_one_line(message: str, longest: int = 4000) -> bool:
    """A refusal's message: one non-empty line of at most ``longest`` characters, no traceback
    (so a reader never echoes a huge input back)."""
    text = message.strip()
    return bool(text) and "\n" not in text and len(text) <= longest and "Traceback" not in message


# ------------------------------------------------------------------ values

huge_ints = st.one_of(st.integers(min_value=2**63), st.integers(max_value=-(2**63)),
                      st.integers(min_value=10**30, max_value=10**45))
small_ints = st.integers(min_value=-1000, max_value=1000)
texts = st.one_of(st.text(max_size=30), st.sampled_from(["", " ", "KH", "JK", "draw", "\n", "\x00", "3", "-1",
                                                          "classic(", "9" * 50, "²", "٣", "true", "KH KS KD",
                                                          "[/bold]", "[red]x", "\x1b[2J", "a" * 200]))
scalars = st.one_of(st.none(), st.booleans(), small_ints, huge_ints, texts,
                    st.floats(allow_nan=False, allow_infinity=False))
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(texts, inner, max_size=4)), max_leaves=12)
"""Any JSON value (of modest size), biased towards the types readers confuse."""


def nested(depth: int, opener: str = "[") -> str:
    """``depth`` nested lists (``[[[...]]]``) or objects (``{"a":{"a":...}}``), closed or not."""
    if opener == "[":
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


@st.composite
def hostile_texts(draw: st.DrawFn) -> str:
    """JSON text that is too deep, holds a number too long, or is not quite JSON."""
    kind = draw(st.sampled_from(["deep", "deep_open", "deep_obj", "long_int", "json", "cut", "junk"]))
    if kind == "deep":
        return nested(draw(st.integers(33, 20000)))
    if kind == "deep_open":
        return "[" * draw(st.integers(33, 100000))
    if kind == "deep_obj":
        return nested(draw(st.integers(33, 3000)), "{")
    if kind == "long_int":
        n = draw(st.integers(41, 6000))
        sign = draw(st.sampled_from(["", "-"]))
        return draw(st.sampled_from([f"{sign}{'9' * n}", f'{{"seed": {sign}{"7" * n}}}', f"[1, {sign}{'1' * n}]",
                                     f"1{'0' * n}.5", f"1e{n}"]))
    if kind == "json":
        return json.dumps(draw(json_values))
    text = json.dumps(draw(json_values))
    if kind == "cut":
        return text[:draw(st.integers(0, max(0, len(text) - 1)))]
    return draw(st.sampled_from(["", "   ", "NaN", "[Infinity]", '{"a":1,"a":2}', '"\\ud800"', "[1,]", "{'a':1}",
                                 "\ufeff{}", "null", "true", "[]", "{}", "0", "-0", "1.5"]))


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:12]):  # the first entries of long lists (decks, moves) are enough
            out += _paths(v, path + (i,))
    return out


def _replace(doc: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    parent[path[-1]] = new
    return doc


@st.composite
def mutated(draw: st.DrawFn, doc: Any) -> Any:
    """``doc`` (a valid document) with one value replaced by a hostile one, or one key removed or added."""
    doc = copy.deepcopy(doc)
    path = draw(st.sampled_from(_paths(doc)))
    action = draw(st.sampled_from(["replace", "replace", "replace", "drop", "add"]))
    if action == "drop" and path:
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        del parent[path[-1]]
        return doc
    if action == "add":
        target = doc
        for k in path:
            target = target[k]
        if isinstance(target, dict):
            target[draw(texts)] = draw(json_values)
        elif isinstance(target, list):
            target.append(draw(json_values))
        return doc
    return _replace(doc, path, draw(json_values))


@st.composite
def hostile_documents(draw: st.DrawFn, doc: Any) -> bytes:
    """Bytes of a file or body: hostile text, ``doc`` mutated, truncated, or with a byte that is not UTF-8."""
    kind = draw(st.sampled_from(["hostile", "mutated", "mutated", "mutated", "truncated", "bad_byte"]))
    if kind == "hostile":
        return draw(hostile_texts()).encode("utf-8", "surrogatepass")
    text = json.dumps(draw(mutated(doc)) if kind == "mutated" else doc)
    data = text.encode("utf-8")
    if kind == "truncated":
        return data[:draw(st.integers(0, len(data) - 1))]
    if kind == "bad_byte":
        at = draw(st.integers(0, len(data)))
        return data[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\x80", b"\xed\xa0\x80"])) + data[at:]
    return data
