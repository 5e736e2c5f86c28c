"""Work that must not be repeated per game, per hand or per reading (found by the fuzzer as slow
runs: linear, but at 50 to 300 s per MB).  The tests count the work, never the time."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import auditor.egn.rules as egn_rules
from auditor.cli import main
from conftest import SAMPLES


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), out, err)
    assert "Traceback" not in err.getvalue()
    return code, out.getvalue(), err.getvalue()


def short_games(count: int) -> str:
    """``count`` games of the clean sample's first hand, each under its own tags."""
    text = (SAMPLES / "clean-game.txt").read_text(encoding="utf-8")
    first = text[text.index("hand 1"):text.index("hand 2")]
    return "".join(f'[Event "Game {i}"]\n[Rules "hoyle"]\n\n{first}' for i in range(count))


def test_convert_to_egn_reads_the_bundled_ruleset_once_for_every_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """EGN's ruleset object is read back over hoyle for each game; loading hoyle's YAML each time made
    2,000 short games (533 KB) take 25 s, in PyYAML."""
    calls: list[str] = []
    real = egn_rules.load_ruleset
    monkeypatch.setattr(egn_rules, "load_ruleset", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    egn_rules.hoyle_ruleset.cache_clear()
    path = tmp_path / "many.txt"
    path.write_text(short_games(40), encoding="utf-8")
    code, out, err = run("convert", str(path), "--to", "egn")
    assert code == 0 and out.count('"fileType": "Euchre Game Notation"') == 40
    assert calls == ["hoyle"]
