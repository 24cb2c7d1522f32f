/* The score keeper: a sheet of deals played at a real table, scored by the server's scoring code. */
"use strict";

const SHEET = new URLSearchParams(location.search).get("s");
let SH = null;
const modes = {};

const $ = (id) => document.getElementById(id);
const BREAKDOWN = ["canastas", "premiums", "red_threes", "going_out", "concealed", "black_threes", "melded_cards",
  "hand_cards", "penalties", "threes", "special_hand", "exact_cut"];   // the variant's items: those it lacks are not shown
let PRESETS = [];               // the server's presets (/api/meta): name, player counts, target

/* The sides of a sheet for n players: the 6-player choice, else the preset's sides for n (/api/meta "sides":
   Hand and Foot's 5 players play alone, RULES_AMERICAN.md B.1), else three for 3 players and two otherwise. */
function teamsFor(n) {
  const p = PRESETS.find((x) => x.name === $("sc-variant").value);
  if (n === 6 && p && p.teams6 && p.teams6.length > 1) return +$("sc-teams").value;
  if (p && p.sides && p.sides[String(n)]) return p.sides[String(n)];
  return n === 3 ? 3 : 2;
}

/* The games the score keeper knows: every preset of the server; choosing one offers its player counts. */
async function loadVariants() {
  const res = await fetch("/api/meta");
  if (!res.ok) return;
  PRESETS = (await res.json()).presets || [];
  const sel = $("sc-variant");
  sel.innerHTML = "";
  PRESETS.forEach((p) => sel.append(el("option", { value: p.name, text: p.name })));
  sel.value = "classic";
  variantChanged();
}

function variantChanged() {
  const p = PRESETS.find((x) => x.name === $("sc-variant").value);
  if (!p) return;
  const players = $("sc-players"), was = players.value;
  players.innerHTML = "";
  p.counts.forEach((n) => players.append(el("option", { value: String(n), text: String(n) })));
  players.value = p.counts.includes(+was) ? was : String(p.players);
  $("sc-target").value = String(p.target);
  const teams = $("sc-teams"), tv = teams.value;
  teams.innerHTML = "";
  (p.teams6 || []).forEach((n) => teams.append(el("option", { value: String(n), text: String(n) })));
  if ((p.teams6 || []).includes(+tv)) teams.value = tv;
  renderNewSides();
}

function renderNewSides() {
  const n = +$("sc-players").value;
  const p = PRESETS.find((x) => x.name === $("sc-variant").value);
  $("sc-teams-box").hidden = n !== 6 || !p || !p.teams6 || p.teams6.length < 2;
  const box = $("sc-sides");
  const old = [...box.querySelectorAll("input")].map((i) => i.value);
  box.innerHTML = "";
  const teams = teamsFor(n);
  const defaults = teams === 2 ? [t("score.us"), t("score.them")] : ["A", "B", "C", "D", "E", "F"];
  for (let i = 0; i < teams; i++) {
    const input = el("input", { class: "side-input", maxlength: "20", "data-side": i });
    input.value = old[i] || defaults[i];
    box.append(el("label", {}, el("span", { text: t("score.side", { n: i + 1 }) }), input));
  }
}

async function createSheet() {
  const n = +$("sc-players").value;
  const target = $("sc-target").value.trim();
  const name = $("sc-variant").value || "classic";
  const p = PRESETS.find((x) => x.name === name) || { players: 4, target: 5000, counts: [4] };
  const opts = [];
  if (p.counts.length > 1) opts.push("players=" + n);
  if (!$("sc-teams-box").hidden) opts.push("teams=" + $("sc-teams").value);
  if (target && target !== String(p.target)) opts.push("target=" + target);
  // rule options as in "canasta rules --options" (exact_cut_bonus=100 asks for each side's exact cuts)
  $("sc-options").value.split(",").map((x) => x.trim()).filter(Boolean).forEach((x) => opts.push(x));
  const variant = name + (opts.length ? "(" + opts.join(",") + ")" : "");
  const sides = [...document.querySelectorAll(".side-input")].map((i) => i.value.trim());
  const res = await fetch("/api/sheets", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ variant, sides }) });
  const data = await res.json();
  if (!res.ok) { $("sc-create-error").textContent = data.error; return; }
  location.href = "/score?s=" + encodeURIComponent(data.id);
}

async function load() {
  const res = await fetch("/api/sheets/" + encodeURIComponent(SHEET));
  const data = await res.json();
  if (!res.ok) { $("entry-error").textContent = data.error; return; }
  SH = data;
  render();
}

