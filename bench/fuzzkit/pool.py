"""Run inputs ``start .. start + inputs`` on several worker processes, with a watchdog.

Workers take chunks of indices from a shared counter; since an input depends on
its index only, the inputs run, the failures found and the first input of each
group do not depend on the number of workers or on timing.  Each worker sends,
per chunk, its count and the first failure of every group it saw.  The parent
watches every worker: one stuck on an input (in C code, out of the reach of the
runner's timer) or growing past a memory ceiling is killed, its input recorded
as a failure, and a new worker redoes its chunk without that input.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import shutil
import signal
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from auditor.pool import die_with_parent

from .cases import make_case
from .execute import MB, Failure, run_and_judge
from .seeds import Corpus

CHUNK = 100
#: a worker silent on one input for this long is killed (the runner's own timer stops most hangs sooner)
STALL_SECONDS = 240.0
#: a worker (with its children) whose resident memory passes this is killed
MAX_RSS_BYTES = 3 * 1024 * MB


@dataclass
class ChunkStats:
    """What a worker sends back for a chunk of inputs."""

    inputs: int = 0
    bytes: int = 0
    traced: tuple[int, int] = (0, 0)  # the largest traced memory, and that input's size
    rss_growth: tuple[int, int] = (0, 0)  # the largest growth of the resident set, and that input's size
    slowest: tuple[float, int, int] = (0.0, -1, 0)  # seconds, index, size
    counts: Counter[str] = field(default_factory=Counter)  # failures per group
    firsts: dict[str, Failure] = field(default_factory=dict)  # the first failure of each group
    failed: list[tuple[int, str]] = field(default_factory=list)  # every failing input: index, group

    def add_failure(self, failure: Failure) -> None:
        self.counts[failure.key] += 1
        self.firsts.setdefault(failure.key, failure)
        self.failed.append((failure.index, failure.key))


@dataclass
class Totals:
    """What a run found and measured."""

    inputs: int = 0
    bytes: int = 0
    seconds: float = 0.0  # wall time of the run
    counts: Counter[str] = field(default_factory=Counter)  # failures per group
    first: dict[str, Failure] = field(default_factory=dict)  # the lowest-index failure of each group
    traced_peak: int = 0  # the largest traced memory of any sampled input ...
    traced_peak_size: int = 0  # ... and that input's size
    rss_growth: int = 0  # the largest growth of a worker's resident set in one input ...
    rss_growth_size: int = 0  # ... and that input's size
    worker_rss_peak: int = 0  # the largest resident set (VmHWM) of any worker
    slowest: tuple[float, int, int] = (0.0, -1, 0)  # (seconds, index, size) of the slowest input
    #: where every failing input's index and group is appended as it is known (None: nowhere), so
    #: that a run stopped part way still says which inputs to run again (bench/fuzz.py --indexes)
    failed_file: Path | None = None

    def add_failure(self, failure: Failure, count: int = 1) -> None:
        self.counts[failure.key] += count
        known = self.first.get(failure.key)
        if known is None or failure.index < known.index:
            self.first[failure.key] = failure

    def add_chunk(self, stats: ChunkStats) -> None:
        self.inputs += stats.inputs
        self.bytes += stats.bytes
        if stats.traced[0] > self.traced_peak:
            self.traced_peak, self.traced_peak_size = stats.traced
        if stats.rss_growth[0] > self.rss_growth:
            self.rss_growth, self.rss_growth_size = stats.rss_growth
        self.slowest = max(self.slowest, stats.slowest)
        for key, count in stats.counts.items():
            self.add_failure(stats.firsts[key], count)
        self.write_failed(stats.failed)

    def write_failed(self, failed: list[tuple[int, str]]) -> None:
        if self.failed_file is not None and failed:
            with self.failed_file.open("a", encoding="utf-8") as fh:
                fh.writelines(f"{index}\t{key}\n" for index, key in failed)


def worker_loop(wid: int, seed: int, corpus: Corpus, end: int, memory_every: int, shared: dict[str, Any],
                outbox: Any, redo: tuple[int, int, frozenset[int]] | None, order: tuple[int, ...] | None = None) -> None:
    """Run chunks until the counter passes ``end``; first ``redo``: (from, to, inputs to skip), the chunk of a
    killed worker, whose results were lost with it.  With ``order``, the counter counts places in it: the
    inputs run are ``order[place]`` (a list of indexes, e.g. those that failed before)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles ^C
    die_with_parent()  # a fuzzer killed outright leaves no worker running on
    os.setpgid(0, 0)  # a group of its own, with the processes its inputs start: killed together
    folder = Path(f"/dev/shm/euchre-fuzz-{os.getpid()}")
    folder.mkdir(parents=True, exist_ok=True)
    try:
        if redo is not None:
            _run_chunk(wid, seed, corpus, range(redo[0], redo[1]), set(redo[2]), memory_every, shared, outbox, folder, order)
        while True:
            with shared["next"].get_lock():
                first = shared["next"].value
                shared["next"].value = first + CHUNK
            if first >= end:
                break
            _run_chunk(wid, seed, corpus, range(first, min(end, first + CHUNK)), set(), memory_every, shared, outbox, folder,
                       order)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    outbox.put(("done", wid, _vm_hwm(os.getpid())))  # not sent if the worker fails: the parent sees it die


