"""What the PATHs of the audit and of ``stats`` stand for: files, folders, globs, standard input.

- a file is read whatever its name;
- a folder is searched recursively for game files (``.txt``, ``.euchre``, ``.egn``, ``.emn``, and
  ``.json`` files whose opening names a game format), hidden folders and files skipped, and those
  ``--exclude`` or a ``.gitignore`` leaves out (:mod:`auditor.exclusion`), in order of their paths;
- a name that does not exist but holds ``*``, ``?`` or ``[`` is a glob, expanded here (``**``
  crosses folders), so a quoted glob works as well as one the shell expanded;
- ``-`` is standard input, copied to a temporary file first (so that it can be sniffed, cut for
  ``--jobs`` and read by workers) and named ``<stdin>`` in the report.
"""

from __future__ import annotations

import glob
import re
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from .exclusion import Exclusion

#: files a folder is searched for (any name given explicitly is read)
GAME_SUFFIXES = (".txt", ".euchre", ".egn", ".emn", ".json")
STDIN_LABEL = "<stdin>"


@dataclass
class Inputs:
    files: list[tuple[Path, str]] = field(default_factory=list)  # (path, label) in order
    tables: list[Path] = field(default_factory=list)  # folders of tables (stats)
    problems: list[str] = field(default_factory=list)
    spooled: Path | None = None  # standard input's copy, removed by close()

    def close(self) -> None:
        if self.spooled is not None:
            self.spooled.unlink(missing_ok=True)
            self.spooled = None


def game_files(folder: Path, skip: Callable[[Path], bool] = lambda p: False, exclusion: Exclusion | None = None) -> list[Path]:
    """The game files below ``folder``: a ``.json`` file only if it says it holds games."""
    return sorted(
        p for p in (exclusion or Exclusion()).files(folder)
        if p.is_file() and p.suffix.lower() in GAME_SUFFIXES and not skip(p)
        and not any(part.startswith(".") for part in p.relative_to(folder).parts)
        and (p.suffix.lower() != ".json" or _declares_games(p))
    )


def _declares_games(path: Path) -> bool:
    """A JSON file found in a folder is read when its opening names a game format (EGN, EMN, ours)."""
    from .egn.shape import EGN_FILE_TYPE, EMN_FILE_TYPE
    from .modeljson import FORMAT

    try:
        with path.open("rb") as fh:
            head = fh.read(4096).decode("utf-8", errors="replace")
    except OSError:
        return True  # let the reader report it
    declared = re.search(r'"(?:fileType|format)"\s*:\s*"([^"]*)"', head)
    return declared is not None and declared.group(1) in (EGN_FILE_TYPE, EMN_FILE_TYPE, FORMAT)


def discover(specs: Sequence[str], is_tables: Callable[[Path], bool] = lambda p: False,
             skip: Callable[[Path], bool] = lambda p: False, stdin: BinaryIO | None = None,
             missing_is_file: bool = False, exclusion: Exclusion | None = None, stdin_label: str = STDIN_LABEL) -> Inputs:
    """The game files (and tables folders, where ``is_tables`` says so) that ``specs`` name.

    With ``missing_is_file`` (the audit), a name that is neither a file nor a glob is kept as a
    file for its reader to report, and a folder without game files is a problem.  ``exclusion``
    says what a folder's search passes over (default: what .gitignore files leave out);
    ``stdin_label`` is the name standard input goes by (``--stdin-filename``).
    """
    found = Inputs()

    def take(path: Path) -> None:
        if is_tables(path):
            found.tables.append(path)
        elif path.is_dir():
            files = game_files(path, skip, exclusion)
            if not files and missing_is_file:
                found.problems.append(f"{path}: a folder without game files ({', '.join(GAME_SUFFIXES)})")
            found.files.extend((p, str(p)) for p in files)
        else:
            found.files.append((path, str(path)))

    for spec in specs:
        if spec == "-":
            if found.spooled is None:
                found.spooled = spool(stdin if stdin is not None else sys.stdin.buffer)
            found.files.append((found.spooled, stdin_label))
            continue
        path = Path(spec)
        if _exists(path):  # a broken link is named by its reader
            take(path)
        elif glob.has_magic(spec):
            matches = sorted(glob.glob(spec, recursive=True))
            if not matches:
                found.problems.append(f"{spec}: no file matches")
            for match in matches:
                take(Path(match))
        elif missing_is_file:
            found.files.append((path, str(path)))
        else:
            found.problems.append(f"{spec}: no such file or folder")
    return found


def _exists(path: Path) -> bool:
    try:
        return path.exists() or path.is_symlink()
    except OSError:  # a name the system refuses (too long)
        return False


def spool(stream: BinaryIO) -> Path:
    """Copy a stream (standard input) to a temporary file, in blocks, and name the file."""
    fd, name = tempfile.mkstemp(prefix="euchre-audit-stdin-", suffix=".txt")
    with open(fd, "wb") as fh:
        shutil.copyfileobj(stream, fh, 1024 * 1024)
    return Path(name)
