/* A table: the websocket client (protocol 2: a snapshot, then numbered events applied to it), drawing the state
   (the card table itself is drawn by table-layout.js, moves animated by table-motion.js, direct actions in
   table-drag.js), selecting cards, sending moves, shortcuts, invitations. */
"use strict";

const params = new URLSearchParams(location.search);
const TABLE = params.get("t") || "";
let KEY = "";                 // this browser's seat token for the table ("" = a spectator)
let inviteSpent = false;      // the invite link opened here had already been used
let S = null;                 // the state: the last snapshot with the events since applied to it
let selected = new Set();     // indices into S.view.hand
let ws = null, retry = 0, dead = false, overlayClosedFor = -1, lastHand = "", hintMove = "";

const $ = (id) => document.getElementById(id);

function setConn(state) {
  const c = $("conn");
  c.dataset.state = state;
  c.textContent = t("conn." + state);
}

/* The seat token of a table is kept in this browser only (localStorage "canasta.seats"): from the
   host's own link (k=, removed from the address at once) or from claiming an invite link (i=) once. */

async function findSeat() {
  KEY = seatTokens()[TABLE] || "";
  const k = params.get("k"), invite = params.get("i");
  if (k) { KEY = k; keepToken(TABLE, k); }
  else if (invite && !KEY) {
    const res = await fetch("/api/tables/" + encodeURIComponent(TABLE) + "/claim", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ invite }) });
    if (res.ok) { KEY = (await res.json()).token; keepToken(TABLE, KEY); }
    else { inviteSpent = true; showError(t("error.invite_spent")); }
  }
  params.delete("k"); params.delete("i");
  history.replaceState(null, "", location.pathname + "?" + params.toString());
}

function connect() {
  if (dead) return;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  let q = KEY ? "?k=" + encodeURIComponent(KEY) : "?";
  if (S) q += "&since=" + S.seq;   // a reconnection: the events missed, or a snapshot
  ws = new WebSocket(proto + "://" + location.host + "/ws/" + encodeURIComponent(TABLE) + q);
  ws.onmessage = (ev) => {
    // Served: "connected" only now, not on open (a socket opened and closed at once with 1013 while the
    // table's server restarts is not a connection, and keeps backing off).
    retry = 0;
    if ($("conn").dataset.state !== "online") setConn("online");
    const m = JSON.parse(ev.data);
    if (m.type === "state") onState(m);
    else if (m.type === "event") onEvent(m);
    else if (m.type === "seats") { if (S) { S.seats = m.seats; render(); } }
    else if (m.type === "error") onError(m);
    else if (m.type === "hint") onHint(m);
    else if (m.type === "checked") onChecked(m);
    else if (m.type === "rematch") toRematch(m.table);
  };
  ws.onclose = (ev) => {
    setConn("offline");
    if (ev.code === 4403) { dead = true; setConn("closed"); return; }
    setTimeout(connect, Math.min(5000, 250 * 2 ** retry++));
  };
}

function send(obj) {
  if (!ws || ws.readyState !== WebSocket.OPEN) { showError(t("error.offline")); return; }
  showError("");
  ws.send(JSON.stringify(obj));
}

function sendMove(text) { send({ type: "move", move: text, at: S ? S.seq : 0 }); }
function resync() { if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "sync" })); }

function showError(text) { $("error").textContent = text; }

function onError(m) {
  if (m.code === "bad_token") {
    dead = true;
    if (inviteSpent) return;
    if (!S) {  // never seated: nothing of the table to show, say why instead of an empty page
      $("refused-reason").textContent = m.message;
      $("refused").hidden = false;
      return;
    }
  }
  if (m.code === "stale") resync();  // the table moved on: look again
  const key = "error." + m.code;
  const known = I18N.texts[key] !== undefined;
  if (m.code === "illegal" || m.code === "bad_move") showError(t(key) + " " + reasonText(m));
  else showError(known ? t(key) : m.message);
}

function onHint(m) {
  hintMove = m.move;
  $("hint-text").dataset.move = m.move;
  $("hint-text").innerHTML = escapeHtml(t("table.hint_is")) + " " + moveHtml(m.move);
  renderMyHand();
}

/* Events after the state's number: add the moves to the deal's log (a new deal empties it) and take the
   fields the message carries (view, legal moves, status; the scores and history when a deal changed).
   A gap in the numbers means a message was lost: ask for a snapshot. */
