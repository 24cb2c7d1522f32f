"""Browser tests of the card table (issue 16): a whole deal played only by clicks and drags on a desktop and on a
phone-sized screen, the phone layout inside the viewport, bots' moves animated, the Take button, and screenshots
in every language without an untranslated text.

Playwright drives Debian's headless Chromium against a real server (the helpers of ``test_browser``). Every wait
is for a state of the page (``window.__state``), never a fixed sleep. Screenshots go to ``$CANASTA_SCREENSHOTS``
if set, else to the test's temporary directory.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page  # noqa: E402
from playwright.sync_api import Error as PlaywrightError  # noqa: E402

from canasta.web.i18n import LANGS, load_locale  # noqa: E402

from .test_browser import MY_TURN, WAIT_MS, Server, browser, server, shots_dir, wait_state  # noqa: E402,F401

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
BOTS3 = [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "bot": "random"}] * 3
ROLES = ("hand", "stock", "pile", "own-melds", "actions")
# Counts whether a card flew across the table (data-role="moving-card") since the page was loaded.
WATCH_MOVES = """() => { window.__moving = 0; new MutationObserver((list) => {
  for (const r of list) for (const n of r.addedNodes)
    if (n.dataset && n.dataset.role === 'moving-card') window.__moving++;
  }).observe(document.body, { childList: true }); }"""
# Keeps every message the page sends (window.__sent), to say what was sent when a move fails.
WATCH_SENT = """() => { const orig = WebSocket.prototype.send; window.__sent = [];
  WebSocket.prototype.send = function (d) { window.__sent.push(d); return orig.call(this, d); }; }"""


def open_table(browser: Browser, server: Server, viewport: dict[str, int], lang: str = "en",
               reduced_motion: Any = "no-preference", players: int = 4) -> Page:
    """A person's page at a new table with random bots (three, or ``players - 1``), started, in ``lang``."""
    ctx = browser.new_context(viewport=viewport, reduced_motion=reduced_motion)
    page = ctx.new_page()
    page.set_default_timeout(WAIT_MS)
    seats = BOTS3 if players == 4 else BOTS3[:1] + [BOTS3[1]] * (players - 1)
    page.goto(server.table(seats, f"classic(players={players})")[0] + "&lang=" + lang)
    page.wait_for_selector("#start:not([hidden])")
    page.evaluate(WATCH_MOVES)
    page.evaluate(WATCH_SENT)
    page.click("#start")
    return page


def tap(loc: Any) -> None:
    """Click a card of the hand where it shows when overlapped: its left edge."""
    loc.click(position={"x": 5, "y": 20})


def hand_card(page: Page, card: str, taken: set[str]) -> Any:
    """The locator of a card of the hand showing ``card`` that is not yet used in this move."""
    cards = page.locator(f"#hand .card[data-card='{card}']")
    for k in range(cards.count()):
        loc = cards.nth(k)
        index = loc.get_attribute("data-index")
        assert index is not None
        if index not in taken:
            taken.add(index)
            return loc
    raise AssertionError(f"{card} is not in the hand")


def hand_codes(page: Page) -> list[str]:
    """The cards of the hand as shown, left to right."""
    return page.evaluate("() => [...document.querySelectorAll('#hand .card')].map((c) => c.dataset.card)")  # type: ignore[no-any-return]


def drag_to(page: Page, source: Any, target: Any) -> None:
    """Drag ``source`` onto ``target`` with the mouse (pointer events, in small steps)."""
    target.scroll_into_view_if_needed()
    a = source.bounding_box()
    b = target.bounding_box()
    assert a and b
    x, y = a["x"] + min(6, a["width"] / 2), a["y"] + a["height"] / 2  # an overlapped card shows its left edge
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 12, y - 12, steps=3)
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()


