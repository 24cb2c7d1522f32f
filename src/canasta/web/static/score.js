/* The score keeper: a sheet of deals played at a real table, scored by the server's scoring code. */
"use strict";

const SHEET = new URLSearchParams(location.search).get("s");
let SH = null;
const modes = {};

const $ = (id) => document.getElementById(id);
const BREAKDOWN = ["canastas", "red_threes", "going_out", "concealed", "melded_cards", "hand_cards", "penalties"];

function teamsFor(n) { return n === 3 ? 3 : 2; }

function renderNewSides() {
  const n = +$("sc-players").value;
  const box = $("sc-sides");
  const old = [...box.querySelectorAll("input")].map((i) => i.value);
  box.innerHTML = "";
  const teams = teamsFor(n);
  const defaults = teams === 2 ? [t("score.us"), t("score.them")] : ["A", "B", "C"];
  for (let i = 0; i < teams; i++) {
    const input = el("input", { class: "side-input", maxlength: "20", "data-side": i });
    input.value = old[i] || defaults[i];
    box.append(el("label", {}, el("span", { text: t("score.side", { n: i + 1 }) }), input));
  }
}

async function createSheet() {
  const n = +$("sc-players").value;
  const target = $("sc-target").value.trim();
  const variant = "classic(players=" + n + (target && target !== "5000" ? ",target=" + target : "") + ")";
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
  if (mode === "quick") {
    box.append(field(t("score.natural_canastas"), numInput("natural_canastas")),
      field(t("score.mixed_canastas"), numInput("mixed_canastas")),
      field(t("score.red_threes_n"), numInput("red_threes")),
      field(t("score.went_out"), outSelect()),
      field(t("score.meld_points"), numInput("meld_points")),
      field(t("score.hand_points"), numInput("hand_points")),
      el("label", { class: "field check" }, el("input", { type: "checkbox", name: "melded", checked: "" }), el("span", { text: t("score.melded") })),
      field(t("score.penalties"), numInput("penalties")));
  } else {
    box.append(field(t("score.melds"), el("textarea", { name: "melds", rows: "4", placeholder: "KH KS KD KC KH KS KD\n5H 5S 2C" })),
      field(t("score.red_threes_cards"), el("input", { name: "red_threes", placeholder: "3H 3D" })),
      field(t("score.hand"), el("input", { name: "hand", placeholder: "AS 7D" })),
      field(t("score.went_out"), outSelect()),
      field(t("score.penalties"), numInput("penalties")));
  }
  return box;
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
  if (e.mode === "quick") {
    for (const k of ["natural_canastas", "mixed_canastas", "red_threes", "meld_points", "hand_points"]) e[k] = +get(k).value || 0;
    e.melded = get("melded").checked;
  } else {
    e.melds = get("melds").value;
    e.red_threes = get("red_threes").value;
    e.hand = get("hand").value;
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
$("sc-create").addEventListener("click", createSheet);
$("add-deal").addEventListener("click", addDeal);
$("undo").addEventListener("click", undo);
I18N.onchange = () => { if (SH) render(); else renderNewSides(); };
initI18n().then(() => {
  if (SHEET) { $("sheet").hidden = false; load(); } else { $("new-sheet").hidden = false; renderNewSides(); }
});
