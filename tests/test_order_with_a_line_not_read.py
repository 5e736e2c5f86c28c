"""Two trick lines in the wrong order, one of which cannot be read.

The hand below (drawn by the line-losing property, tests/test_slip_properties.py) makes sense only with its
second and fourth trick lines the other way round: as written, S leads trick 2 after N won trick 1.  Where
the fourth line is garbled as well, its cards are still known (each player's one card no other line shows),
and it is one of the lines the order is read from: read as trick 2, led by N, it is won by E, who leads
trick 3, and every lead is right.  Read so, nobody is charged with leading out of turn, as in the hand with
every line readable; the line not read was most likely the slip's other line (docs/slips.md)."""

from __future__ import annotations

from conftest import audit_text

CLEAN = """\
hand 1 dealer S
deal W: AC JC KH KS QC  N: 9D JH KC QH TH  E: 9H AS JD KD TD  S: 9S AD AH JS QS
up QD
bid W pass, N order
discard AH
trick W:KH N:JH E:9H S:QD
trick S:QS W:KS N:TH E:AS
trick E:TD S:AD W:JC N:QH
trick N:KC E:JD S:9S W:AC
trick E:KD S:JS W:QC N:9D
score NS 0 EW 2
"""
#: the fourth trick line garbled: a character the notation does not have
GARBLED = CLEAN.replace("trick N:KC E:JD S:9S W:AC", "t\u00a7ick N:KC E:JD S:9S W:AC")


def _errors(text: str) -> set[tuple[str, int | None, str | None]]:
    return {(f.code.code, f.trick, f.seat.name if f.seat is not None else None) for g in audit_text(text) for f in g.all_findings()
            if f.level.value == "error" and f.code.code != "S001"}


def test_the_hand_with_every_line_is_read_with_two_lines_the_other_way_round() -> None:
    found = [f for g in audit_text(CLEAN) for f in g.all_findings()]
    assert _errors(CLEAN) == {("L601", 1, "N"), ("R501", 3, "N")}
    assert any(f.code.code == "S010" and "tricks 2 and 4 are most likely written in the wrong order" in f.message
               for f in found)


def test_a_line_not_read_is_one_of_the_two_and_nobody_is_charged_with_a_lead() -> None:
    """The same offences stand, no lead out of turn is ruled, the slip names the line not read with the cards
    the deal gives it, and the score is the clean record's."""
    assert _errors(GARBLED) == _errors(CLEAN)
    (game,) = audit_text(GARBLED)
    [order] = [f for f in game.all_findings() if f.code.code == "S010"]
    assert order.level.value == "warning"
    assert ("write the trick line not read (line 9: from the deal, `trick N:KC E:JD S:9S W:AC`) before "
            "`trick S:QS W:KS N:TH E:AS` (line 7)") in order.message
    [lost] = [f for f in game.all_findings() if f.code.code == "S001"]
    assert any(p.startswith("from the deal, trick 2 was N:KC E:JD S:9S W:AC") for p in lost.proof), lost.proof
    (clean,) = audit_text(CLEAN)
    assert (game.computed, game.winner) == (clean.computed, clean.winner)


def test_where_the_line_not_read_fits_where_it_stands_no_order_is_read() -> None:
    """The hand written in the order played, its fourth line garbled: every lead is right with the line where
    it stands, so no order is read and no slip but the garbled line is named."""
    played = CLEAN.replace("trick S:QS W:KS N:TH E:AS\ntrick E:TD S:AD W:JC N:QH\ntrick N:KC E:JD S:9S W:AC\n",
                           "trick N:KC E:JD S:9S W:AC\ntrick E:TD S:AD W:JC N:QH\ntrick S:QS W:KS N:TH E:AS\n")
    garbled = played.replace("trick N:KC E:JD S:9S W:AC", "t\u00a7ick N:KC E:JD S:9S W:AC")
    codes = [f.code.code for g in audit_text(garbled) for f in g.all_findings()]
    assert "S010" not in codes and "T401" not in codes
    assert _errors(garbled) == _errors(CLEAN)
