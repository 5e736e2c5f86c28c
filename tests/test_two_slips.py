"""Two slips in one hand, each of which hides what the other's reading needs: the rule of docs/slips.md holds
(what the record lost is a note or a warning naming the slip, never an accusation).  Each hand here is one the
property test of tests/test_slip_shapes.py once drew and read as an accusation."""

from __future__ import annotations

from conftest import audit_text
from test_missing_tricks_work import TWO_MISSING

#: hoyle: W dealt, E ordered up the 9H (W took it and discarded 9D: the deal gives W no 9H), and the tricks
#: are led in turn, each by the winner of the one before
CLEAN_UP_LOST = """\
hand 1 dealer W
deal N: KS JH TH QD AD  E: QH 9C JD AH AS  S: KD QS TS JC TD  W: JS KH TC QC 9D
up 9H
bid N pass, E order
discard 9D
trick N:AD E:QH S:TD W:TC
trick E:JD S:TS W:9H N:JH
trick N:QD E:AH S:KD W:JS
trick E:AS S:QS W:QC N:KS
trick E:9C S:JC W:KH N:TH
score NS 0 EW 1
"""
#: the same hand with its `up` line not written and its first two trick lines the other way round
UP_LOST_AND_SWAPPED = CLEAN_UP_LOST.replace("up 9H\n", "").replace(
    "trick N:AD E:QH S:TD W:TC\ntrick E:JD S:TS W:9H N:JH\n", "trick E:JD S:TS W:9H N:JH\ntrick N:AD E:QH S:TD W:TC\n")


def _findings(text: str, rules: str | None = None) -> list[tuple[str, str]]:
    return [(f.code.code, f.level.value) for g in audit_text(text, rules) for f in g.all_findings()]


def test_two_trick_lines_swapped_are_read_where_the_up_line_is_not_written() -> None:
    """With no `up` line the record written does not show trump, hence no trick's winner, hence who should
    lead: the order of the trick lines is read under each likeliest up card the rest of the hand allows (here
    only 9H, the card the dealer played and was not dealt), and the two slips are named, with nobody charged
    with a lead out of turn (T401) or a renege."""
    assert _findings(CLEAN_UP_LOST) == []
    found = _findings(UP_LOST_AND_SWAPPED)
    assert [code for code, level in found if level == "error"] == []
    assert ("S006", "warning") in found  # the `up` line not written
    assert ("S010", "warning") in found  # the two trick lines in the other order
    (slipped,) = audit_text(UP_LOST_AND_SWAPPED)
    (clean,) = audit_text(CLEAN_UP_LOST)
    assert slipped.computed == clean.computed


#: hoyle: W dealt and ordered up the 9D, discarding KC; every card is played by the seat it was dealt to
CLEAN_LAST_TRICK = """\
hand 1 dealer W
deal N: KD 9S QC KH AC  E: QH QS TH AD TS  S: TC JH 9H TD AH  W: KS KC AS QD JD
up 9D
bid N pass, E pass, S pass, W order
discard KC
trick N:AC E:AD S:TC W:KS
trick E:TH S:AH W:9D N:KH
trick W:JD N:KD E:TS S:TD
trick W:AS N:9S E:QS S:JH
trick S:9H W:QD N:QC E:QH
score NS 0 EW 1
"""
#: the last trick line with two slips: N and E the wrong way round (E:QC N:QH), and then N's card written as
#: JH, a card S played in trick 4
TWO_SLIPS_IN_A_LINE = CLEAN_LAST_TRICK.replace("trick S:9H W:QD N:QC E:QH", "trick S:9H W:QD E:QC N:JH")


def test_a_trick_line_with_two_slips_accuses_nobody_of_what_the_second_leaves() -> None:
    """One slip of the line is read (E's QC most likely E's QH, the one card the deal leaves E); what the line
    still shows that no play can do (JH played twice, by S and by N) is the trace of a second slip on the same
    line, which the record cannot show: a warning naming the line, not an error charged to N."""
    assert _findings(CLEAN_LAST_TRICK) == []
    (game,) = audit_text(TWO_SLIPS_IN_A_LINE)
    found = game.all_findings()
    assert [f.code.code for f in found if f.level.value == "error"] == []
    assert [f.code.code for f in found] == ["S011", "D102"]
    (twice,) = [f for f in found if f.code.code == "D102"]
    assert twice.level.value == "warning"
    assert any("a second slip on the same line" in line and "line 10" in line for line in twice.proof)
    assert game.computed == audit_text(CLEAN_LAST_TRICK)[0].computed


