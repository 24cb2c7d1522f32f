/* The table page's direct actions with Pointer Events (mouse, touch, pen alike): tap a card to select it; drag a
   card (or the selected cards) onto the pile to discard, onto one of your side's melds to add, onto your side's
   table to start a meld, or onto another card of your hand to reorder it; click the stock to draw and the pile to
   take it (a small chooser when several takes are legal). Reads the globals of table.js. */
"use strict";

let drag = null;   // the pointer pressed on a card of the hand: {x, y, index, id, ghost, indices}

function isMyTurn() {
  const v = S && S.view;
  return !!v && v.to_act === me() && S.status === "playing" && v.phase !== "over";
}

/* The engine's legal ways to take the pile now. */
function takes() { return S && isMyTurn() ? S.legal.filter((m) => m === "take" || m.startsWith("take ")) : []; }

function takeCards(m) {
  const w = m.split(" ").slice(1);
  const toAt = w.indexOf("to");
  return toAt >= 0 ? w.slice(0, toAt) : w;
}

/* The take that the selected `cards` make (suits do not matter to a take), or null. */
function matchTake(cards) {
  const want = cards.map(rankKey).sort().join(" ");
  const m = takes().find((x) => takeCards(x).map(rankKey).sort().join(" ") === want);
  if (!m) return null;
  return cards.length ? "take " + cards.join(" ") + m.slice(("take " + takeCards(m).join(" ")).length) : m;
}

function takePile() {
  if (!isMyTurn()) return;
  const list = takes();
  if (!list.length) { showError(t("error.cannot_take")); return; }
  const cards = selCards();
  const m = cards.length ? matchTake(cards) : null;
  if (m) sendMove(m);
  else if (list.length === 1) sendMove(list[0]);
  else showChooser(list);
}

function showChooser(list) {
  const box = $("chooser");
  box.innerHTML = "";
  box.append(el("div", { class: "chooser-title", text: t("table.choose_take") }));
  list.forEach((m) => {
    const b = el("button", { class: "take-choice", "data-move": m, onclick: () => { hideChooser(); sendMove(m); } });
    b.innerHTML = moveHtml(m);
    box.append(b);
  });
  box.append(el("button", { class: "take-cancel", text: t("table.close"), onclick: hideChooser }));
  box.hidden = false;
  box.querySelector("button").focus();
}

function hideChooser() { $("chooser").hidden = true; }

function onCardDown(ev) {
  const node = ev.target.closest("#hand .card");
  if (!node || ev.button > 0) return;
  drag = { x: ev.clientX, y: ev.clientY, index: +node.dataset.index, id: ev.pointerId, ghost: null, indices: null };
  node.setPointerCapture(ev.pointerId);
}

function onCardMove(ev) {
  if (!drag || ev.pointerId !== drag.id) return;
  if (!drag.ghost) {
    if (Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 8) return;
    startDrag();
  }
  drag.ghost.style.transform = "translate(" + (ev.clientX - 24) + "px," + (ev.clientY - 40) + "px)";
  document.querySelectorAll(".drop-hover").forEach((n) => n.classList.remove("drop-hover"));
  const target = dropTarget(ev.clientX, ev.clientY);
  if (target) target.node.classList.add("drop-hover");
}

function startDrag() {
  drag.indices = selected.has(drag.index) ? [...selected].sort((a, b) => a - b) : [drag.index];
  const ghost = el("div", { class: "drag-ghost", "aria-hidden": "true" });
  drag.indices.forEach((i) => ghost.append(card(S.view.hand[i])));
  document.body.append(ghost);
  document.body.classList.add("dragging");
  drag.ghost = ghost;
}

/* What lies under the pointer: the pile, one of your side's melds, your side's table, a card of your hand. */
function dropTarget(x, y) {
  const node = document.elementFromPoint(x, y);
  if (!node) return null;
  const pile = node.closest("#pile");
  if (pile) return { kind: "pile", node: pile };
  const meld = node.closest(".meld.mine");
  if (meld) return { kind: "meld", node: meld, rank: meld.dataset.rank };
  const own = node.closest("#own-melds, .new-meld");
  if (own) return { kind: "new", node: own };
  const other = node.closest("#hand .card");
  if (other) return { kind: "hand", node: other, index: +other.dataset.index };
  return null;
}

function onCardUp(ev) {
  if (!drag || ev.pointerId !== drag.id) return;
  const d = drag;
  drag = null;
  document.querySelectorAll(".drop-hover").forEach((n) => n.classList.remove("drop-hover"));
  if (!d.ghost) { toggle(d.index); return; }
  d.ghost.remove();
  document.body.classList.remove("dragging");
  const target = dropTarget(ev.clientX, ev.clientY);
  if (target) dropOn(target, d.indices);
}

function onCardCancel() {
  if (drag && drag.ghost) { drag.ghost.remove(); document.body.classList.remove("dragging"); }
  drag = null;
}

function dropOn(target, indices) {
  const cards = indices.map((i) => S.view.hand[i]);
  if (target.kind === "hand") { reorder(indices, target.index); return; }
  if (!isMyTurn()) { showError(t("error.not_your_turn")); return; }
  if (target.kind === "pile") {
    if (cards.length !== 1) { showError(t("error.discard_one")); return; }
    sendMove("discard " + cards[0]);
    return;
  }
  selected = new Set(indices);
  meldAction(target.kind === "meld" ? target.rank : null);
}

/* Move the dragged cards before the card dropped on, and keep that order (until the sort is chosen again). */
function reorder(indices, before) {
  const hand = S.view.hand;
  const order = displayOrder(hand).filter((i) => !indices.includes(i));
  const at = order.indexOf(before);
  order.splice(at < 0 ? order.length : at, 0, ...indices);
  handOrder = order.map((i) => hand[i]);
  renderMyHand();
}

function wireDirectActions() {
  const hand = $("hand");
  hand.addEventListener("pointerdown", onCardDown);
  // on the window: a hand drawn again while a card is dragged (a bot moved) must not lose the drag
  window.addEventListener("pointermove", onCardMove);
  window.addEventListener("pointerup", onCardUp);
  window.addEventListener("pointercancel", onCardCancel);
  hand.addEventListener("keydown", (ev) => {
    const node = ev.target.closest(".card");
    if (node && (ev.key === "Enter" || ev.key === " ")) { ev.preventDefault(); ev.stopPropagation(); toggle(+node.dataset.index); }
  });
  const press = (node, fn) => {
    node.addEventListener("click", fn);
    node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); fn(); } });
  };
  press($("stock"), () => { if (isMyTurn() && legalHas("draw")) sendMove("draw"); });
  press($("pile"), takePile);
  for (const on of ["pointerenter", "focus"]) $("pile").addEventListener(on, () => $("hand").classList.add("show-takers"));
  for (const off of ["pointerleave", "blur"]) $("pile").addEventListener(off, () => $("hand").classList.remove("show-takers"));
}
