"""The rules in words: the text of ``canasta rules`` for any variant, split by topic, and the words the
table uses for a few rules (the dowry's name, the red threes' label, a kind of canasta).
"""

from __future__ import annotations

from canasta.cards.deck import JOKER, card_str
from canasta.rules.american import american_rule_lines
from canasta.rules.rule_fields import RuleFields
from canasta.rules.tables import BELOW_ZERO, PILE_TAKE_MODES


def _yn(b: bool) -> str:
    return "yes" if b else "no"


def _describe_extras(r: RuleFields) -> list[str]:
    """Lines of :func:`describe` for extra cards, blocking ranks and going-out needs (§3.2 Mexican, §3.5)."""
    out: list[str] = []
    event = ("completes its initial meld" if r.extra_cards_when == "initial_meld"
             else "completes its first canasta")
    if r.extra_cards and r.extra_cards_from == "stock" and r.extra_cards_once_per_deal:
        first = "makes the initial meld" if r.extra_cards_when == "initial_meld" else "lays out or completes a canasta"
        out.append(f"Extra cards: the first player at the table who {first} "
                   f"draws the top {r.extra_cards} cards of the stock and may use them at once "
                   "(once per deal: nobody else receives any).")
    elif r.extra_cards and r.extra_cards_from == "stock":
        out.append(f"Extra cards: when a side {event}, "
                   f"the player whose move did it draws {r.extra_cards} more cards from the stock "
                   "(once per side); nobody goes out before.")
    elif r.has_foot:
        out.append(f"Foot: each player is dealt a face-down foot of {r.extra_cards} cards. When his hand is empty he "
                   "takes it: emptied by melding, at once and he plays on; emptied by his discard, then, to play "
                   "it from his next turn. No one goes out before taking his foot"
                   + ("; an unplayed foot counts against its side." if r.unplayed_packet_counts else "."))
        out.extend(_foot_options(r))
        if r.exact_cut_bonus:
            out.append(f"Exact cut: a player who takes exactly the {r.hand_size + r.extra_cards} cards of his hand "
                       f"and foot from the deck earns {r.exact_cut_bonus} for his side (the engine plays the cut).")
    elif r.extra_cards:
        out.append(f"Packets: each player is dealt a face-down packet of {r.extra_cards} cards; he adds it "
                   f"to his hand once his side {event} (at once if it is his move, "
                   "else at the start of his next turn); no one goes out before taking his packet.")
    if r.pile_blocking_rank:
        out.append(f"A {r.pile_blocking_rank} on top of the pile: nobody may take the pile.")
    if r.discard_blocked_rank:
        out.append(f"{r.discard_blocked_rank}s may not be discarded until every side has a canasta of "
                   f"{r.discard_blocked_rank}s, and never as the last card when going out.")
    mixed_by_rank = dict(r.rank_canasta_mixed_bonuses)
    if r.rank_canasta_bonuses or mixed_by_rank:
        nat_by_rank = dict(r.rank_canasta_bonuses)
        out.append("Canastas of a rank: " + ", ".join(
            f"{k}s {nat_by_rank[k]} (natural or mixed)" if k not in mixed_by_rank else
            f"{k}s natural {nat_by_rank.get(k, r.natural_canasta_bonus)}, mixed {mixed_by_rank[k]}"
            for k in list(nat_by_rank) + [k for k in mixed_by_rank if k not in nat_by_rank]) + ".")
    if r.rank_hand_penalties:
        out.append("Left in a hand at the end of the deal: " + ", ".join(
            f"each {k} costs {v}" for k, v in r.rank_hand_penalties) + " (instead of its value).")
    if r.red3_set_needs_canasta:
        out.append(f"All {len(r.red3_values) - 1} red threes score {r.red3_values[-1]} only for a side with "
                   + " or ".join(describe_kind(k) for k in r.red3_set_needs_canasta)
                   + f"; otherwise {r.red3_values[1]} each.")
    if r.red3_to_go_out:
        out.append(f"Going out also needs {r.red3_to_go_out} red threes laid out by the side.")
    if r.red3_before_upcard:
        out.append("Red threes dealt are laid out and replaced before the upcard is turned.")
    if r.dowry != "none":
        out.append(dowry_rule_line(r))
    if r.min_meld_naturals_only:
        out.append("Only natural cards count towards the initial meld's minimum.")
    if r.twos_melds:
        mixed = f"{r.twos_canasta_mixed_bonus}" if r.twos_canasta_mixed_bonus else "as a mixed canasta"
        out.append(f"Twos may form their own meld (jokers as its wild cards), after the side's initial meld; "
                   f"while it is not a canasta the side may not use twos as wild cards elsewhere. Seven twos "
                   f"{r.twos_canasta_bonus or r.wild_canasta_bonus}, twos with jokers {mixed}"
                   + (", only for the side that goes out (else card values only)"
                      if r.twos_canasta_bonus_needs_going_out else "") + ".")
    if not r.wild_canastas_count:
        out.append("Canastas of twos or wild cards count neither for going out nor for the premiums.")
    if r.natural_canasta_count_bonuses:
        out.append("Premiums for natural canastas (on top): "
                   + ", ".join(f"{c} natural canastas +{b}" for c, b in r.natural_canasta_count_bonuses) + ".")
    if r.going_out_canastas:
        words = {"natural": "a natural canasta", "mixed": "a mixed canasta", "wild": "a canasta of wild cards"}
        out.append("Going out also needs, each a different canasta: "
                   + ", ".join(words.get(k, f"a canasta of {k}s") for k in r.going_out_canastas) + ".")
    return out


