"""A meld's shape: whether cards form a meld the rules allow, and of which kind (a meld of a rank, of
black threes, of wild cards, of twos, a sequence), with the refusal's words (RULES.md §1.3, §1.5, §1.8,
§3.1 cutthroat, §3.2). This is the one place that says so: scoring reads it, and the engine's
explanations and the bots may too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from canasta.cards.deck import IS_WILD, JOKER, RANKS, THREE, TWO, card_str, is_black_three, is_red_three
from canasta.cards.sequences import sequence_layouts, wild_sequence_problem
from canasta.rules.fields import Rules
from canasta.scoring.errors import ScoringError


@dataclass(frozen=True)
class MeldInfo:
    """What a meld is, read from its cards.

    Attributes:
        kind: ``"group"`` (one rank with wild cards), ``"black3"`` (black threes
            melded when going out), ``"wild"`` (wild cards only) or ``"sequence"``
            (cards of one suit in a row, where ``rules.sequences``, §3.2).
        rank: rank index of a group (0..12), the lowest rank of a sequence, -1 otherwise.
        naturals: natural cards in it; wilds: wild cards in it.
        canasta: 7 cards or more; natural: no wild card in a group.
    """

    kind: str
    rank: int
    naturals: int
    wilds: int
    canasta: bool
    natural: bool


def classify_meld(rules: Rules, cards: Sequence[int]) -> MeldInfo:
    """Read what a meld is and check that the rules allow it (RULES.md §1.5, §1.8).

    Raises:
        ScoringError: the cards do not form a meld these rules allow; says why.
    """
    shown = " ".join(card_str(c) for c in cards)
    if len(cards) < 3:
        raise ScoringError(f"meld [{shown}] has fewer than 3 cards")
    if any(is_red_three(c) for c in cards):
        raise ScoringError(f"meld [{shown}] holds a red three; red threes are never melded (§1.3)")
    wild = [c for c in cards if c == JOKER or c >> 2 == TWO]
    nat = [c for c in cards if not (c == JOKER or c >> 2 == TWO)]
    wild_count = len(wild)
    if not nat and rules.twos_melds and any(c != JOKER for c in wild):
        return _twos_meld(rules, cards, shown)
    if not nat:
        if not rules.wild_melds:
            twos = (f"; a meld of twos needs at least {rules.min_naturals} twos (§3.2)" if rules.twos_melds else "")
            raise ScoringError(f"meld [{shown}] is made only of wild cards, which these rules forbid (§1.5){twos}")
        if wild_count < rules.wild_meld_min:
            raise ScoringError(f"meld [{shown}] has {wild_count} wild cards; a meld of wild cards needs at least "
                               f"{rules.wild_meld_min} (option wild_meld_min)")
        if wild_count > rules.wild_meld_cap:
            raise ScoringError(f"meld [{shown}] has {wild_count} wild cards; a meld of wild cards holds at most "
                               f"{rules.wild_meld_cap} (§3.3 a, §3.2)")
        return MeldInfo("wild", -1, 0, wild_count, len(cards) >= 7, False)
    if len(cards) > rules.meld_cap:
        raise ScoringError(f"meld [{shown}] has {len(cards)} cards; a meld holds at most {rules.meld_cap} "
                           "in this variant (§3.2 Cuban)")
    ranks = {c >> 2 for c in nat}
    if len(ranks) > 1:
        return _classify_sequence(rules, cards, shown)
    rank = ranks.pop()
    if rank == THREE and rules.black3_foot_book:  # a dirty book from the foot (B.7 black_three_meld=foot_book)
        if not all(is_black_three(c) for c in nat):
            raise ScoringError(f"meld [{shown}] holds a red three (§1.3)")
        if len(cards) != 7 or not 1 <= wild_count <= min(3, rules.wild_limit):
            raise ScoringError(f"meld [{shown}]: black threes are melded only as a dirty book of 7 cards, 4 to 6 "
                               "black threes and 1 to 3 wild cards (black_three_meld=foot_book, B.7)")
        return MeldInfo("group", THREE, len(nat), wild_count, True, False)
    if rank == THREE:
        if wild_count:
            raise ScoringError(f"meld [{shown}]: black threes are melded without wild cards (§1.8)")
        if not all(is_black_three(c) for c in nat):
            raise ScoringError(f"meld [{shown}] holds a red three (§1.3)")
        return MeldInfo("black3", THREE, len(nat), 0, False, False)
    if len(nat) < rules.min_naturals:
        raise ScoringError(
            f"meld [{shown}] has {len(nat)} natural card(s); a meld needs at least {rules.min_naturals} (§1.5)"
        )
    limit = rules.wild_limit
    if rules.cutthroat and len(nat) >= 2 * rules.min_naturals:
        limit *= 2  # two partners' melds of a rank combined when the alliance formed (§3.1 cutthroat)
    if wild_count > limit:
        raise ScoringError(f"meld [{shown}] has {wild_count} wild cards; at most {rules.wild_limit} are allowed (§1.5)"
                           + (f", {2 * rules.wild_limit} in two partners' melds combined (cutthroat)"
                              if rules.cutthroat else ""))
    if wild_count and rules.never_wild_rank and RANKS[rank] == rules.never_wild_rank:
        raise ScoringError(f"meld [{shown}]: a meld of {rules.never_wild_rank}s never holds a wild card "
                           "(option never_wild_rank; MAC A.6)")
    if rules.no_wild_majority and wild_count > len(nat):
        raise ScoringError(f"meld [{shown}] has more wild cards than naturals (option no_wild_majority)")
    if rules.naturals_exceed_wilds and wild_count >= len(nat):
        raise ScoringError(f"meld [{shown}] has as many wild cards as naturals or more; naturals must outnumber "
                           "them (option naturals_exceed_wilds, Hand and Foot B.6)")
    return MeldInfo("group", rank, len(nat), wild_count, len(cards) >= 7, wild_count == 0)


def _twos_meld(rules: Rules, cards: Sequence[int], shown: str) -> MeldInfo:
    """A meld of twos (``twos_melds``, Italian §3.2): twos are its naturals, jokers its wild cards.

    Raises:
        ScoringError: too few twos, too many jokers or cards.
    """
    jokers = sum(1 for c in cards if c == JOKER)
    twos = len(cards) - jokers
    if twos < rules.min_naturals:
        raise ScoringError(f"meld [{shown}] has {twos} two(s); a meld of twos needs at least {rules.min_naturals}")
    if jokers > rules.wild_limit or (rules.no_wild_majority and jokers > twos):
        raise ScoringError(f"meld [{shown}] has {jokers} jokers; a meld of twos takes at most {rules.wild_limit}")
    if len(cards) > rules.meld_cap:
        raise ScoringError(f"meld [{shown}] has {len(cards)} cards; a meld holds at most {rules.meld_cap}")
    return MeldInfo("twos", TWO, twos, jokers, len(cards) >= 7, jokers == 0)
def _classify_sequence(rules: Rules, cards: Sequence[int], shown: str) -> MeldInfo:
    """A meld of several ranks: a sequence where the rules have them (RULES.md §3.2), else an error.

    Raises:
        ScoringError: no sequences in these rules, or the cards are not one sequence of allowed length.
    """
    if not rules.sequences:
        raise ScoringError(f"meld [{shown}] mixes ranks; a meld is of one rank (§1.5): {rules.name} has no "
                           "sequences")
    bad = wild_sequence_problem(cards, rules.sequence_wild_max)
    if bad:
        raise ScoringError(f"meld [{shown}] mixes ranks but is no sequence: {bad}")
    longest = max(rules.sequence_max, rules.sequence_out_max)
    if not rules.sequence_min <= len(cards) <= longest:
        raise ScoringError(f"meld [{shown}] is a sequence of {len(cards)} cards; sequences hold "
                           f"{rules.sequence_min} to {longest} cards (§3.2)")
    layouts = sequence_layouts(cards, rules.sequence_wild_max)
    if not layouts:
        raise ScoringError(f"meld [{shown}]: its wild card has no place in a sequence from 4 to A (§3.2)")
    wilds = sum(1 for c in cards if IS_WILD[c])
    if wilds and len(cards) - wilds < rules.min_naturals:
        raise ScoringError(f"meld [{shown}] has {len(cards) - wilds} natural cards; a sequence with a wild card "
                           f"needs at least {rules.min_naturals} (§3.2)")
    # where the wild card stands does not change the score: the lowest place read is reported
    low = min(sp[1] for sp, _ in layouts)
    return MeldInfo("sequence", low, len(cards) - wilds, wilds, len(cards) >= 7, wilds == 0)


def meld_shape_problem(rules: Rules, cards: Sequence[int]) -> str:
    """Why ``cards`` do not form a meld ``rules`` allow, in words ('' where they do): the message of
    :func:`classify_meld`'s :class:`ScoringError`.

    >>> from canasta.cards.deck import parse_cards
    >>> classic = Rules.preset("classic")
    >>> meld_shape_problem(classic, parse_cards("KH KS 2C"))
    ''
    >>> meld_shape_problem(classic, parse_cards("KH 2S 2C"))
    'meld [KH 2S 2C] has 1 natural card(s); a meld needs at least 2 (§1.5)'
    """
    try:
        classify_meld(rules, cards)
    except ScoringError as e:
        return str(e)
    return ""


def canasta_kind_of_meld(info: MeldInfo) -> str:
    """The kind of canasta a meld that is a canasta is, for the kinds of :mod:`canasta.scoring.canasta_kinds`:
    ``wild`` (wild cards or twos only), ``sequence``, ``natural`` or ``mixed``."""
    if info.kind in ("wild", "twos"):
        return "wild"
    if info.kind == "sequence":
        return "sequence"
    return "natural" if info.natural else "mixed"
