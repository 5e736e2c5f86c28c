"""The double-dummy analysis measures only a position the record makes whole.

Found by the fuzzer (a hand of three-card tricks, the up card also dealt to S): measuring what E's
left-bower offence gained built a position whose hands were not of one size, and the audit ended in
a traceback.  A damaged record still gets its findings; it gets no analysis.
"""

from __future__ import annotations

from conftest import audit_text

DAMAGED = """\
hand 4 dealer W
up AC
bid N pass, E order
deal E: JD JS KD KS QS  S: 9C AC JC TC TH  W: 9H JH KC KH QD  N: 9D AD QC QH TS
trick S:JC N:QC E:KD
trick E:JS S:TH N:TS
trick E:QS S:TC N:AD
trick N:9D E:JD S:9C
trick E:KS
"""


def test_a_damaged_hand_is_audited_without_a_measure_of_what_the_offence_gained() -> None:
    (game,) = audit_text(DAMAGED)
    findings = game.all_findings()
    codes = [f.code.code for f in findings]
    assert "D106" in codes  # the up card AC also dealt to S
    assert "L603" in codes  # E's only trump was the left bower, and E kept it
    # the hands are not whole (tricks of three cards, a card dealt twice): nothing is said of what was gained
    assert not any("gained" in line for f in findings for line in (f.message, *f.proof))
    assert any(f.message == "trick 5 has 1 card; 4 players are in this hand" for f in findings)


# The fuzzer's input 300709 of seed 1, shrunk: E plays the ace of spades in trick 2 and again in trick 3.
# What a card holds once, a set of the cards played held once too: the start of the play looked whole,
# and the solver, told to play E's ace a second time, raised ValueError out of the audit.
PLAYED_TWICE = """\
hand
dealS:9\u2666J\u2665K\u2663W:9\u2660A\u2663K\u2666K\u2665N:A\u2665J\u2663Q\u266610\u2660E:9\u2663A\u2660K\u266010\u2663
bidSpass, W pass, W pass, N call s
trick S:K\u2663 W:A\u2663 N:A\u2665 E:9\u2663
trick W:9\u2660 N:10\u2660 E:A\u2660 S:Q\u2660
trick E:A\u2660 S:Q\u2665 N:Q\u2666
trick  E:J\u2666 S:9\u2666 W:A\u2666
trick W:K\u2665 N:10\u2665 E:10\u2663 S:J\u2665
"""


def test_a_card_played_twice_gets_its_finding_and_no_measure_of_what_an_offence_gained() -> None:
    (game,) = audit_text(PLAYED_TWICE)
    findings = game.all_findings()
    twice = [f for f in findings if f.code.code == "D102"]
    assert [(f.pos.line, f.seat.name if f.seat is not None else None) for f in twice] == [(6, "E")]  # E's second ace, trick 3
    assert "L603" in [f.code.code for f in findings]  # the offence is still found
    assert not any("gained" in line for f in findings for line in (f.message, *f.proof))