def meld_by_drag(page: Page, move: str) -> None:
    """``meld C1 C2 ...`` or ``add C1 ... [to R]``: tap the cards to select them, drag one of them (the selection
    goes with it) onto the side's table (a new meld) or onto the meld of that rank."""
    words = move.split()
    to = words[words.index("to") + 1] if "to" in words else None
    cards = [w.split("=")[0] for w in (words[1:words.index("to")] if to else words[1:])]
    taken: set[str] = set()
    locs = [hand_card(page, c, taken) for c in cards]
    for loc in locs:
        tap(loc)
    if words[0] == "meld":
        target = page.locator("[data-role='own-melds'] .new-meld")
    else:
        natural = next((c for c in cards if c != "JK" and c[0] != "2"), None)
        rank = to or (natural[0] if natural else "W")
        target = page.locator(f"[data-role='own-melds'] .meld.mine[data-rank='{rank}']").last
    drag_to(page, locs[0], target)


def available(page: Page, move: str) -> bool:
    """Whether the cards of ``move`` are all still in the hand (not staged)."""
    words = move.split()
    cards = [w.split("=")[0] for w in (words[1:words.index("to")] if "to" in words else words[1:])]
    return all(page.locator(f"#hand .card[data-card='{c}']").count() >= cards.count(c) for c in cards)


def stage_initial_meld(page: Page, melds: list[str]) -> bool:
    """Stage legal melds by drag, one after another, until the bar says the initial meld is complete, then
    commit; if it never is, take the cards back (nothing was sent). True when committed."""
    for move in melds:
        if not move.startswith("meld ") or not available(page, move):
            continue
        meld_by_drag(page, move)
        page.wait_for_selector("#stage .stage-count")
        page.wait_for_function("() => stageCheck !== null")
        bar = page.text_content("#stage .stage-count") or ""
        assert re.fullmatch(r"\d+ / \d+ towards your minimum", bar), bar
        if page.locator("#stage-commit").is_enabled():
            page.click("#stage-commit")
            return True
        if page.locator("#stage .stage-why").count():
            assert page.text_content("#stage .stage-why")
    if page.locator("#stage-back").count():
        page.click("#stage-back")
    return False


def direct_move(page: Page, state: dict[str, Any], took: list[bool]) -> None:
    """One move by clicks and drags only: take the pile by clicking it (once a deal, when legal), draw by clicking
    the stock, answer by the Yes button, pass by its button, meld or add by drag, discard by dragging onto the
    pile."""
    legal = state["legal"]
    seq = state["seq"]
    takes = [m for m in legal if m.split()[0] == "take"]
    melds = [m for m in legal if m.split()[0] in ("meld", "add")]
    opened = state["view"]["opened"][state["view"]["side"]]
    discards = [m for m in legal if m.startswith("discard ")]
    if takes and (not took[0] or "draw" not in legal):
        took[0] = True
        page.click("[data-role='pile']")
        if len(takes) > 1:
            page.locator("#chooser .take-choice").first.click()
    elif "draw" in legal:
        page.click("[data-role='stock']")
    elif "yes" in legal:
        page.click("#yes-btn")
    elif "pass" in legal:
        page.click("#pass-btn")
    elif melds and not opened and stage_initial_meld(page, melds):
        pass
    elif melds and (opened or not discards) and (not discards or len(state["log"]) % 3 == 0):
        # an addition to a meld already on the table goes at once (after a take it counts towards the minimum)
        meld_by_drag(page, next((m for m in melds if m.startswith("add ")), melds[0]) if not opened else melds[0])
    else:
        assert discards, legal
        card = discards[0].split()[1]
        drag_to(page, hand_card(page, card, set()), page.locator("[data-role='pile']"))
    try:
        page.wait_for_function(f"() => window.__state.seq > {seq} || document.getElementById('error').textContent",
                               timeout=WAIT_MS)
    except PlaywrightError as e:
        raise AssertionError(f"nothing happened: legal {legal}, sent {page.evaluate('window.__sent')[-3:]}") from e
    assert not page.text_content("#error"), (page.text_content("#error"), legal, page.evaluate("window.__sent")[-3:])


