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
                "left-bower": "L", "score": "P", "game": "G", "claim": "C"}
    names = [c.name for c in REGISTRY.values()]
    assert len(set(names)) == len(names)
    for code in REGISTRY.values():
        assert code.code[0] == prefixes[code.category.value]
        assert len(code.code) == 4 and code.code[1:].isdigit()