function onEvent(m) {
  if (!S || (m.events.length && m.events[0].n !== S.seq + 1) || (!m.events.length && m.seq !== S.seq)) { resync(); return; }
  const spots = S.status === "playing" && !$("board").hidden ? captureSpots() : null;
  for (const e of m.events) { if (e.kind === "deal") S.log = []; else S.log.push(e); }
  const next = Object.assign({}, S);
  for (const [k, v] of Object.entries(m)) if (k !== "type" && k !== "events") next[k] = v;
  onState(next);
  if (spots && !m.events.some((e) => e.kind === "deal")) animateEvents(m.events, spots);
}

function onState(m) {
  if (m.rematch) { toRematch(m.rematch); return; }
  S = m;
  window.__state = m;
  const hand = m.view ? m.view.hand.join(" ") : "";
  if (hand !== lastHand) { selected = new Set(); lastHand = hand; hideChooser(); staged = []; stageCheck = null; }
  hintMove = "";
  $("hint-text").textContent = "";
  delete $("hint-text").dataset.move;
  rememberTable(TABLE, (m.you === null ? t("table.spectator") : seatLabel(m.seats[m.you] || {}, m.you)) + " \u00b7 " + m.rules.spec);
  render();
}

function me() { return S.you; }
/* The name shown for table seat i: the person's own name, or the default "Player n" / "Bot n (level)" translated. */
function playerName(i) { return seatLabel(S.seats[i], i); }
function legalHas(prefix) { return S.legal.some((x) => x === prefix || x.startsWith(prefix + " ")); }
function selCards() { return [...selected].sort((a, b) => a - b).map((i) => S.view.hand[i]); }

/* ---------------------------------------------------------------- drawing */

function render() {
  if (!S) return;
  document.body.dataset.status = S.status;
  $("waiting").hidden = S.status !== "waiting";
  $("board").hidden = S.status === "waiting";
  if (S.status === "waiting") return renderWaiting();
  renderSeatsAround(); renderStatus(); renderCenter(); renderSides(); renderGoal(); renderStage(); renderMyHand(); renderButtons();
  renderScores(); renderLog(); renderHistory(); renderOverlay(); markLastMove();
}

function renderWaiting() {
  $("variant-line").textContent = S.rules.spec;
  const ul = $("wait-seats");
  ul.innerHTML = "";
  S.seats.forEach((s, i) => {
    const what = s.kind === "bot" ? botName(s.bot) : (s.connected ? t("table.here") : (s.joined ? t("table.away") : t("table.not_joined")));
    const li = el("li", { class: "side-" + s.side }, el("strong", { text: t("lobby.seat", { n: i + 1 }) + ": " + seatLabel(s, i) }),
      " \u00b7 " + sideName(s.side) + " \u00b7 " + what + (i === me() ? " \u00b7 " + t("lobby.you") : ""));
    if (S.host && s.kind === "human" && i !== me()) li.append(" ", el("button", { class: "reinvite", "data-seat": i, text: t("table.reinvite"), onclick: () => reinvite(i, li) }));
    ul.append(li);
  });
  $("start").hidden = !S.host;
  $("wait-host").hidden = S.host;
  if (me() !== null && document.activeElement !== $("my-name")) $("my-name").value = playerName(me());
}

/* A rematch: the same seats at a new table; this browser's seat key works there too. */
function toRematch(id) {
  if (KEY) keepToken(id, KEY);
  dead = true;
  location.href = "/table?t=" + encodeURIComponent(id);
}

/* The host gives a seat a new invite link (the old one and the seat's old key stop working). */
async function reinvite(seat, li) {
  const res = await fetch("/api/tables/" + encodeURIComponent(TABLE) + "/invite", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: KEY, seat }) });
  const d = await res.json();
  if (!res.ok) { showError(d.error); return; }
  li.append(" ", el("input", { readonly: "", class: "link", size: "40", value: location.origin + d.link }));
}

/* The side a seat plays for now (a cutthroat partnership shares one side, players sitting out keep theirs). */
function sideOf(i) { return S.view && S.view.sides ? S.view.sides[i] : S.seats[i].side; }

/* What an initial meld needs, from the server's parts (canasta.viewfacts.opening_parts). */
function openingText(o) {
  if (!o) return "";
  let text;
  if (o.requirement) text = t("opening." + o.requirement);
  else {
    text = t("opening.count", { n: o.minimum });
    if (o.no_wild) text += t("opening.no_wild");
    if (o.with_canasta) text += t("opening.with_" + o.with_canasta);
    if (o.or_canasta) text += t("opening.or_canasta");
  }
  if (o.or_wild_meld) text += t("opening.or_wild_meld");
  return text;
}

