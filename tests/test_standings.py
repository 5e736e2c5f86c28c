"""``euchre-audit standings``: the bundled progressive night worked out by hand, and the command's forms.

The night (samples/progressive-night/, a file a round) is five rounds of 8 deals at three tables
and thirteen players, one sitting out each round.  Two score sheet entries are wrong:

- round 3, table 1, hand 1: Leo (East) made spades and took 2 tricks, a euchre: NS (Mia and
  Grace) score 2; the sheet put the 2 in the EW column (Leo and Jack) and carried it on;
- round 5, table 2, hand 7: Ivy (North) went alone in spades and took all five tricks, a lone
  march worth 4; the sheet wrote 2 (NS 3 -> 5) and carried it on.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from auditor.cli import main
from conftest import ROOT, SAMPLES

NIGHT = SAMPLES / "progressive-night"

# The last score line of each game, as the sheets have them (read from the files), by round and table:
#
#   R1 T1  NS Bob & Kim      5   EW Leo & Grace    6       R1 T2  NS Erin & Jack  3   EW Hank & Frank  5
#   R1 T3  NS Carol & Dan    5   EW Mia & Ivy      5       R2 T1  NS Jack & Carol 4   EW Dan & Frank  10
#   R2 T2  NS Kim & Grace    5   EW Mia & Alice    4       R2 T3  NS Ivy & Hank  10   EW Leo & Erin    3
#   R3 T1  NS Mia & Grace    7   EW Leo & Jack     7       R3 T2  NS Ivy & Hank   6   EW Dan & Erin    6
#   R3 T3  NS Alice & Kim    9   EW Bob & Frank    2       R4 T1  NS Alice & Ivy  3   EW Mia & Carol   9
#   R4 T2  NS Erin & Jack    6   EW Frank & Kim    5       R4 T3  NS Leo & Grace  4   EW Bob & Hank    6
#   R5 T1  NS Grace & Leo    6   EW Frank & Dan    4       R5 T2  NS Ivy & Alice  5   EW Carol & Jack  6
#   R5 T3  NS Kim & Mia      6   EW Hank & Bob     5
#
# Corrected: R3 T1 is NS 9 EW 5 (the euchre's 2 moves from EW to NS), R5 T2 is NS 7 EW 6 (+2 to NS).
# Sitting out: Alice round 1, Bob round 2, Carol round 3, Dan round 4, Erin round 5.
#
# Each player's points, round by round (sheet; corrected where it differs):
#   Alice  -  + 4 + 9 + 3 + 5(7)          = 21, corrected 23
#   Bob    5  + -  + 2 + 6 + 5            = 18
#   Carol  5  + 4 + -  + 9 + 6            = 24
#   Dan    5  + 10 + 6 + -  + 4           = 25
#   Erin   3  + 3 + 6 + 6 + -             = 18
#   Frank  5  + 10 + 2 + 5 + 4            = 26
#   Grace  6  + 5 + 7(9) + 4 + 6          = 28, corrected 30
#   Hank   5  + 10 + 6 + 6 + 5            = 32
#   Ivy    5  + 10 + 6 + 3 + 5(7)         = 29, corrected 31
#   Jack   3  + 4 + 7(5) + 6 + 6          = 26, corrected 24
#   Kim    5  + 5 + 9 + 5 + 6             = 30
#   Leo    6  + 3 + 7(5) + 4 + 6          = 26, corrected 24
#   Mia    5  + 4 + 7(9) + 9 + 6          = 31, corrected 33
#
# Games won, corrected (the side ahead after the eighth deal; R1 T3 and R3 T2 are ties): R1 T1 Leo, Grace;
# R1 T2 Hank, Frank; R2 T1 Dan, Frank; R2 T2 Kim, Grace; R2 T3 Ivy, Hank; R3 T1 Mia, Grace (a tie on the
# sheet, 7-7); R3 T3 Alice, Kim; R4 T1 Mia, Carol; R4 T2 Erin, Jack; R4 T3 Bob, Hank; R5 T1 Grace, Leo;
# R5 T2 Ivy, Alice (on the sheet 5-6: Carol, Jack); R5 T3 Kim, Mia.
#
# Lone hands: Frank (round 2, table 1, hand 2: W order alone, five tricks) and Ivy twice (round 2, table 3,
# hand 5; round 5, table 2, hand 7: N order alone, five tricks each).
POINTS = {  # name: (corrected, sheet)
    "Alice": (23, 21), "Bob": (18, 18), "Carol": (24, 24), "Dan": (25, 25), "Erin": (18, 18), "Frank": (26, 26),
    "Grace": (30, 28), "Hank": (32, 32), "Ivy": (31, 29), "Jack": (24, 26), "Kim": (30, 30), "Leo": (24, 26),
    "Mia": (33, 31),
}
WON = {  # name: (corrected, sheet)
    "Alice": (2, 1), "Bob": (1, 1), "Carol": (1, 2), "Dan": (1, 1), "Erin": (1, 1), "Frank": (2, 2), "Grace": (4, 3),
    "Hank": (3, 3), "Ivy": (2, 1), "Jack": (1, 2), "Kim": (3, 3), "Leo": (2, 2), "Mia": (3, 2),
}
GAMES = {name: 4 if name in ("Alice", "Bob", "Carol", "Dan", "Erin") else 5 for name in POINTS}
LONE = {"Frank": 1, "Ivy": 2}
# Places by points (level players share the place, the next places are skipped):
#   corrected: Mia 33, Hank 32, Ivy 31, Grace = Kim 30, Frank 26, Dan 25, Carol = Jack = Leo 24, Alice 23, Bob = Erin 18
#   sheets:    Hank 32, Mia 31, Kim 30, Ivy 29, Grace 28, Frank = Jack = Leo 26, Dan 25, Carol 24, Alice 21, Bob = Erin 18
PLACES = {  # name: (corrected, sheet)
    "Mia": (1, 2), "Hank": (2, 1), "Ivy": (3, 4), "Grace": (4, 5), "Kim": (4, 3), "Frank": (6, 6), "Dan": (7, 9),
    "Carol": (8, 10), "Jack": (8, 6), "Leo": (8, 6), "Alice": (11, 11), "Bob": (12, 12), "Erin": (12, 12),
}


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["standings", *args, "--jobs", "1"], out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def night() -> dict[str, Any]:
    status, out, err = run(str(NIGHT), "--format", "json")
    assert (status, err) == (1, "")  # the sheets do not stand
    return json.loads(out)


def test_the_night_worked_out_by_hand(night: dict[str, Any]) -> None:
    lines = {line["name"]: line for line in night["standings"]}
    assert set(lines) == set(POINTS)
    for name, line in lines.items():
        assert (line["corrected"]["points"], line["sheet"]["points"]) == POINTS[name], name
        assert (line["corrected"]["won"], line["sheet"]["won"]) == WON[name], name
        assert (line["corrected"]["place"], line["sheet"]["place"]) == PLACES[name], name
        assert line["games"] == GAMES[name] and line["rounds"] == GAMES[name], name
        assert line["corrected"]["lone_hands"] == line["sheet"]["lone_hands"] == LONE.get(name, 0), name
    assert night["games"] == 15 and night["rounds"] == ["round 1", "round 2", "round 3", "round 4", "round 5"]
    assert [line["name"] for line in night["standings"]][:3] == ["Mia", "Hank", "Ivy"]  # the prize list, corrected
    assert night["ranking"] == {"rank_by": "points", "tie_break": [],
                                "words": "ranked by points; players still level share the place"}


def test_each_correction_is_named_with_its_hand_and_points(night: dict[str, Any]) -> None:
    lines = {line["name"]: line for line in night["standings"]}
    (ivy,) = lines["Ivy"]["corrections"]
    assert (ivy["where"], ivy["points"], ivy["codes"]) == ("hand 7 of round 5 (table 2)", 2, ["P701"])
    assert ivy["what"] == "N (Ivy) alone in spades, 5 tricks: lone march" and ivy["file"].endswith("round-5.txt")
    assert lines["Ivy"]["said"] == ("Ivy: 4th on the sheets, 3rd corrected (games won 2, 1 on the sheets): hand 7 of "
                                    "round 5 (table 2): N (Ivy) alone in spades, 5 tricks: lone march, +2 (P701)")
    jack, _ = lines["Jack"]["corrections"]  # the second is the other side's, in round 5 (below)
    assert (jack["where"], jack["points"], jack["what"]) == ("hand 1 of round 3 (table 1)", -2, "E (Leo) in spades, 2 tricks: euchred")
    assert lines["Hank"]["corrections"] == [] and lines["Hank"]["moved_by"] == ["Mia"]
    assert lines["Hank"]["said"] == "Hank: 1st on the sheets, 2nd corrected: Hank's points stand; moved by the corrections of Mia"
    assert lines["Bob"]["said"] is None  # nothing of Bob's changed


def test_the_other_sides_correction_that_changed_a_result_is_named(night: dict[str, Any]) -> None:
    """Round 5, table 2: 5-6 on the sheet, Carol and Jack (EW) won; Ivy's lone march is worth 2 more to NS, 7-6,
    so they lost.  Their own points stand there: the correction is the other side's, named with the side it went to."""
    lines = {line["name"]: line for line in night["standings"]}
    march = {"where": "hand 7 of round 5 (table 2)", "what": "N (Ivy) alone in spades, 5 tricks: lone march",
             "codes": ["P701"], "points": 2, "against": "Alice & Ivy"}
    (carol,) = lines["Carol"]["corrections"]
    assert {k: carol[k] for k in march} == march
    assert lines["Carol"]["said"] == (
        "Carol: 10th on the sheets, 8th (shared) corrected (games won 1, 2 on the sheets): Carol's points stand; "
        "moved by the corrections of Jack, Leo; hand 7 of round 5 (table 2): N (Ivy) alone in spades, 5 tricks: "
        "lone march, +2 to Alice & Ivy (P701)")
    # Jack: his own -2 of round 3 (the euchre's points leave his column) and the game of round 5 lost to the march
    assert [(c["where"], c["points"], c["against"]) for c in lines["Jack"]["corrections"]] == [
        ("hand 1 of round 3 (table 1)", -2, None), ("hand 7 of round 5 (table 2)", 2, "Alice & Ivy")]
    # round 3, table 1 was a tie on the sheet (7-7) and is corrected on both sides at the same hand: said once each,
    # as the side's own correction (Mia +2; Leo -2, whose games won stand: he won rounds 1 and 5 either way)
    assert [(c["points"], c["against"]) for c in lines["Mia"]["corrections"]] == [(2, None)]
    assert [(c["points"], c["against"]) for c in lines["Leo"]["corrections"]] == [(-2, None)]
    # Ivy and Alice won the game on the corrections of their own side: nothing of the other side's is listed
    assert all(c["against"] is None for n in ("Ivy", "Alice") for c in lines[n]["corrections"])


