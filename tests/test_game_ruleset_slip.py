"""A game whose Rules tag names no ruleset is that game's slip: it is named and not audited, and
the file's other games are audited as if it were not there (it used to stop the whole file)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

import auditor.units as cutting
from auditor.cli import main
from auditor.rules.loader import load_ruleset
from auditor.simulate import simulate, write_games
from auditor.stats.command import run_stats


def _games(tmp_path: Path, games: int, seed: int, errors: float, name: str) -> Path:
    path = tmp_path / name
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        write_games(simulate(load_ruleset("hoyle"), games, seed, errors), fh)
    return path


def _misspell_rules_tag(path: Path, game: int, spelling: str = "hoyel") -> tuple[Path, int]:
    """A copy of ``path`` whose ``game``-th game says [Rules "hoyel"], and the line of that tag."""
    lines = path.read_text(encoding="utf-8").split("\n")
    seen = 0
    for i, line in enumerate(lines):
        if line.startswith("[Rules "):
            seen += 1
            if seen == game:
                lines[i] = f'[Rules "{spelling}"]'
                out = path.with_name("typo-" + path.name)
                out.write_text("\n".join(lines), encoding="utf-8")
                return out, i + 1
    raise AssertionError("no such game")


def _run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(args, out, err), out.getvalue(), err.getvalue()


def _game_headers(text: str, path: Path) -> list[int]:
    return [int(m) for m in re.findall(rf"^{re.escape(str(path))}: game (\d+)", text, flags=re.M)]


def test_the_other_games_are_audited_as_if_the_misspelt_one_were_not_there(tmp_path: Path) -> None:
    clean = _games(tmp_path, games=3, seed=11, errors=0.5, name="night.txt")
    typo, line = _misspell_rules_tag(clean, 2)
    code, out, err = _run([str(typo), "--format", "lint"])
    assert code == 2  # part of the input could not be audited
    assert err.startswith(f"euchre-audit: {typo}:{line}:1: game 2 is not audited: hoyel: no such ruleset; did you mean hoyle?")
    assert err.count("\n") == 1
    # games 1 and 3 are ruled exactly as in the file without the slip (the same lines: one was changed)
    code, clean_out, _ = _run([str(clean), "--format", "lint"])
    assert code == 1
    rests = [ln.removeprefix(f"{clean}:") for ln in clean_out.splitlines()]
    others = [r for r in rests if not _in_game(r, clean, 2)]
    assert others and len(others) < len(rests)  # findings in game 2 and in the others: the test can tell
    assert out.splitlines() == [f"{typo}:{r}" for r in others]


def _in_game(rest: str, path: Path, game: int) -> bool:
    """Whether a lint line's ``line:col:...`` falls in the ``game``-th game of ``path``."""
    starts = [i + 1 for i, ln in enumerate(path.read_text(encoding="utf-8").split("\n")) if ln.startswith("[Event ")]
    line = int(rest.split(":", 1)[0])
    first, last = starts[game - 1], (starts[game] if game < len(starts) else 10**9)
    return first <= line < last


def test_the_text_ruling_shows_the_other_games_and_counts_only_them(tmp_path: Path) -> None:
    typo, _ = _misspell_rules_tag(_games(tmp_path, games=3, seed=12, errors=0.0, name="night.txt"), 2)
    code, out, err = _run([str(typo)])
    assert code == 2
    assert _game_headers(out, typo) == [1, 3]
    assert re.search(r"^Summary: 2 games audited in 1 file \(\d+ hands\); 1 game not audited: the ruleset named in its "
                     r"Rules or Set tag could not be had \(each is named on standard error\)$", out, flags=re.M)
    assert "game 2 is not audited" in err and "Traceback" not in err


def test_with_two_jobs_the_units_after_the_misspelt_game_are_still_audited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cutting, "UNIT_BYTES", 3000)  # a few games per unit: the slip is in an early one
    typo, line = _misspell_rules_tag(_games(tmp_path, games=14, seed=13, errors=0.3, name="big.txt"), 2)
    one = _run([str(typo), "--jobs", "1"])
    two = _run([str(typo), "--jobs", "2"])
    assert one == two
    assert one[0] == 2
    assert _game_headers(one[1], typo) == [1, *range(3, 15)]
    assert one[2].count("is not audited") == 1 and f"{typo}:{line}:1: game 2 is not audited: hoyel" in one[2]


