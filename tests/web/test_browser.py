"""Browser tests: Playwright drives Debian's headless Chromium (/usr/bin/chromium) against a real server.

The server runs in a subprocess (uvicorn, a SQLite file in a temporary directory,
bots moving after 20 ms) on a free port of 127.0.0.1, so a test can stop and
restart it. Every wait is for a state of the page (``window.__state``, the last
state the server sent), never a fixed sleep. Screenshots go to
``$CANASTA_SCREENSHOTS`` if set, else to the test's temporary directory.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from canasta.cards.deck import parse_card  # noqa: E402
from canasta.cards.tiles import tile_name  # noqa: E402
from canasta.web.i18n import load_locale  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WAIT_MS = 30000
BOTS3 = [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "bot": "random"}] * 3

if not os.path.exists(CHROMIUM):
    if os.environ.get("CI"):  # CI installs it (scripts/test.sh): a missing browser must not pass silently
        pytest.fail("Debian's chromium is not installed at /usr/bin/chromium", pytrace=False)
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``canasta.web`` served by uvicorn in a subprocess, on a database file that survives restarts."""

    def __init__(self, db: Path):
        self.db = db
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        code = ("import uvicorn; from canasta.web.app import create_app; "
                f"uvicorn.run(create_app({'sqlite:///' + str(self.db)!r}, bot_delay=0.02), host='127.0.0.1', "
                f"port={self.port}, log_level='warning')")
        self.proc = subprocess.Popen([sys.executable, "-c", code])
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/api/meta", timeout=1)
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=20)
            self.proc = None

    def table(self, seats: list[dict[str, Any]], variant: str = "classic(players=4)") -> list[str]:
        """Create a table through the API; the seat links of its people: the host's own (with his key,
        which the page keeps and removes from the address), then the other people's invite links."""
        req = urllib.request.Request(self.url + "/api/tables", method="POST",
                                     data=json.dumps({"variant": variant, "seats": seats}).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req) as r:
            data = json.load(r)
        return [f"{self.url}{data['link']}&k={data['token']}"] + [self.url + link["link"] for link in data["links"]]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "web.db")
    s.start()
    yield s
    s.stop()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    pg.set_default_timeout(WAIT_MS)
    yield pg
    ctx.close()


def shots_dir(tmp_path: Path) -> Path:
    d = Path(os.environ.get("CANASTA_SCREENSHOTS") or tmp_path)
    d.mkdir(parents=True, exist_ok=True)
    return d


def wait_state(page: Page, cond: str) -> dict[str, Any]:
    """Wait until the page's last state ``s`` satisfies the JS expression ``cond``; return that state."""
    page.wait_for_function(f"() => {{ const s = window.__state; return !!s && !!({cond}); }}", timeout=WAIT_MS)
    return page.evaluate("window.__state")  # type: ignore[no-any-return]


MY_TURN = "s.view && (s.legal.length > 0 || s.view.phase === 'over' || s.game_over)"


def click_move(page: Page, state: dict[str, Any]) -> None:
    """Play one simple move by clicking: draw (or take or pass when the stock is gone), answer yes, discard."""
    legal = state["legal"]
    seq = state["seq"]
    if "draw" in legal:
        page.click("#draw-btn")
    elif "yes" in legal:
        page.click("#yes-btn")
    elif "take" in legal:
        page.click("#take-btn")
    elif "pass" in legal:
        page.click("#pass-btn")
    elif any(m.startswith("take ") for m in legal):
        for card in next(m for m in legal if m.startswith("take ")).split()[1:]:
            page.locator(f"#hand .card[data-card='{card}']:not(.selected)").first.click()
        page.click("#take-btn")
    elif any(m.startswith("discard ") for m in legal):
        card = next(m for m in legal if m.startswith("discard ")).split()[1]
        page.locator(f"#hand .card[data-card='{card}']").first.click()
        page.click("#discard-btn")
    else:  # e.g. melding out after a "yes": type it
        page.fill("#typed-move", legal[0])
        page.press("#typed-move", "Enter")
    page.wait_for_function(f"() => window.__state.seq > {seq} || document.getElementById('error').textContent",
                           timeout=WAIT_MS)
    assert not page.text_content("#error"), page.text_content("#error")