def test_players_who_sit_out_a_round(night: dict[str, Any]) -> None:
    lines = {line["name"]: line for line in night["standings"]}
    sat = {name: line["sat_out"] for name, line in lines.items() if line["sat_out"]}
    assert sat == {"Alice": ["round 1"], "Bob": ["round 2"], "Carol": ["round 3"], "Dan": ["round 4"], "Erin": ["round 5"]}
    # Dan sat out round 4: his running total stands still there (5, +10, +6, +0, +4)
    assert night["running"]["Dan"] == {"corrected": [5, 15, 21, 21, 25], "sheet": [5, 15, 21, 21, 25]}
    # Alice sat out round 1; her last round is the corrected lone march (5 on the sheet, 7 corrected)
    assert night["running"]["Alice"] == {"corrected": [0, 4, 13, 16, 23], "sheet": [0, 4, 13, 16, 21]}


def test_the_readme_quotes_the_standings_as_they_are(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## A progressive night: the standings"):]
    quoted = section.split("```\n")[3]  # the command's block, the words between, then the standings
    status, text, _ = run("samples/progressive-night/")
    assert status == 1 and quoted == text
    assert "Mia: 2nd on the sheets, 1st corrected (games won 3, 2 on the sheets): hand 1 of round 3 (table 1)" in text
    # the sit-outs in the order of the rounds (the file header's rotation: one player a round)
    assert text.endswith("\nSat out: Alice (round 1); Bob (round 2); Carol (round 3); Dan (round 4); Erin (round 5)\n")


def test_csv_has_a_row_a_player(tmp_path: Path) -> None:
    target = tmp_path / "night.csv"
    status, out, err = run(str(NIGHT), "--format", "csv", "-o", str(target))
    assert (status, out, err) == (1, "", "")
    rows = target.read_text(encoding="utf-8").splitlines()
    assert rows[0].startswith("place,shared,name,games,rounds,won,tied,points,against,lone_hands,euchres,sheet_place")
    assert rows[1].startswith("1,false,Mia,5,5,3,")
    assert len(rows) == 14
    assert any(r.startswith("4,true,Grace,5,5,4,0,30,") for r in rows)


def league_file(tmp_path: Path) -> Path:
    """Three games of the same two partnerships on 1, 2 and 3 March, a hand each: N calls spades and NS march (2),
    are euchred (EW 2), march (2)."""
    games = []
    for i, (ns, ew) in enumerate(((2, 0), (0, 2), (2, 0)), start=1):
        games.append(
            f'[Event "Oak Street League"]\n[Date "2026-03-0{i}"]\n[North "Ann"]\n[East "Bea"]\n[South "Cy"]\n[West "Di"]\n'
            f"hand 1 dealer N\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N call S\n"
            f"tricks NS {5 if ns else 1} EW {0 if ns else 4}\nscore NS {ns} EW {ew}\n"
        )
    path = tmp_path / "league.txt"
    path.write_text("\n".join(games), encoding="utf-8")
    return path


def test_partnerships_of_a_fixed_partner_league(tmp_path: Path) -> None:
    """Three games of the same two partnerships: each partnership's figures are its side's, once a game."""
    path = league_file(tmp_path)
    status, out, _ = run(str(path), "--by", "partnership", "--format", "json")
    assert status == 0  # the sheets stand
    lines = {line["name"]: line for line in json.loads(out)["standings"]}
    # Ann & Cy: a march (2), euchred (the other side 2), a march (2): 4 points, 2 against; Bea & Di the reverse
    assert {n: (v["games"], v["corrected"]["points"], v["corrected"]["against"], v["corrected"]["place"]) for n, v in lines.items()} == {
        "Ann & Cy": (3, 4, 2, 1), "Bea & Di": (3, 2, 4, 2)}
    # a date range: only the game of 2 March
    status, out, _ = run(str(path), "--by", "partnership", "--format", "json", "--since", "2026-03-02", "--until", "2026-03-02")
    lines = {line["name"]: line for line in json.loads(out)["standings"]}
    assert {n: v["corrected"]["points"] for n, v in lines.items()} == {"Ann & Cy": 0, "Bea & Di": 2}


def test_text_and_csv_read_no_running_totals(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The running totals are players times rounds (a season online: many thousands of each); only JSON and HTML
    show them, so text and CSV never read them, and still count each one's rounds (here the three days)."""
    import auditor.standings.compute as compute

    path = league_file(tmp_path)
    status, out, _ = run(str(path), "--format", "json")
    running = json.loads(out)["running"]
    # Ann: 2, +0, +2 (march, euchred, march); Bea the reverse: 0, +2, +0
    assert running["Ann"] == {"corrected": [2, 2, 4], "sheet": [2, 2, 4]}
    assert running["Bea"] == {"corrected": [0, 2, 2], "sheet": [0, 2, 2]}

    def never(*_: object) -> None:
        raise AssertionError("the running totals were read")

    monkeypatch.setattr(compute, "by_round", never)
    status, out, err = run(str(path), "--format", "csv")
    assert (status, err) == (0, "")
    rows = {r.split(",")[2]: r.split(",") for r in out.splitlines()[1:]}
    assert {name: (r[3], r[4], r[7]) for name, r in rows.items()} == {  # games, rounds (days), points
        "Ann": ("3", "3", "4"), "Cy": ("3", "3", "4"), "Bea": ("3", "3", "2"), "Di": ("3", "3", "2")}
    status, out, _ = run(str(path))
    assert status == 0 and "(3 games, 4 players)" in out


def test_ties_are_broken_by_the_rule_the_ruleset_names(tmp_path: Path) -> None:
    # Corrected, Grace and Kim share 4th on 30 points; Grace won 4 games, Kim 3; Kim made no lone hand and neither did Grace
    status, out, _ = run(str(NIGHT), "--format", "json", "--set", "standings.tie_break=[games-won]")
    lines = {line["name"]: line for line in json.loads(out)["standings"]}
    assert (lines["Grace"]["corrected"]["place"], lines["Kim"]["corrected"]["place"]) == (4, 5)
    assert not lines["Grace"]["corrected"]["shared"]
    # Carol, Jack and Leo share 8th on 24; by games won: Leo 2, then Carol and Jack 1 each, who still share 9th
    assert [(lines[n]["corrected"]["place"], lines[n]["corrected"]["shared"]) for n in ("Leo", "Carol", "Jack")] == [
        (8, False), (9, True), (9, True)]
    # ranked by games won first: Grace (4) leads; Hank, Kim and Mia (3) share 2nd, and points do not part them
    status, out, _ = run(str(NIGHT), "--format", "json", "--set", "standings.rank_by=games-won")
    lines = {line["name"]: line for line in json.loads(out)["standings"]}
    assert lines["Grace"]["corrected"]["place"] == 1
    assert {n for n, v in lines.items() if v["corrected"]["place"] == 2} == {"Hank", "Kim", "Mia"}
    # ... and with points to break the tie: Mia 33, Hank 32, Kim 30
    status, out, _ = run(str(NIGHT), "--format", "json", "--set", "standings.rank_by=games-won",
                         "--set", "standings.tie_break=[points]")
    lines = {line["name"]: line for line in json.loads(out)["standings"]}
    assert [lines[n]["corrected"]["place"] for n in ("Grace", "Mia", "Hank", "Kim")] == [1, 2, 3, 4]


def test_games_ranked_by_different_rules_are_refused(tmp_path: Path) -> None:
    first = (NIGHT / "round-1.txt").read_text(encoding="utf-8")
    other = (NIGHT / "round-2.txt").read_text(encoding="utf-8").replace('[Rules "progressive"]', '[Rules "progressive"]\n[Set "standings.rank_by=games-won"]')
    (tmp_path / "a.txt").write_text(first, encoding="utf-8")
    (tmp_path / "b.txt").write_text(other, encoding="utf-8")
    status, out, err = run(str(tmp_path))
    assert status == 2 and out == ""
    assert "ranked by different rules (games-won; points)" in err and "Traceback" not in err
    status, out, _ = run(str(tmp_path), "--set", "standings.rank_by=points")  # --set decides for all
    assert status == 0 and "ranked by points" in out


def test_bad_usage_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for args, says in (
        (["--since", "12/08/2026"], "not a date written YYYY-MM-DD"),
        (["--since", "2026-12-09", "--until", "2026-12-08"], "is after --until"),
        (["--set", "standings.tie_break=[points, points]"], "a tie-break is listed twice"),
        (["--set", "standings.rank_by=wins"], "standings.rank_by"),
    ):
        status, out, err = run(str(NIGHT), *args)
        err += capsys.readouterr().err  # argparse's own message
        assert status == 2 and out == "" and says in err and "Traceback" not in err, (args, err)
    status, _, err = run(str(tmp_path / "nothing-here"))
    assert status == 2 and "no such file or folder" in err


def test_tables_written_by_stats_give_the_same_standings(tmp_path: Path) -> None:
    tables = tmp_path / "tables"
    assert main(["stats", str(NIGHT), "--out", str(tables), "--jobs", "1"], io.StringIO(), io.StringIO()) == 0
    assert run(str(tables), "--format", "json") == run(str(NIGHT), "--format", "json")


def test_the_same_standings_for_any_number_of_jobs() -> None:
    one = run(str(NIGHT), "--format", "json")
    out, err = io.StringIO(), io.StringIO()
    status = main(["standings", str(NIGHT), "--format", "json", "--jobs", "2"], out, err)
    assert (status, out.getvalue(), err.getvalue()) == one


def test_one_event_and_one_round_from_a_shared_tables_folder(tmp_path: Path) -> None:
    """A folder of tables shared by two events on the same day: the dates alone pull in the other event's games;
    --event takes one event, --round one round of it, each as if its games were given alone."""
    other = io.StringIO()
    assert main(["simulate", "--tables", "1", "--rounds", "4", "--seed", "2"], other, io.StringIO()) == 0
    text = other.getvalue()
    assert '[Date "2026-12-08"]' in text  # the same night's date
    (tmp_path / "club.txt").write_text(text.replace('[Event "Legion Hall Progressive"]', '[Event "Friday Club"]'), encoding="utf-8")
    tables = tmp_path / "tables"
    assert main(["stats", str(NIGHT), str(tmp_path / "club.txt"), "--out", str(tables), "--jobs", "1"],
                io.StringIO(), io.StringIO()) == 0
    by_date = json.loads(run(str(tables), "--since", "2026-12-08", "--until", "2026-12-08", "--format", "json")[1])
    assert by_date["games"] == 19  # the trap: the other event's four games too
    night = run(str(tables), "--event", "Legion Hall Progressive", "--format", "json")
    assert night == run(str(NIGHT), "--format", "json") and json.loads(night[1])["games"] == 15
    club = json.loads(run(str(tables), "--event", "Friday Club", "--format", "json")[1])
    seated = set(re.findall(r'\[(?:North|East|South|West) "([^"]+)"\]', text))
    assert club["games"] == 4 and {line["name"] for line in club["standings"]} == seated
    second = run(str(tables), "--event", "Legion Hall Progressive", "--round", "2", "--format", "json")
    assert second == run(str(NIGHT / "round-2.txt"), "--format", "json")
    assert json.loads(run(str(tables), "--event", "Nobody's Night", "--format", "json")[1])["games"] == 0


def test_color_is_accepted_as_the_audit_takes_it() -> None:
    plain = run(str(NIGHT))
    for color in ("never", "always", "auto"):
        assert run(str(NIGHT), "--color", color) == plain
    status, out, err = run(str(NIGHT), "--color", "sometimes")
    assert status == 2 and out == ""
