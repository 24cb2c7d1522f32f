"""Text picture of the table for the environment's ``render()``: public information only.

It shows what a spectator sees: scores, every side's melds and red threes, the
pile's top card and size, the stock and how many cards each seat holds -- never
a hand.
"""

from __future__ import annotations

from canasta.cards.deck import card_str
from canasta.engine.deal import PlayerView


def public_table(view: PlayerView) -> str:
    """Several lines describing the table from the public part of ``view`` (no hand is shown)."""
    rules = view.rules
    lines = [f"{rules.spec()} -- turn {view.turn_number}, seat {view.turn} to play "
             f"({view.phase}), seat {view.to_act} to act"]
    for side in range(rules.teams):
        seats = [s for s in range(rules.players) if s % rules.teams == side]
        melds = " ".join(
            f"[{m.rank_name}:{len(m.cards)}{'*' if m.canasta else ''}]" for m in view.melds[side]
        ) or "-"
        reds = sum(len(view.red_threes[s]) for s in seats)
        lines.append(f"side {side} (seats {', '.join(map(str, seats))}): score {view.scores[side]}, "
                     f"minimum {view.minimums[side]}, red threes {reds}, melds {melds}")
    top = card_str(view.pile_top) if view.pile_top is not None else "-"
    frozen = ", frozen" if view.pile_frozen else ""
    lines.append(f"pile: {top} on {view.pile_size} card(s){frozen}; stock: {view.stock_size}; "
                 f"hands: {' '.join(str(n) for n in view.hand_sizes)}")
    return "\n".join(lines)