#: two-handed: N dealt and took the AD ordered up, discarding TC
CLEAN_TWO_HANDED = """\
hand 1 dealer N
deal S: JC KH AH AS KD  N: 9S QD TS JH TC
up AD
bid S pass, N order
discard TC
trick S:AH N:QD
trick N:JH S:KD
trick N:9S S:AS
trick S:JC N:AD
trick N:TS S:KH
score N 1 S 0
"""
#: the `up` line not written, and N's AD in trick 4 written as KD, the card S played in trick 2
UP_LOST_AND_CARD_MISWRITTEN = CLEAN_TWO_HANDED.replace("up AD\n", "").replace("trick S:JC N:AD", "trick S:JC N:KD")


def test_a_card_dealt_to_another_seat_is_not_read_as_the_up_card() -> None:
    """With no `up` line, a card the dealer played that was dealt to nobody is the up card the dealer took;
    one the deal gives another seat (KD, S's) is a card written for another, not the up card: read as the up
    card it charged S with holding it (D106) and N with playing it twice (D102).  The slip is read as the
    one card no line shows, AD, and nobody is charged."""
    assert _findings(CLEAN_TWO_HANDED, "two-handed") == []
    (game,) = audit_text(UP_LOST_AND_CARD_MISWRITTEN, "two-handed")
    found = game.all_findings()
    assert [f.code.code for f in found if f.level.value == "error"] == []
    assert [f.code.code for f in found] == ["S006", "S011"]
    assert "so KD is most likely AD: write `trick S:JC N:AD`" in str(found[1].message)
    assert game.computed == audit_text(CLEAN_TWO_HANDED, "two-handed")[0].computed


#: two-handed: N ordered up the 9C and reneged in trick 1 (TC on S's AD, holding TD 9D); S called it, and the
#: sheet gives S the penalty's 4 points
CLEAN_CALLED_RENEGE = """\
hand 1 dealer S
deal N: TD 9D JS TC AC  S: JC QS JH AD 9H
up 9C
bid N order
discard QS
trick S:AD N:TC
trick N:JS S:JC
trick S:9H N:AC
trick N:9D S:9C
trick S:JH N:TD
renege N
score N 0 S 4
"""
#: the same hand with its `discard` line and its fourth trick line not written
CALLED_RENEGE_TWO_LINES_LOST = CLEAN_CALLED_RENEGE.replace("discard QS\n", "").replace("trick N:9D S:9C\n", "")


def test_a_called_renege_whose_readings_score_apart_takes_the_sheet() -> None:
    """With the discard and a trick not written, some readings prove the called renege and some cannot (the
    lost trick may hold the card): they score the hand apart, and as for any hand its gaps leave open, the
    sheet's entry, one of the scores they allow, is the hand's score.  The hand is not scored nothing, and
    the correct sheet is not charged with an error (P701)."""
    clean = _findings(CLEAN_CALLED_RENEGE, "two-handed")
    assert ("R501", "error") in clean and ("P701", "error") not in clean
    (game,) = audit_text(CALLED_RENEGE_TWO_LINES_LOST, "two-handed")
    errors = {f.code.code for f in game.all_findings() if f.level.value == "error"}
    assert errors <= {"R501"} and "P701" not in errors
    assert game.computed == audit_text(CLEAN_CALLED_RENEGE, "two-handed")[0].computed == (0, 4)


#: hoyle: E dealt and took the TC ordered up; S leads QS to trick 1, which N wins with KS
CLEAN_LEAD = """\
hand 1 dealer E
deal S: AC AD KH QS TS  W: 9D JH QC QH TD  N: 9C 9H AH JD KS  E: 9S AS JS KD TH
up TC
bid S pass, W pass, N pass, E order
discard TC
trick S:QS W:QH N:KS E:9S
trick N:9H E:TH S:KH W:JH
trick S:AD W:9D N:JD E:KD
trick S:TS W:TD N:9C E:AS
trick N:AH E:JS S:AC W:QC
score NS 2 EW 0
"""
#: trick 1 with two slips: S and W the wrong way round (W:QS S:QH), and then S's card written as AH, the card
#: N plays in trick 5
LEAD_WITH_TWO_SLIPS = CLEAN_LEAD.replace("trick S:QS W:QH N:KS E:9S", "trick W:QS S:AH N:KS E:9S")


