"""fmt --write and convert -o replace a file through a temporary file and a rename; the file keeps
its permissions (the temporary file is 0600: a 0644 file once became 0600), its group, and a link."""

from __future__ import annotations

import io
import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from auditor.cli import main
from conftest import SAMPLES

CLEAN = SAMPLES / "clean-game.txt"


def run(*args: str) -> tuple[int, str]:
    err = io.StringIO()
    code = main(list(args), io.StringIO(), err)
    assert "Traceback" not in err.getvalue()
    return code, err.getvalue()


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def not_canonical(path: Path) -> Path:
    """A copy of the clean sample with extra spaces, which fmt --write rewrites."""
    text = CLEAN.read_text(encoding="utf-8").replace("\nhand ", "\nhand  ")
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def umask_027() -> Iterator[None]:
    saved = os.umask(0o027)
    try:
        yield
    finally:
        os.umask(saved)


@pytest.mark.parametrize("mode", [0o644, 0o640])
def test_fmt_write_keeps_the_files_mode(tmp_path: Path, mode: int) -> None:
    path = not_canonical(tmp_path / "night.txt")
    path.chmod(mode)
    assert run("fmt", "--write", str(path)) == (0, f"reformatted {path}\n")
    assert "hand  " not in path.read_text(encoding="utf-8")  # it was rewritten
    assert mode_of(path) == mode
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left


@pytest.mark.parametrize("mode", [0o644, 0o640])
def test_convert_output_keeps_the_mode_of_the_file_it_replaces(tmp_path: Path, mode: int) -> None:
    out = tmp_path / "night.json"
    out.write_text("old\n", encoding="utf-8")
    out.chmod(mode)
    assert run("convert", str(CLEAN), "--to", "json", "-o", str(out)) == (0, "")
    assert out.read_text(encoding="utf-8").startswith("{") and mode_of(out) == mode


def test_a_new_output_file_gets_the_mode_open_would_give_it(tmp_path: Path, umask_027: None) -> None:
    out = tmp_path / "new.json"
    assert run("convert", str(CLEAN), "--to", "json", "-o", str(out)) == (0, "")
    assert mode_of(out) == 0o640  # 0666 less the umask 027, not mkstemp's 0600
    assert os.umask(0o027) == 0o027  # the umask was read and put back


def test_fmt_write_keeps_the_files_group(tmp_path: Path) -> None:
    others = [g for g in ([1, 2] if os.geteuid() == 0 else os.getgroups()) if g != os.getegid()]
    if not others:
        pytest.skip("this user belongs to no second group")
    path = not_canonical(tmp_path / "night.txt")
    os.chown(path, -1, others[0])
    path.chmod(0o640)
    assert run("fmt", "--write", str(path))[0] == 0
    assert path.stat().st_gid == others[0] and mode_of(path) == 0o640


def test_fmt_write_through_a_symbolic_link_rewrites_the_file_and_keeps_the_link(tmp_path: Path) -> None:
    real = not_canonical(tmp_path / "night.txt")
    real.chmod(0o644)
    link = tmp_path / "link.txt"
    link.symlink_to(real.name)
    assert run("fmt", "--write", str(link)) == (0, f"reformatted {link}\n")
    assert link.is_symlink() and os.readlink(link) == real.name
    assert "hand  " not in real.read_text(encoding="utf-8") and mode_of(real) == 0o644


def test_convert_output_to_a_fifo_writes_into_it_and_leaves_it_a_fifo(tmp_path: Path) -> None:
    """Renaming over what is not a regular file would put a file in its place (as root: over /dev/null)."""
    fifo = tmp_path / "out"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # open first, so that writing never waits
    try:
        assert run("convert", str(CLEAN), "--to", "json", "-o", str(fifo)) == (0, "")
        written = os.read(reader, 1 << 20)
    finally:
        os.close(reader)
    assert fifo.is_fifo() and json.loads(written)["format"] == "euchre-audit model"  # all of it


def test_convert_output_to_a_folder_is_refused(tmp_path: Path) -> None:
    code, err = run("convert", str(CLEAN), "--to", "json", "-o", str(tmp_path))
    assert code == 2 and err == f"euchre-audit: cannot write {tmp_path} (Is a directory)\n"
    assert list(tmp_path.iterdir()) == []
