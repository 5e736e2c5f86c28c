"""Run one input through ``auditor.cli.main`` in this process and judge what happened.

A failure is an exception escaping ``main``, an exit status other than 0, 1 or 2,
a traceback written to standard error, a Python object built from a ruleset,
a time beyond :func:`time_limit` of the input's size (processor time, of this
process and of the workers it waited for, so that a machine busy with other work
does not make a run slow; and seen twice), or a growth of the resident set (every
input) or a peak of traced memory (a sample of inputs) beyond :func:`memory_limit`.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import resource
import shutil
import signal
import time
import tracemalloc
import traceback
from dataclasses import dataclass
from pathlib import Path
from types import FrameType, TracebackType

from .cases import DIR, Case
from .structured import CANARY

MB = 1024 * 1024
#: an input may take this long plus this much per MB: a clean audit runs at about 0.7 s per MB, a file
#: whose every hand has a syntax error at about 6, and the slowest linear kind measured, a file of hundreds
#: of one-hand games each with tricks missing and a card written wrong (every reading of the slip search
#: read every way the missing tricks can stand), at about 30 (bench/linear_time.py, docs/robustness.md) ...
SLOW_BASE_SECONDS = 2.0
SLOW_SECONDS_PER_MB = 40.0
#: ... but a ruleset is read by PyYAML's pure-Python loader twice (compose, then load): about
#: 5 s per MB each time, linear; a ruleset is at most 256 KB
SLOW_SECONDS_PER_MB_OF_YAML = 16.0
#: an input whose run takes this long (wall time: room for a machine busy with other work) is stopped
#: (a hang); the pool's watchdog stops one stuck in C code
HARD_BASE_SECONDS = 60.0
HARD_SECONDS_PER_MB = 80.0
#: traced memory may reach this plus this many bytes per byte of input
MEMORY_BASE_BYTES = 64 * MB
MEMORY_PER_INPUT_BYTE = 40
#: ... or, for a ruleset, this many: PyYAML's nodes and marks take about 350 bytes per byte
#: (a ruleset is at most 256 KB, so that this stays under about 100 MB)
MEMORY_PER_YAML_BYTE = 400
TRACEBACK = "Traceback (most recent call last)"
_AUDITOR_FRAME = re.compile(r'File "([^"]*?[/\\]auditor[/\\][^"]+)", line (\d+), in (\S+)')


def time_limit(size: int, yaml_size: int = 0) -> float:
    """How long an input of ``size`` bytes, ``yaml_size`` of them a ruleset, may take."""
    return SLOW_BASE_SECONDS + SLOW_SECONDS_PER_MB * (size - yaml_size) / MB + SLOW_SECONDS_PER_MB_OF_YAML * yaml_size / MB


def hard_limit(size: int) -> float:
    return HARD_BASE_SECONDS + HARD_SECONDS_PER_MB * size / MB


def _yaml_bytes(case: Case) -> int:
    return sum(len(d) for n, d in case.files.items() if n.endswith(".yaml"))


def case_time_limit(case: Case) -> float:
    return time_limit(case.size, _yaml_bytes(case))


def case_memory_limit(case: Case) -> int:
    return memory_limit(case.size, _yaml_bytes(case))


def memory_limit(size: int, yaml_size: int = 0) -> int:
    return MEMORY_BASE_BYTES + MEMORY_PER_INPUT_BYTE * (size - yaml_size) + MEMORY_PER_YAML_BYTE * yaml_size


class CaseTimeout(BaseException):
    """Raised in the running input by a timer: it ran past its hard limit."""


@dataclass
class Outcome:
    status: int | None
    seconds: float
    stderr: str
    error: str | None = None  # the type of the exception that escaped main, if one did ...
    where: str = ""  # ... and its innermost frame in the auditor's code
    traceback: str = ""
    peak_bytes: int | None = None  # traced memory, when measured
    rss_growth: int | None = None  # the peak resident set during the run less the one before it, when measured
    canary: bool = False  # a ruleset made the loader build a Python object
    slow_where: str = ""  # where the run was when it passed its time limit (the innermost auditor frame)
    cpu_seconds: float | None = None  # processor time of the run (with its waited-for children), when measured

    @property
    def judged_seconds(self) -> float:
        """The time judged against the limit: processor time where measured, else wall time."""
        return self.cpu_seconds if self.cpu_seconds is not None else self.seconds


@dataclass(frozen=True)
class Failure:
    index: int
    key: str  # the group: exception type and innermost auditor frame, or the kind of failure and the command
    detail: str  # the traceback, or what was wrong
    command: str
    size: int
    seconds: float


def prepare(case: Case, folder: Path) -> list[str]:
    """Empty ``folder``, write the case's files into it, and return its command line."""
    for entry in os.scandir(folder):
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, ignore_errors=True)
        else:
            os.unlink(entry.path)
    for name, data in case.files.items():
        (folder / name).write_bytes(data.replace(DIR.encode(), str(folder).encode()))
    return case.args(str(folder))


