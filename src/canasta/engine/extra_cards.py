"""Extra cards after an event, blocking ranks and going-out needs by kind of canasta.

Mechanics of Mexican Canasta (RULES.md §3.2 [R, S0 l.401-413, S4 l.75]) and Pennies from
Heaven (§3.5 [S4 l.91]), read from :class:`~canasta.rules.fields.Rules` fields and used by
:class:`~canasta.engine.deal.Deal` and :mod:`canasta.scoring.deal_score`:

* ``extra_cards`` / ``extra_cards_from`` / ``extra_cards_when``: cards a player receives when
  his side reaches an event (its initial meld, its first canasta), drawn from the stock by the
  player whose move reached it (once per side) or taken from his own face-down packet dealt at
  the start (each player, at once if it is his move, else at the start of his next turn);
* ``pile_blocking_rank``: a rank whose card on top of the pile stops the pile;
* ``discard_blocked_rank``: a rank that may not be discarded until every side has a canasta of
  it, and never as the last card;
* ``going_out_canastas``: kinds of canasta a side must all have to go out (one canasta each);
* ``extra_cards_once_per_deal``: only the first player at the table to reach the event draws the
  extra cards (the escalator game's top 11 stock cards, §3.5 [S4 l.55]);
* ``going_out_allowed``: where False, :func:`out_block_reason` says nobody goes out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from canasta.cards.deck import TWO
from canasta.engine.hand_foot import take_foot
from canasta.engine.state import draw_cards, give_card
from canasta.moves.notation import WILD_TARGET
from canasta.scoring.canasta_kinds import kinds_met, missing_kinds

if TYPE_CHECKING:
    from canasta.engine.state import DealState

OUT_NEVER: Final = 10**6
"""Canastas 'needed' by a side that cannot go out for another reason (no count of canastas is enough)."""


# ------------------------------------------------------------------ engine side


def deal_packets(deal: DealState, stock: list[int]) -> list[list[int]]:
    """Deal each seat's face-down packet from ``stock`` (top = last), one card a seat in turn, as
    the hands are dealt (``extra_cards_from=packet``); empty packets otherwise."""
    rules = deal.rules
    n = rules.players
    packets: list[list[int]] = [[] for _ in range(n)]
    if rules.extra_cards_from != "packet" or not rules.extra_cards:
        return packets
    first = (deal.dealer + 1) % n
    for _ in range(rules.extra_cards):
        for k in range(n):
            packets[(first + k) % n].append(stock.pop())
    return packets


def event_reached(deal: DealState, side: int) -> bool:
    """Whether ``side`` has reached the event of ``extra_cards_when``."""
    if deal.rules.extra_cards_when == "initial_meld":
        return deal.opened[side]
    return deal.canastas[side] > 0


def give_extra_cards(deal: DealState, seat: int) -> None:
    """Give ``seat`` the extra cards its side has earned and it has not received yet.

    From the stock: ``extra_cards`` drawn like a draw (red threes laid out and replaced), once
    per side. From a packet: the seat's own packet joins its hand; red threes in it are laid
    out and replaced from the stock as dealt red threes are (RULES.md §1.3).
    """
    rules = deal.rules
    if rules.has_foot:  # Hand and Foot: the foot, when the hand is empty (canasta.engine.hand_foot)
        take_foot(deal, seat)
        return
    side = deal.side_of[seat]
    if not event_reached(deal, side):
        return
    if rules.extra_cards_from == "stock":
        if rules.extra_cards_once_per_deal and any(deal.extra_done):
            return  # only the first player at the table receives them (§3.5 escalator, S4 l.55)
        if not deal.extra_done[side]:
            deal.extra_done[side] = True
            draw_cards(deal, seat, rules.extra_cards)
        return
    packet = deal.packets[seat]
    if packet:
        deal.packets[seat] = []
        for c in packet:
            give_card(deal, seat, c)
        deal._replace_red_threes(seat)


def extra_cards_due(deal: DealState, seat: int) -> bool:
    """Whether ``seat`` will still receive extra cards (so it cannot go out before they come)."""
    rules = deal.rules
    if rules.extra_cards_from == "packet":
        return bool(deal.packets[seat])
    if rules.extra_cards_once_per_deal and any(deal.extra_done):
        return False
    return not deal.extra_done[deal.side_of[seat]] and bool(deal.stock)


def extra_cards_in_turn(deal: DealState) -> bool:
    """Whether the player to act would receive extra cards at once if his side completed its first canasta in this
    turn (``extra_cards_when=first_canasta``: his face-down packet in Pennies from Heaven §3.5, cards of the stock
    in the escalator game §3.5): cards that the plans of the hand do not hold and that may still make up the initial
    meld in the same turn, after a canasta completed by this move or a later one. The exact search of
    :func:`~canasta.engine.constraints.initial_meld_search.opening_reachable` plays the moves, so it holds them
    (and skips its bound of the hand while this holds)."""
    rules = deal.rules
    return (rules.extra_cards > 0 and rules.extra_cards_when == "first_canasta"
            and not event_reached(deal, deal.side_of[deal.turn]) and extra_cards_due(deal, deal.turn))


def side_canastas(deal: DealState, side: int) -> list[tuple[str, int]]:
    """The side's canastas as (kind, rank index) for :func:`kinds_met` (rank -1 = wild canasta)."""
    return [canasta_kind(m.target, m.wild == 0) for m in deal.melds[side] if m.is_canasta]


def canasta_kind(target: int, natural: bool) -> tuple[str, int]:
    """A canasta of ``target`` (rank index, ``WILD_TARGET`` for wild cards) as (kind, rank index) for
    :func:`kinds_met`: ("wild", -1), or ("natural" / "mixed", the rank)."""
    return ("wild", -1) if target == WILD_TARGET else ("natural" if natural else "mixed", target)


