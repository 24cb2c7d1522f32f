"""Move-by-move digests of random deals of every preset, shared by tests/test_build.py and
scripts/legal_move_digests.py (which writes the golden file tests/data/legal_move_digests.json).

For each preset (:data:`canasta.rules.presets.PRESETS`), deals of seeds ``0..n-1`` (dealer ``seed % players``)
are played to their end by a random player (``random.Random(seed)`` picks among the legal move ids). The
SHA-256 digest of a preset covers, at every step, the list of legal move ids, the id chosen and the move as
applied (its notation, concrete cards included), then each deal's scores. The compiled core and the
pure-Python package must give the same digests: they play the same moves (issue 17).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from canasta.engine.deal import Deal
from canasta.rules.fields import Rules
from canasta.rules.presets import preset_names

GOLDEN = Path(__file__).parent / "data" / "legal_move_digests.json"
"""The committed digests."""
DEALS = 60
"""Deals per preset in the golden file (a few seconds for all presets on the pure build)."""


def preset_digest(name: str, deals: int) -> dict[str, object]:
    """``{"steps": moves applied, "sha256": hex digest}`` of ``deals`` random deals of preset ``name``."""
    rules = Rules.parse(name)
    h = hashlib.sha256()
    steps = 0
    for seed in range(deals):
        deal = Deal(rules, dealer=seed % rules.deal_players, seed=seed)
        rng = random.Random(seed)
        while not deal.over:
            legal = deal.legal_actions()
            action = legal[rng.randrange(len(legal))]
            move = deal.apply_action(action)
            h.update(f"{legal}>{action}:{move}\n".encode())
            steps += 1
        h.update(f"score {[(s.total, sorted(s.breakdown.items())) for s in deal.score()]}\n".encode())
    return {"steps": steps, "sha256": h.hexdigest()}


def all_digests(deals: int = DEALS) -> dict[str, object]:
    """The digests of every preset, as the golden file holds them."""
    return {"deals": deals, "presets": {name: preset_digest(name, deals) for name in preset_names()}}


def golden() -> dict[str, object]:
    """The committed digests (tests/data/legal_move_digests.json)."""
    data: dict[str, object] = json.loads(GOLDEN.read_text())
    return data
