"""The one reader of JSON from outside the program, and naming JSON values in error messages.

Every JSON document that comes from outside (game records and saved games, score sheets,
HTTP request bodies, websocket messages) is read by :func:`parse_json` (text or bytes) or
:func:`read_json_file` (a file), which refuse hostile input with one line that says what is
wrong and what is allowed, raised as the caller's own error class, never a traceback:

* more than ``max_bytes`` bytes (:data:`MAX_FILE_BYTES` for a file by default);
* bytes that are not UTF-8 text, an empty document, text that is not JSON (where it breaks);
* lists and objects nested more than :data:`MAX_DEPTH` deep (checked on the text *before*
  it is parsed, so a deep document never reaches the recursive decoder);
* a number with more than :data:`MAX_INT_DIGITS` digits, ``NaN``/``Infinity``, a number
  too large for a float;
* an object that names the same key twice (the decoder would silently drop one value);
* a string holding a lone surrogate (``"\\ud800"``), which cannot be written back as UTF-8.

What the document must hold (fields, their types and ranges) is checked by each reader
(:mod:`canasta.formats.records`, :mod:`canasta.formats.score_sheet`, :mod:`canasta.web`).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from itertools import accumulate
from pathlib import Path
from typing import Any

MAX_DEPTH = 32
"""Deepest nesting of lists and objects accepted (a game record nests 5 deep)."""
MAX_INT_DIGITS = 40
"""Most digits of a number accepted (a 128-bit seed has 39)."""
MAX_FILE_BYTES = 8 * 1024 * 1024
"""Largest JSON file read, in bytes (a long game's record is some 100 kB)."""

ErrorFactory = Callable[[str], Exception]
"""Builds the caller's error from a one-line message (an exception class taking one message fits)."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)  # a JSON string, escapes included (unrolled: fast)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DELTA = {"[": 1, "{": 1, "]": -1, "}": -1}


class _Refused(Exception):
    """Raised inside the decoder's hooks; turned into the caller's error by :func:`parse_json`."""


def nesting_depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` in JSON ``text``, brackets inside strings not counted.

    Linear in the length of ``text`` and without recursion, so it can be run on any input
    before decoding it. For text that is not JSON the count is only an estimate.
    """
    skeleton = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(0, max(accumulate(map(_DELTA.__getitem__, skeleton)), default=0))


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise _Refused(f"holds a number of {digits} digits: at most {MAX_INT_DIGITS} digits are allowed")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if len(text) > 2 * MAX_INT_DIGITS or not math.isfinite(value):
        raise _Refused(f"holds the number {quoted(text, 20)}, too long or too large: numbers have at most "
                       f"{MAX_INT_DIGITS} digits")
    return value


def _constant(text: str) -> Any:
    raise _Refused(f"holds {text}, which is not a JSON number: numbers are whole numbers")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise _Refused(f"names the key {quoted(k)} twice in one object: each key may appear once")
        out[k] = v
    return out


def quoted(text: str, limit: int = 40) -> str:
    """``text`` in quotes for a one-line message: cut to ``limit`` characters (``...`` marks the cut),
    in Python's escaped form (``'a\\nb'``) if it holds a line break or another unprintable character."""
    shown = text[:limit] + ("..." if len(text) > limit else "")
    return f"'{shown}'" if shown.isprintable() else repr(shown)




def _check_strings(value: Any) -> None:
    """Refuse strings (values or keys) that cannot be encoded as UTF-8 (lone surrogates)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise _Refused("holds a text with a lone surrogate (such as \\ud800): texts must be "
                           "valid Unicode") from None
    elif isinstance(value, list):
        for v in value:
            _check_strings(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_strings(k)
            _check_strings(v)


def parse_json(data: str | bytes, error: ErrorFactory, source: str = "the input",
               max_bytes: int = MAX_FILE_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value of ``data``, refusing hostile input.

    Args:
        data: the document, as text or as UTF-8 bytes.
        error: builds the exception to raise from one message (e.g. the caller's error class).
        source: how messages name the document (``"game.json"``, ``"the request body"``).
        max_bytes: largest document accepted, in UTF-8 bytes.
        max_depth: deepest nesting of lists and objects accepted.

    Returns:
        The decoded value: dicts, lists, str, int, float, bool, None, nested at most
        ``max_depth`` deep, every int of at most :data:`MAX_INT_DIGITS` digits.

    Raises:
        error: one line starting with ``source``: too large, not UTF-8, empty, not JSON
            (with line and column), nested too deep, a number too long or not finite, a key
            given twice in an object, a lone surrogate in a text.
    """
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise error(f"{source} is {size} bytes: at most {max_bytes} bytes are accepted")
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise error(f"{source} is not UTF-8 text (byte {e.start + 1} cannot be read); "
                        "JSON in UTF-8 is expected") from None
    else:
        text = data
    if not text.strip():
        raise error(f"{source} is empty: a JSON document is expected")
    depth = nesting_depth(text)
    if depth > max_depth:
        raise error(f"{source} nests lists and objects {depth} deep: at most {max_depth} levels are allowed")
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant,
                           object_pairs_hook=_object)
        _check_strings(value)
    except _Refused as e:
        raise error(f"{source} {e}") from None
    except json.JSONDecodeError as e:
        raise error(f"{source} is not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    except (RecursionError, ValueError) as e:  # not expected after the checks above; still no traceback
        raise error(f"{source} cannot be read as JSON: {str(e).splitlines()[0] if str(e) else type(e).__name__}"
                    ) from None
    return value


def read_json_file(path: str | Path, error: ErrorFactory, max_bytes: int = MAX_FILE_BYTES) -> Any:
    """The decoded JSON value of the UTF-8 file at ``path`` (see :func:`parse_json`).

    At most ``max_bytes + 1`` bytes are read, so a huge file costs no memory.

    Raises:
        error: (the caller's error, built with one message) the file cannot be read, is larger
            than ``max_bytes``, or :func:`parse_json` refuses it; the message names the file.
    """
    try:
        with open(path, "rb") as f:
            data = f.read(max_bytes + 1)
    except OSError as e:
        raise error(f"cannot read {path}: {e.strerror or e}") from None
    if len(data) > max_bytes:
        raise error(f"{path} is larger than {max_bytes} bytes: at most {max_bytes} bytes are read")
    return parse_json(data, error, str(path), max_bytes)


def shown_value(value: Any) -> str:
    """A JSON value as quoted in a one-line message: a text by :func:`quoted` (``'x'``), a number or
    true/false/null as written (``2``, ``True``, ``None``), a list or an object by its kind (``a list``)."""
    if isinstance(value, str):
        return quoted(value)
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    return json_type_name(value)


def json_type_name(value: Any) -> str:
    """How to name ``value`` (read from JSON) in a message for a person: ``null``, ``true/false``,
    ``a whole number``, ``the text 'x'`` (cut to 40 characters), ``a list``, ``an object``, or its
    Python type name (``float`` for a number with a fraction)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, str):
        return f"the text {quoted(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, float):
        return "a number with a fraction"
    return type(value).__name__
