"""A slow, obviously correct reference scorer for finished deals, written from RULES.md (issue #13).

It does not use ``canasta.scoring.deal_score``, ``canasta.scoring.rank_kinds`` nor the scoring fields of ``Rules``:
every number below
is copied from RULES.md (section named beside it), or, where RULES.md says UNCLEAR, from the decision written in
the variant's page (docs/variants/, named beside it). From the deal it reads only what lies on the table at the
end: each side's melds (their cards, and whether the engine laid them as a sequence, a meld of wild cards or a
meld of a rank), the red threes laid out, the cards left in the hands, who went out and whether concealed.

Score of a side (RULES.md §1.11): bonuses (canastas by kind, going out, concealed going out, red threes) + the
values of every card in its melds - the values of the cards left in its players' hands - penalties.

Variants covered (:data:`REFERENCE`): classic with 2, 3, 4, 5 (a deal is played by 4) and 6 players (both
seatings), uruguay, free-canasta, samba, bolivia, brazilian, hollywood, chilean, cuban, mexican, italian, spanish,
escalator, pennies-from-heaven, romanian-tiles, and cutthroat (:func:`cutthroat_scores`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from canasta.engine.deal import Deal

SEQUENCE_MELD = 14  # Meld.target of a sequence (the engine's SEQ_TARGET)
WILD_MELD = 13  # Meld.target of a meld of wild cards (the engine's WILD_TARGET)
THREES = 1  # Meld.target of black threes melded when going out (rank index of 3)
TWOS = 0  # Meld.target of a meld of twos (Italian)

RANK_OF = "23456789TJQKA"  # card type = rank index * 4 + suit; 52 = joker


def rank(card: int) -> str:
    """'2'..'A', or 'JK' for the joker."""
    return "JK" if card == 52 else RANK_OF[card >> 2]


def is_wild(card: int) -> bool:
    """Jokers and twos are wild (§1.1)."""
    return rank(card) in ("JK", "2")


def card_value(card: int) -> int:
    """§1.1: joker 50; 2 and A 20; K Q J 10 9 8 10; 7 6 5 4 5; black 3 5."""
    r = rank(card)
    if r == "JK":
        return 50
    if r in ("2", "A"):
        return 20
    if r in ("K", "Q", "J", "T", "9", "8"):
        return 10
    return 5


def red3_classic(n: int) -> int:
    """§1.11: 100 each; 800 if one side has all four (108 cards). A fifth and sixth (162 cards, Mexican) add 100
    each (docs/variants/mexican.md, decision on RULES.md's "classic")."""
    return 800 + 100 * (n - 4) if n >= 4 else 100 * n


def red3_162(n: int) -> int:
    """§3.1 (6 players) and §3.2 Brazilian: 1-4 100 each; 5 1000; 6 1200 (Chilean: docs/variants/chilean.md)."""
    return {5: 1000, 6: 1200}.get(n, 100 * n)


def red3_samba(n: int) -> int:
    """§3.2 Samba (and Bolivia, Hollywood): 100 each; all six 1000."""
    return 1000 if n >= 6 else 100 * n


def red3_cuban(n: int) -> int:
    """§3.2 Cuban: totals 100 / 300 / 500 / 1000 for 1 / 2 / 3 / 4."""
    return (0, 100, 300, 500, 1000)[n]


@dataclass
class SideEnd:
    """What one side has at the end of a deal."""

    melds: list[tuple[str, list[int]]] = field(default_factory=list)  # (kind, cards): group/sequence/wild/
    # black3/twos
    red_threes: int = 0
    hand: list[int] = field(default_factory=list)
    went_out: bool = False
    concealed: bool = False
    concealed_kind: int = 0  # 0 first turn alone, 1 first turn with the partner's melds, 2 later alone, 3 later with
    ask_failed: int = 0
    four_black3_held: bool = False
    twos_count: bool = True  # whether a canasta of twos counts as a canasta (Italian: not)

    @property
    def canastas(self) -> int:
        return sum(1 for kind, cards in self.melds if len(cards) >= 7 and (self.twos_count or kind != "twos"))


@dataclass(frozen=True)
class Variant:
    """The scoring numbers of one variant, from RULES.md."""

    natural: int = 500  # §1.5
    mixed: Callable[[int], int] = lambda wilds: 300  # §1.5; by wild cards in Free Canasta (§3.5)
    wild: Callable[[list[int]], int] | None = None  # wild canasta, by its cards
    sequence: int = 0  # natural sequence canasta
    mixed_sequence: int = 0  # sequence canasta holding a wild card (Hollywood)
    rank_bonus: tuple[tuple[str, int, int], ...] = ()  # canasta of a rank: (rank, natural, mixed) (sevens)
    values: Callable[[int], int] = card_value  # §1.1 (tiles: §3.4)
    aces: tuple[int, int] = (0, 0)  # canasta of aces (natural, mixed) where it has its own bonus (§3.4)
    beyond_seven_flat: int = 0  # §3.4: a canasta's tiles beyond the seven highest score this in total
    never_opened_factor: int = 1  # §3.4: a side that never opened loses its rack this many times
    melds_negative_without_canasta: bool = False  # §3.4: opened without a canasta: the melds count against
    black3_four_on_side: int = 0  # §3.4: all four black threes on a side's racks cost this in total
    hand_rank_penalty: tuple[tuple[str, int], ...] = ()  # a card of this rank in hand costs this (escalator 7)
    red3_side: Callable[[SideEnd], int] | None = None  # red-three bonus that depends on the side's canastas
    going_out: int = 100  # §1.11
    concealed: int = 100  # §1.9, §1.11: +100 on top of going out
    red3: Callable[[int], int] = red3_classic
    red3_negative: Callable[[SideEnd], bool] = lambda s: not s.melds  # §1.11: no meld at all
    black3_in_hand: int = 5  # §1.8
    short_sequence: tuple[int, int] = (0, 0)  # (fewer than N cards, points) Brazilian
    black3_removed: bool = False  # Cuban: black threes taken in piles removed, 5 each or 100 for all four
    twos: tuple[int, int] = (0, 0)  # Italian: canasta of seven twos, of twos with jokers (side going out only)
    going_out_counts_twos: bool = True  # a canasta of twos counts as a canasta (Italian: it does not)
    premiums: Callable[[int, int], int] = lambda canastas, natural: 0  # by canastas and natural canastas counted
    black3_melded_four: int = 0  # Spanish: all four black threes melded when going out
    concealed_scale: tuple[int, ...] = ()  # Spanish: replaces going out, by kind (first turn/later, alone/not)
    ask_failed: int = 0  # Spanish: each "yes" a player could not use
    four_black3_held: int = 0  # Spanish: one player holds all four black threes at the end


def _cuban_wild(cards: list[int]) -> int:
    """§3.2 Cuban: seven 2s 4000; 4 jokers + 3 twos 3000; other 2000."""
    jokers = sum(1 for c in cards if rank(c) == "JK")
    if jokers == 0:
        return 4000
    if jokers >= 4:
        return 3000
    return 2000


def _fewer_than(k: int) -> Callable[[SideEnd], bool]:
    return lambda s: s.canastas < k


def _has_canasta(s: SideEnd, kind: str, rank_: str = "", natural: bool = False) -> bool:
    return any(len(cards) >= 7 and k == kind and (not rank_ or any(rank(c) == rank_ for c in cards))
               and (not natural or not any(is_wild(c) for c in cards)) for k, cards in s.melds)


def _escalator_red3(s: SideEnd) -> int:
    """§3.5 escalator (docs/variants/escalator.md): 100 each; all six 2000 with a Bolivia (wild canasta), an
    escalator (sequence canasta) or a natural canasta of sevens, else 600."""
    n = s.red_threes
    if n >= 6 and (_has_canasta(s, "wild") or _has_canasta(s, "sequence") or _has_canasta(s, "group", "7", True)):
        return 2000
    return 100 * n


def tile_value(card: int) -> int:
    """§3.4 (S2): 1 (ace) 25; 2 = 20; joly 50; 4-6 = 5; 7-13 = 10; threes no tile value."""
    r = rank(card)
    if r == "JK":
        return 50
    return {"A": 25, "2": 20, "3": 0, "4": 5, "5": 5, "6": 5}.get(r, 10)


SAMBA = Variant(sequence=1500, going_out=200, concealed=0, red3=red3_samba, red3_negative=_fewer_than(2))
"""§3.2 Samba: samba (sequence canasta) 1500; going out +200, no concealed bonus; red threes 100 each, all six
1000, negative without 2 canastas [H, S0]."""

REFERENCE: dict[str, Variant] = {
    "classic": Variant(),
    "classic(players=2)": Variant(),
    "classic(players=3)": Variant(),
    "classic(players=5)": Variant(),
    "classic(players=6)": Variant(red3=red3_162),
    "classic(players=6,teams=3)": Variant(red3=red3_162),
    "uruguay": Variant(wild=lambda cards: 2000),  # §3.3 a: a wild canasta 2000
    "free-canasta": Variant(wild=lambda cards: 1000, mixed=lambda w: {1: 400, 2: 300}.get(w, 200)),  # §3.5
    "samba": SAMBA,
    # §3.2 Bolivia: as Samba; a "Bolivia" (7 wild cards) 2500 plus card values; a black three in a hand -100
    "bolivia": Variant(sequence=1500, going_out=200, concealed=0, red3=red3_samba, red3_negative=_fewer_than(2),
                       wild=lambda cards: 2500, black3_in_hand=100),
    # §3.2 Brazilian: as Bolivia; wild canasta 2000; red threes 1-4 100, 5 1000, 6 1200, positive with a canasta;
    # a sequence of fewer than 5 cards -1000 (black threes stay Bolivia's: docs/variants/brazilian.md)
    "brazilian": Variant(sequence=1500, going_out=200, concealed=0, red3=red3_162, red3_negative=_fewer_than(1),
                         wild=lambda cards: 2000, black3_in_hand=100, short_sequence=(5, 1000)),
    # §3.2 Hollywood: Samba; sequence canasta natural 1500 [S4], with a wild card 1000; wild canasta 2000 [S0]
    "hollywood": Variant(sequence=1500, mixed_sequence=1000, going_out=200, concealed=0, red3=red3_samba,
                         red3_negative=_fewer_than(2), wild=lambda cards: 2000),
    # §3.2 Chilean: classic with a sequence canasta 1500 and a wild canasta 2000; red threes by the 162-card
    # table (docs/variants/chilean.md); unfinished sequences not penalised
    "chilean": Variant(sequence=1500, wild=lambda cards: 2000, red3=red3_162),
    # §3.2 Cuban: wild canastas 4000/3000/2000; red threes 100/300/500/1000, positive only with a canasta;
    # going out +100, no concealed bonus; black threes removed from taken piles 5 each or 100 for all four
    "cuban": Variant(wild=_cuban_wild, red3=red3_cuban, red3_negative=_fewer_than(1), concealed=0,
                     black3_removed=True),
    # §3.2 Mexican: a canasta of sevens 1000 [R, S4] (docs/variants/mexican.md); otherwise classic
    "mexican": Variant(rank_bonus=(("7", 1000, 1000),)),
    # §3.2 Italian (docs/variants/italian.md decisions): Samba's sequences (1500); canastas of twos 3000 (seven
    # twos) / 2000 (with jokers) for the side going out only, and never counted as canastas; premiums 5 canastas
    # 1000, 2000 if all 5 natural (sequence canastas are natural), 10 canastas 2000 more; red threes 1-3 100
    # each, 4 or more 200 each, negative with fewer than 2 canastas; going out 300, no concealed bonus
    "italian": Variant(sequence=1500, twos=(3000, 2000), going_out_counts_twos=False, going_out=300, concealed=0,
                       red3=lambda n: 100 * n if n < 4 else 200 * n, red3_negative=_fewer_than(2),
                       premiums=lambda c, nat: (1000 if c >= 5 else 0) + (1000 if nat >= 5 else 0)
                       + (2000 if c >= 10 else 0)),
    # §3.3 b Spanish (docs/variants/spanish.md decisions): red threes positive only with a canasta; Canastrón
    # (5 canastas) 500 or Canasta de canastas (7) 2000, not both; all four black threes melded going out 500;
    # canasta oculta 1000 / 500 / 500 / 200 instead of the 100 for going out; -100 a failed "yes"; -500 all
    # four black threes held by one player
    "spanish": Variant(red3_negative=_fewer_than(1), premiums=lambda c, nat: 2000 if c >= 7 else 500 if c >= 5 else 0,
                       black3_melded_four=500, concealed_scale=(1000, 500, 500, 200), ask_failed=100,
                       four_black3_held=500),
    # §3.5 escalator (docs/variants/escalator.md): escalators (7-card sequences) 500; sevens 1500 / 1000; a
    # Bolivia 2000; black three in hand -200, seven in hand -500; red threes as _escalator_red3, negative
    # without a meld; nobody goes out
    "escalator": Variant(sequence=500, rank_bonus=(("7", 1500, 1000),), wild=lambda cards: 2000,
                         black3_in_hand=200, hand_rank_penalty=(("7", 500),), red3_side=_escalator_red3),
    # §3.5 Pennies from Heaven (docs/variants/pennies-from-heaven.md): sevens 1500, wild 1000, natural 500, mixed
    # 300; red threes 100 each, all 8 of a side 1000, negative for a side without a canasta of sevens
    "pennies-from-heaven": Variant(rank_bonus=(("7", 1500, 1500),), wild=lambda cards: 1000,
                                   red3=lambda n: 1000 if n >= 8 else 100 * n,
                                   red3_negative=lambda s: not _has_canasta(s, "group", "7")),
    # §3.4 Romanian tiles: tile values; natural 500, mixed 300, aces 1000 / 500, joly canasta 2000; tiles beyond
    # the seventh 50 in all (the seven highest-valued count: docs/variants/romanian-tiles.md); going out 100, no
    # concealed bonus; red threes 100, all four 800, never negative; black three on the rack -100, all four on a
    # side -1600; never opened: -2x the rack; opened without a canasta: -(melds + rack)
    "romanian-tiles": Variant(values=tile_value, aces=(1000, 500), wild=lambda cards: 2000, beyond_seven_flat=50,
                              concealed=0, red3_negative=lambda s: False, black3_in_hand=100,
                              black3_four_on_side=1600, never_opened_factor=2, melds_negative_without_canasta=True),
}


def side_ends(deal: Deal) -> list[SideEnd]:
    """What each side of a finished deal has (sides by ``deal.side_of``)."""
    ends = [SideEnd() for _ in range(deal.teams)]
    for side, melds in enumerate(deal.melds):
        for m in melds:
            kind = {SEQUENCE_MELD: "sequence", WILD_MELD: "wild", THREES: "black3"}.get(m.target, "group")
            if m.target == TWOS:
                kind = "twos"  # a meld of twos (Italian)
            ends[side].melds.append((kind, list(m.cards)))
    for seat in range(deal.n):
        e = ends[deal.side_of[seat]]
        e.red_threes += len(deal.red3[seat])
        for c in range(53):
            e.hand.extend([c] * deal.hands[seat][c])
        black3 = sum(deal.hands[seat][c] for c in (4, 7))  # 3C, 3S
        e.four_black3_held = e.four_black3_held or black3 >= 4
    for side in range(deal.teams):
        ends[side].ask_failed = deal.ask_failed[side]
    if deal.out_seat >= 0:
        e = ends[deal.side_of[deal.out_seat]]
        e.went_out = True
        e.concealed = deal.concealed
        first = deal.turn_no <= deal.n  # in the player's first turn ("de mano")
        e.concealed_kind = (0 if first else 2) + (1 if deal.touched_old else 0)
    return ends


def canasta_bonus(v: Variant, kind: str, cards: list[int], went_out: bool = False) -> int:
    if len(cards) < 7:
        return 0
    wilds = sum(1 for c in cards if is_wild(c))
    if kind == "twos":
        jokers = sum(1 for c in cards if rank(c) == "JK")
        return (v.twos[0] if jokers == 0 else v.twos[1]) if went_out else 0
    if kind == "wild":
        assert v.wild is not None, "a wild canasta in a variant without them"
        return v.wild(cards)
    if kind == "sequence":
        return v.sequence if wilds == 0 else v.mixed_sequence
    naturals = [rank(c) for c in cards if not is_wild(c)]
    for r, nat_points, mixed_points in v.rank_bonus:
        if naturals[0] == r:
            return nat_points if wilds == 0 else mixed_points
    if naturals[0] == "A" and v.aces[0]:
        return v.aces[0] if wilds == 0 else v.aces[1]
    return v.natural if wilds == 0 else v.mixed(wilds)


def meld_value(v: Variant, cards: list[int]) -> int:
    """Card values of a meld; beyond seven a flat total where the variant says so (§3.4)."""
    vals = sorted((v.values(c) for c in cards), reverse=True)
    if v.beyond_seven_flat and len(cards) > 7:
        return sum(vals[:7]) + v.beyond_seven_flat
    return sum(vals)


def reference_side(v: Variant, s: SideEnd, black3_removed: int = 0) -> int:
    """Score of one side (RULES.md §1.11 and the variant's column)."""
    total = 0
    s.twos_count = v.going_out_counts_twos
    natural = 0
    melded = 0
    for kind, cards in s.melds:
        melded += meld_value(v, cards)
        total += canasta_bonus(v, kind, cards, s.went_out)
        if len(cards) >= 7 and kind in ("group", "sequence") and not any(is_wild(c) for c in cards):
            natural += 1
        if kind == "sequence" and v.short_sequence[0] and len(cards) < v.short_sequence[0]:
            total -= v.short_sequence[1]
    total += -melded if v.melds_negative_without_canasta and s.canastas == 0 else melded
    hand = 0
    for c in s.hand:
        costs = dict(v.hand_rank_penalty)
        hand += v.black3_in_hand if rank(c) == "3" else costs.get(rank(c), v.values(c))
    black3 = sum(1 for c in s.hand if rank(c) == "3")
    if v.black3_four_on_side and black3 >= 4:
        hand += v.black3_four_on_side - black3 * v.black3_in_hand
    total -= hand * (v.never_opened_factor if not s.melds else 1)
    red = v.red3_side(s) if v.red3_side else v.red3(s.red_threes)
    total += -red if v.red3_negative(s) else red
    if s.went_out:
        total += v.going_out
        if s.concealed:
            total += v.concealed_scale[s.concealed_kind] - v.going_out if v.concealed_scale else v.concealed
        if sum(len(cards) for kind, cards in s.melds if kind == "black3") >= 4:
            total += v.black3_melded_four
    total += v.premiums(s.canastas, natural)
    total -= v.ask_failed * s.ask_failed
    if s.four_black3_held:
        total -= v.four_black3_held
    if v.black3_removed and black3_removed:
        total += 100 if black3_removed >= 4 else 5 * black3_removed
    return total


def cutthroat_scores(deal: Deal) -> list[int]:
    """§3.1 cutthroat (3 players): the first to take the pile (or to go out before anyone took it) is the lone
    hand and scores alone; the other two are one partnership: their melds, hands and going out are scored
    together, and each of them gets that total plus (or minus: the partnership made no meld) his own red
    threes [H, R]. Nobody took the pile and nobody went out: everyone scores alone. Classic numbers (§1.11)."""
    v = Variant()
    if deal.lone < 0:
        ends = side_ends(deal)
        return [reference_side(v, e) for e in ends]
    partners = [s for s in range(deal.n) if s != deal.lone]
    out = [0] * deal.n
    for seat in range(deal.n):
        group = [seat] if seat == deal.lone else partners
        e = SideEnd(red_threes=len(deal.red3[seat]))
        for side in {deal.side_of[s] for s in group}:
            kinds = {SEQUENCE_MELD: "sequence", WILD_MELD: "wild", THREES: "black3"}
            e.melds.extend((kinds.get(m.target, "group"), list(m.cards)) for m in deal.melds[side])
        for s in group:
            for c in range(53):
                e.hand.extend([c] * deal.hands[s][c])
        if deal.out_seat in group:
            e.went_out = True
            e.concealed = deal.concealed
        out[deal.home[seat]] = reference_side(v, e)
    return out


def reference_scores(spec: str, deal: Deal) -> list[int]:
    """The reference score of every side of the finished ``deal`` played under preset ``spec``."""
    if spec == "classic(players=3,cutthroat=true)":
        return cutthroat_scores(deal)
    v = REFERENCE[spec]
    ends = side_ends(deal)
    removed = [0] * deal.teams
    for seat in range(deal.n):
        removed[deal.side_of[seat]] += len(deal.black3_removed[seat])
    return [reference_side(v, e, removed[i]) for i, e in enumerate(ends)]
