"""Claims: the notation (read both ways, written back, EGN and JSON), and the ruling on them."""

from __future__ import annotations

import json

import pytest

from auditor.cards import Seat
from auditor.cards import Team
from auditor.cli import main
from auditor.egn.reader import read_egn
from auditor.egn.writer import games_to_egn
from auditor.cards import card
from auditor.findings import CLAIM_FAILS, CLAIM_MISPLACED, SYNTAX_ERROR, Role, Severity
from auditor.model import Claim
from auditor.modeljson import read_model_json, to_json
from auditor.notation import reader
from auditor.notation.reader import read_text
from auditor.convert import convert
from auditor.notation.writer import format_text
from auditor.results import Outcome
from auditor.rules.loader import load_ruleset
from conftest import audit_text
from test_line_tokens import read_both, rules_only_grammar

# S calls hearts with both bowers; after three tricks S holds JH and QS, E holds KH and KS: whichever S
# leads, E takes a trick (the KS over the QS), so S's claim of the last two fails.
FAILING = """\
[North "Alice"]
[East "Bob"]
[South "Carol"]
[West "Dan"]

hand 1 dealer N
deal N: 9C 9D AD QC TH  E: 9H 9S KC KH KS  S: AC AS JD JH QS  W: AH JC KD QD TC
up JS
bid E pass, S pass, W pass, N pass, E pass, S call H
trick E:9H S:JD W:AH N:TH
trick S:AC W:JC N:9C E:KC
trick S:AS W:KD N:9D E:9S
claim S
"""
# the same deal after two tricks: S (AS JH QS) claims two of the last three, which S's side is sure of
HOLDING = FAILING.replace("trick S:AS W:KD N:9D E:9S\nclaim S\n", "claim S 2\n")


def _hand(text: str):  # type: ignore[no-untyped-def]
    return read_text(text)[0].hands[0]


# --- notation ---------------------------------------------------------------------------------------


def test_a_claim_is_read_with_its_seat_and_count() -> None:
    assert _hand(FAILING).claim == Claim(Seat.S, _hand(FAILING).claim.pos, None)
    hand = _hand(HOLDING.replace("claim S 2", "CLAIM s 2   # two of three"))
    assert (hand.claim.seat, hand.claim.tricks, hand.claim.pos.line) == (Seat.S, 2, 12)
    assert [c.anchor for c in hand.comments] == ["claim"]


def test_a_claim_reads_the_same_with_the_rules_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    rules_only = reader.build_parser(rules_only_grammar())
    fast, slow = read_both(FAILING + "\n" + HOLDING.replace("claim S 2", "claim\tw  1 #x"), rules_only, monkeypatch)
    assert fast == slow and [h.claim.tricks for g in fast for h in g.hands] == [None, 1]


def test_an_unreadable_claim_costs_its_line_only() -> None:
    games = audit_text(FAILING.replace("claim S", "claim Q"))
    hand = games[0].hands[0]
    syntax = [f for f in hand.findings if f.code is SYNTAX_ERROR]
    assert len(syntax) == 1 and "a seat" in syntax[0].message
    assert any("a claim cannot be read" in line for line in syntax[0].proof)


def test_fmt_writes_the_claim_after_the_tricks_with_its_comment() -> None:
    text = HOLDING.replace("claim S 2\n", "") .replace("bid E pass", "claim  s 2  # two of three\nbid E pass")
    out = format_text(text).text
    assert out.splitlines()[-1] == "claim S 2  # two of three"
    assert format_text(out).text == out


def test_a_second_claim_is_a_repeated_statement() -> None:
    hand = _hand(FAILING + "claim N\n")
    assert hand.claim.seat is Seat.S and [kind for kind, _ in hand.repeated] == ["claim"]


def test_the_json_model_keeps_the_claim() -> None:
    text = to_json(read_text(HOLDING))
    assert json.loads(text)["games"][0]["hands"][0]["claim"] == {"seat": "S", "tricks": 2}
    again = list(read_model_json(text, "x.json"))
    assert (again[0].hands[0].claim.seat, again[0].hands[0].claim.tricks) == (Seat.S, 2)