def test_person_plays_a_whole_deal_against_three_bots(server: Server, page: Page, tmp_path: Path) -> None:
    page.goto(server.url + "/")
    for i in (1, 2, 3):
        page.select_option(f"select.seat-kind[data-seat='{i}']", "bot:random")
    page.click("#create-btn")
    page.click("#go")
    page.click("#start")
    for _ in range(400):
        s = wait_state(page, MY_TURN)
        if s["view"]["phase"] == "over" or s["game_over"]:
            break
        click_move(page, s)
    else:
        raise AssertionError("the deal did not end")
    page.wait_for_selector("#overlay:not([hidden])")
    assert page.locator("#over-body table.breakdown tr").count() >= 3
    assert page.locator("#history table tr").count() == 2
    page.screenshot(path=str(shots_dir(tmp_path) / "deal-over.png"))
    page.keyboard.press("Enter")  # next deal by keyboard
    wait_state(page, "s.deal_no === 2")


def test_partners_ask_may_i_go_out(server: Server, browser: Browser) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"},
             {"kind": "human", "name": "Bea"}, {"kind": "bot", "bot": "random"}]
    # a target no game reaches: deals go on until a player can ask (the next-deal button is hidden once the game is
    # over, which a game to 5000 sometimes was before anyone could ask: the test waited for it in vain)
    link_a, link_b = server.table(seats, variant="classic(players=4,target=100000)")
    ctx_a, ctx_b = browser.new_context(), browser.new_context()
    a, b = ctx_a.new_page(), ctx_b.new_page()
    for p in (a, b):
        p.set_default_timeout(WAIT_MS)
    try:
        a.goto(link_a)
        b.goto(link_b)
        wait_state(a, "s.seats[2].connected")
        a.click("#start")
        pages = {0: a, 2: b}
        asker = None
        for _ in range(2000):
            s = wait_state(a, "s.view && (s.view.phase === 'over' || s.view.to_act === 0 || s.view.to_act === 2)")
            if s["view"]["phase"] == "over":
                a.click("#next-btn")
                wait_state(a, f"s.deal_no === {s['deal_no'] + 1}")
                continue
            seat = s["view"]["to_act"]
            p = pages[seat]
            mine = wait_state(p, f"s.seq === {s['seq']} && s.legal.length > 0")
            if "ask" in mine["legal"]:
                p.click("#ask-btn")
                asker = seat
                break
            p.click("#hint-btn")  # play as the hint says, through the typed-move box
            p.wait_for_function("() => document.getElementById('hint-text').dataset.move")
            p.fill("#typed-move", p.get_attribute("#hint-text", "data-move") or "")
            p.press("#typed-move", "Enter")
            wait_state(p, f"s.seq > {s['seq']}")
        assert asker is not None, "nobody could ask in the deals played"
        partner = pages[2 - asker]
        partner.wait_for_selector("#ask-box:not([hidden])")
        assert "?" in (partner.text_content("#ask-text") or "")
        partner.click("#yes-btn")
        done = wait_state(pages[asker], "s.view.answer === 1")
        assert done["view"]["to_act"] == asker
        assert load_locale("en")["status.said_yes"] in (pages[asker].text_content("#status") or "")
    finally:
        ctx_a.close()
        ctx_b.close()


def test_reload_mid_deal_continues_the_deal(server: Server, page: Page) -> None:
    (link,) = server.table(BOTS3)
    page.goto(link)
    page.click("#start")
    for _ in range(4):
        click_move(page, wait_state(page, MY_TURN))
    before = wait_state(page, MY_TURN)
    page.reload()
    after = wait_state(page, f"s.seq === {before['seq']}")
    assert after["view"]["hand"] == before["view"]["hand"] and after["log"] == before["log"]
    assert page.locator("#hand .card").count() == len(before["view"]["hand"])
    click_move(page, after)


def test_server_restart_mid_game_continues_the_game(server: Server, page: Page) -> None:
    (link,) = server.table(BOTS3)
    page.goto(link)
    page.click("#start")
    for _ in range(3):
        click_move(page, wait_state(page, MY_TURN))
    before = wait_state(page, MY_TURN)
    server.stop()
    page.wait_for_selector("#conn[data-state='offline']")
    server.start()
    page.wait_for_selector("#conn[data-state='online']")
    after = wait_state(page, f"s.seq === {before['seq']} && s.view && s.legal.length > 0")
    assert after["view"]["hand"] == before["view"]["hand"]
    click_move(page, after)


