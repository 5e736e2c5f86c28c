"""Shrink a failing input to a small one that fails the same way, and write it down.

Shrinking removes runs of lines, then runs of bytes, of each file (the mutated
one first), keeping a removal when the input still fails with the same group
key (delta debugging's complement step), within a budget of runs and seconds.
Failures of time and memory are written as found: shrinking them is slow and the
result is rarely still slow.
"""

from __future__ import annotations

import json
import re
import shlex
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

from .cases import DIR, Case
from .execute import Failure, judge, run_case

Seq = TypeVar("Seq", bytes, list[bytes])
#: a reproduction's bytes are written into repro.py itself up to this size (else read from the file beside it)
INLINE_BYTES = 4096


class Budget:
    def __init__(self, runs: int, seconds: float) -> None:
        self.runs, self.deadline = runs, time.monotonic() + seconds

    def spend(self) -> bool:
        """One more run, if the budget allows it."""
        self.runs -= 1
        return self.runs >= 0 and time.monotonic() < self.deadline


def shrink(items: Seq, fails: Callable[[Seq], bool], budget: Budget) -> Seq:
    """A smaller ``items`` (a removal of runs) for which ``fails`` still holds."""
    parts = 2
    while len(items) > 0:
        chunk = max(1, -(-len(items) // parts))
        for start in range(0, len(items), chunk):
            candidate = items[:start] + items[start + chunk:]
            if not budget.spend():
                return items
            if fails(candidate):
                items, parts = candidate, max(parts - 1, 2)
                break
        else:
            if chunk == 1:
                return items
            parts = min(len(items), parts * 2)
    return items


def minimize(case: Case, failure: Failure, folder: Path, runs: int = 400, seconds: float = 90.0) -> Case:
    """The smallest input found that fails with ``failure.key`` (``case`` itself for time and memory)."""
    if failure.key.startswith(("slow in", "memory:", "hang")):
        return case
    budget = Budget(runs, seconds)

    def fails_with(name: str) -> Callable[[bytes], bool]:
        def fails(data: bytes) -> bool:
            trial = replace(case, files={**case.files, name: data})
            found = judge(trial, run_case(trial, folder), check_time=False)
            return found is not None and found.key == failure.key
        return fails

    names = [case.main_file] + [n for n in case.files if n != case.main_file]
    for name in names[1:]:  # a file the failure does not need at all
        if budget.spend() and fails_with(name)(b""):
            case = replace(case, files={**case.files, name: b""})
    for by_lines in (True, False):  # runs of lines in every file, then runs of bytes
        for name in names:
            fails = fails_with(name)
            if by_lines:
                lines = shrink(case.files[name].splitlines(keepends=True), lambda ls: fails(b"".join(ls)), budget)
                data = b"".join(lines)
            else:
                data = shrink(case.files[name], fails, budget)
            case = replace(case, files={**case.files, name: data})
    return case


def _slug(key: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", key).strip("-")[:60]


def write_reproduction(folder: Path, number: int, case: Case, original: Case, failure: Failure, count: int, seed: int) -> Path:
    """A folder with the input's files, the command line, a repro.py and the traceback."""
    target = folder / f"{number:02d}-{_slug(failure.key)}"
    target.mkdir(parents=True, exist_ok=True)
    for name, data in case.files.items():
        (target / name).write_bytes(data.replace(DIR.encode(), b"."))
    argv = [a.replace(f"{DIR}/", "./") for a in case.argv]
    (target / "command.sh").write_text(
        "#!/bin/sh\n# run from anywhere: the files are beside this script\n"
        f'cd "$(dirname "$0")" && exec euchre-audit {shlex.join(argv)}\n', encoding="utf-8")
    (target / "repro.py").write_text(_repro_py(case, argv), encoding="utf-8")
    (target / "traceback.txt").write_text(failure.detail, encoding="utf-8")
    about = {
        "group": failure.key, "inputs_in_group": count, "first_index": failure.index, "seed": seed,
        "again": f"python3 bench/fuzz.py --seed {seed} --only {failure.index}",
        "command": case.command, "kind": case.kind, "steps": original.steps,
        "bytes_found": original.size, "bytes_minimized": case.size, "seconds": round(failure.seconds, 3),
    }
    (target / "about.json").write_text(json.dumps(about, indent=2) + "\n", encoding="utf-8")
    return target


def _repro_py(case: Case, argv: list[str]) -> str:
    lines = [
        '"""Reproduce a fuzz failure in this process: python3 repro.py (with euchre-audit installed)."""',
        "import io, pathlib, tempfile, traceback",
        "from auditor.cli import main",
        "",
        "here = pathlib.Path(__file__).resolve().parent",
        "folder = pathlib.Path(tempfile.mkdtemp())",
    ]
    for name, data in case.files.items():
        data = data.replace(DIR.encode(), b".")
        source = repr(data) if len(data) <= INLINE_BYTES else f"(here / {name!r}).read_bytes()"
        lines.append(f"(folder / {name!r}).write_bytes({source})")
    lines += [
        f"argv = [a.replace('./', str(folder) + '/', 1) if a.startswith('./') else a for a in {argv!r}]",
        "out, err = io.StringIO(), io.StringIO()",
        "try:",
        "    status = main(argv, out, err)",
        "    print('exit status', status)",
        "except BaseException:",
        "    traceback.print_exc()",
        "print(err.getvalue()[-2000:])",
    ]
    return "\n".join(lines) + "\n"