def test_a_suit_led_that_only_a_reading_shows_proves_no_renege() -> None:
    """The line is read with two cards written for others (W's QS as QH, S's AH as QS): so read, W led a
    heart, and N and E, holding hearts, did not follow; and N, who won trick 1 as written, led trick 2.  The
    suit led is the reading's, not the record's (as written, and as meant, a spade was led): the reneges and
    the wrong lead resting on it are warnings naming the slip, and nobody is charged."""
    assert _findings(CLEAN_LEAD) == []
    (game,) = audit_text(LEAD_WITH_TWO_SLIPS)
    found = game.all_findings()
    assert [f.code.code for f in found if f.level.value == "error"] == []
    resting = [f for f in found if f.code.code in {"R501", "T401"}]
    assert resting and all(any("it rests on the suit led in trick 1" in line for line in f.proof) for f in resting)
    assert game.computed == audit_text(CLEAN_LEAD)[0].computed


#: two-handed: S dealt and took the KD ordered up; N plays the TD, the one card the deal leaves N, in trick 4
CLEAN_TWICE = """\
hand 1 dealer S
deal N: JC QH AC 9D TD  S: 9H KC AD QD JD
up KD
bid N pass, S order
discard 9H
trick N:AC S:KC
trick N:JC S:QD
trick S:JD N:9D
trick S:AD N:TD
trick S:KD N:QH
score N 0 S 1
"""
#: trick 4 with two slips: N's TD written as QD (S's card of trick 2), and N's letter written as S
TWICE_AND_CARD = CLEAN_TWICE.replace("trick S:AD N:TD", "trick S:AD S:QD")


def test_a_seat_written_twice_on_a_card_the_deal_gives_another_reads_the_card_too() -> None:
    """The trick names S twice and N not at all, and S:QD is N's card in the order of play; but QD is S's (the
    deal gives it to S, who played it in trick 2), so it is no card of N's: the card is judged, and its slip (the
    TD the deal leaves N) is read as well.  Read as N's and not judged, N's TD stayed in N's hand and charged N
    with a renege in trick 5 for keeping it."""
    assert _findings(CLEAN_TWICE, "two-handed") == []
    (game,) = audit_text(TWICE_AND_CARD, "two-handed")
    found = game.all_findings()
    assert [f.code.code for f in found if f.level.value == "error"] == []
    assert [f.code.code for f in found] == ["S005", "S011"]
    assert "so QD is most likely TD" in str(found[1].message)
    assert game.computed == audit_text(CLEAN_TWICE, "two-handed")[0].computed


#: two-handed: N deals the 9H, and N's AH in trick 3 is written as S's 9H, N's letter as S
CLEAN_NINE = """\
hand 1 dealer S
deal N: JS AH QS JD TS  S: 9C 9H QC 9D AC
up TD
bid N pass, S pass, N call S
trick S:AC N:TS
trick N:JS S:9C
trick N:AH S:9H
trick N:JD S:9D
trick N:QS S:QC
score N 2 S 0
"""
NINE_TWICE = CLEAN_NINE.replace("trick N:AH S:9H", "trick S:9H S:9H")


def test_a_trick_naming_a_seat_twice_is_not_moved_for_its_leader() -> None:
    """`trick S:9H S:9H` shows no leader to be sure of: read as trick 1 for its first letter it left N's AH
    unplayed, N a trick short, and the correct sheet charged (P701).  Its two slips are read instead."""
    assert _findings(CLEAN_NINE, "two-handed") == []
    (game,) = audit_text(NINE_TWICE, "two-handed")
    found = game.all_findings()
    assert [f.code.code for f in found if f.level.value == "error"] == []
    assert "S010" not in [f.code.code for f in found] and "S011" in [f.code.code for f in found]
    assert game.computed == audit_text(CLEAN_NINE, "two-handed")[0].computed


#: three-handed: W dealt and took the KH that E ordered up
CLEAN_THREE = """\
hand 1 dealer W
deal N: KS TD KD QS KC  E: AC AS JH 9H TH  W: AD TC QH JD AH
up KH
bid N pass, E order
discard TC
trick W:AD N:TD E:9H
trick E:JH W:QH N:QS
trick E:AC W:KH N:KC
trick W:AH N:KD E:TH
trick W:JD N:KS E:AS
"""
#: trick 3 with two slips on its seat letters: E and N the wrong way round, then N written as W
THREE_SEATS = CLEAN_THREE.replace("trick E:AC W:KH N:KC", "trick W:AC W:KH E:KC")


