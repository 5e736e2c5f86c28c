"""``stats`` on a terminal: a view fits the screen's width (COLUMNS), keeps its key and its order, says what it left
out and how to see it; rates show the digits that tell the rows apart; every column is explained from the
installed package, under the same name in every view, the CSV and the docs."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import polars as pl
import pytest

from auditor.cli import main
from auditor.stats.glossary import BEGIN, COLUMNS, END, LEAGUE, MEANINGS, RENAMED, render
from auditor.stats.screen import digits, table_text
from conftest import ROOT, SAMPLES


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A progressive league of 14 players over 10 rounds with mistakes, audited once into tables."""
    root = tmp_path_factory.mktemp("league")
    games = root / "league.txt"
    assert main(["simulate", "--tables", "3", "--rounds", "10", "--players", "14", "--seed", "4", "--errors", "0.08",
                 "-o", str(games), "--errors-out", str(root / "log.jsonl")], io.StringIO(), io.StringIO()) == 0
    assert main(["stats", str(games), "--out", str(root / "tables"), "--jobs", "1"], io.StringIO(), io.StringIO()) == 0
    return root


def grid(out: str) -> tuple[list[str], list[list[str]], str]:
    """(the heading, the rows, the words under the table) of a view in the terminal's table style: a head, a rule
    under it, cells two or more spaces apart."""
    lines = out.splitlines()
    assert set(lines[1].strip()) == {"─"}, lines[:2]
    at = 2
    while at < len(lines) and "  " in lines[at].strip():
        at += 1
    split = lambda line: re.split(r"\s{2,}", line.strip())  # noqa: E731
    return split(lines[0]), [split(line) for line in lines[2:at]], " ".join(lines[at:])


