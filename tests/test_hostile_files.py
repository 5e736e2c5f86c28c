"""Game files that are not regular files, and --jobs past any machine: one line each, exit status 2.

Every command that reads game files (the audit, fmt, convert, stats) checks
what a path is before it reads a byte: a pipe would block the format check
forever and /dev/zero never ends.  Those run in a child process with a
timeout, so that a regression fails instead of hanging the suite.
"""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from auditor.cli import main
from auditor.cli_common import MAX_JOBS
from conftest import ROOT, SAMPLES

CLEAN = SAMPLES / "clean-game.txt"
#: every command that reads game files, as it is typed before the file
COMMANDS = {
    "audit": [],
    "fmt": ["fmt"],
    "fmt --check": ["fmt", "--check"],
    "fmt --write": ["fmt", "--write"],
    "convert": ["convert", "--to", "egn"],
    "stats": ["stats", "--jobs", "1"],
}


def run_child(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    return subprocess.run(
        [sys.executable, "-m", "auditor", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=60
    )


def run(*args: str) -> tuple[int, list[str]]:
    err = io.StringIO()
    code = main(list(args), io.StringIO(), err)
    assert "Traceback" not in err.getvalue()
    return code, err.getvalue().splitlines()


def command(name: str, path: Path | str) -> list[str]:
    words = COMMANDS[name]
    return [*words[:1], str(path), *words[1:]] if words else [str(path)]


def assert_refused(proc: subprocess.CompletedProcess[str], expected: str) -> None:
    assert "Traceback" not in proc.stderr + proc.stdout, proc.stderr
    assert proc.returncode == 2, proc.stderr
    assert expected in proc.stderr.splitlines(), proc.stderr


@pytest.mark.parametrize("name", COMMANDS)
def test_a_fifo_is_refused_before_it_is_opened(tmp_path: Path, name: str) -> None:
    """The format was sniffed before the type was checked: opening a FIFO waits for a writer, forever."""
    fifo = tmp_path / "games.txt"
    os.mkfifo(fifo)
    proc = run_child(*command(name, fifo.name), cwd=tmp_path)
    assert_refused(proc, "euchre-audit: games.txt: not a regular file (a pipe); save it to a file and give that")
    assert fifo.is_fifo()  # fmt --write left it alone


@pytest.mark.parametrize("name", COMMANDS)
def test_dev_zero_is_refused_before_a_byte_is_read(tmp_path: Path, name: str) -> None:
    """fmt --check /dev/zero read until MemoryError."""
    proc = run_child(*command(name, "/dev/zero"), cwd=tmp_path)
    assert_refused(proc, "euchre-audit: /dev/zero: not a regular file (a device); save it to a file and give that")


def test_a_fifo_given_as_a_ruleset_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "club.yaml")
    proc = run_child(str(CLEAN), "--rules", "club.yaml", cwd=tmp_path)
    assert_refused(proc, "euchre-audit: invalid ruleset: club.yaml: not a regular file (a pipe); save it to a file and give that")


@pytest.mark.parametrize("name", [n for n in COMMANDS if n not in ("stats", "audit")])  # those search a folder
def test_a_folder_is_not_a_game_file(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    assert run(*command(name, folder)) == (2, [f"euchre-audit: {folder}: is a folder, not a game file"])


@pytest.mark.parametrize("name", COMMANDS)
def test_a_loop_of_symbolic_links_is_named(tmp_path: Path, name: str) -> None:
    loop = tmp_path / "loop.txt"
    loop.symlink_to(loop)
    code, lines = run(*command(name, loop))
    assert code == 2 and f"euchre-audit: {loop}: cannot read ({os.strerror(errno.ELOOP)})" in lines


@pytest.mark.parametrize("name", COMMANDS)
def test_a_file_that_cannot_be_opened_is_named(tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """As chmod 000 does for anyone but root (who reads any file): opening it fails."""
    locked = tmp_path / "locked.txt"
    locked.write_text(CLEAN.read_text(encoding="utf-8"), encoding="utf-8")
    real_open = Path.open

    def refuse(self: Path, *args: object, **kwargs: object) -> object:
        if self == locked:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))
        return real_open(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "open", refuse)
    code, lines = run(*command(name, locked))
    assert code == 2 and f"euchre-audit: {locked}: cannot read ({os.strerror(errno.EACCES)})" in lines


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file of mode 000")
@pytest.mark.parametrize("name", COMMANDS)
def test_a_file_of_mode_000_is_named(tmp_path: Path, name: str) -> None:
    locked = tmp_path / "locked.txt"
    locked.write_text(CLEAN.read_text(encoding="utf-8"), encoding="utf-8")
    locked.chmod(0)
    code, lines = run(*command(name, locked))
    assert code == 2 and f"euchre-audit: {locked}: cannot read ({os.strerror(errno.EACCES)})" in lines


@pytest.mark.parametrize("words", [[str(CLEAN)], ["stats", str(CLEAN)]])
def test_jobs_past_any_machine_are_refused_with_the_limit(words: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """--jobs 99999999999999999999 raised OverflowError when the workers were started."""
    prog = "euchre-audit stats" if words[0] == "stats" else "euchre-audit"
    for jobs in ("99999999999999999999", str(MAX_JOBS + 1), "0"):
        assert run(*words, "--jobs", jobs)[0] == 2
        assert capsys.readouterr().err.splitlines() == [
            f"{prog}: error: argument --jobs: must be from 1 to {MAX_JOBS}, not {jobs}", f"(see {prog} --help)",
        ]
    assert run(*words, "--jobs", "many")[0] == 2
    assert capsys.readouterr().err.splitlines()[0] == f"{prog}: error: argument --jobs: not a number: 'many'"


def test_a_file_too_large_for_fmt_is_refused_before_it_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from auditor import convert

    monkeypatch.setattr(convert, "MAX_FMT_BYTES", 100)
    path = tmp_path / "big.txt"
    path.write_text(CLEAN.read_text(encoding="utf-8"), encoding="utf-8")
    size = path.stat().st_size
    assert run("fmt", "--check", str(path)) == (2, [f"euchre-audit: {path}: the game file is {size:,} bytes; the limit is 100"])


def test_convert_names_the_game_whose_set_tag_cannot_take_the_command_lines_set(tmp_path: Path) -> None:
    """A bad --set is the --set's fault; a game's own Set tag that it breaks is named with the file and game."""
    path = tmp_path / "four.txt"
    path.write_text('[Set "deck.hand_size=4"]\n' + CLEAN.read_text(encoding="utf-8"), encoding="utf-8")
    code, lines = run("convert", str(path), "--to", "egn", "--set", "scoring.majority=5")
    assert code == 2 and len(lines) == 1 and lines[0].startswith(f"euchre-audit: {path}:")
    assert lines[0].endswith(": game 1: line 1:1: [Set] tag: --set deck.hand_size=4: scoring: scoring.majority is 5 but a hand has only 4 tricks")
    # as the audit says it, which audits the file's other games (convert stops: its output would lack a game),
    # at the Set tag (line 1 of the file)
    reason = lines[0].split(": game 1: ", 1)[1]
    assert run(str(path), "--set", "scoring.majority=5") == (2, [f"euchre-audit: {path}:1:1: game 1 is not audited: {reason}"])


def test_convert_lists_every_problem_of_a_bad_set_as_the_audit_does() -> None:
    """convert printed only the first problem of a ruleset; the audit prints each (at most 20 and a count)."""
    sets = [arg for i in range(3) for arg in ("--set", f"key{i}=1")]
    code, lines = run("convert", str(CLEAN), "--to", "egn", *sets)
    assert code == 2 and lines == [f"euchre-audit: invalid ruleset: --set key{i}=1: key{i}: unknown key" for i in range(3)]
    assert run(str(CLEAN), *sets) == (2, lines)
