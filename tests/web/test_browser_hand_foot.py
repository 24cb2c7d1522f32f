"""Browser tests of Hand and Foot's options in the web pages (issue 19, RULES_AMERICAN.md B.1, B.3, B.6, B.10):
tables of 5 and 6 players (two sides of three, three of two, each alone) laid out on a laptop (1366×768) and on a
phone (390×844) in every language, the lobby offering them, the score keeper asking for a side's exact cuts
where ``exact_cut_bonus`` pays them (scored as ``canasta score --json`` scores the same sheet), the deal's
breakdown with its ``exact_cut`` row, and the words of the new refusals (``no_final_discard``,
``partners_foot_due``, ``book_naturals_only``) on the page in each language.

Screenshots go to ``$CANASTA_SCREENSHOTS`` if set, else to the test's temporary directory.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page  # noqa: E402

from canasta.cards.deck import parse_cards  # noqa: E402
from canasta.engine.deal import Deal, IllegalMove  # noqa: E402
from canasta.rules.fields import Rules  # noqa: E402
from canasta.scoring.deal_score import score_deal  # noqa: E402
from canasta.scoring.sides import SideResult  # noqa: E402
from canasta.web.i18n import LANGS, load_locale  # noqa: E402
from canasta.web.protocol import error_message  # noqa: E402
from canasta.web.tables.table import refusal_reason  # noqa: E402
from test_hand_and_foot_deal_options import NATURALS_ONLY, _books_position  # noqa: E402
from test_hand_and_foot_going_out import CONTRACT, FORBIDDEN, _hf, _in_foot  # noqa: E402

from .test_browser import WAIT_MS, Server, browser, server, shots_dir, wait_state  # noqa: E402,F401
from .test_browser_american import DESKTOP, cli_scores, hf_state, show_position  # noqa: E402
from .test_browser_table import PHONE, lay_out_at, locale_keys, visible_raw_keys  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LAPTOP = {"width": 1366, "height": 768}
TABLES = {  # the variant, its sides
    "2x3": ("hand-and-foot(players=6,teams=2x3)", 2),
    "3x2": ("hand-and-foot(players=6,teams=3x2)", 3),
    "6-alone": ("hand-and-foot(players=6,teams=individual)", 6),
    "5-alone": ("hand-and-foot(players=5)", 5),
}


def open_hf_table(browser: Browser, server: Server, variant: str, players: int, lang: str) -> Page:
    """A person's page at a started Hand and Foot table of ``players`` (random bots in the other seats)."""
    page = browser.new_context(viewport=LAPTOP, reduced_motion="reduce").new_page()
    page.set_default_timeout(WAIT_MS)
    seats = [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    page.goto(server.table(seats, variant)[0] + "&lang=" + lang)
    page.wait_for_selector("#start:not([hidden])")
    page.click("#start")
    wait_state(page, "s.status === 'playing' && s.view && s.view.hand")
    return page


def side_heads(page: Page) -> list[str]:
    """The headings of the sides' meld areas (the opponents' open on a phone with a tap)."""
    return [t.strip() for t in page.locator(".side-melds .side-head strong").all_inner_texts()]


@pytest.mark.parametrize("table", list(TABLES))
def test_five_and_six_player_tables_lay_out(server: Server, browser: Browser, tmp_path: Path, table: str) -> None:
    """Each 5- and 6-player table, on a laptop and on a phone, in English, Spanish and Romanian: the seats around
    the felt stay apart, one meld area per side with its name and goal pill (books clean and dirty), the phone
    inside its viewport, no untranslated text."""
    variant, sides = TABLES[table]
    players = 5 if table.startswith("5") else 6
    for lang in LANGS:
        texts = load_locale(lang)
        page = open_hf_table(browser, server, variant, players, lang)
        try:
            assert page.evaluate("S.rules.teams") == sides
            for name, viewport in (("desktop", LAPTOP), ("phone", PHONE)):
                lay_out_at(page, viewport, players, shots_dir(tmp_path) / f"hf-{table}-{name}-{lang}.png",
                           name == "phone")
                if name == "phone":
                    page.click("#opp-toggle")  # the other sides' meld areas open with a tap
                    page.screenshot(path=str(shots_dir(tmp_path) / f"hf-{table}-{name}-open-{lang}.png"))
                heads = side_heads(page)
                others = sorted(texts["side.name"].replace("{name}", chr(65 + s)) for s in range(1, sides))
                assert sorted(heads) == sorted([texts["table.our_side"], *others]), heads
                clean_dirty = page.locator("[data-extra='kinds']").all_inner_texts()
                assert len(clean_dirty) == sides and all("0" in k for k in clean_dirty), clean_dirty
                assert page.locator("[data-extra='foot']").count() == players  # every player's foot waits
                assert visible_raw_keys(page, locale_keys()) == [], (name, lang)
                if name == "phone":
                    page.click("#opp-toggle")
        finally:
            page.context.close()


def test_the_lobby_offers_hand_and_foot_tables_of_five_and_six(server: Server, browser: Browser) -> None:
    """The lobby's Hand and Foot: 5 players each alone (no note of one sitting out), 6 players in 2 or 3 sides or
    each alone; the seats' labels name the side each seat plays for."""
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        page.goto(server.url + "/?lang=en")
        page.wait_for_selector("#variant option[value='hand-and-foot']", state="attached")
        page.select_option("#variant", "hand-and-foot")
        page.select_option("#players", "5")
        labels = page.locator(".seat-label").all_inner_texts()
        assert [lb.split(" \u00b7 ")[1] for lb in labels] == [f"Side {c}" for c in "ABCDE"]
        assert page.locator("#players-note").is_hidden()
        page.select_option("#players", "6")
        assert page.locator("#teams option").all_inner_texts() == ["2", "3", "6"]
        for teams, names in (("2", "ABABAB"), ("3", "ABCABC"), ("6", "ABCDEF")):
            page.select_option("#teams", teams)
            page.select_option("#players", "6")  # the seats are drawn again for the sides chosen
            labels = page.locator(".seat-label").all_inner_texts()
            assert [lb.split(" \u00b7 ")[1] for lb in labels] == [f"Side {c}" for c in names], teams
        assert page.evaluate("variantString()") == "hand-and-foot(players=6,teams=6)"
    finally:
        page.context.close()


def new_hf_sheet(page: Page, server: Server, players: int, options: str) -> None:
    """A new Hand and Foot sheet of ``players`` with the rule ``options`` typed in."""
    page.goto(server.url + "/score?lang=en")
    page.wait_for_selector("#sc-variant option[value='hand-and-foot']", state="attached")
    page.select_option("#sc-variant", "hand-and-foot")
    page.select_option("#sc-players", str(players))
    if options:
        page.click("#new-sheet summary")
        page.fill("#sc-options", options)
    page.click("#sc-create")
    page.wait_for_selector("fieldset.side-entry")


def test_score_keeper_takes_exact_cuts(server: Server, browser: Browser, tmp_path: Path) -> None:
    """``exact_cut_bonus=100`` (B.3): each side says how many of its players cut exactly their hand and foot, in
    the quick entry and by melds; the totals are those of ``canasta score --json`` and the last deal's breakdown
    has its "Exact cut" row. Without the option the field is not asked for."""
    for size, viewport in (("desktop", LAPTOP), ("phone", PHONE)):
        page = browser.new_context(viewport=viewport).new_page()
        page.set_default_timeout(WAIT_MS)
        try:
            new_hf_sheet(page, server, 4, "exact_cut_bonus=100")
            assert page.text_content("#sheet-variant") == "hand-and-foot(players=4,exact_cut_bonus=100)"
            us, them = (page.locator(f"fieldset[data-side='{s}']") for s in ("Us", "Them"))
            assert us.locator("[name=exact_cuts]").get_attribute("max") == "2"  # the players of a side
            them.locator(".mode button").nth(1).click()  # Them by melds
            them = page.locator("fieldset[data-side='Them']")
            for name, value in {"natural_canastas": 2, "mixed_canastas": 2, "meld_points": 400, "hand_points": 20,
                                "exact_cuts": 2}.items():
                us.locator(f"[name={name}]").fill(str(value))
            us.locator("[name=out]").select_option("yes")
            them.locator("[name=melds]").fill("KH KS KD KC\n9H 9S 2C")
            them.locator("[name=hand]").fill("AS 7D")
            them.locator("[name=exact_cuts]").fill("1")
            page.screenshot(path=str(shots_dir(tmp_path) / f"score-hf-exact-cuts-{size}-en.png"), full_page=True)
            page.click("#add-deal")
            expected = cli_scores(tmp_path, {"variant": "hand-and-foot(exact_cut_bonus=100)", "deals": [{
                "Us": {"mode": "quick", "natural_canastas": 2, "mixed_canastas": 2, "meld_points": 400,
                       "hand_points": 20, "went_out": True, "exact_cuts": 2},
                "Them": {"melds": [["KH", "KS", "KD", "KC"], ["9H", "9S", "2C"]], "hand": ["AS", "7D"],
                         "exact_cuts": 1}}]})
            page.wait_for_selector(f"td[data-total='Us']:text('{expected['Us']}')")
            assert page.text_content("#entry-error") == ""
            assert page.text_content("td[data-total='Them']") == str(expected["Them"])
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]  # no sideways scroll
            row = page.locator("#last tr", has_text="Exact cut")
            assert row.locator("td").all_inner_texts() == ["Exact cut", "200", "100"]
            page.screenshot(path=str(shots_dir(tmp_path) / f"score-hf-exact-cuts-{size}-en-scored.png"),
                            full_page=True)
        finally:
            page.context.close()
    page = browser.new_context(viewport=LAPTOP).new_page()
    try:
        new_hf_sheet(page, server, 4, "")
        assert page.locator("[name=exact_cuts]").count() == 0  # no bonus: nothing to ask
    finally:
        page.context.close()


