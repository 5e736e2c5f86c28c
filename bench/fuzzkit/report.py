"""A whole fuzz run: the inputs, the special files, the reproductions and the summary."""

from __future__ import annotations

import json
import os
import platform
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .cases import make_case
from .execute import MB, Failure, run_and_judge
from .minimize import minimize, write_reproduction
from .pool import Totals, run_pool
from .seeds import Corpus, load_corpus
from .special import SpecialResult, run_specials


@dataclass
class FuzzConfig:
    inputs: int
    seed: int = 1
    jobs: int = 2
    start: int = 0
    memory_every: int = 200  # trace memory on every n-th input (0: never); the resident set is watched on all
    out: Path | None = None  # where reproductions go (None: nowhere)
    special: bool = True  # run the special files
    big_special: bool = True  # ... with the 50 MB lines
    minimize: bool = True
    minimize_runs: int = 1500
    minimize_seconds: float = 90.0
    #: run these indexes instead of ``start ..``: e.g. those a stopped run recorded as failing
    indexes: tuple[int, ...] | None = None
    #: append each failing input's index and group here as it is found (None: nowhere)
    record: Path | None = None


@dataclass
class FuzzReport:
    config: FuzzConfig
    corpus: str
    totals: Totals
    specials: list[SpecialResult] = field(default_factory=list)
    reproductions: dict[str, Path] = field(default_factory=dict)  # group key -> folder

    @property
    def failures(self) -> int:
        return sum(self.totals.counts.values()) + sum(1 for s in self.specials if s.problem)

    def summary(self) -> str:
        t = self.totals
        rate = t.inputs / t.seconds if t.seconds else 0.0
        which = (f"{len(self.config.indexes):,} listed inputs" if self.config.indexes is not None
                 else f"inputs {self.config.start}..{self.config.start + self.config.inputs - 1}")
        lines = [
            f"seed {self.config.seed}, {which}, {self.config.jobs} jobs; corpus: {self.corpus}",
            f"inputs run: {t.inputs:,} ({t.bytes / MB:,.0f} MB) in {t.seconds:,.1f} s: {rate:,.0f} inputs/s",
            f"slowest input: {t.slowest[0]:.2f} s (input {t.slowest[1]}, {t.slowest[2]:,} bytes)",
            f"memory: largest growth of the resident set in one input {t.rss_growth / MB:.1f} MB "
            f"({t.rss_growth_size:,} bytes of input); peak traced memory of a sampled input {t.traced_peak / MB:.1f} MB "
            f"({t.traced_peak_size:,} bytes); peak resident set of a worker {t.worker_rss_peak / MB:.0f} MB",
            f"failure groups: {len(t.counts)}, failing inputs: {sum(t.counts.values()):,}",
        ]
        for key, count in t.counts.most_common():
            first = t.first[key]
            where = self.reproductions.get(key)
            lines.append(f"  {count:>8,}  {key}  [first: input {first.index}, {first.command}]" + (f" -> {where}" if where else ""))
        if self.specials:
            bad = [s for s in self.specials if s.problem]
            lines.append(f"special files: {len(self.specials)} runs, {len(bad)} failed")
            for s in bad:
                lines.append(f"  {s.name}: {' '.join(s.argv)}: {s.problem}")
            notes = sorted({f"  note: {s.name}: {s.note}" for s in self.specials if s.note})
            lines.extend(notes)
        return "\n".join(lines)


def reproduce(config: FuzzConfig, corpus: Corpus, totals: Totals, log: Callable[[str], None]) -> dict[str, Path]:
    """Shrink the first input of every group and write it under ``config.out``."""
    assert config.out is not None
    if config.out.exists():
        shutil.rmtree(config.out)
    config.out.mkdir(parents=True)
    folder = Path(f"/dev/shm/euchre-fuzz-min-{os.getpid()}")
    folder.mkdir(parents=True, exist_ok=True)
    written: dict[str, Path] = {}
    try:
        for number, (key, count) in enumerate(totals.counts.most_common(), 1):
            failure = totals.first[key]
            if key.startswith("fuzzer bug:"):
                log(f"  {key} (input {failure.index}):\n{failure.detail}")
                continue
            case = make_case(failure.index, config.seed, corpus)
            small = case
            if config.minimize:
                started = time.monotonic()
                small = minimize(case, failure, folder, config.minimize_runs, config.minimize_seconds)
                log(f"  minimized {key}: {case.size:,} -> {small.size:,} bytes in {time.monotonic() - started:.1f} s")
            written[key] = write_reproduction(config.out, number, small, case, failure, count, config.seed)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return written


