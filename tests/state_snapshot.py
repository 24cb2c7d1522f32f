"""The one full-state serialisation of a :class:`~canasta.engine.deal.Deal` for tests (issue #13).

:func:`full_state` turns *every* slot of a deal into plain, comparable values, recursively: hands, counts,
stock, pile, every :class:`~canasta.engine.deal.Meld` with all its fields, the random generator's state, the rules,
the meld limits, the turn flags, and whatever slot is added later (the slot names are read from the class,
never listed here). Two deals are in the same state exactly when their ``full_state`` values are equal.

Left out, and only these:

* ``Deal._legal``, the legal-move cache (filled by the first :meth:`~canasta.engine.deal.Deal.legal_actions` of a
  state, emptied by every move);
* ``Deal._out_dead``, the turn in which going out was found impossible (filled by "may I go out?": once
  impossible, every later state of that turn has fewer options, so the answer follows from the state);
* ``Deal._shared``, set on the search copies of one turn (``Deal._copy(False)``) and on a clone and its original
  (``Deal.clone()``): their Meld objects may be another deal's until a move changes one, which copies it first;
  it says how the deal holds its melds, not what they are;
* ``Deal._rng_shared``, set on a clone and its original: their random generator is shared until one of them
  uses it, which copies it first (``DealState.rng``); it says how the deal holds it, not what it draws;
* ``MeldLimits.options``, the process-wide memo of meld options that ``Deal.meld_limits`` points to (shared by every
  deal with the same limits, filled by move generation; its content follows from the limits alone).

Aliasing is part of the state: a mutable object met a second time is written as a reference to the path
where it was first met (``Deal.turn_new`` holds melds of ``Deal.melds``; a copy that broke that link would
not compare equal).

:func:`shared_mutables` lists the mutable objects that two deals share (what :meth:`Deal.clone` must not do).
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator
from typing import Any

from canasta.engine.deal import Deal

SKIP_SLOTS = {"_legal", "_out_dead", "_shared", "_rng_shared", "_open_memo"}
"""Slots of a Deal that are not state (caches of answers that follow from the state; ``_open_memo`` holds exact
answers about states of the turn, found by the initial-meld search)."""
SKIP_ATTRS = {("MeldLimits", "options")}
"""(class name, attribute) pairs of inner objects that are memos, not state."""
_PRIMITIVE = (type(None), bool, int, float, str, bytes, complex)


def slot_names(cls: type) -> list[str]:
    """Every slot name of ``cls`` and its bases (in order of definition, no duplicates)."""
    names: list[str] = []
    for k in reversed(cls.__mro__):
        # a class of the compiled core (mypyc) has no __slots__ but lists its attributes in __mypyc_attrs__
        slots = k.__dict__.get("__slots__", ()) or k.__dict__.get("__mypyc_attrs__", ())
        if isinstance(slots, str):
            slots = (slots,)
        for s in slots:
            if s not in names and s not in ("__dict__", "__weakref__"):
                names.append(s)
    return names


def _attrs(obj: Any) -> list[str]:
    names = slot_names(type(obj))
    if hasattr(obj, "__dict__"):
        names += [k for k in vars(obj) if k not in names]
    return [n for n in names if (type(obj).__name__, n) not in SKIP_ATTRS]


def _encode(obj: Any, path: str, memo: dict[int, str]) -> Any:
    if isinstance(obj, _PRIMITIVE):
        return (type(obj).__name__, obj)
    if isinstance(obj, tuple) and not hasattr(obj, "_fields"):
        return ("tuple", tuple(_encode(x, f"{path}[{i}]", memo) for i, x in enumerate(obj)))
    if isinstance(obj, type) or callable(obj) and not hasattr(obj, "__slots__") and not hasattr(obj, "__dict__"):
        return ("callable", getattr(obj, "__qualname__", repr(obj)))
    key = id(obj)
    if key in memo:
        return ("ref", memo[key])
    memo[key] = path
    if isinstance(obj, random.Random):
        return ("Random", obj.getstate())
    if isinstance(obj, list):
        return ("list", tuple(_encode(x, f"{path}[{i}]", memo) for i, x in enumerate(obj)))
    if isinstance(obj, bytearray):
        return ("bytearray", bytes(obj))
    if isinstance(obj, dict):
        items = sorted(obj.items(), key=lambda kv: repr(kv[0]))
        return ("dict", tuple((repr(k), _encode(v, f"{path}[{k!r}]", memo)) for k, v in items))
    if isinstance(obj, (set, frozenset)):
        return (type(obj).__name__, tuple(sorted(repr(x) for x in obj)))
    if dataclasses.is_dataclass(obj):  # its fields (a cached_property's memo in __dict__ is derived)
        return (type(obj).__qualname__, tuple((f.name, _encode(getattr(obj, f.name), f"{path}.{f.name}", memo))
                                              for f in dataclasses.fields(obj)))
    if hasattr(obj, "__slots__") or hasattr(obj, "__dict__") or hasattr(obj, "__mypyc_attrs__"):
        return (type(obj).__qualname__,
                tuple((a, _encode(getattr(obj, a, "<unset>"), f"{path}.{a}", memo)) for a in _attrs(obj)))
    raise TypeError(f"full_state cannot encode {type(obj).__name__} at {path}")


def full_state(deal: Deal) -> tuple[Any, ...]:
    """The complete state of ``deal`` as nested tuples of plain values (see the module docstring).

    Reading it changes nothing (no engine method is called). A slot never set is written ``<unset>``.
    """
    memo: dict[int, str] = {}
    out = [("class", type(deal).__qualname__)]
    for name in slot_names(type(deal)):
        if name in SKIP_SLOTS:
            continue
        out.append((name, _encode(getattr(deal, name, "<unset>"), name, memo)))
    return tuple(out)


def state_diff(a: tuple[Any, ...], b: tuple[Any, ...]) -> list[str]:
    """Names of the top-level slots whose values differ between two :func:`full_state` results."""
    da, db = dict(a), dict(b)
    return [k for k in da if da[k] != db.get(k)] + [k for k in db if k not in da]


_IMMUTABLE_OK = ("Rules", "VariantRanks", "MeldLimits")
"""Objects a copy may share: frozen descriptions of the variant (``Rules``, ``VariantRanks``) and the meld
limits (read-only after creation, except the process-wide memo they point to)."""


def _mutables(obj: Any, path: str, seen: set[int]) -> Iterator[tuple[int, str]]:
    if isinstance(obj, _PRIMITIVE) or isinstance(obj, type):
        return
    if type(obj).__name__ in _IMMUTABLE_OK:
        return
    key = id(obj)
    if key in seen:
        return
    seen.add(key)
    if isinstance(obj, tuple):
        for i, x in enumerate(obj):
            yield from _mutables(x, f"{path}[{i}]", seen)
        return
    yield key, path
    if isinstance(obj, list):
        for i, x in enumerate(obj):
            yield from _mutables(x, f"{path}[{i}]", seen)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from _mutables(v, f"{path}[{k!r}]", seen)
    elif isinstance(obj, random.Random):
        return
    elif hasattr(obj, "__slots__") or hasattr(obj, "__dict__"):
        for a in _attrs(obj):
            yield from _mutables(getattr(obj, a, None), f"{path}.{a}", seen)


def deal_mutables(deal: Any, skip: tuple[str, ...] = tuple(SKIP_SLOTS)) -> dict[int, str]:
    """Every mutable object reachable from ``deal`` (lists, dicts, melds, generators, ...), by id, with the path
    where it was found; the variant's frozen descriptions and the meld limits are not counted."""
    seen: set[int] = set()
    out: dict[int, str] = {}
    for name in slot_names(type(deal)) if isinstance(deal, Deal) else _attrs(deal):
        if name in skip:
            continue
        for key, path in _mutables(getattr(deal, name, None), name, seen):
            out[key] = path
    return out