/* Lines on what the variant adds for the person now: first round, opening, canasta to complete, extra cards. */
function variantNotes(v) {
  const notes = [];
  if (S.rules.no_opening_first_round && v.turn_number <= S.rules.players && v.phase !== "over") notes.push(t("status.first_round"));
  if (v.must_canasta && v.to_act === me()) notes.push(t("status.must_canasta", { rank: rankLabel(v.must_canasta) }));
  if (v.extra_due) {
    const when = t("when." + v.extra_due.when);
    notes.push(tn(v.extra_due.source === "stock" ? "status.extra_stock" : "status.extra_packet", v.extra_due.count, { when }));
  }
  return notes;
}

function renderStatus() {
  const v = S.view;
  let text = "";
  $("ask-box").hidden = true;
  if (S.sitting_out === me() && !S.game_over) text = t("status.sitting_out") + " ";
  if (S.game_over) text = t("status.game_over", { side: sideName(S.winner) });
  else if (!v || v.phase === "over") text = t("status.deal_over");
  else if (v.phase === "answer") {
    if (v.to_act === me()) {
      $("ask-box").hidden = false;
      $("ask-text").textContent = t("status.answer", { name: playerName(v.turn) });
    } else text += t("status.wait_answer", { name: playerName(v.to_act) });
  } else if (v.turn === me()) {
    if (v.phase === "draw") text = legalHas("draw") ? t("status.your_draw") : t("status.stock_gone");
    else text = t("status.your_play");
    if (v.answer === 1) text += " " + t("status.said_yes");
    if (v.answer === -1) text += " " + t("status.said_no");
    if (v.pending_pile) text += " " + tn("status.pending", v.pending_pile);
  } else text += t("status.wait", { name: playerName(v.turn) });
  $("status").textContent = text;
  const notes = $("notes");
  notes.innerHTML = "";
  if (v && !S.game_over) variantNotes(v).forEach((n) => notes.append(el("div", { class: "note", text: n })));
  $("status").classList.toggle("mine", !!v && v.to_act === me() && !S.game_over && v.phase !== "over");
}

function toggle(i) {
  if (selected.has(i)) selected.delete(i); else selected.add(i);
  renderMyHand(); renderButtons();
}

function renderButtons() {
  const v = S.view;
  const mine = !!v && v.to_act === me() && S.status === "playing" && v.phase !== "over";
  const n = selected.size;
  $("draw-btn").disabled = !mine || !legalHas("draw");
  $("take-btn").disabled = !mine || !matchTake(selCards());  // only a take the selection makes (none: a take without cards)
  $("meld-btn").disabled = !mine || n === 0 || !(legalHas("meld") || legalHas("add"));
  $("discard-btn").disabled = !mine || n !== 1 || !legalHas("discard");
  $("ask-btn").disabled = !mine || !legalHas("ask");
  $("pass-btn").disabled = !mine || !legalHas("pass");
  $("hint-btn").disabled = !mine || !S.hints;
  $("hint-btn").hidden = !S.hints;
  $("pass-btn").hidden = !legalHas("pass");
  for (const name of ["layout", "declare"]) {  // Modern American Canasta: the kept three (A.3), a special hand (A.11)
    $(name + "-btn").hidden = !legalHas(name);
    $(name + "-btn").disabled = !mine || !legalHas(name);
  }
  $("ask-btn").hidden = S.rules.team_size < 2;
}

function renderScores() {
  const v = S.view;
  const tbl = el("table", { class: "scores" });
  tbl.append(el("tr", {}, el("th", { text: "" }), el("th", { text: t("table.total") }), el("th", { text: t("table.min_next") })));
  for (let s = 0; s < S.rules.teams; s++) {
    tbl.append(el("tr", { class: "side-" + s }, el("td", { text: sideName(s) + (v && v.side === s ? " *" : "") }),
      el("td", { class: "num", text: String(S.totals[s]) }), el("td", { class: "num", text: String(S.next_minimums[s]) })));
  }
  $("scores").innerHTML = "";
  $("scores").append(tbl, el("p", { class: "muted small", text: (S.rules.rounds ? t("table.rounds_game", { n: S.rules.rounds }) : t("table.target", { n: S.rules.target })) + " \u00b7 " + t("table.deal_no", { n: S.deal_no }) }));
}

