"""The Parquet tables are read as they are by DuckDB (docs/scale.md): the same rows and values as
polars reads, partitioned by event or not, with the documented types."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from auditor.cli import main
from auditor.stats.tables import scan_tables
from conftest import SAMPLES

duckdb = pytest.importorskip("duckdb", reason="DuckDB is not installed: pip install -e '.[test]' to read the tables with it")


@pytest.fixture(scope="module", params=[[], ["--partition-by", "event"]], ids=["flat", "by-event"])
def tables(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tables")
    args = ["stats", str(SAMPLES), "--out", str(out), "--jobs", "1", "--analysis", *request.param]  # every table has rows
    assert main(args, io.StringIO(), io.StringIO()) == 0
    return out


def _sql(con, tables: Path, table: str, query: str) -> list[tuple]:  # type: ignore[no-untyped-def]
    source = f"read_parquet('{tables / table}/**/*.parquet', hive_partitioning = true, union_by_name = true)"
    return con.sql(query.replace("TABLE", source)).fetchall()


def test_duckdb_reads_the_types(tables: Path) -> None:
    con = duckdb.connect()
    described = {name: kind for name, kind, *_ in _sql(con, tables, "games", "DESCRIBE SELECT * FROM TABLE")}
    assert described["date"] == "DATE"
    assert described["tags"] == 'STRUCT("name" VARCHAR, "value" VARCHAR)[]'
    assert described["winner"] == "VARCHAR" and described["game"] == "INTEGER" and described["event"] == "VARCHAR"
    hands = {name: kind for name, kind, *_ in _sql(con, tables, "hands", "DESCRIBE SELECT * FROM TABLE")}
    assert hands["dealer"] == hands["maker"] == hands["up"] == hands["outcome"] == "VARCHAR" and hands["alone"] == "BOOLEAN"
    analysis = {name: kind for name, kind, *_ in _sql(con, tables, "analysis", "DESCRIBE SELECT * FROM TABLE")}
    assert analysis["first_costly_card"] == "VARCHAR" and analysis["dd_tricks"] == "TINYINT"


def test_duckdb_reads_the_rows_polars_reads(tables: Path) -> None:
    con = duckdb.connect()
    frames = {t: lf.collect() for t, lf in scan_tables(tables).items()}
    for table, frame in frames.items():
        ((count,),) = _sql(con, tables, table, "SELECT count(*) FROM TABLE")
        assert count == frame.height > 0, table
    by_code = dict(_sql(con, tables, "findings", "SELECT code, count(*) FROM TABLE GROUP BY ALL"))
    assert by_code == dict(frames["findings"].group_by("code").len().select(pl_str("code"), "len").iter_rows())
    (row,) = _sql(con, tables, "games", "SELECT date, tags[1].value, event, winner FROM TABLE WHERE file LIKE '%club-night.txt'")
    assert str(row[0]) == "2026-11-24" and row[1:] == ("Legion Hall Tuesday Euchre", "Legion Hall Tuesday Euchre", "NS")
    makers = _sql(con, tables, "hands", "SELECT maker_player, count(*) FROM TABLE WHERE maker IS NOT NULL GROUP BY ALL ORDER BY 1")
    hands = frames["hands"].filter(frames["hands"]["maker"].is_not_null())
    # Alice made trump 7 times in the club night and the clean game, and 7 at the progressive night (2, 2, 2, 1)
    assert makers == sorted(hands.group_by("maker_player").len().iter_rows()) and ("Alice", 14) in makers


def pl_str(column: str):  # type: ignore[no-untyped-def]
    import polars as pl

    return pl.col(column).cast(pl.String)
