"""The rules of every variant as data: the :class:`Rules` fields, their options and validation, the
presets and their aliases, and the words that describe them. May import :mod:`canasta.cards`,
:mod:`canasta.util` and :mod:`canasta.errors`; never the engine.

Modules: ``tables`` (card values, minimum-count and red-three tables, limits) · ``errors``
(:class:`RulesError`) · ``rule_fields`` (:class:`RuleFields`: every field, grouped by topic, and the facts
derived from them) · ``options`` (reading option texts, option names and aliases) · ``validation``
(impossible combinations, by topic) · ``presets`` (each variant's fields and builders) · ``describe``
(the rules in words) · ``fields`` (:class:`Rules`, the public face: ``Rules.preset``, ``Rules.parse``).

Public names: :class:`Rules`, :class:`RulesError`.
"""

from canasta.rules.fields import Rules, RulesError

__all__ = ["Rules", "RulesError"]