def test_score_keeper_sheets_of_five_and_six_players(server: Server, browser: Browser, tmp_path: Path) -> None:
    """The score keeper's Hand and Foot sheets: 5 players alone are 5 sides, 6 players each alone are 6 (the
    server's sides, not classic's two); a side's exact cuts are at most 1 where it is one player."""
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        new_hf_sheet(page, server, 5, "exact_cut_bonus=100")
        assert page.locator("fieldset.side-entry").count() == 5
        assert page.locator("[name=exact_cuts]").first.get_attribute("max") == "1"
        page.goto(server.url + "/score?lang=en")
        page.wait_for_selector("#sc-variant option[value='hand-and-foot']", state="attached")
        page.select_option("#sc-variant", "hand-and-foot")
        page.select_option("#sc-players", "6")
        page.select_option("#sc-teams", "6")
        assert page.locator(".side-input").count() == 6
        page.select_option("#sc-teams", "3")
        assert page.locator(".side-input").count() == 3
        page.click("#sc-create")
        page.wait_for_selector("fieldset.side-entry")
        assert page.text_content("#sheet-variant") == "hand-and-foot(players=6,teams=3)"
        assert page.locator("fieldset.side-entry").count() == 3
    finally:
        page.context.close()


def test_deal_breakdown_shows_the_exact_cut(server: Server, browser: Browser, tmp_path: Path) -> None:
    """The table's end-of-deal breakdown of ``exact_cut_bonus=100``: the "Exact cut" row where a side earned it,
    its points those of the scoring (:func:`canasta.scoring.deal_score.score_deal`), the deal's total their
    sum."""
    rules = Rules.parse("hand-and-foot(exact_cut_bonus=100)")
    books = [parse_cards(b) for b in ("KH KS KD KC KH KS KD", "8H 8S 8D 8C 8H 8S 8D", "QH QS QD QC QH QS 2C",
                                      "JH JS JD JC JH 2S 2D")]  # the contract: 2 clean and 2 dirty books
    scored = score_deal(rules, {"A": SideResult(melds=books, went_out=True, exact_cuts=1),
                                "B": SideResult(melds=[parse_cards("5H 5S 5D")], exact_cuts=2)})
    breakdowns = [dict(scored[s].breakdown) for s in "AB"]
    scores = [scored[s].total for s in "AB"]
    assert [b["exact_cut"] for b in breakdowns] == [100, 200]
    state = hf_state()
    state["view"] = dict(state["view"], phase="over")
    state["history"] = [{"deal": 1, "dealer": 3, "scores": scores, "breakdowns": breakdowns, "out_seat": 0,
                         "totals": scores}]
    for lang in LANGS:
        page = show_position(browser, server, "hand-and-foot(exact_cut_bonus=100)", state, DESKTOP, lang)
        try:
            page.wait_for_selector("#overlay:not([hidden])")
            label = load_locale(lang)["score.exact_cut"]
            row = page.locator("#over-body table.breakdown tr", has_text=label)
            assert row.locator("td").all_inner_texts() == [label, "100", "200"]
            total = page.locator("#over-body table.breakdown tr.total").first.locator("td").all_inner_texts()
            assert total[1:] == [str(x) for x in scores]
            assert visible_raw_keys(page, locale_keys()) == []
            page.screenshot(path=str(shots_dir(tmp_path) / f"hf-breakdown-exact-cut-{lang}.png"))
        finally:
            page.context.close()


