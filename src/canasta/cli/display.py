"""Rendering for terminal play: a :class:`~canasta.engine.deal.PlayerView` drawn with Rich.

Everything here is pure: functions take a view (what one seat may know) plus a
little table information (:class:`TableInfo`: seat and side names, the deal's
number, recent log lines) and return Rich renderables. Nothing reads the deal
itself, so the screen can never show another player's hand (DESIGN.md,
"Hidden information").

Cards are shown with coloured Unicode suits (red for hearts and diamonds) and,
under each group, in the notation a player types (``KH TS 3D JK``).

Rules: RULES.md §1.3 (red threes shown per player), §1.5 (canastas natural or
mixed), §1.6 (minimum count of the initial meld), §1.7 (frozen pile), §1.8
(black three stopping the pile), §1.11 (score breakdown of a deal).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich import box
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from canasta.cards.deck import (
    JOKER,
    RANKS,
    SUITS,
    TWO,
    card_str,
    card_symbol,
    is_black_three,
    is_wild,
    sort_key,
    suit_of,
)
from canasta.cards.tiles import tile_name
from canasta.cli.display_american import (
    contract_text,
    game_length,
    kinds_text,
    pile_lines,
    round_text,
    seat_cards_extra,
)
from canasta.engine.constraints.initial_meld import opening_need
from canasta.engine.deal import MeldView, PlayerView
from canasta.engine.extra_cards import canasta_kind
from canasta.engine.view_facts import extra_cards_due, pile_blocked_by_joly, pile_blocking_rank
from canasta.moves.notation import WILD_TARGET, target_str
from canasta.rules.describe import dowry_name, red_threes_label
from canasta.rules.fields import Rules
from canasta.scoring.canasta_kinds import missing_kinds
from canasta.scoring.sides import BREAKDOWN_ITEMS, SideScore

RED_STYLE = "bold red"
BLACK_STYLE = "bold"
JOKER_STYLE = "bold magenta"

COMMAND_HINT = "Commands: moves (numbered), help, rules, score, save FILE, quit. Tab completes."
"""The last line of the person's screen."""


@dataclass(frozen=True)
class TableInfo:
    """What the screen shows besides the view: who sits where and what happened.

    Attributes:
        names: short name of each seat ("You", "West", ..., or "Seat N").
        human: the seat of the person playing (0-based).
        deal_number: 1-based number of the deal in the game.
        log: lines describing the moves since the person's last move, oldest first.
        note: see below.
    """

    names: tuple[str, ...]
    human: int
    deal_number: int = 1
    log: tuple[str, ...] = ()
    note: str = ""
    """A line shown under the title, e.g. who sits this deal out (5 players, §3.1)."""
    by_suit: bool = False
    """The hand sorted by suit rather than by rank (the ``sort`` command; the default where the variant has
    sequences, which are of one suit)."""


def plural(n: int, word: str) -> str:
    """``"1 card"``, ``"2 cards"``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


# ------------------------------------------------------------------- names

def seat_names(rules: Rules, human: int) -> tuple[str, ...]:
    """Short names of the seats seen from ``human``'s chair (0-based seat).

    Four players: "You", then the compass points: with clockwise play the next
    player (your left) is West, your partner North, your right East; with
    counterclockwise play (``rules.direction``) West and East swap. Other player
    counts: "You" and "Seat N" (1-based).
    """
    n = rules.players
    names = [f"Seat {s + 1}" for s in range(n)]
    if n == 4:
        order = ("West", "North", "East") if rules.direction == "clockwise" else ("East", "North", "West")
        for k, name in enumerate(order, start=1):
            names[(human + k) % n] = name
    names[human] = "You"
    return tuple(names)


def player_label(rules: Rules, names: Sequence[str], human: int, seat: int) -> str:
    """Name of ``seat`` with "(partner)" added for the person's partners."""
    name = names[seat]
    if seat != human and rules.side_of(seat) == rules.side_of(human):
        return f"{name} (partner)"
    return name


def side_names(rules: Rules, names: Sequence[str]) -> tuple[str, ...]:
    """Name of each side: its players' names joined by '&' (e.g. "You & North")."""
    return tuple(" & ".join(names[s] for s in range(rules.players) if rules.side_of(s) == side)
                 for side in range(rules.teams))