function numInput(name, value) {
  return el("input", { type: "number", min: "0", step: "1", name, value: String(value || 0), class: "num-in" });
}

function field(label, input) { return el("label", { class: "field" }, el("span", { text: label }), input); }

function outSelect() {
  return el("select", { name: "out" }, el("option", { value: "no", text: t("score.out_no") }),
    el("option", { value: "yes", text: t("score.out_yes") }), el("option", { value: "concealed", text: t("score.out_concealed") }));
}

function sideForm(side) {
  const mode = modes[side] || "quick";
  const box = el("fieldset", { class: "side-entry", "data-side": side });
  box.append(el("legend", { text: side }));
  const toggle = el("div", { class: "mode" },
    el("button", { type: "button", class: mode === "quick" ? "on" : "", text: t("score.quick"), onclick: () => switchMode(box, side, "quick") }),
    el("button", { type: "button", class: mode === "melds" ? "on" : "", text: t("score.by_melds"), onclick: () => switchMode(box, side, "melds") }));
  box.append(toggle);
  const f = SH.facts || {};
  if (mode === "quick") {  // Hand and Foot: books by kind, red threes left in hands and feet (RULES_AMERICAN B.7, B.12)
    box.append(field(t(f.books ? "score.clean_books" : "score.natural_canastas"), numInput("natural_canastas")),
      field(t(f.books ? "score.dirty_books" : "score.mixed_canastas"), numInput("mixed_canastas")));
    if (f.wild_canastas) box.append(field(t(f.books ? "score.wild_books" : "score.wild_canastas"), numInput("wild_canastas")));
    box.append(f.red_threes_held ? field(t("score.red_threes_held"), numInput("red_threes_held")) : field(t("score.red_threes_n"), numInput("red_threes")),
      field(t("score.went_out"), outSelect()),
      field(t("score.meld_points"), numInput("meld_points")),
      field(t(f.books ? "score.hand_foot_points" : "score.hand_points"), numInput("hand_points")),
      el("label", { class: "field check" }, el("input", { type: "checkbox", name: "melded", checked: "" }), el("span", { text: t("score.melded") })),
      field(t("score.penalties"), numInput("penalties")));
    if (f.exact_cuts) box.append(exactCuts(f.exact_cuts));
  } else {
    box.append(field(t("score.melds"), el("textarea", { name: "melds", rows: "4", placeholder: "KH KS KD KC KH KS KD\n5H 5S 2C" })),
      field(t("score.red_threes_cards"), el("input", { name: "red_threes", placeholder: "3H 3D" })),
      field(t("score.hand"), el("input", { name: "hand", placeholder: "AS 7D" })));
    // Modern American Canasta: black threes laid out, each player's hand (aces or sevens held), a special hand
    if (f.black_threes) box.append(field(t("score.black_threes_cards"), el("input", { name: "black_threes", placeholder: "3S 3C" })));
    if (f.player_hands) box.append(field(t("score.player_hands"), el("textarea", { name: "player_hands", rows: "2", placeholder: "AS 7D\n9C" })));
    if (f.special_hand) box.append(field(t("score.special_hand_cards"), el("input", { name: "special_hand", placeholder: "8C 8D 8H 8S QC QD QH QS 5C 5D 5H KC KD KH" })));
    box.append(field(t("score.went_out"), outSelect()),
      field(t("score.penalties"), numInput("penalties")));
    if (f.exact_cuts) box.append(exactCuts(f.exact_cuts));
  }
  return box;
}

/* Hand and Foot's exact cut (RULES_AMERICAN.md B.3): how many of the side's players cut exactly their hand and
   foot, 0 to the players of a side (the sheet's facts give that number where the variant pays the bonus). */
function exactCuts(players) {
  const input = numInput("exact_cuts");
  input.max = String(players);
  return field(t("score.exact_cuts"), input);
}

function switchMode(box, side, mode) {
  modes[side] = mode;
  box.replaceWith(sideForm(side));
}