def assert_center_apart(page: Page) -> None:
    """The stock, the pile (with a wild card lying crosswise) and the pile's notes (frozen, stopped) keep their
    width and do not cover one another (the phone's narrow centre once squeezed the pile over the frozen note)."""
    boxes = page.evaluate("""() => ['stock', 'pile', 'pile-info'].map((id) => {
        const r = document.getElementById(id).getBoundingClientRect();
        return [r.left, r.right, r.width]; })""")
    (_, stock_right, stock_w), (pile_left, pile_right, pile_w), (info_left, _, info_w) = boxes
    card_w = page.evaluate("parseFloat(getComputedStyle(document.getElementById('pile')).getPropertyValue('--card-w'))")
    assert stock_w >= card_w + 34 - 0.5 and pile_w >= card_w + 34 - 0.5, (boxes, card_w)
    assert stock_right <= pile_left + 0.5, boxes
    assert info_w == 0 or pile_right <= info_left + 0.5, boxes


def assert_inside_viewport(page: Page) -> None:
    """The hand, stock, pile, own melds and actions are all inside the phone's viewport, without scrolling."""
    assert page.evaluate("[window.scrollX, window.scrollY]") == [0, 0]
    assert_center_apart(page)
    for role in ROLES:
        box = page.locator(f"[data-role='{role}']").bounding_box()
        assert box is not None, role
        assert box["x"] >= 0 and box["y"] >= 0, (role, box)
        assert box["x"] + box["width"] <= PHONE["width"] + 0.5, (role, box)
        assert box["y"] + box["height"] <= PHONE["height"] + 0.5, (role, box)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_whole_deal_by_clicks_and_drags(server: Server, browser: Browser, tmp_path: Path, size: str) -> None:
    page = open_table(browser, server, DESKTOP if size == "desktop" else PHONE)
    took = [False]
    moves = 0
    try:
        for _ in range(600):
            s = wait_state(page, MY_TURN)
            if s["view"]["phase"] == "over" or s["game_over"]:
                break
            if size == "phone" and moves % 5 == 0:
                assert_inside_viewport(page)
            elif moves % 5 == 0:
                assert_center_apart(page)
            if moves == 6:
                page.wait_for_function("() => !document.querySelector('[data-role=\"moving-card\"]')")
                page.screenshot(path=str(shots_dir(tmp_path) / f"table-{size}-play.png"))
            direct_move(page, s, took)
            moves += 1
        else:
            raise AssertionError("the deal did not end")
        assert page.evaluate("window.__moving") > 0, "no move was animated"
        kinds = {e["move"].split()[0] for e in s["log"] if e["seat"] == 0}
        assert {"draw", "discard"} <= kinds, kinds
        page.wait_for_selector("#overlay:not([hidden])")
        page.wait_for_function("() => !document.querySelector('[data-role=\"moving-card\"]')")
        assert page.locator("#over-body table.breakdown tr").count() >= 3
        assert page.locator("#over-body table.history tr").count() == 2  # the score pad: a head and deal 1
        assert page.locator("#over-body .cards-left li").count() == 4
        page.screenshot(path=str(shots_dir(tmp_path) / f"table-{size}-deal-over.png"))
        assert visible_raw_keys(page, locale_keys()) == []  # the deal's end is worded too
    finally:
        page.context.close()


def show_long_hand(page: Page, count: int, kinds: list[str] | None = None) -> None:
    """Once the person is to act and no card is flying, give him a hand of ``count`` cards, ``kinds`` (card codes)
    over and over, or his own hand's cards, and lay it out as a new hand is (``renderMyHand``)."""
    wait_state(page, MY_TURN)
    page.wait_for_function("() => !document.querySelector('[data-role=\"moving-card\"]')")
    page.evaluate("""([count, kinds]) => { const h = kinds || S.view.hand;
        S.view.hand = [...Array(count)].map((_, i) => h[i % h.length]); renderMyHand(); }""", [count, kinds])
    assert page.locator("#hand .card").count() == count


