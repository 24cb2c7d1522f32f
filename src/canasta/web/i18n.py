"""Languages of the web pages: English, Romanian and Spanish.

The texts live in ``locales/{lang}.json`` (a flat object: key -> text, ``{name}``
placeholders). The pages fetch a language with ``GET /api/i18n/{lang}`` and fill
every element marked ``data-i18n``; error codes of the protocol
(``error.{code}``) are translated the same way. English is the reference: every
other language must have exactly its keys (checked by the tests), a text counted by a number having one key
per plural category the language needs (``key.one``, ``key.few``, ``key.other``).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

LANGS = ("en", "ro", "es")
"""Language codes offered, English first."""
LOCALES = Path(__file__).parent / "locales"


@cache
def load_locale(lang: str) -> dict[str, str]:
    """The texts of ``lang`` (key -> text).

    Raises:
        KeyError: ``lang`` is not one of :data:`LANGS`.
    """
    if lang not in LANGS:
        raise KeyError(f"unknown language '{lang}'; languages: {', '.join(LANGS)}")
    data = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}


def translate(lang: str, key: str, **params: object) -> str:
    """The text of ``key`` in ``lang`` (English if missing there, the key itself if missing everywhere)."""
    text = load_locale(lang).get(key) if lang in LANGS else None
    if text is None:
        text = load_locale("en").get(key, key)
    return text.format(**params) if params else text


PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
"""Plural categories of Intl.PluralRules: a text counted by a number has a key per category the language
needs (``table.pile_size.one``, ``.few``, ``.other``: the pages' ``tn()``)."""


def plural_base(key: str) -> str:
    """``key`` without its plural category (``table.pile_size.few`` -> ``table.pile_size``), else ``key``."""
    base, _, last = key.rpartition(".")
    return base if base and last in PLURAL_CATEGORIES else key


def missing_keys(lang: str) -> tuple[set[str], set[str]]:
    """(keys English has that ``lang`` lacks, keys ``lang`` has that English lacks); a plural text counts as
    one key, whatever categories each language gives it."""
    en = {plural_base(k) for k in load_locale("en")}
    other = {plural_base(k) for k in load_locale(lang)}
    return en - other, other - en
