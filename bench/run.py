#!/usr/bin/env python3
"""Benchmark the audit on generated games (run by hand, not by CI).

    python3 bench/run.py                        # 100,000 and 1,000,000 hands
    python3 bench/run.py --sizes 20000 --jobs 2 --work /tmp/bench
    python3 bench/run.py --sizes 100000 --rules joker --set 'bidding.no_trump_calls=[high, low]'   # seed 003's variations

For each size it generates the games once with ``euchre-audit simulate``
(kept in the work folder for the next run), then times, each in a fresh
process:

- the floor: reading the file and splitting every line into words in plain Python;
- parsing alone (the notation into model objects);
- the full audit in one process (``--jobs 1``) and with ``--jobs N``, text report to /dev/null,
  each ``--repeat`` times (default 3), alternating, so that a slow minute on a shared machine
  does not decide the speed-up: the median run is shown, and the speed-up is the median of the
  ratios of adjacent one-job and N-job runs.  These timed runs are not sampled for memory (the
  sampler reads /proc every 20 ms, about 5% of a core, which a run that keeps both cores busy
  would pay); the memory of each audit is sampled in one more run;
- the HTML ruling (``--format html``, written game by game to /dev/null), one job and N;
- ``stats`` building the Parquet tables (``--out``), and ``stats`` over those tables;
- ``standings`` over those tables (players and partnerships), and the league view (``stats --league``);
  ``--parquet-only`` times just the tables and what reads them;
- with ``--baseline REV``, the audit of a git revision (``git archive`` into the work folder),
  ``--jobs 1`` and ``--jobs N``, in the same alternation (which tree goes first alternates from
  one repeat to the next): the table gains their rows, and the run says, for each job count, how
  much slower or faster this tree is (median of the run-by-run ratios, and their range) and
  whether both wrote the same report;

and prints hands per second, wall and CPU seconds, each time as a multiple of
the floor's, and the peak memory sampled from /proc every 20 ms: of the whole
process tree (workers included) as proportional set size (shared pages counted
once), and the largest resident set of any one process.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


@dataclass
class Run:
    name: str
    seconds: float
    cpu_seconds: float
    peak_tree_mb: float
    peak_process_mb: float
    returncode: int


def _children_of() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as fh:
                stat = fh.read()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(b")") + 2 :].split()[1])
        tree.setdefault(ppid, []).append(int(entry))
    return tree


def _memory_mb(pid: int) -> tuple[float, float]:
    """(RSS, PSS) of a process in MB; PSS shares pages among the processes that map them,
    so the PSS of a process tree adds up to the memory it really uses."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", "rb") as fh:
            fields = dict(line.split(b":", 1) for line in fh.read().splitlines()[1:] if b":" in line)
        return int(fields[b"Rss"].split()[0]) / 1024, int(fields[b"Pss"].split()[0]) / 1024
    except (OSError, KeyError, ValueError, IndexError):
        return 0.0, 0.0


class MemorySampler(threading.Thread):
    """Peak memory of a process and all its descendants, sampled from /proc."""

    def __init__(self, pid: int, every: float = 0.02) -> None:
        super().__init__(daemon=True)
        self.pid, self.every = pid, every
        self.peak_tree = self.peak_process = 0.0
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            tree = _children_of()
            pids, todo = [], [self.pid]
            while todo:
                pid = todo.pop()
                pids.append(pid)
                todo.extend(tree.get(pid, []))
            sizes = [_memory_mb(p) for p in pids]
            self.peak_tree = max(self.peak_tree, sum(pss for _, pss in sizes))
            self.peak_process = max(self.peak_process, max((rss for rss, _ in sizes), default=0.0))
            self.done.wait(self.every)


