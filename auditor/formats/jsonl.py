"""``--format jsonl``: JSON Lines, one object per game with its results and findings.

A game's line is the game object of ``--format json`` with its findings (each as in ``json``'s
``findings`` list) under ``"findings"``.  A file that could not be audited is a line of its own,
``{"error": "..."}``, where its audit stopped; the findings across the games of a night (E901) are a
last line, ``{"across_games": [...]}``.  Lines are written as games are audited, so memory
does not grow with the input; ``jq -c 'select(.findings != [])'`` picks the games with findings.
"""

from __future__ import annotations

import json
from typing import TextIO

from ..results import GameResult
from ..report import finding_dict, game_dict
from ..night import NightFinding
from .sink import Sink


class JsonLines(Sink):
    name = "jsonl"

    def game(self, label: str, game: GameResult) -> str:
        record = game_dict(label, game)
        record["findings"] = [finding_dict(label, f) for f in game.all_findings()]
        return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"

    def problem(self, out: TextIO, text: str) -> None:
        out.write(json.dumps({"error": text}, ensure_ascii=False) + "\n")

    def night(self, out: TextIO, found: list[NightFinding]) -> None:
        """A line of its own for the findings across the games of a night: ``{"across_games": [...]}``."""
        if found:
            record = {"across_games": [finding_dict(n.file, n.finding) for n in found]}
            out.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