def out_need(deal: DealState, seat: int, kinds: bool = True) -> int:
    """Canastas the side of ``seat`` needs to go out now (``canastas_to_go_out``), or
    :data:`OUT_NEVER` when another condition fails: extra cards still due to the seat, fewer red
    threes than ``red3_to_go_out``, or (if ``kinds``) a kind of ``going_out_canastas`` missing."""
    rules = deal.rules
    side = deal.side_of[seat]
    if rules.extra_cards and extra_cards_due(deal, seat) and (rules.must_play_foot or not rules.has_foot):
        return OUT_NEVER  # must_play_foot=false: a player may go out from his hand (RULES_AMERICAN.md B.10)
    if rules.all_partners_in_foot and partner_foot_waits(deal, side):
        return OUT_NEVER
    if rules.red3_to_go_out:
        reds = sum(len(deal.red3[s]) for s in range(deal.n) if deal.side_of[s] == side)
        if reds < rules.red3_to_go_out:
            return OUT_NEVER
    if kinds and rules.going_out_canastas and (deal.canastas[side] < len(rules.going_out_canastas)
                                               or not kinds_met(rules.going_out_canastas, side_canastas(deal, side))):
        return OUT_NEVER
    if not rules.wild_canastas_count:  # canastas of twos / wild cards do not count (Italian §3.2)
        return rules.canastas_to_go_out + wild_canastas(deal, side)
    return rules.canastas_to_go_out


def partner_foot_waits(deal: DealState, side: int) -> bool:
    """Whether a player of ``side`` has not picked up his foot yet (``all_partners_in_foot``: the side may not go out,
    RULES_AMERICAN.md B.10 [CH])."""
    return any(deal.packets[s] for s in range(deal.n) if deal.side_of[s] == side)


def wild_canastas(deal: DealState, side: int) -> int:
    """How many of the side's canastas are of twos or of wild cards (which do not count for going out where
    ``wild_canastas_count`` is off, Italian §3.2)."""
    meld_index = deal.meld_index[side]
    if meld_index[TWO] < 0 and meld_index[WILD_TARGET] < 0:  # no meld of twos or of wild cards
        return 0
    n = 0
    for m in deal.melds[side]:  # (a loop, not sum() of a generator: called at every move generation in Italian)
        if (m.target == TWO or m.target == WILD_TARGET) and len(m.cards) >= 7:  # m.is_canasta
            n += 1
    return n


def kinds_met_after(deal: DealState, side: int, target: int, naturals: int, wilds: int) -> bool:
    """Whether the side would have every kind of ``going_out_canastas`` after adding ``naturals``
    and ``wilds`` cards to (or starting) its meld of ``target`` (a going-out move that completes
    the last kind needed)."""
    cans = []
    mi = deal.meld_index[side][target]
    cap = deal.rules.canasta_max
    if mi >= 0 and cap and len(deal.melds[side][mi].cards) >= cap:
        mi = -1  # a closed book takes no card: the move starts a new meld beside it (several_melds_per_rank)
    done = False
    for k, m in enumerate(deal.melds[side]):
        nat, wild = m.nat, m.wild
        if k == mi:
            nat, wild, done = nat + naturals, wild + wilds, True
        if nat + wild >= 7:
            cans.append(("wild", -1) if m.target == WILD_TARGET else
                        ("natural" if wild == 0 else "mixed", m.target))
    if not done and naturals + wilds >= 7:
        cans.append(("wild", -1) if target == WILD_TARGET else ("natural" if wilds == 0 else "mixed", target))
    return kinds_met(deal.rules.going_out_canastas, cans)


def blocked_discard(deal: DealState, card: int) -> bool:
    """Whether ``card`` is of ``discard_blocked_rank`` while some side lacks a canasta of it."""
    r = deal.variant_ranks.discard_block
    if r < 0 or card >> 2 != r or card == 52:
        return False
    for side in range(deal.teams):
        mi = deal.meld_index[side][r]
        if mi < 0 or not deal.melds[side][mi].is_canasta:
            return True
    return False


def out_block_reason(deal: DealState, seat: int) -> str:
    """Why the side of ``seat`` may not go out for a reason other than its number of canastas, in a
    player's words ('' if there is none): extra cards still due, too few red threes, a kind of
    canasta missing (RULES.md §3.2 Mexican, §3.5 Pennies from Heaven)."""
    rules = deal.rules
    side = deal.side_of[seat]
    if not rules.going_out_allowed:
        return ("nobody goes out in this variant: you may not meld or discard your last card; the deal "
                "ends when the stock runs out (§3.5)")
    if rules.extra_cards and extra_cards_due(deal, seat):
        what = "your packet" if rules.extra_cards_from == "packet" else f"{rules.extra_cards} cards from the stock"
        return f"you cannot go out before you receive {what}"
    if rules.all_partners_in_foot and partner_foot_waits(deal, side):
        return "your side may go out only when every one of its players has picked up his foot"
    if rules.red3_to_go_out:
        reds = sum(len(deal.red3[s]) for s in range(deal.n) if deal.side_of[s] == side)
        if reds < rules.red3_to_go_out:
            return (f"your side needs {rules.red3_to_go_out} red threes laid out to go out; it has {reds} "
                    "(§3.2 Mexican)")
    if rules.going_out_canastas:
        missing = missing_kinds(rules.going_out_canastas, side_canastas(deal, side))
        if missing:
            return "to go out your side still needs " + ", ".join(missing) + " (§3.5)"
    return ""
