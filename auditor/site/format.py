"""The site as a streamed format: each game rendered (in a worker) as its line of the index and its page."""

from __future__ import annotations

import json
from typing import TextIO

from ..formats import StreamFormat
from ..replay.results import GameResult
from ..standings.seating import NightFinding
from .entry import entry_of

#: opens a game's record: then the index line's JSON and the page's HTML, each as LENGTH:TEXT
MARK = "\x1e"


def record(entry: str, page: str) -> str:
    """One game's record, read back by :func:`records` whatever the texts hold."""
    return f"{MARK}{len(entry)}:{entry}{len(page)}:{page}"


def records(text: str) -> list[tuple[str, str]]:
    """The (entry, page) pairs of ``text``, a run of whole records."""
    found, at = [], 0
    while at < len(text):
        if text[at] != MARK:
            raise ValueError(f"not a game's record at {at}")
        pieces = []
        at += 1
        for _ in range(2):
            colon = text.index(":", at)
            size = int(text[at:colon])
            pieces.append(text[colon + 1:colon + 1 + size])
            at = colon + 1 + size
        found.append((pieces[0], pieces[1]))
    return found


class SiteFormat(StreamFormat):
    """``--format html -o DIR/``: the stream it writes to is a :class:`auditor.site.SiteWriter`."""

    name = "site"

    def game(self, label: str, game: GameResult) -> str:
        from ..ruling.page import game_html

        entry = json.dumps(entry_of(label, game).as_json(), ensure_ascii=False)
        return record(entry, game_html(label, game, deals=True))

    def night(self, out: TextIO, found: list[NightFinding]) -> None:
        out.add_night(found)  # type: ignore[attr-defined]

    def foot(self, out: TextIO, problems: list[str]) -> None:
        out.finish(problems)  # type: ignore[attr-defined]
