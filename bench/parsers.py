#!/usr/bin/env python3
"""What lark-cython buys: the same file read and audited with each LALR runtime (run by hand).

    python3 bench/parsers.py FILE [--repeat 5]

Alternates EUCHRE_AUDIT_PARSER=python and =cython, each in a fresh process: parsing alone
(bench/parse_only.py) and the audit with one job (text report to /dev/null).  Prints the CPU
seconds (user + system, which other work on a shared machine disturbs less than wall time) and
the wall seconds of every run, and the median of the ratios of adjacent pairs.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(cmd: list[str], runtime: str) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of ``cmd`` under a parser runtime."""
    env = {**os.environ, "EUCHRE_AUDIT_PARSER": runtime, "PYTHONPATH": str(ROOT)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("file")
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args()
    if importlib.util.find_spec("lark_cython") is None:
        print("lark-cython is not installed: pip install -e '.[fast]'")
        return 2
    commands = {
        "parse only": [sys.executable, "bench/parse_only.py", args.file],
        "audit --jobs 1": [sys.executable, "-m", "auditor", args.file, "--jobs", "1", "--isolated"],
    }
    print(f"{args.file}; load average before: {os.getloadavg()[0]:.2f}")
    for name, cmd in commands.items():
        ratios_cpu, ratios_wall = [], []
        for _ in range(args.repeat):
            py_cpu, py_wall = timed(cmd, "python")
            cy_cpu, cy_wall = timed(cmd, "cython")
            ratios_cpu.append(py_cpu / cy_cpu)
            ratios_wall.append(py_wall / cy_wall)
            print(f"  {name}: python {py_cpu:.2f} s CPU ({py_wall:.2f} wall), cython {cy_cpu:.2f} s CPU ({cy_wall:.2f} wall)")
        print(f"{name}: lark-cython is {statistics.median(ratios_cpu):.2f}x as fast in CPU time "
              f"({min(ratios_cpu):.2f}-{max(ratios_cpu):.2f}), {statistics.median(ratios_wall):.2f}x in wall time")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
