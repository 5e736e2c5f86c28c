"""A deal line cut short (S018) or with one card too many (S019) goes to EGN as the audit read it.

EGN holds the deal by seat, and its tricks name no seat until the rules seat them, so neither slip can go
there as written: the hand goes as the audit read the deal (the replay's own reading, ``HandResult.deal_read``),
each slip named, and EGN's audit must rule as the source's.  The audit leaves out a card written too many
before it fills a line cut short: N's line listing QD, which E plays, while E's line lost QD, gives E QD.
The hand is tests/test_finding_examples.py's clean hand (Hoyle: five cards; N deals, takes AD, discards TC)."""

from __future__ import annotations

import pytest

from auditor.audit import RulesetChooser, audit_games
from auditor.cards import Seat
from auditor.convert import convert, ruling_changes
from auditor.egn.reader import read_egn_games
from auditor.notation.reader import read_text
from auditor.replay.as_read import hands_read
from auditor.rules.loader import load_ruleset
from conftest import audit_text
from test_finding_examples import CLEAN_HAND, EIGHT_PASSES

FULL_N = "N: TD KS KH TC JH"
FULL_E = "E: KD QS TH 9C QD"

#: (the deal lines as written, the seat whose cards EGN must hold, those cards, the slips named)
CASES = [
    # E's line lost QD, and N's lists it as a sixth card N never plays: the audit leaves it out of N's line first,
    # and E's plays then fill E's line with it
    ({FULL_E: "E: KD QS TH 9C", FULL_N: f"{FULL_N} QD"}, {"E": FULL_E, "N": FULL_N}, ["S019", "S018"]),
    # the mirror: E's line lists N's JH as a sixth card, and N's line lost JH
    ({FULL_E: f"{FULL_E} JH", FULL_N: "N: TD KS KH TC"}, {"E": FULL_E, "N": FULL_N}, ["S019", "S018"]),
    ({FULL_E: "E: KD QS TH 9C"}, {"E": FULL_E}, ["S018"]),  # a line cut short alone
    ({FULL_N: f"{FULL_N} QD"}, {"N": FULL_N}, ["S019"]),  # a card too many alone: E's QD written again
]


def _written(lines: dict[str, str]) -> str:
    text = CLEAN_HAND
    for clean, slipped in lines.items():
        text = text.replace(clean, slipped)
    return text


def _to_egn(text: str) -> tuple[str, list[str], list[str]]:
    games = read_text(text)
    warnings: list[str] = []
    egn = convert(games, "egn", RulesetChooser().for_game, warnings.append)
    return egn, warnings, ruling_changes(games, egn, "egn", RulesetChooser(), RulesetChooser())


def _ruling(games) -> list[tuple]:
    """What EGN must keep: each finding but the slips of the source's writing, and the corrected scores."""
    return [([(f.code.code, f.seat) for f in g.all_findings() if not f.code.code.startswith("S")],
             [(h.number, h.points, h.totals) for h in g.hands], g.computed) for g in games]


@pytest.mark.parametrize(("lines", "meant", "slips"), CASES, ids=["extra-then-cut", "mirror", "cut", "extra"])
def test_the_deal_goes_to_egn_as_the_audit_read_it_and_rules_alike(lines: dict[str, str], meant: dict[str, str],
                                                                    slips: list[str]) -> None:
    text = _written(lines)
    source = audit_text(text, "hoyle")
    assert sorted(f.code.code for g in source for f in g.all_findings()) == sorted(slips)  # read, not a misdeal
    egn, warnings, changes = _to_egn(text)
    assert changes == []
    assert sorted(w.rsplit("(", 1)[1].split(",")[0] for w in warnings) == sorted(slips)
    assert all("EGN cannot hold this slip as written; the hand is written as read" in w for w in warnings)
    (hand,) = read_egn_games(egn, "converted")[0].hands
    dealt = {h.seat.name: " ".join(str(c) for c in h.cards) for h in hand.deal}
    for seat, cards in meant.items():
        assert f"{seat}: {dealt[seat]}" == cards
    back = list(audit_games(iter(read_egn_games(egn, "converted")), RulesetChooser()))
    assert [f.code.code for g in back for f in g.all_findings()] == []  # the deal whole: no slip left to read
    assert _ruling(back) == _ruling(source)
    (clean,) = audit_text(CLEAN_HAND, "hoyle")
    assert back[0].computed == clean.computed


def test_the_replay_exports_the_deal_it_read_and_the_conversion_takes_it() -> None:
    """The reading a converter asks for is the replay's own: E's line filled with QD, N's without it."""
    (game,) = read_text(_written(CASES[0][0]))
    (read,) = hands_read(game, load_ruleset("hoyle"))
    assert read.meant is not None
    deal = {h.seat: h.cards for h in read.meant.record.deal}
    assert " ".join(map(str, deal[Seat.E])) == "KD QS TH 9C QD" and " ".join(map(str, deal[Seat.N])) == "TD KS KH TC JH"
    assert [m.code for m in read.meant.mends] == ["S019", "S018"]
    (result,) = audit_text(_written(CASES[0][0]), "hoyle")[0].hands
    assert result.deal_read is not None and result.deal_read.holdings == read.meant.record.deal
    assert result.deal_read.unknown == ()


def test_a_line_cut_short_that_no_card_played_fills_goes_as_written_its_cards_unknown() -> None:
    """Thrown in: nothing fills E's line, the replay says one card of E is not known, and EGN gets the line cut
    short as written, which its audit reads as the same slip."""
    thrown = (f"hand 1 dealer N\ndeal E: KD QS TH 9C  S: JD JC AS 9H AC  W: QC JS QH KC TS  {FULL_N}\n"
              f"up AD\n{EIGHT_PASSES}\n")
    (result,) = audit_text(thrown, "hoyle")[0].hands
    assert result.deal_read is not None and result.deal_read.unknown == ((Seat.E, 1),)
    assert result.deal_read.holdings == result.deal
    assert hands_read(read_text(thrown)[0], load_ruleset("hoyle")) == []
    egn, warnings, changes = _to_egn(thrown)
    assert warnings == [] and changes == []
    (hand,) = read_egn_games(egn, "converted")[0].hands
    assert [len(h.cards) for h in hand.deal if h.seat is Seat.E] == [4]
