"""``stats --league``: a league's table per player, partnership and seat, and --since/--until on every view.

The club night of the README (samples/club-night.txt), worked out from its record:

  hand 1  N (Alice) orders up (round 1), march                      NS +2
  hand 2  S (Carol) names spades (round 2), march; W (Dan) reneges uncalled (R501)   NS +2
  hand 3  N (Alice) names hearts alone (round 2), lone march         NS +4  (Carol sits out: 3 cards a trick)
  hand 4  thrown in
  hand 5  N (Alice) orders up (round 1), 1 trick; E's renege called: the penalty replaces the euchre
          (Bob's left-bower error, L603)                             NS +2
  NS 10, EW 0: Alice and Carol win.

  Alice: 3 calls in 5 hands; round 1: 2 calls, 1 made (hand 5 was lost at the table, then
  penalized); round 2: 1, made; alone: 1, made; cards played 5 x 4 hands = 20.
  Carol: 1 call (round 2, made); 15 cards (she sat out hand 3).  Bob and Dan: 20 cards each;
  Dan's renege and Bob's left-bower error are 1 per 20 cards played: 5.0 per 100.
  No euchre counts in euchres_for/against: hand 5's is replaced by the renege penalty (its call is still
  one not made).
"""

from __future__ import annotations

import csv
import io

from auditor.cli import main
from conftest import SAMPLES

CLUB = str(SAMPLES / "club-night.txt")


def league(*args: str) -> list[dict[str, str]]:
    out, err = io.StringIO(), io.StringIO()
    assert main(["stats", *args, "--format", "csv", "--jobs", "1"], out, err) == 0, err.getvalue()
    return list(csv.DictReader(io.StringIO(out.getvalue())))


def test_per_player() -> None:
    rows = {r["player"]: r for r in league(CLUB, "--league")}
    alice, carol, bob, dan = rows["Alice"], rows["Carol"], rows["Bob"], rows["Dan"]
    assert (alice["games"], alice["won"], alice["win_pct"], alice["points_for"], alice["points_against"]) == ("1", "1", "100.0", "10", "0")
    assert (alice["hands"], alice["calls"], alice["call_pct"]) == ("5", "3", "60.0")
    assert (alice["r1_calls"], alice["r1_make_pct"], alice["r2_calls"], alice["r2_make_pct"]) == ("2", "50.0", "1", "100.0")
    assert (alice["lone_calls"], alice["lone_make_pct"], alice["plays"]) == ("1", "100.0", "20")
    assert (carol["calls"], carol["r1_calls"], carol["r1_make_pct"], carol["r2_make_pct"], carol["plays"]) == ("1", "0", "", "100.0", "15")
    assert (bob["won"], bob["win_pct"], bob["points_for"], bob["points_against"]) == ("0", "0.0", "0", "10")
    assert (dan["reneges"], dan["reneges_per_100_plays"], dan["left_bower_errors"]) == ("1", "5.0", "0")
    assert (bob["reneges"], bob["left_bower_errors"], bob["left_bower_errors_per_100_plays"]) == ("0", "1", "5.0")
    assert {r["euchres_for"] for r in rows.values()} == {r["euchres_against"] for r in rows.values()} == {"0"}
    # per 100 hands too, and points per game
    assert (dan["reneges_per_100_hands"], alice["points_per_game"], bob["points_per_game"]) == ("20.0", "10.0", "0.0")


def test_per_partnership_and_per_seat() -> None:
    teams = {r["team"]: r for r in league(CLUB, "--league", "--by", "team")}
    # a side's figures once a game; its calls and cards both partners'
    ac = teams["Alice & Carol"]
    assert (ac["games"], ac["won"], ac["points_for"], ac["hands"], ac["calls"], ac["r2_calls"], ac["plays"]) == ("1", "1", "10", "5", "4", "2", "35")
    bd = teams["Bob & Dan"]
    assert (bd["plays"], bd["reneges"], bd["reneges_per_100_plays"], bd["left_bower_errors"]) == ("40", "1", "2.5", "1")
    seats = {r["seat"]: r for r in league(CLUB, "--league", "--by", "seat")}
    assert list(seats) == ["N", "E", "S", "W"]  # clockwise
    assert (seats["N"]["calls"], seats["N"]["won"], seats["W"]["reneges"], seats["E"]["left_bower_errors"]) == ("3", "1", "1", "1")


def test_a_range_of_dates() -> None:
    # the club night is 2026-11-24; the league night and the clean game are 2026-12-01
    every = {r["player"] for r in league(str(SAMPLES / "club-night.txt"), str(SAMPLES / "league-night.txt"), "--league")}
    later = {r["player"] for r in league(str(SAMPLES / "club-night.txt"), str(SAMPLES / "league-night.txt"), "--league",
                                         "--since", "2026-11-25")}
    assert "Alice" in every and "Alice" not in later and "Erin" in later  # Alice played only the club night
    rows = league(str(SAMPLES / "club-night.txt"), str(SAMPLES / "league-night.txt"), "--until", "2026-11-24")
    assert {r["player"] for r in rows} == {"Alice", "Bob", "Carol", "Dan"}  # the play view too
    assert {r["player"]: r["hands"] for r in rows}["Alice"] == "5"


def test_league_is_by_player_team_or_seat() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["stats", CLUB, "--league", "--by", "event"], out, err) == 2
    assert "--league is by player, team or seat" in err.getvalue() and out.getvalue() == ""