# ------------------------------------------------------------------- cards

def card_style(card: int) -> str:
    """Rich style of a card: red for hearts and diamonds, magenta for a joker, bold otherwise."""
    if card == JOKER:
        return JOKER_STYLE
    return RED_STYLE if suit_of(card) in (1, 2) else BLACK_STYLE


def card_text(card: int) -> Text:
    """One card with its Unicode suit, coloured (``K♥`` in red)."""
    return Text(card_symbol(card), style=card_style(card))


def cards_text(cards: Sequence[int], sep: str = " ") -> Text:
    """Several cards with coloured suits, separated by ``sep``."""
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c))
    return out


SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
"""The suits' names under a hand sorted by suit."""


def hand_groups(hand: Sequence[int], by_suit: bool = False) -> list[tuple[str, list[int]]]:
    """The hand sorted by :func:`~canasta.cards.deck.sort_key` and grouped for display.

    Returns (label, cards) pairs: one group per natural rank (label the rank letter), or with ``by_suit``
    one group per suit of natural cards (label the suit's name, ranks ascending within it: the runs a
    sequence may be made of show side by side), then "black 3" for black threes, then "wild" for twos
    and jokers.
    """
    groups: list[tuple[str, list[int]]] = []
    def by_suit_key(c: int) -> tuple[int, int, tuple[int, int, int]]:
        group = sort_key(c)[0]  # naturals, black threes, wild cards
        return group, (c & 3 if group == 1 else 0), sort_key(c)

    for c in sorted(hand, key=by_suit_key if by_suit else sort_key):
        if is_wild(c):
            label = "wild"
        elif is_black_three(c):
            label = "black 3"
        else:
            label = SUIT_WORDS[SUITS[c & 3]] if by_suit else RANKS[c >> 2]
        if groups and groups[-1][0] == label:
            groups[-1][1].append(c)
        else:
            groups.append((label, [c]))
    return groups


def render_hand(hand: Sequence[int], tiles: bool = False, by_suit: bool = False) -> RenderableType:
    """The hand as groups (:func:`hand_groups`, by rank or ``by_suit``), each with its coloured cards over
    their notation (``K♥ K♠`` / ``KH KS``); with ``tiles`` (``Rules.tile_names``, Romanian tiles §3.4)
    also the tiles' names (``black 13``)."""
    if not hand:
        return Text("(no cards)", style="dim")
    cells: list[RenderableType] = []
    for label, cards in hand_groups(hand, by_suit):
        cell = cards_text(cards)
        cell.append("\n")
        cell.append(" ".join(card_str(c) for c in cards), style="dim")
        if tiles:
            cell.append("\n" + ", ".join(tile_name(c) for c in cards), style="italic")
        if label in ("wild", "black 3") or by_suit:
            cell.append(f"\n{label}", style="italic dim")
        cells.append(cell)
    return Columns(cells, padding=(0, 3))


# ------------------------------------------------------------------- melds

def sequence_in_order(span: tuple[int, int, int], cards: Sequence[int]) -> list[int]:
    """The cards of a sequence meld in rank order, each wild card in the place of the card it stands
    for (the rank of the span no natural card has), e.g. 4♥ JK 6♥ 7♥ (§3.2, Hollywood)."""
    suit, low, high = span
    naturals = {c >> 2: c for c in cards if not is_wild(c)}
    wilds = iter(sorted(c for c in cards if is_wild(c)))
    return [naturals[r] if r in naturals else next(wilds, r * 4 + suit) for r in range(low, high + 1)]


