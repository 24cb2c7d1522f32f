"""Browser tests of the table on a laptop's screen: with many melds on both sides (late in a deal), every meld
shows on the felt without scrolling, at the common desktop sizes (1280×800, 1366×768, 1440×900), and the hand
and its buttons stay in the window.

The table is a real one; once started, the page is cut off from the server and shown a state built by the
server's own code (:func:`canasta.web.protocol.view_dict`) from a scripted classic position (RULES.md: partnership
Canasta, melds of one rank, canastas of seven), so that the test does not wait for bots to meld. Screenshots go to
``$CANASTA_SCREENSHOTS`` if set, else to the test's temporary directory.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser  # noqa: E402

from canasta.cards.deck import N_TYPES, RANKS, deck_counts, parse_cards  # noqa: E402
from canasta.engine.deal import Deal  # noqa: E402
from canasta.engine.position import MeldPart  # noqa: E402
from canasta.rules.fields import Rules  # noqa: E402
from canasta.web.protocol import view_dict  # noqa: E402

from .test_browser import Server, browser, server, shots_dir  # noqa: E402,F401
from .test_browser_american import show_position  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLASSIC = Rules.preset("classic")
LAPTOPS = {"1280x800": {"width": 1280, "height": 800}, "1366x768": {"width": 1366, "height": 768},
           "1440x900": {"width": 1440, "height": 900}}

SIDE_MELDS = [
    # side 0 (the person's): two canastas and seven melds, the most a side shows late in a deal
    ["KH KS KD KC KH KS KD", "QH QS QD QC QH 2C JK", "JH JS JD", "TH TS TD TC", "9H 9S 9D", "8H 8S 8D 2D",
     "7H 7S 7D 7C 7H", "6H 6S 6D", "5H 5S 5D 5C", "AH AS AD"],
    # side 1: a canasta and seven melds
    ["4C 4D 4H 4S 4C 2H JK", "QC QD QS", "JC JD JS JC", "TC TD TS", "9C 9D 9S 9C", "8C 8D 8S", "6C 6D 6S 2S",
     "AC AD AS AC"],
]


def many_melds() -> Deal:
    """A classic deal late in its course: both sides opened with many melds (above), seat 0 to draw with 5 cards,
    the others with 4."""
    melds = [[MeldPart(RANKS.index(cards.split()[0][0]), tuple(parse_cards(cards))) for cards in side]
             for side in SIDE_MELDS]
    left = deck_counts(CLASSIC.packs, CLASSIC.jokers)
    for side in melds:
        for m in side:
            for c in m.cards:
                left[c] -= 1
    rest = [c for c in range(N_TYPES) if c >> 2 != 1 for _ in range(left[c])]  # no three in a hand
    threes = [c for c in range(N_TYPES) if c >> 2 == 1 for _ in range(left[c])]
    hands = [rest[:5], rest[5:9], rest[9:13], rest[13:17]]
    pile, stock = rest[17:20], threes + rest[20:]
    return Deal.from_position(CLASSIC, hands=hands, stock=stock, pile=pile, melds=melds, opened=[True, True])


def many_melds_state() -> dict[str, Any]:
    deal = many_melds()
    return {"you": 0, "view": view_dict(deal.view(0)), "legal": sorted({str(m) for m in deal.legal_moves()}),
            "round": None}


HIDDEN_MELDS = """() => [...document.querySelectorAll('.felt .meld')].filter((m) => {
  const box = m.getBoundingClientRect();
  let up = m.parentElement;  // the nearest box that scrolls or cuts: the meld must lie inside it
  while (up && up !== document.body) {
    const st = getComputedStyle(up);
    if (st.overflowY !== 'visible' || st.overflowX !== 'visible') {
      const b = up.getBoundingClientRect();
      if (box.top < b.top - 0.5 || box.bottom > b.bottom + 0.5 || box.left < b.left - 0.5 || box.right > b.right + 0.5)
        return true;
    }
    up = up.parentElement;
  }
  return box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5;
}).map((m) => m.innerText.replace(/\\s+/g, ' '))"""

OUTSIDE_WINDOW = """() => [...document.querySelectorAll('.hand .card, .actions button')].filter((e) => {
  const b = e.getBoundingClientRect();
  return b.width > 0 && (b.bottom > innerHeight + 0.5 || b.right > innerWidth + 0.5);
}).length"""


@pytest.mark.parametrize("size", list(LAPTOPS))
def test_every_meld_shows_on_a_laptop_screen(server: Server, browser: Browser, tmp_path: Path, size: str) -> None:
    page = show_position(browser, server, "classic(players=4)", many_melds_state(), LAPTOPS[size], "en")
    try:
        page.screenshot(path=str(shots_dir(tmp_path) / f"many-melds-{size}.png"))
        assert page.locator(".felt .meld").count() == sum(len(side) for side in SIDE_MELDS)
        assert page.evaluate(HIDDEN_MELDS) == []
        assert page.evaluate(OUTSIDE_WINDOW) == 0
    finally:
        page.context.close()