@pytest.mark.parametrize("text", [FAILING, HOLDING, FAILING.replace(
    "trick E:9H S:JD W:AH N:TH\ntrick S:AC W:JC N:9C E:KC\ntrick S:AS W:KD N:9D E:9S\n", "")], ids=["after 3", "2 of 3", "before any card"])
def test_egn_carries_the_claim_as_the_last_annotation(text: str) -> None:
    warnings: list[str] = []
    egn = games_to_egn(read_text(text), lambda g: load_ruleset("hoyle"), warnings.append)
    assert not [w for w in warnings if "claim" in w]
    document = json.loads(egn)
    phases = document["deals"][0]["phases"]
    annotations = phases[-1].get("playAnnotations") or phases[0].get("callAnnotations")
    assert list(annotations.values())[-1] == [f"claim S{' 2' if 'claim S 2' in text else ''}"]
    back = list(read_egn(egn, "x.egn"))[0].hands[0]
    assert (back.claim.seat, back.claim.tricks) == (Seat.S, _hand(text).claim.tricks)
    assert not back.comments
    text_again = convert(list(read_egn(egn, "x.egn")), "text", lambda g: load_ruleset("hoyle"), warnings.append)
    assert text_again.count("\nclaim S") == 1


# --- the ruling -------------------------------------------------------------------------------------


def test_a_failing_claim_shows_the_defence_that_beats_it_in_the_players_names() -> None:
    hand = audit_text(FAILING)[0].hands[0]
    (finding,) = [f for f in hand.findings if f.code is CLAIM_FAILS]
    assert finding.message == "S claimed the last 2 tricks for NS, but a defence holds NS to 1 trick: the claim fails"
    assert finding.seat is Seat.S and finding.pos.line == 13
    assert finding.proof == (
        "S claimed the last 2 tricks for NS after trick 3, holding JH QS",
        "a defence that holds NS to 1 trick against their best play:",
        "trick 4: S leads QS, W TC, N QC, E KS; E wins",
        "trick 5: E leads KH, S JH, W QD, N AD; S wins",
        "under claims.failed: disputed-to-opponents, NS take 1 trick of the last 2 and EW 1 trick: "
        "the hand is scored NS 4 tricks, EW 1 trick",
    )
    assert [s.value for s in finding.proof[2].spans][:2] == [Seat.S, card("QS")]  # the ruling names the players
    assert [(m.card, m.role, m.seat) for m in finding.cards] == [(card("JH"), Role.PROOF, Seat.S), (card("QS"), Role.PROOF, Seat.S)]
    assert finding.points == ((Team.NS, 1), (Team.EW, 0))
    assert (hand.tricks_won[0], hand.tricks_won[1], hand.outcome, hand.points[0]) == (4, 1, Outcome.MAKE, 1)


@pytest.mark.parametrize(("rule", "tricks", "outcome", "severity"), [
    ("all-to-opponents", (3, 2), Outcome.MAKE, Severity.ERROR),
    ("as-claimed", (5, 0), Outcome.MARCH, Severity.WARNING),
])
def test_how_a_failed_claim_is_scored_is_the_rulesets(rule: str, tricks: tuple[int, int], outcome: Outcome, severity: Severity) -> None:
    hand = audit_text(FAILING, "hoyle", [f"claims.failed={rule}"])[0].hands[0]
    (finding,) = [f for f in hand.findings if f.code is CLAIM_FAILS]
    assert finding.level is severity and f"claims.failed: {rule}" in finding.proof[-1]
    assert (hand.tricks_won[0], hand.tricks_won[1], hand.outcome) == (*tricks, outcome)