def meld_text(meld: MeldView) -> Text:
    """One meld: ``Ks: K♥ K♠ K♦ 2♣`` or, for a canasta, its kind and size (``7s: natural canasta (8)``)."""
    size = len(meld.cards)
    if meld.span is not None:  # a sequence (§3.2): "4♥-T♥ (7) sequence canasta" or its cards
        suit, low, high = meld.span
        lo, hi = card_symbol(low * 4 + suit), card_symbol(high * 4 + suit)
        out = Text(f"{lo}-{hi}: ", style="bold")
        wild = sum(1 for c in meld.cards if is_wild(c))
        if meld.canasta and not wild:
            out.append(f"★ sequence canasta ({size})", style="bold magenta")
        elif meld.canasta:  # a wild card in it (Hollywood): the mixed sequence canasta
            out.append(f"☆ mixed sequence canasta ({size}, {wild} wild)", style="bold yellow")
        else:
            out.append_text(cards_text(sequence_in_order(meld.span, meld.cards)))
            out.append(f" ({size}, sequence{', 1 wild' if wild else ''})", style="dim")
        return out
    rank = target_str(meld.target)
    out = Text(f"{rank}: ", style="bold")
    if meld.canasta:
        wild = sum(1 for c in meld.cards if is_wild(c))
        if meld.natural:
            out.append(f"★ natural canasta ({size})", style="bold green")
        else:
            out.append(f"☆ mixed canasta ({size}, {wild} wild)", style="bold yellow")
        return out
    out.append_text(cards_text(meld.cards))
    out.append(f" ({size})", style="dim")
    return out


class Flow:
    """Texts laid out left to right and wrapped between items, never inside one (unless it is too wide)."""

    def __init__(self, items: Sequence[Text], gap: int = 3):
        self.items = list(items)
        self.gap = gap

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line = Text()
        for item in self.items:
            if line.cell_len and line.cell_len + self.gap + item.cell_len > width:
                yield line
                line = Text()
            if line.cell_len:
                line.append(" " * self.gap)
            line.append_text(item)
        yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((t.cell_len for t in self.items), default=0)
        total = sum(t.cell_len for t in self.items) + self.gap * max(0, len(self.items) - 1)
        return Measurement(min(widest, options.max_width), min(total, options.max_width))


def melds_text(melds: Sequence[MeldView]) -> RenderableType:
    """Every meld of a side, ordered by rank, wrapped between melds; "no melds yet" if none."""
    if not melds:
        return Text("no melds yet", style="dim")
    return Flow([meld_text(m) for m in sorted(melds, key=lambda m: (m.target, m.span or ()))])


def going_out_text(view: PlayerView, side: int) -> Text:
    """What ``side`` needs to go out and how far it is (RULES.md §1.9): ``canastas 1 of 2 to go out``,
    ``canastas 2 of 2: may go out``; with the variant's other needs in words (sequence canastas, red
    threes laid out, kinds of canasta: §3.2, §3.5), or that nobody goes out (escalator)."""
    rules = view.rules
    if not rules.going_out_allowed:
        return Text("nobody goes out in this variant", style="dim")
    contract = contract_text(view, side)  # Hand and Foot's books (RULES_AMERICAN.md B.10)
    if contract is not None:
        return contract
    canastas = [m for m in view.melds[side] if m.canasta]
    counted = [m for m in canastas if rules.wild_canastas_count or m.target not in (TWO, WILD_TARGET)]
    need = rules.canastas_to_go_out
    parts = [f"canastas {len(counted)} of {need}"]
    met = len(counted) >= need
    if rules.sequence_canastas_to_go_out:
        seq = sum(1 for m in counted if m.span is not None)
        parts.append(f"sequence canastas {seq} of {rules.sequence_canastas_to_go_out}")
        met = met and seq >= rules.sequence_canastas_to_go_out
    if rules.red3_to_go_out:
        reds = sum(len(view.red_threes[s]) for s in range(rules.players) if view.side_of(s) == side)
        parts.append(f"red threes {min(reds, rules.red3_to_go_out)} of {rules.red3_to_go_out}")
        met = met and reds >= rules.red3_to_go_out
    missing: list[str] = []
    if rules.going_out_canastas:
        missing = missing_kinds(rules.going_out_canastas,
                                [canasta_kind(m.target, m.natural) for m in canastas if m.span is None])
    if met and not missing:
        return Text(", ".join(parts) + ": may go out", style="green")
    still = (", among them " + ", ".join(missing)) if missing else ""
    return Text(", ".join(parts) + " to go out" + still, style="yellow")


