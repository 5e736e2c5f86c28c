"""The floor: read a file and split every line into words in plain Python (bench helper).

    python3 bench/floor.py FILE      prints the number of words
"""

from __future__ import annotations

import sys


def main(path: str) -> int:
    words = 0
    with open(path, encoding="utf-8", newline="") as fh:
        for line in fh:
            words += len(line.split())
    print(words)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
