"""``canasta.agents.registry.agent_factory``: a spec parsed and checked once, then agents built per seed exactly as
``make_agent(spec, seed)`` builds them (the Gymnasium wrapper's bots at every reset, issue 17)."""

from __future__ import annotations

import pytest

from canasta.agents.registry import agent_factory, make_agent
from canasta.engine.deal import Deal
from canasta.rules.fields import Rules


@pytest.mark.parametrize("spec", ["random", "easy(noise=0.5)", "hard"])
def test_factory_builds_what_make_agent_builds(spec: str) -> None:
    make = agent_factory(spec)
    rules = Rules.parse("classic")
    for seed in (1, 2):
        a, b = make(seed), make_agent(spec, seed)
        assert type(a) is type(b) and a.name == b.name
        deal = Deal(rules, seed=seed)
        for _ in range(30):  # the same picks, move after move
            legal = deal.legal_actions()
            view = deal.view(deal.to_act)
            pick = a.select(view, legal)
            assert pick == b.select(view, legal)
            deal.apply_action(pick)


@pytest.mark.parametrize("spec, words", [("nobody", "unknown bot"), ("hard(speed=2)", "has no option 'speed'"),
                                         ("expert(ms=200", "not of the form")])
def test_a_bad_spec_is_refused_at_once(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        agent_factory(spec)
