"""Who dealt a hand whose dealer letter is wrong, weighed on every witness: the rotation from the hand
before, the next hand's dealer read backwards (a stolen deal included), the order of the deal line, the
bidding and the first lead.  Where the witnesses tie, the dealer is no ruling: a warning names the slip,
and nothing that rests on who dealt accuses anyone (docs/slips.md)."""

from __future__ import annotations

from conftest import audit_text

#: hoyle: hand 1 is written as dealt by W, with no bidding or play written; its deal line starts at E (N's
#: left) and hand 2 is E's, the deal after N's: the letter says W, the deal line and the rotation say N
FIRST_HAND_TIED = """\
hand 1 dealer W
deal E: KS JD QD QH JH  S: JS AS AD KD AH  W: TS TC TD 9C JC  N: KC KH 9S QS 9H
score NS 2 EW 0

hand 2 dealer E
deal S: 9S TS TD TH KC  W: KH AS JS TC QD  N: QS KD JC AH JH  E: 9C 9D QC AD KS
up 9H
bid S pass, W pass, N pass, E pass, S pass, W pass, N pass, E pass
score NS 2 EW 0
"""

#: stick-the-dealer (a deal may be stolen by the last dealer's partner): hand 1 is written as dealt by W, but
#: the deal line, the bidding and the first lead all start at E, N's left; hand 2 is dealt by S, N's partner
STOLEN_NEXT = """\
[Rules "stick-the-dealer"]

""" + "\n".join([
    "hand 1 dealer W",
    "deal E: KC QS AD 9C JS  S: KH 9S AH QH AC  W: JH JC KD QC TS  N: 9H AS 9D TH TC",
    "up TD",
    "bid E pass, S pass, W pass, N pass, E call C",
    "trick E:JS S:AC W:QC N:TC",
    "trick E:KC S:9S W:JC N:9D",
    "trick W:TS N:AS E:QS S:QH",
    "trick N:9H E:9C S:KH W:JH",
    "trick E:AD S:AH W:KD N:TH",
    "score NS 0 EW 1",
    "",
    "hand 2 dealer S",
    "deal W: AC JS KS JD QS  N: KH AD KD TC TD  E: 9S QD QC AS AH  S: TS TH JH KC QH",
    "up 9H",
    "bid W pass, N pass, E pass, S order",
    "discard TS",
    "trick W:AC N:TC E:QC S:KC",
    "trick W:JS N:KH E:9S S:9H",
    "trick N:AD E:QD S:TH W:JD",
    "trick W:QS N:TD E:AS S:QH",
    "trick S:JH W:KS N:KD E:AH",
    "score NS 1 EW 1",
    "",
])


def _findings(text: str, rules: str | None = None) -> list[tuple[str, str, int, str | None]]:
    games = audit_text(text, rules)
    return [(f.code.code, f.level.value, f.pos.line, f.seat.name if f.seat else None) for g in games for f in g.all_findings()]


def test_a_first_hand_whose_witnesses_tie_on_the_dealer_names_the_slip_and_accuses_nobody() -> None:
    (game,) = audit_text(FIRST_HAND_TIED)
    found = game.all_findings()
    # the clean record (N written) has nothing to say; as written, no one is charged with dealing out of turn
    assert _findings(FIRST_HAND_TIED.replace("hand 1 dealer W", "hand 1 dealer N")) == []
    assert [(f.code.code, f.level.value, f.pos.line, f.seat) for f in found] == [("S009", "warning", 1, None)]
    (slip,) = found
    assert "hand 1 is written as dealt by W, and the rest of the record does not show who dealt it" in slip.message
    assert any("no finding rests on the dealer" in line for line in slip.proof)
    assert game.computed == audit_text(FIRST_HAND_TIED.replace("hand 1 dealer W", "hand 1 dealer N"))[0].computed


def test_a_stolen_deal_next_is_a_witness_of_who_dealt_before_it() -> None:
    """The next hand's dealer, S, is the partner of N, who may steal N's next deal: it says N dealt, as the
    deal line, the bidding and the first lead do, and the hand is read so, with the clean record's ruling."""
    clean = _findings(STOLEN_NEXT.replace("hand 1 dealer W", "hand 1 dealer N"))
    assert [c for c, level, _, _ in clean if level == "error"] == []
    games = audit_text(STOLEN_NEXT)
    (slip,) = [f for g in games for f in g.all_findings() if f.code.code == "S009"]
    assert "N most likely dealt it: write `hand 1 dealer N`" in slip.message
    assert "the next hand's dealer" in slip.proof[0]
    assert [f for f in _findings(STOLEN_NEXT) if f[1] == "error"] == []
    assert {f for f in _findings(STOLEN_NEXT) if f[0] != "S009"} == set(clean)
