"""The scoring rules of Modern American Canasta (RULES_AMERICAN.md A.11, A.12), read by the one scoring function
:func:`canasta.scoring.deal_score.score_side` through fields of the rules: threes scored by colour and signed by the
side's canastas, the penalties for incomplete melds of aces, sevens and wild cards and for aces or sevens held, and
the special hands of 14 cards (what a hand of cards is, and what it is worth).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from canasta.cards.deck import ACE, JOKER, JOKER_RANK, THREE, TWO, card_str, is_black_three, is_red_three
from canasta.rules.american import DREAM_HANDS, SPECIAL_HAND_NAMES, SPECIAL_HAND_VALUES, three_colour_points
from canasta.rules.fields import Rules
from canasta.scoring.errors import ScoringError
from canasta.scoring.meld_shape import MeldInfo
from canasta.scoring.sides import SideResult, SideScore

SPECIAL_HAND_SIZE = 14
"""Cards in a special hand: the 13 held and the card just drawn (A.11 [CLA])."""
SEVEN = 5
"""Rank index of the sevens (``RANKS = "23456789TJQKA"``)."""


def check_threes(rules: Rules, side: SideResult, name: str) -> None:
    """Refuse black threes listed as laid out where threes are not scored by colour, or a card among them that is
    not a black three (A.3).

    Raises:
        ScoringError: names the side and the card.
    """
    if side.black_threes and not rules.threes_by_colour:
        raise ScoringError(f"side {name}: black threes laid out are only for variants that score threes by colour "
                           "(threes_by_colour, Modern American Canasta)")
    for c in side.black_threes:
        if not is_black_three(c):
            raise ScoringError(f"side {name}: {card_str(c)} listed among black threes is not a black three")


def threes_points(rules: Rules, side: SideResult, canastas: int) -> int:
    """Points (signed) of the threes a side laid out, where ``threes_by_colour`` (A.12 [CLA, P]): red and black
    each by ``three_colour_values``, the sum negative with no canasta, 0 with fewer than ``canastas_to_go_out``
    canastas, positive with that many or more.

    >>> from canasta.cards.deck import parse_cards
    >>> from canasta.rules.fields import Rules
    >>> mac = Rules.preset("classic", upcard=False, threes_by_colour=True, canastas_to_go_out=2)
    >>> threes_points(mac, SideResult(red_threes=parse_cards("3H 3D"), black_threes=parse_cards("3S")), 3)
    400
    >>> threes_points(mac, SideResult(black_threes=parse_cards("3S 3C 3S")), 0)
    -500
    """
    points = three_colour_points(rules, len(side.red_threes)) + three_colour_points(rules, len(side.black_threes))
    if canastas == 0:
        return -points
    return points if canastas >= rules.canastas_to_go_out else 0


def incomplete_meld_penalty(rules: Rules, info: MeldInfo, cards: Sequence[int]) -> int:
    """Points (>= 0) a meld that is not a canasta costs its side at the end of the deal (A.12): a natural meld of
    aces ``incomplete_aces_penalty``, a meld of sevens ``incomplete_sevens_penalty``, a meld of wild cards
    ``incomplete_wild_penalty`` (``incomplete_wild_all_jokers_penalty`` with four jokers, where set); 0 for a
    canasta and for any other meld."""
    if info.canasta:
        return 0
    if info.kind == "wild":
        jokers = sum(1 for c in cards if c == JOKER)
        if jokers >= 4 and rules.incomplete_wild_all_jokers_penalty:
            return rules.incomplete_wild_all_jokers_penalty
        return rules.incomplete_wild_penalty
    if info.kind != "group":
        return 0
    if info.rank == ACE and info.natural:
        return rules.incomplete_aces_penalty
    if info.rank == SEVEN:
        return rules.incomplete_sevens_penalty
    return 0


def melds_penalty(rules: Rules, side: SideResult, infos: Sequence[MeldInfo]) -> int:
    """Points (>= 0) the side's incomplete melds cost (:func:`incomplete_meld_penalty`, A.12)."""
    return sum(incomplete_meld_penalty(rules, info, cards) for info, cards in zip(infos, side.melds, strict=True))


