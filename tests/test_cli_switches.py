"""The switches linter users expect: --version, --help with every command, commands over file
names, --select/--ignore, --exit-zero, --quiet, --statistics, - for standard input, folders and
globs expanded by the tool."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from auditor import __version__
from auditor.cli import COMMANDS, main
from conftest import ROOT, SAMPLES

CLUB = "samples/club-night.txt"
CLUB_TEXT = (SAMPLES / "club-night.txt").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def in_the_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def run(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    if stdin is not None:
        saved = sys.stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
        try:
            code = main([*args, "--isolated"], out, err)
        finally:
            sys.stdin = saved
    else:
        code = main([*args, "--isolated"], out, err)
    return code, out.getvalue(), err.getvalue()


def lint_codes(text: str) -> list[str]:
    return [line.split(": ", 1)[1].split(" ", 1)[0] for line in text.splitlines()]


def test_version() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["--version"], out, err) == 0
    assert out.getvalue() == f"euchre-audit {__version__}\n"
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def test_help_lists_every_command_with_one_line_each() -> None:
    out = io.StringIO()
    assert main(["--help"], out, io.StringIO()) == 0
    text = out.getvalue()
    listed = re.findall(r"^  (\S+)\s{2,}\S.*$", text.split("commands:\n", 1)[1], re.MULTILINE)
    assert listed == ["FILE...", "rules", "codes", "explain", "fmt", "convert", "stats", "standings", "simulate"]
    assert set(listed[1:]) == set(COMMANDS)
    assert "Every format is written as the games are audited, in bounded memory" in " ".join(text.split())
    for fmt in ("text", "lint", "github", "sarif", "jsonl", "json", "html"):
        assert fmt in text


def test_a_command_wins_over_a_file_of_its_name_and_double_dash_audits_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "stats").write_text(CLUB_TEXT, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["stats", "--help"], out, err) == 0
    assert out.getvalue().startswith("usage: euchre-audit stats")
    out = io.StringIO()
    assert main(["--format", "lint", "--isolated", "--", "stats"], out, err) == 1
    assert lint_codes(out.getvalue()) == ["R501", "P701", "L603"]
    assert out.getvalue().startswith("stats:26:22: R501 ")


def test_select_and_ignore_by_code_prefix_name_and_category() -> None:
    assert lint_codes(run(CLUB, "--format", "lint")[1]) == ["R501", "P701", "L603"]
    assert lint_codes(run(CLUB, "--format", "lint", "--select", "R501")[1]) == ["R501"]
    assert lint_codes(run(CLUB, "--format", "lint", "--select", "renege,left-bower")[1]) == ["R501", "L603"]
    assert lint_codes(run(CLUB, "--format", "lint", "--select", "L", "--select", "p7")[1]) == ["P701", "L603"]
    assert lint_codes(run(CLUB, "--format", "lint", "--ignore", "renege")[1]) == ["P701", "L603"]
    assert lint_codes(run(CLUB, "--format", "lint", "--ignore", "score-mismatch")[1]) == ["R501", "L603"]
    assert lint_codes(run(CLUB, "--format", "lint", "--select", "R", "--ignore", "R501")[1]) == []


def test_selection_decides_the_exit_status_the_ruling_and_its_summary() -> None:
    code, out, _ = run(CLUB, "--ignore", "R501,P701,L603")
    assert code == 0
    assert "0 errors, 0 warnings" in out and "R501" not in out
    code, out, _ = run(CLUB, "--select", "renege")
    assert code == 1 and "1 error, 0 warnings" in out and "P701" not in out
    assert "Corrected score: NS 10, EW 0" in out  # the score is the score: selection hides findings only


def test_an_unknown_selector_is_bad_usage() -> None:
    code, out, err = run(CLUB, "--select", "R999,renegade")
    assert code == 2 and out == ""
    assert err == ("euchre-audit: error: --select/--ignore: 'R999' is no finding code, code prefix, name or category "
                   "(see `euchre-audit codes`; categories: syntax, deal, bid, discard, turn, renege, left-bower, score, game, claim, event)\n")


def test_exit_zero() -> None:
    code, out, _ = run(CLUB, "--format", "lint", "--exit-zero")
    assert code == 0 and lint_codes(out) == ["R501", "P701", "L603"]
    code, _, err = run(CLUB, "missing.txt", "--exit-zero")
    assert code == 2 and "missing.txt" in err  # an unusable file is not a finding


def test_quiet_prints_only_the_findings() -> None:
    code, out, err = run(CLUB, "samples/clean-game.txt", "--quiet")
    assert code == 1 and err == ""
    assert out.startswith("\n  samples/club-night.txt:26:22: R501 renege [error] (hand 2, trick 2, W)\n")
    assert "Dan (West) did not follow hearts in trick 2" in out
    for absent in ("game 1:", "hand  dealer", "Corrected score", "games audited", "clean-game"):
        assert absent not in out
    assert re.findall(r"^  \S+:\d+:\d+: (\S+)", out, re.MULTILINE) == ["R501", "P701", "L603"]


def test_statistics_counts_each_code() -> None:
    code, out, _ = run("samples/league-night.txt", CLUB, "--format", "lint", "--statistics")
    lints = [line for line in out.splitlines() if re.match(r"\S+:\d+:\d+: ", line)]
    counts = [line for line in out.splitlines() if line not in lints]
    assert counts[-1].split() == [str(len(lints)), "findings", "in", "all"]
    table = {line.split()[1]: int(line.split()[0]) for line in counts[:-1]}
    assert table == {code: lint_codes("\n".join(lints)).count(code) for code in set(lint_codes("\n".join(lints)))}
    assert list(table) == sorted(table) and len(table) >= 3
    assert "      1  L603  left-bower-only-trump        left-bower  error" in counts


def test_statistics_beside_a_json_document_go_to_standard_error() -> None:
    code, out, err = run(CLUB, "--format", "json", "--statistics", "--select", "R501")
    assert out.startswith("{") and err.split() == ["1", "R501", "renege", "renege", "error", "1", "finding", "in", "all"]


def test_standard_input() -> None:
    code, out, err = run("-", "--format", "lint", stdin=CLUB_TEXT.encode())
    assert code == 1 and err == ""
    assert out.splitlines()[0].startswith("<stdin>:26:22: R501 ")
    code, out, _ = run("-", "--format", "lint", "--jobs", "2", stdin=CLUB_TEXT.encode() * 30)
    assert lint_codes(out) == ["R501", "P701", "L603"] * 30


def test_standard_input_in_a_real_pipe() -> None:
    proc = subprocess.run([sys.executable, "-m", "auditor", "-", "--format", "lint", "--isolated"], input=CLUB_TEXT,
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 1 and proc.stderr == ""
    assert lint_codes(proc.stdout) == ["R501", "P701", "L603"]


def test_a_folder_is_searched_recursively_and_a_quoted_glob_is_expanded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "season" / "week2").mkdir(parents=True)
    (tmp_path / "season" / ".hidden").mkdir()
    (tmp_path / "season" / "week1.txt").write_text(CLUB_TEXT, encoding="utf-8")
    (tmp_path / "season" / "week2" / "night.euchre").write_text(CLUB_TEXT, encoding="utf-8")
    (tmp_path / "season" / ".hidden" / "old.txt").write_text("not a game", encoding="utf-8")
    (tmp_path / "season" / "notes.md").write_text("not a game", encoding="utf-8")
    code, out, err = run("season", "--format", "lint")
    assert code == 1 and err == ""
    files = [line.split(":", 1)[0] for line in out.splitlines()]
    assert files == ["season/week1.txt"] * 3 + ["season/week2/night.euchre"] * 3
    code, out, err = run("season/**/*.euchre", "--format", "lint")
    assert [line.split(":", 1)[0] for line in out.splitlines()] == ["season/week2/night.euchre"] * 3
    code, out, err = run("nothing/*.txt", "--format", "lint")
    assert code == 2 and err == "euchre-audit: nothing/*.txt: no file matches\n"


def test_a_folder_without_game_files_is_said(tmp_path: Path) -> None:
    code, out, err = run(str(tmp_path))
    assert code == 2 and out == ""
    assert err == f"euchre-audit: {tmp_path}: a folder without game files (.txt, .euchre, .egn, .emn, .json)\n"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_progress_bar_counts_bytes_on_a_terminal_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import auditor.progress
    import auditor.units as cutting

    monkeypatch.setattr(auditor.progress, "DELAY", 0)
    monkeypatch.setattr(auditor.progress, "MININTERVAL", 0)
    monkeypatch.setattr(cutting, "MIN_UNIT_BYTES", 2000)  # one big file, cut so that one process shows its progress
    big = tmp_path / "big.txt"
    big.write_text(CLUB_TEXT * 20, encoding="utf-8")
    for jobs in ("1", "2"):
        out, err = io.StringIO(), _Terminal()
        assert main([str(big), "--format", "lint", "--jobs", jobs, "--isolated"], out, err) == 1
        shown = [part for part in err.getvalue().split("\r") if part.startswith("audit:")]
        percents = [int(part.split("%")[0].split()[-1]) for part in shown]
        assert len(percents) >= 3 and percents == sorted(percents) and percents[-1] >= 50, shown
        assert 0 < percents[1] < 100
        assert lint_codes(out.getvalue()) == ["R501", "P701", "L603"] * 20  # the report is untouched
    out, err = io.StringIO(), _Terminal()
    assert main([str(big), "--format", "lint", "--quiet", "--isolated"], out, err) == 1
    assert err.getvalue() == ""  # --quiet: no bar
    plain = io.StringIO()
    assert main([str(big), "--format", "lint", "--isolated"], io.StringIO(), plain) == 1
    assert plain.getvalue() == ""  # standard error is not a terminal: no bar
