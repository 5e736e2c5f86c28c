"""The worked example of the notation issue: exactly three findings, NS 10-0."""

from __future__ import annotations

import json

from auditor.cards import Seat, Team
from auditor.cli import main
from conftest import ROOT, SAMPLES, audit_text


def test_example_audits_to_exactly_the_three_findings(club_night: str) -> None:
    (game,) = audit_text(club_night, "hoyle")
    found = [(f.hand, f.trick, f.seat, f.category.value) for f in game.all_findings()]
    assert found == [
        (2, 2, Seat.W, "renege"),  # W held QH and TH, played KD on the heart lead
        (3, None, None, "score"),  # the sheet gave NS 2 for a lone march worth 4
        (5, 2, Seat.E, "left-bower"),  # spades led, JC was E's only trump
    ]


def test_example_corrected_score_and_winner(club_night: str) -> None:
    (game,) = audit_text(club_night, "hoyle")
    assert game.computed == (10, 0)
    assert game.winner is Team.NS and game.won_in_hand == 5
    assert game.recorded is not None and game.recorded.values == (8, 0)


def test_uncalled_renege_changes_no_score_but_called_one_does(club_night: str) -> None:
    (game,) = audit_text(club_night, "hoyle")
    hands = {h.number: h for h in game.hands}
    assert hands[2].penalized is None and hands[2].points == (2, 0)
    # hand 5: NS were euchred (1 trick) but E's called renege gives NS 2 and EW nothing
    assert hands[5].tricks_won[0] == 1
    assert hands[5].penalized is Team.EW and hands[5].points == (2, 0)


def test_rules_tag_alone_picks_hoyle(club_night: str) -> None:
    (game,) = audit_text(club_night)
    assert game.ruleset == "hoyle" and len(game.all_findings()) == 3


def test_cli_json_output_fields(capsys) -> None:
    # the ruleset by its path (absolute: the suite may run from any directory)
    status = main([str(SAMPLES / "club-night.txt"), "--rules", str(ROOT / "rulesets" / "hoyle.yaml"), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 1
    assert [f["code"] for f in data["findings"]] == ["R501", "P701", "L603"]
    first = data["findings"][0]
    for key in ("path", "game", "hand", "trick", "seat", "category", "code", "severity", "line", "column", "message"):
        assert key in first
    assert (first["line"], first["column"], first["seat"], first["hand"]) == (26, 22, "W", 2)
    (game,) = data["games"]
    assert game["computed"] == {"NS": 10, "EW": 0} and game["recorded"] == {"NS": 8, "EW": 0}
    assert game["winner"] == "NS"


def test_cli_lint_format(capsys) -> None:
    path = str(SAMPLES / "club-night.txt")
    assert main([path, "--format", "lint"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{path}:26:22: R501 ")
    assert [line.split()[1] for line in lines] == ["R501", "P701", "L603"]
