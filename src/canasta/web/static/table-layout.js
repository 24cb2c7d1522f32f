/* The table page's drawing of a deal as a card table: seats around the felt (partner across, opponents left and
   right), their cards as fanned backs, the stock and the pile, each side's melds, and your hand along the bottom
   (overlapped, sorted by rank or suit, or in the order you dragged it). Reads the globals of table.js (S, selected,
   me(), sideOf()). Plain JS, no build step. */
"use strict";

const RANK_ORDER = "23456789TJQKA";
let sortBy = localStorage.getItem("canasta.sort") || "";   // "rank", "suit", or "" (not chosen: by suit only with sequences)
let handOrder = null;   // card codes in the order the player dragged them to, or null: sorted

/* A card drawn by common.js, with its suit as a class (the four-colour deck colours diamonds and clubs). */
function card(code, extra) {
  const c = cardEl(code, extra);
  if (code !== "JK") c.classList.add("suit-" + code[1]);
  c.setAttribute("aria-label", cardName(code));
  return c;
}

function cardName(code) {
  if (code === "JK") return t("card.joker");
  return rankLabel(code[0]) + " " + t("suit." + code[1]);
}

/* Where each seat sits, seen from yours (bottom): the next player on your left, the partner across. */
const PLACES = { 1: ["bottom"], 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "top", "top", "right"], 6: ["bottom", "left", "top", "top", "top", "right"],
  7: ["bottom", "left", "left", "top", "top", "right", "right"],
  8: ["bottom", "left", "left", "top", "top", "top", "right", "right"] };

function seatPlace(i) {
  const n = S.seats.length;
  const k = (i - (me() === null ? 0 : me()) + n) % n;
  return (PLACES[n] || PLACES[4])[k] || "top";
}

/* The index order in which the hand is shown: the engine's order (by rank), or by suit, or as dragged. */
function sortKind() { return sortBy || (S && S.rules.sequences ? "suit" : "rank"); }

function displayOrder(hand) {
  const idx = hand.map((c, i) => i);
  if (sortKind() === "suit") idx.sort((a, b) => suitKey(hand[a]) - suitKey(hand[b]) || a - b);
  if (!handOrder) return idx;
  const out = [], used = new Set();
  for (const code of handOrder) {
    const i = idx.find((j) => !used.has(j) && hand[j] === code);
    if (i !== undefined) { used.add(i); out.push(i); }
  }
  return out.concat(idx.filter((i) => !used.has(i)));
}

function suitKey(code) {
  if (isWild(code)) return 1000 + (code === "JK" ? 1 : 0);
  return "SHCD".indexOf(code[1]) * 20 + RANK_ORDER.indexOf(code[0]);
}

function setSort(kind) {
  sortBy = kind;
  handOrder = null;
  localStorage.setItem("canasta.sort", kind);
}

/* Seats other than yours, each in its place around the felt. */
function renderSeatsAround() {
  const v = S.view;
  const boxes = { top: $("seats-top"), left: $("seats-left"), right: $("seats-right") };
  Object.values(boxes).forEach((b) => { b.innerHTML = ""; });
  $("my-seat").innerHTML = "";
  S.seats.forEach((s, i) => {
    const place = seatPlace(i);
    if (place === "bottom") $("my-seat").append(mySeat(s, i, v));
    else boxes[place].append(seatBox(s, i, v));
  });
  $("felt").dataset.players = String(S.seats.length);
}

function seatBox(s, i, v) {
  const out = S.sitting_out === i;
  const n = v && !out ? v.hand_sizes[i] : 0;
  const toAct = !!v && v.to_act === i && v.phase !== "over";
  const box = el("div", { class: "seat side-" + sideOf(i) + (toAct ? " to-act" : "") + (out ? " sits-out" : ""), "data-seat": i });
  const name = el("div", { class: "seat-name" }, el("span", { class: "dot " + (s.connected ? "on" : "off") }), el("span", { class: "nm", text: seatLabel(s, i) }));
  if (v && v.dealer === i) name.append(el("span", { class: "badge", title: t("table.dealer"), text: "D" }));
  box.append(name);
  const fan = el("div", { class: "fan", "aria-hidden": "true" });
  for (let k = 0; k < Math.min(n, 9); k++) fan.append(el("div", { class: "back-mini" }));
  box.append(fan, el("div", { class: "seat-count", text: out ? t("table.sits_out") : tn("table.cards_n", n) }));
  seatBadges(box, s, i, v, out);
  if (v && v.red_threes[i].length) {
    const reds = el("div", { class: "seat-reds" });
    v.red_threes[i].forEach((c) => reds.append(card(c, "mini-card")));
    box.append(reds);
  }
  let label = seatLabel(s, i) + ", " + tn("table.cards_n", n);
  if (toAct) label += ", " + t("table.to_play");
  box.setAttribute("aria-label", label);
  box.title = label;
  return box;
}

