"""Which paths a folder's search passes over: ``--exclude`` patterns and ``.gitignore`` files, as ruff does.

Both are written as ``.gitignore`` lines and read by the pathspec library (git's own rules: a
pattern without a slash matches a name at any depth, ``dir/`` only folders, ``!`` takes a path
back, a later line wins).  ``--exclude`` patterns are relative to the current folder, those of a
configuration file to its folder (a folder searched outside it: to that folder).  The ``.gitignore`` files read are those of the folder searched,
of the folders inside it, and of the folders above it up to the top of its git repository; in
each folder the deepest file that has a say decides, and a folder left out is not entered.

Only a folder's search is filtered: a file named on the command line (or by a glob) is read
whatever the patterns say.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: a .gitignore larger than this is not read (git's own limit is 100 MB; no real one comes near this)
MAX_GITIGNORE_BYTES = 1024 * 1024


class ExclusionError(ValueError):
    """A pattern that is not a .gitignore line pathspec can read."""


def check_patterns(values: Iterable[str]) -> tuple[str, ...]:
    """Patterns from option values (each may hold several, comma-separated), each checked."""
    from pathspec import GitIgnoreSpec

    patterns = tuple(p.strip() for value in values for p in value.split(",") if p.strip())
    for pattern in patterns:
        try:
            GitIgnoreSpec.from_lines([pattern])
        except ValueError as err:
            raise ExclusionError(f"{pattern[:60]!r} is not a pattern as .gitignore writes them ({err})") from None
    return patterns


@dataclass
class Exclusion:
    """``--exclude`` patterns, each list with the folder it is relative to, and whether .gitignore counts."""

    patterns: list[tuple[Path, tuple[str, ...]]] = field(default_factory=list)
    gitignore: bool = True
    _specs: list[tuple[Path, Any]] = field(default_factory=list, init=False, repr=False)
    _ignores: dict[Path, Any] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        if not any(lines for _, lines in self.patterns):
            return  # (the usual audit: pathspec is imported only where a pattern is given)
        from pathspec import GitIgnoreSpec

        self._specs = [(root.absolute(), GitIgnoreSpec.from_lines(lines)) for root, lines in self.patterns if lines]

    def files(self, folder: Path, hidden: bool = False) -> Iterator[Path]:
        """Every file below ``folder`` that is not left out, folder by folder; a hidden folder
        (``.git``) is not entered unless ``hidden``."""
        top = folder.absolute()
        above = self._chain_above(top) if self.gitignore else []
        for here, dirs, names in os.walk(folder):
            path = Path(here)
            chain = above + self._chain_down(top, path.absolute())
            dirs[:] = sorted(d for d in dirs if (hidden or not d.startswith("."))
                             and not self._left_out(path / d, top, chain, True))
            for name in sorted(names):
                if not self._left_out(path / name, top, chain, False):
                    yield path / name

    def _left_out(self, path: Path, top: Path, chain: list[tuple[Path, Any]], is_dir: bool) -> bool:
        full = path.absolute()
        for root, spec in self._specs:
            if _verdict(spec, root if full.is_relative_to(root) else top, full, is_dir):
                return True
        decided = False
        for root, spec in chain:  # from the top down: a deeper file's say wins
            verdict = _verdict(spec, root, full, is_dir)
            if verdict is not None:
                decided = verdict
        return decided

    def _chain_above(self, top: Path) -> list[tuple[Path, Any]]:
        """The .gitignore files above ``top`` up to its repository's top (none outside a repository)."""
        folders: list[Path] = []
        for folder in top.parents:
            folders.append(folder)
            if (folder / ".git").exists():
                return [(f, spec) for f in reversed(folders) if (spec := self._gitignore(f)) is not None]
        return []

    def _chain_down(self, top: Path, here: Path) -> list[tuple[Path, Any]]:
        if not self.gitignore:
            return []
        folders = [top, *(top / Path(*here.relative_to(top).parts[:i + 1]) for i in range(len(here.relative_to(top).parts)))]
        return [(f, spec) for f in folders if (spec := self._gitignore(f)) is not None]

    def _gitignore(self, folder: Path) -> Any:
        if folder not in self._ignores:
            self._ignores[folder] = _read_gitignore(folder / ".gitignore")
        return self._ignores[folder]


def _read_gitignore(path: Path) -> Any:
    from pathspec import GitIgnoreSpec

    try:
        if not path.is_file() or path.stat().st_size > MAX_GITIGNORE_BYTES:
            return None
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    try:
        return GitIgnoreSpec.from_lines(lines)
    except ValueError:  # a line git would pass over: keep the others
        good = [line for line in lines if _readable(line)]
        return GitIgnoreSpec.from_lines(good)


def _readable(line: str) -> bool:
    from pathspec import GitIgnoreSpec

    try:
        GitIgnoreSpec.from_lines([line])
    except ValueError:
        return False
    return True


def _relative(root: Path, path: Path, is_dir: bool) -> str | None:
    try:
        rel = path.relative_to(root).as_posix()
    except ValueError:
        return None
    return rel + "/" if is_dir else rel


def _verdict(spec: Any, root: Path, path: Path, is_dir: bool) -> bool | None:
    """True: left out; False: taken back (``!``); None: no line of ``spec`` speaks of ``path``."""
    rel = _relative(root, path, is_dir)
    if rel is None or rel in ("", "/"):
        return None
    result: bool | None = spec.check_file(rel).include
    return result
