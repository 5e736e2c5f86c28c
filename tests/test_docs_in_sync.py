"""Generated documentation must match the code it documents."""

from __future__ import annotations

from auditor.findings import REGISTRY
from auditor.findings_doc import render
from conftest import ROOT


def test_findings_doc_matches_registry() -> None:
    written = (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")
    assert written == render(), "docs/findings.md is stale: run python -m auditor.findings_doc > docs/findings.md"


def test_every_code_is_documented_with_an_example() -> None:
    written = (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")
    for code in REGISTRY.values():
        assert f"### {code.code} {code.name}" in written
        assert code.example.strip() and code.summary and code.why


def test_codes_are_well_formed_and_unique() -> None:
    prefixes = {"syntax": "S", "deal": "D", "bid": "B", "discard": "X", "turn": "T", "renege": "R",
                "left-bower": "L", "score": "P", "game": "G", "claim": "C", "event": "E"}
    names = [c.name for c in REGISTRY.values()]
    assert len(set(names)) == len(names)
    for code in REGISTRY.values():
        assert code.code[0] == prefixes[code.category.value]
        assert len(code.code) == 4 and code.code[1:].isdigit()


def test_stats_doc_lists_each_tables_real_schema(tmp_path) -> None:
    """docs/stats.md's schemas are the ones in the code, and the ones the written Parquet files have."""
    import io

    import polars as pl

    from auditor.cli import main
    from auditor.stats.schema_doc import BEGIN, END, render
    from auditor.stats.tables import SCHEMAS, TABLES

    written = (ROOT / "docs" / "stats.md").read_text(encoding="utf-8")
    block = written[written.index(BEGIN): written.index(END) + len(END)] + "\n"
    assert block == render(), "docs/stats.md is stale: put python -m auditor.stats.schema_doc between its markers"
    out = tmp_path / "tables"
    assert main(["stats", str(ROOT / "samples"), "--out", str(out), "--jobs", "1"], io.StringIO(), io.StringIO()) == 0
    for table in TABLES:
        (part, *_) = sorted((out / table).glob("*.parquet"))
        assert dict(pl.read_parquet_schema(part)) == SCHEMAS[table], table
