"""Parse a notation file into model objects and throw them away (bench helper).

    python3 bench/parse_only.py FILE      prints the number of hands read
"""

from __future__ import annotations

import gc
import sys

from auditor.notation.reader import read_games


def main(path: str) -> int:
    gc.freeze()
    gc.set_threshold(20000, 50, 100)  # as the audit's workers do
    hands = 0
    with open(path, encoding="utf-8", newline="") as fh:
        for game in read_games(fh):
            hands += len(game.hands)
    print(hands)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