def held_penalty(rules: Rules, side: SideResult, name: str) -> int:
    """Points (>= 0) lost for each player of the side holding ``held_rank_penalty_from`` aces (sevens) or more:
    ``held_aces_penalty`` (``held_sevens_penalty``) per player, on top of the cards' values (A.12).

    Raises:
        ScoringError: the hands are not told apart (``player_hands`` empty) while the side's hand holds enough
            aces or sevens for a player to be charged.
    """
    need = rules.held_rank_penalty_from
    ranks = [(ACE, rules.held_aces_penalty, "aces"), (SEVEN, rules.held_sevens_penalty, "sevens")]
    ranks = [r for r in ranks if r[1]]
    if not ranks:
        return 0
    hands = side.player_hands
    if not hands:
        for rank, _, what in ranks:
            if sum(1 for c in side.hand if c >> 2 == rank and c != JOKER) >= need:
                raise ScoringError(f"side {name}: its hand holds {need} {what} or more; give each player's hand "
                                   f"(player_hands): a player holding {need} {what} loses points (A.12)")
        return 0
    lost = 0
    for hand in hands:
        for rank, points, _ in ranks:
            if sum(1 for c in hand if c >> 2 == rank and c != JOKER) >= need:
                lost += points
    return lost


def with_player_hands(side: SideResult, name: str) -> SideResult:
    """``side`` with ``hand`` read from ``player_hands`` where it is empty (a copy; ``side`` is not changed).

    Raises:
        ScoringError: ``hand`` and ``player_hands`` both given and holding different cards.
    """
    if not side.player_hands:
        return side
    joined = [c for h in side.player_hands for c in h]
    if not side.hand:
        return dataclasses.replace(side, hand=joined)
    if sorted(side.hand) != sorted(joined):
        raise ScoringError(f"side {name}: hand and player_hands hold different cards; give one, or the same cards")
    return side


def _groups(cards: Sequence[int]) -> tuple[dict[int, int], int, int]:
    """Natural cards by rank index (threes included), and the jokers and twos among ``cards``."""
    ranks: dict[int, int] = {}
    jokers = twos = 0
    for c in cards:
        if c == JOKER:
            jokers += 1
        elif c >> 2 == TWO:
            twos += 1
        else:
            ranks[c >> 2] = ranks.get(c >> 2, 0) + 1
    return ranks, jokers, twos


def _matching_pair(jokers: int, twos: int, size: int) -> bool:
    """Whether the wild cards are ``size`` matching wild cards: all jokers or all twos (A.11 [CLA via E])."""
    return (jokers, twos) in ((size, 0), (0, size))


def special_hands_of(cards: Sequence[int]) -> list[str]:
    """Every special hand of the League's eleven (A.11) that ``cards`` make, by key of
    :data:`~canasta.rules.american.SPECIAL_HAND_NAMES`; empty when none (or not 14 cards).

    Groups are of different ranks; a group of wild cards ("matching wilds") is all jokers or all twos; no three
    except in the Straight.

    >>> from canasta.cards.deck import parse_cards
    >>> special_hands_of(parse_cards("8C 8D 8H 8S QC QD QH QS 5C 5D 5H KC KD KH"))
    ['garbage']
    """
    if len(cards) != SPECIAL_HAND_SIZE:
        return []
    ranks, jokers, twos = _groups(cards)
    if twos == 1 and jokers == 1 and sorted(ranks) == list(range(1, ACE + 1)) and set(ranks.values()) == {1}:
        return ["straight"]  # A, 2, 3 ... K and a joker (the two is one of the thirteen ranks)
    if THREE in ranks:
        return []
    sizes = sorted(ranks.values())
    pairs = sizes == [2] * len(sizes)
    with_ace_seven = ACE in ranks and SEVEN in ranks
    found: list[str] = []
    if pairs and len(sizes) == 7 and not jokers and not twos:
        found.append("pairs")
    if pairs and len(sizes) == 6 and with_ace_seven and _matching_pair(jokers, twos, 2):
        found.append("wild_pairs")
    if pairs and len(sizes) == 5 and with_ace_seven and jokers == 2 and twos == 2:
        found.append("miami_pairs")
    with_wild_groups = sorted(sizes + [n for n in (jokers, twos) if n])
    if with_wild_groups == [2, 2, 3, 3, 4]:
        found.append("zip_code")
    if sizes == [3, 3, 4, 4] and not jokers and not twos:
        found.append("garbage")
    if with_wild_groups == [2, 3, 4, 5]:
        found.append("blast_off")
    if sizes == [3, 3, 3, 3] and _matching_pair(jokers, twos, 2):
        found.append("triples")
    if sizes == [4, 4, 4] and _matching_pair(jokers, twos, 2):
        found.append("quads")
    if sizes == [5, 5] and _matching_pair(jokers, twos, 4):
        found.append("dream_plus_4")
    if sizes == [4, 5] and jokers + twos == 5:
        found.append("dream_plus_5")
    return found


