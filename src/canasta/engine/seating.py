"""Five players, three against two: who sits out each deal and where the others sit (RULES.md §3.1).

With ``Rules.sitting_out`` (``classic(players=5)``) the table has five seats but every
deal is an ordinary 4-player partnership deal [S0 l.190, S4 l.49, H]. Table seats
0, 2 and 4 form the side of three (side 0), seats 1 and 3 the side of two (side 1):
table seat ``s`` plays for side ``s % 2`` as in :meth:`~canasta.rules.fields.Rules.side_of`.

Rotation (the **Decision** of docs/variants/classic-5.md):

* the side of three sends one player out in turn: table seat 4 in the first deal,
  then seat 0, then seat 2, and again (each deal, the next one of the three);
* the four who play take deal seats ``(a, 1, b, 3)``, where ``a`` and ``b`` are the
  two playing members of the side of three, ``a`` the one after the player who
  sits out in the order 0, 2, 4; so partners sit apart and deal side = table side;
* the deal passes to the left among the four deal seats: deal ``k``'s dealer is deal
  seat ``(first_dealer + k) % 4`` (the record's ``first_dealer`` counts deal seats).

The player sitting out receives no cards, sees nothing a player of the deal could
not tell him, and may not advise ([S4 l.49]); his side's score is the side's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from mypy_extensions import mypyc_attr

from canasta.rules.fields import Rules

THREE_SIDE: Final = (0, 2, 4)
"""Table seats of the side of three (side 0) in a 5-player game."""
OUT_ORDER: Final = (4, 0, 2)
"""Table seat that sits out in deals 0, 1, 2 (then again in this order)."""


@mypyc_attr(native_class=False)  # compiled core: a Python class (frozen: pickled as a dataclass)
@dataclass(frozen=True)
class Seating:
    """Who plays one deal.

    Attributes:
        seats: the table seat of each deal seat (``seats[d]`` plays deal seat ``d``).
        dealer: the dealer, as a deal seat.
        sitting_out: the table seat that sits the deal out, or -1 if everyone plays.
    """

    seats: tuple[int, ...]
    dealer: int
    sitting_out: int

    def deal_seat(self, table_seat: int) -> int:
        """The deal seat of ``table_seat``, or -1 if he sits this deal out."""
        return self.seats.index(table_seat) if table_seat in self.seats else -1


def seating(rules: Rules, deal_no: int, first_dealer: int) -> Seating:
    """The seating of deal number ``deal_no`` (0 = first deal) of a game of ``rules``.

    Without sitting out, everyone plays at his own seat and the deal passes to the left
    (``(first_dealer + deal_no) % players``, §1.2). With ``sitting_out`` (5 players), as
    the module docstring says.

    Raises:
        ValueError: ``deal_no`` is negative.
    """
    if deal_no < 0:
        raise ValueError(f"deal_no must be 0 or more, not {deal_no}")
    n = rules.players
    if not rules.sitting_out:
        return Seating(tuple(range(n)), (first_dealer + deal_no) % n, -1)
    out = OUT_ORDER[deal_no % 3]
    i = THREE_SIDE.index(out)
    a, b = THREE_SIDE[(i + 1) % 3], THREE_SIDE[(i + 2) % 3]
    m = rules.deal_players
    return Seating((a, 1, b, 3), (first_dealer + deal_no) % m, out)