def test_score_keeper_page_computes_a_hand_checked_deal(server: Server, page: Page) -> None:
    page.goto(server.url + "/score?lang=en")
    page.click("#sc-create")
    page.wait_for_selector("fieldset[data-side='Us']")
    us = page.locator("fieldset[data-side='Us']")
    us.locator("[name=natural_canastas]").fill("1")
    us.locator("[name=mixed_canastas]").fill("1")
    us.locator("[name=red_threes]").fill("2")
    us.locator("[name=out]").select_option("yes")
    us.locator("[name=meld_points]").fill("340")
    page.locator("fieldset[data-side='Them'] .mode button").nth(1).click()
    them = page.locator("fieldset[data-side='Them']")
    them.locator("[name=melds]").fill("QH QS QD QC 2C 2D 2H\n5H 5S 5D")
    them.locator("[name=red_threes]").fill("3H")
    them.locator("[name=hand]").fill("9S 4C")
    page.click("#add-deal")
    page.wait_for_selector("td[data-total='Us']:text('1440')")
    assert page.text_content("td[data-total='Them']") == "500"
    assert page.text_content("td[data-min='Us']") == "50"
    page.locator("fieldset[data-side='Us'] [name=out]").select_option("yes")  # going out without a canasta
    page.click("#add-deal")
    page.wait_for_function("() => document.getElementById('entry-error').textContent.includes('canasta')")


def test_pages_in_each_language(server: Server, browser: Browser, tmp_path: Path) -> None:
    (link,) = server.table(BOTS3)
    out = shots_dir(tmp_path)
    for lang in ("en", "ro", "es"):
        texts = load_locale(lang)
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        p = ctx.new_page()
        p.set_default_timeout(WAIT_MS)
        p.goto(server.url + "/")
        p.select_option("#lang", lang)
        p.wait_for_function(f"() => document.body.dataset.lang === '{lang}'")
        assert p.text_content("#create-btn") == texts["lobby.create_btn"]
        p.screenshot(path=str(out / f"lobby-{lang}.png"), full_page=True)
        p.goto(link)  # the language choice is remembered
        if lang == "en":
            p.click("#start")
        wait_state(p, MY_TURN)
        assert (p.text_content("#draw-btn span") or "") == texts["act.draw"]
        p.screenshot(path=str(out / f"table-{lang}.png"), full_page=True)
        p.set_viewport_size({"width": 390, "height": 844})
        p.screenshot(path=str(out / f"table-phone-{lang}.png"), full_page=True)
        p.goto(server.url + "/score")
        p.wait_for_selector("#sc-create:visible")
        assert p.text_content("#sc-create") == texts["score.create"]
        p.screenshot(path=str(out / f"score-{lang}.png"), full_page=True)
        ctx.close()
    assert all((out / f"table-{lang}.png").stat().st_size > 10000 for lang in ("en", "ro", "es"))


def test_variant_extras_are_shown(server: Server, page: Page, tmp_path: Path) -> None:
    """Pennies from Heaven: every player's face-down packet and your own; Romanian tiles: the tiles' names."""
    bots5 = [{"kind": "bot", "bot": "random"}] * 5
    (link,) = server.table([{"kind": "human", "name": "Ana"}, *bots5], variant="pennies-from-heaven")
    page.goto(link + "&lang=en")
    page.click("#start")
    s = wait_state(page, MY_TURN)  # the bots wait for Ana: the state stays as it is
    want = [load_locale("en")["table.packet"].replace("{n}", str(n)) for n in s["view"]["packet_sizes"] if n]
    assert want  # in the first round at least one side has not made a canasta: its packets are face down
    shown = page.evaluate("""() => [...document.querySelectorAll('.seat[data-seat]')]
        .sort((a, b) => a.dataset.seat - b.dataset.seat)
        .flatMap((s) => [...s.querySelectorAll('[data-extra=packet]')].map((p) => p.textContent))""")
    assert shown == want
    if s["view"]["packet_sizes"][s["view"]["seat"]]:  # Ana's own packet is still face down
        assert "11" in (page.text_content("#notes") or "")
    page.screenshot(path=str(shots_dir(tmp_path) / "pennies.png"), full_page=True)
    (link,) = server.table(BOTS3, variant="romanian-tiles")
    page.goto(link + "&lang=en")
    page.click("#start")
    s = wait_state(page, "s.view")
    names = page.locator("#hand .card .tn").all_text_contents()
    assert names == [tile_name(parse_card(c)) for c in s["view"]["hand"]]  # as canasta.cards.tiles names them
    if s["view"]["pile"]["surprise"]:
        assert page.locator("#pile-info [data-extra=surprise]").count() == 1


