"""The numbers of the levels: ``easy``'s and ``hard``'s weights, and the weights as bot-spec options
(``hard(open_short_hand=-1,base_reserve=6)``, ``medium(reserve=4)``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, TypeVar

from canasta.agents.heuristic_weights import DEFAULT_WEIGHTS, HeuristicWeights

EASY_WEIGHTS = replace(
    DEFAULT_WEIGHTS,
    feed_meld=0.0,
    feed_pair=0.0,
    two_cost=5.0,
    joker_cost=10.0,
    reserve=0,
    keep_pair=5.0,
    held_share=0.0,
    held_answer=0.0,
)
"""The heuristic's weights with the care about feeding the next player and about wild cards removed, and blind to
the penalty for aces or sevens held at the end (MAC A.12)."""
EASY_NOISE = 0.15
"""Probability that ``easy`` plays a random legal move in a decision that offers a choice."""


HARD_BASE = replace(
    DEFAULT_WEIGHTS,
    two_cost=50.0,
    joker_cost=80.0,
    reserve=8,
    open_max_cost=40.0,
    natural=5.0,
    new_meld=-10.0,
    keep_pair=6.25,
    keep_value=0.15,
    keep_value_opened=-0.16,
    threat_cards=2,
)
"""The heuristic's weights as ``hard`` uses them (tuned by simulation against ``medium`` and ``random``):
it spends wild cards less readily, melds fewer cards early (a natural is worth 5, a new meld costs
10), breaks pairs more easily, and fears an opponent going out only at 2 cards or fewer."""


@dataclass(frozen=True)
class HardWeights:
    """Every number of ``hard``: the heuristic's (``base``) and those of its own rules.

    Scores are heuristic points (about one game point each). The defaults were tuned by
    coordinate search with :mod:`canasta.play.arena` (see docs/bots.md).
    """

    base: HeuristicWeights = HARD_BASE
    """The heuristic's weights (melding, discarding, taking; :class:`HeuristicWeights`)."""
    # --- the pile war: discards ------------------------------------------------
    pile_card: float = 90.0
    """Worth to the next player of each card he would take with the pile (points)."""
    pile_wild: float = 40.0
    """Extra worth of each wild card known to be in the pile."""
    pile_base: float = 40.0
    """Worth of taking any pile (the top card melds at once, a meld is started)."""
    feed: float = 1.6
    """Multiplier of (chance the next player can take) × (pile's worth) in a discard's cost."""
    discarded_factor: float = 0.175
    """Chance multiplier for a rank the next player has discarded himself this deal."""
    unopened_factor: float = 0.8
    """Chance multiplier when the next player's side has not made its initial meld (§1.6)."""
    black3_keep: float = -20.0
    """Cost of discarding a black three (a stop card, §1.8): below any other card's, so that black threes
    go first: it is safe for one turn and cannot be melded before going out (§1.8), so holding it only
    delays the side's melding (tuned: +100 to +150 points per deal against ``random``, even against ``medium``)."""
    freeze_two: float = 96.0
    """Cost of discarding a two where it freezes the pile for the next player (§1.7)."""
    freeze_joker: float = 55.0
    """Cost of discarding a joker where it freezes the pile for the next player."""
    freeze_pile: int = 7
    """Smallest pile (cards before the discard) that a wild card is discarded to freeze; on a smaller pile
    a wild card costs ``base.keep_two`` / ``base.keep_joker``, as it is worth more in the hand (it makes
    the initial meld and completes canastas)."""
    # --- the initial meld ------------------------------------------------------------
    open_per_pile_card: float = -30.0
    """Wild-card cost added to ``base.open_max_cost`` per pile card (negative: with a pile to win,
    wait for a natural opening that can take it rather than spend wild cards, §1.6, §1.7)."""
    open_per_round: float = 2.5
    """Wild-card cost added to the limit per round played (a side must not stay unopened for ever)."""
    open_urgent: float = 60.0
    """Wild-card cost added to the limit once the opponents have the canastas to go out (§1.9)."""
    open_give_up_rounds: int = 8
    """After this many rounds, the side makes its initial meld at any wild-card cost it can."""
    open_red3: float = 2.0
    """Once the opponents have the canastas to go out, wild-card cost added to the limit per point of the side's
    red threes, where a side that has not melded loses their value (``red3_negative_if`` "no_meld", §1.11):
    four red threes turn +800 into −800 if the opponents go out first (see docs/bots.md for the figures)."""
    open_short_hand: int = -1
    """Once an opponent whose side has made its initial meld holds this many cards or fewer, the side makes
    its initial meld at any wild-card cost it can: that opponent may go out before the pile comes (§1.9).
    Negative: never (the default: at 5 it loses fewer shuffles against ``random`` but more deals against
    ``easy`` and ``medium``; docs/bots.md)."""
    # --- the pile war: taking ---------------------------------------------------
    take_known: float = 6.0
    """Value of each known natural card in the pile that the hand can pair or the side has melded."""
    take_wild: float = 25.0
    """Value of each wild card known to be in the pile."""
    take_black3: float = 6.0
    """Cost of each black three in the pile (it stays in the hand: −5 at the end)."""
    # --- going out and answering -------------------------------------------------
    out_lead: float = 0.0
    """Go out (or let the partner) when the side's estimated lead after going out exceeds this (points)."""
    out_behind: float = 0.0
    """When an opponent may go out soon or the deal is ending, go out only above this lead (points)."""
    out_behind_calm: float = 0.0
    """Otherwise, while the opponents have the canastas to go out, go out only above this lead."""
    threat_patience: int = 3
    """An opponent who may go out (see ``base.threat_cards``) stops counting as a threat after this
    many rounds without doing so."""
    # --- where each player has a foot (Rules.has_foot, Hand and Foot B.9) ----------------------------
    foot_reserve: int = 0
    """``base.reserve`` where each player has a foot: once his foot is picked up the player keeps no reserve of
    cards and melds toward going out (the race to go out decides whose feet are left unplayed, B.12)."""
    foot_keep_pair: float = 40.0
    """``base.keep_pair`` where each player has a foot: pairs (with a wild card) make the melds that run to the
    foot and take the always-frozen pile. There, a discard costs what it costs the heuristic (keeping value and
    the danger of a pair by unseen copies) instead of the pile war's chance × worth: with a deck per player every
    rank has 20 copies, the chance of a pair is much the same for every rank, and the war's cost crowded out
    keeping the hand's pairs (docs/bots.md, measured)."""
    # --- where special hands are played (Rules.special_hands, Modern American Canasta A.11) -------------------
    special_keep_pair: float = 40.0
    """``base.keep_pair`` where special hands are played: pairs and triples make the Zip Code, Pairs and Garbage
    (2,500 to 3,500 points) and take the always-frozen pile; with classic's 6.25 ``hard`` laid down a special hand in
    4% of deals, ``medium`` (25) in 33% (docs/bots.md, measured)."""
    special_feed: float = 0.4
    """``feed`` where special hands are played (a quarter of classic's 1.6): a discard from a group is the pile
    war's safest (few copies left unseen), so the war's price broke the groups those hands are made of."""
    # --- coaching (canasta play --coach) -------------------------------------------
    coach_loss: float = 60.0
    """Warn about a discard whose cost exceeds the best discard's by this much."""
    coach_take: float = 40.0
    """Warn about drawing when taking the pile scores at least this much."""