def render_melds(view: PlayerView, sides: Sequence[str]) -> Table:
    """A grid with one row per side: its name, what it needs to go out, and its melds."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold cyan", no_wrap=True)
    grid.add_column()
    for side, melds in enumerate(view.melds):
        name = sides[side]
        if view.lone_hand >= 0:  # cutthroat (§3.1): the partnership's melds are on one side
            seats = [s for s in range(view.rules.players) if view.side_of(s) == side]
            if not seats:
                continue
            name = " & ".join(sides[s] for s in seats)
        kinds = kinds_text(view, side)  # canastas by kind (MAC A.8, Hand and Foot's books B.10)
        grid.add_row(name, Group(going_out_text(view, side), *([kinds] if kinds else []), melds_text(melds)))
    return grid


# ------------------------------------------------------------------- table

def render_players(view: PlayerView, info: TableInfo) -> Table:
    """Sides and players: score, initial meld minimum, card counts and red threes laid out.

    Rows are grouped by side; a ``▶`` marks the player to act and ``(D)`` the dealer.
    """
    rules = view.rules
    sides = side_names(rules, info.names)
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False, header_style="bold")
    table.add_column("Side", style="bold cyan", no_wrap=True)
    table.add_column("Score", justify="right")
    table.add_column("Initial meld")
    table.add_column("Player", no_wrap=True)
    table.add_column("Cards", justify="right")
    table.add_column(red_threes_label(rules))
    for side in range(rules.teams):
        seats = [s for s in range(rules.players) if rules.side_of(s) == side]
        for k, seat in enumerate(seats):
            marker = "▶ " if seat == view.to_act else "  "
            who = Text(marker + player_label(rules, info.names, info.human, seat),
                       style="bold" if seat == view.to_act else "")
            if seat == view.dealer:
                who.append(" (D)", style="dim")
            if seat == view.lone_hand:  # cutthroat (§3.1): public, everyone sees it
                who.append(" lone hand", style="bold magenta")
            elif (view.lone_hand >= 0 and seat != info.human
                  and view.side_of(seat) == view.side_of(info.human)):
                who.append(" (partner this deal)", style="magenta")
            if k == 0:
                need = view.minimums[side]
                initial = (Text(f"made (min {need})", style="green") if view.opened[view.side_of(seat)]
                           else Text(f"needs {need}", style="yellow"))
                cells: list[RenderableType] = [sides[side], str(view.scores[side]), initial]
            else:
                cells = ["", "", ""]
            reds = cards_text(view.red_threes[seat]) if view.red_threes[seat] else Text("-", style="dim")
            table.add_row(*cells, who, _cards_cell(view, seat), reds,
                          end_section=k == len(seats) - 1)
    return table


def _cards_cell(view: PlayerView, seat: int) -> str:
    """A player's card count, with his face-down packet not yet taken (``extra_cards_from=packet``,
    Pennies from Heaven §3.5): ``13 +11 packet``; a talon or a foot (MAC A.2, Hand and Foot B.9): ``13 +4 talon``,
    ``11 +11 foot``, ``5 in foot``."""
    american = seat_cards_extra(view, seat)
    if american:
        return f"{view.hand_sizes[seat]} {american}"
    packet = view.packet_sizes[seat] if view.packet_sizes else 0
    return f"{view.hand_sizes[seat]} +{packet} packet" if packet else str(view.hand_sizes[seat])


def extra_cards_text(view: PlayerView) -> str:
    """What the person's side still receives (``extra_cards``, Mexican §3.2 / Pennies §3.5), or ''."""
    due = extra_cards_due(view)
    if due is None:
        return ""
    when = {"initial_meld": "its initial meld", "hand_empty": "your hand is played out"}.get(due.when,
                                                                                         "its first canasta")
    if due.source == "stock":
        who = ("the first player at the table to make a canasta draws"
               if view.rules.extra_cards_once_per_deal else f"after {when} your side's melder draws")
        return f"Extra cards: {who} {due.count} cards from the stock."
    if due.when == "hand_empty":  # Hand and Foot's foot (RULES_AMERICAN.md B.9)
        return f"Foot: {plural(due.count, 'card')} face down, yours once {when}."
    return f"Packet: {plural(due.count, 'card')} face down, yours after {when}."


