"""Statistics: every number in every view agrees with a plain Python count
over the audit's own results (and over the simulator's log), empty input
gives empty views, and the tables round-trip through Parquet."""

from __future__ import annotations

import io
import json
from collections import Counter, defaultdict
from pathlib import Path

import polars as pl
import pytest

from auditor.cards import Seat, Team
from auditor.table import FOUR
from auditor.cli import main
from auditor.results import GameResult, Outcome
from auditor.rules.loader import load_ruleset
from auditor.simulate import simulate, write_games
from auditor.stats import TableBatch, view
from auditor.stats.tables import TABLES, scan_tables

SIDE = FOUR.side_of
OTHER = {Team.NS: Team.EW, Team.EW: Team.NS}

from conftest import audit_text

MADE = {Outcome.MAKE, Outcome.MARCH, Outcome.LONE_MAKE, Outcome.LONE_MARCH}
MARCHED = {Outcome.MARCH, Outcome.LONE_MARCH}
EUCHRED = {Outcome.EUCHRE, Outcome.LONE_EUCHRE}
POSITION = {0: "dealer", 1: "left", 2: "across", 3: "right"}


def _season(games: int = 30, seed: int = 17, errors: float = 0.15) -> tuple[str, list[dict]]:
    out, log = io.StringIO(), io.StringIO()
    write_games(simulate(load_ruleset("hoyle"), games, seed, errors), out, log)
    return out.getvalue(), [json.loads(line) for line in log.getvalue().splitlines()]


@pytest.fixture(scope="module")
def season() -> tuple[str, list[dict], list[GameResult]]:
    text, log = _season()
    return text, log, audit_text(text)


def _tables(games: list[GameResult], label: str = "season.txt") -> dict[str, pl.LazyFrame]:
    batch = TableBatch()
    for g in games:
        batch.add_game(label, g)
    return {t: batch.frame(t).lazy() for t in TABLES}


# ------------------------------------------------------ the independent count
def _blank() -> dict[str, int]:
    return Counter()  # type: ignore[return-value]


def _team_name(game: GameResult, team: Team) -> str:
    a, b = (game.player(s) or "(unknown)" for s in team.seats)
    return " & ".join(sorted((a, b)))


def _up(hand) -> str:  # type: ignore[no-untyped-def]
    if hand.up is None:
        return "none"
    text = str(hand.up)
    return "JK" if text == "JK" else text[0]


def expected(by: str, games: list[GameResult]) -> dict[str, Counter]:
    """Every measure of the view ``by``, counted hand by hand and game by game over the audit's own results."""
    rows: dict[str, Counter] = defaultdict(Counter)
    for game in games:
        findings = game.all_findings()
        for hand in game.hands:
            if hand.broken:
                continue
            mine = [f for f in findings if f.hand == hand.number]
            reneges = Counter(f.seat for f in mine if f.code.code == "R501")
            bower = Counter(f.seat for f in mine if f.category.value == "left-bower")
            # key, called, side (None: no side), reneges, bower errors, plays
            units: list[tuple[str, bool, Team | None, int, int, int]] = []
            played = Counter(p.seat for p in hand.plays)
            maker_team = SIDE[hand.maker] if hand.maker is not None else None
            if by in ("player", "seat", "position"):
                for seat in Seat:
                    key = {"player": game.player(seat) or "(unknown)", "seat": seat.name,
                           "position": POSITION[(seat - hand.dealer) % 4]}[by]
                    units.append((key, hand.maker is seat, SIDE[seat], reneges[seat], bower[seat], played[seat]))
            elif by == "team":
                for team in FOUR.sides:
                    units.append((_team_name(game, team), maker_team is team, team, sum(reneges[s] for s in team.seats),
                                  sum(bower[s] for s in team.seats), sum(played[s] for s in team.seats)))
            else:
                key = {"trump-round": str(hand.round) if hand.round is not None else "none", "up-card": _up(hand),
                       "event": game.tag("Event") or "(no event)"}[by]
                units.append((key, hand.maker is not None, None, sum(reneges.values()), sum(bower.values()), len(hand.plays)))
            euchred = hand.outcome in EUCHRED
            scored = euchred and hand.penalized is None
            made = hand.outcome in MADE
            dealer_side = SIDE[hand.dealer]
            for key, called, side, ren, bow, plays in units:
                row = rows[key]
                row["plays"] += plays
                row["hands"] += 1
                row["reneges"] += ren
                row["left_bower_errors"] += bow
                row["thrown_in"] += hand.maker is None
                row["dealer_side_calls"] += maker_team is dealer_side
                row["dealer_side_made"] += maker_team is dealer_side and made
                if side is not None:
                    row["euchres_for"] += scored and maker_team is OTHER[side]
                    row["euchres_against"] += scored and maker_team is side
                    net = hand.points_of(side) - hand.points_of(OTHER[side])
                    deals = "dealing" if dealer_side is side else "receiving"
                    row[deals] += 1
                    row[f"net_{deals}"] += net
                if called:
                    assert maker_team is not None
                    row["calls"] += 1
                    row["made"] += made
                    row[f"r{hand.round}_calls"] += 1
                    row[f"r{hand.round}_made"] += made
                    row["marched"] += hand.outcome in MARCHED
                    row["euchred"] += euchred
                    row["lone_calls"] += hand.alone
                    row["lone_made"] += hand.alone and made
                    row["lone_marches"] += hand.outcome is Outcome.LONE_MARCH
                    row["net"] += hand.points_of(maker_team) - hand.points_of(OTHER[maker_team])
        if by in ("player", "seat"):
            for seat in Seat:
                key = game.player(seat) or "(unknown)" if by == "player" else seat.name
                _game_row(rows[key], game, SIDE[seat])
        elif by == "team":
            for team in FOUR.sides:
                _game_row(rows[_team_name(game, team)], game, team)
        elif by == "event":
            rows[game.tag("Event") or "(no event)"]["games"] += 1
            rows[game.tag("Event") or "(no event)"]["won"] += game.winner is not None
    return rows


