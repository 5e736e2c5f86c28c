"""The property test of two slips in one hand, swept over many seeds: how often the rule of trust fails.

The test (tests/test_slip_shapes.py, ``test_two_slips_in_one_hand_are_both_read``) draws a dozen cases a run;
this runs its body for each seed of a range, each seed's ``random.Random`` in place of hypothesis' draw, and
prints every case that accuses (the seed, the ruleset, the two slips, what the assertion saw) and the rate:

    .venv/bin/python bench/slip_sweep.py --seeds 0:5000 [--jobs 2] [--cut-short]

A seed whose game has no hand for two slips is no case and is not counted.
"""

from __future__ import annotations

import argparse
import random
import sys
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))


def one(seed: int, cut_short: bool = False) -> tuple[int, bool, str | None]:
    """Whether the seed makes a case, and what failed (None: the rule holds); ``cut_short``: a deal line cut
    short is among the slips drawn (the test draws it alone, not as one of two in a hand)."""
    import test_slip_shapes as shapes

    rng = random.Random(seed)
    text, rules = shapes._game_text(rng)
    lines = text.split("\n")
    hands = shapes._in_full_hands(lines, rules, range(len(lines)))
    if not hands:
        return seed, False, None
    k = shapes._hands(lines).index(rng.choice(hands))
    names = []
    drawn = [*shapes.IN_A_HAND, shapes.deal_line_cut_short] if cut_short else shapes.IN_A_HAND
    for slip in rng.sample(drawn, 2):
        first, end = shapes._hands(lines)[k]
        changed = slip(rng, lines, rules, range(first, end))
        if changed is None:
            return seed, False, None
        names.append(slip.__name__)
        lines = changed
    try:
        shapes._holds(text, lines, rules)
    except AssertionError as failure:
        said = str(failure).splitlines() or [traceback.extract_tb(failure.__traceback__)[-1].line or "?"]
        return seed, True, f"{rules} {'+'.join(names)}: {said[0][:200]}"
    except Exception as crash:  # noqa: BLE001 (a crash is a failure of its own, named)
        return seed, True, f"{rules} {'+'.join(names)}: CRASH {type(crash).__name__}: {crash}"
    return seed, True, None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="0:5000", help="FIRST:END, the seeds FIRST to END-1")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--cut-short", action="store_true", help="draw a deal line cut short as one of the two")
    args = parser.parse_args()
    first, end = (int(x) for x in args.seeds.split(":"))
    cases = failed = 0
    with ProcessPoolExecutor(args.jobs) as pool:
        for seed, case, failure in pool.map(one, range(first, end), [args.cut_short] * (end - first), chunksize=20):
            cases += case
            if failure is not None:
                failed += 1
                print(f"seed {seed}: {failure}", flush=True)
    print(f"{failed} of {cases} cases accuse ({100 * failed / max(cases, 1):.2f}%), seeds {first}:{end}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
