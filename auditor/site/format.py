"""The site as a sink of the audit: each game's page written where the game is audited (a worker, with
``--jobs``), and its line of the index sent on to the writer of the index."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
from functools import cache
from pathlib import Path
from typing import TextIO

from ..formats.sink import Shown, Sink
from ..outfile import write_atomically
from ..results import GameResult
from ..night import NightFinding
from .entry import entry_of

INDEX = "index.html"
GAMES = "games"
#: opens a game's line of the index, written LENGTH:JSON
MARK = "\x1e"


def record(entry: str) -> str:
    """One game's line of the index, read back by :func:`records` whatever it holds."""
    return f"{MARK}{len(entry)}:{entry}"


def records(text: str) -> list[str]:
    """The index lines in ``text``, a run of whole records."""
    found, at = [], 0
    while at < len(text):
        if text[at] != MARK:
            raise ValueError(f"not a game's record at {at}")
        colon = text.index(":", at)
        size = int(text[at + 1:colon])
        found.append(text[colon + 1:colon + 1 + size])
        at = colon + 1 + size
    return found


@cache
def script(name: str) -> tuple[str, str]:
    """A page's script, as the page includes it, and its hash for the Content-Security-Policy."""
    from ..ruling.page import environment

    text = environment().get_template(f"site/{name}").render()
    return text, "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def page_name(label: str, game: int) -> str:
    """A game's page: the end of its file's name, made safe, and a digest of the whole name, so that
    two files never share a page however alike their names (and any process names it alike)."""
    slug = re.sub(r"[^A-Za-z0-9]+", "-", label).strip("-").lower()[-50:].strip("-") or "games"
    digest = hashlib.sha256(label.encode("utf-8", errors="surrogatepass")).hexdigest()[:8]
    return f"{slug}-{digest}-g{game}.html"


class SiteFormat(Sink):
    """``--format html -o DIR/``: the stream it writes to is a :class:`auditor.site.SiteWriter`."""

    name = "site"
    pages = True

    def __init__(self, shown: Shown = Shown()) -> None:
        super().__init__(shown)
        assert shown.output is not None, "the site is written to a folder"
        self.folder = Path(shown.output)

    def game(self, label: str, game: GameResult) -> str:
        from ..ruling.page import environment, game_html, write_head

        entry = entry_of(label, game)
        entry.page = f"{GAMES}/{page_name(label, game.index)}"
        page = io.StringIO()
        write_head(page, [label], f"{entry.event}, game {entry.game}", script_hash=script("stepper.js")[1],
                   back=f"../{INDEX}")
        page.write(game_html(label, game))
        page.write(environment().get_template("site/game_foot.html.j2").render())
        write_atomically(self.folder / entry.page, page.getvalue())
        return record(json.dumps(entry.as_json(), ensure_ascii=False))

    def night(self, out: TextIO, found: list[NightFinding]) -> None:
        out.add_night(found)  # type: ignore[attr-defined]

    def foot(self, out: TextIO, problems: list[str]) -> None:
        out.finish(problems)  # type: ignore[attr-defined]
