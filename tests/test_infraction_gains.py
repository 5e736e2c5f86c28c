"""What a renege or an illegal left-bower follow gained, and renege.restore_equity.

The hands are from generated games (``euchre-audit simulate --errors``) and the
club-night sample; each sentence was checked by hand against the deal.
"""

from __future__ import annotations

import io
import re

import pytest

from auditor.analysis.gains import OFFENCES
from auditor.cards import Team
from auditor.table import FOUR
from auditor.findings import LEFT_BOWER_LED, LEFT_BOWER_ONLY_TRUMP, RENEGE
from auditor.results import Outcome
from auditor.rules.loader import load_ruleset
from auditor.simulate import simulate, write_games
from conftest import SAMPLES, audit_text

# W ordered clubs (W deals and takes the JC).  In trick 1 N leads AH and E, holding 9H, trumps it with KC.
# With best play by everyone from there, EW take 3 tricks after the KC (as they did) and 2 after the 9H:
# the renege kept E's 9H for later, and made EW's make out of a euchre.
SUMMER_OPEN = """\
[North "Frank"]
[East "Olga"]
[South "Kim"]
[West "Carol"]

hand 1 dealer W
deal N: TC TH JH AH QD  E: TD TS QS KC 9H  S: KS JS 9C KD AD  W: JD QH 9S QC AC
up JC
bid N pass, E pass, S pass, W order
discard 9S
trick N:AH E:KC S:JS W:QH
trick S:AD W:JD N:QD E:TD
trick S:KD W:QC N:TH E:9H
trick W:JC N:TC E:TS S:9C
trick W:AC N:JH E:QS S:KS
"""

# W leads JS (the left bower, clubs trump) in trick 4 and E, holding KC, plays KD: EW take four tricks
# whether E plays the KC there or not.
FRIDAY_CLUB = """\
hand 1 dealer E
deal S: QH AC TH QD AD  W: JS AH 9D TC JC  N: JH TS 9H KH AS  E: KC KD TD QS JD
up QC
bid S pass, W order
discard QS
trick S:AD W:9D N:9H E:TD
trick S:TH W:AH N:JH E:JD
trick W:JC N:TS E:QC S:AC
trick W:JS N:KH E:KD S:QD
trick W:TC N:AS E:KC S:QH
"""


def _finding(text: str, code, overrides: list[str] | None = None):  # type: ignore[no-untyped-def]
    hand = audit_text(text, "hoyle", overrides)[0].hands[0]
    return hand, next(f for f in hand.findings if f.code is code)


def test_a_renege_that_turned_a_euchre_into_a_make() -> None:
    hand, finding = _finding(SUMMER_OPEN, RENEGE)
    assert finding.proof[-2:] == (
        "with 9H, EW take 2 tricks, not 3: the renege gained them a trick, and made the difference between a euchre and a make",
        "EW's tricks with each card E could legally have played, best play after it: 9H 2",
    )
    assert (hand.tricks_won[1], hand.outcome, hand.points[1]) == (3, Outcome.MAKE, 1)  # the score as played, by default


def test_restore_equity_gives_the_trick_back_and_the_score_follows() -> None:
    hand, finding = _finding(SUMMER_OPEN, RENEGE, ["renege.restore_equity=true"])
    assert finding.proof[-1] == "under renege.restore_equity, the trick it gained goes to NS: the hand is scored NS 3 tricks, EW 2 tricks"
    assert (hand.tricks_won[0], hand.tricks_won[1], hand.outcome, hand.points[0], hand.points[1]) == (3, 2, Outcome.EUCHRE, 2, 0)


def test_an_offence_that_gained_nothing_says_so_and_moves_nothing() -> None:
    hand, finding = _finding(FRIDAY_CLUB, LEFT_BOWER_LED, ["renege.restore_equity=true"])
    assert finding.proof[-2:] == (
        "with KC, EW take 4 tricks as well: the illegal left-bower play gained them nothing",
        "EW's tricks with each card E could legally have played, best play after it: KC 4",
    )
    assert (hand.tricks_won[1], hand.outcome) == (4, Outcome.MAKE)


def test_the_club_night_left_bower_kept_the_trump_and_gained_a_trick() -> None:
    game = audit_text((SAMPLES / "club-night.txt").read_text(encoding="utf-8"))[0]
    finding = next(f for f in game.all_findings() if f.code is LEFT_BOWER_ONLY_TRUMP)
    assert finding.proof[-2] == "with JC, EW take 3 tricks, not 4: the illegal left-bower play gained them a trick"
    assert game.hands[4].outcome is Outcome.EUCHRE  # a euchre either way: no difference is claimed


def test_without_the_deal_nothing_is_measured() -> None:
    text = SUMMER_OPEN.replace("deal N: TC TH JH AH QD  E: TD TS QS KC 9H  S: KS JS 9C KD AD  W: JD QH 9S QC AC\n", "")
    _, finding = _finding(text, RENEGE, ["renege.restore_equity=true"])
    assert not any(line.startswith("with ") for line in finding.proof)


# --- over generated games -----------------------------------------------------------------------

_GAINED = re.compile(r"gained them (a trick|(\d) tricks)")


@pytest.mark.parametrize("seed", [4, 11])
def test_restore_equity_moves_exactly_what_the_ruling_says_was_gained(seed: int) -> None:
    """Over generated games with injected reneges: every offence in a hand with its deal is measured, and under
    renege.restore_equity the hand's tricks move by what its sentence says was gained, to the other side."""
    text = io.StringIO()
    write_games(simulate(load_ruleset("hoyle"), 40, seed, 0.5), text, io.StringIO())
    plain = audit_text(text.getvalue(), "hoyle")
    fair = audit_text(text.getvalue(), "hoyle", ["renege.restore_equity=true"])
    measured = moved = 0
    for game, corrected in zip(plain, fair):
        for hand, other in zip(game.hands, corrected.hands):
            offences = [f for f in hand.findings if f.code.code in OFFENCES and f.trick]
            if not offences or hand.tricks_won is None:
                assert other.tricks_won == hand.tricks_won
                continue
            (offence,) = offences  # the generator injects one mistake a hand
            sentence = next((str(p) for p in offence.proof if str(p).startswith("with ")), None)
            assert sentence is not None, offence  # the deal is written: what it gained is always said
            measured += 1
            found = _GAINED.search(sentence)
            gained = 0 if found is None else 1 if found.group(2) is None else int(found.group(2))
            sign = -1 if FOUR.side_of[offence.seat] is Team.NS else 1  # type: ignore[index]
            assert other.tricks_won[0] == hand.tricks_won[0] + sign * gained
            assert other.tricks_won[0] + other.tricks_won[1] == hand.tricks_won[0] + hand.tricks_won[1]
            moved += gained > 0
    assert measured >= 5 and moved >= 1
