"""The site's folder: made (or taken back from an earlier site), and its index written once every game is in."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..findings import REGISTRY
from ..outfile import write_atomically
from ..ruling.page import environment, night_view
from ..said import printable
from ..night import NightFinding
from .entry import Entry, entry_from
from .format import GAMES, INDEX, records, script

#: how a page says it was written here: a folder holding an index without it is not written into
GENERATOR = '<meta name="generator" content="euchre-audit">'


class SiteError(Exception):
    """The folder cannot take the site (it holds something else)."""


def open_site(folder: Path, files: list[str]) -> SiteWriter:
    """A writer for the site in ``folder`` (made if missing); :class:`SiteError` if the folder holds
    anything but an earlier site."""
    if folder.exists() and not folder.is_dir():
        raise SiteError(f"{folder}: exists and is not a folder")
    if folder.is_dir() and any(folder.iterdir()):
        index = folder / INDEX
        try:
            ours = index.is_file() and GENERATOR in index.read_text(encoding="utf-8", errors="replace")[:4096]
        except OSError:
            ours = False
        if not ours:
            raise SiteError(f"{folder}: the folder is not empty and holds no site written by euchre-audit; choose another")
    (folder / GAMES).mkdir(parents=True, exist_ok=True)
    return SiteWriter(folder, files)


class SiteWriter:
    """The stream the site's games are written to: it keeps each game's line of the index (the game
    pages are written by :class:`auditor.site.SiteFormat`) and writes the index at the end."""

    def __init__(self, folder: Path, files: list[str]) -> None:
        self.folder = folder
        self.files = files
        self.entries: list[Entry] = []
        self.night: list[Any] = []
        self._before = {p.name for p in (folder / GAMES).glob("*.html")}

    def write(self, text: str) -> int:
        self.entries.extend(entry_from(json.loads(line)) for line in records(text))
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def add_night(self, found: list[NightFinding]) -> None:
        self.night.extend(night_view(n) for n in found)

    def finish(self, problems: list[str]) -> None:
        codes = {c for e in self.entries for c in e.codes}
        html = environment().get_template("site/index.html.j2").render(
            entries=self.entries, codes=[(c, REGISTRY[c].name) for c in REGISTRY if c in codes],
            names=sorted({n for e in self.entries for n in e.names}, key=str.casefold),
            files=[printable(f) for f in self.files], problems=[printable(p) for p in problems],
            night=self.night, script_hash=script("index.js")[1], hands=sum(e.hands for e in self.entries),
            errors=sum(e.errors for e in self.entries), warnings=sum(e.warnings for e in self.entries),
            differ=sum(1 for e in self.entries if e.differs),
        )
        write_atomically(self.folder / INDEX, html)
        pages = {Path(e.page).name for e in self.entries}
        for name in self._before - pages:  # the pages of an earlier run's games no longer given
            (self.folder / GAMES / name).unlink(missing_ok=True)