def fewest_hand_rows(page: Page) -> int:
    """The fewest rows of equal length (the last may be shorter) in which every card of the hand but a row's last
    keeps room for its whole rank (``handCardNeed``, pixels) beside the next card: the row count the layout must
    choose. The hand's dealt cards differ from run to run and a 10 or a joker needs more room than a 7, so one line
    on a desktop holds some 46-card hands and not others."""
    return int(page.evaluate("""() => {
        const cards = [...document.querySelectorAll('#hand .card')], needs = cards.map(handCardNeed);
        const cw = cards[0].getBoundingClientRect().width, room = $('hand').clientWidth - 8 - cw;
        const fits = (per) => { for (let a = 0; a < needs.length; a += per) {
            const used = needs.slice(a, Math.min(needs.length, a + per) - 1).reduce((s, n) => s + n, 0);
            if (used > room) return false; } return true; };
        for (let rows = 1; ; rows++) if (fits(Math.ceil(needs.length / rows))) return rows; }"""))


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_hand_too_long_for_one_line_stays_on_the_screen(server: Server, browser: Browser, tmp_path: Path,
                                                           size: str) -> None:
    """A hand of 46 cards (a big pile taken): laid in as few rows as keep every rank whole (on a phone always more
    than one, on a desktop one or two), and every card stays inside the viewport; every card's top-left corner
    (its rank) is its own, not covered, so each can be read and touched.
    (A phone's single line once ran off the screen's right edge with a long hand; dragging a card from there
    scrolled the whole page sideways.)"""
    page = open_table(browser, server, DESKTOP if size == "desktop" else PHONE)
    try:
        show_long_hand(page, 46)
        if size == "phone":
            assert_inside_viewport(page)
        width = (DESKTOP if size == "desktop" else PHONE)["width"]
        outside = page.evaluate(f"""() => [...document.querySelectorAll('#hand .card')].filter((c) => {{
            const r = c.getBoundingClientRect(); return r.left < 0 || r.right > {width} + 0.5; }}).length""")
        assert outside == 0, f"{outside} cards of the hand off the screen"
        rows = page.evaluate("document.querySelectorAll('#hand .hand-break').length + 1")
        assert rows == fewest_hand_rows(page), rows
        assert (rows <= 2) if size == "desktop" else (rows >= 2), rows  # (46 cards never fit one line of a phone)
        covered = page.evaluate("""() => [...document.querySelectorAll('#hand .card')].filter((c) => {
            const r = c.getBoundingClientRect(), at = document.elementFromPoint(r.left + 3, r.top + 3);
            return !at || at.closest('.card') !== c; }).map((c) => c.dataset.index)""")
        assert covered == [], covered
        page.screenshot(path=str(shots_dir(tmp_path) / f"table-{size}-long-hand.png"))
    finally:
        page.context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_long_hand_shows_a_ten_and_a_joker_whole(server: Server, browser: Browser, tmp_path: Path,
                                                   size: str) -> None:
    """At the closest overlap a card showed 10 px beside the next one, which cut a 10 to "1", a joker's "JK" to
    "J" (a jack's rank) and, in a desktop's larger type, most ranks. Every card now keeps room for its whole rank,
    in a single line and in rows: the point just inside the right end of every rank's characters is the card's
    own."""
    page = open_table(browser, server, DESKTOP if size == "desktop" else PHONE)
    try:
        kinds = ["4C", "5D", "9H", "TH", "TS", "TD", "JS", "QH", "KD", "AS", "2C", "JK", "JK", "3S"]
        show_long_hand(page, 100 if size == "desktop" else 46, kinds)  # the closest overlap on either screen
        labels = page.evaluate("""() => [...document.querySelectorAll('#hand .card')].map((c) => {
            const text = document.createRange(); text.selectNodeContents(c.querySelector('.r'));
            const r = text.getBoundingClientRect();  // the characters' box (the label's own spans the card)
            const at = document.elementFromPoint(r.right - 1.5, r.top + r.height / 2);
            return [c.querySelector('.r').textContent, !!at && at.closest('.card') === c]; })""")
        hidden = [text for text, seen in labels if not seen]
        assert hidden == [], f"rank labels cut by the next card: {hidden}"
        assert {"10", "JK"} <= {text for text, _ in labels}
        if size == "phone":
            assert_inside_viewport(page)
            assert page.evaluate("document.querySelectorAll('#hand .hand-break').length") >= 1  # rows
        page.mouse.move(0, 0)  # no card raised by the pointer in the picture
        page.screenshot(path=str(shots_dir(tmp_path) / f"table-{size}-long-hand-tens.png"))
    finally:
        page.context.close()


