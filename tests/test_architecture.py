"""The shape of the code (docs/architecture.md): the import-linter contracts in pyproject.toml are
kept, and no module imports itself round a loop (imports under TYPE_CHECKING aside)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from conftest import ROOT

HOW = "import-linter is not installed: pip install -e '.[test]' (it brings lint-imports and grimp)"


def _lint_imports() -> str:
    pytest.importorskip("importlinter", reason=HOW)
    beside = Path(sys.executable).parent / "lint-imports"
    found = str(beside) if beside.exists() else shutil.which("lint-imports")
    if found is None:
        pytest.skip(HOW)
    return found


def loops(graph) -> list[list[str]]:  # type: ignore[no-untyped-def]
    """The loops of imports in ``graph`` (a grimp graph): each strongly connected set of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def _graph():  # type: ignore[no-untyped-def]
    grimp = pytest.importorskip("grimp", reason=HOW)
    return grimp.build_graph("auditor", exclude_type_checking_imports=True, cache_dir=None)


def test_lint_imports_keeps_every_contract() -> None:
    result = subprocess.run([_lint_imports()], capture_output=True, text=True, cwd=ROOT)  # reads pyproject.toml
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Contracts: {len(contracts)} kept, 0 broken." in result.stdout
    for contract in contracts:
        assert f"{contract['name']} KEPT" in result.stdout


def test_the_contracts_hold_the_house_the_way_it_is_drawn() -> None:
    """Layers from the command line down to the cards; the analysis apart from the replay; readers and
    presenters apart from the replay's internals; the audit's loop apart from every format."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    contracts = {c["type"]: [] for c in settings["contracts"]}
    for c in settings["contracts"]:
        contracts[c["type"]].append(c)
    (layers,) = contracts["layers"]
    assert layers["layers"][:2] == ["__main__", "cli"] and layers["layers"][-1].startswith("cards |")
    assert layers["exhaustive"] is True  # a new module of auditor/ must be given its layer
    level = {name.strip(): n for n, layer in enumerate(layers["layers"]) for name in layer.replace(":", "|").split("|")}
    assert level["cli"] < level["parallel"] < level["formats"] < level["ruling"] < level["replay"] < level["analysis"]
    assert level["analysis"] < level["notation"] < level["results"] < level["model"] < level["cards"]
    forbidden = {(s, f) for c in contracts["forbidden"] for s in c["source_modules"] for f in c["forbidden_modules"]}
    assert ("auditor.analysis", "auditor.replay") in forbidden
    for reader_or_presenter in ("auditor.notation", "auditor.egn", "auditor.ruling", "auditor.formats", "auditor.site"):
        assert (reader_or_presenter, "auditor.replay") in forbidden
    assert ("auditor.parallel", "auditor.ruling") in forbidden and ("auditor.parallel", "auditor.formats.text") in forbidden
    assert settings["exclude_type_checking_imports"] is True


def test_no_loop_of_imports() -> None:
    assert loops(_graph()) == []


def test_a_loop_of_imports_would_be_found() -> None:
    graph = _graph()
    graph.add_import(importer="auditor.cards", imported="auditor.results")  # results import the cards
    assert any({"auditor.cards", "auditor.results"} <= set(loop) for loop in loops(graph))
