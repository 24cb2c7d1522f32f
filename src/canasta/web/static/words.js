/* Words of the pages that depend on numbers or on the engine: plurals, refusal reasons, bot and seat names.
   Plain JS, loaded after common.js (uses I18N and t()). */
"use strict";

/* The text of `key` for the count `n`, by the page language's plural rules (Intl.PluralRules): the locale holds
   `key.one`, `key.few`, `key.other`, ... as the language needs; `{n}` in the text is the count. */
function tn(key, n, params) {
  const rules = new Intl.PluralRules(I18N.lang || "en");
  const all = Object.assign({ n: n }, params || {});
  const exact = key + "." + rules.select(n);
  if (I18N.texts[exact] !== undefined) return t(exact, all);
  return t(key + ".other", all);
}

/* A card in notation ("KH", "TS", "JK") as the page shows it: "K♥", "10♠", the joker's name. */
function cardName(code) {
  if (code === "JK") return t("card.joker");
  return rankLabel(code.slice(0, -1)) + (SUIT_SYMBOL[code.slice(-1)] || code.slice(-1));
}

/* A rank letter ("K", "7", "JK" for jokers) as the language names the cards of that rank ("kings"). */
function rankName(code) { return t("rank." + code); }

/* A sequence by its lowest and highest card, with the card its wild card stands for ("4H-7H/5H"): "4♥–7♥ (5♥)". */
function spanName(span) {
  const [ends, stands] = String(span).split("/");
  const text = ends.split("-").map(cardName).join("\u2013");
  return stands ? text + " (" + cardName(stands) + ")" : text;
}

/* A kind of canasta a rule asks for: "canasta", "natural_canasta", or for going out "natural", "mixed", "wild"
   or a rank letter. */
function kindName(kind) {
  if (I18N.texts["kind." + kind] !== undefined) return t("kind." + kind);
  return t("kind.of_rank", { rank: rankName(kind) });
}

/* The canastas a side needs to go out: "2 canastas", "2 canastas, 1 of them a sequence canasta". */
function canastasNeeded(canastas, sequences) {
  let text = tn("words.canastas", canastas);
  if (sequences) text += canastas > 1 ? tn("words.of_them_sequence", sequences) : t("words.that_is_sequence");
  return text;
}

/* The parameters of an engine refusal (docs/web.md, "Refusals") worded in the page language: ranks, cards,
   sequences, suits, kinds of canasta, the canastas needed and why the pile is frozen; counts stay numbers. */
function reasonWords(params) {
  const p = params || {};
  const out = {};
  for (const [k, v] of Object.entries(p)) {
    if (k === "rank") out[k] = rankName(v);
    else if (k === "card" || k === "top") out[k] = cardName(v);
    else if (k === "cards") out[k] = String(v).split(" ").map(cardName).join(" ");
    else if (k === "span" || k === "named") out[k] = spanName(v);
    else if (k === "suit") out[k] = SUIT_SYMBOL[v] || v;
    else if (k === "kind") out[k] = kindName(v);
    else if (k === "kinds") out[k] = String(v).split(",").map(kindName).join(", ");
    else if (k === "canastas") out[k] = canastasNeeded(v, p.sequence_canastas || 0);
    else if (k === "frozen") out[k] = t("frozen." + v, { card: p.card ? cardName(p.card) : "" });
    else out[k] = v;
  }
  return out;
}

/* The words for a refused move: `error` is the protocol's error message; when it carries a `reason`
   ({code, params}) with a text in the page language (`reason.<code>`, or `reason.<code>.one/few/other` counted
   by the parameter `n`), that text, else the English message. */
function reasonText(error) {
  const reason = error && error.reason;
  if (reason) {
    const key = "reason." + reason.code;
    const words = reasonWords(reason.params);
    if (I18N.texts[key] !== undefined) return t(key, words);
    if (I18N.texts[key + ".other"] !== undefined) return tn(key, (reason.params || {}).n, words);
  }
  return (error && error.message) || "";
}

/* A bot's level as the language names it: `spec` is the level ("hard") or the spec it plays ("expert(ms=100)");
   a level the page does not know is shown as it is. */
function botName(spec) {
  const level = String(spec || "").split("(")[0].trim();
  return I18N.texts["bot." + level] !== undefined ? t("bot." + level) : String(spec || "");
}

/* Compass names of the seats around a table, from the viewer's chair (South) in the order of play, for
   2 to 6 players (play goes clockwise: the next player sits on the left, West). */
const SEAT_POSITIONS = {
  2: ["south", "north"],
  3: ["south", "west", "east"],
  4: ["south", "west", "north", "east"],
  5: ["south", "west", "northwest", "northeast", "east"],
  6: ["south", "southwest", "northwest", "north", "northeast", "southeast"],
};
const MIRROR = { west: "east", east: "west", southwest: "southeast", southeast: "southwest",
                 northwest: "northeast", northeast: "northwest" };

/* The compass name of `seat` (0-based) at a table of `nSeats` seen from the seat `me` (default 0, South);
   `counterclockwise` mirrors East and West (play passing to the right). */
function seatName(seat, nSeats, me, counterclockwise) {
  const places = SEAT_POSITIONS[nSeats];
  if (!places) return t("lobby.seat", { n: seat + 1 });
  const place = places[(seat - (me || 0) + nSeats) % nSeats];
  return t("seat." + (counterclockwise ? (MIRROR[place] || place) : place));
}

/* The name shown for a seat of the protocol (`s`: {name, kind, bot}) at index `i`: the name a person chose, or,
   for the server's default names ("Player 2", "Bot 3 (medium)"), the same in the page language. */
function seatLabel(s, i) {
  const name = (s && s.name) || "";
  // the server's default names ("Player n", "Bot n (level)"), translated; the number is the one in the name,
  // which stays the seat's number when seats are shown in another order
  const player = /^Player (\d+)$/.exec(name);
  if (player) return t("seat.player", { n: Number(player[1]) });
  const bot = /^Bot (\d+) \((.+)\)$/.exec(name);
  if (bot && s.kind === "bot" && bot[2] === s.bot) return t("seat.bot", { n: Number(bot[1]), bot: botName(s.bot) });
  return name;
}
