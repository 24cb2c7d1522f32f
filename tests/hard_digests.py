"""Move-by-move digests of seeded deals between four ``hard`` bots, pinned in tests/data/hard_move_digests.json
(issue 17: the hard bot made faster must play the same moves; it is also the expert's rollout policy).

Shared by tests/test_hard_moves.py (which checks them) and ``PYTHONPATH=src:tests python tests/hard_digests.py
--write`` (which writes the file: only for a change meant to change the hard bot's play, said in the commit).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from canasta.agents.registry import make_agent
from canasta.engine.game import Game
from canasta.moves.notation import Move
from canasta.play.match import play_deal
from canasta.rules.fields import Rules

SPECS = ["classic", "classic(players=2)", "italian", "hollywood", "samba", "classic(players=6)"]
"""Four-, two- and six-player classic and three families with their own decisions (sequences, pending piles)."""

DEALS = 3
"""Deals per preset (game seed ``k`` for deal ``k``), as benchmarks/bots_bench.py plays them."""

GOLDEN = Path(__file__).parent / "data" / "hard_move_digests.json"


def spec_digest(spec: str, deals: int = DEALS) -> dict[str, object]:
    """``{"moves": moves played, "sha256": hex digest of every (deal, seat, move)}`` of ``deals`` deals of four (or
    the table's) hard bots."""
    rules = Rules.parse(spec)
    h = hashlib.sha256()
    count = 0
    for k in range(deals):
        game = Game(rules, seed=k)
        game.new_deal()
        agents = [make_agent("hard", seat) for seat in range(rules.players)]
        moves: list[str] = []

        def record(deal: object, seat: int, move: Move, moves: list[str] = moves) -> None:
            moves.append(f"{seat}:{move}")

        play_deal(game, agents, on_move=record)
        count += len(moves)
        h.update(f"{spec}/{k}/{' '.join(moves)}\n".encode())
    return {"moves": count, "sha256": h.hexdigest()}


def golden() -> dict[str, dict[str, object]]:
    """The committed digests by spec."""
    data: dict[str, dict[str, object]] = json.loads(GOLDEN.read_text())
    return data


if __name__ == "__main__":
    found = {spec: spec_digest(spec) for spec in SPECS}
    if "--write" in sys.argv:
        GOLDEN.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        print(f"wrote {GOLDEN}")
    else:
        print(json.dumps(found, indent=1))
