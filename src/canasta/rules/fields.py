"""Rules: an immutable description of a variant, built from a preset and options.

A variant is named by a string ``name(option=value,...)`` such as ``classic``,
``classic(players=2)`` or ``classic(players=6,teams=3,stock_end=reshuffle)``.
:meth:`Rules.parse` reads such a string and :meth:`Rules.preset` builds the same
from Python keywords. Every field of :class:`Rules` is also an option (its name
in snake_case), so the engine and the scoring read behaviour from fields and
never from the variant's name.

Unknown presets, unknown options, badly typed values and impossible
combinations raise :class:`RulesError` with a message that names the culprit and
lists what is allowed.

Presets (:data:`PRESETS`): ``classic`` (RULES.md §1, §3.1), ``uruguay`` (§3.3 a),
``free-canasta`` (§3.5, S4), ``spanish`` (§3.3 b, seed 001), ``cuban`` (§3.2) and the others of
:data:`PRESETS` (``escalator``: §3.5, S4 l.55-69).
Each page of ``docs/variants/`` lists a preset's rules with their sources.

Rules: RULES.md §1 (classic), §2 (the options where sources disagree), §3.1
(2, 3 and 6 players), §3.2 (Cuban), §3.3 (Uruguayan), §3.5 (Free Canasta).
"""


from __future__ import annotations

import re
from typing import Any

from canasta.rules.describe import describe
from canasta.rules.errors import RulesError
from canasta.rules.options import option_names, option_text
from canasta.rules.presets import PRESET_ALIASES, PRESETS, preset_names
from canasta.rules.rule_fields import RuleFields
from canasta.rules.tables import BELOW_ZERO, MAX_VARIANT_CHARS
from canasta.util.jsontypes import quoted
from canasta.util.suggest import did_you_mean

__all__ = ["BELOW_ZERO", "PRESETS", "Rules", "RulesError", "describe", "option_names", "preset_names"]
"""Also importable from here (their homes are the sibling modules) as before the split."""


class Rules(RuleFields):
    """The rules of one variant: every switch the engine and the scoring read.

    Build with :meth:`preset` or :meth:`parse`, not directly, so that player-count
    defaults are applied and the combination is validated. All point amounts are
    in points; all counts are numbers of cards.

    >>> rules = Rules.preset("classic", players=2)
    >>> rules.spec(), rules.hand_size, rules.draw
    ('classic(players=2)', 15, 2)
    >>> Rules.parse("samba(players=6)").teams
    2
    >>> Rules.parse("classic(player=2)")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    canasta.rules.errors.RulesError: unknown option 'player' for variant classic (did you mean 'players'?); ...
    """

    # ------------------------------------------------------------------ building

    @classmethod
    def preset(cls, name: str = "classic", **options: Any) -> Rules:
        """Build the rules of preset ``name`` with ``options`` overriding its fields.

        ``players`` and ``teams`` select the player-count defaults of RULES.md
        §3.1 before the other options apply. Values may be Python values or the
        text accepted in variant strings.

        >>> rules = Rules.preset("classic", players=6, teams=3)
        >>> rules.spec(), rules.packs, rules.team_size
        ('classic(players=6,teams=3)', 3, 2)

        Raises:
            RulesError: unknown preset or option, bad value, impossible combination.
        """
        if not isinstance(name, str):
            raise RulesError(f"a variant is named by a text such as 'classic', not {type(name).__name__}")
        key = name.strip().lower()
        key = PRESET_ALIASES.get(key, key)
        if key not in PRESETS:
            raise RulesError(
                f"unknown variant {quoted(name)}{did_you_mean(key[:40], PRESETS)}; "
                f"known variants: {', '.join(sorted(PRESETS))}"
            )
        texts = {k: option_text(k, v) for k, v in options.items()}
        return PRESETS[key](cls(), texts)

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read a variant string such as ``classic(players=6,teams=3)``.

        >>> Rules.parse("classic(players=6,teams=3)") == Rules.preset("classic", players=6, teams=3)
        True
        >>> Rules.parse("canasta(variant=samba)").name  # the OpenSpiel-style game string
        'samba'

        Raises:
            RulesError: not a text, longer than :data:`MAX_VARIANT_CHARS`, holding a control
                character, malformed, or :meth:`preset` refuses it.
        """
        if not isinstance(text, str):
            raise RulesError(f"a variant string is a text such as classic(players=2), not {type(text).__name__}")
        if len(text) > MAX_VARIANT_CHARS:
            raise RulesError(f"a variant string has at most {MAX_VARIANT_CHARS} characters, not {len(text)}")
        if not all(c.isprintable() or c.isspace() for c in text):
            raise RulesError(f"the variant string {quoted(text)} holds a control character; "
                             "write e.g. classic(players=2)")
        m = re.fullmatch(r"\s*([A-Za-z][\w-]*)\s*(?:\((.*)\))?\s*", text)
        if not m:
            raise RulesError(
                f"cannot read variant {quoted(text)}: write a name, optionally followed by "
                "(option=value,...), e.g. classic(players=2)"
            )
        name, body = m.group(1), m.group(2)
        opts: dict[str, str] = {}
        if body and body.strip():
            for part in body.split(","):
                if "=" not in part:
                    raise RulesError(
                        f"option {quoted(part.strip())} in {quoted(text)} has no value: write option=value"
                    )
                k, v = part.split("=", 1)
                k = k.strip().lower().replace("-", "_")
                if k in opts:
                    raise RulesError(f"option {quoted(k)} is given twice in {quoted(text)}")
                opts[k] = v.strip()
        if name.lower() == "canasta":  # OpenSpiel-style game string: canasta(variant=...)
            variant = opts.pop("variant", "classic")
            return cls.preset(variant, **opts)
        return cls.preset(name, **opts)

    def describe(self) -> str:
        """The rules in force, as text for a person (used by ``canasta rules``)."""
        return describe(self)
