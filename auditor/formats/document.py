"""``--format json``: one JSON document, ``{"findings": [...], "games": [...], "errors": [...]}``,
as ``json.dump(..., indent=2)`` writes it, written as the games are audited.

The findings come first in the document and the games after, so the findings go straight to the
output and each game to a temporary file (in memory up to 4 MB, then on disk), copied in after the
last finding.  Memory does not grow with the input: what once held every result until the end
(some 650 MB at 100,000 hands) now holds one unit's text at a time.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Sequence
from typing import Any, TextIO

from ..results import GameResult
from ..report import finding_dict, game_dict
from ..night import NightFinding
from .sink import Shown, Sink

#: the mark that opens a member in a game's rendered text, then F (a finding) or G (a game);
#: JSON writes this control character escaped, so no member's text holds it
MARK = "\x1e"
#: the temporary file of the games array stays in memory up to this size
SPOOL_BYTES = 4 * 1024 * 1024


def _indented(value: Any) -> str:
    """``value`` as json.dump(indent=2) writes it two levels down (a member of a top-level list)."""
    return json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n    ")


class JsonDocument(Sink):
    name = "json"

    def __init__(self, shown: Shown = Shown()) -> None:
        super().__init__(shown)
        self._document: _Members | None = None

    def head(self, out: TextIO, files: Sequence[str] = ()) -> None:
        out.write('{\n  "findings": [')

    def game(self, label: str, game: GameResult) -> str:
        found = "".join(f"{MARK}F{_indented(finding_dict(label, f))}" for f in game.all_findings())
        return f"{found}{MARK}G{_indented(game_dict(label, game))}"

    def wrap(self, out: TextIO) -> TextIO:
        self._document = _Members(out)
        return self._document  # type: ignore[return-value]

    def night(self, out: TextIO, found: list[NightFinding]) -> None:
        """The findings across the games of a night (E901), last in the findings list."""
        if found:
            out.write("".join(f"{MARK}F{_indented(finding_dict(n.file, n.finding))}" for n in found))

    def foot(self, out: TextIO, problems: list[str]) -> None:
        document = self._document
        assert document is not None, "wrap() comes first"
        target = document.out
        target.write("\n  ]," if document.findings else "],")
        target.write('\n  "games": [')
        document.games.seek(0)
        shutil.copyfileobj(document.games, target)
        document.games.close()
        target.write("\n  ]," if document.game_count else "],")
        target.write('\n  "errors": ' + json.dumps(problems, indent=2, ensure_ascii=False).replace("\n", "\n  ") + "\n}\n")


class _Members:
    """The stream games are written to: each finding to the output, each game to the spooled file."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.games = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES, mode="w+", encoding="utf-8")
        self.findings = self.game_count = 0

    def write(self, text: str) -> int:
        for member in text.split(MARK)[1:]:
            if member[0] == "F":
                self.out.write(("," if self.findings else "") + "\n    " + member[1:])
                self.findings += 1
            else:
                self.games.write(("," if self.game_count else "") + "\n    " + member[1:])
                self.game_count += 1
        return len(text)

    def flush(self) -> None:
        self.out.flush()
