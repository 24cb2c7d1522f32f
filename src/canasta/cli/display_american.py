"""What the terminal shows of Modern American Canasta and Hand and Foot (RULES_AMERICAN.md), as Rich text:
the turn card and the talons (A.2), dead ranks (A.6), canastas by kind (A.8; Hand and Foot's clean and dirty
books, B.6, B.10), each player's foot (B.9) and the round's minimum (B.8).

Pure functions of a :class:`~canasta.engine.deal.PlayerView` (what one seat may know); the facts come from
:mod:`canasta.engine.view_facts`, shared with the browser. A talon's and a foot's cards lie face down, so only
their sizes are shown (A.2, B.9).
"""

from __future__ import annotations

from rich.text import Text

from canasta.engine.deal import PlayerView
from canasta.engine.view_facts import (
    canasta_counts,
    dead_ranks,
    feet_waiting,
    round_minimum,
    shows_kinds,
    talons_waiting,
    turn_card,
)
from canasta.rules.fields import Rules

KIND_WORDS = {"natural": "natural", "mixed": "mixed", "wild": "wild", "sevens": "of sevens", "aces": "of aces"}
"""Kinds of canasta as the terminal says them (:data:`canasta.engine.view_facts.CANASTA_KINDS`)."""
BOOK_WORDS = {"natural": "clean", "mixed": "dirty", "wild": "wild"}
"""Hand and Foot's names of the kinds of book (RULES_AMERICAN.md B.6)."""


def contract_text(view: PlayerView, side: int) -> Text | None:
    """Hand and Foot's going-out contract and how far ``side`` is (B.10): ``books to go out: clean 1 of 2, dirty
    1 of 2`` or ``books clean 2 of 2, dirty 2 of 2: may go out (from the foot)``; None where the rules have no
    foot or their contract names other kinds than clean, dirty and wild books (the generic text says it)."""
    rules = view.rules
    need = rules.going_out_canastas
    if not rules.has_foot or not need or any(k not in BOOK_WORDS for k in need):
        return None
    have = canasta_counts(view, side)
    parts = [f"{BOOK_WORDS[k]} {min(have[k], need.count(k))} of {need.count(k)}" for k in BOOK_WORDS if k in need]
    met = all(have[k] >= need.count(k) for k in BOOK_WORDS) and sum(have.values()) >= rules.canastas_to_go_out
    if met:
        return Text("books " + ", ".join(parts) + ": may go out (from the foot)", style="green")
    return Text("books to go out: " + ", ".join(parts), style="yellow")


def kinds_text(view: PlayerView, side: int) -> Text:
    """``side``'s canastas by kind: ``books: 2 clean, 0 dirty`` where the rules have a foot (Hand and Foot: clean
    and dirty always, for the going-out contract; wild when there is one), else the kinds it has (``canastas: 1
    natural, 1 of aces``); empty where not shown or where the side has no canasta yet."""
    if not shows_kinds(view.rules) or contract_text(view, side) is not None:  # the contract's line says them
        return Text()
    counts = canasta_counts(view, side)
    foot = view.rules.has_foot
    words = BOOK_WORDS if foot else KIND_WORDS
    parts = [f"{n} {words[k]}" for k, n in counts.items() if k in words and (n or (foot and k != "wild"))]
    if not parts:
        return Text()
    return Text(("books: " if foot else "canastas: ") + ", ".join(parts), style="cyan")


def seat_cards_extra(view: PlayerView, seat: int) -> str:
    """What follows ``seat``'s card count: ``+4 talon`` (a talon waiting for his next turn, A.2), ``+11 foot``
    (his foot face down, B.9) or ``in foot`` (picked up); '' elsewhere."""
    talons = talons_waiting(view)
    if talons:
        return f"+{talons[seat]} talon" if talons[seat] else ""
    feet = feet_waiting(view)
    if feet:
        return f"+{feet[seat]} foot" if feet[seat] else "in foot"
    return ""


def pile_lines(view: PlayerView) -> Text:
    """Lines under the pile: where the turn card is and the talon each side would earn (A.2), and the dead
    ranks (A.6); empty where the variant has neither."""
    out = Text()
    card = turn_card(view)
    if card is not None:
        out.append("\n  TURN CARD", style="bold cyan")
        if card.drawn:
            out.append(": drawn; no talon any more")
        else:
            above = "the next card drawn" if not card.above else f"{card.above} cards above it"
            mine = card.talons[view.side] if view.side < len(card.talons) else 0
            talon = f"; talon for opening now: {mine}" if mine else ""
            out.append(f": {above} ({card.from_bottom}th from the bottom){talon}")
    dead = dead_ranks(view)
    if dead:
        out.append("\n  DEAD", style="bold red")
        out.append(f": {' '.join(dead)} (a canasta is closed: no meld of these ranks, no pile topped by one)")
    return out


def game_length(rules: Rules) -> str:
    """How the game ends, for titles: ``a game of 4 deals`` where it has so many deals (``rounds``, Hand and Foot
    B.13), else ``game to 5000`` (the target, §1.12)."""
    return f"a game of {rules.rounds} deals" if rules.rounds else f"game to {rules.target}"


def game_goes_on(rules: Rules, deals: int) -> str:
    """The sentence for a game with no winner yet after ``deals`` scored deals: to the target score (§1.12), or,
    where the game is a number of deals (``rounds``, Hand and Foot B.13), how many deals are left."""
    if rules.rounds:
        return f"No winner yet: {deals} of {rules.rounds} deals played, {rules.rounds - deals} to go."
    return f"No winner yet: the game goes on to {rules.target}."


def round_text(rules: Rules, deal_number: int) -> str:
    """``round 2 of 4, minimum 90`` where the minimum count goes by round (``round_minimums``, B.8), else ''."""
    facts = round_minimum(rules, deal_number)
    if facts is None:
        return ""
    n, rounds, minimum = facts
    return f"round {n}{f' of {rounds}' if rounds else ''}, minimum {minimum}"