def _describe_table(r: RuleFields) -> list[str]:
    """The players, the deck, the deal, the upcard and the card values (RULES.md §1.1-§1.3, §3.1)."""
    lines: list[str] = []
    add = lines.append

    add(f"Variant: {r.spec()}")
    team = "each for himself" if r.team_size == 1 else f"{r.teams} sides of {r.team_size}"
    if r.sitting_out:
        team = (f"{r.teams} sides, of {r.team_size + r.sitting_out} and {r.team_size}: each deal one player of the "
                f"larger side sits out in turn (and may not advise), so {r.deal_players} play each deal")
    add(f"Players: {r.players}, {team}; play goes {r.direction}.")
    if r.cutthroat:
        add("Cutthroat: each plays for himself until one first takes the discard pile; he becomes the lone "
            "hand and the other two a partnership for the rest of the deal (their melds combine, each "
            "partner's own minimum count and red threes; no asking to go out). Whoever goes out before the "
            "pile was taken is the lone hand. Each partner scores the partnership's result plus his own red "
            "threes; if nobody took the pile, everyone scores alone.")
    add(f"Deck: {r.deck_size} cards ({r.packs} packs and {r.jokers} jokers); wild cards: jokers and twos.")
    add(f"Deal: {r.hand_size} cards each; draw {r.draw} card{'s' if r.draw > 1 else ''} a turn, discard 1.")
    upc = "a wild card or any three" if r.upcard_black3_turns else "a wild card or a red three"
    if r.upcard:
        add(f"Upcard: if it is {upc}, more cards are turned onto it; a wild card or red three there freezes the pile.")
    else:
        add("No upcard: the discard pile starts empty.")
    vals: dict[int, list[str]] = {}
    for c in [JOKER] + [rank * 4 for rank in (0, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)]:
        vals.setdefault(r.card_values[c], []).append("JK" if c == JOKER else card_str(c)[0])
    add("Card values: " + ", ".join(f"{' '.join(k)} = {v}" for v, k in sorted(vals.items(), reverse=True))
        + f"; black three {r.card_values[4 + 3]} in a meld, {r.black3_hand_penalty} lost when left in a hand.")
    return lines


