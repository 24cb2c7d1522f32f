/* The lobby: create a table (variant, options, seats), show the invite links, list your tables. */
"use strict";

const seatChoice = [];
let PRESETS = [{ name: "classic", players: 4, target: 5000, counts: [2, 3, 4, 5, 6], teams6: [2, 3], cutthroat: true }];
let BOTS = ["beginner", "casual", "club", "expert", "learned", "random"];  // the server's levels (/api/meta "bots") once loaded
const $l = (id) => document.getElementById(id);

function preset() { return PRESETS.find((p) => p.name === $l("variant").value) || PRESETS[0]; }

/* The number of sides of the table being set up (5 players: three against two; cutthroat: one each). */
function teamsNow(n) {
  if (n === 6) return +$l("teams").value;
  const p = preset();
  if (p.sides && p.sides[String(n)]) return p.sides[String(n)];  // the server's sides for n (Hand and Foot: 5 alone)
  if (n === 3) return 3;
  return 2;
}

/* Fill the player counts, sides and cutthroat choice of the chosen preset (keeping the count if it fits). */
function onVariant() {
  const p = preset();
  const sel = $l("players");
  const before = +sel.value;
  sel.innerHTML = "";
  p.counts.forEach((n) => sel.append(el("option", { value: String(n), text: String(n) })));
  sel.value = String(p.counts.includes(before) ? before : p.players);
  const teams = $l("teams");
  const tv = teams.value;
  teams.innerHTML = "";
  p.teams6.forEach((n) => teams.append(el("option", { value: String(n), text: String(n) })));
  if (p.teams6.includes(+tv)) teams.value = tv;
  $l("target").value = String(p.target);
  renderSeats();
}

function renderSeats() {
  const n = +$l("players").value;
  const p = preset();
  const teams = teamsNow(n);
  $l("teams-box").hidden = n !== 6 || p.teams6.length < 2;
  $l("cutthroat-box").hidden = n !== 3 || !p.cutthroat;
  const note = $l("players-note");
  const cut = n === 3 && p.cutthroat && $l("cutthroat").checked;
  const five = n === 5 && teams === 2;  // three against two, one sitting out (not Hand and Foot's 5 alone)
  note.hidden = !five && !cut;
  note.textContent = five ? t("lobby.five_note") : (cut ? t("lobby.cutthroat_note") : "");
  const box = $l("seats");
  box.innerHTML = "";
  for (let i = 0; i < n; i++) {
    if (!seatChoice[i]) seatChoice[i] = { kind: i === 0 ? "human" : "bot:casual", name: "" };
    const sel = el("select", { "data-seat": i, class: "seat-kind" },
      el("option", { value: "human", text: t("lobby.person") }),
      ...BOTS.map((level) => el("option", { value: "bot:" + level,
        text: I18N.texts["lobby.bot_" + level] !== undefined ? t("lobby.bot_" + level) : "Bot: " + botName(level) })));
    sel.value = seatChoice[i].kind;
    sel.addEventListener("change", () => { seatChoice[i].kind = sel.value; });
    const name = el("input", { class: "seat-name", "data-seat": i, maxlength: "30", placeholder: t("lobby.name") });
    name.value = seatChoice[i].name;
    name.addEventListener("input", () => { seatChoice[i].name = name.value; });
    const label = t("lobby.seat", { n: i + 1 }) + " \u00b7 " + sideName(i % teams) + (i === 0 ? " \u00b7 " + t("lobby.you") : "");
    box.append(el("div", { class: "seat-row side-" + (i % teams) }, el("span", { class: "seat-label", text: label }), sel, name));
  }
}

function variantString() {
  const n = +$l("players").value;
  const p = preset();
  const opts = ["players=" + n];
  if (n === 6 && p.teams6.length) opts.push("teams=" + $l("teams").value);
  if (n === 3 && p.cutthroat && $l("cutthroat").checked) opts.push("cutthroat=true");
  const target = $l("target").value.trim();
  if (target && target !== String(p.target)) opts.push("target=" + target);
  const extra = $l("options").value.trim();
  if (extra) extra.split(",").map((s) => s.trim()).filter(Boolean).forEach((s) => opts.push(s));
  return p.name + "(" + opts.join(",") + ")";
}

async function loadPresets() {
  try {
    const meta = await (await fetch("/api/meta")).json();
    if (meta.presets && meta.presets.length) PRESETS = meta.presets;
    if (meta.bots && meta.bots.length) BOTS = meta.bots;
  } catch (e) { /* keep classic */ }
  const sel = $l("variant");
  sel.innerHTML = "";
  PRESETS.forEach((p) => sel.append(el("option", { value: p.name, text: p.name })));
  sel.value = PRESETS.some((p) => p.name === "classic") ? "classic" : PRESETS[0].name;
  onVariant();
}

async function createTable() {
  const err = document.getElementById("create-error");
  err.textContent = "";
  const n = +document.getElementById("players").value;
  const seats = [];
  for (let i = 0; i < n; i++) {
    const c = seatChoice[i];
    seats.push(c.kind === "human" ? { kind: "human", name: c.name } : { kind: "bot", bot: c.kind.slice(4), name: c.name });
  }
  const res = await fetch("/api/tables", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ variant: variantString(), seats, hints: document.getElementById("hints").checked,
                           spectators: document.getElementById("spectators").checked, clock: clockChoice() }),
  });
  const data = await res.json();
  if (!res.ok) { err.textContent = data.error; return; }
  const ul = document.getElementById("links");
  ul.innerHTML = "";
  for (const l of data.links) {
    const url = location.origin + l.link;
    const input = el("input", { readonly: "", value: url, class: "link", size: "50" });
    const copy = el("button", { text: t("lobby.copy"), onclick: () => { input.select(); navigator.clipboard && navigator.clipboard.writeText(url); } });
    const open = el("a", { href: l.link, target: "_blank", text: t("lobby.open") });
    ul.append(el("li", {}, el("strong", { text: t("lobby.seat", { n: l.seat + 1 }) + " (" + seatLabel(l, l.seat) + ") " }), input, copy, open));
  }
  // the host keeps only his own seat's key; each invite link gives its seat to the first browser that opens it
  keepToken(data.id, data.token);
  rememberTable(data.id, data.variant);
  document.getElementById("go").href = data.link;
  document.getElementById("created").hidden = false;
  renderMine();
}

/* The turn clock chosen: [base seconds, increment seconds], or null (no minutes given). */
function clockChoice() {
  const minutes = +document.getElementById("clock-min").value;
  if (!minutes) return null;
  return [minutes * 60, Math.max(0, +document.getElementById("clock-inc").value || 0)];
}

function renderMine() {
  const list = JSON.parse(localStorage.getItem("canasta.tables") || "[]");
  const ul = document.getElementById("my-tables");
  ul.innerHTML = "";
  document.getElementById("no-tables").hidden = list.length > 0;
  for (const x of list) {
    ul.append(el("li", {}, el("a", { href: "/table?t=" + encodeURIComponent(x.id), text: x.name || x.id }),
      el("span", { class: "muted", text: " " + new Date(x.at).toLocaleString(I18N.lang) })));
  }
}

$l("variant").addEventListener("change", onVariant);
$l("players").addEventListener("change", renderSeats);
$l("teams").addEventListener("change", renderSeats);
$l("cutthroat").addEventListener("change", renderSeats);
$l("create-btn").addEventListener("click", createTable);
I18N.onchange = () => { renderSeats(); renderMine(); };
initI18n().then(loadPresets);
