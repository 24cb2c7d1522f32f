"""Browser tests of what the table page shows of Modern American Canasta and Hand and Foot (RULES_AMERICAN.md):
the turn card and the talon opening earns (A.2), a talon waiting beside its player, dead ranks (A.6), each
side's canastas by kind (A.8; clean and dirty books, B.10), each player's foot (B.9) and the round's minimum
(B.8), on a desktop and on a phone, in every language without an untranslated text.

The table is a real one of the variant; once started, the page is cut off from the server and shown a state
built by the server's own code (:func:`canasta.web.protocol.view_dict`) from a scripted position
(``tests/american_tables.py``), so that the test does not wait for random bots to open. Screenshots go to
``$CANASTA_SCREENSHOTS`` if set, else to the test's temporary directory.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page  # noqa: E402

from american_tables import hf_in_foot, mac_opened  # noqa: E402
from canasta.web.i18n import LANGS  # noqa: E402
from canasta.web.protocol import view_dict  # noqa: E402

from .test_browser import WAIT_MS, Server, browser, server, shots_dir, wait_state  # noqa: E402,F401
from .test_browser_table import assert_inside_viewport, locale_keys, visible_raw_keys  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
BOTS3 = [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "bot": "random"}] * 3
SHOW = """(st) => { ws.onmessage = null;  // no more messages from the server: show this state
  const seats = S.seats.slice();  // the person sits at the seat of the view
  [seats[S.you], seats[st.you]] = [seats[st.you], seats[S.you]];
  S = Object.assign({}, S, st, { seats, view: Object.assign({}, S.view, st.view) }); window.__state = S;
  selected = new Set(); render(); }"""


def show_position(browser: Browser, server: Server, variant: str, state: dict[str, Any], viewport: dict[str, int],
                  lang: str) -> Page:
    """A person's page at a started table of ``variant``, then shown ``state`` (fields of a state message)."""
    ctx = browser.new_context(viewport=viewport, reduced_motion="reduce")
    page = ctx.new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(server.table(BOTS3, variant=variant)[0] + "&lang=" + lang)
    page.wait_for_selector("#start:not([hidden])")
    page.click("#start")
    wait_state(page, "s.status === 'playing' && s.view")
    page.evaluate(SHOW, state)
    page.wait_for_function("() => !document.querySelector('[data-role=\"moving-card\"]')")
    return page


def mac_state() -> dict[str, Any]:
    deal = mac_opened()  # seat 1 to draw
    return {"you": 1, "view": view_dict(deal.view(1)), "legal": sorted({str(m) for m in deal.legal_moves()}),
            "round": None}


def hf_state() -> dict[str, Any]:
    deal = hf_in_foot()  # seat 0 to play
    return {"you": 0, "view": view_dict(deal.view(0)), "legal": sorted({str(m) for m in deal.legal_moves()}),
            "round": {"number": 2, "rounds": 4, "minimum": 90}}


def text(page: Page, extra: str) -> list[str]:
    return [t.strip() for t in page.locator(f"[data-extra='{extra}']").all_inner_texts()]


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_mac_table_shows_turn_card_talon_dead_ranks_and_kinds(server: Server, browser: Browser, tmp_path: Path,
                                                              size: str) -> None:
    page = show_position(browser, server, "mac", mac_state(), DESKTOP if size == "desktop" else PHONE, "en")
    try:
        if size == "phone":
            page.click("#opp-toggle")  # the opponents' melds (the canasta of kings) open with a tap
        page.screenshot(path=str(shots_dir(tmp_path) / f"mac-{size}-en.png"))
        assert text(page, "turn-card") == ["turn card: 42 above" + (" \u00b7 opening now: talon of 3" if size == "desktop" else "")]
        assert text(page, "dead-ranks") == ["dead: K"]
        assert text(page, "talon") == ["+4 talon"]  # the opener's talon waits face down beside him
        assert text(page, "kinds") == ["1 natural"]  # the side with no canasta has no pill
        assert text(page, "round") == [] and text(page, "foot") == []
        assert visible_raw_keys(page, locale_keys()) == []
        if size == "phone":
            page.click("#opp-toggle")
            assert_inside_viewport(page)
    finally:
        page.context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_hand_and_foot_table_shows_feet_books_and_round_minimum(server: Server, browser: Browser, tmp_path: Path,
                                                                size: str) -> None:
    page = show_position(browser, server, "hand-and-foot", hf_state(), DESKTOP if size == "desktop" else PHONE,
                         "en")
    try:
        page.screenshot(path=str(shots_dir(tmp_path) / f"hand-and-foot-{size}-en.png"))
        assert sorted(text(page, "foot")) == ["foot: 11"] * 3 + ["in the foot"]
        assert text(page, "round") == ["round 2 of 4 \u00b7 minimum 90"]
        assert sorted(text(page, "kinds")) == ["0 clean \u00b7 0 dirty", "1 clean \u00b7 1 dirty"]
        assert text(page, "turn-card") == [] and text(page, "dead-ranks") == [] and text(page, "talon") == []
        assert visible_raw_keys(page, locale_keys()) == []
        if size == "phone":
            assert_inside_viewport(page)
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", LANGS[1:])
def test_american_tables_in_each_language_have_no_raw_key(server: Server, browser: Browser, tmp_path: Path,
                                                           lang: str) -> None:
    for variant, state in (("mac", mac_state()), ("hand-and-foot", hf_state())):
        page = show_position(browser, server, variant, state, DESKTOP, lang)
        try:
            page.screenshot(path=str(shots_dir(tmp_path) / f"{variant}-desktop-{lang}.png"))
            assert visible_raw_keys(page, locale_keys()) == []
            assert len(text(page, "kinds")) == (1 if variant == "mac" else 2)
        finally:
            page.context.close()