def refusals() -> list[tuple[str, dict[str, Any]]]:
    """The new refusals of Hand and Foot's options, each from a scripted position: the code and the ``error``
    message the server sends for it (:func:`canasta.web.tables.table.refusal_reason`)."""
    waiting = ["", "", "4H 5H 6H 8H 9H TH JH QH KH AH 4S", ""]
    cases: list[tuple[Deal, str]] = [
        (_in_foot("9C 9D 9H 4C", CONTRACT, FORBIDDEN), "meld 9C 9D 9H"),
        (_in_foot("9C 9D 9H 4C", CONTRACT, _hf(all_partners_in_foot="true"), packets=waiting), "meld 9C 9D 9H"),
        (_books_position(NATURALS_ONLY), "add 2C to K"),
    ]
    out = []
    for deal, move in cases:
        with pytest.raises(IllegalMove) as refused:
            deal.clone().apply(move)
        reason = refusal_reason(deal, move, str(refused.value))
        assert reason is not None
        out.append((reason["code"], error_message("illegal", str(refused.value), reason=reason)))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_new_refusals_show_in_each_language(server: Server, browser: Browser, tmp_path: Path, lang: str) -> None:
    """The server's ``error`` message for each new refusal, handed to the page as the websocket does: the page
    shows the refusal's words in its language (with the book's size filled in), never the code or the English."""
    cases = refusals()
    assert [code for code, _ in cases] == ["no_final_discard", "partners_foot_due", "book_naturals_only"]
    texts = load_locale(lang)
    page = show_position(browser, server, "hand-and-foot", hf_state(), DESKTOP, lang)
    try:
        for code, message in cases:
            page.evaluate("(m) => onError(m)", message)
            words = texts[f"reason.{code}"].replace("{n}", "7")
            assert page.text_content("#error") == texts["error.illegal"] + " " + words
            page.screenshot(path=str(shots_dir(tmp_path) / f"hf-refusal-{code}-{lang}.png"))
    finally:
        page.context.close()
