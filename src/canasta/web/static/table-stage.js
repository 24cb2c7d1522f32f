/* The table page's staging of an initial meld: while your side has not melded, cards laid out for a meld are
   staged on your side of the table first, with a live bar "45 / 90 towards your minimum" and what the rules
   still miss (the server's read-only "check": the engine tries the staged melds on a copy of the deal); Commit
   sends the melds, Take back returns the cards to the hand. Nothing is sent to the game before Commit. */
"use strict";

let staged = [];       // staged melds, each a list of indices into S.view.hand
let stageCheck = null; // the server's last "checked" answer for the staged melds

function stagingOn() {
  const v = S && S.view;
  return !!v && isMyTurn() && v.phase === "play" && !v.opened[v.side];
}

function stagedSet() { return new Set(staged.flat()); }

/* Stage the cards (indices): with the staged meld of their rank, wild cards alone with the last staged meld. */
function stageCards(indices) {
  const hand = S.view.hand;
  const natural = indices.map((i) => hand[i]).find((c) => !isWild(c));
  const same = natural ? staged.find((g) => g.some((i) => !isWild(hand[i]) && hand[i][0] === natural[0]))
    : staged[staged.length - 1];
  if (same) same.push(...indices); else staged.push([...indices]);
  selected = new Set();
  checkStaged();
  render();
}

function stagedMoves() {
  const v = S.view, own = v.melds[v.side];
  return staged.map((g) => {
    const cards = g.map((i) => v.hand[i]);
    const natural = cards.find((c) => !isWild(c));
    return (natural && own.some((m) => m.rank === natural[0]) ? "add " : "meld ") + cards.join(" ");
  });
}

function checkStaged() {
  stageCheck = null;
  if (staged.length) send({ type: "check", moves: stagedMoves() });
}

function onChecked(m) {
  stageCheck = m;
  if (S) renderStage();
}

function unstage() {
  staged = [];
  stageCheck = null;
  if (S) render();
}

/* Send the staged melds, one move each, in order (the server applies them in the order received). */
function commitStaged() {
  const moves = stagedMoves();
  staged = [];
  stageCheck = null;
  moves.forEach((m) => send({ type: "move", move: m }));
}

/* The staged melds and the bar, on your side of the table (inside #own-melds). */
function renderStage() {
  const old = document.getElementById("stage");
  if (old) old.remove();
  if (!staged.length || !stagingOn()) return;
  const hand = S.view.hand;
  const box = el("div", { id: "stage", class: "stage", role: "group", "aria-label": t("stage.title") });
  const row = el("div", { class: "meld-row" });
  staged.forEach((g) => {
    const cards = el("div", { class: "meld-cards" });
    g.forEach((i) => cards.append(card(hand[i], "mini-card")));
    row.append(el("div", { class: "meld staged" }, cards));
  });
  const c = stageCheck;
  const min = c ? c.minimum : (S.view.minimums[S.view.side] || 0);
  const pts = c ? c.points : 0;
  const bar = el("div", { class: "stage-bar" }, el("progress", { max: String(Math.max(1, min)), value: String(Math.min(pts, min)) }),
    el("span", { class: "stage-count", text: c ? t("stage.progress", { points: pts, minimum: min }) : t("stage.checking") }));
  let why = "";
  if (c && c.message) why = reasonText(c);
  else if (c && !c.ok) why = pts < min ? tn("stage.missing", min - pts) : openingText(S.opening[S.view.side]);
  box.append(el("div", { class: "stage-title", text: t("stage.title") }), row, bar);
  if (why) box.append(el("div", { class: "stage-why", text: why }));
  const commit = el("button", { id: "stage-commit", class: "primary", text: t("stage.commit"), onclick: commitStaged });
  commit.disabled = !(c && c.ok);
  box.append(el("div", { class: "stage-buttons" }, commit, el("button", { id: "stage-back", text: t("stage.take_back"), onclick: unstage })));
  $("own-melds").prepend(box);
}
