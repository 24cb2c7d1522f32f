"""Dealing (RULES.md §1.2, §1.3): the shuffle, the hands dealt one card at a time from the seat after the dealer,
the upcard turned, the red threes dealt laid out and replaced, the first turn started.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from canasta.cards.deck import N_TYPES, deck_counts, deck_list
from canasta.cards.shuffle import shuffle
from canasta.engine.apply import start_turn
from canasta.engine.dowry import lay_dowry
from canasta.engine.extra_cards import deal_packets
from canasta.engine.state import P_PLAY, DealState, give_card
from canasta.rules.fields import Rules


def deal_cards(
    state: DealState,
    rules: Rules,
    dealer: int = 0,
    scores: Sequence[int] | None = None,
    seed: int | None = None,
    deck: Sequence[int] | None = None,
    deal_number: int = 0,
) -> None:
    """Set up ``state`` as a new deal (see :class:`canasta.engine.deal.Deal` for the arguments; ``deal_number``:
    0 for the game's first deal, which picks the minimum count where ``round_minimums`` is set).

    Raises:
        ValueError: ``deck`` is not the rules' deck, or ``dealer``/``scores`` do not fit.
    """
    rules = rules.deal_rules()  # 5 players: a deal is played by 4 (§3.1, canasta.engine.seating)
    n = rules.players
    t = rules.teams
    if not 0 <= dealer < n:
        raise ValueError(f"dealer must be a seat 0..{n - 1}, not {dealer}")
    state.set_table(rules, dealer)
    state.seed = seed
    state.rng = random.Random(seed)
    counts = deck_counts(rules.packs, rules.jokers)
    order = deck_list(counts)
    shuffle(state.rng, order)  # also with a given deck, so later reshuffles use the same numbers
    if deck is not None:
        order = list(deck)
        got = [0] * N_TYPES
        for c in order:
            if not 0 <= c < N_TYPES:
                raise ValueError(f"deck holds {c!r}, which is not a card type")
            got[c] += 1
        if got != counts:
            raise ValueError(
                f"the deck must hold exactly the {rules.deck_size} cards of {rules.spec()}; "
                f"got {len(order)} cards with other counts"
            )
    state.deck = tuple(order)
    _empty_table(state, rules, scores, deal_number)
    # deal: one card at a time from the seat after the dealer
    stock = list(reversed(order))  # pop() takes the top
    first = (dealer + 1) % n
    for _ in range(rules.hand_size):
        for k in range(n):
            give_card(state, (first + k) % n, stock.pop())
    if rules.first_player_extra_card:  # 15 tiles: he starts by discarding (§3.4, S2 l.41-44)
        give_card(state, first, stock.pop())
    state.packets = deal_packets(state, stock)  # face-down packets (extra_cards_from=packet)
    # MAC A.2 [POC, MS]: the talons of the first, second ... side to open, dealt face down from the stock in advance
    state.talons = ([[stock.pop() for _ in range(k)] for k in rules.talon_sizes]
                    if rules.talon_source == "predealt" else [])
    state.extra_done = [False] * t
    state.stock = stock
    state.dowry = []  # face-down cards under the upcard: dowry, surpriza (dowry.py)
    if rules.red3_before_upcard:  # Italian: before the upcard is turned (§3.2)
        for k in range(n):
            state._replace_red_threes((first + k) % n)
    if rules.upcard:  # none in Modern American Canasta: the pile starts empty (RULES_AMERICAN.md A.2)
        state._turn_upcard()
    if rules.dowry != "none":
        lay_dowry(state)
    for k in range(n):  # red threes dealt: laid out and replaced, in turn order
        seat = (first + k) % n
        state._replace_red_threes(seat)
    state.turn = first
    start_turn(state, first)
    if rules.first_player_extra_card:
        state.phase = P_PLAY


def _empty_table(state: DealState, rules: Rules, scores: Sequence[int] | None, deal_number: int = 0) -> None:
    """The fields of a deal before the first card is dealt: empty hands, melds and pile, the scores and the
    minimum counts they give (RULES.md §1.6), no flag of a turn set."""
    n = rules.players
    t = rules.teams
    sc = list(scores) if scores is not None else [0] * t
    if len(sc) != t:
        raise ValueError(f"scores must give one number per side ({t}), not {len(sc)}")
    state.scores = sc
    state.minimum = [rules.min_meld(s, deal_number) for s in sc]  # round_minimums: by deal (RULES_AMERICAN B.8)
    state.draw_count = rules.draws_for(deal_number)  # round_draws: by deal (B.4)
    state.hands = [[0] * N_TYPES for _ in range(n)]
    state.rank_counts = [[0] * 14 for _ in range(n)]
    state.hand_sizes = [0] * n
    state.melds = [[] for _ in range(t)]
    state.seqs = [[] for _ in range(t)]  # of them, the sequences, in order (§3.2)
    state.meld_index = [[-1] * 14 for _ in range(t)]
    state.canastas = [0] * t
    state.seq_canastas = [0] * t  # of them, sequence canastas (§3.2)
    state.red3 = [[] for _ in range(n)]
    state.opened = [False] * t
    state.has_melded = [False] * n
    state.pile = []
    state.frozen = rules.pile_always_frozen
    state.pending = []
    state.black3_removed = [[] for _ in range(n)]
    state.ask_failed = [0] * t
    state.opener = [-1] * t
    state.opened_turn = [0] * t
    state.must_canasta = -1
    state.blocked_until = 0
    state.over = False
    state.out_seat = -1
    state.special_seat = -1  # the seat that laid down a special hand, ending the deal (MAC A.11)
    state.concealed = False
    state.reshuffles = 0
    state.turn_no = 0
    state.stock_out = False
    state.conceal_only = False
    state._legal = None
