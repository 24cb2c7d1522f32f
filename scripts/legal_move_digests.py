"""Write (``--write``) or check the legal-move digests of random deals of every preset (tests/legal_digests.py).

Usage: PYTHONPATH=src:tests python scripts/legal_move_digests.py [--write] [--deals N]
Without ``--write`` it prints each preset's digest and whether it matches tests/data/legal_move_digests.json,
and exits with status 1 on a difference. Write the file only after a change that is meant to change the moves
(a rule fixed), and say so in the commit; the compiled and the pure-Python builds are both checked against it
(tests/test_build.py).
"""

from __future__ import annotations

import argparse
import json
import sys

from canasta.build_info import build
from legal_digests import DEALS, GOLDEN, all_digests, golden


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write tests/data/legal_move_digests.json")
    parser.add_argument("--deals", type=int, default=DEALS, help=f"deals per preset (default {DEALS})")
    args = parser.parse_args()
    found = all_digests(args.deals)
    if args.write:
        GOLDEN.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        print(f"wrote {GOLDEN} ({build()} build, {args.deals} deals per preset)")
        return 0
    want = golden()
    same = True
    for name, got in found["presets"].items():  # type: ignore[attr-defined]
        ok = want["deals"] == args.deals and want["presets"].get(name) == got  # type: ignore[attr-defined]
        same &= ok
        print(f"{name:22} {got['steps']:6} steps  {got['sha256'][:16]}  {'same' if ok else 'DIFFERENT'}")
    print(f"{build()} build: {'all the same as' if same else 'NOT the same as'} {GOLDEN.name}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
