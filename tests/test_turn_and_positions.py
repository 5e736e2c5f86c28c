"""Whose turn it is, and where a dealt card is written: the cases the replay's fast paths must not skip.

The replay looks at a play in turn no further (``seat is expected``); a seat that comes round a
second time in one trick is in turn by the rotation, so only a trick of more cards than players
shows it, and that trick is looked at play by play.  A deal's card positions are kept as columns
on the deal's line; a finding on a dealt card still points at that card.  Columns below are
counted by hand in the text.
"""

from __future__ import annotations

from auditor.cards import Seat
from conftest import audit_text
from test_finding_examples import CLEAN_HAND

HAND = CLEAN_HAND  # a complete, legal hand (diamonds trump, NS march), one statement a line from line 1


def findings(text: str) -> list[tuple[str, int | None, Seat | None, int, int]]:
    return [(f.code.code, f.trick, f.seat, f.pos.line, f.pos.column)
            for g in audit_text(text, "hoyle") for f in g.all_findings()]


def test_the_clean_hand_has_no_finding() -> None:
    assert findings(HAND) == []


def test_a_seat_that_comes_round_again_in_one_trick_plays_out_of_turn() -> None:
    # N leads trick 5 and, after W, plays again: in turn by the rotation, but N has played to this trick
    text = HAND.replace("trick N:TD E:9C S:AC W:QC", "trick N:TD E:9C S:AC W:QC N:9D")
    found = findings(text)
    #  line 10: "trick N:TD E:9C S:AC W:QC N:9D": the second N at column 27
    assert ("T402", 5, Seat.N, 10, 27) in found
    assert ("T404", 5, None, 10, 7) in found  # the trick, named where it starts
    assert [f for f in found if f[0] == "T402"] == [("T402", 5, Seat.N, 10, 27)]  # once, at the repeat


def test_only_the_first_play_out_of_turn_in_a_trick_is_named() -> None:
    # trick 2 is led by S: W and N swap their places, then E follows N as the rotation has it
    text = HAND.replace("trick S:AS W:JS N:KS E:QS", "trick S:AS N:KS W:JS E:QS")
    found = findings(text)
    #  line 7: "trick S:AS N:KS W:JS E:QS": N at column 12
    assert [f for f in found if f[0] == "T402"] == [("T402", 2, Seat.N, 7, 12)]


def test_a_card_dealt_twice_is_named_where_it_is_written_the_second_time() -> None:
    # W is dealt S's JD as well, in place of the QC (W's first card)
    text = HAND.replace("W: QC JS", "W: JD JS")
    found = [f for f in findings(text) if f[0] == "D102"]
    #  line 2: "deal E: KD QS TH 9C QD  S: JD JC AS 9H AC  W: JD ...": W's JD at column 47
    assert found == [("D102", None, Seat.W, 2, 47)]


def test_a_card_the_deck_lacks_is_named_where_it_is_written() -> None:
    text = HAND.replace("S: JD JC AS 9H AC", "S: JD JC AS 8H AC")
    found = [f for f in findings(text) if f[0] == "D101"]
    #  line 2: S's fourth card, 8H, at column 37
    assert found and found[0][2:] == (Seat.S, 2, 37)