/* Your own seat, beside your hand: name, turn, dealer, and the badges of the variant (packet, clock). */
function mySeat(s, i, v) {
  const out = S.sitting_out === i;
  const toAct = !!v && v.to_act === i && v.phase !== "over";
  const box = el("span", { class: "seat me side-" + sideOf(i) + (toAct ? " to-act" : ""), "data-seat": i },
    el("span", { class: "dot " + (s.connected ? "on" : "off") }), el("span", { class: "nm", text: seatLabel(s, i) }));
  if (v && v.dealer === i) box.append(el("span", { class: "badge", title: t("table.dealer"), text: "D" }));
  seatBadges(box, s, i, v, out);
  return box;
}

function seatBadges(box, s, i, v, out) {
  if (s.stand_in) box.append(el("span", { class: "badge extra", "data-extra": "stand-in", text: t("table.stand_in") }));
  if (S.clock && S.clock.left && S.clock.left.length && s.kind === "human") {
    const left = Math.max(0, Math.round(S.clock.left[i]));
    box.append(el("span", { class: "badge clock" + (S.clock.running === i ? " running" : ""), "data-extra": "clock" },
      icon("clock"), Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0")));
  }
  if (out) box.append(el("span", { class: "badge extra", "data-extra": "sits-out", text: t("table.sits_out") }));
  if (v && v.talons && v.talons.length) {  // MAC: a talon waiting face down for his next turn (A.2)
    if (v.talons[i]) box.append(el("span", { class: "badge extra", "data-extra": "talon", title: t("table.talon_title"), text: t("table.talon", { n: v.talons[i] }) }));
  } else if (v && v.feet && v.feet.length) {  // Hand and Foot: the foot face down, or picked up (B.9)
    box.append(el("span", { class: "badge extra", "data-extra": "foot", title: t("table.foot_title"),
      text: v.feet[i] ? t("table.foot", { n: v.feet[i] }) : t("table.in_foot") }));
  } else if (v && v.packet_sizes.length && v.packet_sizes[i]) {
    box.append(el("span", { class: "badge extra", "data-extra": "packet", title: t("table.packet_title"), text: t("table.packet", { n: v.packet_sizes[i] }) }));
  }
  if (v && v.lone_hand === i) box.append(el("span", { class: "badge extra", "data-extra": "lone", text: t("table.lone_hand") }));
  else if (v && v.lone_hand >= 0 && i !== me() && sideOf(i) === sideOf(me())) {
    box.append(el("span", { class: "badge extra", "data-extra": "partner", text: t("table.partner_now") }));
  }
}

/* The stock (click to draw) and the pile as at a real table: its size, the wild card that froze it lying
   crosswise, a black three on top marked as the stop. */
function renderCenter() {
  const v = S.view;
  const stock = $("stock");
  stock.innerHTML = "";
  const n = v ? v.stock : 0;
  for (let k = 0; k < Math.min(3, n); k++) stock.append(el("div", { class: "card back layer" }));
  stock.append(el("div", { class: "pile-count", text: String(n) }));
  stock.setAttribute("aria-label", t("table.stock") + ": " + tn("table.cards_n", n) + (legalHas("draw") ? ", " + t("table.click_draw") : ""));
  stock.classList.toggle("live", isMyTurn() && legalHas("draw"));
  const pile = $("pile");
  pile.innerHTML = "";
  const info = $("pile-info");
  info.innerHTML = "";
  if (!v) return;
  const p = v.pile;
  for (let k = 0; k < Math.min(3, Math.max(0, p.size - 1)); k++) pile.append(el("div", { class: "card back layer" }));
  const freezer = p.frozen && /\b([2-9TJQKA][CDHS]|JK)\b/.exec(p.frozen_reason || "");
  if (freezer && p.size > 1) pile.append(card(freezer[1], "crosswise"));
  pile.append(p.top ? card(p.top, "top") : el("div", { class: "card empty", text: "\u2014" }));
  pile.append(el("div", { class: "pile-count", text: String(p.size) }));
  if (p.stopped) pile.append(el("div", { class: "stop-mark", title: t("table.stopped") }, icon("stop")));
  pile.classList.toggle("live", isMyTurn() && takes().length > 0);
  pile.setAttribute("aria-label", t("table.pile") + ": " + tn("table.cards_n", p.size) + (p.top ? ", " + cardName(p.top) : "")
    + (p.frozen ? ", " + t("table.frozen") : "") + (p.stopped ? ", " + t("table.stopped") : ""));
  if (p.frozen) info.append(el("span", { class: "pill frozen", title: p.frozen_reason, text: "\u2744 " + t("table.frozen") }));
  else if (p.frozen_for_me) info.append(el("span", { class: "pill frozen-me", title: p.frozen_reason, text: "\u2744 " + t("table.frozen_for_you") }));
  if (p.stopped) info.append(el("span", { class: "pill stop" }, icon("stop"), t("table.stopped")));
  if (p.blocked_until !== null) info.append(el("span", { class: "pill stop", "data-extra": "blocked-joly" }, icon("stop"), t("table.blocked_joly", { n: p.blocked_until + 1 })));
  if (p.blocking_rank) info.append(el("span", { class: "pill stop", "data-extra": "blocked-rank" }, icon("stop"), t("table.blocked_rank", { rank: rankLabel(p.blocking_rank) })));
  if (p.surprise) info.append(el("span", { class: "pill under", "data-extra": "surprise", text: tn("table.surprise", p.surprise) }));
  if (p.dowry) info.append(el("span", { class: "pill under", "data-extra": "dowry", text: tn("table.dowry", p.dowry) }));
  const tc = v.turn_card;  // MAC: the turn card and the talon opening now earns (A.2)
  if (tc) {
    const mine = tc.talons[v.side] || 0;
    const pill = el("span", { class: "pill under", "data-extra": "turn-card", title: t("table.turn_card_title", { n: tc.from_bottom }),
      text: tc.drawn ? t("table.turn_card_drawn") : t("table.turn_card", { n: tc.above }) });
    if (mine && !tc.drawn) pill.append(el("span", { class: "wide-only", text: " \u00b7 " + t("table.talon_for_opening", { n: mine }) }));
    pill.title += mine && !tc.drawn ? " (" + t("table.talon_for_opening", { n: mine }) + ")" : "";  // the phone hides it
    info.append(pill);
  }
  if (v.dead_ranks && v.dead_ranks.length) {  // MAC: ranks closed by a canasta (A.6)
    info.append(el("span", { class: "pill stop", "data-extra": "dead-ranks", title: t("table.dead_title"),
      text: t("table.dead", { ranks: v.dead_ranks.map(rankLabel).join(" ") }) }));
  }
  if (p.top && S.rules.tile_names) info.append(el("span", { class: "pill tile-name", text: tileName(p.top) }));
}

function meldBox(m, side, mine) {
  const cls = "meld" + (m.canasta ? " canasta " + (m.natural ? "natural" : "mixed") : "") + (mine ? " mine" : "");
  const box = el("div", { class: cls, "data-rank": m.rank, "data-side": side });
  const label = m.canasta ? t(m.natural ? "meld.natural" : "meld.mixed") : (m.rank === "W" ? t("meld.wild") : (m.rank === "2" ? t("meld.twos") : rankLabel(m.rank)));
  box.append(el("div", { class: "meld-label", text: label + " \u00b7 " + m.cards.length }));
  const cards = el("div", { class: "meld-cards" });
  const shown = m.canasta ? [m.cards[m.natural ? 0 : m.cards.findIndex((c) => isWild(c))] || m.cards[0]] : m.cards;
  shown.forEach((c) => cards.append(card(c, "mini-card")));
  if (m.canasta) cards.classList.add("stacked");
  box.append(cards);
  box.setAttribute("aria-label", label + ": " + m.cards.map(cardName).join(", "));
  if (mine) {
    box.setAttribute("role", "button");
    box.addEventListener("click", () => meldAction(m.rank));
  }
  return box;
}

/* Each side's melds: yours in front of you (a drop zone to start a meld), the others' above the centre. */
function renderSides() {
  const v = S.view;
  const own = $("own-melds"), opp = $("opp-melds");
  own.innerHTML = ""; opp.innerHTML = "";
  if (!v) return;
  let oppMelds = 0, oppCanastas = 0;
  for (let side = 0; side < S.rules.teams; side++) {
    const seats = S.seats.map((s, i) => i).filter((i) => sideOf(i) === side);
    if (!seats.length) continue;  // cutthroat: the partners' side is the lone hand's partner's
    const mine = side === v.side;
    const box = sideBox(side, seats, mine);
    if (mine) own.append(box);
    else { opp.append(box); oppMelds += v.melds[side].length; oppCanastas += v.melds[side].filter((m) => m.canasta).length; }
  }
  own.setAttribute("aria-label", t("table.your_side"));
  const open = $("felt").classList.contains("opp-open");
  $("opp-toggle").textContent = (open ? "\u25b4 " : "\u25be ") + t("table.opponents") + ": " + tn("table.melds_n", oppMelds)
    + (oppCanastas ? " \u00b7 " + tn("table.canastas_n", oppCanastas) : "");
  $("opp-toggle").setAttribute("aria-expanded", String(open));
}

function sideBox(side, seats, mine) {
  const v = S.view;
  const names = seats.map((i) => seatLabel(S.seats[i], i)).join(", ");
  const need = v.opened[side] ? t("table.minimum", { n: v.minimums[side] }) + " \u2713" : openingText(S.opening[side]);
  const canastas = v.melds[side].filter((m) => m.canasta).length;
  const head = el("div", { class: "side-head" },
    el("strong", { text: (mine ? t("table.our_side") : sideName(side)) }),
    el("span", { class: "names", text: " " + names }),
    el("span", { class: "pill opening", title: S.opening[side] ? S.opening[side].text : "", text: need }),
    el("span", { class: "pill goal-pill", "data-extra": "canastas", text: tn("table.canastas_goal", S.rules.canastas_to_go_out || 1, { have: canastas }) }));
  const kinds = v.canasta_kinds && v.canasta_kinds[side] ? kindsText(v.canasta_kinds[side]) : "";
  if (kinds) {  // canastas by kind, in the goal's pill (one line): MAC A.8, Hand and Foot's books B.10
    head.querySelector(".goal-pill").append(el("span", { class: "kinds", "data-extra": "kinds", text: kinds }));
  }
  const reds = [];
  seats.forEach((i) => reds.push(...v.red_threes[i]));
  const red = el("div", { class: "red-threes" });
  reds.forEach((c) => red.append(card(c, "mini-card")));
  const row = el("div", { class: "meld-row" });
  v.melds[side].forEach((m) => row.append(meldBox(m, side, mine)));
  if (mine) row.append(el("div", { class: "new-meld", "data-drop": "new-meld", text: v.melds[side].length ? "+" : t("table.drop_meld") }));
  else if (!v.melds[side].length) row.append(el("span", { class: "muted", text: t("table.no_melds") }));
  if (reds.length) head.append(red);  // the side's red threes on its header line: the melds keep the room
  return el("div", { class: "side-melds side-" + side + (mine ? " own" : ""), "data-side": side }, head, row);
}

/* What the variant asks to go out, beside the status: canastas, red threes, sequences. */
function renderGoal() {
  const v = S.view, g = $("goal");
  g.innerHTML = "";
  if (!v || v.spectator) return;
  const r = S.rules;
  if (r.red3_to_go_out) g.append(el("span", { class: "pill", text: tn("table.red3_goal", r.red3_to_go_out) }));
  if (r.sequences) g.append(el("span", { class: "pill", text: t("table.sequences_allowed") }));
  const round = S.round;  // Hand and Foot: the round and its minimum count (B.8)
  if (round) g.append(el("span", { class: "pill", "data-extra": "round",
    text: t(round.rounds ? "table.round_of" : "table.round", { n: round.number, rounds: round.rounds, minimum: round.minimum }) }));
}

/* A side's canastas by kind (the state's canasta_kinds): "2 clean · 0 dirty" where the variant has a foot (Hand
   and Foot's books: clean and dirty always, for the contract), else the kinds it has ("1 natural · 1 of aces"),
   "" for none. */
function kindsText(kinds) {
  const foot = S.view.feet && S.view.feet.length;
  return Object.entries(kinds).filter(([k, n]) => n || (foot && (k === "natural" || k === "mixed")))
    .map(([k, n]) => t((foot ? "table.books_" : "table.kinds_") + k, { n: n })).join(" \u00b7 ");
}

function renderMyHand() {
  const box = $("hand");
  box.innerHTML = "";
  if (!S || !S.view) return;
  document.querySelector(".hand-area").hidden = !!S.view.spectator;  // sitting out: no hand, no moves
  const hand = S.view.hand;
  const onStage = stagedSet();
  $("hand-count").textContent = tn("table.cards_n", hand.length - onStage.size);
  const hinted = hintMove ? hintMove.split(" ").slice(1) : [];
  const takers = takerCards();
  displayOrder(hand).filter((i) => !onStage.has(i)).forEach((i) => {
    const c = hand[i];
    const el_ = card(c, selected.has(i) ? "selected" : "");
    if (S.rules.tile_names) el_.append(el("span", { class: "tn", text: tileName(c) }));
    const h = hinted.indexOf(c);
    if (h >= 0) { el_.classList.add("hinted"); hinted.splice(h, 1); }
    if (takers.has(rankKey(c))) el_.classList.add("taker");
    el_.dataset.index = i;
    el_.tabIndex = 0;
    el_.setAttribute("role", "option");
    el_.setAttribute("aria-selected", String(selected.has(i)));
    box.append(el_);
  });
  $("sort-btn").textContent = t(sortKind() === "rank" ? "table.sort_suit" : "table.sort_rank");
  fitHand();
}

/* The least a card of the hand shows beside the next one (px): its rank, and room to touch it. */
const HAND_MIN_STEP = 10;

/* What a card of the hand must show beside the next one for its whole rank to be read (px): up to the right end of
   the rank's characters, at least HAND_MIN_STEP. A fixed step cut a 10 to "1", a joker's "JK" to "J" (a jack's rank), and on
   a desktop's larger type even a Q or an A. */
function handCardNeed(card) {
  const label = card.querySelector(".r");
  if (!label) return HAND_MIN_STEP;
  const text = document.createRange();  // the characters' own box (the label's box spans the card)
  text.selectNodeContents(label);
  return Math.max(HAND_MIN_STEP, Math.ceil(text.getBoundingClientRect().right - card.getBoundingClientRect().left));
}

/* The largest step (px, at most `most`) at which the cards of `needs` (each card's need but the row's last) fit
   in `room` px beside the last card's width, each showing max(step, its need); null if even HAND_MIN_STEP does
   not fit. */
function rowStep(needs, room, most) {
  const used = (step) => needs.reduce((sum, need) => sum + Math.max(step, need), 0);
  if (used(HAND_MIN_STEP) > room) return null;
  if (used(most) <= room) return most;
  let lo = HAND_MIN_STEP, hi = most;
  for (let i = 0; i < 20; i++) { const mid = (lo + hi) / 2; if (used(mid) <= room) lo = mid; else hi = mid; }
  return lo;
}

/* Overlap the hand's cards so that it fits its width on one line, as a hand held at a table, every rank whole in
   sight (a 10 or a joker keeps both its characters). A hand too long for one line even at the closest overlap (a big
   pile taken, on a phone) is laid in as few rows as it needs, each row half over the one above (the ranks stay
   in sight), rows split by a line break: nothing leaves the screen. */
function fitHand() {
  const box = $("hand");
  box.querySelectorAll(".hand-break").forEach((b) => b.remove());
  const cards = [...box.querySelectorAll(".card")];
  cards.forEach((c) => c.style.removeProperty("--overlap"));
  if (!cards.length) return;
  const cw = cards[0].getBoundingClientRect().width || 48;
  const room = box.clientWidth - 8 - cw;
  const needs = cards.map(handCardNeed);
  const layout = (perRow) => {  // one step for every row: the smallest any row needs
    let step = cw + 4;
    for (let a = 0; a < cards.length; a += perRow) {
      const s = rowStep(needs.slice(a, Math.min(cards.length, a + perRow) - 1), room, cw + 4);
      if (s === null) return null;
      step = Math.min(step, s);
    }
    return step;
  };
  let rows = 1, perRow = cards.length, step = layout(perRow);
  while (step === null && rows < cards.length) { rows++; perRow = Math.ceil(cards.length / rows); step = layout(perRow); }
  if (step === null) step = HAND_MIN_STEP;
  box.style.setProperty("--overlap", (step - cw) + "px");
  box.classList.toggle("rows", rows > 1);
  cards.forEach((c, i) => {  // the card after a wider rank starts past it
    if (i + 1 < cards.length && (i + 1) % perRow && needs[i] > step) {
      cards[i + 1].style.setProperty("--overlap", (needs[i] - cw) + "px");
    }
  });
  for (let r = 1; r < rows; r++) cards[r * perRow].before(el("span", { class: "hand-break" }));
}

/* Cards of the hand that could take the pile (the engine's legal takes), shown on hovering the pile. */
function takerCards() {
  const out = new Set();
  for (const m of takes()) m.split(" ").slice(1).forEach((c) => out.add(rankKey(c)));
  return out;
}

/* A card's kind for taking the pile and for melds of a rank: its rank, or JK (suits do not matter there). */
function rankKey(code) { return code === "JK" ? "JK" : code[0]; }
