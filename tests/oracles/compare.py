"""What the oracle comparisons check, position by position (RULES.md §1.9).

For a play-phase position of the turn's player, ``truth`` is :func:`oracles.going_out.can_go_out` (some
sequence of legal moves of this turn ends with him out, after a modelled yes where he may ask). Compared:

1. ``ask``: where the rules would let him ask now apart from being able to go out (a partner, not asked
   yet, at least two cards so that a "no" leaves a discard, no pile set aside, no initial meld half made,
   ``ask_requires_going_out``: the engine's preconditions, RULES.md §1.9 and the engine conventions),
   ``ASK`` is offered exactly when ``truth``.
2. ``can_go_out_now``: where the side has opened or not started its initial meld this turn (the method
   says no in the middle of an initial meld), it equals ``truth``. Where asking is optional and the seat
   may still ask, ``truth`` counts going out with or without asking (the same set of going outs).
3. ``playable``: where ``ASK`` is offered, asking and being told yes leaves a going out reachable by the
   engine's real legal moves (its own "can he still go out" filters), so a yes never strands the player.
"""

from __future__ import annotations

from typing import Any

from canasta.cards.deck import THREE
from canasta.engine.deal import P_PLAY, Deal
from canasta.moves.actions import ASK_ID

from .going_out import OracleBudget, can_go_out, playable_after_yes


def ask_preconditions(d: Deal) -> bool:
    """The engine's conditions for offering ``ASK`` other than being able to go out."""
    seat = d.turn
    side = d.side_of[seat]
    return (d.answer == 0 and not d.asked and d.partner_of[seat] >= 0 and d.rules.team_size > 1
            and d.hand_sizes[seat] >= 2 and not d.pending and (d.opened[side] or d.open_total == 0)
            and not d.conceal_only and d.must_canasta < 0 and not d.no_discard
            and d.rules.ask_requires_going_out)


def describe(d: Deal) -> str:
    from canasta.cards.deck import cards_str
    seat = d.turn
    side = d.side_of[seat]
    h = [c for c in range(len(d.hands[seat])) for _ in range(d.hands[seat][c])]
    melds = "; ".join(f"{m.target}:{cards_str(m.cards)}" for m in d.melds[side])
    return (f"seat {seat} hand [{cards_str(h)}] pending [{cards_str(d.pending)}] melds {{{melds}}} "
            f"canastas {d.canastas[side]} opened {d.opened[side]} open_total {d.open_total} "
            f"answer {d.answer} drew {d.drew} turn_new {len(d.turn_new)}")


def compare_position(d: Deal, stats: dict[str, int], budget: int = 100_000) -> list[str]:
    """Problems found at position ``d`` (empty if the engine agrees with the oracle); counts in ``stats``."""
    problems: list[str] = []
    try:
        truth = can_go_out(d, budget)
    except OracleBudget:
        stats["skipped"] = stats.get("skipped", 0) + 1
        return problems
    stats["positions"] = stats.get("positions", 0) + 1
    if truth:
        stats["out"] = stats.get("out", 0) + 1
    seat = d.turn
    side = d.side_of[seat]
    if ask_preconditions(d):
        stats["ask_checked"] = stats.get("ask_checked", 0) + 1
        offered = ASK_ID in d.legal_actions()
        if offered != truth:
            problems.append(f"ask offered={offered} oracle={truth}: {describe(d)}")
    if d.answer >= 0 and (d.opened[side] or d.open_total == 0):
        fast = d.clone().can_go_out_now()
        if fast != truth and not (d.answer == 0 and d.rules.must_ask_to_go_out and d.asked):
            problems.append(f"can_go_out_now={fast} oracle={truth}: {describe(d)}")
    if truth and ASK_ID in d.legal_actions():
        try:
            ok = playable_after_yes(d, budget)
        except OracleBudget:
            ok = True
        if not ok:
            problems.append(f"told yes, no legal going out: {describe(d)}")
    return problems


def summary(stats: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(stats.items()))


def compare_opening(d: Deal, stats: dict[str, int], budget: int = 50_000, per_move: bool = True) -> list[str]:
    """At an unopened side's play position, with nothing melded yet this turn or after melds of this turn that do
    not reach the minimum yet (RULES.md §1.6): the engine
    offers a meld or addition exactly when the oracle (:func:`oracles.going_out.can_open`) can reach the
    minimum this turn, counting only openings that keep a card (a concealed going out that waives the
    minimum is left out: where the engine offers a move only for such a going out, it is not counted a
    disagreement). With ``per_move``, each meld or addition is offered exactly when the minimum stays
    reachable after it, or (offered only) a going out does (:func:`oracles.going_out.can_go_out` after it).
    Sets of black threes laid out apart (§3.4, §3.5) count for nothing here; escalator's (§3.5, "at any time") must
    be offered where nothing was laid toward the initial meld this turn, and after a start are checked as any meld.
    With ``special_opening`` (§3.4) the oracle keeps the shape rules (:func:`oracles.going_out.special_shape_ok`)
    and searches the rest."""
    from canasta.moves.actions import ACTIONS
    from canasta.moves.notation import ADD, MELD

    from .going_out import can_open
    seat = d.turn
    side = d.side_of[seat]
    if d.opened[side] or d.answer:
        return []
    try:
        truth = can_open(d, budget)
    except OracleBudget:
        stats["open_skipped"] = stats.get("open_skipped", 0) + 1
        return []
    stats["open_checked"] = stats.get("open_checked", 0) + 1
    # sets of black threes laid out apart (escalator §3.5, §3.4) are no part of the initial meld: legal anyway
    apart = d.rules.black3_melds_anytime or d.rules.black3_set_leaves_play
    offered = any(ACTIONS[a][0] in (MELD, ADD) and not (apart and ACTIONS[a][1] == THREE) for a in d.legal_actions())
    if truth and not offered:
        return [f"opening reachable but no meld offered: {describe(d)}"]
    if offered and not truth and not can_go_out(d, budget):
        return [f"meld offered but the minimum is out of reach: {describe(d)}"]
    if not per_move:
        return []
    # each first meld: offered exactly when the minimum stays reachable after it (the relaxed moves, applied
    # with the engine's choice of suits)
    from .going_out import open_relaxed
    problems = []
    legal = set(d.legal_actions())
    r = d.clone()
    r.__class__ = open_relaxed(type(r))
    r._legal = None
    for a in r.legal_actions():
        if ACTIONS[a][0] not in (MELD, ADD):
            continue
        if apart and ACTIONS[a][1] == THREE:
            if d.rules.black3_set_leaves_play:
                continue  # put out of play, no meld at all (§3.4): legal whatever the opening
            if d.open_total == 0 and not d.pending:  # "at any time" (§3.5): nothing toward the initial meld yet
                if a not in legal:
                    problems.append(f"black-three set {ACTIONS[a]} refused before any meld: {describe(d)}")
                continue
            # after a start toward the initial meld, the set (which counts nothing) must leave it reachable
        after = d.clone()
        after.__class__ = type(r)
        after._legal = None
        after.apply_action(a)
        after.__class__ = type(d)
        after._legal = None
        try:
            ok = (after.opened[side] or after._opening_met(side)) or (
                after.phase == P_PLAY and after.turn == seat and not after.over and can_open(after, budget))
        except OracleBudget:
            continue
        if ok == (a in legal):
            continue
        if not ok:  # offered though the minimum is out of reach after it: only for a going out (waiver)
            try:
                if can_go_out(after, budget):
                    continue
            except OracleBudget:
                continue
        problems.append(f"move {ACTIONS[a]} offered={a in legal} oracle={ok}: {describe(d)}")
    return problems
