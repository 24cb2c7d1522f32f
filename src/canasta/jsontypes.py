"""Naming JSON values in error messages (game records, score sheets)."""

from __future__ import annotations

from typing import Any


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