def _describe_melds(r: RuleFields) -> list[str]:
    """Melds, sequences, melds of wild cards and canastas with their bonuses (§1.4, §1.5, §3.2)."""
    lines: list[str] = []
    add = lines.append
    wl = (f"at least {r.min_naturals} naturals and at most {r.wild_limit} wild cards")
    if r.no_wild_majority:
        wl += ", never more wild cards than naturals"
    if r.naturals_exceed_wilds:
        wl += ", always more naturals than wild cards"
    per_rank = ("a side may start another meld of a rank once its melds of that rank are canastas"
                if r.several_melds_per_rank else "one meld per rank per side")
    add(f"Melds: 3 or more cards of one rank 4..A, {wl}; {per_rank}.")
    if r.sequences and r.sequence_wild_max:
        add(f"Sequences: {r.sequence_min} to {r.sequence_max} cards of one suit in a row (4 low, A high), several "
            f"per side, at most {r.sequence_wild_max} wild card standing for a card of the run (then at least "
            f"{r.min_naturals} naturals); {r.sequence_max} cards make a sequence canasta worth "
            f"{r.sequence_canasta_bonus} plus the card values ({r.mixed_sequence_canasta_bonus} with a wild "
            "card), which takes no more cards.")
    elif r.sequences:
        sizes = (f"exactly {r.sequence_min}, laid down whole," if r.sequence_min == r.sequence_max
                 else f"{r.sequence_min} to {r.sequence_max}")
        add(f"Sequences: {sizes} natural cards of one suit in a row (4 low, A high, "
            f"no wild cards), several per side; {r.sequence_max} cards make a sequence canasta worth "
            f"{r.sequence_canasta_bonus} plus the card values, which takes no more cards.")
        if r.sequence_out_max:
            add(f"When going out, a sequence may be extended at both ends up to {r.sequence_out_max} cards "
                "(the addition must empty the hand or leave the card to discard).")
        if r.short_sequence_penalty:
            add(f"A sequence of fewer than {r.short_sequence_below} cards at the end of the deal costs its side "
                f"{r.short_sequence_penalty}.")
    if r.wild_melds:
        size = f"{r.wild_meld_min}" + (f" to {r.wild_meld_cap}" if r.wild_meld_cap < 10**6 else " or more")
        add(f"Melds of wild cards only ({size} twos and jokers) are allowed; a wild canasta scores "
            f"{r.wild_canasta_bonus}"
            + (f", of twos only {r.twos_canasta_bonus}" if r.twos_canasta_bonus else "")
            + (f", with four jokers {r.jokers4_canasta_bonus}" if r.jokers4_canasta_bonus else "") + ".")
    mixed = (", ".join(f"{v} with {k} wild card{'s' if k > 1 else ''}"
                       for k, v in enumerate(r.mixed_canasta_bonus_by_wilds, 1))
             if r.mixed_canasta_bonus_by_wilds else f"{r.mixed_canasta_bonus}")
    sizes = "7+" if not r.canasta_max else ("exactly 7" if r.canasta_max == 7 else f"7 to {r.canasta_max}")
    add(f"Canastas: {sizes} cards; "
        f"natural {r.natural_canasta_bonus}, mixed {mixed}"
        + (f"; aces natural {r.aces_canasta_bonus[0]}, mixed {r.aces_canasta_bonus[1]}"
           if r.aces_canasta_bonus[0] else "") + ", plus the card values.")
    if r.canasta_max:
        add(f"No meld may hold more than {r.canasta_max} cards.")
    if r.book_naturals_only:
        add("Once a meld has 7 cards only natural cards join it: a wild card joins among its first 7.")
    if r.canasta_count_bonuses:
        how = "each premium reached" if r.canasta_count_bonus_cumulative else "the highest premium reached"
        add("Premiums for the number of canastas: "
            + ", ".join(f"{c} canastas {b}" for c, b in r.canasta_count_bonuses)
            + f" ({how}, on top of the canastas' bonuses and cards).")
    return lines