def _copied_on_write(a: Any, b: Any, path: str) -> bool:
    """Whether the object at ``path`` may be shared by the deals ``a`` and ``b`` because each copies it before
    changing it: the random generator where both hold it shared (``_rng_shared``: the first to draw copies it,
    ``DealState.rng``), a Meld object (at ``melds[i][j]``, ``seqs[i][j]`` or ``turn_new[i]``, never its card list)
    where both hold their melds shared (``_shared``: ``apply.meld_cards`` copies a meld before changing it)."""
    if path == "_rng":
        return bool(getattr(a, "_rng_shared", False) and getattr(b, "_rng_shared", False))
    meld = re.fullmatch(r"(melds|seqs)\[\d+\]\[\d+\]|turn_new\[\d+\]", path)
    return bool(meld and getattr(a, "_shared", False) and getattr(b, "_shared", False))


def shared_mutables(a: Any, b: Any) -> list[str]:
    """Paths in ``b`` of the mutable objects that ``a`` and ``b`` share (empty: changing one never changes the
    other). Objects both copy before changing them (copy on write: the generator of a clone, the Meld objects of
    a clone) are not counted, nor what they hold."""
    ma = deal_mutables(a)
    mb = deal_mutables(b)
    cow = [path for key, path in mb.items() if key in ma and _copied_on_write(a, b, path)]
    return sorted(path for key, path in mb.items()
                  if key in ma and not any(path == p or path.startswith(p + ".") for p in cow))
