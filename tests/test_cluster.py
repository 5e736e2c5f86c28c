"""The audit and stats on a Dask cluster (`--dask`, the `cluster` extra): one task per file or
per cut of a big file, the same report and the same table rows as `--jobs`.  A local cluster of
two worker processes stands for the machines of docs/scale.md."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason="Dask is not installed: pip install -e '.[test]' (or '.[cluster]') to run the audit on a Dask cluster")

import polars as pl  # noqa: E402

import auditor.units as cutting  # noqa: E402
from auditor.cli import main  # noqa: E402
from auditor.rules.loader import load_ruleset  # noqa: E402
from auditor.simulate import simulate, write_games  # noqa: E402
from auditor.stats.tables import TABLES, scan_tables  # noqa: E402
from conftest import SAMPLES  # noqa: E402


@pytest.fixture(scope="module")
def scheduler():  # type: ignore[no-untyped-def]
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("season")
    text = io.StringIO()
    write_games(simulate(load_ruleset("hoyle"), 30, 9, 0.2), text)
    big = folder / "season.txt"
    big.write_text(text.getvalue(), encoding="utf-8")
    broken = folder / "broken.txt"
    broken.write_bytes((SAMPLES / "club-night.txt").read_bytes() + b"\nhand 6 dealer E\n\xff\n")
    return [str(big), str(SAMPLES / "club-night.txt"), str(broken), str(SAMPLES / "league-night.txt")]


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([*args, "--isolated"] if args[0] != "stats" else list(args), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def many_units(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cutting, "UNIT_BYTES", 3000)  # the big file is many tasks


@pytest.mark.usefixtures("many_units")
@pytest.mark.parametrize("fmt", ["text", "jsonl", "sarif"])
def test_the_audit_on_a_cluster_is_the_audit_with_jobs(scheduler: str, season: list[str], fmt: str) -> None:
    local = run(*season, "--format", fmt, "--jobs", "2")
    clustered = run(*season, "--format", fmt, "--dask", scheduler)
    assert clustered == local
    code, out, err = clustered
    assert code == 2 and "broken.txt:62:1: not UTF-8" in err  # the unreadable file is named, the rest audited
    assert out.count("R501") >= 3


@pytest.mark.usefixtures("many_units")
def test_stats_on_a_cluster_writes_the_rows_of_jobs(scheduler: str, season: list[str], tmp_path: Path) -> None:
    files = [season[0], season[1], season[3]]
    # --analysis: the analysis table too, so that every table has rows to compare
    local = run("stats", *files, "--out", str(tmp_path / "local"), "--jobs", "2", "--format", "csv", "--analysis")
    clustered = run("stats", *files, "--out", str(tmp_path / "cluster"), "--dask", scheduler, "--format", "csv", "--analysis")
    assert clustered == local and local[0] == 0
    ours, theirs = scan_tables(tmp_path / "local"), scan_tables(tmp_path / "cluster")
    for table in TABLES:
        a, b = ours[table].collect(), theirs[table].collect()
        keys = [c for c in ("file", "game", "hand", "trick", "seat", "line", "column") if c in a.columns]
        assert a.height > 0 and a.sort(keys).equals(b.sort(keys), null_equal=True), table
    assert pl.concat([theirs["hands"].collect()]).height == ours["hands"].collect().height


def test_a_local_cluster_of_its_own(season: list[str]) -> None:
    assert run(season[1], "--format", "lint", "--dask", "local", "--jobs", "2") == run(season[1], "--format", "lint", "--jobs", "1")


def test_a_scheduler_that_does_not_answer_is_bad_usage(monkeypatch: pytest.MonkeyPatch) -> None:
    import auditor.cluster

    monkeypatch.setattr(auditor.cluster, "CONNECT_TIMEOUT", 1)
    code, out, err = run(str(SAMPLES / "club-night.txt"), "--dask", "tcp://127.0.0.1:9")
    assert code == 2 and out == ""
    assert err.startswith("euchre-audit: --dask: no Dask scheduler answers at tcp://127.0.0.1:9 (")
    assert "Traceback" not in err