def _game_row(row: Counter, game: GameResult, side: Team) -> None:
    row["games"] += 1
    row["won"] += game.winner is side
    mine, theirs = (game.computed if side is Team.NS else game.computed[::-1])
    row["points_for"] += mine
    row["points_against"] += theirs


def _pct(part: int, whole: int):  # type: ignore[no-untyped-def]
    return pytest.approx(100 * part / whole) if whole else None


def _check(by: str, frame: pl.DataFrame, want: dict[str, Counter]) -> None:
    key = frame.columns[0]
    got = {row[key]: row for row in frame.to_dicts()}
    assert set(got) == set(want)
    sided = by in ("player", "team", "seat", "position")
    for name, w in want.items():
        g = got[name]
        for column in ("hands", "calls", "r1_calls", "r2_calls", "lone_calls", "lone_marches", "reneges", "left_bower_errors",
                       "plays", "thrown_in", "dealer_side_calls"):
            assert g[column] == w[column], (by, name, column)
        for column, part, whole in (("call_pct", "calls", "hands"), ("make_pct", "made", "calls"), ("march_pct", "marched", "calls"),
                                    ("euchred_pct", "euchred", "calls"), ("r1_make_pct", "r1_made", "r1_calls"),
                                    ("r2_make_pct", "r2_made", "r2_calls"), ("lone_make_pct", "lone_made", "lone_calls"),
                                    ("dealer_side_made_pct", "dealer_side_made", "hands"),
                                    ("reneges_per_100_hands", "reneges", "hands"), ("reneges_per_100_plays", "reneges", "plays"),
                                    ("left_bower_errors_per_100_hands", "left_bower_errors", "hands"),
                                    ("left_bower_errors_per_100_plays", "left_bower_errors", "plays")):
            assert g[column] == _pct(w[part], w[whole]), (by, name, column)
        assert g["points_per_call"] == (pytest.approx(w["net"] / w["calls"]) if w["calls"] else None)
        if sided:
            assert (g["euchres_for"], g["euchres_against"]) == (w["euchres_for"], w["euchres_against"]), (by, name)
        else:
            assert g["euchres_for"] is None and g["euchres_against"] is None
        if sided and w["dealing"] and w["receiving"]:
            edge = w["net_dealing"] / w["dealing"] - w["net_receiving"] / w["receiving"]
            assert g["dealer_edge"] == pytest.approx(edge), (by, name)
        else:
            assert g["dealer_edge"] is None, (by, name)
        if by in ("player", "team", "seat", "event"):
            assert (g["games"], g["won"]) == (w["games"], w["won"]), (by, name)
            assert g["win_pct"] == _pct(w["won"], w["games"])
        else:
            assert g["games"] is None and g["won"] is None
        if by in ("player", "team", "seat"):
            assert (g["points_for"], g["points_against"]) == (w["points_for"], w["points_against"]), (by, name)
            assert g["points_per_game"] == pytest.approx(w["points_for"] / w["games"])
        else:
            assert g["points_per_game"] is None