def _describe_opening_and_pile(r: RuleFields) -> list[str]:
    """The initial meld's minimum count and taking the pile (§1.6-§1.8)."""
    lines: list[str] = []
    add = lines.append
    table = ", ".join(
        (f"below {r.min_meld_table[1][0] if len(r.min_meld_table) > 1 else 'any score'}" if t == BELOW_ZERO
         else f"from {t}") + f": {m}" for t, m in r.min_meld_table
    )
    if r.round_minimums:
        add("Initial meld minimum (card values only) by deal of the game: "
            + ", ".join(f"deal {k}: {m}" for k, m in enumerate(r.round_minimums, 1)) + " (later deals: the last).")
    else:
        add(f"Initial meld minimum (card values only, by the side's score): {table}.")
    how = ("hold a {} (no minimum count)" if r.opening_canasta_waives_minimum
           else "also include a {} completed in that turn, on top of the minimum count")
    for score, req in r.min_meld_canasta_from:
        add(f"From {score} points the initial meld must {how.format(req.replace('_', ' '))}.")
    modes = {"natural_pair": "a natural pair", "natural_wild": "a natural and a wild card",
             "add_to_meld": "adding the top card to a meld of the side"}
    if r.pile_always_frozen:
        add("The pile is always frozen: only a natural pair matching the top card takes it.")
    else:
        if r.pile_add_below:
            modes["add_to_meld"] += f" of fewer than {r.pile_add_below} cards"
        if r.sequences and r.sequence_min < r.sequence_max:
            modes["add_to_meld"] += " (or to one of its sequences)"
        add("Taking an unfrozen pile: " + "; ".join(modes[m] for m in PILE_TAKE_MODES if m in r.pile_take_modes)
            + ". A frozen pile (side not yet melded, or a wild card or red three in it): a natural pair only.")
    if r.pile_take_with_wild:
        add("A natural card and a wild card matching the top card take the pile as a natural pair does.")
    if r.empty_hand_waives_minimum:
        add("A player whose foot waits and who melds every card of his hand in one turn makes his side's initial "
            "meld whatever its count (the Marva rule).")
    if r.wild_discard_freezes:
        add("A wild card discarded freezes the pile until it is taken: while one is in the pile, only a natural pair "
            "takes it.")
    if r.pile_take_count:
        add(f"Taking the pile brings its top {r.pile_take_count} cards at most (the top card and the "
            f"{r.pile_take_count - 1} below it); the rest stays as the pile.")
    if r.no_pile_for_initial_meld:
        add("A side that has not made its initial meld may not take the pile.")
    if r.own_canasta_rank_blocks_pile:
        add("A pile topped by the rank of one of the side's canastas cannot be taken.")
    if r.wild_pair_takes_wild:
        add("A pile topped by a wild card is taken with a pair of the same wild card (two twos for a two, two "
            "jokers for a joker); the three start or join the side's meld of wild cards. Only a black three "
            f"on top blocks the pile. One-card rule: {_yn(r.one_card_pile_rule)}.")
    else:
        add("A pile topped by a wild card or black three cannot be taken. "
            f"One-card rule: {_yn(r.one_card_pile_rule)}.")
    add("A discarded black three " + ("freezes the pile." if r.black3_freezes else "stops only the next player."))
    if r.black3_no_discard_first_round:
        add("Black threes may not be discarded in a player's first turn (unless he holds nothing else).")
    if r.black3_from_pile_removed:
        add("Black threes in a taken pile are removed from play; the side scores "
            + ", ".join(f"{i}: {v}" for i, v in enumerate(r.black3_removed_values) if i) + ".")
    return lines


