"""The move-id table of the environment's action space, in words.

The ids are the engine's (:data:`canasta.moves.actions.ACTIONS`, built once at import);
this module only describes them: :func:`action_name` names one id,
:func:`action_table` lists the id ranges as Markdown (the table in docs/env.md).
"""

from __future__ import annotations

from canasta.cards.deck import card_str
from canasta.cards.sequences import span_decode, span_str
from canasta.moves.actions import (
    ACTION_INDEX,
    ACTIONS,
    DECLARE_ID,
    GROUP_WILD_COMBOS,
    LAYOUT_ID,
    MAX_NATURALS,
    N_ACTIONS,
    SEQ_ADD_BASE,
    SEQ_LONG_ADD_BASE,
    SEQ_MELD_BASE,
    SEQ_TAKE_BASE,
    WILD_MELD_COMBOS,
    WILD_SEQ_ADD_BASE,
    WILD_SEQ_MELD_BASE,
    WILD_SEQ_TAKE_BASE,
)
from canasta.moves.notation import (
    ADD,
    DISCARD,
    KIND_NAMES,
    MELD,
    SEQ_TARGET,
    SEQ_WILD,
    TAKE,
    TAKE_SEQ,
    TAKE_SEQ_WILD,
    WILD_TARGET,
    target_str,
)

TAKE_MODE_NAMES = ("add the top card to the side's meld", "a natural pair", "a natural and a two",
                   "a natural and a joker")
"""Ways of taking the pile, by take mode (TAKE_ADD, TAKE_PAIR, TAKE_NAT_TWO, TAKE_NAT_JOKER)."""


def action_name(action: int) -> str:
    """A move id in words, e.g. ``meld K: 3 naturals, 1 two, 0 jokers`` or ``discard 7S``.

    Raises:
        ValueError: ``action`` is not in ``range(N_ACTIONS)``.
    """
    if not 0 <= action < N_ACTIONS:
        raise ValueError(f"{action} is not a move id (0..{N_ACTIONS - 1})")
    kind, arg, n, t, j = ACTIONS[action]
    name = KIND_NAMES[kind]
    if kind == TAKE and arg == TAKE_SEQ:
        return f"take the pile by adding its top card to the sequence {span_str((n, t, j))}"
    if kind in (MELD, ADD) and arg == SEQ_TARGET:
        if kind == MELD:
            return f"meld the sequence {span_str((n, t, j))}"
        (lo, hi), (a, b) = span_decode(t), span_decode(j)
        return f"add to the sequence {span_str((n, lo, hi))}, making it {span_str((n, a, b))}"
    if kind == TAKE and arg == TAKE_SEQ_WILD:
        lo, hi = span_decode(t)
        return (f"take the pile by adding its top card to the sequence {span_str((n, lo, hi))} whose wild card "
                f"stands for {card_str(j * 4 + n)}")
    if kind in (MELD, ADD) and arg == SEQ_WILD:
        wild = ("", "a two", "a joker")[j & 3]
        if kind == MELD:
            lo, hi = span_decode(t)
            return f"meld the sequence {span_str((n, lo, hi))} with {wild} standing for {card_str((j >> 2) * 4 + n)}"
        (lo, hi), hole, (a, b) = span_decode(t >> 4), t & 15, span_decode(j >> 2)
        if j & 3:
            return (f"add to the sequence {span_str((n, lo, hi))}, making it {span_str((n, a, b))}, with {wild} "
                    f"standing for {card_str(hole * 4 + n)}")
        return (f"add to the sequence {span_str((n, lo, hi))} whose wild card stands for {card_str(hole * 4 + n)}, "
                f"making it {span_str((n, a, b))}")
    if action == DECLARE_ID:
        return "declare: lay the whole hand down as a special hand (Modern American Canasta)"
    if action == LAYOUT_ID:
        return "layout: lay out the three kept back for the Straight and draw its replacement (Modern American Canasta)"
    if kind == TAKE:
        return f"take the pile with {TAKE_MODE_NAMES[arg]}"
    if kind == DISCARD:
        return f"discard {card_str(arg)}"
    if kind in (MELD, ADD):
        if arg == WILD_TARGET:
            return f"{name} W (wild cards only): {t} two(s), {j} joker(s)"
        return f"{name} {target_str(arg)}: {n} natural(s), {t} two(s), {j} joker(s)"
    return name


def _first(key: tuple[int, int, int, int, int]) -> int:
    return ACTION_INDEX[key]


