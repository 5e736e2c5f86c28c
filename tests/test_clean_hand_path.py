"""A hand found clean at once is not asked again.  Nearly every hand of a big log has its dealer where the
rotation, the next hand's dealer and its deal line put it, and a replay that finds nothing: building the
dealer's witnesses, the search for slips and the reading of gaps would each find it clean at their first
test, so such a hand is ruled as written without them (the audit's speed; docs/benchmarks.md).  A hand with
something to find still goes through all of them.  The tests count the calls, never the time."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from auditor.model import HandRecord
from auditor.replay import readings
from auditor.replay.game import GameReplay
from conftest import SAMPLES, audit_text

CLEAN = (SAMPLES / "clean-game.txt").read_text(encoding="utf-8")


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> Counter[tuple[str, int]]:
    """The hands (by number) for which the witnesses were built, the search entered, the gaps looked at."""
    calls: Counter[tuple[str, int]] = Counter()

    def counted(name: str, real: Any, record_at: int) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            record = args[record_at]
            assert isinstance(record, HandRecord)
            calls[(name, record.number)] += 1
            return real(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(GameReplay, "dealing", counted("witnesses", GameReplay.dealing, 1))
    monkeypatch.setattr(readings, "nearest", counted("search", readings.nearest, 0))
    monkeypatch.setattr(readings, "_read_gaps", counted("gaps", readings._read_gaps, 0))
    return calls


def _findings(text: str) -> list[tuple[str, int]]:
    return [(f.code.code, f.pos.line) for g in audit_text(text) for f in g.all_findings()]


def test_a_clean_game_builds_no_witness_and_enters_no_search(asked: Counter[tuple[str, int]]) -> None:
    games = audit_text(CLEAN)
    assert [len(g.hands) for g in games] == [10]
    assert [f for g in games for f in g.all_findings()] == []
    assert games[0].computed == (4, 10)  # the sample's final score: the hands were ruled, not skipped
    assert asked == Counter()


def test_a_dealer_letter_slip_is_still_weighed_on_its_witnesses(asked: Counter[tuple[str, int]]) -> None:
    """Hand 2 written as dealt by W: the rotation, hand 3's dealer (S) and the deal line (from S) say E."""
    text = CLEAN.replace("hand 2 dealer E  # the dealer orders himself up", "hand 2 dealer W")
    assert text != CLEAN
    assert _findings(text) == [("S009", 24)]
    assert asked[("witnesses", 2)] == 1 and asked[("search", 2)] == 1
    # hand 1 is asked too: the dealer written on the hand after it (W) is not on N's left
    assert asked[("search", 1)] == 1
    # the hands after it fit every witness and replay clean: none of them is asked
    assert not any(number > 2 for _, number in asked)


def test_a_card_slip_is_still_searched(asked: Counter[tuple[str, int]]) -> None:
    """W's 9D written as 9C in hand 1's first trick: a card played twice, which the replay finds."""
    text = CLEAN.replace("trick E:JD S:TD W:9D N:KD", "trick E:JD S:TD W:9C N:KD")
    assert text != CLEAN
    assert _findings(text) == [("S011", 17)]
    assert asked[("search", 1)] == 1 and asked[("witnesses", 1)] == 1
    assert not any(number > 1 for _, number in asked)


def test_a_hand_with_a_lost_line_is_still_read_every_way(asked: Counter[tuple[str, int]]) -> None:
    """Hand 3's up line not written: its replay finds nothing wrong, yet trump is a gap the readings fill."""
    text = CLEAN.replace("up AD\n", "", 1)
    assert text != CLEAN
    assert asked == Counter()
    _findings(text)
    assert asked[("gaps", 3)] >= 1 and asked[("witnesses", 3)] == 1 and asked[("search", 3)] == 1
