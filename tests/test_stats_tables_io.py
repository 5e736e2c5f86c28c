"""Statistics' files: which files a folder search reads, what it says it could not use, and the
tables it writes (typed columns, dates, CSV that reads back as the Parquet)."""

from __future__ import annotations

import datetime
import io
from pathlib import Path

import polars as pl
import pytest

from auditor.cli import main
from auditor.stats.tables import TABLES, scan_tables


def test_a_folder_search_reads_only_json_that_declares_games(tmp_path) -> None:
    """A JSON schema or settings file beside the games is not a game file; named explicitly, it is read."""
    import shutil

    from auditor.stats.command import discover
    from conftest import EGN, SAMPLES

    shutil.copy(EGN / "schemas" / "egn-schema-v1.json", tmp_path / "schema.json")
    shutil.copy(EGN / "examples" / "VWEC Finals.egn", tmp_path / "final.egn")
    shutil.copy(SAMPLES / "club-night.txt", tmp_path / "night.txt")
    (tmp_path / "game.json").write_text('{"fileType": "Euchre Game Notation", "version": "1.4"}', encoding="utf-8")
    files, _, problems = discover([str(tmp_path)])
    assert sorted(p.name for p, _ in files) == ["final.egn", "game.json", "night.txt"] and problems == []
    files, _, _ = discover([str(tmp_path / "schema.json")])
    assert [p.name for p, _ in files] == ["schema.json"]


def test_stats_says_how_many_lines_and_hands_it_could_not_use(tmp_path) -> None:
    """Statistics over files with syntax errors say what they leave out, file by file."""
    from conftest import SAMPLES

    bad = tmp_path / "bad.txt"
    bad.write_text("hand 1 dealer N\nup AD\nbid E pas, S pass\nscore 6-0\nhand 2 dealer E\nup K\n", encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["stats", str(bad), "--jobs", "1"], out, err) == 0
    assert f"2 lines could not be read and are left out of these statistics ({bad}: 2 lines)" in err.getvalue()
    clean_err = io.StringIO()
    main(["stats", str(SAMPLES / "club-night.txt"), "--jobs", "1"], io.StringIO(), clean_err)
    assert "could not be read" not in clean_err.getvalue()


@pytest.fixture
def at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    from conftest import ROOT

    monkeypatch.chdir(ROOT)


@pytest.mark.usefixtures("at_root")
def test_the_tables_are_typed(tmp_path: Path) -> None:
    out = tmp_path / "tables"
    assert main(["stats", "samples", "--out", str(out), "--jobs", "1"], io.StringIO(), io.StringIO()) == 0
    tables = {t: lf.collect() for t, lf in scan_tables(out).items()}
    games, hands, plays, findings, players = (tables[t] for t in ("games", "hands", "plays", "findings", "players"))
    assert tables["analysis"].is_empty()  # without --analysis
    club = games.filter(pl.col("file") == "samples/club-night.txt").row(0, named=True)
    assert club["date"] == datetime.date(2026, 11, 24)
    assert club["tags"][:2] == [{"name": "Event", "value": "Legion Hall Tuesday Euchre"}, {"name": "Date", "value": "2026-11-24"}]
    assert club["winner"] == "NS"
    assert isinstance(hands.schema["dealer"], pl.Enum) and list(hands.schema["dealer"].categories) == ["N", "E", "S", "W"]
    assert hands.filter(pl.col("file") == "samples/club-night.txt")["outcome"].to_list()[:4] == ["march", "march", "lone-march", "thrown-in"]
    # an Enum sorts by its order: seats clockwise, cards by suit then rank
    assert plays.select(pl.col("seat").unique().sort())["seat"].to_list() == ["N", "E", "S", "W"]
    assert {"JK", "7C", "AS"} <= set(plays.schema["card"].categories)
    assert findings.filter(pl.col("code") == "R501")["category"].unique().to_list() == ["renege"]
    assert isinstance(findings.schema["severity"], pl.Enum)
    # the players table: a row per seat, typed as the games' (the date a Date, seats and sides Enums)
    seats = players.filter(pl.col("file") == "samples/club-night.txt", pl.col("game") == 1)
    assert seats["seat"].to_list() == ["N", "S", "E", "W"] and seats["side"].to_list() == ["NS", "NS", "EW", "EW"]
    assert seats["date"].to_list() == [datetime.date(2026, 11, 24)] * 4
    assert isinstance(players.schema["result"], pl.Enum) and seats["result"].to_list() == ["won", "won", "lost", "lost"]


