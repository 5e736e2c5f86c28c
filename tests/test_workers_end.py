"""No worker outlives the audit, and no unit of work runs for ever.

When the audit's main process is killed outright (``kill -9``: a CI runner's timeout, a supervisor,
the memory killer) it cannot stop its workers: they end because the kernel kills them with their
parent (Linux), or because they watch their parent and end when it is gone (elsewhere; tested here
by turning the kernel's signal off).  A unit that runs past its budget of processor time ends with a
problem that names the file and line where the unit starts, and the audit goes on.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import auditor.budget
import auditor.parallel
from auditor.cli import main

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")


def _alive(pid: int) -> bool:
    """Is ``pid`` a process that has not ended (a zombie has ended: it only waits to be reaped)?"""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat[stat.rindex(")") + 2:].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _descendants(pid: int) -> set[int]:
    out: set[int] = set()
    todo = [pid]
    while todo:
        for child in _children(todo.pop()):
            if child not in out:
                out.add(child)
                todo.append(child)
    return out


def _busy_workers(proc: subprocess.Popen[bytes], count: int, seconds: float = 60.0) -> set[int]:
    """The processes ``proc`` started, once ``count`` of them have used processor time (they are at work)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the process ended before its workers were seen at work"
        found = _descendants(proc.pid)
        busy = [pid for pid in found if _cpu_ticks(pid) > 5]
        if len(busy) >= count:
            return found
        time.sleep(0.05)
    raise AssertionError(f"fewer than {count} busy workers after {seconds} s")


def _cpu_ticks(pid: int) -> int:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0
    fields = stat[stat.rindex(")") + 2:].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def _kill_and_look(proc: subprocess.Popen[bytes], workers: set[int]) -> set[int]:
    """Kill ``proc`` with SIGKILL; the workers still running a second later."""
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    time.sleep(1.0)
    return {pid for pid in workers if _alive(pid)}


def _kill_leftovers(pids: set[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _killed_leaves_no_worker(proc: subprocess.Popen[bytes], who: str) -> None:
    """Kill ``proc`` (SIGKILL) once two of its workers are busy; none of them may be running a second later."""
    workers: set[int] = set()
    try:
        workers = _busy_workers(proc, 2)
        left = _kill_and_look(proc, workers)
        assert not left, f"workers still running a second after {who} was killed: {sorted(left)}"
    finally:
        proc.kill()
        _kill_leftovers(workers)


def test_killing_the_audit_leaves_none_of_its_workers_running(tmp_path: Path) -> None:
    club = (ROOT / "samples" / "club-night.txt").read_text(encoding="utf-8")
    big = tmp_path / "season.txt"
    big.write_text(club * 3000, encoding="utf-8")  # about 8 MB: many seconds of work for two workers
    proc = subprocess.Popen([sys.executable, "-m", "auditor", str(big), "--jobs", "2", "--format", "lint"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    _killed_leaves_no_worker(proc, "the audit")


WATCHED = textwrap.dedent("""
    import sys, time
    import auditor.pool as pool

    pool._ask_death_signal = lambda: False  # as on a system without prctl: the workers watch their parent

    def spin(n):
        end = time.monotonic() + 120
        while time.monotonic() < end:
            pass
        return n

    for _ in pool.run_ordered(spin, range(8), 2, start_method="fork"):
        pass
""")


def test_a_worker_without_the_kernels_signal_ends_when_it_sees_its_parent_gone(tmp_path: Path) -> None:
    script = tmp_path / "watched.py"
    script.write_text(WATCHED, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, str(script)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    _killed_leaves_no_worker(proc, "their parent")


def test_killing_the_fuzzer_leaves_none_of_its_workers_running(tmp_path: Path) -> None:
    # the long fuzz run is stopped with SIGKILL too; its workers (and what they start) end with it
    proc = subprocess.Popen([sys.executable, str(ROOT / "bench" / "fuzz.py"), "--inputs", "1000000", "--jobs", "2",
                             "--no-special", "--no-minimize", "--out", str(tmp_path / "out")],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _killed_leaves_no_worker(proc, "the fuzzer")


# --------------------------------------------------------------- the budget of a unit
def _endless(real):  # type: ignore[no-untyped-def]
    """``audited_games`` that spins before its first game, as a reading stuck on a line would."""
    def games(unit, problems, skipped=None):  # type: ignore[no-untyped-def]
        start = time.process_time()
        while time.process_time() - start < 60:
            pass
        yield from real(unit, problems, skipped)
    return games


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_unit_past_its_budget_is_stopped_and_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str) -> None:
    monkeypatch.setattr(auditor.budget, "BASE_SECONDS", 0.3)
    monkeypatch.setattr(auditor.budget, "SECONDS_PER_MB", 0.0)
    monkeypatch.setattr(auditor.parallel, "audited_games", _endless(auditor.parallel.audited_games))  # the workers fork
    files = []
    for name in ("a.txt", "b.txt"):
        path = tmp_path / name
        path.write_text((ROOT / "samples" / "clean-game.txt").read_text(encoding="utf-8"), encoding="utf-8")
        files.append(str(path))
    out, err = io.StringIO(), io.StringIO()
    started = time.monotonic()
    status = main([*files, "--jobs", jobs], out, err)
    assert time.monotonic() - started < 30
    assert status == 2
    for path in files:
        assert (f"{path}:1: the audit of this file was stopped past its budget of 0 s of processor time; "
                "its games from there on are not audited") in err.getvalue()
    assert "Traceback" not in err.getvalue() + out.getvalue()
