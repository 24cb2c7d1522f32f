"""Short moves in terminal play (canasta.cli.shortmoves): cards named by rank alone, tiles named as the
screen shows them. A rank alone resolves where the suit cannot change the move, else the game asks which
move is meant; records keep the full notation; a refusal changes nothing."""

from __future__ import annotations

import io
from collections.abc import Sequence

import pytest
from rich.console import Console

from canasta.cards.deck import parse_cards
from canasta.cli.completion import Prompt, ScriptedReader
from canasta.cli.play import PlaySession, new_session
from canasta.cli.shortmoves import card_class, effect_key, rank_only, resolve, tile_words
from canasta.engine.deal import Deal, IllegalMove
from canasta.moves.notation import Move
from canasta.rules.fields import Rules
from helpers import snapshot, stacked_deck


def session_for(script: Sequence[str], hand: str, variant: str = "classic", upcard: str = "7C",
                stock: str | None = None) -> tuple[PlaySession, io.StringIO, list[dict]]:
    """The person at seat 1 (first to play, holding ``hand``) against random bots; the lines of ``script``
    are typed in turn (then input ends). Returns the session, its output and a snapshot per prompt."""
    buf = io.StringIO()
    console = Console(file=buf, width=120, color_system=None, highlight=False)
    seen: list[dict] = []
    lines = iter(script)

    def read(p: Prompt) -> str | None:
        if p.deal is not None:
            seen.append(snapshot(p.deal))
        return next(lines, None)

    session = new_session(variant, None, 1, "random", ["target=300"], 1, console,
                          ScriptedReader(read, console))
    deck = stacked_deck(session.rules, [hand], upcard=upcard, stock=stock, dealer=3)
    session.game.dealer = 3
    session.game.new_deal(deck=deck)
    return session, buf, seen


def played(session: PlaySession) -> list[str]:
    return session.game.logs[-1].moves


# ------------------------------------------------------------------ ranks alone resolve

def test_discard_by_rank_alone_where_suits_cannot_matter():
    session, _, _ = session_for(["draw", "discard 4"], "4C 4H 5D 6D 7H 9S TS JC QD KH AS", stock="8C")
    session.run()
    assert played(session)[:2] == ["draw", "discard 4C"]  # the record keeps the full notation


def test_meld_and_add_by_rank_alone():
    hand = "AC AD AH 2D 8C 8C 8D 8D 8H 8H 8S"
    session, _, _ = session_for(["draw", "meld A A A", "meld 8 8 2", "add 8 8 8 8", "discard 9"], hand,
                                stock="9C")
    session.run()
    assert played(session)[:5] == ["draw", "meld AC AD AH", "meld 8C 8C 2D", "add 8D 8D 8H 8H", "discard 9C"]


def test_mixed_full_and_short_names_and_ten():
    hand = "AC AD AH TC TD TS 5D 6D 7H 9S JC"
    session, _, _ = session_for(["draw", "meld AD A A", "meld 10 T TS"], hand, stock="4C")
    session.run()
    assert played(session)[:3] == ["draw", "meld AD AC AH", "meld TC TD TS"]


def test_take_the_pile_with_a_pair_by_rank():
    hand = "KC KH AC AD 2C 5D 6D 7C 9S TS QS"
    session, _, _ = session_for(["take K K"], hand, upcard="KD")
    session.run()
    assert played(session)[0] == "take KC KH"


def test_wild_card_by_rank_and_meld_named():
    hand = "AC AD AH 2C 2D 5D 6D 7C 9S TS QS"
    session, _, _ = session_for(["draw", "meld A A A", "add 2 to A"], hand, stock="4C")
    session.run()
    assert played(session)[:3] == ["draw", "meld AC AD AH", "add 2C to A"]


# ------------------------------------------------------------------ where suits matter: asked

SAMBA_HAND = "4C 4H 9D TD JD QS KS AS AC 7H 7S 6C 5D 8D 8S"


def test_suits_that_matter_are_asked_for_and_the_choice_is_played():
    session, buf, _ = session_for(["draw", "discard 4", "2"], SAMBA_HAND, variant="samba", stock="9C 9H")
    session.run()
    out = buf.getvalue()
    assert "Which do you mean?" in out and "1. discard 4C" in out and "2. discard 4H" in out
    assert played(session)[:2] == ["draw", "discard 4H"]


def test_a_cancelled_choice_plays_nothing():
    session, buf, seen = session_for(["draw", "discard 4", "no", "x"], SAMBA_HAND, variant="samba",
                                     stock="9C 9H")
    session.run()
    assert "Move not played." in buf.getvalue()
    assert played(session) == ["draw"]
    assert seen[1] == seen[-1]  # the state after the draw is untouched