def stats(*args: str, columns: int | None = None, monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    if monkeypatch is not None and columns is not None:
        monkeypatch.setenv("COLUMNS", str(columns))
    status = main(["stats", *args, "--jobs", "1"], out, err)
    assert "Traceback" not in err.getvalue()
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("width", [80, 200])
@pytest.mark.parametrize("args", [(), ("--league",), ("--by", "team"), ("--by", "position"), ("--by", "up-card")])
def test_every_view_fits_the_screen_and_names_what_it_left_out(league: Path, monkeypatch: pytest.MonkeyPatch, width: int,
                                                                args: tuple[str, ...]) -> None:
    status, out, _ = stats(str(league / "tables"), *args, columns=width, monkeypatch=monkeypatch)
    assert status == 0
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= width
    heading, _, note = grid(out)
    key = {"--league": "player", "team": "team", "position": "position", "up-card": "up"}.get(args[-1] if args else "", "player")
    assert heading[0] == key
    order = list(LEAGUE) if args == ("--league",) else list(COLUMNS)
    assert heading[1:] == [c for c in order if c in heading[1:]]  # the view's order, nothing skipped but empty columns
    left_out = [c for c in order if c not in heading]
    _, csv_out, _ = stats(str(league / "tables"), *args, "--format", "csv")
    every = next(csv.reader(io.StringIO(csv_out)))
    if width == 80 or args == ():
        assert "more column" in note and "--columns" in note and "--format csv" in note
        named = re.sub(r"\s+", "", note.split(": ", 1)[1]).split(",")
        empty = {c for c in every[1:] if all(r[c] == "" for r in csv.DictReader(io.StringIO(csv_out)))}
        assert named == [c for c in left_out if c in every and c not in empty]
    if width == 200:  # the wider screen shows more than the narrow one
        _, narrow, _ = stats(str(league / "tables"), *args, columns=80, monkeypatch=monkeypatch)
        assert len(grid(narrow)[0]) < len(heading)


def test_columns_chooses_and_orders_and_all_shows_every_one(league: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, _ = stats(str(league / "tables"), "--columns", "points_per_game,games_won,reneges_per_100",
                           columns=80, monkeypatch=monkeypatch)
    assert status == 0
    heading = grid(out)[0]
    assert heading == ["player", "points_per_game", "won", "reneges_per_100_hands"]  # old names are taken too
    assert "more column" not in out
    _, every, _ = stats(str(league / "tables"), "--columns", "all", columns=80, monkeypatch=monkeypatch)
    assert len(grid(every)[0]) == 1 + len(COLUMNS) and max(map(len, every.splitlines())) > 80
    status, _, err = stats(str(league / "tables"), "--columns", "player,nonsense")
    assert status == 2 and "no column nonsense" in err and "--explain" in err


def test_sort_puts_the_largest_first(league: Path) -> None:
    _, out, _ = stats(str(league / "tables"), "--sort", "points_per_game", "--format", "csv")
    values = [float(r["points_per_game"]) for r in csv.DictReader(io.StringIO(out))]
    assert values == sorted(values, reverse=True) and len(set(values)) > 1
    assert stats(str(league / "tables"), "--sort", "nonsense")[0] == 2


def test_rates_show_the_digits_that_tell_rows_apart(league: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the rule on its own: two significant digits of the smallest rate not 0, and rates that differ stay apart
    assert digits([0.28, 0.55, 0.0]) == 2 and digits([0.056, 0.3]) == 3 and digits([24.3, 90.9]) == 1
    assert digits([1.01, 1.05, 0.9]) == 2 and digits([None, 100.0]) == 1 and digits([0.00001]) == 4
    # and in the league: every player with a renege shows a rate that is not 0, and no two different rates look alike
    _, out, _ = stats(str(league / "tables"), "--columns", "reneges,reneges_per_100_plays", columns=120, monkeypatch=monkeypatch)
    rows = grid(out)[1]
    _, data, _ = stats(str(league / "tables"), "--columns", "reneges,reneges_per_100_plays", "--format", "csv")
    exact = {r["player"]: r for r in csv.DictReader(io.StringIO(data))}
    assert sum(1 for r in exact.values() if int(r["reneges"])) >= 3
    shown = {}
    for name, reneges, rate in rows:
        if int(reneges):
            assert float(rate) > 0, name
        shown.setdefault(rate, set()).add(round(float(exact[name]["reneges_per_100_plays"]), 3))
    assert all(len(v) == 1 for v in shown.values())


def test_an_empty_view_is_a_table_with_its_heading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "empty.egn").write_text("", encoding="utf-8")
    status, out, _ = stats(str(tmp_path / "empty.egn"), columns=80, monkeypatch=monkeypatch)
    assert status in (0, 2) and grid(out)[0][:3] == ["player", "games", "won"]


def test_table_text_keeps_the_key_even_on_a_narrow_screen() -> None:
    frame = pl.DataFrame({"player": ["A very long player name indeed"], "games": [3], "won": [1], "win_pct": [33.3333]})
    text = table_text(frame, 40)
    assert "A very long player name indeed" in text.replace("\n", " ") or "A very long" in text
    assert "more column" in text


def test_explain_answers_from_the_installed_package_without_a_path() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["stats", "--explain"], out, err) == 0
    text = out.getvalue()
    for column in COLUMNS:
        assert re.search(rf"^  {column} ", text, re.M), column
    assert "callers-by-up-card" in text and "up-card" in text
    out = io.StringIO()
    assert main(["stats", "--explain", "euchres_suffered"], out, err) == 0
    assert out.getvalue().startswith("euchres_against (formerly euchres_suffered): euchres the subject's side suffered")
    out = io.StringIO()
    assert main(["stats", "--explain", "dealer-edge"], out, err) == 0
    assert "the same as: --by player --columns hands,dealer_edge,points_per_game --sort dealer_edge" in out.getvalue()
    assert main(["stats", "--explain", "nonsense"], io.StringIO(), err) == 2 and "no column or view 'nonsense'" in err.getvalue()
    out = io.StringIO()
    assert main(["stats", "--help"], out, io.StringIO()) == 0
    assert "--explain" in out.getvalue() and "COLUMNS" in out.getvalue()
    assert main(["stats"], io.StringIO(), err) == 2 and "give one or more PATHs" in err.getvalue()


def test_one_vocabulary_in_the_views_the_csv_and_the_docs() -> None:
    doc = (ROOT / "docs" / "stats.md").read_text(encoding="utf-8")
    assert doc[doc.index(BEGIN): doc.index(END) + len(END)] + "\n" == render(), \
        "docs/stats.md is stale: put python -m auditor.stats.glossary between its markers"
    for old, new in RENAMED.items():
        assert old not in MEANINGS and new in MEANINGS
    # every view and --league write the same names for the same columns
    headers = set()
    for args in ((), ("--by", "team"), ("--by", "seat"), ("--by", "position"), ("--by", "trump-round"),
                 ("--by", "up-card"), ("--by", "event")):
        _, out, _ = stats(str(SAMPLES / "club-night.txt"), *args, "--format", "csv")
        headers.add(tuple(out.splitlines()[0].split(",")[1:]))
    assert headers == {COLUMNS}
    _, out, _ = stats(str(SAMPLES / "club-night.txt"), "--league", "--format", "csv")
    assert tuple(out.splitlines()[0].split(",")[1:]) == LEAGUE and set(LEAGUE) <= set(COLUMNS)
    # the players table speaks the same words as the views
    from auditor.stats.tables import SCHEMAS

    assert {"r1_calls", "r1_made", "r2_calls", "r2_made", "lone_calls", "lone_made", "euchres_for", "euchres_against"} <= set(SCHEMAS["players"])


def test_tables_written_with_the_old_names_are_read_with_the_new(tmp_path: Path) -> None:
    out = tmp_path / "tables"
    assert main(["stats", str(SAMPLES / "club-night.txt"), "--out", str(out), "--jobs", "1"], io.StringIO(), io.StringIO()) == 0
    (part,) = sorted((out / "players").glob("*.parquet"))
    old = {"r1_calls": "calls_r1", "r1_made": "made_r1", "r2_calls": "calls_r2", "r2_made": "made_r2",
           "euchres_for": "euchres", "euchres_against": "euchred"}
    pl.read_parquet(part).rename(old).write_parquet(part)
    before, after = io.StringIO(), io.StringIO()
    assert main(["stats", str(SAMPLES / "club-night.txt"), "--league", "--format", "csv", "--jobs", "1"], before, io.StringIO()) == 0
    assert main(["stats", str(out), "--league", "--format", "csv"], after, io.StringIO()) == 0
    assert after.getvalue() == before.getvalue()
    read, audited = io.StringIO(), io.StringIO()
    assert main(["standings", str(out)], read, io.StringIO()) == main(["standings", str(SAMPLES / "club-night.txt")], audited, io.StringIO())
    assert read.getvalue() == audited.getvalue() and "Alice" in read.getvalue()