def test_a_bots_move_flies_across_the_table(server: Server, browser: Browser) -> None:
    page = open_table(browser, server, DESKTOP)
    try:
        # the three bots play before the person's first turn: each draw and discard moves a card
        page.wait_for_selector("[data-role='moving-card']", state="attached")
        s = wait_state(page, "s.legal.length > 0")
        assert any(e["seat"] != 0 for e in s["log"])
        page.click("[data-role='stock']")
        s = wait_state(page, f"s.seq > {s['seq']}")
        assert page.locator("[data-role='pile'].live, [data-role='stock'].live").count() <= 1
        assert page.locator(".last-move").count() >= 1  # the last move highlighted
    finally:
        page.context.close()


def test_an_initial_meld_is_staged_before_anything_is_sent(server: Server, browser: Browser, tmp_path: Path) -> None:
    """Cards dropped on the table before the side has melded are staged: the bar counts them against the minimum,
    nothing is sent but a read-only check, Take back returns them to the hand."""
    page = open_table(browser, server, DESKTOP)
    try:
        for _ in range(40):
            s = wait_state(page, "s.legal.length > 0 || (s.view && s.view.phase === 'over')")  # his turn, or over
            if s["view"]["phase"] == "over":  # the bots ended the deal: the next one
                page.click("#next-btn")
                wait_state(page, f"s.deal_no > {s['deal_no']} && s.view.phase !== 'over'")
                continue
            if "no" in s["legal"]:  # the partner asked "may I go out?": say no, the deal goes on
                page.click("#no-btn")
                wait_state(page, f"s.seq > {s['seq']}")
                continue
            if "draw" not in s["legal"]:  # the stock is out: the pile must be taken (§1.10), no staging this deal
                pytest.skip("the stock ran out before an initial meld came to hand")
            page.click("[data-role='stock']")
            try:
                s = wait_state(page, f"s.seq > {s['seq']} && s.view.phase === 'play'")
            except PlaywrightError as e:
                raise AssertionError(str([page.evaluate("window.__sent")[-3:], page.text_content("#error"),
                                          page.evaluate("[S.seq, S.legal, S.view.phase, S.view.to_act]")])) from e
            melds = [m for m in s["legal"] if m.startswith("meld ")]
            if melds and not s["view"]["opened"][s["view"]["side"]]:
                break
            card = next(m for m in s["legal"] if m.startswith("discard ")).split()[1]
            drag_to(page, hand_card(page, card, set()), page.locator("[data-role='pile']"))
            wait_state(page, f"s.seq > {s['seq']}")
        else:
            pytest.skip("no initial meld came to hand in 40 turns")  # not seen: a meld comes within a few turns
        held = page.locator("#hand .card").count()
        sent = len(page.evaluate("window.__sent"))
        meld_by_drag(page, melds[0])
        page.wait_for_function("() => stageCheck !== null")
        size = len(melds[0].split()) - 1
        assert page.locator("#hand .card").count() == held - size
        assert page.locator("#stage .meld.staged .card").count() == size
        bar = page.text_content("#stage .stage-count") or ""
        points, minimum = (int(x) for x in re.findall(r"\d+", bar))
        assert bar == f"{points} / {minimum} towards your minimum" and points > 0
        assert minimum == s["view"]["minimums"][s["view"]["side"]]
        assert page.locator("#stage-commit").is_enabled() == (points >= minimum)
        page.screenshot(path=str(shots_dir(tmp_path) / "table-desktop-staged.png"))
        new = [json.loads(m)["type"] for m in page.evaluate("window.__sent")[sent:]]
        assert new == ["check"]  # nothing sent to the game
        assert wait_state(page, "true")["seq"] == s["seq"]
        page.click("#stage-back")
        assert page.locator("#hand .card").count() == held and page.locator("#stage").count() == 0
    finally:
        page.context.close()


