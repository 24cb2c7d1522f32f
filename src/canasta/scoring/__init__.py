"""Scoring: what a meld is worth and which kind of canasta it is, the bonuses, and the score of a
deal and of a game, from the cards on the table (never from the engine's state). May import
:mod:`canasta.rules`, :mod:`canasta.moves`, :mod:`canasta.cards`, :mod:`canasta.util`.

Public names: :func:`score_deal`, :class:`SideResult`, :class:`SideScore`, :func:`winner`.
"""

from canasta.scoring.deal_score import SideResult, SideScore, score_deal, winner

__all__ = ["SideResult", "SideScore", "score_deal", "winner"]
