"""The command line as a ruff user tries it: options and files in any order, no abbreviations, an
unknown option named; --extend-select / --extend-ignore and --ignore laid over the configuration's;
pyproject.toml read as TOML; the format from -o's name; explain; --stdin-filename; --exclude and
.gitignore; FORCE_COLOR; a json document written as it goes; no progress bar left behind."""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
from pathlib import Path

import pytest

from auditor.cli import main
from conftest import SAMPLES

CLUB_TEXT = (SAMPLES / "club-night.txt").read_text(encoding="utf-8")
CLEAN_TEXT = (SAMPLES / "clean-game.txt").read_text(encoding="utf-8")
#: the three findings of the club night, in their order in the file
CLUB_CODES = ["R501", "P701", "L603"]


def run(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    """(status, output, errors); argparse's errors, written to sys.stderr, among the errors."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    try:
        with contextlib.redirect_stderr(err):
            code = main(list(args), out, err)
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def codes(lint: str) -> list[str]:
    return [line.split(": ", 1)[1].split(" ", 1)[0] for line in lint.splitlines()]


def paths(lint: str) -> list[str]:
    return sorted({line.split(":", 1)[0] for line in lint.splitlines()})


@pytest.fixture
def games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder with the club night and a clean game, the tests run from inside it."""
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "club.txt").write_text(CLUB_TEXT, encoding="utf-8")
    (tmp_path / "games" / "clean.txt").write_text(CLEAN_TEXT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


# ------------------------------------------------------------------ argparse as linters have it
def test_files_after_an_option_are_read(games: Path) -> None:
    code, out, err = run("games/club.txt", "--format", "lint", "--isolated", "games/clean.txt", "-q")
    assert (code, err) == (1, "")
    assert codes(out) == CLUB_CODES


@pytest.mark.parametrize("argv", [["--outp", "x.html"], ["--form", "lint"], ["--sel", "R"]])
def test_an_abbreviated_option_is_refused(games: Path, argv: list[str]) -> None:
    code, out, err = run("games/club.txt", *argv, "--isolated")
    assert (code, out) == (2, "")
    assert err.startswith(f"euchre-audit: error: unrecognized option: {argv[0]}\n")
    assert not Path("x.html").exists()


@pytest.mark.parametrize("argv", [["--bogus"], ["--bogus", "games/club.txt"], ["--bogus=3"]])
def test_an_unknown_option_is_named_before_a_missing_file(games: Path, argv: list[str]) -> None:
    code, out, err = run(*argv)
    assert (code, out) == (2, "")
    assert err.splitlines()[0] == "euchre-audit: error: unrecognized option: --bogus"


def test_an_option_value_that_looks_like_an_option_and_double_dash_are_not_unknown(games: Path) -> None:
    Path("-odd.txt").write_text(CLUB_TEXT, encoding="utf-8")
    code, out, err = run("--format", "lint", "--isolated", "--", "-odd.txt")
    assert (code, err) == (1, "") and out.startswith("-odd.txt:26:22: R501 ")
    code, out, err = run("--stdin-filename=-night.txt", "--format", "lint", "--isolated", "-", stdin=CLUB_TEXT.encode())
    assert (code, err) == (1, "") and out.startswith("-night.txt:26:22: R501 ")


def test_every_command_refuses_abbreviations_and_names_unknown_options() -> None:
    for argv in (["codes", "--bogus"], ["stats", "--bogus"], ["rules", "--sch"], ["standings", "--bogus", "x"]):
        code, out, err = run(*argv)
        assert (code, out) == (2, ""), argv
        assert "unrecognized option: " + argv[1] in err, (argv, err)


# ------------------------------------------------------------------ selection laid as ruff lays it
def test_extend_select_and_extend_ignore_and_ignore_add_to_the_configuration(games: Path) -> None:
    (games / "euchre-audit.toml").write_text('format = "lint"\nselect = ["R501", "P701"]\nignore = ["P701"]\n', encoding="utf-8")
    assert codes(run("games/club.txt")[1]) == ["R501"]
    assert codes(run("games/club.txt", "--extend-select", "L6")[1]) == ["R501", "L603"]
    assert codes(run("games/club.txt", "--ignore", "R501")[1]) == []  # the file's ignore and this one
    assert codes(run("games/club.txt", "--extend-ignore", "renege")[1]) == []
    assert codes(run("games/club.txt", "--select", "P701,L603")[1]) == ["P701", "L603"]  # a new select starts again
    assert codes(run("games/club.txt", "--select", "ALL", "--ignore", "L")[1]) == ["R501", "P701"]
    (games / "euchre-audit.toml").write_text('format = "lint"\nextend-select = ["R"]\nextend-ignore = ["P7"]\n', encoding="utf-8")
    assert codes(run("games/club.txt")[1]) == ["R501", "L603"]
    assert codes(run("games/club.txt", "--extend-ignore", "L603")[1]) == ["R501"]


def test_everything_ignored_reports_nothing_and_exits_clean(games: Path) -> None:
    assert run("games/club.txt", "--format", "lint", "--isolated", "--ignore", "ALL") == (0, "", "")


# ------------------------------------------------------------------ pyproject.toml read as TOML
@pytest.mark.parametrize("table", [
    '[tool]\neuchre-audit.format = "lint"\neuchre-audit.select = ["R501"]\n',
    '[tool]\neuchre-audit = {format = "lint", select = ["R501"]}\n',
    'tool.euchre-audit.format = "lint"\ntool.euchre-audit.select = ["R501"]\n[project]\nname = "club"\n',
    '[tool."euchre-audit"]\nformat = "lint"\nselect = ["R501"]\n',
])
def test_pyproject_is_read_however_toml_spells_the_table(games: Path, table: str) -> None:
    text = table if table.startswith("tool") else '[project]\nname = "club"\n\n' + table
    (games / "pyproject.toml").write_text(text, encoding="utf-8")
    assert run("games/club.txt") == (1, "games/club.txt:26:22: R501 W did not follow hearts in trick 2 although holding QH TH\n", "")


@pytest.mark.parametrize(("table", "line"), [
    ('[tool]\neuchre-audit.format = "xml"\n', 5),
    ('[tool]\neuchre-audit = {format = "xml"}\n', 5),
])
def test_a_bad_value_in_a_dotted_or_inline_table_is_named(games: Path, table: str, line: int) -> None:
    (games / "pyproject.toml").write_text('[project]\nname = "club"\n\n' + table, encoding="utf-8")
    code, out, err = run("games/club.txt")
    assert (code, out) == (2, "")
    assert err.startswith(f"euchre-audit: {games / 'pyproject.toml'}:{line}: format: must be one of "), err


def test_a_pyproject_that_is_not_toml_is_named_when_it_names_the_tool_and_passed_over_otherwise(games: Path) -> None:
    (games / "euchre-audit.toml").write_text('format = "lint"\n', encoding="utf-8")
    sub = games / "games"
    (sub / "pyproject.toml").write_text("[project\nname = 1\n", encoding="utf-8")
    assert codes(run("games/club.txt")[1]) == CLUB_CODES  # not ours: the file above gives the settings
    (sub / "pyproject.toml").write_text("[tool.euchre-audit]\nformat = \n", encoding="utf-8")
    import os

    os.chdir(sub)
    code, out, err = run("club.txt")
    assert (code, out) == (2, "") and err.startswith(f"euchre-audit: {sub / 'pyproject.toml'}: not valid TOML")


# ------------------------------------------------------------------ the format from -o's name
@pytest.mark.parametrize(("name", "check"), [
    ("night.html", lambda text: text.startswith("<!DOCTYPE html>")),
    ("night.HTM", lambda text: text.startswith("<!DOCTYPE html>")),
    ("night.json", lambda text: [f["code"] for f in json.loads(text)["findings"]] == CLUB_CODES),
    ("night.jsonl", lambda text: [f["code"] for f in json.loads(text)["findings"]] == CLUB_CODES),
    ("night.sarif", lambda text: json.loads(text)["version"] == "2.1.0"),
    ("night.sarif.json", lambda text: json.loads(text)["version"] == "2.1.0"),
    ("night.txt", lambda text: "Corrected score" in text),
])
def test_the_output_files_extension_names_the_format(games: Path, name: str, check) -> None:  # type: ignore[no-untyped-def]
    assert run("games/club.txt", "--isolated", "-o", name)[0] == 1
    assert check(Path(name).read_text(encoding="utf-8"))


def test_format_and_extension(games: Path) -> None:
    """--format wins over the name; the name wins over the configuration file's format."""
    (games / "euchre-audit.toml").write_text('format = "lint"\n', encoding="utf-8")
    run("games/club.txt", "-o", "a.html", "--format", "jsonl")
    assert json.loads(Path("a.html").read_text(encoding="utf-8"))["ruleset"] == "hoyle"
    run("games/club.txt", "-o", "b.html")
    assert Path("b.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    run("games/club.txt", "-o", "c.out")
    assert codes(Path("c.out").read_text(encoding="utf-8")) == CLUB_CODES


# ------------------------------------------------------------------ explain, --stdin-filename
def test_explain_is_codes() -> None:
    assert run("explain", "R501") == run("codes", "R501")
    code, out, err = run("explain", "R501")
    assert code == 0 and out.startswith("R501 renege (renege, error)") and err == ""
    assert run("explain", "renege")[1] == out
    assert run("explain", "Z999")[0] == 2


def test_stdin_filename_names_standard_input_everywhere(games: Path) -> None:
    code, out, err = run("-", "--stdin-filename", "games/tuesday.txt", "--format", "lint", "--isolated", stdin=CLUB_TEXT.encode())
    assert (code, err) == (1, "") and paths(out) == ["games/tuesday.txt"]
    code, out, err = run("-", "--stdin-filename", "tuesday.txt", "--format", "jsonl", "--isolated", stdin=CLUB_TEXT.encode())
    assert json.loads(out)["path"] == "tuesday.txt"
    assert run("-", "--format", "lint", "--isolated", stdin=CLUB_TEXT.encode())[1].startswith("<stdin>:26:22: R501")


# ------------------------------------------------------------------ --exclude and .gitignore
@pytest.fixture
def tree(games: Path) -> Path:
    """games/ with drafts, a backup, and an old season below."""
    g = games / "games"
    (g / "drafts").mkdir()
    (g / "drafts" / "draft.txt").write_text(CLUB_TEXT, encoding="utf-8")
    (g / "club.bak.txt").write_text(CLUB_TEXT, encoding="utf-8")
    (g / "2025" / "week1").mkdir(parents=True)
    (g / "2025" / "week1" / "night.txt").write_text(CLUB_TEXT, encoding="utf-8")
    (g / "2025" / "week1" / "keep.txt").write_text(CLUB_TEXT, encoding="utf-8")
    return games


ALL_FILES = ["games/2025/week1/keep.txt", "games/2025/week1/night.txt", "games/club.bak.txt", "games/club.txt",
             "games/drafts/draft.txt"]


def test_exclude_patterns_as_gitignore_writes_them(tree: Path) -> None:
    assert paths(run("games", "--format", "lint", "--isolated")[1]) == ALL_FILES
    out = run("games", "--format", "lint", "--isolated", "--exclude", "drafts/,*.bak.txt")[1]
    assert paths(out) == ["games/2025/week1/keep.txt", "games/2025/week1/night.txt", "games/club.txt"]
    out = run("games", "--format", "lint", "--isolated", "--exclude", "games/2025", "--exclude", "drafts")[1]
    assert paths(out) == ["games/club.bak.txt", "games/club.txt"]
    # a file named on the command line is read whatever the patterns say
    assert paths(run("games/club.bak.txt", "--format", "lint", "--isolated", "--exclude", "*.bak.txt")[1]) == ["games/club.bak.txt"]


def test_exclude_from_the_configuration_file_relative_to_it_and_replaced_by_the_option(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tree / "euchre-audit.toml").write_text('format = "lint"\nexclude = ["games/drafts/", "*.bak.txt"]\n', encoding="utf-8")
    monkeypatch.chdir(tree / "games")
    assert paths(run(".")[1]) == ["2025/week1/keep.txt", "2025/week1/night.txt", "club.txt"]
    assert paths(run(".", "--exclude", "2025")[1]) == ["club.bak.txt", "club.txt", "drafts/draft.txt"]


def test_gitignore_files_are_honoured_down_and_up_to_the_repository(tree: Path) -> None:
    (tree / ".git").mkdir()
    (tree / ".gitignore").write_text("*.bak.txt\n# a comment\n", encoding="utf-8")
    (tree / "games" / ".gitignore").write_text("drafts/\n2025/\n", encoding="utf-8")
    (tree / "games" / "2025" / "week1" / ".gitignore").write_text("night.txt\n", encoding="utf-8")
    assert paths(run("games", "--format", "lint", "--isolated")[1]) == ["games/club.txt"]
    # searched from inside: the .gitignore files above, up to the repository's top, still count
    assert paths(run("games/2025", "--format", "lint", "--isolated")[1]) == []
    assert run("games/2025", "--format", "lint", "--isolated")[0] == 2  # a folder without game files
    (tree / "games" / ".gitignore").write_text("drafts/\n", encoding="utf-8")
    assert paths(run("games", "--format", "lint", "--isolated")[1]) == ["games/2025/week1/keep.txt", "games/club.txt"]
    (tree / "games" / "2025" / ".gitignore").write_text("*.txt\n!keep.txt\n", encoding="utf-8")  # a later line takes back
    assert paths(run("games/2025", "--format", "lint", "--isolated")[1]) == ["games/2025/week1/keep.txt"]
    out = run("games", "--format", "lint", "--isolated", "--no-respect-gitignore")[1]
    assert paths(out) == ALL_FILES


def test_a_bad_exclude_pattern_is_bad_usage(games: Path) -> None:
    code, out, err = run("games", "--isolated", "--exclude", "drafts/,!")
    assert (code, out) == (2, "") and err.startswith("euchre-audit: error: --exclude: ") and "Traceback" not in err


# ------------------------------------------------------------------ FORCE_COLOR
def test_force_color_colours_output_that_is_not_a_terminal(games: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    plain = run("games/club.txt", "--isolated", "-q")[1]
    assert "\x1b[" not in plain
    monkeypatch.setenv("FORCE_COLOR", "1")
    forced = run("games/club.txt", "--isolated", "-q")[1]
    assert "\x1b[1mR501\x1b[0m" in forced
    assert re.sub(r"\x1b\[[0-9;]*m", "", forced) == plain
    assert "\x1b[" not in run("games/club.txt", "--isolated", "-q", "--color", "never")[1]
    monkeypatch.setenv("FORCE_COLOR", "")  # set but empty: not forced
    assert "\x1b[" not in run("games/club.txt", "--isolated", "-q")[1]


# ------------------------------------------------------------------ --format json written as it goes
def test_the_json_document_is_written_as_the_games_are_audited(games: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game's findings are on the output before the next game is audited; the document is the
    one json.dump(indent=2) writes."""
    import auditor.parallel

    Path("season.txt").write_text(CLUB_TEXT * 6, encoding="utf-8")
    out = io.StringIO()
    seen: list[int] = []
    real = auditor.parallel.audit_games

    def watched(*args, **kwargs):  # type: ignore[no-untyped-def]
        for game in real(*args, **kwargs):
            seen.append(len(out.getvalue()))
            yield game

    monkeypatch.setattr(auditor.parallel, "audit_games", watched)
    assert main(["season.txt", "--format", "json", "--isolated", "--jobs", "1"], out, io.StringIO()) == 1
    assert len(seen) == 6 and seen == sorted(seen) and seen[1] < seen[2] < seen[5]  # it grew game by game
    document = json.loads(out.getvalue())
    assert out.getvalue() == json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    assert [f["code"] for f in document["findings"]] == CLUB_CODES * 6
    assert [g["game"] for g in document["games"]] == [1, 2, 3, 4, 5, 6] and document["errors"] == []
    two = io.StringIO()
    assert main(["season.txt", "--format", "json", "--isolated", "--jobs", "2"], two, io.StringIO()) == 1
    assert two.getvalue() == out.getvalue()


# ------------------------------------------------------------------ the progress bar leaves nothing behind
class _Screen(io.StringIO):
    """A terminal: what stays on it once carriage returns have overwritten their line."""

    def isatty(self) -> bool:
        return True

    def lines(self) -> list[str]:
        shown = []
        for line in self.getvalue().split("\n"):
            cells: list[str] = []
            for part in line.split("\r"):
                cells[: len(part)] = list(part)  # a carriage return: written again from the left
            shown.append("".join(cells).rstrip())
        return shown


@pytest.mark.parametrize("delay", [0.0, 60.0])
def test_no_progress_bar_stays_on_the_terminal_after_the_ruling(games: Path, monkeypatch: pytest.MonkeyPatch, delay: float) -> None:
    """The report and the bar on one terminal: at the end no bar is left, whether it was shown
    (no delay) or not yet due when the report was written (before, the report's writes drew it)."""
    import auditor.progress
    import auditor.units as cutting

    monkeypatch.setattr(auditor.progress, "DELAY", delay)
    monkeypatch.setattr(auditor.progress, "MININTERVAL", 0)
    monkeypatch.setattr(cutting, "MIN_UNIT_BYTES", 2000)
    Path("big.txt").write_text(CLUB_TEXT * 8, encoding="utf-8")
    screen = _Screen()
    assert main(["big.txt", "--format", "lint", "--isolated", "--jobs", "1"], screen, screen) == 1
    lines = screen.lines()
    assert not any("audit:" in line for line in lines), lines
    assert codes("\n".join(line for line in lines if line)) == CLUB_CODES * 8
    if delay == 0.0:
        assert "audit:" in screen.getvalue()  # it was shown, and cleared
    else:
        assert "audit:" not in screen.getvalue()  # never drawn before its time


# ------------------------------------------------------------------ stats --partition-by event, split too finely
def test_partitioning_by_an_event_per_game_is_warned_of(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import auditor.stats.partitions as partitions

    monkeypatch.setattr(partitions, "MANY_PARTITIONS", 5)
    monkeypatch.chdir(tmp_path)
    own = "".join(CLEAN_TEXT.replace("Legion Hall Tuesday Euchre", f"Week {i // 2}, table {i % 2}") for i in range(12))
    Path("own.txt").write_text(own, encoding="utf-8")
    code, out, err = run("stats", "own.txt", "--out", "own", "--partition-by", "event", "--jobs", "1")
    assert code == 0 and "Alice" in out
    (warning,) = [line for line in err.splitlines() if "warning" in line]
    files = sum(1 for p in Path("own").rglob("*") if p.is_file())
    assert warning.startswith(f"euchre-audit stats: warning: --partition-by event wrote 12 partitions for 12 games ({files} files, ")
    assert "leave --partition-by out" in warning
    # shared events: no warning, and none without partitions
    Path("shared.txt").write_text(CLEAN_TEXT * 12, encoding="utf-8")
    assert "warning" not in run("stats", "shared.txt", "--out", "shared", "--partition-by", "event", "--jobs", "1")[2]
    assert "warning" not in run("stats", "own.txt", "--out", "flat", "--jobs", "1")[2]


# ------------------------------------------------------------------ one table style on the terminal
def _table(text: str, first_head: str) -> tuple[list[str], list[str]]:
    """(the head's names, the rows) of the table whose head starts with ``first_head``."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith(first_head))
    head, rule = lines[at], lines[at + 1]
    assert set(rule.strip()) == {"─"} and len(rule.rstrip()) >= len(head.rstrip()), (head, rule)  # a rule under the head
    rows = []
    for line in lines[at + 2:]:
        if "  " not in line.strip():  # a blank line, or the words under the table
            break
        rows.append(line)
    return re.split(r"\s{2,}", head.strip()), rows


def test_standings_stats_and_codes_share_one_table_style() -> None:
    night = str(SAMPLES / "league-night.txt")
    tables = {
        "codes": (run("codes")[1], "code"),
        "standings": (run("standings", night, "--jobs", "1")[1], "place"),
        "stats": (run("stats", night, "--jobs", "1")[1], "player"),
        "league": (run("stats", night, "--league", "--jobs", "1")[1], "player"),
    }
    for name, (text, first) in tables.items():
        assert not set("│┆╞═┌┐└┘|") & set(text), name  # no frame, and no other table's style
        head, rows = _table(text, first)
        assert head[0] == first and len(head) >= 5 and rows, name
        for row in rows:
            assert row == row.rstrip(), (name, row)  # no cell's padding left at the end
    head, rows = _table(tables["stats"][0], "player")
    number = head[1]  # the first column after the player's name: a count
    ends = {len(re.split(r"(\s{2,})", row.strip())[0]) for row in rows}  # names to the left...
    assert len(ends) > 1
    header = tables["stats"][0].splitlines()[0]
    right_edge = header.index(number) + len(number)
    assert all(row[right_edge - 1].isdigit() and row[right_edge:right_edge + 2] == "  " for row in rows)  # ...numbers to the right
    assert "Legion Hall" in tables["standings"][0] and "<- moved" in tables["standings"][0]
