"""The one error of the rules layer: a variant string, preset, option or combination that is not valid."""


class RulesError(ValueError):
    """A variant string, preset name, option or combination of options is not valid."""