def test_a_claim_that_holds_is_a_note_and_scores_as_claimed() -> None:
    hand = audit_text(HOLDING)[0].hands[0]
    assert not hand.findings
    assert hand.notes == ("hand 1: S claimed 2 of the last 3 tricks for NS: the claim holds against every defence",)
    assert (hand.tricks_won[0], hand.tricks_won[1], hand.outcome) == (4, 1, Outcome.MAKE)


def test_without_the_deal_a_claim_is_scored_as_claimed() -> None:
    text = FAILING.replace("deal N: 9C 9D AD QC TH  E: 9H 9S KC KH KS  S: AC AS JD JH QS  W: AH JC KD QD TC\n", "")
    hand = audit_text(text)[0].hands[0]
    assert not [f for f in hand.findings if f.code is CLAIM_FAILS]
    assert "cannot be checked" in hand.notes[0]
    assert (hand.tricks_won[0], hand.tricks_won[1], hand.outcome) == (5, 0, Outcome.MARCH)


@pytest.mark.parametrize(("text", "words"), [
    (HOLDING.replace("claim S 2", "claim S 4"), "claims 4 tricks, but only 3 tricks are left"),
    (FAILING.replace("claim S", "trick S:QS W:TC N:QC E:KS\ntrick E:KH S:JH W:QD N:AD\nclaim S"), "after all 5 were written"),
    (FAILING.replace("bid E pass, S pass, W pass, N pass, E pass, S call H", "bid " + ", ".join(f"{s} pass" for s in "ESWNESWN")),
     "in a hand nobody played"),
    (FAILING.replace("trick S:AS W:KD N:9D E:9S", "trick S:AS W:KD N:9D"), "which is not whole"),
])
def test_a_claim_that_cannot_be_is_c902(text: str, words: str) -> None:
    hand = audit_text(text)[0].hands[0]
    (finding,) = [f for f in hand.findings if f.code is CLAIM_MISPLACED]
    assert words in finding.message


def test_the_ruling_reads_the_claim_aloud(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "claims.txt"
    path.write_text(FAILING + "\n" + HOLDING.replace("hand 1 dealer N", "hand 2 dealer E").replace(
        "bid E pass, S pass, W pass, N pass, E pass, S call H", "bid S pass, W pass, N pass, E pass, S call H"), encoding="utf-8")
    assert main([str(path), "--jobs", "1"]) == 1
    out = capsys.readouterr().out
    assert "C901 claim-fails [error] (hand 1, S)" in out
    assert "    Carol (South) claimed the last 2 tricks for NS (Alice and Carol), but a defence holds NS to 1 trick: the claim fails\n" in out
    assert "      - trick 4: Carol leads QS, Dan (West) TC, Alice (North) QC, Bob (East) KS; Bob wins\n" in out
    assert "    Points: NS (Alice and Carol) score 1 point, EW (Bob and Dan) nothing for hand 1.\n" in out
    assert ("  note: hand 2: Carol (South) claimed 2 of the last 3 tricks for NS (Alice and Carol): the claim holds "
            "against every defence\n") in out


# club night hand 3: N alone in hearts takes the first trick; after it N (JD JH QC AC) claims the rest,
# which no defence of E's and W's can stop (both bowers, then the clubs: the KC was turned down)
LONE = """\
hand 3 dealer S
deal W: TC KH TH KS AD  N: AC JD QC JH AH  E: JS KD 9H AS QS  S: QH 9S TS TD 9D
up KC
bid W pass, N pass, E pass, S pass, W pass, N call H alone
trick E:9H W:KH N:AH
claim N
"""


def test_a_lone_hand_claims_against_the_two_defenders() -> None:
    hand = audit_text(LONE)[0].hands[0]
    assert not [f for f in hand.findings if f.code in (CLAIM_FAILS, CLAIM_MISPLACED)]
    assert hand.notes == ("hand 3: N claimed the last 4 tricks for NS: the claim holds against every defence",)
    assert (hand.tricks_won[0], hand.outcome, hand.points[0]) == (5, Outcome.LONE_MARCH, 4)
