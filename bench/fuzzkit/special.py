"""Files that are not files, and files too big to make a million times: each run once.

A folder, a FIFO nobody writes to, a FIFO that never stops, an unreadable file, a
symlink loop, a dangling symlink, /dev/zero, /dev/null, 50 MB on one line (as the
notation and as JSON) and an EGN file as big as the reader takes are given to each command as a game file (and as a
ruleset), each in its own subprocess with a timeout: a read that blocks forever
is a hang to report, not a hang of the fuzzer.  The resident memory of the
process and its children is sampled while it runs.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .execute import MB, TRACEBACK
from .seeds import ROOT, SAMPLES

#: a run may take this long plus this much per MB of its input ...
SPECIAL_BASE_SECONDS = 30.0
SPECIAL_SECONDS_PER_MB = 2.0
#: ... and its process tree may hold this much memory plus this many bytes per byte of input
SPECIAL_BASE_RSS = 300 * MB
SPECIAL_RSS_PER_INPUT_BYTE = 6
BIG = 50 * 1000 * 1000
#: as root, a file of mode 000 is still readable: the run drops the two capabilities that allow it
DROP_READ_OVERRIDE = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--"]
_FRAME = re.compile(r'File "[^"]*?[/\\](auditor[/\\][^"]+)", line (\d+), in (\S+)')


@dataclass(frozen=True)
class SpecialResult:
    name: str  # the special file
    argv: list[str]
    status: int | None  # None: stopped at the timeout
    seconds: float
    peak_rss: int
    problem: str | None  # what was wrong (None: nothing)
    stderr: str
    note: str = ""


def make_specials(folder: Path, big: bool = True) -> dict[str, tuple[Path, int]]:
    """The special files in ``folder``: name -> (path, size in bytes counted for the limits)."""
    folder.mkdir(parents=True, exist_ok=True)
    os.chmod(folder, 0o755)  # the unreadable-file run may be made as nobody
    made: dict[str, tuple[Path, int]] = {}
    (folder / "a-folder").mkdir(exist_ok=True)
    made["folder"] = (folder / "a-folder", 0)
    fifo = folder / "fifo-silent"
    if not fifo.exists():
        os.mkfifo(fifo)
    made["fifo, nobody writing"] = (fifo, 0)
    endless = folder / "fifo-endless"
    if not endless.exists():
        os.mkfifo(endless)
    made["fifo, endless writer"] = (endless, 0)
    unreadable = folder / "unreadable.txt"
    unreadable.write_bytes((SAMPLES / "club-night.txt").read_bytes())
    os.chmod(unreadable, 0)
    made["unreadable file"] = (unreadable, 0)
    for name, target in (("loop-a", "loop-b"), ("loop-b", "loop-a"), ("dangling", "no-such-file")):
        link = folder / name
        if not link.is_symlink():
            os.symlink(target, link)
    made["symlink loop"] = (folder / "loop-a", 0)
    made["dangling symlink"] = (folder / "dangling", 0)
    made["/dev/zero"] = (Path("/dev/zero"), 0)
    made["/dev/null"] = (Path("/dev/null"), 0)
    if big:
        line = folder / "50mb-line.txt"
        with line.open("wb") as fh:
            fh.write(b"hand 1 dealer N ")
            fh.write(b"trick N:AS E:KS " * ((BIG - 16) // 16))
        made["50 MB on one line"] = (line, line.stat().st_size)
        doc = folder / "50mb-line.egn"
        with doc.open("wb") as fh:
            fh.write(b'{"fileType": "Euchre Game Notation", "version": "1.4", "deals": [')
            fh.write(b"0," * (BIG // 2 - 40))
            fh.write(b"0]}")
        made["50 MB of JSON on one line"] = (doc, doc.stat().st_size)
        full = folder / "egn-at-its-limit.egn"
        with full.open("wb") as fh:  # an EGN file of as many values as the reader takes, in their costliest shape
            fh.write(_egn_at_its_value_limit())
        made["EGN at its value limit"] = (full, full.stat().st_size)
        long = folder / "egn-16mb-string.egn"
        with long.open("wb") as fh:  # an EGN file of as many characters as the reader takes, most in one title
            head = b'{"fileType": "Euchre Game Notation", "version": "1.4", "metadata": {"title": "'
            fh.write(head)
            fh.write(b"x" * (_egn_limit() - len(head) - 8))
            fh.write(b'"}}')
        made[f"EGN of {_egn_limit() / MB:.0f} MB (its limit)"] = (long, long.stat().st_size)
    return made


def _egn_at_its_value_limit() -> bytes:
    """Arrays of ``{"k":0}`` up to the JSON reader's limit of values: an object, its key and its
    number are three values and the most memory a value can take (about 200 bytes each)."""
    try:
        from auditor.egn.jsonpos import MAX_ITEMS, MAX_VALUES
    except ImportError:  # the reader has no such limits (any more)
        MAX_ITEMS, MAX_VALUES = 10_000, 1_000_000
    head = '{"fileType": "Euchre Game Notation", "version": "1.4", "metadata": {"title": "x", "players": ["a", "b", "c", "d"], "initialScore": [0, 0]}, "deals": ['
    per = min(MAX_ITEMS, 3000)
    one = "[" + ",".join(['{"k":0}'] * per) + "]"
    arrays = [one] * ((MAX_VALUES - 100) // (1 + 3 * per))
    return (head + ",".join(arrays) + "]}").encode()


def _egn_limit() -> int:
    try:
        from auditor.egn.reader import MAX_EGN_CHARS

        return int(MAX_EGN_CHARS)
    except (ImportError, AttributeError):  # the reader has no such limit (any more): 16 MB
        return 16 * MB


def commands(path: Path, clean_game: Path, every: bool = True) -> list[list[str]]:
    """Every way the special file is read: as a game file by each command, and as a ruleset
    (``every=False``: the audit and ``fmt --check`` only)."""
    p = str(path)
    if not every:
        return [[p, "--jobs", "1"], ["fmt", "--check", p]]
    return [
        [p, "--jobs", "1"], [p, "--jobs", "2", "--format", "lint"], ["fmt", "--check", p], ["convert", p, "--to", "egn"],
        ["stats", p, "--jobs", "1"], [str(clean_game), "--rules", p, "--jobs", "1"],
    ]


def _endless_writer(path: Path, stop: threading.Event) -> None:
    """Keep a FIFO full of games (open without blocking, so that a reader that never comes stops nothing)."""
    game = (SAMPLES / "club-night.txt").read_bytes()
    while not stop.is_set():
        try:
            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as err:
            if err.errno == errno.ENXIO:  # no reader yet
                time.sleep(0.01)
                continue
            return
        try:
            while not stop.is_set():
                try:
                    os.write(fd, game)
                except BlockingIOError:
                    time.sleep(0.001)
        except OSError:  # the reader closed it
            pass
        finally:
            os.close(fd)


def _tree_rss(pid: int) -> int:
    total = 0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            with open(f"/proc/{current}/status") as fh:
                total += next((int(ln.split()[1]) for ln in fh if ln.startswith("VmRSS:")), 0) * 1024
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as fh:
                    pending.extend(int(c) for c in fh.read().split())
        except (OSError, ValueError):
            continue
    return total


def run_special(name: str, argv: list[str], size: int, cwd: Path, prefix: list[str] | None = None,
                writer: Callable[[threading.Event], None] | None = None,
                base_seconds: float = SPECIAL_BASE_SECONDS) -> SpecialResult:
    """One run in a subprocess: its status, time, peak memory and what was wrong."""
    limit = base_seconds + SPECIAL_SECONDS_PER_MB * size / MB
    rss_limit = SPECIAL_BASE_RSS + SPECIAL_RSS_PER_INPUT_BYTE * size
    stop = threading.Event()
    feeder = threading.Thread(target=writer, args=(stop,), daemon=True) if writer else None
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.monotonic()
    proc = subprocess.Popen([*(prefix or []), sys.executable, "-m", "auditor", *argv], cwd=cwd, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    if feeder:
        feeder.start()
    peak, problem = 0, None
    errors: list[bytes] = []
    reader = threading.Thread(target=lambda: errors.append(proc.stderr.read() if proc.stderr else b""), daemon=True)
    reader.start()
    while proc.poll() is None:
        peak = max(peak, _tree_rss(proc.pid))
        if peak > rss_limit:
            problem = f"memory: more than {rss_limit / MB:.0f} MB resident"
        elif time.monotonic() - start > limit:
            problem = f"hang: still running after {limit:.0f} s"
        if problem:
            os.killpg(proc.pid, 9)
            break
        time.sleep(0.05)
    proc.wait()
    seconds = time.monotonic() - start
    stop.set()
    reader.join(5)
    stderr = (errors[0] if errors else b"").decode("utf-8", errors="replace")
    status = None if problem and problem.startswith("hang") else proc.returncode
    if problem is None and proc.returncode not in (0, 1, 2):
        problem = f"exit status {proc.returncode}"
    if problem is None and TRACEBACK in stderr:
        frames = _FRAME.findall(stderr)
        problem = f"traceback at {frames[-1][0]}:{frames[-1][2]}:{frames[-1][1]}" if frames else "traceback"
    return SpecialResult(name, argv, status, seconds, peak, problem, stderr[-3000:])


def run_specials(folder: Path, jobs: int = 2, big: bool = True, log: Callable[[str], None] = print,
                 every_command: bool = True, base_seconds: float = SPECIAL_BASE_SECONDS) -> list[SpecialResult]:
    """Every special file through every command (``big``: the 50 MB lines too); a run may take
    ``base_seconds`` (plus 2 s per MB) before it counts as a hang."""
    made = make_specials(folder, big)
    clean = SAMPLES / "clean-game.txt"
    root = os.geteuid() == 0
    tasks = []
    for name, (path, size) in made.items():
        for argv in commands(path, clean, every_command):
            prefix, note = None, ""
            if name == "unreadable file" and root:
                if shutil.which("setpriv"):
                    prefix, note = DROP_READ_OVERRIDE, "run as root without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (setpriv), so that mode 000 stops reading"
                else:
                    note = "run as root, which reads a file of mode 000 anyway (no setpriv to drop the capability): not a test of an unreadable file"
            writer = (lambda stop, p=path: _endless_writer(p, stop)) if name == "fifo, endless writer" else None
            tasks.append((name, argv, size, prefix, note, writer))
    results = []
    with ThreadPoolExecutor(jobs) as pool:
        futures = [pool.submit(run_special, name, argv, size, folder, prefix, writer, base_seconds)
                   for name, argv, size, prefix, _, writer in tasks]
        for (name, argv, size, user, note, _), future in zip(tasks, futures):
            result = future.result()
            if note:
                result = SpecialResult(**{**result.__dict__, "note": note})
            results.append(result)
            verdict = result.problem or "ok"
            log(f"  {name:<28} {' '.join(a.replace(str(folder) + '/', '') for a in argv)[:60]:<60} "
                f"exit {result.status}  {result.seconds:6.1f} s  {result.peak_rss / MB:6.0f} MB  {verdict}")
    return results
