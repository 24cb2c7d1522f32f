/* The table page's movement: every move of every player (bots too), read from the protocol-2 events, is shown as
   cards flying (Web Animations API) from where they were to where they go: a draw from the stock, a discard to the
   pile, the pile taken, cards melded, red threes laid out; a canasta closed into a stack pulses. The last move is
   highlighted. A speed setting (localStorage "canasta.speed": 0 off, 0.5, 1, 2) and prefers-reduced-motion (a
   short fade in place) are respected. Each flying card has data-role="moving-card" while it moves. */
"use strict";

const Motion = {
  speed: (() => { const v = parseFloat(localStorage.getItem("canasta.speed") || "1"); return Number.isFinite(v) ? v : 1; })(),
  reduced: window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)").matches : false,
};

function setSpeed(v) { Motion.speed = v; localStorage.setItem("canasta.speed", String(v)); }

function rectOf(node) { return node ? node.getBoundingClientRect() : null; }

/* Where things are before a change is drawn: the stock, the pile, each seat, your hand's cards, the melds. */
function captureSpots() {
  const spots = { stock: rectOf($("stock")), pile: rectOf($("pile")), handBox: rectOf($("hand")), seats: {}, hand: {},
    view: S && S.view ? S.view : null };
  document.querySelectorAll(".seat[data-seat]").forEach((e) => { spots.seats[e.dataset.seat] = rectOf(e); });
  document.querySelectorAll("#hand .card").forEach((e) => { (spots.hand[e.dataset.card] = spots.hand[e.dataset.card] || []).push(rectOf(e)); });
  return spots;
}

/* Where a seat's cards are: your hand (the card itself when it is still there) or the seat's box. */
function seatSpot(seat, spots, code) {
  if (seat === me()) {
    const list = code && spots.hand[code];
    if (list && list.length) return list.shift();
    return spots.handBox || rectOf($("hand"));
  }
  return (spots.seats || {})[seat] || rectOf(document.querySelector('.seat[data-seat="' + seat + '"]')) || rectOf($("felt"));
}

function meldSpot(side, cards, to) {
  const natural = cards.find((c) => !isWild(c));
  const rank = to || (natural ? natural[0] : "W");
  const melds = document.querySelectorAll('.meld[data-side="' + side + '"][data-rank="' + rank + '"]');
  if (melds.length) return melds[melds.length - 1];
  return document.querySelector('.side-melds[data-side="' + side + '"]') || $("felt");
}

/* One card flying from `from` to `to` (rectangles; `code` null: a card back); `target` is hidden until it lands. */
function fly(code, from, to, delay, target) {
  if (!from || !to || Motion.speed <= 0) return;
  if (document.querySelectorAll("[data-role='moving-card']").length >= 8) return;  // moves faster than shown: skip
  const c = code ? card(code) : el("div", { class: "card back" });
  c.dataset.role = "moving-card";
  c.classList.add("moving");
  c.setAttribute("aria-hidden", "true");
  const w = c.style;
  document.body.append(c);
  const size = c.getBoundingClientRect();
  const half = [size.width / 2, size.height / 2];
  w.left = (from.left + from.width / 2 - half[0]) + "px";
  w.top = (from.top + from.height / 2 - half[1]) + "px";
  const dx = (to.left + to.width / 2) - (from.left + from.width / 2);
  const dy = (to.top + to.height / 2) - (from.top + from.height / 2);
  let anim;
  if (Motion.reduced) {
    w.left = (to.left + to.width / 2 - half[0]) + "px";
    w.top = (to.top + to.height / 2 - half[1]) + "px";
    anim = c.animate([{ opacity: 0 }, { opacity: 1 }, { opacity: 0 }], { duration: 240, delay, fill: "both" });
  } else {
    const ms = 420 / Motion.speed;
    anim = c.animate([{ transform: "translate(0,0) rotate(0deg)" },
      { transform: "translate(" + dx + "px," + dy + "px) rotate(" + (dx > 0 ? 4 : -4) + "deg)" }],
    { duration: ms, delay, easing: "cubic-bezier(.25,.8,.35,1)", fill: "both" });
  }
  if (target) target.style.opacity = "0";
  const done = () => { c.remove(); if (target) target.style.opacity = ""; };
  anim.finished.then(done, done);
}