def special_hand_value(rules: Rules, cards: Sequence[int]) -> tuple[str, int]:
    """The special hand ``cards`` make under ``rules.special_hands`` and its value in points: the highest-valued
    one where the cards make several (A.11).

    Raises:
        ScoringError: the cards make no special hand of this variant's set.
    """
    table = SPECIAL_HAND_VALUES.get(rules.special_hands, {})
    found = [(table[k], k) for k in special_hands_of(cards) if k in table]
    if not found:
        shown = " ".join(card_str(c) for c in cards)
        known = ", ".join(SPECIAL_HAND_NAMES[k] for k in table) or "none"
        raise ScoringError(f"[{shown}] is no special hand of {rules.name} ({len(cards)} cards; special hands have "
                           f"{SPECIAL_HAND_SIZE}; this variant's: {known}) (RULES_AMERICAN.md A.11)")
    value, key = max(found)
    return key, value


_ONE_OF_EACH = [1] * (JOKER_RANK + 1)


def special_hand_possible(rank_counts: Sequence[int]) -> bool:
    """A quick necessary condition for :func:`special_hands_of` on a hand given as counts by rank index (14
    entries: twos, threes, fours ... aces, jokers; ``DealState.rank_counts``): the Straight holds every rank once;
    every other special hand holds no three and no natural rank alone (its groups have two cards or more). False
    means no special hand; True means only "maybe". The engine asks it before sorting out a 14-card hand (A.11).

    >>> from canasta.cards.deck import parse_cards
    >>> counts = [0] * 14
    >>> for c in parse_cards("8C 8D 8H 8S QC QD QH QS 5C 5D 5H KC KD KH"):
    ...     counts[c >> 2] += 1
    >>> special_hand_possible(counts), special_hand_possible(counts[:6] + [1] + counts[7:])
    (True, False)
    """
    if 1 in rank_counts[THREE:ACE + 1]:
        return list(rank_counts) == _ONE_OF_EACH  # a natural rank held once: only the Straight has one
    return not rank_counts[THREE]


def best_special_hand(rules: Rules, cards: Sequence[int]) -> str:
    """The key of the highest-valued special hand of ``rules.special_hands`` that ``cards`` make, '' when they
    make none (or the variant has none): what a ``declare`` lays down (A.11). Never raises."""
    table = SPECIAL_HAND_VALUES.get(rules.special_hands, {})
    if not table or len(cards) != SPECIAL_HAND_SIZE:
        return ""
    found = [(table[k], k) for k in special_hands_of(cards) if k in table]
    return max(found)[1] if found else ""


def special_hand_wins_game(rules: Rules, cards: Sequence[int]) -> bool:
    """Whether ``cards``, laid down as a special hand, are a Dream Hand of this variant's set: it ends the game at
    once in favour of its side, whatever the totals (A.13 [CLA])."""
    return best_special_hand(rules, cards) in DREAM_HANDS


def score_special_hand(rules: Rules, side: SideResult, name: str) -> SideScore:
    """Score of a side one of whose players laid down a special hand: the hand's value only; its threes, melds,
    hands and penalties are ignored (A.11 [CLA, P via E]). With HB's courtesy (``special_hand_courtesy``) the side
    may have melded (the partner opened just before): its melds are ignored too.

    Raises:
        ScoringError: the side went out, or had melded without HB's courtesy (a special hand is declared before the
            side melds, and ends the deal without going out), or the cards make no special hand of this variant.
    """
    if (side.melds and not rules.special_hand_courtesy) or side.went_out:
        raise ScoringError(f"side {name}: a special hand is laid down only while the side has not melded (unless "
                           "special_hand_courtesy), and it is not going out; give no melds and went_out false "
                           "(RULES_AMERICAN.md A.11)")
    if any(is_red_three(c) for c in side.hand) and not rules.threes_by_colour:
        raise ScoringError(f"side {name}: a red three in the hand; red threes are laid out (§1.3)")
    _, value = special_hand_value(rules, side.special_hand)
    breakdown = dict.fromkeys(("canastas", "natural_canastas", "mixed_canastas", "wild_canastas", "red_threes",
                               "going_out", "concealed", "melded_cards", "hand_cards", "penalties"), 0)
    breakdown["special_hand"] = value
    return SideScore(value, breakdown)