DEFAULT_HARD = HardWeights()


Weights = TypeVar("Weights", HeuristicWeights, HardWeights)
"""Either kind of weights (:func:`replace_weights` returns the kind it is given)."""

BASE_PREFIX = "base_"
"""Prefix of a ``hard`` option that sets one of the heuristic's weights (``HardWeights.base``)."""


def replace_weights(weights: Weights, options: Mapping[str, Any], prefix: str = "") -> Weights:
    """A copy of ``weights`` with the fields named in ``options`` (each name preceded by ``prefix``) set.

    A whole-number weight takes an int, any other weight a number. Options not starting with ``prefix``
    are left for the caller.

    Raises:
        ValueError: an option names no weight, or its value is not of the weight's kind; the message says
            which weights exist (docs/bots.md lists them with their meaning).
    """
    known = {field.name: getattr(weights, field.name) for field in fields(weights) if field.name != "base"}
    changes: dict[str, Any] = {}
    for key, value in options.items():
        if not key.startswith(prefix):
            continue
        name = key[len(prefix):]
        if name not in known:
            raise ValueError(f"no weight '{key}'; the weights are: {', '.join(prefix + name for name in known)}")
        whole = isinstance(known[name], int)
        if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
            kind = "a whole number" if whole else "a number"
            raise ValueError(f"weight '{key}' takes {kind}, not {value!r}")
        changes[name] = value if whole else float(value)
    return replace(weights, **changes) if changes else weights


def hard_weights(**options: Any) -> HardWeights:
    """``hard``'s weights with ``options`` set: a field of :class:`HardWeights` by its name, a weight of the
    heuristic (:class:`HeuristicWeights`, ``HardWeights.base``) by its name after ``base_``
    (``hard_weights(open_short_hand=-1, base_reserve=6)``).

    >>> hard_weights(base_reserve=6).base.reserve, hard_weights(feed=0.5).feed
    (6, 0.5)

    Raises:
        ValueError: an unknown weight or a value of the wrong kind (see :func:`replace_weights`).
    """
    if not options:
        return DEFAULT_HARD
    own = {key: value for key, value in options.items() if not key.startswith(BASE_PREFIX)}
    base = replace_weights(DEFAULT_HARD.base, options, BASE_PREFIX)
    return replace(replace_weights(DEFAULT_HARD, own), base=base)


HARD_OPTIONS = tuple([field.name for field in fields(HardWeights) if field.name != "base"]
                     + [BASE_PREFIX + field.name for field in fields(HeuristicWeights)])
"""Options of the ``hard`` bot spec: its weights (``hard(open_short_hand=-1,base_reserve=6)``)."""
MEDIUM_OPTIONS = tuple(field.name for field in fields(HeuristicWeights))
"""Options of the ``medium`` bot spec: the heuristic's weights (``medium(reserve=4)``)."""

