"""Writing the site's folder: a page a game as its record comes, the index once every game is in."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path
from typing import Any

from ..outfile import write_atomically
from ..ruling.page import environment, night_view, write_head
from ..ruling.words import printable
from ..standings.seating import NightFinding
from .entry import Entry, entry_from
from .format import records

INDEX = "index.html"
GAMES = "games"
#: how a page says it was written here: a folder holding an index without it is not replaced
GENERATOR = '<meta name="generator" content="euchre-audit">'


class SiteError(Exception):
    """The folder cannot take the site (it holds something else)."""


def script(name: str) -> tuple[str, str]:
    """A page's script, as the page includes it, and its hash for the Content-Security-Policy."""
    text = environment().get_template(f"site/{name}").render()
    return text, "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()[-60:].strip("-") or "games"


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
    """The stream a site's games are written to (see :class:`auditor.site.SiteFormat`)."""

    def __init__(self, folder: Path, files: list[str]) -> None:
        self.folder = folder
        self.files = files
        self.entries: list[Entry] = []
        self.night: list[Any] = []
        self._stale = {p.name for p in (folder / GAMES).glob("*.html")}
        self._slugs: dict[str, str] = {}  # file -> the start of its pages' names
        self._taken: set[str] = set()
        self._stepper = script("stepper.js")[1]

    # the stream
    def write(self, text: str) -> int:
        for entry_text, page in records(text):
            entry = entry_from(json.loads(entry_text))
            name = f"{self._slug(entry.file)}-g{entry.game}.html"
            entry.page = f"{GAMES}/{name}"
            self._write_page(name, entry, page)
            self.entries.append(entry)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def _slug(self, label: str) -> str:
        slug = self._slugs.get(label)
        if slug is None:
            base, n = _slug(label), 1
            slug = base
            while slug in self._taken:
                n += 1
                slug = f"{base}-{n}"
            self._taken.add(slug)
            self._slugs[label] = slug
        return slug

    def _write_page(self, name: str, entry: Entry, page: str) -> None:
        import io

        text = io.StringIO()
        write_head(text, [entry.file], f"{entry.event}, game {entry.game}" if entry.event else f"game {entry.game}",
                   script_hash=self._stepper, back=f"../{INDEX}")
        text.write(page)
        text.write(environment().get_template("site/game_foot.html.j2").render())
        write_atomically(self.folder / GAMES / name, text.getvalue())
        self._stale.discard(name)

    # the end of the audit
    def add_night(self, found: list[NightFinding]) -> None:
        self.night.extend(night_view(n) for n in found)

    def finish(self, problems: list[str]) -> None:
        codes = sorted({c for e in self.entries for c in e.codes})
        from ..findings import REGISTRY

        template = environment().get_template("site/index.html.j2")
        names = sorted({n for e in self.entries for n in e.names}, key=str.casefold)
        _, index_hash = script("index.js")
        html = template.render(
            entries=self.entries, codes=[(c, REGISTRY[c].name) for c in sorted(codes, key=list(REGISTRY).index)],
            names=names, files=[printable(f) for f in self.files], problems=[printable(p) for p in problems],
            night=self.night, script_hash=index_hash, hands=sum(e.hands for e in self.entries),
            errors=sum(e.errors for e in self.entries), warnings=sum(e.warnings for e in self.entries),
            differ=sum(1 for e in self.entries if e.differs),
        )
        write_atomically(self.folder / INDEX, html)
        for name in self._stale:  # the pages of an earlier run's games that are no longer there
            (self.folder / GAMES / name).unlink(missing_ok=True)
