"""A long run in segments, resumable: each finished segment is written down, and a run started again
with the same folder skips the segments already done.

    python3 bench/fuzz.py --seed 1 --inputs 1000000 --jobs 2 --segments bench/out/fuzz-1m

The folder gets, for each segment ``START``: ``segment-START.json`` (its figures and failure groups,
written when it ends), its reproductions under ``failures-START/``, and every failing input's index
in ``failed.tsv`` as it is found; ``summary.txt`` adds up every finished segment.  Since an input
depends only on the seed and its index, segments run at different times (or on different machines)
add up to the same run.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from .report import FuzzConfig, FuzzReport, run_fuzz

#: inputs per segment: about ten minutes on two cores, the most a stop loses
SEGMENT_INPUTS = 50_000


def _segment_file(folder: Path, start: int) -> Path:
    return folder / f"segment-{start:08d}.json"


def run_segments(config: FuzzConfig, folder: Path, log: Callable[[str], None] = print,
                 size: int = SEGMENT_INPUTS) -> dict[str, object]:
    """Run ``config``'s inputs segment by segment into ``folder``; return what every finished segment adds up to."""
    folder.mkdir(parents=True, exist_ok=True)
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
        _write_segment(done, report, began)
        log(report.summary())
    total = add_up(folder)
    (folder / "summary.txt").write_text(describe(total) + "\n", encoding="utf-8")
    return total


def _write_segment(path: Path, report: FuzzReport, began: float) -> None:
    t = report.totals
    row = {
        "seed": report.config.seed, "start": report.config.start, "inputs": t.inputs, "bytes": t.bytes,
        "seconds": round(t.seconds, 1), "began": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(began)),
        "corpus": report.corpus, "groups": dict(t.counts), "first": {k: f.index for k, f in t.first.items()},
        "special_failures": [s.name for s in report.specials if s.problem], "special_runs": len(report.specials),
        "slowest": list(t.slowest),
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
    }


def describe(total: dict[str, object]) -> str:
    groups: dict[str, int] = total["groups"]  # type: ignore[assignment]
    lines = [f"{total['segments']} segments, seeds {total['seeds']}: {total['inputs']:,} inputs "
             f"({total['bytes'] / 1024 / 1024:,.0f} MB) in {total['seconds']:,.0f} s; "
             f"{sum(groups.values()):,} failing inputs in {len(groups)} groups; "
             f"special files: {total['special_runs']} runs, {len(total['special_failures'])} failed"]  # type: ignore[arg-type]
    lines += [f"  {count:>8,}  {key}" for key, count in sorted(groups.items(), key=lambda kv: -kv[1])]
    return "\n".join(lines)