@pytest.mark.parametrize("by", ["player", "team", "seat", "position", "trump-round", "up-card", "event"])
def test_every_number_in_the_view_agrees_with_a_plain_count(season, by: str) -> None:
    _, _, games = season
    frame = view(by, _tables(games))
    want = expected(by, games)
    assert sum(w["calls"] for w in want.values()) > 0
    if by in ("player", "team", "seat", "position"):  # the season has what the count is about
        assert sum(w["euchres_for"] for w in want.values()) > 0 and sum(w["dealing"] for w in want.values()) > 0
    _check(by, frame, want)


def test_reneges_per_player_are_the_injected_ones(season) -> None:
    """The simulator's own log, not the audit, says who reneged."""
    _, log, games = season
    players = {g.index: {s.name: g.player(s) for s in Seat} for g in games}
    injected = Counter(players[e["game"]][e["seat"]] for e in log if e["code"] == "R501")
    bower = Counter(players[e["game"]][e["seat"]] for e in log if e["kind"] == "left-bower")
    assert sum(injected.values()) > 0 and sum(bower.values()) > 0
    frame = view("player", _tables(games))
    for row in frame.to_dicts():
        assert row["reneges"] == injected[row["player"]]
        assert row["left_bower_errors"] == bower[row["player"]]


def test_calls_and_euchres_agree_with_the_simulator_log() -> None:
    rules = load_ruleset("hoyle")
    sims = list(simulate(rules, 15, 23))
    text = io.StringIO()
    write_games(iter(sims), text)
    frame = view("position", _tables(audit_text(text.getvalue())))
    calls, euchres = Counter(), Counter()
    for sim in sims:
        for hand in sim.hands:
            if hand.maker is None:
                continue
            position = POSITION[(hand.maker - hand.dealer) % 4]
            calls[position] += 1
            taken = hand.tricks_won[0] if SIDE[hand.maker] is Team.NS else hand.tricks_won[1]
            euchres[position] += taken < rules.scoring.majority
    got = {row["position"]: row for row in frame.to_dicts()}
    assert [row["position"] for row in frame.to_dicts()] == ["left", "across", "right", "dealer"]
    for position in POSITION.values():
        assert got[position]["calls"] == calls[position]
        assert got[position]["euchred_pct"] == pytest.approx(100 * euchres[position] / calls[position])


def test_tables_hold_one_row_per_game_hand_play_and_finding(season) -> None:
    _, _, games = season
    tables = {t: f.collect() for t, f in _tables(games).items()}
    assert tables["games"].height == len(games)
    assert tables["hands"].height == sum(len(g.hands) for g in games)
    assert tables["plays"].height == sum(len(h.plays) for g in games for h in g.hands)
    assert tables["findings"].height == sum(len(g.all_findings()) for g in games)
    winners = Counter(g.winner.value for g in games if g.winner is not None)
    assert dict(tables["games"].group_by("winner").len().iter_rows()) == dict(winners)
    outcomes = Counter(h.outcome.value for g in games for h in g.hands)
    assert dict(tables["hands"].group_by("outcome").len().iter_rows()) == dict(outcomes)
    won = tables["plays"].filter(pl.col("won")).height
    assert won == sum(1 for g in games for h in g.hands for p in h.plays if p.won)
    assert won == sum(sum(h.tricks_won or ()) for g in games for h in g.hands)
    codes = Counter(f.code.code for g in games for f in g.all_findings())
    assert dict(tables["findings"].group_by("code").len().iter_rows()) == dict(codes)


def test_views_of_empty_input_are_empty() -> None:
    tables = _tables([])
    for by in ("player", "team", "seat", "position", "trump-round", "up-card", "event"):
        frame = view(by, tables)
        assert frame.height == 0
        assert "hands" in frame.columns