class _Alarm:
    """Two alarms for a run: at its time limit, note where it is (a sample of where a slow run
    spends its time, which groups slow runs by cause); at its hard limit, stop it."""

    def __init__(self, limit: float, hard: float) -> None:
        self.limit, self.hard = limit, max(hard, 2 * limit)
        self.where = ""

    def start(self) -> None:
        signal.setitimer(signal.ITIMER_REAL, self.limit)

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if self.where:
            raise CaseTimeout()
        self.where = frame_where(frame)
        signal.setitimer(signal.ITIMER_REAL, self.hard - self.limit)


def frame_where(frame: FrameType | None) -> str:
    """``auditor/x.py:function:line`` of the innermost frame of the auditor's code in a stack."""
    while frame is not None:
        path = frame.f_code.co_filename
        if _AUDITOR_FRAME.search(f'File "{path}", line 1, in x'):
            return f"{_short(path)}:{frame.f_code.co_name}:{frame.f_lineno}"
        frame = frame.f_back
    return "no auditor frame"


def _status_kb(field: str) -> int:
    with open("/proc/self/status") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith(field))


def _reset_peak_rss() -> int | None:
    """Reset this process's peak resident set (Linux: clear_refs 5); the resident set now, or None."""
    try:
        with open("/proc/self/clear_refs", "w") as fh:
            fh.write("5")
        return _status_kb("VmRSS:") * 1024
    except (OSError, StopIteration):
        return None


def run_case(case: Case, folder: Path, trace_memory: bool = False) -> Outcome:
    """Write ``case`` into ``folder`` and run it through ``main``; standard streams are captured too.

    ``stats`` runs in a child process: polars starts a dozen threads, and a process with threads
    must not fork the workers of a later ``--jobs 2`` audit.  The growth of the resident set is
    measured on every other run; the traced memory only when ``trace_memory`` (it slows a run
    several times)."""
    if case.command == "stats":
        return _run_in_child(case, folder)
    return _run_here(case, folder, trace_memory)


def _run_in_child(case: Case, folder: Path) -> Outcome:
    """``case`` run in a new (spawned) process: a forked one deadlocks in polars' streaming engine
    when the process it was forked from has used polars (its threads are not copied: the test
    suite's process has run ``stats`` before it runs the fuzzer)."""
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(case, str(folder), send))
    child.start()
    send.close()
    try:
        outcome: Outcome | None = receive.recv()
    except EOFError:
        outcome = None
    child.join()
    if outcome is not None:
        return outcome
    return Outcome(None, 0.0, "", "ChildDied", case.command, f"the child running the input ended with exit code {child.exitcode}")


def _child(case: Case, folder: str, send: object) -> None:
    send.send(_run_here(case, Path(folder), False, measure_rss=False))  # type: ignore[attr-defined]


def _run_here(case: Case, folder: Path, trace_memory: bool, measure_rss: bool = True) -> Outcome:
    from auditor.cli import main

    argv = prepare(case, folder)
    rss_before = _reset_peak_rss() if measure_rss else None
    out, err, loose = io.StringIO(), io.StringIO(), io.StringIO()
    status: int | None = None
    error: str | None = None
    where = text = ""
    alarm = _Alarm(case_time_limit(case), hard_limit(case.size))
    previous = signal.signal(signal.SIGALRM, alarm)
    alarm.start()
    if trace_memory:
        tracemalloc.start()
    start, cpu_start = time.perf_counter(), _cpu_seconds()
    try:
        with contextlib.redirect_stdout(loose), contextlib.redirect_stderr(loose):
            status = main(argv, out, err)
    except BaseException as exc:  # noqa: BLE001 - whatever escapes main is the finding
        text = traceback.format_exc()
        error, where = type(exc).__name__, innermost_auditor_frame(exc, text)
    finally:
        seconds = time.perf_counter() - start
        cpu = _cpu_seconds() - cpu_start
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    growth = _status_kb("VmHWM:") * 1024 - rss_before if rss_before is not None else None
    peak = None
    if trace_memory:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    canary = (folder / CANARY).exists() or Path(CANARY).exists()
    return Outcome(status, seconds, err.getvalue() + loose.getvalue(), error, where, text, peak, growth, canary, alarm.where, cpu)