@pytest.mark.usefixtures("at_root")
def test_a_date_tag_that_is_no_date_is_null_and_kept_in_the_tags(tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_text((Path("samples") / "club-night.txt").read_text(encoding="utf-8").replace("2026-11-24", "Tuesday"), encoding="utf-8")
    out = tmp_path / "tables"
    assert main(["stats", str(path), "--out", str(out), "--jobs", "1"], io.StringIO(), io.StringIO()) == 0
    (game,) = scan_tables(out)["games"].collect().to_dicts()
    assert game["date"] is None and {"name": "Date", "value": "Tuesday"} in game["tags"]


@pytest.mark.usefixtures("at_root")
@pytest.mark.parametrize("partition", [[], ["--partition-by", "event"]])
def test_csv_tables_read_back_as_the_parquet_ones(tmp_path: Path, partition: list[str]) -> None:
    pq, csv = tmp_path / "pq", tmp_path / "csv"
    views = []
    for folder, extra in ((pq, []), (csv, ["--table-format", "csv"])):
        out = io.StringIO()
        assert main(["stats", "samples", "--out", str(folder), "--jobs", "1", "--format", "csv", *partition, *extra], out, io.StringIO()) == 0
        views.append(out.getvalue())
    assert views[0] == views[1]
    assert sorted(p.suffix for p in csv.rglob("part-*")) == [".csv"] * len(list(csv.rglob("part-*")))
    first = sorted((csv / "games").rglob("part-*.csv"))[0].read_text(encoding="utf-8").splitlines()
    assert first[0].split(",")[:4] == ["file", "game", "date", "tags"] or first[0].split(",")[:3] == ["file", "game", "event"]
    back = {t: lf.collect() for t, lf in scan_tables(csv).items()}
    kept = {t: lf.collect() for t, lf in scan_tables(pq).items()}
    for table in TABLES:
        assert back[table].schema == kept[table].schema
        assert back[table].sort(["file", "game"]).equals(kept[table].sort(["file", "game"]), null_equal=True), table
    out = io.StringIO()
    assert main(["stats", str(csv), "--by", "seat", "--format", "csv"], out, io.StringIO()) == 0
    assert out.getvalue().startswith("seat,games,won,")


@pytest.mark.usefixtures("at_root")
def test_table_format_needs_out() -> None:
    err = io.StringIO()
    assert main(["stats", "samples", "--table-format", "csv"], io.StringIO(), err) == 2
    assert err.getvalue() == "euchre-audit stats: --table-format needs --out DIR\n"


def test_tables_written_before_a_finding_code_was_added_read_with_todays(tmp_path: Path) -> None:
    """A folder written by an older version holds a narrower Enum of finding codes; polars will not mix
    two Enums, so the tables are cast to today's types as they are scanned."""
    from auditor.findings import REGISTRY
    from conftest import SAMPLES

    old, new = tmp_path / "old", tmp_path / "new"
    for folder in (old, new):
        assert main(["stats", str(SAMPLES / "club-night.txt"), "--out", str(folder), "--jobs", "1"], io.StringIO(), io.StringIO()) == 0
    newest = list(REGISTRY)[-1]
    narrower = pl.Enum([c for c in REGISTRY if c != newest])  # as the version before that code wrote it
    for part in (old / "findings").rglob("*.parquet"):
        frame = pl.read_parquet(part)
        assert newest not in frame["code"].to_list()
        frame.with_columns(pl.col("code").cast(pl.String).cast(narrower)).write_parquet(part)
    assert pl.read_parquet(next((old / "findings").rglob("*.parquet"))).schema["code"] == narrower
    out, err = io.StringIO(), io.StringIO()
    assert main(["stats", str(old), str(new), "--by", "player", "--format", "csv"], out, err) == 0, err.getvalue()
    alone = io.StringIO()
    assert main(["stats", str(new), "--by", "player", "--format", "csv"], alone, io.StringIO()) == 0
    assert out.getvalue() != alone.getvalue() and out.getvalue().count("\n") == alone.getvalue().count("\n")
