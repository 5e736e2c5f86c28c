"""The text ruling, read aloud: players by name, each finding's points, results rows that say what
they mean in aligned columns that fit the terminal, a summary for several games, colour on a terminal."""

from __future__ import annotations

import io
import os
import pty
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from auditor.cli import main
from auditor.ruling.text import TextStyle, results_table, write_game
from auditor.ruling.words import People
from conftest import ROOT, SAMPLES, audit_text

CLUB = SAMPLES / "club-night.txt"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def ruling(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(args), out, err)
    return status, out.getvalue(), err.getvalue()


def test_the_club_night_is_ruled_in_the_players_names() -> None:
    status, text, _ = ruling(str(CLUB))
    assert status == 1
    # the first time a player is named: name and seat; after that, the name
    assert "    Dan (West) did not follow hearts in trick 2 although holding QH TH\n" in text
    assert "      - Dan played KD on AH (hearts led) in trick 2\n" in text
    assert "      - Dan later played QH in trick 3, TH in trick 4, so Dan held them then\n" in text
    assert "    Bob (East) did not follow trump in trick 2: JC (the left bower) was Bob's only trump\n" in text
    # the score sheet's error names the maker too, and the machine formats keep the seat letters
    assert "(Alice (North) alone made hearts and took 5 tricks: lone-march)" in text
    _, lint, _ = ruling(str(CLUB), "--format", "lint")
    assert "W did not follow hearts in trick 2 although holding QH TH" in lint and "Dan" not in lint


def test_each_finding_says_what_it_costs_in_points() -> None:
    _, text, _ = ruling(str(CLUB))
    renege, mismatch, left_bower = _findings(text)
    assert "Points:" not in renege  # not called at the table: no points change hands
    assert "    Points: NS (Alice and Carol) score 4 points, EW (Bob and Dan) nothing for hand 3.\n" in mismatch
    assert "    Points: NS (Alice and Carol) score 2 points, EW (Bob and Dan) nothing for hand 5.\n" in left_bower


def _findings(text: str) -> list[str]:
    blocks = [b for b in text.split("\n\n") if b.startswith(f"  {CLUB}:") or b.startswith("  samples/club-night.txt:")]
    return [b + "\n" for b in blocks]


def test_without_names_the_seats_are_said() -> None:
    (game,) = audit_text("hand 1 dealer E\nup KC\nbid S pass, W pass, N pass, E pass, S call S\n"
                         "trick S:JC W:9S N:JS E:QS\ntrick N:AH E:JH S:KH W:KD\ntrick N:9H E:TS S:AS W:QH\n"
                         "trick S:QD W:TH N:AD E:JD\ntrick N:TD E:AC S:KS W:QC\n", "hoyle")
    out = io.StringIO()
    write_game("x.txt", game, out)
    assert "    W did not follow hearts in trick 2 although holding QH TH\n" in out.getvalue()
    assert "S in spades, 5 tricks: march" in out.getvalue()


def test_results_rows_spell_out_what_they_mean_in_aligned_columns() -> None:
    _, text, _ = ruling(str(CLUB))
    table = text[text.index("  hand  dealer"):text.index("  Corrected score")].rstrip("\n").splitlines()
    assert table[0].split() == ["hand", "dealer", "result", "points", "sheet", "corrected"]
    assert "N (Alice) alone in hearts, 5 tricks: lone march" in table[3]
    assert "N (Alice) in spades, 1 trick: euchred; renege penalty on EW (Bob and Dan)" in table[5]
    assert table[-1].strip().startswith("points: what the hand scores")
    # every row's corrected score ends in the same column, however long its result
    ends = {line.rindex(corrected) + len(corrected) for line, corrected in zip(table[1:6], ["2-0", "4-0", "8-0", "8-0", "10-0"])}
    assert len(ends) == 1
    assert table[3].endswith("<- differs") and table[5].endswith("<- differs") and "differs" not in table[1]


def test_a_long_result_wraps_within_its_column_to_fit_the_width() -> None:
    long_names = CLUB.read_text(encoding="utf-8").replace('"Alice"', '"Alexandra Bartholomew-Featherstonehaugh"')
    (game,) = audit_text(long_names, "hoyle")
    lines = results_table(game, People(game), TextStyle(width=72))
    assert all(len(line) <= 72 - 2 for line in lines), "\n".join(lines)  # the ruling indents the table by 2
    header = lines[0]
    result_at = header.index("result")
    rows = lines[1:lines.index(next(line for line in lines if line.startswith("points:")))]
    wrapped = [line for line in rows if not line[:4].strip()]  # continuation lines: no hand number
    assert wrapped and all(line[:result_at].strip() == "" for line in wrapped)
    # the columns after the result stay in line on every numbered row
    numbered = [line for line in rows if line[:4].strip()]
    assert len({len(line.removesuffix("  <- differs")) for line in numbered}) == 1
    wide = results_table(game, People(game), TextStyle())
    assert len(wide) == len(game.hands) + 2  # with no width to keep to, one line a hand