def test_reduced_motion_fades_cards_in_place(server: Server, browser: Browser) -> None:
    page = open_table(browser, server, DESKTOP, reduced_motion="reduce")
    try:
        page.wait_for_selector("[data-role='moving-card']", state="attached")
        frames = page.evaluate("""() => { const c = document.querySelector("[data-role='moving-card']");
            return c ? c.getAnimations().flatMap((a) => a.effect.getKeyframes()).map(Object.keys) : null; }""")
        if frames is not None:  # the card may have landed in between
            assert frames and all("transform" not in k for k in frames), frames
    finally:
        page.context.close()


def test_take_button_needs_the_cards_of_a_legal_take(server: Server, browser: Browser) -> None:
    """Only a take with a pair legal and nothing selected: the Take button stays disabled; with the pair
    selected it is enabled; clicking the pile alone sends the engine's take."""
    page = open_table(browser, server, DESKTOP)
    try:
        wait_state(page, "s.legal.includes('draw')")
        pair = page.evaluate("""() => { const h = S.view.hand, n = h.find((c, i) => !isWild(c) && c[0] !== '3'
            && h.some((d, j) => j !== i && d[0] === c[0])); const p = h.filter((c) => c[0] === n[0]).slice(0, 2);
            S.legal = ['draw', 'take ' + p.join(' ')]; selected = new Set(); render(); return p; }""")
        assert page.locator("#take-btn").is_disabled()
        taken: set[str] = set()
        for c in pair:
            tap(hand_card(page, c, taken))
        assert page.locator("#take-btn").is_enabled()
        page.click("#clear-btn")
        assert page.locator("#take-btn").is_disabled()
        # drag a card of the hand onto the card two places on: it is put before that card, and stays there. The
        # cards are told apart by what they show: two equal cards (4H 4H) may trade places unseen, so the card
        # dragged is one whose neighbour differs (an equal pair at the front made CI 14 and CI 32 fail here)
        page.wait_for_function("() => !document.querySelector('[data-role=\"moving-card\"]')")
        shown = hand_codes(page)
        k = next(i for i in range(len(shown) - 2) if shown[i] != shown[i + 1])
        want = shown[:k] + [shown[k + 1], shown[k]] + shown[k + 2:]
        drag_to(page, page.locator("#hand .card").nth(k), page.locator("#hand .card").nth(k + 2))
        page.wait_for_function(f"() => JSON.stringify([...document.querySelectorAll('#hand .card')]"
                               f".map((c) => c.dataset.card)) === '{json.dumps(want, separators=(',', ':'))}'")
        page.wait_for_timeout(300)  # and it stays there
        assert hand_codes(page) == want
    finally:
        page.context.close()


def locale_keys() -> set[str]:
    """Every text key of the pages, plural keys also by their base (``table.cards_n`` of ``table.cards_n.one``)."""
    keys = set(load_locale("en"))
    return keys | {k.rsplit(".", 1)[0] for k in keys if k.rsplit(".", 1)[1] in ("one", "few", "other")}


