/* Words of the table page that depend on numbers or on the engine: plurals, refusal reasons, bot and seat names.
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

/* The words for a refused move: `error` is the protocol's error message; when it carries a `reason`
   ({code, params}) with a text in the page language (`reason.<code>`), that text, else the English message. */
function reasonText(error) {
  const reason = error && error.reason;
  if (reason && I18N.texts["reason." + reason.code] !== undefined) return t("reason." + reason.code, reason.params);
  return (error && error.message) || "";
}