def _run_chunk(wid: int, seed: int, corpus: Corpus, indices: range, skip: set[int], memory_every: int,
               shared: dict[str, Any], outbox: Any, folder: Path, order: tuple[int, ...] | None = None) -> None:
    shared["chunk_start"][wid], shared["chunk_end"][wid] = indices.start, indices.stop
    stats = ChunkStats()
    for place in indices:
        index = order[place] if order is not None else place
        if index in skip:
            continue
        shared["current"][wid] = index
        shared["started"][wid] = time.monotonic()
        try:
            case = make_case(index, seed, corpus)
        except Exception as err:  # noqa: BLE001 - a bug of the fuzzer: shown as a group of its own, not lost
            stats.add_failure(Failure(index, f"fuzzer bug: {type(err).__name__} making an input", traceback.format_exc(), "", 0, 0.0))
            continue
        traced = memory_every > 0 and index % memory_every == 0 and "--jobs 2" not in case.command and case.command != "stats"
        outcome, failure = run_and_judge(case, folder, trace_memory=traced)
        stats.inputs += 1
        stats.bytes += case.size
        if outcome.peak_bytes is not None and outcome.peak_bytes > stats.traced[0]:
            stats.traced = (outcome.peak_bytes, case.size)
        if outcome.rss_growth is not None and outcome.rss_growth > stats.rss_growth[0]:
            stats.rss_growth = (outcome.rss_growth, case.size)
        stats.slowest = max(stats.slowest, (outcome.seconds, index, case.size))
        if failure is not None:
            stats.add_failure(failure)
    shared["started"][wid] = time.monotonic()
    outbox.put(("chunk", wid, stats))


def _vm_hwm(pid: int) -> int:
    return _status_kb(pid, "VmHWM:") * 1024


def _status_kb(pid: int, field_name: str) -> int:
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith(field_name):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def _tree_rss(pid: int) -> int:
    """Resident memory of ``pid`` and its children (the audit's own --jobs workers)."""
    total = _status_kb(pid, "VmRSS:")
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as fh:
            total += sum(_status_kb(int(child), "VmRSS:") for child in fh.read().split())
    except OSError:
        pass
    return total * 1024


