"""Reading JSON files and naming JSON values in error messages (game records, score sheets)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def read_json_file(path: str | Path, error: type[Exception]) -> Any:
    """The decoded JSON value of the UTF-8 file at ``path``.

    Raises:
        error: (the caller's error class, built with one message) the file cannot be read, is not
            UTF-8 text or is not valid JSON; the message names the file and, for JSON, where it breaks.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise error(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise error(f"{path} is not a text file (UTF-8 JSON expected)") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise error(f"{path} is not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None


def json_type_name(value: Any) -> str:
    """How to name ``value`` (read from JSON) in a message for a person: ``null``, ``true/false``,
    ``a whole number``, ``the text 'x'``, ``a list``, ``an object``, or its Python type name."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
