"""Languages: every language has every text, and every text the pages use exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from canasta.web.i18n import LANGS, PLURAL_CATEGORIES, load_locale, missing_keys, plural_base, translate
from canasta.web.tables import BOT_LEVELS

STATIC = Path(__file__).parents[2] / "src" / "canasta" / "web" / "static"


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_language_has_every_key(lang: str) -> None:
    assert missing_keys(lang) == (set(), set())


def test_every_key_used_by_the_pages_exists() -> None:
    used: set[str] = set()
    for f in STATIC.glob("*.html"):
        used |= set(re.findall(r'data-i18n(?:-placeholder|-title)?="([^"]+)"', f.read_text()))
    for f in STATIC.glob("*.js"):
        used |= set(re.findall(r'\bt\("([a-z_]+\.[a-z_]+)"[,)]', f.read_text()))
    en = load_locale("en")
    assert used and not used - set(en)


def test_protocol_and_table_error_codes_are_translated() -> None:
    src = (STATIC.parent / "protocol.py").read_text() + "".join(
        f.read_text() for f in sorted((STATIC.parent / "tables").glob("*.py")))
    codes = set(re.findall(r'(?:ProtocolError|TableError)\(\s*"([a-z_]+)"', src))
    codes |= set(re.findall(r'"(game_over|not_started)"', src))
    assert codes and {c for c in codes if c != "corrupt" and c != "bad_seats" and c != "bad_variant"} <= {
        k.split(".", 1)[1] for k in load_locale("en") if k.startswith("error.")}


def test_translate_fills_placeholders_and_falls_back_to_english() -> None:
    assert translate("es", "lobby.seat", n=3) == "Asiento 3"
    assert translate("ro", "no.such.key") == "no.such.key"


PLACEHOLDER = re.compile(r"{([a-z_]+)}")
PLURALS = {"en": {"one", "other"}, "es": {"one", "other"}, "ro": {"one", "few", "other"}}
"""The plural categories (Intl.PluralRules) each language's counted texts must have; Spanish may add ``many``."""


def plural_texts(lang: str) -> dict[str, dict[str, str]]:
    """The counted texts of ``lang``: base key -> {category: text}."""
    out: dict[str, dict[str, str]] = {}
    for key, text in load_locale(lang).items():
        base = plural_base(key)
        if base != key:
            out.setdefault(base, {})[key.rsplit(".", 1)[1]] = text
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_counted_texts_have_the_plural_categories_of_their_language(lang: str) -> None:
    texts = plural_texts(lang)
    assert "table.pile_size" in texts and "reason.meld_min_cards" in texts
    for base, by_category in texts.items():
        cats = set(by_category)
        assert PLURALS[lang] <= cats <= PLURALS[lang] | ({"many"} if lang == "es" else set()), (lang, base, cats)
        assert all("{n}" in text or base.startswith("reason.") for text in by_category.values()), (lang, base)


def placeholders(lang: str, base: str) -> set[str]:
    """The placeholders of a text (of all its plural categories)."""
    texts = load_locale(lang)
    found: set[str] = set()
    for key in [base, *(f"{base}.{c}" for c in PLURAL_CATEGORIES)]:
        found |= set(PLACEHOLDER.findall(texts.get(key, "")))
    return found


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_text_has_the_placeholders_of_the_english(lang: str) -> None:
    bases = {plural_base(k) for k in load_locale("en")}
    for base in bases:
        assert placeholders(lang, base) == placeholders("en", base), (lang, base)


def test_refusal_words_have_no_rule_references_and_every_rank_and_bot_has_a_name() -> None:
    for lang in LANGS:
        texts = load_locale(lang)
        assert not [k for k, v in texts.items() if k.startswith("reason.") and "§" in v], lang
        assert all(f"rank.{r}" in texts for r in [*"23456789TJQKA", "JK"]), lang
        assert all(f"bot.{b}" in texts and f"lobby.bot_{b}" in texts for b in BOT_LEVELS), lang
        words = (STATIC / "words.js").read_text()
        for place in set(re.findall(r'"((?:south|north)(?:west|east)?|west|east)"', words)):
            assert f"seat.{place}" in texts, (lang, place)
        for value in ("always", "card", "wild", "side"):
            assert f"frozen.{value}" in texts, (lang, value)


def test_words_js_gives_the_functions_the_table_page_calls() -> None:
    words = (STATIC / "words.js").read_text()
    for name in ("tn", "reasonText", "reasonWords", "botName", "seatName", "seatLabel", "cardName", "rankName"):
        assert re.search(rf"\bfunction {name}\(", words), name