def _cpu_seconds() -> float:
    """Processor time of this process and of the children it has waited for (an audit's ``--jobs`` workers)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def innermost_auditor_frame(error: BaseException, text: str) -> str:
    """``auditor/x.py:function:line`` of the deepest frame in the auditor's own code.

    An exception raised in a worker process of ``--jobs`` carries the worker's
    traceback as text in its cause; that text is searched first.
    """
    cause = error.__cause__
    if cause is not None and type(cause).__name__ == "_RemoteTraceback":
        found = _AUDITOR_FRAME.findall(str(cause))
        if found:
            path, line, function = found[-1]
            return f"{_short(path)}:{function}:{line}"
    tb: TracebackType | None = error.__traceback__
    best = "no auditor frame"
    while tb is not None:
        path = tb.tb_frame.f_code.co_filename
        if _AUDITOR_FRAME.search(f'File "{path}", line 1, in x'):
            best = f"{_short(path)}:{tb.tb_frame.f_code.co_name}:{tb.tb_lineno}"
        tb = tb.tb_next
    if best == "no auditor frame" and (found := _AUDITOR_FRAME.findall(text)):
        path, line, function = found[-1]
        best = f"{_short(path)}:{function}:{line}"
    return best


def _short(path: str) -> str:
    parts = re.split(r"[/\\]", path)
    return "/".join(parts[len(parts) - 1 - parts[::-1].index("auditor"):])


def _package(where: str) -> str:
    """The folder of a frame (``auditor/replay``): one sample of a slow run's stack names its
    function only by chance, but its part of the auditor reliably."""
    return where.split(":")[0].rsplit("/", 1)[0] if "/" in where else (where or "no auditor frame")


def judge(case: Case, outcome: Outcome, check_time: bool = True) -> Failure | None:
    """The failure ``outcome`` shows, if any (time is judged only when ``check_time``)."""
    def failed(key: str, detail: str) -> Failure:
        return Failure(case.index, key, detail, case.command, case.size, outcome.seconds)

    if outcome.error == CaseTimeout.__name__:
        return failed(f"hang in {_package(outcome.where)} ({case.kind} input)", f"stopped after {outcome.seconds:.0f} s "
                      f"({case.command}, {case.size} bytes) in {outcome.where}\n{outcome.traceback}")
    if outcome.error is not None:
        return failed(f"{outcome.error} at {outcome.where}", outcome.traceback)
    if outcome.canary:
        return failed("a ruleset built a Python object", outcome.stderr[-4000:])
    if outcome.status not in (0, 1, 2):
        return failed(f"exit status {outcome.status}: {case.command}", outcome.stderr[-4000:])
    if TRACEBACK in outcome.stderr:
        at = outcome.stderr.index(TRACEBACK)
        frame = _AUDITOR_FRAME.findall(outcome.stderr[at:])
        where = f"{_short(frame[-1][0])}:{frame[-1][2]}:{frame[-1][1]}" if frame else case.command
        return failed(f"traceback on stderr at {where}", outcome.stderr[at:][-8000:])
    for measure, used in (("traced memory", outcome.peak_bytes), ("growth of the resident set", outcome.rss_growth)):
        if used is not None and used > case_memory_limit(case):
            return failed(f"memory: {case.kind} input",
                          f"peak {measure} {used / MB:.1f} MB for {case.size} bytes of input "
                          f"(limit {case_memory_limit(case) / MB:.1f} MB; {case.command})")
    limit = case_time_limit(case)
    if check_time and outcome.peak_bytes is None and outcome.judged_seconds > limit:
        return failed(f"slow in {_package(outcome.slow_where)} ({case.kind} input)",
                      f"{outcome.judged_seconds:.2f} s of processor time ({outcome.seconds:.2f} s of wall time) for {case.size} bytes "
                      f"(limit {limit:.2f} s; {case.command}); "
                      f"at the limit it was in {outcome.slow_where}")
    return None


def run_and_judge(case: Case, folder: Path, trace_memory: bool = False) -> tuple[Outcome, Failure | None]:
    """Run and judge; a run slower than its limit (but not three times slower) is run again and
    counts only if it is slow again: a busy second of the machine is not a finding."""
    outcome = run_case(case, folder, trace_memory)
    failure = judge(case, outcome)
    if failure is not None and failure.key.startswith("slow in") and outcome.judged_seconds < 3 * case_time_limit(case):
        again = run_case(case, folder)
        if judge(case, again) is None:
            return again, None
    return outcome, failure