def _describe_going_out(r: RuleFields) -> list[str]:
    """Going out, asking the partner, black threes and red threes (§1.9-§1.11)."""
    lines: list[str] = []
    add = lines.append
    if r.concealed_scale:
        a, b, c, d = r.concealed_scale
        conc = (f"concealed (laying the whole hand down at once, with a canasta of his own): first turn {a} "
                f"({b} using the partner's melds), later {c} ({d} using them), instead of {r.going_out_bonus}")
    else:
        conc = f"concealed +{r.concealed_bonus}"
    ask = (("a player must ask his partner and be told yes before going out"
            + ("" if r.ask_requires_going_out else "; he may ask at any time, and a yes when he cannot go out "
               "is void" + (f" and costs {r.ask_fail_penalty}" if r.ask_fail_penalty else "")))
           if r.must_ask_to_go_out else
           "a player may ask his partner first and must obey the answer" if r.ask_requires_going_out else
           f"a player may ask his partner at any time and must obey the answer; told yes, if he cannot go "
           f"out his side loses {r.ask_fail_penalty}")
    seq_out = (f" ({r.sequence_canastas_to_go_out} of them a sequence canasta)"
               if r.sequence_canastas_to_go_out else "")
    if not r.going_out_allowed:
        add("Going out: nobody goes out: no player may meld or discard his last card, so the deal ends only "
            "when the stock runs out; no bonus for ending it.")
    else:
        add(f"Going out: needs {r.canastas_to_go_out} canasta{'s' if r.canastas_to_go_out != 1 else ''}"
            f"{seq_out}; bonus {r.going_out_bonus}, {conc}; {ask}.")
    if r.black3_melds_anytime:
        add("Black threes: a set of three or four (no wild cards) may be laid out at any time, even before the "
            "initial meld (it does not count towards it); nothing is added to it; one set per side.")
    if r.black3_foot_book:
        add("Black threes: a player in his foot, his side down, may lay them down as one dirty book of 7 cards "
            "at once, 4 to 6 black threes and 1 to 3 wild cards (B.7, black_three_meld=foot_book); never otherwise.")
    if r.black3_all_melded_bonus:
        add(f"Melding four black threes when going out: +{r.black3_all_melded_bonus}.")
    if r.black3_all_in_hand_penalty:
        add(f"A player left holding four black threes: -{r.black3_all_in_hand_penalty} for his side.")
    if r.red3_negative_if == "never":
        negative = "never negative"
    else:
        negative = ("negative if the side has "
                    + (f"fewer than {r.canastas_to_go_out} canastas" if r.red3_negative_if == "few_canastas"
                       else r.red3_negative_if.replace('_', ' '))
                    + (f" or no canasta of {r.red3_needs_canasta_of}s" if r.red3_needs_canasta_of else ""))
    if r.red3_hand_penalty:
        add(f"Red threes are never laid out nor melded: they stay in the hand, may be discarded (one on top stops "
            f"the pile), and each left in a hand or an unplayed foot costs {r.red3_hand_penalty}.")
    elif not r.threes_by_colour:  # else: the threes by colour (rules/american.py)
        add(f"Red threes: {', '.join(f'{i}: {v}' for i, v in enumerate(r.red3_values) if i)}; {negative}.")
    if not r.black3_meld and not r.black3_foot_book:
        add("Black threes are never melded.")
    if r.going_out_needs_discard:
        add("Going out ends with a discard: the player going out may not meld his last cards.")
    if r.going_out_by_melding:
        add("Going out only by melding every last card: no final discard; a discard always leaves a card in the hand.")
    return lines


def _describe_end(r: RuleFields) -> list[str]:
    """Extra cards and other variant rules, the stock running out, the tiles, the game's end (§1.10, §1.12)."""
    lines: list[str] = []
    add = lines.append
    lines.extend(_describe_extras(r))
    se = {"forced_take": "players must take the pile when its top card fits their melds; the deal "
                         "ends when one does not take it",
          "pile_continuation": "each player in turn may take the pile if he legally can; the deal ends when one "
                               "would have to draw",
          "reshuffle": "the discard pile is shuffled into a new stock",
          "reshuffle_below_top": "the discard pile below its top card is shuffled into a new stock",
          "end": "the deal ends after the turn of the player who drew the last card"}[r.stock_end]
    add(f"Stock exhausted: {se}. Last card a red three: "
        + ("he may meld but not discard." if r.last_red3_may_meld else "he may neither meld nor discard."))
    lines.extend(tile_rule_lines(r))
    lines.extend(american_rule_lines(r))
    if r.rounds:
        add(f"Game: {r.rounds} deals, the highest total wins (totals may be negative); a tie on top "
            + ("plays another deal." if r.tie == "another_deal" else "is shared."))
    else:
        add(f"Game: to {r.target}; a tie on top "
            + ("plays another deal." if r.tie == "another_deal" else "is shared."))
    if r.pile_visible:
        add("Players may look through the discard pile.")
    return lines


