/* Shared helpers of the Canasta pages: languages, cards, small DOM helpers. Plain JS, no build step. */
"use strict";

const LANGS = ["en", "ro", "es"];
const I18N = { lang: "en", texts: {}, onchange: null };

function pickLang() {
  const q = new URLSearchParams(location.search).get("lang");
  if (q && LANGS.includes(q)) return q;
  const saved = localStorage.getItem("canasta.lang");
  if (saved && LANGS.includes(saved)) return saved;
  const nav = (navigator.language || "en").slice(0, 2);
  return LANGS.includes(nav) ? nav : "en";
}

function t(key, params) {
  let text = I18N.texts[key];
  if (text === undefined) text = key;
  if (params) for (const [k, v] of Object.entries(params)) text = text.split("{" + k + "}").join(String(v));
  return text;
}

function applyTexts(root) {
  (root || document).querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  (root || document).querySelectorAll("[data-i18n-placeholder]").forEach((el) => {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  });
  (root || document).querySelectorAll("[data-i18n-title]").forEach((el) => {
    el.title = t(el.dataset.i18nTitle);
  });
}

async function setLang(lang) {
  const res = await fetch("/api/i18n/" + lang);
  I18N.texts = await res.json();
  I18N.lang = lang;
  localStorage.setItem("canasta.lang", lang);
  document.documentElement.lang = lang;
  const sel = document.getElementById("lang");
  if (sel) sel.value = lang;
  applyTexts();
  document.body.dataset.lang = lang;
  if (I18N.onchange) I18N.onchange();
}

async function initI18n() {
  const sel = document.getElementById("lang");
  if (sel) sel.addEventListener("change", () => setLang(sel.value));
  await setLang(pickLang());
}

/* ---- cards ---- */
const SUIT_SYMBOL = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };

function rankLabel(r) { return r === "T" ? "10" : r; }

function cardEl(code, extra) {
  const el = document.createElement("div");
  el.className = "card";
  el.dataset.card = code;
  if (code === "JK") {
    el.classList.add("joker", "wild");
    el.innerHTML = '<span class="r">JK</span><span class="s">\u2605</span>';
    el.title = t("card.joker");
  } else {
    const r = code[0], s = code[1];
    el.classList.add(s === "H" || s === "D" ? "red" : "black");
    if (r === "2") el.classList.add("wild");
    if (r === "3") el.classList.add(s === "H" || s === "D" ? "red3" : "black3");
    el.innerHTML = '<span class="r">' + rankLabel(r) + '</span><span class="s">' + SUIT_SYMBOL[s] + "</span>";
    el.title = rankLabel(r) + SUIT_SYMBOL[s];
  }
  if (extra) el.classList.add(...extra.split(" "));
  return el;
}

function cardBack(label) {
  const el = document.createElement("div");
  el.className = "card back";
  if (label !== undefined) el.innerHTML = '<span class="count">' + label + "</span>";
  return el;
}

/* Romanian tiles (RULES.md §3.4, canasta.tiles): a card code's tile name, e.g. "red 7", "blue 1", "joly". */
const TILE_NUMBER = { A: 1, T: 10, J: 11, Q: 12, K: 13 };
function tileName(code) {
  if (code === "JK") return t("tile.joly");
  return t("tile." + code[1]) + " " + (TILE_NUMBER[code[0]] || code[0]);
}

function isWild(code) { return code === "JK" || code[0] === "2"; }

/* Move text with card symbols, for the log. */
function moveHtml(text) {
  const words = text.split(" ");
  const verb = words[0];
  let html = '<span class="verb">' + escapeHtml(t("move." + verb)) + "</span>";
  for (const w of words.slice(1)) {
    if (w === "to") { html += " " + escapeHtml(t("move.to")); continue; }
    if (/^([2-9TJQKA][CDHS]|JK)$/.test(w)) {
      const red = w !== "JK" && (w[1] === "H" || w[1] === "D");
      const label = w === "JK" ? "JK" : rankLabel(w[0]) + SUIT_SYMBOL[w[1]];
      html += ' <span class="mini ' + (red ? "red" : "black") + '">' + label + "</span>";
    } else html += " " + escapeHtml(w);
  }
  return html;
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

/* A small mark drawn by CSS (style.css ".icon-*"), not an emoji: a browser without an emoji font (Debian's
   headless Chromium, many Linux desktops) shows an emoji it lacks as an empty box. Decorative: the text beside
   it says the same, so screen readers skip it. name: "stop" (a pile that may not be taken) or "clock". */
function icon(name) {
  return el("span", { class: "icon icon-" + name, "aria-hidden": "true" });
}

function sideName(side, teams) {
  return t("side.name", { name: String.fromCharCode(65 + side) });
}

/* Seat keys, by table id, kept in this browser only: the host's own, or one claimed from an invite link. */
function seatTokens() { return JSON.parse(localStorage.getItem("canasta.seats") || "{}"); }
function keepToken(id, token) { const m = seatTokens(); m[id] = token; localStorage.setItem("canasta.seats", JSON.stringify(m)); }

/* The lobby's list of your tables: ids and names only (a seat's key is kept apart, in "canasta.seats"). */
function rememberTable(id, name) {
  const list = JSON.parse(localStorage.getItem("canasta.tables") || "[]").filter((x) => x.id !== id);
  list.unshift({ id, name: name || "", at: Date.now() });
  localStorage.setItem("canasta.tables", JSON.stringify(list.slice(0, 20)));
}