SPECIAL_HAND_SHAPES: dict[str, tuple[tuple[int, ...], tuple[int, ...], str, int]] = {
    "pairs": ((2,) * 7, (), "none", 0),
    "wild_pairs": ((2,) * 6, (ACE, SEVEN), "matching", 2),
    "miami_pairs": ((2,) * 5, (ACE, SEVEN), "miami", 4),
    "zip_code": ((4, 3, 3, 2, 2), (), "group", 0),
    "garbage": ((4, 4, 3, 3), (), "none", 0),
    "blast_off": ((5, 4, 3, 2), (), "group", 0),
    "triples": ((3, 3, 3, 3), (), "matching", 2),
    "quads": ((4, 4, 4), (), "matching", 2),
    "dream_plus_4": ((5, 5), (), "matching", 4),
    "dream_plus_5": ((5, 4), (), "any", 5),
}
"""The groups of :func:`special_hands_of` as data for measuring how far a hand is from each special hand (the
Straight apart): sizes of the groups of natural cards of different ranks (no three), ranks that must be among them,
and the wild cards: ``none``, ``matching`` (that many, all jokers or all twos), ``miami`` (two of each), ``any``
(that many, any mix) or ``group`` (one group of the sizes may be matching wild cards). tests/test_mac_bots.py
checks that the hand each shape describes is recognised as that hand."""


def _kept_naturals(ranks: dict[int, int], sizes: Sequence[int], required: Sequence[int]) -> int:
    """Most natural cards of ``ranks`` (count by rank, threes excluded) that fill groups of ``sizes``, the first
    ones held by the ``required`` ranks: the largest counts go to the largest groups."""
    kept = sum(min(ranks.get(r, 0), sizes[i]) for i, r in enumerate(required))
    rest = sorted((n for r, n in ranks.items() if r not in required), reverse=True)
    return kept + sum(min(n, size) for n, size in zip(rest, sorted(sizes[len(required):], reverse=True), strict=False))


def _kept_cards(shape: tuple[tuple[int, ...], tuple[int, ...], str, int], ranks: dict[int, int], jokers: int,
                twos: int) -> int:
    """Most cards of a hand that a special hand of ``shape`` (:data:`SPECIAL_HAND_SHAPES`) can keep."""
    sizes, required, wild, n = shape
    if wild == "group":  # at most one group made of matching wild cards (a second one is not counted)
        best = _kept_naturals(ranks, sizes, required)
        for i, size in enumerate(sizes):
            fill = max(min(jokers, size), min(twos, size))
            best = max(best, fill + _kept_naturals(ranks, sizes[:i] + sizes[i + 1:], required))
        return best
    kept = _kept_naturals(ranks, sizes, required)
    if wild == "matching":
        kept += max(min(jokers, n), min(twos, n))
    elif wild == "miami":
        kept += min(jokers, 2) + min(twos, 2)
    elif wild == "any":
        kept += min(jokers + twos, n)
    return kept


def special_hand_shortfall(rules: Rules, cards: Sequence[int]) -> list[tuple[int, int, str]]:
    """How far ``cards`` (13 or 14 card types) are from each special hand of ``rules.special_hands`` (A.11):
    (cards missing out of :data:`SPECIAL_HAND_SIZE`, the hand's value in points, its key), nearest first, the more
    valuable first among equals; [] where the variant has none. 0 missing: the cards make that hand
    (:func:`special_hands_of`). A lower bound of the cards still to draw: cards kept must fit the hand's groups."""
    table = SPECIAL_HAND_VALUES.get(rules.special_hands, {})
    if not table:
        return []
    ranks, jokers, twos = _groups(cards)
    straight = len([r for r in ranks if r > TWO]) + min(twos, 1) + min(jokers, 1)
    ranks.pop(THREE, None)  # no three but in the Straight
    out = []
    for key, value in table.items():
        kept = straight if key == "straight" else _kept_cards(SPECIAL_HAND_SHAPES[key], ranks, jokers, twos)
        out.append((SPECIAL_HAND_SIZE - kept, -value, key))
    return [(missing, -value, key) for missing, value, key in sorted(out)]