def visible_raw_keys(page: Page, keys: set[str]) -> list[str]:
    text = page.evaluate("document.body.innerText")
    return sorted({w for w in re.findall(r"[a-z_0-9]+(?:\.[a-z_0-9]+)+", text) if w in keys})


def assert_seats_apart(page: Page) -> None:
    """No two seats around the felt overlap, each lies inside the felt, and what a seat shows (its name, its fan
    of card backs, its count) lies inside the seat."""
    boxes = page.evaluate("""() => [...document.querySelectorAll('.felt .seat')].map((e) => {
        const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })""")
    spill = page.evaluate("""() => [...document.querySelectorAll('.felt .seat')].flatMap((e) => {
        const r = e.getBoundingClientRect();
        return [...e.children].filter((c) => { const b = c.getBoundingClientRect();
          return b.width > 0 && (b.left < r.left - 0.5 || b.right > r.right + 0.5); })
          .map((c) => e.dataset.seat + ':' + c.className); })""")
    assert spill == [], spill
    felt = page.evaluate("(() => { const r = document.querySelector('.felt').getBoundingClientRect(); "
                         "return [r.left, r.top, r.right, r.bottom]; })()")
    for i, a in enumerate(boxes):
        assert felt[0] - 0.5 <= a[0] and a[2] <= felt[2] + 0.5, (a, felt)
        for b in boxes[i + 1:]:
            overlap_x = min(a[2], b[2]) - max(a[0], b[0])
            overlap_y = min(a[3], b[3]) - max(a[1], b[1])
            assert overlap_x <= 0.5 or overlap_y <= 0.5, (a, b)


def lay_out_at(page: Page, viewport: dict[str, int], players: int, shot: Path, phone: bool) -> None:
    """Resize ``page`` to ``viewport``, wait for the cards to settle, check that the ``players - 1`` other seats
    around the felt stay apart (and, on a phone, that the page fits its viewport), and save a screenshot to
    ``shot``. Raises AssertionError on a seat count, an overlap or a spill."""
    page.set_viewport_size(viewport)
    page.wait_for_function("() => !document.querySelector('[data-role=\"moving-card\"]')")
    assert page.locator(".felt .seat").count() == players - 1
    assert_seats_apart(page)
    page.screenshot(path=str(shot))
    if phone:
        assert_inside_viewport(page)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_seats_around_the_felt_do_not_overlap(server: Server, browser: Browser, tmp_path: Path, players: int) -> None:
    """Every table size, on a desktop and on a phone: the seats around the felt stay apart (with six players the
    phone's top row once piled its three seats on one another)."""
    page = open_table(browser, server, DESKTOP, players=players)
    try:
        wait_state(page, "s.view && s.view.hand")
        for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
            lay_out_at(page, viewport, players, shots_dir(tmp_path) / f"table-{name}-{players}p.png", name == "phone")
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_screenshots_in_each_language_have_no_raw_key(server: Server, browser: Browser, tmp_path: Path,
                                                      lang: str) -> None:
    keys = locale_keys()
    page = open_table(browser, server, DESKTOP, lang)
    try:
        s = wait_state(page, "s.legal.includes('draw')")
        page.click("[data-role='stock']")
        wait_state(page, f"s.seq > {s['seq']}")
        for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
            page.set_viewport_size(viewport)
            page.wait_for_function("() => !document.querySelector('[data-role=\"moving-card\"]')")
            page.screenshot(path=str(shots_dir(tmp_path) / f"table-{name}-{lang}.png"))
            assert visible_raw_keys(page, keys) == [], name
            if name == "phone":
                assert_inside_viewport(page)
                page.click("#opp-toggle")  # the opponents' melds open with a tap
                assert page.locator("#opp-melds").is_visible()
    finally:
        page.context.close()