def stop_applies(view: PlayerView) -> bool:
    """Whether the black three on top stops the pile now (§1.8): it stops the player about to draw;
    once he has drawn, or another card covers it, the marker has nothing left to say."""
    return view.stopped and view.pile_top is not None and is_black_three(view.pile_top) and view.phase == "draw"


def pile_text(view: PlayerView) -> Text:
    """The stock count and the discard pile: top card, size, frozen (and why), stop marker."""
    out = Text(f"Stock: {plural(view.stock_size, 'card')}    ")
    out.append("Discard pile: ")
    if view.pile_top is None:
        out.append("empty", style="dim")
    else:
        out.append_text(card_text(view.pile_top))
        if view.rules.tile_names:
            out.append(f" ({tile_name(view.pile_top)})")
        out.append(f" on top, {plural(view.pile_size, 'card')}")
    if pile_blocked_by_joly(view):
        out.append("\n  BLOCKED", style="bold red")
        out.append(f": a joly was discarded; nobody takes the pile until turn {view.pile_blocked_until + 1}")
    if view.dowry_size:  # the dowry (§3.2) or surpriza (§3.4): face-down cards under the pile, taken with it
        out.append(f"\n  {dowry_name(view.rules).upper()}: {plural(view.dowry_size, 'face-down card')} under "
                   "the pile go to the first player who takes it", style="cyan")
    if view.frozen_reason and view.pile_top is not None:  # nothing to freeze over an empty pile
        out.append("\n  FROZEN", style="bold blue")
        out.append(f": {view.frozen_reason}")
    if stop_applies(view):
        out.append("\n  STOP", style="bold red")
        who = "you" if view.to_act == view.seat else "the player to draw"
        out.append(f": a black three is on top; {who} may not take the pile this turn")
    block = pile_blocking_rank(view)
    if block:
        out.append("\n  BLOCKED", style="bold red")
        out.append(f": a {block} is on top; nobody may take the pile")
    out.append_text(pile_lines(view))  # the turn card (MAC A.2), dead ranks (A.6)
    if view.pile_cards is not None and view.pile_cards:
        out.append("\n  Whole pile (bottom to top): ")
        out.append_text(cards_text(view.pile_cards))
    return out


def status_text(view: PlayerView, info: TableInfo, hint: bool = True) -> Text:
    """Whose turn it is, the phase, and for the person: what to do, initial-meld progress, pile set aside."""
    rules = view.rules
    me = info.human
    out = Text()
    if view.phase == "over":
        return Text("The deal is over.", style="bold")
    if view.to_act != me:
        label = player_label(rules, info.names, me, view.to_act)
        out.append(f"{label} to play ({view.phase}).", style="bold")
        return out
    if view.phase == "answer":
        out.append(f"Your partner {info.names[view.turn]} asks: may I go out? (yes/no)",
                   style="bold magenta")
        if hint:
            out.append(f"\n{COMMAND_HINT}", style="dim")
        return out
    if view.phase == "draw":
        out.append("Your turn: draw. ", style="bold green")
        out.append("Type 'draw' for the stock or 'take ...' for the discard pile.")
    else:
        out.append("Your turn: play. ", style="bold green")
        out.append("Meld or add cards, then discard (or go out).")
    side = view.side
    if rules.no_opening_first_round and view.turn_number <= rules.players:
        out.append("\nFirst round: no melding and no taking the pile.", style="yellow")
    elif not view.opened[side] and view.phase == "play":
        out.append(f"\nInitial meld: {view.melded_this_turn} melded this turn, "
                   f"{opening_need(rules, view.scores[side], view.minimums[side])}.", style="yellow")
    if view.must_canasta >= 0:
        out.append(f"\nYou took the pile with a canasta: complete the canasta of {target_str(view.must_canasta)} "
                   "and the pile is yours.", style="yellow")
    extra = extra_cards_text(view)
    if extra:
        out.append(f"\n{extra}", style="cyan")
    if view.pending_pile:
        out.append(f"\nThe pile ({plural(view.pending_pile, 'card')}) is set aside: it is yours once your "
                   "initial meld is complete.", style="yellow")
    if view.answer > 0:
        out.append("\nYour partner said yes: you must go out this turn.", style="bold magenta")
    elif view.answer < 0:
        out.append("\nYour partner said no: you may not go out this turn.", style="bold magenta")
    if hint:
        out.append(f"\n{COMMAND_HINT}", style="dim")
    return out