# ------------------------------------------------------------ the command
def _run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(["stats", *args], out, err), out.getvalue(), err.getvalue()


def test_cli_empty_folder_and_empty_file_give_empty_views(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    code, out, err = _run([str(tmp_path / "empty"), "--format", "csv"])
    assert (code, err) == (0, "")
    assert out.splitlines()[0].startswith("player,games,won,win_pct,points_per_game,hands,calls")
    assert len(out.splitlines()) == 1
    (tmp_path / "nothing.txt").write_text("# no games yet\n", encoding="utf-8")
    code, out, _ = _run([str(tmp_path / "nothing.txt"), "--format", "json", "--by", "event", "--jobs", "1"])
    assert code == 0 and json.loads(out) == []


def test_cli_reads_folders_globs_and_its_own_tables(tmp_path: Path) -> None:
    text, _ = _season(games=6, seed=3, errors=0.0)
    half = text.index("\n[Event", len(text) // 2) + 1
    (tmp_path / "season" / "week2").mkdir(parents=True)
    (tmp_path / "season" / "week1.txt").write_text(text[:half], encoding="utf-8")
    (tmp_path / "season" / "week2" / "night.txt").write_text(text[half:], encoding="utf-8")
    (tmp_path / "all.txt").write_text(text, encoding="utf-8")
    whole = _run([str(tmp_path / "all.txt"), "--format", "csv", "--jobs", "1"])
    folder = _run([str(tmp_path / "season"), "--format", "csv", "--jobs", "1"])
    globbed = _run([str(tmp_path / "season" / "**" / "*.txt"), "--format", "csv", "--jobs", "1"])
    assert whole[0] == folder[0] == globbed[0] == 0
    assert whole[1] == folder[1] == globbed[1]
    out_dir = tmp_path / "tables"
    written = _run([str(tmp_path / "season"), "--out", str(out_dir), "--format", "csv", "--jobs", "1"])
    assert written[1] == whole[1]
    assert (out_dir / "tables.json").is_file()
    again = _run([str(out_dir), "--format", "csv"])
    assert again == (0, whole[1], "")
    # a rerun into the same folder replaces the tables instead of adding to them
    assert _run([str(tmp_path / "all.txt"), "--out", str(out_dir), "--format", "csv", "--jobs", "1"])[1] == whole[1]
    assert _run([str(out_dir), "--format", "csv"])[1] == whole[1]
    missing = _run([str(tmp_path / "nope.txt"), "--format", "csv"])
    assert missing[0] == 2 and "nope.txt" in missing[2]


def test_cli_refuses_an_out_folder_it_did_not_write(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "keep.txt").write_text("precious", encoding="utf-8")
    code, _, err = _run([str(tmp_path / "mine"), "--out", str(tmp_path / "mine")])
    assert code == 2 and "not empty" in err
    assert (tmp_path / "mine" / "keep.txt").read_text(encoding="utf-8") == "precious"


def test_parquet_partitioned_by_event_scans_lazily(tmp_path: Path, season) -> None:
    text, _, games = season
    (tmp_path / "season.txt").write_text(text, encoding="utf-8")
    out_dir = tmp_path / "by-event"
    code, _, _ = _run([str(tmp_path / "season.txt"), "--out", str(out_dir), "--partition-by", "event", "--jobs", "1"])
    assert code == 0
    events = {g.tag("Event") for g in games}
    folders = {p.name for p in (out_dir / "hands").iterdir()}
    assert len(folders) == len(events) and all(name.startswith("event=") for name in folders)
    hands = pl.scan_parquet(str(out_dir / "hands" / "**" / "*.parquet"), hive_partitioning=True)
    per_event = dict(hands.group_by("event").agg(pl.len()).collect().iter_rows())
    assert per_event == dict(Counter(g.tag("Event") for g in games for _ in g.hands))
    frames = scan_tables(out_dir)
    assert frames["plays"].select(pl.len()).collect().item() == sum(len(h.plays) for g in games for h in g.hands)
    assert _run([str(out_dir), "--format", "csv", "--by", "event"])[1] == _run([str(tmp_path / "season.txt"), "--format", "csv", "--by", "event", "--jobs", "1"])[1]


def test_formats_carry_the_same_view(tmp_path: Path, season, capsys: pytest.CaptureFixture[str]) -> None:
    text, _, games = season
    path = tmp_path / "season.txt"
    path.write_text(text, encoding="utf-8")
    csv = pl.read_csv(io.StringIO(_run([str(path), "--format", "csv", "--jobs", "1"])[1]))
    rows = json.loads(_run([str(path), "--format", "json", "--jobs", "1"])[1])
    assert csv.to_dicts() == rows
    table = _run([str(path), "--jobs", "1"])[1]
    assert all(row["player"] in table for row in rows)
    assert csv.height == len({g.player(s) for g in games for s in Seat})


def test_parquet_format_writes_binary_to_a_redirected_stdout(tmp_path: Path, season) -> None:
    text, _, _ = season
    path = tmp_path / "season.txt"
    path.write_text(text, encoding="utf-8")

    class Redirected(io.TextIOWrapper):
        def isatty(self) -> bool:
            return False

    raw = io.BytesIO()
    out = Redirected(raw, encoding="utf-8")
    assert main(["stats", str(path), "--format", "parquet", "--by", "position", "--jobs", "1"], out, io.StringIO()) == 0
    frame = pl.read_parquet(io.BytesIO(raw.getvalue()))
    assert frame["position"].to_list() == ["left", "across", "right", "dealer"]
    assert main(["stats", str(path), "--format", "parquet"], io.StringIO(), io.StringIO()) == 2


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import auditor.progress
    import auditor.units as cutting

    monkeypatch.setattr(auditor.progress, "DELAY", 0)  # drawn at once (after a second otherwise) ...
    monkeypatch.setattr(auditor.progress, "MININTERVAL", 0)  # ... and after every piece
    monkeypatch.setattr(cutting, "MIN_UNIT_BYTES", 2000)  # one process cuts the file: the bar moves piece by piece
    text, _ = _season(games=12, seed=1, errors=0.0)
    path = tmp_path / "g.txt"
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), _Terminal()
    assert main(["stats", str(path), "--format", "csv", "--jobs", "1"], out, err) == 0
    size = path.stat().st_size
    shown = [part for part in err.getvalue().split("\r") if part.startswith("stats:")]
    percents = [int(part.split("%")[0].split()[-1]) for part in shown]
    assert len(percents) >= 4 and percents == sorted(percents) and 0 < percents[1] < 100
    assert shown[-1].split("|")[2].split()[0].endswith(f"/{size / 1024:.1f}k")  # bytes done of all bytes
    plain = io.StringIO()
    assert main(["stats", str(path), "--format", "csv", "--jobs", "1"], plain, io.StringIO()) == 0
    assert out.getvalue() == plain.getvalue()
    quiet = io.StringIO()
    assert main(["stats", str(path), "--format", "csv", "--jobs", "1"], io.StringIO(), quiet) == 0
    assert quiet.getvalue() == ""


def test_parallel_stats_equal_single_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import auditor.units as units

    monkeypatch.setattr(units, "UNIT_BYTES", 4000)
    text, _ = _season(games=10, seed=31, errors=0.2)
    path = tmp_path / "big.txt"
    path.write_text(text, encoding="utf-8")
    one, two = tmp_path / "one", tmp_path / "two"
    a = _run([str(path), "--format", "csv", "--by", "team", "--out", str(one), "--jobs", "1"])
    b = _run([str(path), "--format", "csv", "--by", "team", "--out", str(two), "--jobs", "2"])
    assert a == b
    assert len(list((two / "hands").glob("*.parquet"))) > 1  # the file really was cut
    for table in TABLES:
        x = pl.read_parquet(one / table / "*.parquet").sort(pl.all())
        y = pl.read_parquet(two / table / "*.parquet").sort(pl.all())
        assert x.equals(y), table


def test_the_lazy_queries_in_the_docs_run_on_a_tables_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import re

    from conftest import ROOT

    text, _ = _season(games=12, seed=5, errors=0.1)
    (tmp_path / "season.txt").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert _run(["season.txt", "--out", "season-tables", "--partition-by", "event", "--jobs", "1"])[0] == 0
    doc = (ROOT / "docs" / "stats.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", doc, re.S)
    assert len(blocks) == 2
    for block in blocks:
        exec(compile(block, "docs/stats.md", "exec"), {})
    printed = capsys.readouterr().out
    assert "euchred_pct" in printed and "dealer" in printed