def run_fuzz(config: FuzzConfig, log: Callable[[str], None] = print) -> FuzzReport:
    import auditor.cli

    assert auditor.cli.main  # imported once here, and shared by the forked workers

    started = time.monotonic()
    corpus = load_corpus(config.seed)
    log(f"corpus: {corpus.describe()} ({time.monotonic() - started:.1f} s)")
    specials: list[SpecialResult] = []
    if config.special:
        log("special files:")
        folder = Path(f"/dev/shm/euchre-fuzz-special-{os.getpid()}")
        try:
            specials = run_specials(folder, config.jobs, config.big_special, log)
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    shown: set[str] = set()

    def progress(t: Totals) -> None:
        log(f"  {t.inputs:,} inputs, {t.inputs / max(t.seconds, 1e-9):,.0f}/s, {len(t.counts)} failure groups, "
            f"{sum(t.counts.values()):,} failing inputs; this process {_own_rss() / MB:.0f} MB")
        for key in sorted(set(t.counts) - shown):
            log(f"    new group: {key} (input {t.first[key].index})")
            shown.add(key)

    if config.indexes is not None:
        totals = run_pool(config.seed, corpus, 0, len(config.indexes), config.jobs, config.memory_every, progress, log,
                          order=config.indexes, failed_file=config.record)
    else:
        totals = run_pool(config.seed, corpus, config.start, config.inputs, config.jobs, config.memory_every, progress, log,
                          failed_file=config.record)
    report = FuzzReport(config, corpus.describe(), totals, specials)
    if config.out is not None and (totals.counts or specials):
        report.reproductions = reproduce(config, corpus, totals, log) if totals.counts else {}
        _write_special_results(config.out, specials)
        (config.out / "summary.txt").write_text(report.summary() + "\n" + _machine() + "\n", encoding="utf-8")
    return report


def _own_rss() -> int:
    with open("/proc/self/status") as fh:
        return next((int(line.split()[1]) * 1024 for line in fh if line.startswith("VmRSS:")), 0)


def _write_special_results(out: Path, specials: list[SpecialResult]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    rows = [{**s.__dict__, "peak_rss_mb": round(s.peak_rss / MB, 1)} for s in specials]
    (out / "special-files.json").write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")


def _machine() -> str:
    return f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs"


def run_one(seed: int, index: int, out: Path | None, log: Callable[[str], None] = print) -> Failure | None:
    """Run the input ``index`` alone, tell what it is and what happened, and write it down if it fails."""
    corpus = load_corpus(seed)
    case = make_case(index, seed, corpus)
    folder = Path(f"/dev/shm/euchre-fuzz-one-{os.getpid()}")
    folder.mkdir(parents=True, exist_ok=True)
    try:
        outcome, failure = run_and_judge(case, folder, trace_memory=False)
        log(f"input {index}: {case.kind}; {' -> '.join(case.steps)}")
        log(f"command: euchre-audit {' '.join(case.argv)}  ({case.size:,} bytes)")
        log(f"exit status {outcome.status} in {outcome.seconds:.3f} s; stderr: {outcome.stderr[-600:]!r}")
        if failure is not None:
            log(f"FAILURE {failure.key}\n{failure.detail[-3000:]}")
            if out is not None:
                totals = Totals()
                totals.add_failure(failure)
                config = FuzzConfig(1, seed, out=out / f"only-{index}")
                log(f"written to {reproduce(config, corpus, totals, log)[failure.key]}")
        return failure
    finally:
        shutil.rmtree(folder, ignore_errors=True)
