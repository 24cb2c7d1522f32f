"""Short moves in terminal play: cards named by rank alone, tiles named as shown, verbs checked.

What a person types is turned into a move in full notation before it is played, so the record
keeps the full notation (``meld KC KD 2S``) whatever was typed (``meld K K 2``).

**Rank alone.** After ``take``, ``meld``, ``add`` or ``discard`` a card may be named by its rank
alone (``discard 4``, ``add J``, ``meld K K 2``, ``add 8 8 8 8``, ``take K K``; ``10`` is a ten).
Every way of choosing those cards from the hand is tried (cards named in full are used as named)
and the ways the rules allow now are kept. They are then grouped by what they do:

* in a variant without sequences, cards of one rank differ in nothing but their suit, which
  changes nothing (values are per rank, melds are of one rank), except that a black three is not a
  red three; so two choices that differ only in the suits of cards of one rank are the same move;
* in a variant with sequences (Samba, Hollywood, Italian, ...) the suit of a natural card 4..A
  matters: a sequence is of one suit, what the hand keeps may build one, and the pile may be taken
  to a sequence by its top card's suit; so every suit choice of those cards is a different move.
  Wild cards (twos, jokers) and black threes never join a sequence: their suits never matter.

One group left: its move is played (suits chosen in the order C, D, H, S, as ``moves`` lists).
Several groups: the person is asked which, from a numbered list (anything else cancels). None
allowed: the first way is handed to the engine, which refuses it and says why (nothing changes).

**Romanian tiles** (``Rules.tile_names``): tiles may be typed as the screen shows them, colour
then number (``discard yellow 11``, ``meld red 7 red7 joly``), a number alone as a rank alone
(``discard 11``, ``add 1``; 1 is the ace tile, 11-13 the jack, queen and king), ``joly`` for a
joker; card codes (``JD``, ``JK``) still work.

**Verbs.** A word that is neither a move nor a command is refused with a "did you mean" and the
grammar of the variant in force only; a prefix of several words (``d``: draw or discard) is
reported as ambiguous.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from canasta.cards.deck import FOUR, IS_BLACK_THREE, JOKER, RANKS, SUITS, THREE, CardError, card_str, parse_card
from canasta.cards.tiles import COLOURS, JOLY, tile_number
from canasta.cli.completion import COMMANDS
from canasta.engine.deal import RANK_WORDS, Deal, IllegalMove
from canasta.moves.actions import action_of
from canasta.moves.notation import KIND_NAMES, Move, MoveError, notation_help
from canasta.rules.fields import Rules
from canasta.util.suggest import close_matches

CARD_VERBS = ("take", "meld", "add", "discard")
"""Verbs whose cards may be named by rank alone."""
MAX_CHOICES = 4096
"""Most ways of choosing suits tried for one line; beyond, the person is asked to name suits."""
_JOLY_WORDS = (JOLY, "jolly", "joker")
_TILE_RE = re.compile(r"(" + "|".join(COLOURS) + r")(\d+)")


# ------------------------------------------------------------------ words

def rank_only(word: str) -> int | None:
    """The rank index of a card named by its rank alone (``K``, ``t``, ``10``), else None."""
    t = word.upper()
    if t == "10":
        t = "T"
    return RANKS.index(t) if len(t) == 1 and t in RANKS else None


def tile_rank(word: str) -> int | None:
    """The rank index of a tile number (1 = ace, 2-10, 11-13 = J Q K), else None."""
    if not word.isdigit() or not 1 <= int(word) <= 13:
        return None
    n = int(word)
    return 12 if n == 1 else n - 2


def tile_words(words: Sequence[str]) -> list[str]:
    """Tiles as the screen shows them turned into card codes (``yellow 11`` -> ``JD``, ``joly`` ->
    ``JK``) and tile numbers alone into ranks alone (``11`` -> ``J``); other words unchanged.

    Raises:
        IllegalMove: a colour without a number after it.
    """
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i].lower()
        glued = _TILE_RE.fullmatch(w)
        if w in COLOURS or glued:
            colour, number = (glued.group(1), glued.group(2)) if glued else (
                w, words[i + 1] if i + 1 < len(words) else "")
            r = tile_rank(number)
            if r is None:
                raise IllegalMove(f"'{' '.join(words[i:i + 2])}': name a tile by its colour and number as "
                                  f"shown, e.g. '{colour} 7' (1 to 13; 1 is the ace tile)")
            out.append(RANKS[r] + SUITS[COLOURS.index(colour)])
            i += 1 if glued else 2
            continue
        r = tile_rank(w)
        out.append("JK" if w in _JOLY_WORDS else RANKS[r] if r is not None else words[i])
        i += 1
    return out


def variant_help(rules: Rules) -> str:
    """The grammar of the moves of the variant in force (no sequence forms where it has none)."""
    cards = ("tiles as shown, e.g. red 7, yellow 11, joly, or by card codes 7H JD JK; a number alone "
             "where the colour does not matter" if rules.tile_names
             else "cards like KH TS 3D JK, or a rank alone where the suit does not matter: K, 7")
    return notation_help(rules.sequences, rules.sequence_wild_max > 0, rules.team_size > 1, cards,
                         rules.special_hands != "none", rules.straight_three)


def verb_problem(verb: str, rules: Rules) -> str | None:
    """Why ``verb`` (lower case, already expanded where unambiguous) is not a move or a command, or None."""
    if verb in KIND_NAMES or verb in COMMANDS:
        return None
    kinds = set(KIND_NAMES) - (set() if rules.special_hands != "none" else {"declare"})  # declare: MAC A.11
    kinds -= set() if rules.straight_three else {"layout"}  # layout: the three kept for the Straight, MAC A.3
    words = sorted(kinds | set(COMMANDS))
    starts = [w for w in words if w.startswith(verb)]
    if len(starts) > 1:
        return f"'{verb}' could be {', '.join(starts[:-1])} or {starts[-1]}: type more of the word"
    near = starts or close_matches(verb, words)
    mean = f" (did you mean {' or '.join(repr(w) for w in near)}?)" if near else ""
    return f"'{verb}' is not a move or a command{mean}; {variant_help(rules)}"


# ------------------------------------------------------------------ suits

def card_class(card: int, rules: Rules) -> tuple[int, ...]:
    """What of ``card`` can matter to the game under ``rules``: the card itself for a natural 4..A
    where sequences exist, else its rank and value (and, for a three, its colour)."""
    if card == JOKER:
        return (JOKER,)
    r = card >> 2
    if r == THREE:
        return (r, int(IS_BLACK_THREE[card]), rules.card_values[card])
    if rules.sequences and r >= FOUR:
        return (card,)
    return (r, rules.card_values[card])


def effect_key(move: Move, rules: Rules) -> tuple[object, ...]:
    """Two moves with the same key differ only in suits that cannot matter (see the module's text)."""
    return (move.kind, move.target, move.seq, move.wild_as,
            tuple(sorted(card_class(c, rules) for c in move.cards)))


@dataclass(frozen=True)
class Resolved:
    """A line made whole: ``line`` to play (in full notation where cards were short), or ``choices``
    (moves in full notation) when the suits typed leave several different legal moves."""

    line: str
    choices: tuple[str, ...] = ()


def _allowed(deal: Deal, move: Move, legal: set[int]) -> bool:
    try:
        if action_of(move) not in legal:
            return False
        deal.clone().apply(move)
    except (MoveError, IllegalMove):
        return False
    return True


def resolve(words: Sequence[str], deal: Deal, seat: int) -> Resolved:
    """Make a move whose cards are named by rank alone whole, against the hand of ``seat`` and the
    legal moves of ``deal`` (see the module's text). Lines without such cards come back unchanged.

    Raises:
        IllegalMove: the hand lacks the cards named, or too many suit choices to try.
    """
    line = " ".join(words)
    if not words or words[0] not in CARD_VERBS:
        return Resolved(line)
    verb, body = words[0], list(words[1:])
    tail: list[str] = []
    if len(body) >= 2 and body[-2].lower() == "to":
        body, tail = body[:-2], body[-2:]
    short = [rank_only(w) for w in body]
    if all(r is None for r in short):
        return Resolved(line)
    left = list(deal.view(seat).hand)
    for w, r in zip(body, short, strict=True):
        if r is None:
            try:
                card = parse_card(w.partition("=")[0])
            except CardError as e:
                raise IllegalMove(str(e)) from None
            if card not in left:
                raise IllegalMove(f"you do not hold {'enough ' if card in deal.view(seat).hand else ''}"
                                  f"{w.partition('=')[0].upper()}")
            left.remove(card)
    ranks = sorted({r for r in short if r is not None})
    ways: list[list[tuple[int, ...]]] = []
    for r in ranks:
        need = short.count(r)
        have = sorted(c for c in left if c != JOKER and c >> 2 == r)
        if len(have) < need:
            what = f"{tile_number(r * 4)}s" if deal.rules.tile_names else RANK_WORDS[r]
            raise IllegalMove(f"you do not hold {need} {what} (you hold {len(have)})" if have
                              else f"you hold no {what}")
        ways.append(sorted(set(itertools.combinations(have, need))))
    if math.prod(len(w) for w in ways) > MAX_CHOICES:
        raise IllegalMove("too many ways to choose the suits: name some cards in full (e.g. KH)")
    candidates: list[tuple[str, Move]] = []
    for pick in itertools.product(*ways):
        chosen = {r: iter(cards) for r, cards in zip(ranks, pick, strict=True)}
        cards = [w if r is None else card_str(next(chosen[r])) for w, r in zip(body, short, strict=True)]
        text = " ".join([verb, *cards, *tail])
        try:
            candidates.append((text, Move.parse(text)))
        except MoveError:
            continue
    legal = set(deal.legal_actions())
    rules = deal.rules
    groups: dict[tuple[object, ...], str] = {}
    for text, move in candidates:
        key = effect_key(move, rules)
        if key not in groups and _allowed(deal, move, legal):
            groups[key] = text
    if not groups:
        return Resolved(candidates[0][0] if candidates else line)  # the engine refuses it and says why
    found = tuple(groups.values())
    return Resolved(found[0]) if len(found) == 1 else Resolved(line, found)


def resolve_line(line: str, deal: Deal, seat: int, say: Callable[[str], None],
                 ask: Callable[[str], str]) -> str | None:
    """The person's move line made whole (verb checked, tiles and ranks alone turned into cards), or
    None when the person, asked which of several moves he meant, chose none (``say`` prints, ``ask``
    reads an answer).

    Raises:
        IllegalMove: an unknown or ambiguous verb, cards the hand lacks (nothing changes).
    """
    words = line.split()
    if not words:
        return line
    problem = verb_problem(words[0].lower(), deal.rules)
    if problem:
        raise IllegalMove(problem)
    words[0] = words[0].lower()
    if deal.rules.tile_names:
        words = words[:1] + tile_words(words[1:])
    found = resolve(words, deal, seat)
    if not found.choices:
        return found.line
    say("Which do you mean? Here the suits make a difference:")
    for k, text in enumerate(found.choices, 1):
        say(f"  {k}. {text}")
    answer = ask("Which one? (its number; anything else cancels) ").strip()
    if answer.isdigit() and 1 <= int(answer) <= len(found.choices):
        return found.choices[int(answer) - 1]
    say("Move not played.")
    return None
