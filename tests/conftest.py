from __future__ import annotations

from pathlib import Path

import pytest

from auditor.audit import RulesetChooser, audit_games
from auditor.notation.reader import read_text
from auditor.results import GameResult
from auditor.rules.loader import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
#: EGN's public corpus, copied unchanged into the tests (see data/egn/NOTICE); never read from beside the checkout
EGN = ROOT / "tests" / "data" / "egn"


# E, on the dealer's left, goes alone and leads the first trick himself: legal where the
# dealer's left always leads, a wrong leader (T401) where the loner's left leads (hoyle).
LONER_ON_DEALERS_LEFT_LEADS = """\
hand 1 dealer N
deal E: JS JC AS KS QS  S: 9H TH JH QH KH  W: 9D TD JD QD KD  N: AH AD 9C TC QC
up 9S
bid E order alone
discard 9C
trick E:JS S:9H N:9S
trick E:JC S:TH N:AH
trick E:AS S:JH N:AD
trick E:KS S:QH N:TC
trick E:QS S:KH N:QC
score NS 0 EW 4
"""


def audit_text(text: str, rules: str | None = None, overrides: list[str] | None = None) -> list[GameResult]:
    """Audit notation text under a ruleset (default: each game's Rules tag, else hoyle)."""
    forced = load_ruleset(rules, overrides) if rules is not None else None
    return list(audit_games(iter(read_text(text)), RulesetChooser(forced, overrides)))


def codes_of(games: list[GameResult]) -> list[str]:
    return [f.code.code for g in games for f in g.all_findings()]


@pytest.fixture
def club_night() -> str:
    return (SAMPLES / "club-night.txt").read_text(encoding="utf-8")
