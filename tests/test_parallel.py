"""--jobs: the same output as one process, whatever the cut; bounded work in flight."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import auditor.parallel as parallel
import auditor.units as cutting
from auditor.cli import main
from auditor.notation.reader import read_games
from auditor.parallel import Unit, plan_units, run_ordered, split_file, unit_games
from auditor.textfile import file_lines
from auditor.rules.loader import load_ruleset
from auditor.simulate import simulate, write_games

from conftest import SAMPLES


def _games_file(tmp_path: Path, games: int = 12, seed: int = 5, errors: float = 0.2, name: str = "games.txt") -> Path:
    path = tmp_path / name
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        write_games(simulate(load_ruleset("hoyle"), games, seed, errors), fh)
    return path


def _split(path: Path, label: str, first_index: int, unit_bytes: int | None = None, jobs: int = 2) -> list[Unit]:
    return list(split_file(path, label, first_index, unit_bytes, jobs))


def _run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(args, out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def small_units(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cutting, "UNIT_BYTES", 3000)  # a few games per unit


def _positions(games) -> list[tuple]:
    out = []
    for g in games:
        out.append((g.index, g.pos.line, g.pos.column, tuple((t.name, t.value) for t in g.tags)))
        for h in g.hands:
            out.append((g.index, h.number if hasattr(h, "number") else None, h.pos.line, h.pos.column))
    return out


def test_units_start_where_the_whole_file_reader_is(tmp_path: Path, small_units: None) -> None:
    path = _games_file(tmp_path)
    units = _split(path, "games.txt", 0)
    assert len(units) > 3
    assert [u.index for u in units] == list(range(len(units)))
    assert units[0].start == 0 and units[-1].end == path.stat().st_size
    assert all(a.end == b.start for a, b in zip(units, units[1:]))
    with path.open(encoding="utf-8", newline="") as fh:
        whole = _positions(read_games(fh))
    pieces = [p for u in units for p in _positions(unit_games(u))]
    assert pieces == whole


def test_a_file_with_hands_before_its_first_tags_and_comments_between_games(tmp_path: Path, small_units: None) -> None:
    body = _games_file(tmp_path).read_text(encoding="utf-8")
    first_hand = body.index("\nhand 1 ")
    text = "# a club night\n\nhand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n\n" + body
    text = text.replace("\n\n[Event", "\n# the next table\n\n[Event")
    assert first_hand > 0
    path = tmp_path / "mixed.txt"
    path.write_text(text, encoding="utf-8")
    units = _split(path, "mixed.txt", 0)
    assert len(units) > 3
    with path.open(encoding="utf-8", newline="") as fh:
        whole = list(read_games(fh))
    pieces = [g for u in units for g in unit_games(u)]
    assert _positions(pieces) == _positions(whole)
    assert [[(c.text, c.pos.line) for c in g.comments] for g in pieces] == [[(c.text, c.pos.line) for c in g.comments] for g in whole]


@pytest.mark.parametrize("fmt", ["text", "lint", "json"])
def test_parallel_output_is_the_single_process_output(tmp_path: Path, small_units: None, fmt: str) -> None:
    big = _games_file(tmp_path, games=14, seed=8)
    other = _games_file(tmp_path, games=3, seed=9, name="other.txt")
    files = [str(big), str(SAMPLES / "club-night.txt"), str(other), str(big)]
    one = _run([*files, "--format", fmt, "--jobs", "1"])
    two = _run([*files, "--format", fmt, "--jobs", "2"])
    three = _run([*files, "--format", fmt, "--jobs", "3"])
    assert one[0] == 1  # the injected mistakes are errors
    assert one == two == three
    assert one[1].count(str(big)) > 0


def test_problems_and_exit_status_are_the_same_in_parallel(tmp_path: Path, small_units: None) -> None:
    good = _games_file(tmp_path, games=8, errors=0.0)
    broken = tmp_path / "bad.txt"
    broken.write_bytes(good.read_bytes()[:5000] + b"\xff\xfe not text\n" + good.read_bytes()[5000:])
    lone_cr = tmp_path / "cr.txt"
    lone_cr.write_bytes(good.read_bytes().replace(b"\n", b"\r", 3))
    files = [str(good), str(broken), str(tmp_path / "missing.txt"), str(lone_cr)]
    one = _run([*files, "--jobs", "1"])
    two = _run([*files, "--jobs", "2"])
    assert one == two
    assert one[0] == 2
    assert "missing.txt" in one[2] and "bad.txt" in one[2]
    # files that cannot be cut safely are one unit each
    assert len(_split(broken, "bad.txt", 0)) == 1
    assert len(_split(lone_cr, "cr.txt", 0)) == 1
    assert len(_split(good, "good.txt", 0)) > 1


@pytest.mark.parametrize("where", [0.6, 0.75, 0.8, 0.95])
@pytest.mark.parametrize(
    "flaw",
    [b"# caf\xe9\n", b"# one\rtwo\n", "# handé\nhandé 1\n".encode(), b"# \xff" + b"y" * 40_000 + b"\n"],
    ids=["not-utf8", "lone-cr", "non-ascii-after-hand", "not-utf8-in-a-long-line"],
)
def test_cutting_stops_where_a_file_stops_being_clean_and_the_rest_reads_as_in_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, small_units: None, flaw: bytes, where: float
) -> None:
    """A byte that is not UTF-8 (in a short line or an over-long one), a lone carriage return or
    a non-ASCII letter after 'hand' late in a file: the units before it are cut as usual; the
    rest, from the last cut, is one unit. Whatever the cut, the same games are reported before
    the reader stops at a byte that is not UTF-8 (every game that ended before its line)."""
    monkeypatch.setattr(cutting, "_BLOCK_BYTES", 2048)
    data = _games_file(tmp_path, games=16).read_bytes()
    at = data.index(b"\nup ", int(len(data) * where)) + 1
    path = tmp_path / "late.txt"
    path.write_bytes(data[:at] + flaw + data[at:])
    units = _split(path, "late.txt", 0)
    assert len(units) > 2
    assert units[-1].start < at and units[-1].end == path.stat().st_size
    assert units[-1].end - units[-1].start > 3000  # no cuts after the flaw
    for fmt in ("json", "text"):
        one = _run([str(path), "--jobs", "1", "--format", fmt])
        assert _run([str(path), "--jobs", "2", "--format", fmt]) == one
    if b"\xe9" in flaw or b"\xff" in flaw:  # the reader stops there, naming the line and column
        line = data[:at].count(b"\n") + 1
        column = 6 if b"\xe9" in flaw else 3
        assert f"late.txt:{line}:{column}: not UTF-8 text: byte 0x" in one[2] and one[0] == 2
        ended = data[:at].rfind(b"\n[Event")  # the last game that began before the bad line ...
        games_before = data[:ended].count(b"\n[Event") + 1  # ... and the games before it, all reported
        assert one[1].count("late.txt: game ") == games_before


def test_a_clean_file_exits_0_with_any_number_of_jobs(tmp_path: Path, small_units: None) -> None:
    path = _games_file(tmp_path, games=6, errors=0.0)
    assert _run([str(path), "--jobs", "2"])[0] == 0
    assert _run([str(path), "--jobs", "1"])[0] == 0


def test_jobs_must_be_a_positive_number(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run([str(SAMPLES / "club-night.txt"), "--jobs", "0"])[0] == 2
    assert "--jobs" in capsys.readouterr().err


def test_units_of_several_files_are_numbered_in_order(tmp_path: Path, small_units: None) -> None:
    a = _games_file(tmp_path, games=6, name="a.txt")
    b = tmp_path / "b.txt"
    b.write_text("hand 1 dealer N\n", encoding="utf-8")
    units = list(plan_units([(a, "a.txt"), (b, "b.txt"), (a, "a.txt")], jobs=2))
    assert [u.index for u in units] == list(range(len(units)))
    assert [u.label for u in units].count("b.txt") == 1
    assert units[[u.label for u in units].index("b.txt")] == Unit(units[[u.label for u in units].index("b.txt")].index, str(b), "b.txt")
    assert list(plan_units([(a, "a.txt")], jobs=1)) == [Unit(0, str(a), "a.txt")]


def _square(x: int) -> int:
    return x * x


def test_run_ordered_keeps_order_and_a_bounded_window() -> None:
    consumed = []

    def items():
        for i in range(40):
            consumed.append(i)
            yield i

    results = []
    for r in run_ordered(_square, items(), 2, start_method="fork"):
        results.append(r)
        # never more than the window of items taken ahead of what was handed back
        assert len(consumed) - len(results) <= 2 * parallel.WINDOW_PER_JOB
    assert results == [i * i for i in range(40)]
    assert list(run_ordered(_square, iter(range(5)), 1)) == [0, 1, 4, 9, 16]


def test_unit_size_gives_every_worker_several_units() -> None:
    big = cutting.UNIT_BYTES * 64
    assert cutting.unit_size(big, 2) == cutting.UNIT_BYTES
    middle = cutting.UNIT_BYTES * 4
    assert cutting.unit_size(middle, 2) == middle // (2 * cutting.UNITS_PER_JOB)
    assert cutting.unit_size(1000, 2) == min(cutting.MIN_UNIT_BYTES, cutting.UNIT_BYTES)


def test_a_byte_order_mark_and_a_one_tag_game_do_not_shift_game_numbers(tmp_path: Path, small_units: None) -> None:
    body = _games_file(tmp_path, games=10, errors=0.0).read_text(encoding="utf-8")
    lines = [line for line in body.splitlines(keepends=True) if not line.startswith(("[Date", "[North", "[East", "[South", "[West", "[Rules"))]
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + "".join(lines).encode("utf-8"))
    units = _split(path, "bom.txt", 0)
    assert len(units) > 2
    with path.open(encoding="utf-8-sig", newline="") as fh:
        whole = _positions(read_games(fh))
    assert [p for u in units for p in _positions(unit_games(u))] == whole


def test_text_before_the_first_tags_is_a_game_of_its_own_so_such_a_file_is_not_cut(tmp_path: Path, small_units: None) -> None:
    body = _games_file(tmp_path, games=10, errors=0.0).read_text(encoding="utf-8")
    path = tmp_path / "preamble.txt"
    path.write_text("Tuesday's sheets, as typed by Carol\n\n" + body, encoding="utf-8")
    assert len(_split(path, "preamble.txt", 0)) == 1
    one = _run([str(path), "--jobs", "1", "--format", "lint"])
    two = _run([str(path), "--jobs", "2", "--format", "lint"])
    assert one == two


def test_split_reads_blocks_and_cuts_where_the_old_units_would(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks smaller than units: cuts found across block boundaries."""
    monkeypatch.setattr(cutting, "_BLOCK_BYTES", 700)
    path = _games_file(tmp_path, games=12, errors=0.1)
    units = _split(path, "g.txt", 0, unit_bytes=5000)
    assert len(units) > 3
    text = path.read_bytes()
    for u in units[1:]:
        assert text[u.start : u.start + 1] == b"["
        assert text[: u.start].count(b"\n") + 1 == u.first_line
    with path.open(encoding="utf-8", newline="") as fh:
        whole = _positions(read_games(fh))
    assert [p for u in units for p in _positions(unit_games(u))] == whole