def _kill_tree(proc: multiprocessing.process.BaseProcess) -> None:
    """Kill a worker and every process it started (its process group)."""
    assert proc.pid is not None
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):  # gone, or not yet the leader of its group
        try:
            os.kill(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    proc.join()


class _Pool:
    """The workers, what they share, and what they found so far."""

    def __init__(self, seed: int, corpus: Corpus, start: int, inputs: int, jobs: int, memory_every: int,
                 log: Callable[[str], None], order: tuple[int, ...] | None = None, failed_file: Path | None = None) -> None:
        self.seed, self.corpus, self.start, self.end = seed, corpus, start, start + inputs
        self.order = order
        self.memory_every, self.log = memory_every, log
        self.context = multiprocessing.get_context("fork")
        self.shared: dict[str, Any] = {
            "next": self.context.Value("q", start),
            "current": self.context.Array("q", jobs),
            "started": self.context.Array("d", jobs),
            "chunk_start": self.context.Array("q", jobs),
            "chunk_end": self.context.Array("q", jobs),
        }
        self.skips: dict[int, set[int]] = {}  # inputs that killed a worker, by the first index of their chunk
        self.outbox = self.context.Queue()
        self.totals = Totals(failed_file=failed_file)
        self.workers = {wid: self.spawn(wid) for wid in range(jobs)}
        self.running = set(self.workers)

    def spawn(self, wid: int, redo: tuple[int, int, frozenset[int]] | None = None) -> multiprocessing.process.BaseProcess:
        self.shared["started"][wid] = time.monotonic()
        proc = self.context.Process(target=worker_loop, args=(wid, self.seed, self.corpus, self.end, self.memory_every,
                                                               self.shared, self.outbox, redo, self.order))
        proc.start()  # not a daemon: a daemon may not start processes, and the audit's --jobs 2 does
        return proc

    def receive(self) -> None:
        """Take the next message of a worker, if one comes within half a second."""
        try:
            message = self.outbox.get(timeout=0.5)
        except queue.Empty:
            return
        if message[0] == "chunk":
            self.totals.add_chunk(message[2])
        elif message[0] == "done":
            _, wid, hwm = message
            self.totals.worker_rss_peak = max(self.totals.worker_rss_peak, hwm)
            self.workers[wid].join()
            self.running.discard(wid)

    def check(self, wid: int) -> None:
        """Kill a worker stuck on an input, or past the memory ceiling, or dead; record its input; replace it."""
        proc = self.workers[wid]
        assert proc.pid is not None
        stalled = time.monotonic() - self.shared["started"][wid] > STALL_SECONDS
        rss = _tree_rss(proc.pid) if proc.is_alive() else 0
        died = proc.exitcode not in (None, 0)
        if not (stalled or rss > MAX_RSS_BYTES or died):
            return
        index = self.shared["current"][wid]
        first, last = self.shared["chunk_start"][wid], self.shared["chunk_end"][wid]
        self.totals.worker_rss_peak = max(self.totals.worker_rss_peak, _vm_hwm(proc.pid))
        _kill_tree(proc)
        shutil.rmtree(f"/dev/shm/euchre-fuzz-{proc.pid}", ignore_errors=True)
        case = make_case(index, self.seed, self.corpus)
        why = ("hang (killed by the watchdog)" if stalled else
               f"memory: resident set past {MAX_RSS_BYTES // MB} MB" if rss > MAX_RSS_BYTES else
               f"worker died (exit code {proc.exitcode})")
        self.log(f"    worker {wid} on input {index}: {why}; its chunk {first}-{last - 1} is run again without it")
        self.totals.add_failure(Failure(index, f"{why}: {case.command}", f"input {index}: {why}", case.command,
                                        case.size, time.monotonic() - self.shared["started"][wid]))
        self.totals.write_failed([(index, f"{why}: {case.command}")])
        self.totals.inputs += 1
        self.skips.setdefault(first, set()).add(index)
        self.workers[wid] = self.spawn(wid, (first, last, frozenset(self.skips[first])))

    def stop(self) -> None:
        for proc in self.workers.values():
            if proc.is_alive():
                _kill_tree(proc)


def run_pool(seed: int, corpus: Corpus, start: int, inputs: int, jobs: int, memory_every: int,
             progress: Callable[[Totals], None] | None = None, log: Callable[[str], None] = print,
             order: tuple[int, ...] | None = None, failed_file: Path | None = None) -> Totals:
    """Run the inputs on ``jobs`` workers and gather what they find (``progress(totals)`` every 10 s).
    With ``order`` the inputs are ``order[start:start + inputs]``; ``failed_file`` gets every failing index."""
    began = last_shown = time.monotonic()
    pool = _Pool(seed, corpus, start, inputs, jobs, memory_every, log, order, failed_file)
    try:
        while pool.running:
            pool.receive()
            for wid in list(pool.running):
                pool.check(wid)
            if _status_kb(os.getpid(), "VmRSS:") * 1024 > MAX_RSS_BYTES:  # the fuzzer's own bug: stop, loudly
                raise RuntimeError(f"the fuzzer's parent process passed {MAX_RSS_BYTES // MB} MB")
            if progress is not None and time.monotonic() - last_shown > 10:
                last_shown = time.monotonic()
                pool.totals.seconds = last_shown - began
                progress(pool.totals)
    finally:
        pool.stop()
    pool.totals.seconds = time.monotonic() - began
    return pool.totals
