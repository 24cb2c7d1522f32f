"""What the rules say about ranks and going out, read once per deal into ints and flags for the hot paths.

:class:`VariantRanks` holds the rank that blocks the pile, the rank not to be discarded, and whether going out
has conditions of its own (RULES.md §1.9, §3.2, §3.4, §3.5); :meth:`canasta.engine.state.DealState.set_table`
stores it as ``variant_ranks``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from canasta.cards.deck import RANKS
from canasta.engine.constraints.bounds import needs_search

if TYPE_CHECKING:
    from canasta.rules.fields import Rules

__all__ = ["VariantRanks", "rank_index"]


def rank_index(rank: str) -> int:
    """Rank index (0 = 2 .. 12 = A) of a rank letter of a Rules field, -1 for '' (no rank)."""
    return RANKS.index(rank) if rank else -1


@mypyc_attr(native_class=False)  # compiled core: a Python class (frozen: pickled as a dataclass)
@dataclass(frozen=True)
class VariantRanks:
    """Rank indexes (and whether going out has conditions of its own) read once from the rules (the engine's
    hot paths compare ints).

    Attributes:
        pile_block: rank whose card on top blocks the pile, -1 none (``pile_blocking_rank``).
        discard_block: rank not to be discarded until every side has a canasta of it, -1 none
            (``discard_blocked_rank``).
        out_conditions: going out needs more than ``canastas_to_go_out`` canastas (extra cards, red
            threes, kinds of canasta, canastas of wild cards not counting): :func:`out_need` decides.
        out_wild_only: the one such condition is that canastas of twos or of wild cards do not count
            (Italian §3.2): a side with no meld of twos or of wild cards needs ``canastas_to_go_out``.
        out_search: going out depends on more than rank counts (sequences, the meld of twos, a blocked
            discard, black threes leaving play): the engine searches the turn's moves
            (:func:`canasta.engine.constraints.bounds.needs_search`, RULES.md §1.9, §3.2, §3.4, §3.5).
    """

    pile_block: int
    discard_block: int
    out_conditions: bool = False
    out_wild_only: bool = False
    out_search: bool = False

    @classmethod
    def for_rules(cls, rules: Rules) -> VariantRanks:
        """Read the rank fields of ``rules``."""
        others = bool(rules.extra_cards or rules.red3_to_go_out or rules.going_out_canastas)
        return cls(rank_index(rules.pile_blocking_rank), rank_index(rules.discard_blocked_rank),
                   others or not rules.wild_canastas_count, not others and not rules.wild_canastas_count,
                   needs_search(rules))