def test_one_legal_choice_is_played_without_asking():
    """In a sequence variant the suit matters, but where only one card of the rank is held there is no choice."""
    session, buf, _ = session_for(["draw", "discard 9"], SAMBA_HAND, variant="samba", stock="TC TH")
    session.run()
    assert played(session)[:2] == ["draw", "discard 9D"] and "Which do you mean" not in buf.getvalue()


# ------------------------------------------------------------------ refusals change nothing

@pytest.mark.parametrize(("line", "why"), [
    ("discard 3", "you hold no threes"),
    ("meld K K K", "you do not hold 3 kings (you hold 2)"),
    ("meld QS K K", "you do not hold QS"),
    ("meld K KX", "'KX' is not a card"),
    ("add A", "no meld of aces"),  # resolved to 'add AC', refused by the engine with its reason
])
def test_refused_short_moves_change_nothing(line, why):
    hand = "KC KH AC AD AH 5D 6D 7H 9S TS JC"
    session, buf, seen = session_for(["draw", line], hand, stock="4C")
    session.run()
    assert why in buf.getvalue()
    assert played(session) == ["draw"] and seen[1] == seen[-1]


# ------------------------------------------------------------------ units

def test_rank_only_words():
    assert [rank_only(w) for w in ("K", "t", "10", "2", "KH", "JK", "x")] == [11, 8, 8, 0, None, None, None]


def test_suit_classes():
    classic, samba = Rules.preset("classic"), Rules.preset("samba")
    kh, ks, c3, s3, d3 = parse_cards("KH KS 3C 3S 3D")
    assert card_class(kh, classic) == card_class(ks, classic)
    assert card_class(kh, samba) != card_class(ks, samba)  # a sequence is of one suit
    assert card_class(c3, samba) == card_class(s3, samba) != card_class(d3, samba)  # black vs red three
    two_c, two_h = parse_cards("2C 2H")
    assert card_class(two_c, samba) == card_class(two_h, samba)  # wild cards never need a suit
    assert effect_key(Move.parse("discard 4C"), classic) == effect_key(Move.parse("discard 4H"), classic)
    assert effect_key(Move.parse("discard 4C"), samba) != effect_key(Move.parse("discard 4H"), samba)


def test_resolve_leaves_full_moves_and_non_card_verbs_alone():
    rules = Rules.preset("classic")
    deal = Deal(rules, 3, [0, 0], deck=stacked_deck(rules, ["KC KH AC AD AH 5D 6D 7H 9S TS JC"], dealer=3))
    for words in (["draw"], ["discard", "KC"], ["meld", "KX", "KH"], ["ask"]):
        assert resolve(words, deal, deal.to_act).line == " ".join(words)


# ------------------------------------------------------------------ Romanian tiles as shown

def test_tile_words_as_the_screen_shows_them():
    assert tile_words(["yellow", "11"]) == ["JD"]
    assert tile_words(["red7", "joly", "Blue", "1", "black", "13"]) == ["7H", "JK", "AC", "KS"]
    assert tile_words(["11", "1", "to", "12", "KH"]) == ["J", "A", "to", "Q", "KH"]
    with pytest.raises(IllegalMove, match="colour and number"):
        tile_words(["yellow"])
    with pytest.raises(IllegalMove, match="colour and number"):
        tile_words(["red", "14"])


def test_romanian_tiles_typed_as_shown():
    hand = "JD JS 5C 5H 6D 7H 8S 9C TD QH KC AS 4D 4S"
    session, _, _ = session_for(["discard yellow 11"], hand, variant="romanian-tiles")
    session.run()
    assert played(session)[0] == "discard JD"


def test_romanian_tiles_number_alone_where_the_colour_cannot_matter():
    hand = "JD JS 5C 5H 6D 7H 8S 9C TD QH KC AS 4D 4S"
    session, _, _ = session_for(["discard 11"], hand, variant="romanian-tiles")
    session.run()
    assert played(session)[0] == "discard JD"




def test_bonus_threes_label_of_the_tile_game():
    from canasta.rules.describe import red_threes_label
    assert red_threes_label(Rules.preset("romanian-tiles")) == "Red & yellow 3s"
    assert red_threes_label(Rules.preset("classic")) == "Red threes"


def test_romanian_tiles_missing_number_is_said_in_tile_numbers():
    hand = "JD JS 5C 5H 6D 7H 8S 9C TD QH KC AS 4D 4S"
    session, buf, seen = session_for(["discard 13 13"], hand, variant="romanian-tiles")
    session.run()
    assert "you do not hold 2 13s (you hold 1)" in buf.getvalue() and seen[0] == seen[-1]
    session, buf, seen = session_for(["meld 13 13 13"], hand, variant="romanian-tiles")
    session.run()
    assert "you do not hold 3 13s (you hold 1)" in buf.getvalue() and seen[0] == seen[-1]