def test_invite_link_is_claimed_once_and_the_clock_shows(server: Server, browser: Browser) -> None:
    """The host creates a table with a clock in the lobby; a friend's browser claims the invite link and
    keeps the seat after a reload; a third browser opening the spent link gets no seat."""
    host = browser.new_context().new_page()
    host.set_default_timeout(WAIT_MS)
    host.goto(server.url + "/?lang=en")
    host.select_option("select.seat-kind[data-seat='1']", "human")
    for i in (2, 3):
        host.select_option(f"select.seat-kind[data-seat='{i}']", "bot:random")
    host.fill("#clock-min", "5")
    host.click("#create-btn")
    invite = host.locator("#links input.link").first.input_value()
    assert "i=" in invite and "k=" not in invite
    host.click("#go")
    s = wait_state(host, "s.you === 0")
    assert s["clock"]["base"] == 300 and "k=" not in host.url
    friend = browser.new_context().new_page()
    friend.set_default_timeout(WAIT_MS)
    friend.goto(invite)
    assert wait_state(friend, "s.you === 1")["you"] == 1 and "i=" not in friend.url
    friend.reload()
    assert wait_state(friend, "s.you === 1")["you"] == 1  # the key is kept in the friend's browser
    other = browser.new_context().new_page()
    other.set_default_timeout(WAIT_MS)
    other.goto(invite)
    other.wait_for_function("() => document.getElementById('error').textContent")
    assert "already been used" in (other.text_content("#error") or "")
    host.click("#start")
    wait_state(host, "s.status === 'playing'")
    host.wait_for_selector(".seat [data-extra='clock']")
    for p in (host, friend, other):
        p.context.close()


def test_page_reconnects_with_since_after_its_worker_is_killed(browser: Browser, page: Page,
                                                               tmp_path: Path) -> None:
    """``canasta serve --workers 2``: the worker holding the page's table is killed (SIGKILL) on the person's
    turn; the page goes offline, reconnects with ``since`` by itself once the worker is back, and play goes on."""
    import re
    import signal

    from canasta.web.workers import shard_of

    server = Server(tmp_path / "w.db")
    log = tmp_path / "serve.log"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    with log.open("w") as err:
        server.proc = subprocess.Popen([sys.executable, "-m", "canasta", "serve", "--workers", "2", "--no-browser",
                                        "--port", str(server.port), "--database", str(server.db)],
                                       env=env, stdout=subprocess.DEVNULL, stderr=err)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(server.url + "/api/meta", timeout=1)
                break
            except OSError:
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
        (link,) = server.table([{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"}],
                               "classic(players=2)")
        sockets: list[str] = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.goto(link)
        page.click("#start")
        for _ in range(3):
            click_move(page, wait_state(page, MY_TURN))
        before = wait_state(page, "s.legal.length > 0")
        owner = shard_of(before["table"], 2)
        pid = int(re.findall(rf"worker {owner} started \(pid (\d+)\)", log.read_text())[0])
        os.kill(pid, signal.SIGKILL)
        page.wait_for_selector("#conn[data-state='offline']")
        page.wait_for_selector("#conn[data-state='online']")
        after = wait_state(page, f"s.seq === {before['seq']} && s.view && s.legal.length > 0")
        assert after["view"]["hand"] == before["view"]["hand"]
        assert any(f"since={before['seq']}" in url for url in sockets), sockets
        assert f"worker {owner} (pid {pid}) was killed by signal 9; restarting it" in log.read_text()
        click_move(page, after)
    finally:
        server.stop()


def test_a_browser_without_a_seat_key_is_told_why_not_left_on_an_empty_page(server: Server, browser: Browser) -> None:
    """The bare table link (no seat key in this browser, spectators not allowed) says there is no seat here and
    what to do, and stops reconnecting; it shows nothing of the table."""
    (link,) = server.table(BOTS3)
    bare = link.split("&k=")[0]
    ctx = browser.new_context()
    pg = ctx.new_page()
    pg.set_default_timeout(WAIT_MS)
    pg.goto(bare + "&lang=es")
    pg.wait_for_selector("#refused:not([hidden])")
    assert "No tienes asiento" in pg.inner_text("#refused")
    assert "spectators" in pg.inner_text("#refused-reason")
    pg.wait_for_selector("#conn[data-state='closed']")
    assert pg.is_hidden("#board")
    ctx.close()