def measure(name: str, cmd: list[str], stdout: object = subprocess.DEVNULL, sample: bool = True, cwd: Path = ROOT) -> Run:
    """Run ``cmd`` in ``cwd``; with ``sample``, also sample its memory (which costs about 5% of a core)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=stdout, stderr=subprocess.PIPE, cwd=cwd)  # type: ignore[arg-type]
    sampler = MemorySampler(proc.pid)
    if sample:
        sampler.start()
    _, err = proc.communicate()
    seconds = time.perf_counter() - start
    if sample:
        sampler.done.set()
        sampler.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode not in (0, 1):
        sys.stderr.write(f"{name}: exit {proc.returncode}\n{err.decode(errors='replace')[-2000:]}\n")
    return Run(name, seconds, cpu, sampler.peak_tree, sampler.peak_process, proc.returncode)


@dataclass(frozen=True)
class Games:
    """What the benchmark's games are played under: a ruleset and ``--set`` changes (default: hoyle as it is)."""

    rules: str = "hoyle"
    overrides: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """A part of the work files' names: empty for the standard game, whose files keep their old names."""
        if self.rules == "hoyle" and not self.overrides:
            return ""
        import hashlib

        changes = hashlib.sha256("\n".join(self.overrides).encode()).hexdigest()[:8] if self.overrides else ""
        return "-" + "-".join(filter(None, (Path(self.rules).stem, changes)))

    def simulate_args(self) -> list[str]:
        out = [] if self.rules == "hoyle" else ["--rules", self.rules]
        for change in self.overrides:
            out += ["--set", change]
        return out


def generate(hands: int, work: Path, seed: int, games: Games = Games()) -> Path:
    path = work / f"hands-{hands}-seed{seed}{games.label}.txt"
    done = path.with_suffix(".done")
    if path.exists() and done.exists():
        return path
    print(f"generating {hands:,} hands into {path} ...", flush=True)
    start = time.perf_counter()
    subprocess.run(
        [PY, "-m", "auditor", "simulate", "--games", str(hands), "--hands", str(hands), "--seed", str(seed),
         *games.simulate_args(), "-o", str(path)],
        check=True, cwd=ROOT,
    )
    done.write_text(f"{time.perf_counter() - start:.1f} s\n", encoding="utf-8")
    return path


def baseline_tree(rev: str, work: Path) -> tuple[Path, str]:
    """The source tree of git revision ``rev``, unpacked once into the work folder: (folder, short hash)."""
    sha = subprocess.run(["git", "rev-parse", "--short", rev], check=True, cwd=ROOT, capture_output=True, text=True).stdout.strip()
    folder = work / f"baseline-{sha}"
    if not (folder / "auditor").is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "archive", sha], check=True, cwd=ROOT, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder, sha


def _report_digest(cmd: list[str], cwd: Path) -> str:
    """A digest of the text report a command writes (to compare two trees' rulings)."""
    import hashlib

    out = subprocess.run(cmd, cwd=cwd, capture_output=True).stdout
    return hashlib.sha256(out).hexdigest()[:16]


def count_hands(path: Path) -> int:
    with path.open("rb") as fh:
        return sum(1 for line in fh if line.startswith(b"hand "))


def _baseline_pair(baseline: tuple[Path, str], one: list[str], many: list[str], jobs: int) -> tuple[Run, Run]:
    """The baseline revision's audit, one job then ``jobs``, timed without the memory sampler."""
    folder, sha = baseline
    return (measure(f"baseline {sha} --jobs 1", one, sample=False, cwd=folder),
            measure(f"baseline {sha} --jobs {jobs}", many, sample=False, cwd=folder))


