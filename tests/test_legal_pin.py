"""Legal moves and results of seeded random deals stay the same (issue #3, speed work).

For every preset (and a few player counts) a few seeded deals are played with seeded random
moves; the hash covers every list of ``legal_actions()`` met on the way (the move ids, in order)
and each deal's score. The digests were computed on the engine before the speed work, so a
change here means the engine now offers other moves or scores otherwise: not a speed-up.
If a rule is fixed on purpose, recompute the digests (``legal_digest``) and say why in the commit.

Recomputed for issue #13 (exact "may I go out?", RULES.md §1.9), where the first list that changed is
right by the exhaustive single-turn oracle (tests/oracles): in hollywood and samba ``ask`` is newly offered where
a sequence lets the player go out; in romanian-tiles ``ask`` is no longer offered to a hand holding three black
threes (§3.4); in bolivia, cuban, free-canasta, mexican, uruguay and classic(players=2/3/6) a meld or addition
that leaves one card before the side has its canastas is newly offered where melding that last card goes out
(§1.9: the canasta completed in the going-out turn). The seeded random moves then differ, so later lists differ
too. (chilean, italian, samba(players=6), hollywood(players=6) are unchanged: their changes came with hands
longer than the search covers, outsearch.SEARCH_CARDS.)

Recomputed for bolivia, chilean, hollywood, italian, samba and samba(players=6) when hands longer than
outsearch.SEARCH_CARDS got the sequence plan checked by the search (Deal._long_out_found): the first list that
changed in each offers ``ask`` newly, on a hand of 10 to 30 cards that the oracle finds can go out (bolivia
deal 0 turn 49, chilean deal 6 turn 58, hollywood deal 10 turn 44, italian deal 2 turn 9 (30 cards: the oracle
needs a budget of some millions of states there), samba deal 10 turn 42, samba(players=6) deal 5 turn 9).
Brazilian, escalator, pennies, romanian-tiles and the other six-player deals are unchanged.
Recomputed for issue #13 (exact "can the initial meld still be reached?", RULES.md §1.6, §3.2:
canasta.engine.constraints.initial_meld_search)
in hollywood, hollywood(players=6), samba(players=6) and brazilian(players=6) only: the first list that changed
newly offers, to an unopened side, sequence melds after which the minimum is reachable only through a sequence
with a wild card or additions to the sequence just melded (hollywood: 6D 7D 8D 9D; hollywood(players=6):
8D 9D TD; samba(players=6): 4C 5C 6C and 5C 6C 7C; brazilian(players=6): 8S 9S TS then JS, QS added, and four
more spade sequences), each right by the initial-meld oracle (oracles.going_out.can_open after the move).
Recomputed for romanian-tiles (2026-11-28: a meld of wild cards or a canasta opens whatever the count also when it
comes later in the turn, RULES.md §3.4, S2 l.128-132): the first list that changed (deal 0, turn 8) newly offers
``meld JD JH JS`` (30 of the 50) to a hand holding 2D 2S 2S, whose meld of wild cards then opens; right by the
initial-meld oracle, which now looks at the tile game after its first round.
hollywood and samba(players=6) were recomputed once more where both changes meet (the same deals' moves, with
both the exact going out and the exact initial meld).
Recomputed for chilean, escalator, hollywood and hollywood(players=6) (2026-11-28) when an unopened side's pile take
got the hand's sequences counted toward the minimum (the exact opening search behind
``pile_takes._take_reaches_initial_meld``): the first list that changed in each newly offers a take with a natural
pair (chilean deal 4, escalator deal 6, hollywood deal 11, hollywood(players=6) deal 2), after which the oracle
(``oracles.going_out.can_open``) reaches the minimum; nothing else is added or removed there.
"""

from __future__ import annotations

import array
import hashlib
import random

import pytest

from canasta.engine.deal import Deal
from canasta.moves.actions import ACTIONS
from canasta.moves.notation import ADD, MELD, TAKE
from canasta.rules.fields import Rules, preset_names

SPECS = [*preset_names(), "classic(players=2)", "classic(players=3)", "classic(players=6)",
         "samba(players=6)", "hollywood(players=6)", "brazilian(players=6)"]

DEALS = 16
_EAGER_KINDS = (TAKE, MELD, ADD)


def legal_digest(spec: str, seed: int = 1, deals: int = DEALS) -> str:
    """Hash (16 hex digits) of the legal move lists and scores of ``deals`` seeded random deals of ``spec``.

    Even deals are played with uniformly random moves; odd deals by an eager random player who
    picks a take, meld or add (when there is one) three times in four, so that melds, canastas,
    sequences and going out are reached far more often than by chance."""
    rules = Rules.parse(spec)
    h = hashlib.sha256()
    rng = random.Random(seed)
    for k in range(deals):
        deal = Deal(rules, dealer=k % rules.deal_players, seed=seed * 1000 + k)
        while not deal.over:
            legal = deal.legal_actions()
            h.update(array.array("i", legal).tobytes())
            h.update(b"|")
            pool = legal
            if k % 2 and rng.random() < 0.75:
                pool = [a for a in legal if ACTIONS[a][0] in _EAGER_KINDS] or legal
            deal.apply_action(pool[int(rng.random() * len(pool))])
        h.update(repr(deal.score()).encode())
    return h.hexdigest()[:16]


PINNED = {
    'bolivia': 'a42b8185b0727222',
    'brazilian': 'c4365a6ef21746a0',  # scores only: short-sequence penalty on sequences only (issue #13)
    'chilean': 'e7098480392bb3e5',  # pile takes planned with sequences (below)
    'classic': '7ced88836ee36138',
    'cuban': '75f04bdcd5c2bbd5',
    'escalator': '1193161a6a1eb214',  # pile takes planned with sequences (below)
    'free-canasta': '72368bebd853cc34',
    'hand-and-foot': 'f4dee4a0a4cb7994',  # new preset (issue 19), computed when it was added
    # recomputed for issue 19's MAC moves: the three kept for the Straight (straight_three, on in the preset) changes
    # the hands from the deal on; the talon down to one card (A.2) and 'declare' (A.11) add moves; 'layout' (the
    # three held back laid out by choice, A.3) adds one
    'modern-american': '8fcc9508b65b10b8',
    'hollywood': '93caeba0a7c369fd',  # exact going out and initial meld (issue #13); pile takes with sequences
    'italian': '6daf9ed11651cb0e',
    'mexican': '8f3a8aae8354f7de',
    'pennies-from-heaven': '17c9b141990a2b7c',
    'romanian-tiles': '77fdcf74c45bc10d',  # a later meld of wild cards or canasta opens (below)
    'samba': 'ca2f362ec77d518c',
    'spanish': '804b892c6ac2b41e',
    'uruguay': '33a7dfbaa0f4e7a0',
    'classic(players=2)': 'a52f865dea54edad',
    'classic(players=3)': 'd3460c76dbe5927e',
    'classic(players=6)': 'ce2a06b56ab469b5',
    'samba(players=6)': 'e84ce495dbec0968',  # exact going out and exact initial meld (issue #13)
    'hollywood(players=6)': '263f69907aeef775',  # initial meld exact with sequences (#13); pile takes, sequences
    'brazilian(players=6)': 'ef6b69ec3d34d732',  # short-sequence penalty, initial meld exact (issue #13)
}


@pytest.mark.parametrize("spec", SPECS)
def test_legal_moves_and_scores_are_pinned(spec: str) -> None:
    assert legal_digest(spec) == PINNED[spec]
