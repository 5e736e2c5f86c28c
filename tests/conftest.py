from __future__ import annotations

from pathlib import Path

import pytest

from auditor.audit import RulesetChooser, audit_games
from auditor.notation.reader import read_text
from auditor.replay.results import GameResult
from auditor.rules.loader import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
SHARED = ROOT.parent / "shared"


def audit_text(text: str, rules: str | None = None, overrides: list[str] | None = None) -> list[GameResult]:
    """Audit notation text under a ruleset (default: each game's Rules tag, else hoyle)."""
    forced = load_ruleset(rules, overrides) if rules is not None else None
    return list(audit_games(iter(read_text(text)), RulesetChooser(forced, overrides)))


def codes_of(games: list[GameResult]) -> list[str]:
    return [f.code.code for g in games for f in g.all_findings()]


@pytest.fixture
def club_night() -> str:
    return (SAMPLES / "club-night.txt").read_text(encoding="utf-8")