def log_text(lines: Sequence[str], limit: int = 16) -> Text:
    """The recent moves, oldest first, at most ``limit`` lines (older ones counted)."""
    out = Text()
    if not lines:
        return out
    out.append("Since your last move:\n", style="dim")
    shown = list(lines[-limit:])
    if len(lines) > limit:
        out.append(f"  ... {len(lines) - limit} earlier moves\n", style="dim")
    out.append("\n".join("  " + line for line in shown))
    return out


def render_view(view: PlayerView, info: TableInfo) -> RenderableType:
    """The whole screen for ``view`` (the person's view): log, sides, melds, pile, hand, status."""
    return render_table(view, info, log=True)


def title_rule(rules: Rules, info: TableInfo) -> Rule:
    """The screen's title line: variant, deal number, target."""
    rounds = round_text(rules, info.deal_number)  # the round's minimum (Hand and Foot B.8)
    end = rounds if rounds else game_length(rules)
    return Rule(f"Canasta {rules.spec()} · deal {info.deal_number} · {end}", style="dim")


def render_table(view: PlayerView, info: TableInfo, log: bool = False, compact: bool = False,
                 hint: bool = True, title: bool = True, headings: bool = True) -> RenderableType:
    """The table for ``view``: sides, melds, pile, hand and status, with ``log`` the moves since the
    person's last move (``info.log``) on top. ``compact`` packs each side in two or three lines, for a
    24-line screen; ``hint`` ends the status with the line of commands; ``title`` and ``headings``
    (the hand's) may be left out where lines are few."""
    rules = view.rules
    parts: list[RenderableType] = [title_rule(rules, info)] if title else []
    if info.note:
        parts.append(Text(info.note, style="bold"))
    if log and info.log:
        parts.append(log_text(info.log))
    if compact:
        parts.append(render_sides_compact(view, info))
    else:
        parts.append(render_players(view, info))
        parts.append(Text("Melds", style="bold underline"))
        parts.append(render_melds(view, side_names(rules, info.names)))
    parts.append(pile_text(view))
    if headings:
        parts.append(Text(f"Your hand ({plural(len(view.hand), 'card')})", style="bold underline"))
    parts.append(render_hand(view.hand, rules.tile_names, info.by_suit))
    parts.append(status_text(view, info, hint))
    return Group(*parts)


def render_sides_compact(view: PlayerView, info: TableInfo) -> RenderableType:
    """Each side in a few lines: name, score, initial meld, its players (``▶`` to act, ``(D)`` dealer,
    cards held, red threes), then what it needs to go out and its melds."""
    rules = view.rules
    sides = side_names(rules, info.names)
    rows: list[RenderableType] = []
    for side in range(rules.teams):
        seats = [s for s in range(rules.players) if view.side_of(s) == side]
        if not seats:
            continue
        head = Text()
        head.append(" & ".join(sides[s] for s in seats) if view.lone_hand >= 0 else sides[side],
                    style="bold cyan")
        head.append(f"  {view.scores[side]} pts  ")
        if view.opened[side]:
            head.append("initial meld made", style="green")
        else:
            head.append(f"initial meld needs {view.minimums[side]}", style="yellow")
        players: list[Text] = []
        for seat in seats:
            who = Text("▶ " if seat == view.to_act else "", style="bold")
            who.append(player_label(rules, info.names, info.human, seat),
                       style="bold" if seat == view.to_act else "")
            if seat == view.dealer:
                who.append(" (D)", style="dim")
            if seat == view.lone_hand:
                who.append(" lone hand", style="bold magenta")
            extra = seat_cards_extra(view, seat)  # a talon or a foot (MAC A.2, Hand and Foot B.9)
            who.append(f": {view.hand_sizes[seat]} cards {extra}" if extra else f": {_cards_cell(view, seat)} cards")
            if view.red_threes[seat]:
                who.append(" ")
                who.append_text(cards_text(view.red_threes[seat]))
            players.append(who)
        top = Table.grid(padding=(0, 3))
        top.add_column(no_wrap=True)
        top.add_column()
        top.add_row(head, Flow(players, gap=3))
        rows.append(top)
        body = Table.grid(padding=(0, 0))
        body.add_column(width=2)
        body.add_column()
        kinds = kinds_text(view, side)
        body.add_row("", Flow([going_out_text(view, side), *([kinds] if kinds else []),
                               *_meld_items(view.melds[side])], gap=3))
        rows.append(body)
    return Group(*rows)