def _median(runs: list[Run]) -> Run:
    return sorted(runs, key=lambda r: r.seconds)[len(runs) // 2]


SECTIONS = ("formats", "cluster", "html", "stats")


def parquet_runs(file: str, tables: Path, jobs: int) -> list[Run]:
    """The tables built from the games, and every view that reads them: stats, the league view, the standings."""
    runs = [measure(f"stats --jobs {jobs} --out (tables)", [PY, "-m", "auditor", "stats", file, "--jobs", str(jobs), "--out", str(tables), "--format", "csv"])]
    runs += [measure(f"stats --by {by} over Parquet", [PY, "-m", "auditor", "stats", str(tables), "--by", by]) for by in ("player", "team", "seat", "position", "trump-round", "up-card", "event")]
    runs.append(measure("stats --league over Parquet", [PY, "-m", "auditor", "stats", str(tables), "--league"]))
    runs.append(measure("standings over Parquet", [PY, "-m", "auditor", "standings", str(tables)]))
    runs.append(measure("standings --by partnership over Parquet", [PY, "-m", "auditor", "standings", str(tables), "--by", "partnership"]))
    runs.append(measure("standings --format json over Parquet", [PY, "-m", "auditor", "standings", str(tables), "--format", "json"]))
    return runs


def bench_size(hands_wanted: int, work: Path, jobs: int, seed: int, repeat: int = 3,
               baseline: tuple[Path, str] | None = None, games: Games = Games(),
               sections: tuple[str, ...] = SECTIONS, parquet_only: bool = False) -> dict[str, object]:
    path = generate(hands_wanted, work, seed, games)
    hands = count_hands(path)
    size_mb = path.stat().st_size / 2**20
    tables = work / f"tables-{hands_wanted}-seed{seed}{games.label}"
    file = str(path)
    runs = [
        measure("floor: read + split words", [PY, "bench/floor.py", file]),
        measure("parse only, 1 process", [PY, "bench/parse_only.py", file]),
    ]
    if parquet_only:
        return _report(runs + parquet_runs(file, tables, jobs), hands, size_mb, path, work, hands_wanted, games, jobs)
    audits = [("audit --jobs 1 (text)", [PY, "-m", "auditor", file, "--jobs", "1"]),
              (f"audit --jobs {jobs} (text)", [PY, "-m", "auditor", file, "--jobs", str(jobs)])]
    # timed without the memory sampler, whose CPU the parallel run (both cores busy) would pay;
    # the memory of each is sampled in one more run of its own
    base_cmd = [PY, "-m", "auditor", file, "--jobs", "1"]
    base_many_cmd = [PY, "-m", "auditor", file, "--jobs", str(jobs)]
    base_runs: list[tuple[Run, Run]] = []
    pairs = []
    for i in range(repeat):
        # with a baseline, who goes first alternates, so that a drift in the machine's speed favours neither
        if baseline is not None and i % 2 == 1:
            base_runs.append(_baseline_pair(baseline, base_cmd, base_many_cmd, jobs))
        pairs.append((measure(*audits[0], sample=False), measure(*audits[1], sample=False)))
        if baseline is not None and i % 2 == 0:
            base_runs.append(_baseline_pair(baseline, base_cmd, base_many_cmd, jobs))
    for timed, (name, cmd) in zip((_median([one for one, _ in pairs]), _median([many for _, many in pairs])), audits):
        sampled = measure(name, cmd)
        runs.append(replace(timed, peak_tree_mb=sampled.peak_tree_mb, peak_process_mb=sampled.peak_process_mb))
    if baseline is not None:
        for k, cmd in enumerate((base_cmd, base_many_cmd)):
            timed = _median([pair[k] for pair in base_runs])
            sampled = measure(timed.name, cmd, cwd=baseline[0])
            runs.append(replace(timed, peak_tree_mb=sampled.peak_tree_mb, peak_process_mb=sampled.peak_process_mb))
    if "formats" in sections:
        # the streamed machine formats, and json's one document (held to the end: memory grows with the input)
        for fmt in ("lint", "jsonl", "sarif") + (("json",) if hands <= 200_000 else ()):
            runs.append(measure(f"audit --jobs {jobs} --format {fmt}", [PY, "-m", "auditor", file, "--jobs", str(jobs), "--format", fmt, "--isolated"]))
    if "cluster" in sections:
        # the same audit on a Dask cluster of N single-threaded worker processes on this machine (scheduler,
        # nannies and workers all counted in the memory), beside --jobs N
        runs.append(measure(f"audit --dask local ({jobs} workers)", [PY, "-m", "auditor", file, "--jobs", str(jobs), "--dask", "local", "--isolated"]))
    if "html" in sections:
        # the HTML ruling of the whole file, streamed game by game to /dev/null (its size is the file's business)
        runs.append(measure("audit --jobs 1 --format html", [PY, "-m", "auditor", file, "--jobs", "1", "--format", "html", "-o", os.devnull]))
        runs.append(measure(f"audit --jobs {jobs} --format html", [PY, "-m", "auditor", file, "--jobs", str(jobs), "--format", "html", "-o", os.devnull]))
    if "stats" in sections:
        runs += parquet_runs(file, tables, jobs)
    floor = runs[0]
    print(f"\n{hands:,} hands, {size_mb:.1f} MB ({path.name}); load average before: {os.getloadavg()[0]:.2f}")
    print(f"{'':34} {'hands/s':>10} {'wall s':>8} {'x floor':>8} {'CPU s':>8} {'x floor':>8} {'tree MB':>8} {'1 proc MB':>9}")
    for r in runs:
        rate = f"{hands / r.seconds:,.0f}" if "over Parquet" not in r.name else "-"
        # stats workers run under a fork server, and Dask's under nannies, that this process never waits for:
        # their CPU is not counted
        cpu = ("n/a", "n/a") if "--out" in r.name or "--dask" in r.name else (f"{r.cpu_seconds:.2f}", f"{r.cpu_seconds / max(floor.cpu_seconds, 1e-9):.1f}")
        print(
            f"{r.name:34} {rate:>10} {r.seconds:8.2f} {r.seconds / floor.seconds:8.1f} {cpu[0]:>8} "
            f"{cpu[1]:>8} {r.peak_tree_mb:8.0f} {r.peak_process_mb:9.0f}"
        )
    one, many = runs[2], runs[3]
    ratios = sorted(a.seconds / b.seconds for a, b in pairs)
    spread = ", ".join(f"{a.seconds:.1f}/{b.seconds:.1f}" for a, b in pairs)
    print(f"audit runs (--jobs 1 / --jobs {jobs}, seconds, in order): {spread}; the table shows the median of each")
    print(f"speed-up of --jobs {jobs} over --jobs 1: {ratios[len(ratios) // 2]:.2f}x wall (median of {len(ratios)} adjacent pairs; "
          f"{ratios[0]:.2f}-{ratios[-1]:.2f}); CPU per hand {one.cpu_seconds / hands * 1e6:.0f} us in one process, "
          f"{many.cpu_seconds / hands * 1e6:.0f} us with {jobs} jobs (all processes)")
    if baseline is not None:
        for k, label in enumerate(("--jobs 1", f"--jobs {jobs}")):
            # this tree's time over the baseline's, run by run: under 1 is faster
            wall = sorted(ours[k].seconds / theirs[k].seconds for ours, theirs in zip(pairs, base_runs))
            cpu = sorted(ours[k].cpu_seconds / theirs[k].cpu_seconds for ours, theirs in zip(pairs, base_runs))
            rates = ", ".join(f"{hands / ours[k].seconds:,.0f}/{hands / theirs[k].seconds:,.0f}" for ours, theirs in zip(pairs, base_runs))
            print(f"against the baseline {baseline[1]}, {label} (run alternately): this tree takes "
                  f"{wall[len(wall) // 2]:.3f}x its wall time ({wall[0]:.3f}-{wall[-1]:.3f}) and "
                  f"{cpu[len(cpu) // 2]:.3f}x its CPU (medians of {len(wall)}); hands/s, this tree/baseline: {rates}")
        same = _report_digest(audits[1][1], ROOT) == _report_digest(base_many_cmd, baseline[0])
        print(f"the two trees' reports are {'identical' if same else 'different (the ruling changed since the baseline)'}")
    print(f"load average after: {os.getloadavg()[0]:.2f} (other work on the machine slows the parallel runs most)")
    return _save(runs, hands, size_mb, jobs, work, hands_wanted, games, pairs, baseline_pairs=base_runs)


def _report(runs: list[Run], hands: int, size_mb: float, path: Path, work: Path, hands_wanted: int, games: Games,
            jobs: int) -> dict[str, object]:
    """The table of a --parquet-only run."""
    floor = runs[0]
    print(f"\n{hands:,} hands, {size_mb:.1f} MB ({path.name}); load average: {os.getloadavg()[0]:.2f}")
    print(f"{'':40} {'wall s':>8} {'CPU s':>8} {'tree MB':>8} {'1 proc MB':>9}")
    for r in runs:
        cpu = "n/a" if "--out" in r.name else f"{r.cpu_seconds:.2f}"
        print(f"{r.name:40} {r.seconds:8.2f} {cpu:>8} {r.peak_tree_mb:8.0f} {r.peak_process_mb:9.0f}  (x floor {r.seconds / floor.seconds:.1f})")
    return _save(runs, hands, size_mb, jobs, work, hands_wanted, games, [], "-parquet")


def _save(runs: list[Run], hands: int, size_mb: float, jobs: int, work: Path, hands_wanted: int, games: Games,
          pairs: list[tuple[Run, Run]], kind: str = "", baseline_pairs: list[tuple[Run, Run]] | None = None) -> dict[str, object]:
    """The figures, kept as results-N.json (a --parquet-only run: results-N-parquet.json, leaving the full run's)."""
    result = {
        "hands": hands, "megabytes": round(size_mb, 1), "jobs": jobs, "cores": os.cpu_count(),
        "python": platform.python_version(), "runs": [asdict(r) for r in runs],
        "audit_pairs": [[asdict(a), asdict(b)] for a, b in pairs],
        "baseline_pairs": [[asdict(a), asdict(b)] for a, b in baseline_pairs or []],  # one job, N jobs, as audit_pairs
    }
    (work / f"results-{hands_wanted}{games.label}{kind}.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return result


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000], help="hands per benchmark file")
    p.add_argument("--jobs", type=int, default=2, help="worker processes for the parallel runs (default 2)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--repeat", type=int, default=3, help="runs of each audit (one job, N jobs), alternating (default 3)")
    p.add_argument("--work", type=Path, default=ROOT / "bench" / "out", help="where games and tables are kept (default bench/out)")
    p.add_argument("--baseline", metavar="REV", help="also time the audit of this git revision, alternately, and compare")
    p.add_argument("--sections", nargs="*", choices=SECTIONS, default=list(SECTIONS),
                   help="what to run besides the floor, parsing and the text audits (default: all; none: the flag alone)")
    p.add_argument("--parquet-only", action="store_true",
                   help="time only the Parquet tables and what reads them (stats views, the league view, the standings)")
    p.add_argument("--rules", default="hoyle", metavar="NAME|PATH",
                   help="generate the games under this ruleset (default hoyle), e.g. joker for seed 003's joker")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                   help="a rule change for the generated games (repeatable), e.g. --set 'bidding.no_trump_calls=[high, low]'; "
                        "other games than the standard ones are kept in files named after them")
    args = p.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    baseline = baseline_tree(args.baseline, args.work) if args.baseline else None
    sys.path.insert(0, str(ROOT))
    from auditor.notation.builder import parser_runtime

    runtime = {"cython": "lark-cython", "python": "pure-Python Lark (pip install '.[fast]' for lark-cython)"}[parser_runtime()]
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores, parser runtime: {runtime}")
    for size in args.sizes:
        bench_size(size, args.work, args.jobs, args.seed, max(1, args.repeat), baseline, Games(args.rules, tuple(args.overrides)),
                   tuple(args.sections), args.parquet_only)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
