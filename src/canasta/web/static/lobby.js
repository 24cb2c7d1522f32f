/* The lobby: create a table (variant, options, seats), show the invite links, list your tables. */
"use strict";

const seatChoice = [];

function renderSeats() {
  const n = +document.getElementById("players").value;
  const teams = n === 6 ? +document.getElementById("teams").value : (n === 3 ? 3 : 2);
  document.getElementById("teams-box").hidden = n !== 6;
  const box = document.getElementById("seats");
  box.innerHTML = "";
  for (let i = 0; i < n; i++) {
    if (!seatChoice[i]) seatChoice[i] = { kind: i === 0 ? "human" : "bot:heuristic", name: "" };
    const sel = el("select", { "data-seat": i, class: "seat-kind" },
      el("option", { value: "human", text: t("lobby.person") }),
      el("option", { value: "bot:heuristic", text: t("lobby.bot_heuristic") }),
      el("option", { value: "bot:random", text: t("lobby.bot_random") }));
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
  const n = +document.getElementById("players").value;
  const opts = ["players=" + n];
  if (n === 6) opts.push("teams=" + document.getElementById("teams").value);
  const target = document.getElementById("target").value.trim();
  if (target && target !== "5000") opts.push("target=" + target);
  const extra = document.getElementById("options").value.trim();
  if (extra) extra.split(",").map((s) => s.trim()).filter(Boolean).forEach((s) => opts.push(s));
  return "classic(" + opts.join(",") + ")";
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
    body: JSON.stringify({ variant: variantString(), seats, hints: document.getElementById("hints").checked }),
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
    ul.append(el("li", {}, el("strong", { text: t("lobby.seat", { n: l.seat + 1 }) + " (" + l.name + ") " }), input, copy, open));
    rememberTable(data.id, new URLSearchParams(l.link.split("?")[1]).get("k"), l.name + " \u00b7 " + data.variant);
  }
  const mine = data.links[0];
  document.getElementById("go").href = mine.link;
  document.getElementById("created").hidden = false;
  renderMine();
}

function renderMine() {
  const list = JSON.parse(localStorage.getItem("canasta.tables") || "[]");
  const ul = document.getElementById("my-tables");
  ul.innerHTML = "";
  document.getElementById("no-tables").hidden = list.length > 0;
  for (const x of list) {
    ul.append(el("li", {}, el("a", { href: "/table?t=" + encodeURIComponent(x.id) + "&k=" + encodeURIComponent(x.k), text: x.name || x.id }),
      el("span", { class: "muted", text: " " + new Date(x.at).toLocaleString(I18N.lang) })));
  }
}

document.getElementById("players").addEventListener("change", renderSeats);
document.getElementById("teams").addEventListener("change", renderSeats);
document.getElementById("create-btn").addEventListener("click", createTable);
I18N.onchange = () => { renderSeats(); renderMine(); };
initI18n();
