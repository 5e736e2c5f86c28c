"""A trick line that cannot be read shows no card played: the bidding is not charged with never making trump
(B208, an error) on it.  The garbled line costs its own warnings (S001, and the tricks it leaves missing, T405),
no more; a trick that is read still shows the bidding incomplete."""

from __future__ import annotations

import pytest

from conftest import audit_text


def _found(text: str) -> list[tuple[str, str, str | None, tuple[int, int]]]:
    return [(f.code.code, f.level.value, f.seat.name if f.seat is not None else None, (f.pos.line, f.pos.column))
            for g in audit_text(text, "hoyle") for f in g.all_findings()]


@pytest.mark.parametrize("head", ["hand 1 dealer Q", "hand 1 dealer N", "hand 1 dealer N\nbid E pass, S pass"])
def test_an_unreadable_trick_line_is_no_card_played(head: str) -> None:
    found = _found(f"{head}\ntrick N:ZZ\n")
    assert "B208" not in [code for code, *_ in found]
    trick_line = head.count("\n") + 2
    assert ("S001", "error", None, (trick_line, 7)) in found  # the line's own finding, as the syntax errors are
    assert ("T405", "warning", None, (1, 1)) in found
    # nothing else: no bidding or play finding, and no one named
    assert {code for code, *_ in found} <= {"S001", "T405"}
    assert all(seat is None for _, _, seat, _ in found)


def test_a_trick_that_is_read_still_shows_the_bidding_incomplete() -> None:
    found = _found("hand 1 dealer N\nbid E pass, S pass\ntrick E:KD S:JD W:KC N:JH\n")
    assert [(code, level, pos) for code, level, _, pos in found if code == "B208"] == [("B208", "error", (2, 13))]


def test_a_read_trick_beside_an_unreadable_one_still_shows_it() -> None:
    found = _found("hand 1 dealer N\nbid E pass, S pass\ntrick N:ZZ\ntrick E:KD S:JD W:KC N:JH\n")
    assert ("B208", "error", None, (2, 13)) in found
