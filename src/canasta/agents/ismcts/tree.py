"""The search tree of :mod:`canasta.agents.ismcts`: one node per information set of the searching seat.

A node is reached by the sequence of grouped options (:mod:`~canasta.agents.ismcts.stages`) the seat chose
from the searched position; the hidden cards are not part of it, so every sampled world that reaches the
same sequence updates the same node (single-observer information-set MCTS, Cowling, Powley and Whitehouse
2012). Since an option may exist in one world and not in another (a discard of a card drawn from the stock),
each child counts how often it was *available* and the selection rule uses that count in place of the
parent's visits (the ISMCTS form of UCB1).

Values are deal margins in points (own side minus the best other side, RULES.md §1.11).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

SCALE = 1000.0
"""Points that count as one unit in the exploration term (a deal margin is typically a few hundred)."""


class Node:
    """One information set of the searching seat: its visits, the margins seen through it, its children.

    Attributes:
        key: the option that leads here from the parent (None at the root).
        visits: iterations that passed through this node.
        total: sum of their margins (points). squares: sum of the squared margins.
        available: iterations in which this option could be chosen at the parent.
        children: option key -> child node, in the order they were first offered.
        default: the first option offered here.
    """

    __slots__ = ("key", "visits", "total", "squares", "available", "children", "default")

    def __init__(self, key: int | None = None):
        self.key = key
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.available = 0
        self.children: dict[int, Node] = {}
        self.default: int | None = None
        """The first option offered here (``hard``'s choice in the first world that reached the node)."""

    @property
    def mean(self) -> float:
        """Mean margin through this node (points; 0 if never visited)."""
        return self.total / self.visits if self.visits else 0.0

    def error(self) -> float:
        """Standard error of :attr:`mean` (points; infinite below two visits)."""
        if self.visits < 2:
            return math.inf
        var = max(0.0, (self.squares - self.total * self.total / self.visits) / (self.visits - 1))
        return math.sqrt(var / self.visits)

    def choose(self, options: Sequence[int], explore: float) -> tuple[Node, bool]:
        """The child to follow among ``options`` (the keys available in this world), and whether it is new.

        Every offered child has its availability counted. A child never visited is taken first (in the
        order of ``options``: the default option comes first); else the one with the highest
        ``mean/SCALE + explore·sqrt(ln(available)/visits)``.

        Raises:
            ValueError: ``options`` is empty.
        """
        if not options:
            raise ValueError("no option to choose from")
        if self.default is None:
            self.default = options[0]
        best: Node | None = None
        best_score = -math.inf
        for key in options:
            child = self.children.get(key)
            if child is None:
                child = self.children[key] = Node(key)
            child.available += 1
        for key in options:
            child = self.children[key]
            if child.visits == 0:
                return child, True
            score = child.mean / SCALE + explore * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best, False

    def update(self, value: float) -> None:
        """Count one iteration through this node with margin ``value`` (points)."""
        self.visits += 1
        self.total += value
        self.squares += value * value

    def pick(self, default: int, z: float, bias: float = 0.0) -> Node | None:
        """The child to play: the one with the best mean, if it beats the ``default`` option's child by more
        than ``bias`` points plus ``z`` standard errors of the difference (unpaired); else the default's.

        Children with fewer than two visits are not trusted. Returns None if the node has no child at all.
        """
        base = self.children.get(default)
        visited = [child for child in self.children.values() if child.visits >= 2]
        if base is None or base.visits < 2:
            if not visited:
                return base if base is not None else next(iter(self.children.values()), None)
            return max(visited, key=lambda child: child.mean)
        best = max(visited, key=lambda child: child.mean)
        if best is base:
            return base
        gap = best.mean - base.mean
        spread = math.sqrt(best.error() ** 2 + base.error() ** 2)
        return best if gap > bias + z * spread else base