def describe(r: RuleFields) -> str:
    """Text for a person listing the rules in force (``canasta rules``), one rule a line.

    >>> from canasta.rules.fields import Rules
    >>> describe(Rules.preset("classic")).splitlines()[0]
    'Variant: classic'
    """
    return "\n".join(_describe_table(r) + _describe_melds(r) + _describe_opening_and_pile(r)
                     + _describe_going_out(r) + _describe_end(r))


# ------------------------------------------------- words for single rules

def tile_rule_lines(r: RuleFields) -> list[str]:
    """Lines of ``canasta rules`` for the fields of the tile game (RULES.md §3.4), each only where
    its field is set, so that any variant using one of them lists it."""
    lines: list[str] = []
    add = lines.append
    if r.tile_names:
        add(f"Tiles: {r.deck_size} tiles numbered 1-13 in four colours (red = hearts, yellow = diamonds, "
            "black = spades, blue = clubs; 1 = ace, 11-13 = J Q K) and the jolys (JK); in play type them as "
            "shown ('discard yellow 11', 'meld red 7 red 7 joly') or by card codes: 'red 7' is 7H, 'blue 1' is AC, "
            "'joly' is JK; records keep the card codes.")
        add(f"Tile values: 1 (ace) = {r.card_values[48]}, 2 = {r.card_values[0]}, 4-6 = {r.card_values[8]}, "
            f"7-13 = {r.card_values[20]}, joly = {r.card_values[JOKER]}; red/yellow 3 a bonus, black/blue 3 "
            f"-{r.black3_hand_penalty} on the rack.")
    if r.first_player_extra_card:
        add(f"The first player gets {r.hand_size + 1} and starts by discarding, without drawing.")
    if r.no_opening_first_round:
        add("First round: nobody melds or takes the pile.")
    if r.min_meld_no_wild_below > BELOW_ZERO:
        add(f"Below {r.min_meld_no_wild_below} points the initial meld may hold no wild card.")
    waive = [w for w, on in (("a complete canasta", r.opening_canasta_waives_minimum),
                             ("a meld of wild cards", r.opening_wild_meld_waives_minimum)) if on]
    if waive:
        add(f"An initial meld with {' or '.join(waive)} needs no minimum count.")
    if r.partner_take_needs_canasta_same_round:
        add("After a player's initial meld, his partner may take the pile before the opener plays again "
            "only by making the top card's meld a canasta in that turn (six from his hand and the top card).")
    if r.joker_discard_blocks_round:
        add("A discarded joly blocks the pile for a full round; only the next player may take it, showing two "
            "wild cards and making a joker canasta of his side's meld of wild cards that turn.")
    if r.canasta_beyond_seven_flat:
        add(f"Cards of a canasta beyond its seven highest score {r.canasta_beyond_seven_flat} in all.")
    if r.never_opened_penalty_factor > 1:
        add(f"A side that never melded loses its hands' points x{r.never_opened_penalty_factor}.")
    if r.melds_negative_without_canasta:
        add("A side that melded but has no canasta loses its melded points and its hands' points.")
    if r.black3_set_leaves_play:
        add("Black threes are never melded; a player holding all four may put them out of play in his turn "
            "('meld 3C 3C 3S 3S').")
    if r.black3_side_set_total:
        add(f"Black threes left in hands: -{r.black3_hand_penalty} each; all four on a side "
            f"-{r.black3_side_set_total}.")
    if r.win_requires_going_out:
        add(f"The game is won by a side that reaches {r.target} and goes out; otherwise play continues.")
    return lines


