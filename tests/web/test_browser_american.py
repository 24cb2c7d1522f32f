"""Browser tests of what the table page shows of Modern American Canasta and Hand and Foot (RULES_AMERICAN.md):
the turn card and the talon opening earns (A.2), a talon waiting beside its player, dead ranks (A.6), each
side's canastas by kind (A.8; clean and dirty books, B.10), each player's foot (B.9) and the round's minimum
(B.8), on a desktop and on a phone, in every language without an untranslated text; and the score keeper's page
for both: Hand and Foot by books and counts (HF-1 of C.2), MAC's special hands and penalties, scored as
``canasta score --json`` scores the same sheet.

The table is a real one of the variant; once started, the page is cut off from the server and shown a state
built by the server's own code (:func:`canasta.web.protocol.view_dict`) from a scripted position
(``tests/american_tables.py``), so that the test does not wait for random bots to open. Screenshots go to
``$CANASTA_SCREENSHOTS`` if set, else to the test's temporary directory.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from american_tables import hf_in_foot, mac_opened  # noqa: E402
from canasta.cli.main import app  # noqa: E402
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
        talon = " \u00b7 opening now: talon of 3" if size == "desktop" else ""  # the phone keeps it in the title
        assert text(page, "turn-card") == ["turn card: 42 above" + talon]
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
            # every bot seat's default name in the page's language, also where seats were shown in another order
            assert "(random)" not in page.inner_text("#board")
        finally:
            page.context.close()


def cli_scores(tmp_path: Path, sheet: dict[str, Any]) -> dict[str, int]:
    """The totals ``canasta score --json`` gives ``sheet``: what the page must show."""
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet))
    res = CliRunner().invoke(app, ["score", "--json", str(path)])
    assert res.exit_code == 0, res.output
    return json.loads(res.output)["totals"]  # type: ignore[no-any-return]


def new_sheet(page: Page, server: Server, variant: str) -> None:
    page.goto(server.url + "/score?lang=en")
    page.wait_for_selector(f"#sc-variant option[value='{variant}']", state="attached")
    page.select_option("#sc-variant", variant)
    page.click("#sc-create")
    page.wait_for_selector("fieldset[data-side='Us']")


def test_score_keeper_takes_hand_and_foot_by_books_and_counts(server: Server, browser: Browser,
                                                              tmp_path: Path) -> None:
    """HF-1 (RULES_AMERICAN.md C.2) typed in as players score: books, counts, red threes left, who went out."""
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        new_sheet(page, server, "hand-and-foot")
        us, them = (page.locator(f"fieldset[data-side='{s}']") for s in ("Us", "Them"))
        assert us.get_by_text("Clean books").is_visible() and us.get_by_text("Dirty books").is_visible()
        assert us.locator("[name=red_threes]").count() == 0  # red threes stay in hands: counted as held
        for box, values in ((us, {"natural_canastas": 2, "mixed_canastas": 2, "meld_points": 400, "hand_points": 20}),
                            (them, {"natural_canastas": 1, "mixed_canastas": 1, "meld_points": 215,
                                    "hand_points": 170, "red_threes_held": 1})):
            for name, value in values.items():
                box.locator(f"[name={name}]").fill(str(value))
        us.locator("[name=out]").select_option("yes")
        page.screenshot(path=str(shots_dir(tmp_path) / "score-hand-and-foot-desktop-en.png"), full_page=True)
        page.click("#add-deal")
        expected = cli_scores(tmp_path, {"variant": "hand-and-foot", "deals": [{
            "Us": {"mode": "quick", "natural_canastas": 2, "mixed_canastas": 2, "meld_points": 400,
                   "hand_points": 20, "went_out": True},
            "Them": {"mode": "quick", "natural_canastas": 1, "mixed_canastas": 1, "meld_points": 215,
                     "hand_points": 170, "red_threes_held": 1}}]})
        assert expected == {"Us": 2080, "Them": 345}  # HF-1
        page.wait_for_selector(f"td[data-total='Us']:text('{expected['Us']}')")
        assert page.text_content("td[data-total='Them']") == str(expected["Them"])
        assert page.text_content("td[data-min='Us']") == "90"  # the second round's minimum
    finally:
        page.context.close()


def test_score_keeper_takes_mac_special_hands_and_penalties(server: Server, browser: Browser, tmp_path: Path) -> None:
    """MAC by melds: a special hand laid down, black threes laid out, each player's cards left (aces and sevens
    held are charged per player, A.12)."""
    page = browser.new_context(viewport=PHONE).new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        new_sheet(page, server, "modern-american")
        for side in ("Us", "Them"):
            page.locator(f"fieldset[data-side='{side}'] .mode button").nth(1).click()
        us, them = (page.locator(f"fieldset[data-side='{s}']") for s in ("Us", "Them"))
        special = "8C 8D 8H 8S QC QD QH QS 5C 5D 5H KC KD KH"
        us.locator("[name=special_hand]").fill(special)
        them.locator("[name=melds]").fill("AH AS AD\n9H 9S 9D 9C")
        them.locator("[name=red_threes]").fill("3H")
        them.locator("[name=black_threes]").fill("3S")
        them.locator("[name=player_hands]").fill("7D 4C\nAC")
        page.screenshot(path=str(shots_dir(tmp_path) / "score-mac-phone-en.png"), full_page=True)
        page.click("#add-deal")
        expected = cli_scores(tmp_path, {"variant": "modern-american", "deals": [{
            "Us": {"special_hand": special.split()},
            "Them": {"melds": [["AH", "AS", "AD"], ["9H", "9S", "9D", "9C"]], "red_threes": ["3H"],
                     "black_threes": ["3S"], "player_hands": [["7D", "4C"], ["AC"]]}}]})
        page.wait_for_selector(f"td[data-total='Us']:text('{expected['Us']}')")
        assert page.text_content("td[data-total='Them']") == str(expected["Them"])
        assert page.locator("#last").get_by_text("Special hand").is_visible()
    finally:
        page.context.close()


def test_mac_layout_button_lays_out_the_kept_three(server: Server, browser: Browser) -> None:
    """MAC A.3: the *Lay out the three* button shows only while ``layout`` is legal, and sends that move; the
    *Special hand* button (``declare``) stays hidden where it is not legal."""
    from helpers import mac_rules, make_deal

    deal = make_deal(mac_rules(), ["3C 5C 5D 6C 6D 8C 8D TC TD 4C 4D 7C 7D"], upcard="", stock="9H 5H")
    legal = sorted({str(m) for m in deal.legal_moves()})
    assert "layout" in legal and "declare" not in legal
    page = show_position(browser, server, "mac", {"you": 0, "view": view_dict(deal.view(0)), "legal": legal,
                                                  "round": None}, DESKTOP, "en")
    try:
        assert page.locator("#layout-btn").is_visible() and page.locator("#layout-btn").is_enabled()
        assert not page.locator("#declare-btn").is_visible()
        page.evaluate("() => { window.__sent = []; send = (m) => window.__sent.push(m); }")
        page.click("#layout-btn")
        assert page.evaluate("() => window.__sent.map((m) => m.move)") == ["layout"]
        page.evaluate("(st) => { S.legal = st; render(); }", [m for m in legal if m != "layout"])
        assert not page.locator("#layout-btn").is_visible()
    finally:
        page.context.close()
