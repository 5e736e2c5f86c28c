"""A long run in segments, resumable: each finished segment is written down, and a run started again
with the same folder skips the segments already done.

    python3 bench/fuzz.py --seed 1 --inputs 1000000 --jobs 2 --segments bench/out/fuzz-1m

The folder gets, for each segment ``START``: ``segment-START.json`` (its figures and failure groups,
written when it ends), its reproductions under ``failures-START/``, and every failing input's index
in ``failed.tsv`` as it is found; ``summary.txt`` adds up every finished segment.  Since an input
depends only on the seed and its index, segments run at different times (or on different machines)
add up to the same run.

Each segment also records the code it ran on: the commit, and a digest of the files that make up
the program (``auditor/``, ``grammar/``, ``rulesets/``, ``pyproject.toml``).  A run started again
in a folder whose finished segments ran on other code stops and says so, so that the segments of
one folder are one run on one program, whenever they ran.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from .report import FuzzConfig, FuzzReport, run_fuzz

#: inputs per segment: about ten minutes on two cores, the most a stop loses
SEGMENT_INPUTS = 50_000


#: what the fuzzer tests, relative to the checkout: a change to any of it is another program
CODE_PARTS = ("auditor", "grammar", "rulesets", "pyproject.toml")
CHECKOUT = Path(__file__).resolve().parents[2]


class OtherCode(Exception):
    """A folder's finished segments ran on other code than the checkout's."""


def code_digest(root: Path = CHECKOUT) -> str:
    """A digest of every file of the program under ``root`` (names and contents; caches left out)."""
    h = hashlib.sha256()
    for part in CODE_PARTS:
        base = root / part
        files = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
        for path in files:
            h.update(path.relative_to(root).as_posix().encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()[:16]


def code_commit(root: Path = CHECKOUT) -> str:
    """The checkout's commit, with ``+changes`` when the program's files differ from it."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=False).stdout.strip()
    commit = git("rev-parse", "--short=10", "HEAD") or "unknown"
    return commit + ("+changes" if git("status", "--porcelain", "--", *CODE_PARTS) else "")


def _check_same_code(folder: Path, digest: str) -> None:
    for path in sorted(folder.glob("segment-*.json")):
        row = json.loads(path.read_text(encoding="utf-8"))
        if row.get("code") != digest:
            raise OtherCode(f"{path} ran on code {row.get('code', '(not recorded)')} at {row.get('commit', '?')}, "
                            f"the checkout is {digest}: start another folder, or move that one away")


def _segment_file(folder: Path, start: int) -> Path:
    return folder / f"segment-{start:08d}.json"


def run_segments(config: FuzzConfig, folder: Path, log: Callable[[str], None] = print,
                 size: int = SEGMENT_INPUTS) -> dict[str, object]:
    """Run ``config``'s inputs segment by segment into ``folder``; return what every finished segment adds up to."""
    folder.mkdir(parents=True, exist_ok=True)
    digest, commit = code_digest(), code_commit()
    _check_same_code(folder, digest)
    log(f"code {digest} at {commit}")
    end = config.start + config.inputs
    for first in range(config.start, end, size):
        done = _segment_file(folder, first)
        if done.exists():
            log(f"segment {first:,}: done before, skipped")
            continue
        part = replace(config, start=first, inputs=min(size, end - first), out=folder / f"failures-{first:08d}",
                       special=config.special and first == config.start, record=folder / "failed.tsv")
        log(f"segment {first:,}..{first + part.inputs - 1:,}")
        began = time.time()
        report = run_fuzz(part, log)
        _write_segment(done, report, began, digest, commit)
        log(report.summary())
    total = add_up(folder)
    (folder / "summary.txt").write_text(describe(total) + "\n", encoding="utf-8")
    return total


def _write_segment(path: Path, report: FuzzReport, began: float, digest: str, commit: str) -> None:
    t = report.totals
    row = {
        "seed": report.config.seed, "start": report.config.start, "inputs": t.inputs, "bytes": t.bytes,
        "seconds": round(t.seconds, 1), "began": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(began)),
        "corpus": report.corpus, "groups": dict(t.counts), "first": {k: f.index for k, f in t.first.items()},
        "special_failures": [s.name for s in report.specials if s.problem], "special_runs": len(report.specials),
        "slowest": list(t.slowest), "code": digest, "commit": commit,
    }
    tmp = path.with_suffix(".part")
    tmp.write_text(json.dumps(row, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)  # a segment stopped part way is not written down, and runs again


def add_up(folder: Path) -> dict[str, object]:
    """The figures of every finished segment in ``folder``, added up."""
    rows = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("segment-*.json"))]
    groups: Counter[str] = Counter()
    for row in rows:
        groups.update(row["groups"])
    return {
        "segments": len(rows), "inputs": sum(r["inputs"] for r in rows), "bytes": sum(r["bytes"] for r in rows),
        "seconds": sum(r["seconds"] for r in rows), "groups": dict(groups),
        "seeds": sorted({r["seed"] for r in rows}), "ranges": [(r["start"], r["start"] + r["inputs"] - 1) for r in rows],
        "special_runs": sum(r["special_runs"] for r in rows),
        "special_failures": [name for r in rows for name in r["special_failures"]],
        "code": sorted({f"{r.get('code', '(not recorded)')} at {r.get('commit', '?')}" for r in rows}),
    }


def describe(total: dict[str, object]) -> str:
    groups: dict[str, int] = total["groups"]  # type: ignore[assignment]
    lines = [f"{total['segments']} segments, seeds {total['seeds']}: {total['inputs']:,} inputs "
             f"({total['bytes'] / 1024 / 1024:,.0f} MB) in {total['seconds']:,.0f} s; "
             f"{sum(groups.values()):,} failing inputs in {len(groups)} groups; "
             f"special files: {total['special_runs']} runs, {len(total['special_failures'])} failed; "  # type: ignore[arg-type]
             f"code {', '.join(total['code'])}"]  # type: ignore[arg-type]
    lines += [f"  {count:>8,}  {key}" for key, count in sorted(groups.items(), key=lambda kv: -kv[1])]
    return "\n".join(lines)
