"""North is seat 0: a seat is never tested for truth.

A claim is judged from the position after the written tricks, with the winner of the last one on
lead.  Each hand below is played four times, turned a seat further round the table each time
(the dealer too), so that the claimer on lead is N, E, S and W in turn; the verdict must not
change with the turn of the table.
"""

from __future__ import annotations

import pytest

from auditor.cards import Seat
from auditor.findings import BEST_EXCHANGE, CLAIM_FAILS
from conftest import audit_text

SEATS = "NESW"

# Dealer {N}; everyone passes the 9S, {S} names hearts.  {N} wins trick 4 with JH and claims the last
# trick holding AS: on lead, {N} cashes it (nobody has a spade or a trump left).  Had {E} (the first
# leader) been on lead, {E}'s 9C would win it.
SOUND = """\
hand 1 dealer {N}
deal {N}: JH AH KH QS AS  {E}: AC KC QC JC 9C  {S}: JD QH TH 9H 9D  {W}: AD KD QD TD KS
up 9S
bid {E} pass, {S} pass, {W} pass, {N} pass, {E} pass, {S} call H
trick {E}:AC {S}:9H {W}:KS {N}:QS
trick {S}:JD {W}:QD {N}:KH {E}:KC
trick {S}:TH {W}:KD {N}:AH {E}:QC
trick {N}:JH {E}:JC {S}:QH {W}:AD
claim {N}
"""

# The same bidding; {N} wins trick 4 and claims the last trick holding 9D: led by {N}, {W}'s TD takes it.
# Had {E} been on lead, {E}'s 9C would fall to {S}'s AC and the claim would hold.
BAD = """\
hand 1 dealer {N}
deal {N}: QS KH AH JH 9D  {E}: AS KS JS KC 9C  {S}: 9H JD TH QH AC  {W}: TS QD KD AD TD
up 9S
bid {E} pass, {S} pass, {W} pass, {N} pass, {E} pass, {S} call H
trick {E}:AS {S}:9H {W}:TS {N}:QS
trick {S}:JD {W}:QD {N}:KH {E}:KS
trick {S}:TH {W}:KD {N}:AH {E}:JS
trick {N}:JH {E}:KC {S}:QH {W}:AD
claim {N}
"""


def turned(text: str, steps: int) -> tuple[str, Seat]:
    """The hand with every seat moved ``steps`` places clockwise, and the claimer's seat."""
    names = {s: SEATS[(i + steps) % 4] for i, s in enumerate(SEATS)}
    return text.format(**names), Seat[names["N"]]


@pytest.mark.parametrize("steps", range(4))
def test_a_sound_claim_holds_whoever_is_on_lead(steps: int) -> None:
    text, claimer = turned(SOUND, steps)
    (game,) = audit_text(text)
    hand = game.hands[0]
    assert game.all_findings() == []
    assert any("the claim holds against every defence" in str(n) for n in hand.notes)
    side = game.table.side_index[claimer]
    assert hand.tricks_won[side] == 5 and hand.points[side] == 2  # a march, the claimed trick included


@pytest.mark.parametrize("steps", range(4))
def test_a_bad_claim_fails_whoever_is_on_lead(steps: int) -> None:
    text, claimer = turned(BAD, steps)
    (game,) = audit_text(text)
    hand = game.hands[0]
    (failed,) = game.all_findings()
    assert (failed.code, failed.seat) == (CLAIM_FAILS, claimer)
    side = game.table.side_index[claimer]
    assert hand.tricks_won[side] == 4 and hand.points[side] == 1  # the disputed trick goes to the other side


# Partner's best with North the lone maker: S passes AH and N discards a card N does not hold.  The
# finding is North's (it named the passer, S, where the loner is seat 0).
BEST_TO_NORTH = """\
hand 1 dealer E
deal S: AH 9C TC QC KC  W: 9D TD QD KD AD  N: JH JD KH QH 9S  E: AC 9H TH TS JS
up 9H
bid S pass, W pass, N order alone
discard TS
best S: AH discard AS
"""


def test_partners_best_to_north_names_north() -> None:
    (game,) = audit_text(BEST_TO_NORTH, "hoyle", ["bidding.partners_best=true"])
    found = [(f.code, f.seat) for f in game.all_findings() if f.code is BEST_EXCHANGE]
    assert found == [(BEST_EXCHANGE, Seat.N)]