def _meld_items(melds: Sequence[MeldView]) -> list[Text]:
    if not melds:
        return [Text("no melds yet", style="dim")]
    return [meld_text(m) for m in sorted(melds, key=lambda m: (m.target, m.span or ()))]


# ------------------------------------------------------------------- scores

def render_deal_scores(sides: Sequence[str], scores: Sequence[SideScore], totals: Sequence[int],
                       rules: Rules | None = None, deals: int = -1) -> Table:
    """A table with one column per side: each item of the deal's breakdown, the deal total, the game total.

    ``scores`` are the deal's :class:`~canasta.scoring.sides.SideScore` (points), ``totals`` the
    cumulative points after the deal. With ``rules``, a last row gives each side's minimum
    count for its next initial meld (RULES.md §1.6; by round after ``deals`` deals scored where ``round_minimums``,
    Hand and Foot B.8).
    """
    table = Table(title="Score of the deal", header_style="bold", title_style="bold")
    table.add_column("")
    for name in sides:
        table.add_column(name, justify="right")
    counts = [f"{s.breakdown.get('natural_canastas', 0)} / {s.breakdown.get('mixed_canastas', 0)}"
              for s in scores]
    table.add_row("Canastas (natural / mixed)", *counts)
    if any("sequence_canastas" in s.breakdown for s in scores):
        table.add_row("Sequence canastas", *[str(s.breakdown.get("sequence_canastas", 0)) for s in scores])
    if any("mixed_sequence_canastas" in s.breakdown for s in scores):
        table.add_row("  with a wild card", *[str(s.breakdown.get("mixed_sequence_canastas", 0)) for s in scores])
    for key, label, optional in BREAKDOWN_ITEMS:
        values = [s.breakdown.get(key, 0) for s in scores]
        if optional and not any(values):
            continue
        if key == "red_threes" and rules is not None and rules.threes_by_colour:
            continue  # threes by colour (A.12) score under "threes", red and black together
        if key in ("red_threes", "threes") and rules is not None:
            label = red_threes_label(rules)
        table.add_row(label, *(str(v) for v in values))
    table.add_row(Text("Deal total", style="bold"), *(Text(str(s.total), style="bold") for s in scores),
                  end_section=True)
    table.add_row(Text("Game total", style="bold"), *(Text(str(t), style="bold") for t in totals))
    if rules is not None:
        table.add_row("Next initial meld", *(str(rules.min_meld(t, deals)) for t in totals))
    return table


def render_totals(rules: Rules, sides: Sequence[str], totals: Sequence[int], deals: int) -> Table:
    """The running totals: each side's points and the minimum count of its next initial meld."""
    table = Table(title=f"Game totals after {deals} deal{'s' if deals != 1 else ''} ({game_length(rules)})",
                  header_style="bold", title_style="bold")
    table.add_column("Side")
    table.add_column("Points", justify="right")
    table.add_column("Next initial meld", justify="right")
    for side, name in enumerate(sides):
        table.add_row(name, str(totals[side]), str(rules.min_meld(totals[side], deals)))
    return table


def render_moves(moves: Sequence[str]) -> RenderableType:
    """The legal moves numbered from 1, in columns."""
    cells = [Text.assemble((f"{i:>2}. ", "dim"), text) for i, text in enumerate(moves, start=1)]
    return Columns(cells, padding=(0, 3), column_first=True)