function renderLog() {
  const ol = $("log");
  ol.innerHTML = "";
  for (const e of S.log) {
    const li = el("li", { class: "side-" + sideOf(e.seat) });
    li.innerHTML = '<span class="who">' + escapeHtml(playerName(e.seat)) + ":</span> " + moveHtml(e.move)
      + (e.drew ? ' <span class="drew muted">(' + moveHtml("drew " + e.drew.join(" ")) + ")</span>" : "");
    ol.append(li);
  }
  ol.scrollTop = ol.scrollHeight;
}

const BREAKDOWN = ["canastas", "premiums", "red_threes", "going_out", "concealed", "black_threes", "melded_cards",
  "hand_cards", "penalties", "threes", "special_hand", "exact_cut"];   // the variant's items, shown where a side has one

function breakdownTable(entry) {
  const tbl = el("table", { class: "breakdown" });
  const head = el("tr", {}, el("th", { text: "" }));
  for (let s = 0; s < S.rules.teams; s++) head.append(el("th", { text: sideName(s) }));
  tbl.append(head);
  for (const k of BREAKDOWN) {
    if (entry.breakdowns.every((b) => !b[k])) continue;
    const row = el("tr", {}, el("td", { text: t("score." + k) }));
    entry.breakdowns.forEach((b) => row.append(el("td", { class: "num", text: String(b[k]) })));
    tbl.append(row);
  }
  const total = el("tr", { class: "total" }, el("td", { text: t("score.deal") }));
  entry.scores.forEach((x) => total.append(el("td", { class: "num", text: String(x) })));
  const run = el("tr", { class: "total" }, el("td", { text: t("table.total") }));
  entry.totals.forEach((x) => run.append(el("td", { class: "num", text: String(x) })));
  tbl.append(total, run);
  return tbl;
}

function renderHistory() {
  const box = $("history");
  box.innerHTML = "";
  if (!S.history.length) { box.append(el("p", { class: "muted", text: t("table.no_deals") })); return; }
  box.append(historyTable());
}

/* At the end of a deal: the cards each player still held (yours by name, the others' count). */
function cardsLeft(v) {
  const ul = el("ul", { class: "cards-left" });
  S.seats.forEach((s, i) => {
    const li = el("li", {}, el("strong", { text: seatLabel(s, i) + ": " }), tn("table.cards_n", v.hand_sizes[i]));
    if (i === me() && v.hand.length) { li.append(" "); v.hand.forEach((c) => li.append(card(c, "mini-card"))); }
    ul.append(li);
  });
  return el("div", {}, el("h3", { text: t("table.cards_left") }), ul);
}

/* The score pad: every deal of the game, each side's score and running total. */
function historyTable() {
  const tbl = el("table", { class: "history" });
  const head = el("tr", {}, el("th", { text: "#" }));
  for (let s = 0; s < S.rules.teams; s++) head.append(el("th", { text: sideName(s) }));
  tbl.append(head);
  for (const h of S.history) {
    const row = el("tr", { title: h.out_seat >= 0 ? t("table.went_out", { name: playerName(h.out_seat) }) : "" }, el("td", { text: String(h.deal) }));
    h.scores.forEach((x, i) => row.append(el("td", { class: "num", text: x + " (" + h.totals[i] + ")" })));
    tbl.append(row);
  }
  return tbl;
}

function renderOverlay() {
  const v = S.view;
  const over = S.game_over || (v && v.phase === "over");
  const show = over && overlayClosedFor !== S.deal_no && S.history.length > 0;
  $("overlay").hidden = !show;
  if (!show) return;
  const last = S.history[S.history.length - 1];
  $("over-title").textContent = S.game_over ? t("status.game_over", { side: sideName(S.winner) }) : t("table.deal_scores", { n: last.deal });
  const body = $("over-body");
  body.innerHTML = "";
  body.append(el("p", { text: last.out_seat >= 0 ? t("table.went_out", { name: playerName(last.out_seat) }) : t("table.nobody_out") }));
  body.append(breakdownTable(last));
  if (v && !S.game_over) body.append(cardsLeft(v));
  body.append(el("h3", { text: t("table.history") }), historyTable());
  $("next-btn").hidden = S.game_over;
  $("record-link").hidden = !S.game_over;
  $("rematch-btn").hidden = !S.game_over || !S.host;
  $("record-link").href = "/api/tables/" + encodeURIComponent(TABLE) + "/record?k=" + encodeURIComponent(KEY);
}