def test_units_shrink_towards_the_end_so_the_workers_finish_together(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each unit is at most a share of what is left, down to the smallest size: no long last unit."""
    monkeypatch.setattr(cutting, "MIN_UNIT_BYTES", 2000)
    path = _games_file(tmp_path, games=60, errors=0.0)
    size = path.stat().st_size
    units = _split(path, "g.txt", 0, unit_bytes=size // 6, jobs=2)
    lengths = [u.end - u.start for u in units]
    assert lengths[0] >= size // 6  # big units while much is left ...
    assert max(lengths[-3:]) < size // 12  # ... and small ones at the end
    for u, length in zip(units[:-1], lengths):  # a cut comes at the first game past the wanted size
        wanted = max(min(size // 6, cutting.MIN_UNIT_BYTES), min(size // 6, (size - u.start) // (parallel.TAIL_SHARES_PER_JOB * 2)))
        assert length >= wanted
    assert units[-1].end == size and all(a.end == b.start for a, b in zip(units, units[1:]))


def _with_long_line(tmp_path: Path, before: str, comment: str) -> tuple[str, int, Path]:
    """Games with a line ``note # comment`` (not a statement, so not free like a comment line) put
    before the first ``before`` in their second half: (the games' text, where the line went, the file)."""
    games = _games_file(tmp_path, games=12).read_text(encoding="utf-8")
    at = games.index(before, len(games) // 2) + 1
    path = tmp_path / "long.txt"
    path.write_text(games[:at] + "note # " + comment + "\n" + games[at:], encoding="utf-8")
    return games, at, path


def test_a_file_with_an_enormous_line_is_cut_only_before_it_and_reads_as_in_one_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, small_units: None) -> None:
    """The planner never holds a line longer than a block: the rest of the file from the last cut is one unit."""
    monkeypatch.setattr(cutting, "_BLOCK_BYTES", 4096)
    games, at, path = _with_long_line(tmp_path, "\n[", "x" * 20_000)
    units = _split(path, "long.txt", 0)
    assert len(units) > 1
    assert units[-1].start <= len(games[:at].encode()) and units[-1].end == path.stat().st_size
    one = _run([str(path), "--jobs", "1"])
    assert _run([str(path), "--jobs", "2"]) == one
    assert "longer than 4000 characters" in one[1]


def test_units_are_streamed_and_a_long_line_in_one_is_refused_as_in_one_process(tmp_path: Path, small_units: None) -> None:
    """A unit is read line by line, never whole; a line past the reader's limit is cut short, then refused."""
    games, _, path = _with_long_line(tmp_path, "\nup ", "é" * 30_000)
    units = _split(path, "long.txt", 0)
    assert len(units) > 3
    lines = [line for u in units for line in file_lines(path, "long.txt", u.start, u.end, u.first_line)]
    assert len(lines) == games.count("\n") + 1
    one = _run([str(path), "--jobs", "1"])
    assert _run([str(path), "--jobs", "2"]) == one
    assert "longer than 4000 characters" in one[1]