/* Animate the move events just applied (`spots`: captureSpots() before drawing them). */
function animateEvents(events, spots) {
  if (Motion.speed <= 0) return;
  const moves = events.filter((e) => e.kind === "move").slice(-6);
  const gap = Motion.reduced ? 120 : 300 / Motion.speed;
  moves.forEach((e, k) => animateMove(e, spots, k * gap));
  animateRedThrees(spots, moves.length * gap);
  pulseNewCanastas(spots);
}

function animateMove(e, spots, delay) {
  const words = e.move.split(" ");
  const verb = words[0];
  const toAt = words.indexOf("to");
  const cards = (toAt >= 0 ? words.slice(1, toAt) : words.slice(1)).map((w) => w.split("=")[0]);
  const to = toAt >= 0 ? words[toAt + 1] : null;
  const side = sideOf(e.seat);
  if (verb === "draw") {
    const drawn = e.drew || [null];
    drawn.forEach((c, k) => {
      const target = c && e.seat === me() ? [...document.querySelectorAll('#hand .card[data-card="' + c + '"]')].pop() : null;
      fly(c, spots.stock, target ? rectOf(target) : seatSpot(e.seat, {}, null), delay + k * 60, target);
    });
  } else if (verb === "discard") {
    const top = document.querySelector("#pile .top");
    fly(cards[0], seatSpot(e.seat, spots, cards[0]), rectOf(top || $("pile")), delay, top);
  } else if (verb === "take") {
    const pileTop = spots.view && spots.view.pile.top;
    const dest = meldSpot(side, pileTop ? [pileTop, ...cards] : cards, to);  // the top card is melded at once
    fly(pileTop, spots.pile, rectOf(dest), delay);
    cards.forEach((c, k) => fly(c, seatSpot(e.seat, spots, c), rectOf(dest), delay + 60 * (k + 1)));
    fly(null, spots.pile, seatSpot(e.seat, {}, null), delay + 120);
  } else if (verb === "meld" || verb === "add") {
    const dest = rectOf(meldSpot(side, cards, to));
    cards.forEach((c, k) => fly(c, seatSpot(e.seat, spots, c), dest, delay + 60 * k));
  }
}

/* Red threes laid out since `spots` was taken: each flies from the stock (or the seat) to where it lies now. */
function animateRedThrees(spots, delay) {
  const before = spots.view, now = S.view;
  if (!before || !now) return;
  now.red_threes.forEach((reds, seat) => {
    const had = (before.red_threes[seat] || []).length;
    reds.slice(had).forEach((c, k) => {
      const spot = document.querySelector('.seat[data-seat="' + seat + '"] .seat-reds')
        || document.querySelector('.side-melds[data-side="' + sideOf(seat) + '"] .red-threes');
      fly(c, spots.stock, rectOf(spot), delay + 80 * k);
    });
  });
}

/* A canasta closed since `spots`: its stack pulses as the cards are squared up. */
function pulseNewCanastas(spots) {
  const before = spots.view, now = S.view;
  if (!before || !now || Motion.speed <= 0) return;
  now.melds.forEach((melds, side) => melds.forEach((m) => {
    if (!m.canasta || (before.melds[side] || []).some((b) => b.canasta && b.rank === m.rank && b.cards.length <= m.cards.length)) return;
    const box = document.querySelector('.meld[data-side="' + side + '"][data-rank="' + m.rank + '"]');
    if (box) box.animate([{ transform: "scale(1.35) rotate(-6deg)" }, { transform: "scale(1)" }], { duration: Motion.reduced ? 1 : 600 / Motion.speed, delay: 300 / Motion.speed });
  }));
}

/* The last move of the deal, highlighted where it landed (the pile, a meld, the seat that drew). */
function markLastMove() {
  document.querySelectorAll(".last-move").forEach((n) => n.classList.remove("last-move"));
  const last = S.log.length ? S.log[S.log.length - 1] : null;
  if (!last) return;
  const words = last.move.split(" ");
  const side = sideOf(last.seat);
  let node = null;
  if (words[0] === "discard") node = document.querySelector("#pile .top");
  else if (words[0] === "meld" || words[0] === "add") {
    const toAt = words.indexOf("to");
    node = meldSpot(side, (toAt >= 0 ? words.slice(1, toAt) : words.slice(1)).map((w) => w.split("=")[0]), toAt >= 0 ? words[toAt + 1] : null);
  } else node = document.querySelector('.seat[data-seat="' + last.seat + '"]');
  if (node) node.classList.add("last-move");
  const items = document.querySelectorAll("#log li");
  if (items.length) items[items.length - 1].classList.add("last-move");
}
