"""Scripted positions for the refusal codes (tests/data/refusal_positions.json, used by tests/test_refusals.py).

Each entry names a code and a position that gives it: a variant, the shuffle seed of a deal dealt by seat 0,
the moves played from the deal's start (notation), the move refused there and the parameters expected.
The positions were found by random play (``python tests/refusal_positions.py SEED DEALS`` searches ``DEALS``
deals of every variant and keeps, for each code, the position reached with the fewest moves; run it again
after a change of the refusals and review the diff).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from canasta.cards.deck import card_str
from canasta.engine.deal import Deal
from canasta.engine.explain import explain_refusal
from canasta.moves.actions import ACTIONS
from canasta.moves.notation import Move, MoveError
from canasta.rules.fields import Rules
from canasta.rules.presets import preset_names

POSITIONS = Path(__file__).parent / "data" / "refusal_positions.json"


def load_positions() -> dict[str, dict[str, Any]]:
    """The scripted positions: code -> {rules, seed, moves, move, params}."""
    return json.loads(POSITIONS.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def replay(entry: dict[str, Any]) -> Deal:
    """The deal of a scripted position, its moves played."""
    deal = Deal(Rules.preset(entry["rules"]), dealer=0, seed=entry["seed"])
    for move in entry["moves"]:
        deal.apply(move)
    return deal


def _tries(deal: Deal, rng: random.Random) -> list[str]:
    """Moves to try: move ids that are not legal, and moves of the player's own cards."""
    legal = set(deal.legal_actions())
    out = [str(deal.move_for_action_safe(a)) for a in rng.sample(range(len(ACTIONS)), 40) if a not in legal]
    out += ["draw", "pass", "ask", "yes", "no", "take"]
    held = [c for c in range(53) for _ in range(deal.hands[deal.turn][c])]
    by_rank: dict[int, list[int]] = {}
    for c in held:
        by_rank.setdefault(c >> 2, []).append(c)
    for cs in by_rank.values():
        out += [f"take {card_str(cs[0])} {card_str(cs[-1])}", "meld " + " ".join(map(card_str, cs[:3])),
                "add " + " ".join(map(card_str, cs[:2]))]
    for _ in range(20 if held else 0):
        cs = rng.sample(held, min(rng.randint(1, 5), len(held)))
        kind = rng.choice(["meld", "add", "discard", "take"])
        some = cs[:1] if kind == "discard" else cs[:2] if kind == "take" else cs
        out.append(f"{kind} " + " ".join(map(card_str, some)))
    return out


def search(seed: int, deals: int, found: dict[str, dict[str, Any]]) -> None:
    """Play ``deals`` random deals of every variant; keep in ``found`` the shortest position of each code."""
    rng = random.Random(seed)
    for name in preset_names():
        for deal_seed in range(deals):
            deal = Deal(Rules.preset(name), dealer=0, seed=deal_seed)
            played: list[str] = []
            while not deal.over and len(played) < 500:
                for text in _tries(deal, rng):
                    try:
                        why = explain_refusal(deal, Move.parse(text))
                    except MoveError:
                        continue
                    old = found.get(why.code)
                    if old is None or len(old["moves"]) > len(played):
                        found[why.code] = {"rules": name, "seed": deal_seed, "moves": list(played),
                                           "move": text, "params": why.params}
                played.append(str(deal.apply_action(rng.choice(sorted(deal.legal_actions())))))


if __name__ == "__main__":
    positions = load_positions() if POSITIONS.exists() else {}
    search(int(sys.argv[1]), int(sys.argv[2]), positions)
    POSITIONS.write_text(json.dumps(dict(sorted(positions.items())), indent=1, ensure_ascii=False) + "\n",
                         encoding="utf-8")
    print(len(positions), "codes")
