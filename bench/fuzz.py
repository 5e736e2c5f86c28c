#!/usr/bin/env python3
"""A seeded mutation fuzzer: hostile input must never make euchre-audit fail badly.

    python3 bench/fuzz.py --inputs 1000000 --seed 1 --jobs 2     # the long run (about 3.5 hours on 2 cores)
    python3 bench/fuzz.py --inputs 20000                         # a quick look
    python3 bench/fuzz.py --seed 1 --only 4711                   # one input again, written down if it fails
    python3 bench/fuzz.py --start 500000 --inputs 100000 --record f.tsv   # one segment; failures listed as found
    python3 bench/fuzz.py --indexes f.tsv --no-special           # the inputs a segment listed, again
    python3 bench/fuzz.py --inputs 1000000 --segments bench/out/fuzz-1m   # in segments; run again to resume

Every input is made from the run's seed and its index alone (a seed file from
samples/, tests/gen_games.py, the EGN corpus or rulesets/, then mutations), and
runs through ``auditor.cli.main`` in a worker process: the audit (text, json,
lint; sometimes ``--jobs 2``), ``fmt``, ``convert``, ``stats``, ``rules``, with
rulesets given by ``--rules``, a game's Rules tag and ``--set``.  A failure is a
traceback, an exit status other than 0, 1 or 2, a run slower than linear in the
input (2 s + 40 s per MB; 16 s per MB of YAML), memory past 64 MB + 40 bytes
per input byte (400 per byte of YAML; the growth of the resident set on every
input, traced memory on every 200th), a worker stuck or past 3 GB, or a ruleset
that built a Python object.  The special files (a folder, FIFOs,
an unreadable file, symlinks, /dev/zero, 50 MB on one line) run once each, in
subprocesses with a timeout.

Failures are grouped by exception type and innermost frame in auditor/ (or by
kind and command); the first input of each group is shrunk and written to
``--out`` (default bench/out/fuzz-failures/) with its command line, a repro.py
and the traceback.  Exit status: 0 no failure, 1 failures, 2 bad usage.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/, for fuzzkit
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))  # the checkout, for auditor

from fuzzkit.report import FuzzConfig, run_fuzz, run_one  # noqa: E402
from fuzzkit.segments import SEGMENT_INPUTS, OtherCode, describe, run_segments  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--inputs", type=int, default=20_000, help="how many inputs (default 20,000)")
    p.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    p.add_argument("--start", type=int, default=0, help="the first input's index (default 0)")
    p.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--memory-every", type=int, default=200, metavar="N",
                   help="trace memory on every N-th input (0: never); the resident set is watched on every input")
    p.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "out" / "fuzz-failures",
                   help="where reproductions go (default bench/out/fuzz-failures/)")
    p.add_argument("--no-special", action="store_true", help="skip the special files")
    p.add_argument("--no-big", action="store_true", help="skip the 50 MB special files")
    p.add_argument("--no-minimize", action="store_true", help="write failing inputs as found")
    p.add_argument("--only", type=int, metavar="INDEX", help="run one input and show it")
    p.add_argument("--indexes", type=Path, metavar="FILE",
                   help="run the inputs whose indexes FILE lists (the first number of each line; a --record file will do)")
    p.add_argument("--record", type=Path, metavar="FILE",
                   help="append each failing input's index and group to FILE as it is found, so that a run "
                        "stopped part way still says what to run again")
    p.add_argument("--segments", type=Path, metavar="DIR",
                   help=f"run in segments of --segment-size inputs, each written down in DIR when it ends; "
                        f"started again with the same DIR, the run skips the segments done")
    p.add_argument("--segment-size", type=int, default=SEGMENT_INPUTS, metavar="N",
                   help=f"inputs per segment (default {SEGMENT_INPUTS:,})")
    args = p.parse_args(argv)
    if args.only is not None:
        return 1 if run_one(args.seed, args.only, args.out) else 0
    if args.inputs < 1 or args.jobs < 1:
        p.error("--inputs and --jobs must be 1 or more")
    indexes = None
    if args.indexes is not None:
        try:
            words = [line.split(None, 1)[0] for line in args.indexes.read_text(encoding="utf-8").splitlines() if line.strip()]
            indexes = tuple(dict.fromkeys(int(w) for w in words))
        except (OSError, ValueError) as err:
            p.error(f"--indexes {args.indexes}: {err}")
        if not indexes:
            p.error(f"--indexes {args.indexes}: no index in it")
    config = FuzzConfig(
        args.inputs, args.seed, args.jobs, args.start, args.memory_every, args.out,
        special=not args.no_special, big_special=not args.no_big, minimize=not args.no_minimize,
        indexes=indexes, record=args.record,
    )
    if args.segments is not None:
        if indexes is not None or args.segment_size < 1:
            p.error("--segments takes a range of inputs (not --indexes) and a --segment-size of 1 or more")
        try:
            total = run_segments(config, args.segments, lambda line: print(line, flush=True), args.segment_size)
        except OtherCode as err:
            print(f"fuzz.py: --segments: {err}", file=sys.stderr)
            return 2
        print()
        print(describe(total))
        return 1 if total["groups"] or total["special_failures"] else 0
    report = run_fuzz(config, log=lambda line: print(line, flush=True))
    print()
    print(report.summary())
    return 1 if report.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
