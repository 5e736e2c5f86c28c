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
