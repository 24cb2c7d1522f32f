"""What a variant's going-out needs and special canastas mean for the rule-of-thumb players.

Read from a seat's :class:`~canasta.engine.deal.PlayerView` only (never the hidden cards):

* :func:`out_blocked`: the side may not go out yet for a reason other than its number of
  canastas: extra cards still due (``extra_cards``), too few red threes (``red3_to_go_out``,
  Mexican §3.2), a kind of canasta missing (``going_out_canastas``, Pennies from Heaven §3.5);
* :func:`canasta_value`: the bonus a canasta of a target would score, as the scoring function
  scores it (ranks with their own bonus such as sevens or aces, wild canastas, canastas of twos), for
  meld scores;
* :func:`needed_targets`: meld targets whose canasta the side still needs to go out (a rank,
  or the meld of wild cards), so the players build them.
"""

from __future__ import annotations

from canasta.cards.deck import JOKER, RANKS, TWO
from canasta.engine.deal import PlayerView
from canasta.engine.extra_cards import canasta_kind
from canasta.moves.notation import WILD_TARGET
from canasta.rules.fields import Rules
from canasta.scoring.bonuses import canasta_bonus
from canasta.scoring.canasta_kinds import kinds_met
from canasta.scoring.meld_shape import MeldInfo


def _kinds(view: PlayerView, side: int) -> list[tuple[str, int]]:
    return [canasta_kind(m.target, m.natural) for m in view.melds[side] if m.canasta]


def out_blocked(view: PlayerView) -> bool:
    """Whether the seat's side may not go out now whatever its canastas (extras.out_need's
    conditions, as far as the view shows them)."""
    rules = view.rules
    seat, side = view.seat, view.side
    if not rules.going_out_allowed:
        return True
    if rules.extra_cards:
        if rules.extra_cards_from == "packet":
            if view.packet_sizes and view.packet_sizes[seat] and (rules.must_play_foot or not rules.has_foot):
                return True  # must_play_foot=false: Hand and Foot's player may go out from his hand (B.10)
        elif view.extra_cards_done and not view.extra_cards_done[side] and view.stock_size:
            return True
    if rules.red3_to_go_out:
        reds = sum(len(r) for s, r in enumerate(view.red_threes) if s % rules.teams == side)
        if reds < rules.red3_to_go_out:
            return True
    return bool(rules.going_out_canastas) and not kinds_met(rules.going_out_canastas, _kinds(view, side))


def canasta_value(rules: Rules, target: int, wilds: int, jokers: int = 0) -> int:
    """Bonus in points that a canasta of ``target`` would score, as :func:`canasta.scoring.deal_score.canasta_bonus`
    scores it: ``target`` a rank index (0 = twos, a meld of twos where ``twos_melds``) or WILD_TARGET;
    ``wilds`` its wild cards (for a meld of twos: its jokers; 0 = natural); ``jokers`` the jokers of a canasta
    of wild cards (twos-only and four-joker bonuses). Ranks with their own bonus (sevens, aces) and mixed
    bonuses by the number of wild cards are included."""
    if target == WILD_TARGET:
        info = MeldInfo("wild", -1, 0, 7, True, False)
    elif target == TWO and rules.twos_melds:
        info = MeldInfo("twos", TWO, 7 - wilds, wilds, True, wilds == 0)
    else:
        info = MeldInfo("group", target, 7 - wilds, wilds, True, wilds == 0)
    return canasta_bonus(rules, info, [JOKER] * jokers)


def needed_targets(view: PlayerView) -> frozenset[int]:
    """Targets (rank index, or WILD_TARGET for wild cards) whose canasta ``going_out_canastas``
    still asks of the seat's side (natural / mixed kinds name no target and are left out)."""
    rules = view.rules
    if not rules.going_out_canastas:
        return frozenset()
    have = _kinds(view, view.side)
    out = set()
    for k in rules.going_out_canastas:
        if k in ("natural", "mixed"):
            continue
        if not kinds_met([k], have):
            out.add(WILD_TARGET if k == "wild" else RANKS.index(k))
    return frozenset(out)