def test_a_seat_written_twice_is_not_read_on_the_up_card_the_dealer_took() -> None:
    """`trick W:AC W:KH E:KC` names W twice and N not at all.  W:KH, the up card the dealer W took, is W's: read as
    N's (it stood where N's card belongs) it charged W and E with cards not held and a wrong lead.  W:AC is read
    as N's, and the deal then shows N and E the wrong way round: both slips named, nobody charged."""
    assert _findings(CLEAN_THREE, "three-handed") == []
    found = _findings(THREE_SEATS, "three-handed")
    assert [code for code, level in found if level == "error"] == []
    assert [code for code, _ in found] == ["S005", "S007"]
    (slipped,), (clean,) = audit_text(THREE_SEATS, "three-handed"), audit_text(CLEAN_THREE, "three-handed")
    assert slipped.computed == clean.computed


#: three-handed: N dealt and took the AC that N ordered up; E plays QD in the last trick
CLEAN_COPIED = """\
hand 1 dealer N
deal E: 9C QS QD 9H AH  W: TH KD QC TD KS  N: 9D JC KC 9S KH
up AC
bid E pass, W pass, N order
discard 9D
trick E:AH W:TH N:KH
trick E:9H W:QC N:KC
trick N:JC E:9C W:TD
trick N:9S E:QS W:KS
trick W:KD N:AC E:QD
"""
#: the last trick with E's play written as N:KD, a copy of W's play before it
COPIED = CLEAN_COPIED.replace("trick W:KD N:AC E:QD", "trick W:KD N:AC N:KD")


def test_a_seat_written_twice_on_a_card_another_seat_plays_is_read_and_not_judged() -> None:
    """N:KD stands where E's card belongs, and KD is W's, played by W in the same trick: the play is read as E's
    and not judged (the card is a copy of W's), and nobody is charged with playing KD twice or out of turn."""
    assert _findings(CLEAN_COPIED, "three-handed") == []
    found = _findings(COPIED, "three-handed")
    assert [code for code, level in found if level == "error"] == []
    assert [code for code, _ in found] == ["S005"]


#: three-handed: N dealt and took the 9C ordered up; trick 2 is N:JS E:JC W:QD, N leading the right bower
CLEAN_LED_TWICE = """\
hand 1 dealer N
deal E: KC AS JC TD TS  W: QD KD AH QS 9S  N: TH QH QC TC JS
up 9C
bid E pass, W pass, N order
discard TH
trick E:AS W:9S N:9C
trick N:JS E:JC W:QD
trick E:TD W:KD N:TC
trick N:QH E:KC W:AH
trick E:TS W:QS N:QC
"""
#: trick 2 with two slips: N's JS written as 9S (W's card of trick 1), and N's and W's letters swapped
LED_TWICE = CLEAN_LED_TWICE.replace("trick N:JS E:JC W:QD", "trick W:9S E:JC N:QD")


def test_a_card_led_that_is_a_second_slip_on_its_line_proves_no_renege() -> None:
    """Trick 2 is read with N's QD (dealt to W) as JS, the one card N's deal leaves N; W's 9S, led and played by
    W in trick 1 too, is still wrong on that line, and the record cannot show what was meant.  E did not follow
    that spade while holding TS: the renege rests on a led card that is most likely a slip, so it is a warning
    naming it, and nobody is charged (the clean hand has no finding)."""
    assert _findings(CLEAN_LED_TWICE, "three-handed") == []
    (game,) = audit_text(LED_TWICE, "three-handed")
    found = game.all_findings()
    assert [f.code.code for f in found if f.level.value == "error"] == []
    [renege] = [f for f in found if f.code.code == "R501"]
    assert any("it rests on the card led in trick 2 (9S), most likely a second slip on line 7" in p for p in renege.proof)


#: hoyle, two tricks not written: S's TC in trick 3 was dealt to E, and S's deal leaves S two cards no line
#: shows, KC and QC, one of them played in what is not written (line 10 below)
TWO_CARDS_LEFT = TWO_MISSING


def test_the_cards_a_slip_can_have_been_are_named_in_the_order_cards_are_listed() -> None:
    """The two cards S's TC can have been are named highest first, as everywhere cards are listed, and the
    line's second slips name the slip in the same words, not one of the two readings: the words do not depend
    on how the cards happen to lie in memory (cards hash by identity: a set of them has no fixed order)."""
    (game,) = audit_text(TWO_CARDS_LEFT)
    [card] = [f for f in game.all_findings() if f.code.code == "S011"]
    assert "the cards of S's that no written line shows are KC and QC" in card.message
    seconds = [p for f in game.all_findings() for p in f.proof if p.startswith("line 10 holds a slip already")]
    assert seconds and all("the cards of S's that no written line shows are KC and QC" in p for p in seconds), seconds


