"""The rules of every variant as data: the :class:`Rules` fields, their options and validation, the
presets and their aliases, and the words that describe them. May import :mod:`canasta.cards`,
:mod:`canasta.util` and :mod:`canasta.errors`; never the engine.

Public names: :class:`Rules`, :class:`RulesError`.
"""

from canasta.rules.fields import Rules, RulesError

__all__ = ["Rules", "RulesError"]