function readSide(box) {
  const side = box.dataset.side;
  const get = (n) => box.querySelector("[name=" + n + "]");
  const out = get("out").value;
  const e = { mode: modes[side] || "quick", went_out: out !== "no", concealed: out === "concealed", penalties: +get("penalties").value || 0 };
  if (get("exact_cuts")) e.exact_cuts = +get("exact_cuts").value || 0;
  if (e.mode === "quick") {
    for (const k of ["natural_canastas", "mixed_canastas", "wild_canastas", "red_threes", "red_threes_held", "meld_points", "hand_points"]) {
      if (get(k)) e[k] = +get(k).value || 0;
    }
    e.melded = get("melded").checked;
  } else {
    e.melds = get("melds").value;
    e.red_threes = get("red_threes").value;
    e.hand = get("hand").value;
    const cards = (text) => text.replace(/[,;]/g, " ").split(/\s+/).filter(Boolean);  // as lists of card texts
    for (const k of ["black_threes", "special_hand"]) if (get(k) && get(k).value.trim()) e[k] = cards(get(k).value);
    if (get("player_hands") && get("player_hands").value.trim()) {
      e.player_hands = get("player_hands").value.split("\n").filter((line) => line.trim()).map(cards);
    }
  }
  return e;
}

function renderEntry() {
  const box = $("entry");
  box.innerHTML = "";
  SH.sides.forEach((s) => box.append(sideForm(s)));
}

async function addDeal() {
  $("entry-error").textContent = "";
  const entries = {};
  document.querySelectorAll(".side-entry").forEach((b) => { entries[b.dataset.side] = readSide(b); });
  const res = await fetch("/api/sheets/" + encodeURIComponent(SHEET) + "/deals", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ entries }) });
  const data = await res.json();
  if (!res.ok) { $("entry-error").textContent = data.error; return; }
  SH = data;
  render();
}

async function undo() {
  const res = await fetch("/api/sheets/" + encodeURIComponent(SHEET) + "/deals/last", { method: "DELETE" });
  if (res.ok) { SH = await res.json(); render(); }
}

function render() {
  $("sheet-variant").textContent = SH.variant;
  const tbl = $("totals");
  tbl.innerHTML = "";
  const head = el("tr", {}, el("th", { text: t("score.deal_col") }));
  SH.sides.forEach((s) => head.append(el("th", { text: s })));
  tbl.append(head);
  const running = Object.fromEntries(SH.sides.map((s) => [s, 0]));
  SH.deals.forEach((d, i) => {
    const row = el("tr", {}, el("td", { text: String(i + 1) }));
    SH.sides.forEach((s) => { running[s] += d[s].score; row.append(el("td", { class: "num", "data-side": s, text: d[s].score + "  (" + running[s] + ")" })); });
    tbl.append(row);
  });
  const tot = el("tr", { class: "total", id: "totals-row" }, el("td", { text: t("table.total") }));
  SH.sides.forEach((s) => tot.append(el("td", { class: "num", "data-total": s, text: String(SH.totals[s]) })));
  const min = el("tr", { id: "minimum-row" }, el("td", { text: t("table.min_next") }));
  SH.sides.forEach((s) => min.append(el("td", { class: "num", "data-min": s, text: String(SH.next_minimum[s]) })));
  tbl.append(tot, min);
  $("winner").hidden = SH.winner === null;
  $("winner").textContent = SH.winner === null ? "" : t("score.winner", { side: SH.winner });
  $("entry-title").textContent = t("score.enter", { n: SH.deals.length + 1 });
  renderEntry();
  const lastBox = $("last");
  lastBox.innerHTML = "";
  $("last-box").hidden = !SH.deals.length;
  if (SH.deals.length) {
    const d = SH.deals[SH.deals.length - 1];
    const bt = el("table", { class: "breakdown" });
    const h = el("tr", {}, el("th", { text: "" }));
    SH.sides.forEach((s) => h.append(el("th", { text: s })));
    bt.append(h);
    for (const k of BREAKDOWN) {
      if (SH.sides.every((s) => d[s].breakdown[k] === undefined)) continue;
      const row = el("tr", {}, el("td", { text: t("score." + k) }));
      SH.sides.forEach((s) => row.append(el("td", { class: "num", text: String(d[s].breakdown[k]) })));
      bt.append(row);
    }
    const tr = el("tr", { class: "total" }, el("td", { text: t("score.deal") }));
    SH.sides.forEach((s) => tr.append(el("td", { class: "num", text: String(d[s].score) })));
    bt.append(tr);
    lastBox.append(bt);
  }
}

$("sc-players").addEventListener("change", renderNewSides);
$("sc-teams").addEventListener("change", renderNewSides);
$("sc-variant").addEventListener("change", variantChanged);
$("sc-create").addEventListener("click", createSheet);
$("add-deal").addEventListener("click", addDeal);
$("undo").addEventListener("click", undo);
I18N.onchange = () => { if (SH) render(); else renderNewSides(); };
initI18n().then(() => {
  if (SHEET) { $("sheet").hidden = false; load(); } else { $("new-sheet").hidden = false; renderNewSides(); loadVariants(); }
});
