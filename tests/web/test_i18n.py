"""Languages: every language has every text, and every text the pages use exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from canasta.web.i18n import LANGS, load_locale, missing_keys, translate

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