#: hoyle, E alone in spades: each trick is led by the winner of the one before (E's QS, E's KD, S's AS, N's 9S)
CLEAN_ALONE = """\
hand 1 dealer N
deal E: AD KD KS QD QS  S: AS JD JH KH TC  W: 9H AC JC QH TS  N: 9C 9D 9S QC TH
up AH
bid E pass, S pass, W pass, N pass, E call S alone
trick S:KH N:TH E:QS
trick E:KD S:JD N:9D
trick E:QD S:AS N:QC
trick S:JH N:9S E:AD
trick N:9C E:KS S:TC
score NS 0 EW 1
"""
#: the last two trick lines the other way round, and trick 3 not written: the deal shows its cards, and S's AS,
#: the one trump among them, wins it whoever led, so a trick led by N after it stands as a lead out of turn in
#: every place it can have stood, unless the two lines are read the other way round
SWAPPED_AND_ONE_NOT_WRITTEN = CLEAN_ALONE.replace("trick E:QD S:AS N:QC\n", "").replace(
    "trick S:JH N:9S E:AD\ntrick N:9C E:KS S:TC\n", "trick N:9C E:KS S:TC\ntrick S:JH N:9S E:AD\n")


def test_trick_lines_swapped_beside_a_trick_not_written_are_read_with_it_in_its_place() -> None:
    """The order of the trick lines is read with the trick not written standing where it puts fewest leads
    wrong: so read, the two lines the other way round make every lead right, and nobody is charged with the
    lead out of turn (T401) that every place of the missing trick shows as written."""
    assert _findings(CLEAN_ALONE) == []
    (game,) = audit_text(SWAPPED_AND_ONE_NOT_WRITTEN)
    found = game.all_findings()
    assert [f.code.code for f in found if f.level.value == "error"] == []
    assert {f.code.code for f in found} == {"S010", "T405"}
    (t405,) = [f for f in found if f.code.code == "T405"]
    assert "from the deal it was E:QD S:AS N:QC" in t405.message
    assert game.hands[0].points == (0, 1)


#: hoyle, S in diamonds: each trick led by the winner of the one before
CLEAN_DIAMONDS = """\
hand 1 dealer E
deal S: JD JH JS KC TD  W: 9H AC AS KD KS  N: AH QC QD QH TC  E: 9C 9S AD JC QS
up TH
bid S pass, W pass, N pass, E pass, S call D
trick S:JH W:KD N:QD E:AD
trick S:TD W:KS N:AH E:9C
trick S:JS W:AS N:QC E:QS
trick W:9H N:QH E:JC S:JD
trick S:KC W:AC N:TC E:9S
score NS 1 EW 0
"""
#: trick 1 not written, and the last two trick lines the other way round: as written, with the missing trick
#: placed third, every lead is right, and E holds JC when clubs are led in the fourth
FIRST_LOST_LAST_SWAPPED = CLEAN_DIAMONDS.replace("trick S:JH W:KD N:QD E:AD\n", "").replace(
    "trick W:9H N:QH E:JC S:JD\ntrick S:KC W:AC N:TC E:9S\n", "trick S:KC W:AC N:TC E:9S\ntrick W:9H N:QH E:JC S:JD\n")


def test_a_renege_that_rests_on_where_a_trick_not_written_stood_is_no_ruling() -> None:
    """With no trick in the missing one's place, the last two lines leave leads wrong, and the other way round
    they make every lead right with the missing trick first: that order is read beside the lines as written,
    whose renege (E's JC) only the missing trick's place makes.  The two are as likely: the renege is not ruled,
    and the slip is named by the lines it stands on (the trick numbers are the missing trick's place's)."""
    assert _findings(CLEAN_DIAMONDS) == []
    (game,) = audit_text(FIRST_LOST_LAST_SWAPPED)
    found = game.all_findings()
    assert [f.code.code for f in found if f.level.value == "error"] == []
    (order,) = [f for f in found if f.code.code == "S010"]
    assert order.message.startswith("the trick lines at lines 7 and 8 may be written in the wrong order")
    assert order.trick is None
    assert game.hands[0].points == (1, 0)