def describe_kind(token: str) -> str:
    """A kind of ``red3_set_needs_canasta`` in words, e.g. ``a natural canasta of 7s``."""
    want, _, r = token.partition("-")
    words = {"natural": "a natural canasta", "mixed": "a mixed canasta", "wild": "a canasta of wild cards",
             "sequence": "a sequence canasta"}
    if r:
        return f"{words[want]} of {r}s"
    return words.get(token, f"a canasta of {token}s")


_DOWRY_COUNTS = {
    "rank": "its rank (4..10 their number, J 11, Q 12, K 13, A 20)",
    "number": "its number (1 for an ace, 2..10, 11-13 for J Q K)",
}


def dowry_name(rules: RuleFields) -> str:
    """What people call the dowry: ``surpriza`` in the Romanian tile game (``tile_names``, S2 l.42),
    else ``dowry``."""
    return "surpriza" if rules.tile_names else "dowry"


def dowry_rule_line(rules: RuleFields) -> str:
    """The line of ``canasta rules`` for ``rules.dowry`` ('' where it is none)."""
    if rules.dowry not in _DOWRY_COUNTS:
        return ""
    return (f"{dowry_name(rules).capitalize()}: under the upcard go as many face-down cards as "
            f"{_DOWRY_COUNTS[rules.dowry]}; they go with the pile to the first player who takes it.")


def red_threes_label(rules: RuleFields, short: bool = False) -> str:
    """What people call the threes that score under ``rules``: ``Red threes``; for the tile game (whose bonus
    threes are the red and the yellow 3 tiles, hearts and diamonds) ``Red & yellow 3s``; where threes go by
    colour (Modern American Canasta, RULES_AMERICAN.md A.3: red and black threes are laid out and both score)
    ``Threes (red, black)``. For the table's column and the score breakdown's row (``scoring.BREAKDOWN_ITEMS``
    key ``red_threes``); ``short`` gives the score pad's narrow column head (``Red 3s``, ``R&Y 3s``, ``3s``).

    >>> from canasta.rules import Rules
    >>> red_threes_label(Rules.preset("modern-american")), red_threes_label(Rules.preset("classic"), short=True)
    ('Threes (red, black)', 'Red 3s')
    """
    if rules.tile_names:
        return "R&Y 3s" if short else "Red & yellow 3s"
    if rules.threes_by_colour:
        return "3s" if short else "Threes (red, black)"
    return "Red 3s" if short else "Red threes"


def _foot_options(r: RuleFields) -> list[str]:
    """Sentences for Hand and Foot's options of the foot, the draw and the books (RULES_AMERICAN.md B.4, B.6,
    B.9, B.10), where they differ from the spec's defaults."""
    out = []
    if r.foot_pickup == "walk_only":
        out.append("The foot is taken only by walking: a player may not meld his last card; he discards it and "
                   "plays his foot from his next turn.")
    elif r.foot_pickup == "next_turn_instead_of_draw":
        out.append("A player whose hand is empty, by melding or by his discard, ends his turn; at his next turn he "
                   "takes his foot instead of drawing.")
    if not r.must_play_foot:
        out.append("A player whose side may go out may go out from his hand, his foot unplayed.")
    if r.round_draws:
        out.append("Cards drawn by deal of the game: "
                   + ", ".join(f"deal {k}: {d}" for k, d in enumerate(r.round_draws, 1)) + " (later deals: the last).")
    if r.special_book_bonuses in ("sevens", "landoware"):
        out.append("A clean book of sevens scores 1500 (a dirty one the usual bonus)"
                   + ("; a wild book scores 2500." if r.special_book_bonuses == "landoware" else "."))
    if r.all_partners_in_foot:
        out.append("A side may go out only when every one of its players has picked up his foot.")
    if r.book_bonus_counts_toward_minimum:
        out.append("A book completed in the side's initial meld counts its bonus toward the minimum count.")
    return out
