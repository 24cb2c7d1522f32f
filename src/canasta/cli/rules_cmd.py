"""``canasta rules --options``: every option with its current value."""

from __future__ import annotations

import dataclasses

from canasta.rules.fields import Rules, option_names
from canasta.rules.options import ALIAS_FIELDS, alias_text


def option_table(rules: Rules) -> str:
    """Lines ``name = value`` for every field option of ``rules`` (tuples shown compactly)."""
    lines = []
    fields = {f.name for f in dataclasses.fields(Rules)}
    for name in option_names():
        if name not in fields:
            value_text = alias_text(rules, name)
            lines.append(f"{name} = {value_text} (sets {ALIAS_FIELDS[name]})" if value_text
                         else f"{name} (sets {ALIAS_FIELDS[name]})")
            continue
        value = getattr(rules, name)
        if name == "card_values":
            text = "standard" if value == dataclasses.replace(rules).card_values else "custom"
        elif isinstance(value, frozenset):
            text = "|".join(sorted(value))
        elif isinstance(value, tuple) and value and isinstance(value[0], tuple):
            text = "/".join(f"{a}:{b}" for a, b in value)
        elif isinstance(value, tuple):
            text = "/".join(str(v) for v in value) or "none"
        elif isinstance(value, bool):
            text = "true" if value else "false"
        else:
            text = str(value)
        lines.append(f"{name} = {text}")
    return "\n".join(lines)