def test_several_games_end_with_a_summary() -> None:
    status, text, _ = ruling(str(CLUB), str(SAMPLES / "league-night.txt"), str(SAMPLES / "clean-game.txt"))
    assert status == 1
    summary = text[text.index("Summary:"):]
    assert summary.splitlines()[0] == "Summary: 5 games audited in 3 files (53 hands)"
    assert (f"games whose corrected score is not the sheet's: 3 ({CLUB} game 1; "
            f"{SAMPLES / 'league-night.txt'} game 1; {SAMPLES / 'league-night.txt'} game 3)") in summary
    assert "findings: 14 (14 errors, 0 warnings): renege 3, left-bower 2, score 8, game 1" in summary
    _, one, _ = ruling(str(CLUB))
    assert "Summary" not in one  # one game: its verdict says it all


def test_the_summary_is_the_same_for_any_number_of_jobs(tmp_path: Path) -> None:
    files = [str(CLUB), str(SAMPLES / "league-night.txt")]
    assert ruling(*files, "--jobs", "1")[1] == ruling(*files, "--jobs", "2")[1]


def test_colour_only_when_asked_or_on_a_terminal() -> None:
    _, plain, _ = ruling(str(CLUB))
    assert "\x1b" not in plain  # not a terminal
    _, painted, _ = ruling(str(CLUB), "--color", "always")
    assert "\x1b[1;31m[error]\x1b[0m" in painted
    assert "holding \x1b[31mQH\x1b[0m \x1b[31mTH\x1b[0m" in painted  # red suits in red
    assert ANSI.sub("", painted) == plain


def _on_a_terminal(args: list[str], env: dict[str, str], columns: int) -> str:
    """Run the CLI with its output on a pseudo-terminal ``columns`` wide; what it printed."""
    import fcntl
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
    proc = subprocess.Popen([sys.executable, "-m", "auditor", *args], stdout=follower, stderr=subprocess.PIPE,
                            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", **env}, cwd=ROOT)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closed with the program
            break
        if not chunk:
            break
        chunks.append(chunk)
    proc.wait(timeout=60)
    os.close(leader)
    assert b"Traceback" not in proc.stderr.read()
    return b"".join(chunks).decode("utf-8").replace("\r\n", "\n")


@pytest.mark.skipif(not hasattr(pty, "openpty") or sys.platform != "linux", reason="needs a pseudo-terminal")
def test_on_a_terminal_colour_and_the_terminal_width() -> None:
    shown = _on_a_terminal(["samples/club-night.txt"], {}, 80)
    assert "\x1b[1;31m[error]" in shown
    table = ANSI.sub("", shown[shown.index("hand  dealer"):shown.index("Corrected score")])
    assert max(len(line) for line in table.splitlines()) <= 80
    lines = table.splitlines()
    assert any(line.startswith(" " * 14) and line.strip() for line in lines[1:])  # a long result wrapped in its column
    assert "(Bob and" in table and "points: what the hand scores; sheet, corrected: the" in table
    quiet = _on_a_terminal(["samples/club-night.txt"], {"NO_COLOR": "1"}, 80)
    assert "\x1b[" not in quiet and ANSI.sub("", shown) == quiet


def test_control_characters_from_a_file_do_not_reach_the_terminal(tmp_path: Path) -> None:
    path = tmp_path / "escape.txt"
    path.write_text(CLUB.read_text(encoding="utf-8").replace('[West "Dan"]', '[West "Dan\x1b[2J"]'), encoding="utf-8")
    _, text, _ = ruling(str(path))
    assert "\x1b" not in text and "Dan\\x1b[2J (West) did not follow" in text


def test_output_to_a_file_for_every_format(tmp_path: Path) -> None:
    for fmt in ("text", "json", "lint", "html"):
        target = tmp_path / f"ruling.{fmt}"
        status, out, err = ruling(str(CLUB), "--format", fmt, "-o", str(target))
        assert (status, out, err) == (1, "", "")
        assert target.read_text(encoding="utf-8") == ruling(str(CLUB), "--format", fmt)[1]
    status, _, err = ruling(str(CLUB), "-o", str(tmp_path / "no-such-folder" / "ruling.txt"))
    assert status == 2 and "cannot write" in err and "Traceback" not in err


def test_the_readme_quotes_the_ruling_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Settling a club night"):]
    quoted = section.split("```\n")[3]  # the command's block, the words between, then the ruling
    _, text, _ = ruling("samples/club-night.txt", "--rules", "rulesets/hoyle.yaml")
    assert quoted == text
