"""Scoring: what a meld is worth and which kind of canasta it is, the bonuses, and the score of a
deal and of a game, from the cards on the table (never from the engine's state). May import
:mod:`canasta.rules`, :mod:`canasta.cards`, :mod:`canasta.util`; nothing from the engine.

Modules: ``errors`` (:class:`ScoringError`) · ``meld_shape`` (whether cards form a meld and of which kind,
with the refusal's words: :func:`classify_meld`, :func:`meld_shape_problem`) · ``canasta_kinds`` (kinds of
canasta a rule asks for: :func:`kinds_met`, :func:`missing_kinds`) · ``rank_kinds`` (bonuses and penalties
by rank, the red-three set) · ``bonuses`` (canasta bonuses, card values, red threes, going out concealed,
premiums, penalties: :func:`meld_points`, :func:`red_three_points`) · ``sides`` (:class:`SideResult`,
:class:`SideScore`) · ``deal_score`` (:func:`score_side`, :func:`score_deal`) · ``winner`` (:func:`winner`).

Public names: :func:`score_deal`, :class:`SideResult`, :class:`SideScore`, :func:`winner`,
:class:`ScoringError`, :func:`classify_meld`, :func:`meld_shape_problem`, :func:`meld_points`,
:func:`red_three_points`, :func:`kinds_met`, :func:`missing_kinds`.
"""

from canasta.scoring.bonuses import meld_points, red_three_points
from canasta.scoring.canasta_kinds import kinds_met, missing_kinds
from canasta.scoring.deal_score import score_deal
from canasta.scoring.errors import ScoringError
from canasta.scoring.meld_shape import classify_meld, meld_shape_problem
from canasta.scoring.sides import SideResult, SideScore
from canasta.scoring.winner import winner

__all__ = ["ScoringError", "SideResult", "SideScore", "classify_meld", "kinds_met", "meld_points",
           "meld_shape_problem", "missing_kinds", "red_three_points", "score_deal", "winner"]