def action_table() -> str:
    """The id ranges of the action space as a Markdown table (for docs/env.md)."""
    per_target = (MAX_NATURALS + 1) * len(GROUP_WILD_COMBOS)
    rows = ["| ids | move | id within the range |", "| --- | --- | --- |"]
    for kind in ("draw", "ask", "yes", "no", "pass"):
        i = _first((KIND_NAMES.index(kind), -1, 0, 0, 0))
        rows.append(f"| {i} | `{kind}` | |")
    t0 = _first((TAKE, 0, 0, 0, 0))
    rows.append(f"| {t0}..{t0 + 3} | `take`: " + "; ".join(
        f"{t0 + m} = {TAKE_MODE_NAMES[m]}" for m in range(4)) + " | mode |")
    d0 = _first((DISCARD, 0, 0, 0, 0))
    rows.append(f"| {d0}..{d0 + 52} | `discard CARD` | {d0} + card type (rank*4+suit; 52 = joker) |")
    combos = ", ".join(f"{i}=({t},{j})" for i, (t, j) in enumerate(GROUP_WILD_COMBOS))
    for k in (MELD, ADD):
        g0 = _first((k, 0, 0, 0, 0))
        w0 = _first((k, WILD_TARGET, 0) + WILD_MELD_COMBOS[0])
        rows.append(
            f"| {g0}..{g0 + 13 * per_target - 1} | `{KIND_NAMES[k]}` of a rank target 0..12 "
            f"(0 = twos group where the variant has one, 1 = black threes, 2..12 = 4..A) | "
            f"{g0} + target*{per_target} + naturals*{len(GROUP_WILD_COMBOS)} + combo; combo = index "
            f"of (twos, jokers) in [{combos}] |")
        rows.append(
            f"| {w0}..{w0 + len(WILD_MELD_COMBOS) - 1} | `{KIND_NAMES[k]}` of wild cards only "
            f"(target W) | {w0} + index of (twos, jokers) in the pairs t=0..12, j=0..8 with t+j>0, "
            "t-major |")
    seq_adds = SEQ_TAKE_BASE - SEQ_ADD_BASE
    rows.append(f"| {SEQ_MELD_BASE}..{SEQ_ADD_BASE - 1} | `meld` of a sequence (§3.2; variants with "
                "sequences) | key (meld, 14, suit, low, high): suit-major, then low rank index 2..10, then "
                "high rank index, 3 to 7 cards |")
    rows.append(f"| {SEQ_ADD_BASE}..{SEQ_ADD_BASE + seq_adds - 1} | `add` to a sequence | key (add, 14, suit, "
                "low*16+high before, low*16+high after): suit-major, then the range before, then the range "
                "after (containing it, at most 7 cards) |")
    rows.append(f"| {SEQ_TAKE_BASE}..{SEQ_LONG_ADD_BASE - 1} | `take` by adding the top card to a sequence | key "
                f"(take, {TAKE_SEQ}, suit, low, high) of the sequence taken to (3 to 6 cards), suit-major |")
    rows.append(f"| {SEQ_LONG_ADD_BASE}..{WILD_SEQ_MELD_BASE - 1} | `add` to a sequence taking it past 7 cards "
                "(when going out, where the variant allows it) | key as `add` to a sequence, 8 to 11 cards after: "
                "suit-major, then low and high before, then low and high after |")
    rows.append(f"| {WILD_SEQ_MELD_BASE}..{WILD_SEQ_ADD_BASE - 1} | `meld` of a sequence holding a wild card "
                f"(Hollywood) | key (meld, {SEQ_WILD}, suit, low*16+high, hole*4+wk), hole = rank index the wild card "
                "stands for, wk 1 = a two, 2 = a joker: suit-major, then the range (3 to 7 cards), hole, wk |")
    rows.append(f"| {WILD_SEQ_ADD_BASE}..{WILD_SEQ_TAKE_BASE - 1} | `add` to a sequence with a wild card in it "
                f"after (Hollywood) | key (add, {SEQ_WILD}, suit, (low*16+high before)*16+hole, (low*16+high after)*4"
                "+wk): wk 0 = natural cards added to a sequence whose wild card stands for hole, 1/2 = a two/joker "
                "added standing for hole; suit-major, then the range before (3 to 6 cards), the range after (at most "
                "7), then wk 0 by hole, then the holes outside the range before by hole and wk |")
    rows.append(f"| {WILD_SEQ_TAKE_BASE}..{DECLARE_ID - 1} | `take` by adding the top card to a sequence holding "
                f"a wild card (Hollywood) | key (take, {TAKE_SEQ_WILD}, suit, low*16+high, hole): suit-major, then "
                "the range (3 to 6 cards), hole |")
    rows.append(f"| {DECLARE_ID} | `declare`: the whole hand laid down as a special hand (Modern American "
                "Canasta, A.11) | |")
    rows.append(f"| {LAYOUT_ID} | `layout`: the three kept back for the Straight laid out and replaced (Modern "
                "American Canasta, A.3) | |")
    rows.append(f"| (total) | {N_ACTIONS} ids | |")
    return "\n".join(rows)
