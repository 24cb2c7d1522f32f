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
        samples: at the root's children, the margin in each sampled world (common random numbers, see
            :func:`paired`).
    """

    __slots__ = ("key", "visits", "total", "squares", "available", "children", "default", "samples")

    def __init__(self, key: int | None = None):
        self.key = key
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.available = 0
        self.children: dict[int, Node] = {}
        self.default: int | None = None
        """The first option offered here (``hard``'s choice in the first world that reached the node)."""
        self.samples: dict[int, float] = {}
        """At the root's children: sampled world (its number in the search) -> margin through this option there."""

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
        """The child to play, by paired differences over the same sampled worlds (:attr:`samples`).

        Each other child is scored by the mean of its margin minus the ``default`` child's margin over the
        worlds where both were played, less ``bias`` points and ``z`` standard errors of that mean; the best
        child scoring above zero is played, else the default's (so that noise alone does not overrule
        ``hard``'s choice). A child with fewer than two common worlds is not trusted. Returns None if the
        node has no child at all.
        """
        base = self.children.get(default)
        if base is None:
            return next(iter(self.children.values()), None)
        best, best_score = base, 0.0
        for child in self.children.values():
            if child is base:
                continue
            gain = paired(child, base)
            if gain is None:
                continue
            score = gain[0] - bias - z * gain[1]
            if score > best_score:
                best, best_score = child, score
        return best


def paired(child: Node, base: Node) -> tuple[float, float] | None:
    """Mean and standard error of ``child``'s margin minus ``base``'s over the worlds both were played in
    (points); None below two common worlds."""
    diffs = [value - base.samples[world] for world, value in child.samples.items() if world in base.samples]
    count = len(diffs)
    if count < 2:
        return None
    mean = sum(diffs) / count
    var = sum((diff - mean) ** 2 for diff in diffs) / (count - 1)
    return mean, math.sqrt(var / count)