/* ---------------------------------------------------------------- actions */

function meldAction(targetRank) {
  if (!S || !S.view || S.view.to_act !== me()) return;
  const cards = selCards();
  if (!cards.length) { showError(t("error.select")); return; }
  const natural = cards.find((c) => !isWild(c));
  // a sequence ("4H-6H", RULES.md §3.2) is always named; a meld of a rank only for wild cards
  if (targetRank) { sendMove("add " + cards.join(" ") + (natural && !targetRank.includes("-") ? "" : " to " + targetRank)); return; }
  if (stagingOn()) { stageCards([...selected]); return; }  // an initial meld: staged until Commit
  const own = S.view.melds[S.view.side];
  if (natural && own.some((m) => m.rank === natural[0])) { sendMove("add " + cards.join(" ")); return; }
  sendMove("meld " + cards.join(" "));
}

function act(name) {
  if (!S) return;
  const cards = selCards();
  if (name === "draw") sendMove("draw");
  else if (name === "take") {
    const m = matchTake(cards);
    if (!m) { showError(t(takes().length ? "error.take_cards" : "error.cannot_take")); return; }
    sendMove(m);
  } else if (name === "meld") meldAction(null);
  else if (name === "discard") {
    if (cards.length !== 1) { showError(t("error.discard_one")); return; }
    sendMove("discard " + cards[0]);
  } else if (name === "ask") sendMove("ask");
  else if (name === "yes") sendMove("yes");
  else if (name === "no") sendMove("no");
  else if (name === "pass") sendMove("pass");
  else if (name === "layout" || name === "declare") sendMove(name);
  else if (name === "hint") send({ type: "hint" });
  else if (name === "clear") { selected = new Set(); hideChooser(); renderMyHand(); renderButtons(); }
}

document.querySelectorAll(".actions button").forEach((b) => b.addEventListener("click", () => act(b.dataset.act)));
$("yes-btn").addEventListener("click", () => act("yes"));
$("no-btn").addEventListener("click", () => act("no"));
$("start").addEventListener("click", () => send({ type: "start" }));
$("rename").addEventListener("click", () => { const n = $("my-name").value.trim(); if (n) send({ type: "name", name: n }); });
$("rematch-btn").addEventListener("click", () => send({ type: "rematch" }));
$("next-btn").addEventListener("click", () => { overlayClosedFor = -1; send({ type: "next_deal", at: S.seq }); });
$("close-over").addEventListener("click", () => { overlayClosedFor = S.deal_no; renderOverlay(); });
$("typed").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const text = $("typed-move").value.trim();
  if (text) { sendMove(text); $("typed-move").value = ""; }
});

const KEYS = { d: "draw", t: "take", m: "meld", x: "discard", q: "ask", y: "yes", n: "no", p: "pass", h: "hint", escape: "clear" };
document.addEventListener("keydown", (ev) => {
  if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const k = ev.key.toLowerCase();
  if (k === "enter" && !$("overlay").hidden && !$("next-btn").hidden) { ev.preventDefault(); $("next-btn").click(); return; }
  const commit = document.getElementById("stage-commit");
  if (k === "enter" && commit && !commit.disabled && ev.target.tagName !== "BUTTON") { ev.preventDefault(); commit.click(); return; }
  if (KEYS[k]) { ev.preventDefault(); act(KEYS[k]); }
});

wireDirectActions();
$("sort-btn").addEventListener("click", () => { setSort(sortKind() === "rank" ? "suit" : "rank"); if (S) renderMyHand(); });
$("opp-toggle").addEventListener("click", () => { $("felt").classList.toggle("opp-open"); if (S) renderSides(); });
$("speed").value = String(Motion.speed);
$("speed").addEventListener("change", () => setSpeed(parseFloat($("speed").value)));
$("four-colour").checked = localStorage.getItem("canasta.four") === "1";
document.body.classList.toggle("four-colour", $("four-colour").checked);
$("four-colour").addEventListener("change", () => {
  localStorage.setItem("canasta.four", $("four-colour").checked ? "1" : "0");
  document.body.classList.toggle("four-colour", $("four-colour").checked);
});
window.addEventListener("resize", () => { if (S && S.view) fitHand(); });

I18N.onchange = () => { if (S) render(); const c = $("conn"); if (c.dataset.state) setConn(c.dataset.state); };
if (!TABLE) { showError("missing table link"); }
initI18n().then(findSeat).then(connect);