def test_stats_leave_out_only_the_misspelt_game(tmp_path: Path) -> None:
    clean = _games(tmp_path, games=3, seed=14, errors=0.0, name="night.txt")
    typo, _ = _misspell_rules_tag(clean, 2)
    out, err = io.StringIO(), io.StringIO()
    assert run_stats([str(typo), "--by", "event", "--format", "csv"], out, err) == 2
    assert "game 2 is not audited" in err.getvalue()
    full = io.StringIO()
    assert run_stats([str(clean), "--by", "event", "--format", "csv"], full, io.StringIO()) == 0
    games_column = lambda text: sum(int(row.split(",")[_col(text, "games")]) for row in text.splitlines()[1:])  # noqa: E731
    assert games_column(full.getvalue()) == 3
    assert games_column(out.getvalue()) == 2


def _col(csv_text: str, name: str) -> int:
    return csv_text.splitlines()[0].split(",").index(name)


def test_a_reason_is_said_once_a_file_and_the_later_games_point_back_to_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A night typed with the same misspelt tag in every game: one full message, then a line a game."""
    monkeypatch.setattr(cutting, "UNIT_BYTES", 3000)
    path = _games(tmp_path, games=6, seed=15, errors=0.0, name="night.txt")
    path.write_text(path.read_text(encoding="utf-8").replace('[Rules "hoyle"]', '[Rules "hoyel"]'), encoding="utf-8")
    one, two = _run([str(path), "--jobs", "1"]), _run([str(path), "--jobs", "2"])
    assert one == two and one[0] == 2
    first, *rest = one[2].splitlines()
    assert first.startswith(f"euchre-audit: {path}:") and ": game 1 is not audited: hoyel: no such ruleset; did you mean hoyle?" in first
    assert [line.split(": ", 2)[2] for line in rest] == [f"game {n} is not audited, for the same reason as game 1" for n in range(2, 7)]
    assert "Summary: 0 games audited in 1 file (0 hands); 6 games not audited" in one[1]


def test_a_set_on_the_command_line_that_a_named_ruleset_cannot_take_is_the_command_line_s_fault(tmp_path: Path) -> None:
    """progressive plays a game of 8 deals: --set target=10 cannot apply to it. That is no slip of any game's:
    one message, and the file is not audited (as before), rather than every game blamed in turn."""
    path = _games(tmp_path, games=3, seed=16, errors=0.0, name="night.txt")
    path.write_text(path.read_text(encoding="utf-8").replace('[Rules "hoyle"]', '[Rules "progressive"]'), encoding="utf-8")
    code, out, err = _run([str(path), "--set", "target=10"])
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert line.startswith(f"euchre-audit: {path}:") and ": game 1: --set target=10: " in line and "not audited" not in line


def test_a_set_tag_its_ruleset_cannot_take_is_named_at_the_set_tag(tmp_path: Path) -> None:
    clean = _games(tmp_path, games=2, seed=17, errors=0.0, name="night.txt")
    lines = clean.read_text(encoding="utf-8").split("\n")
    at = [i for i, ln in enumerate(lines) if ln.startswith("[Rules ")][1] + 1
    lines.insert(at, '[Set "deck.hand_size=4"]')
    path = tmp_path / "set.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    code, out, err = _run([str(path), "--set", "scoring.majority=5"])
    assert code == 2 and _game_headers(out, path) == [1]
    assert err.startswith(f"euchre-audit: {path}:{at + 1}:1: game 2 is not audited: ") and "[Set] tag" in err


@pytest.mark.parametrize("fmt", ["json", "jsonl", "sarif", "github", "html"])
def test_the_machine_formats_and_the_page_carry_the_game_not_audited(tmp_path: Path, fmt: str) -> None:
    typo, line = _misspell_rules_tag(_games(tmp_path, games=3, seed=18, errors=0.0, name="night.txt"), 2)
    code, out, err = _run([str(typo), "--format", fmt])
    assert code == 2 and f"{typo}:{line}:1: game 2 is not audited" in err
    assert "game 2 is not audited" in out  # where a reader of the output alone sees it
    if fmt == "json":
        import json

        report = json.loads(out)
        assert [g["game"] for g in report["games"]] == [1, 3]
        assert [e for e in report["errors"] if "game 2 is not audited" in e]
