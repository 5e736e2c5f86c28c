"""Hostile inputs found by mutating records, rulesets and special files: each ends with a clear
message and exit status 0, 1 or 2, never a traceback, and in time linear in its size.

Each input is here with its kind: the file as found, and its neighbours (other blanks, another
command, the same fault in another place).
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from auditor.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tests" / "data" / "egn" / "examples"
#: ``file:line:col: `` at the start of a message
POSITIONED = re.compile(r"^(?:euchre-audit: )?(?:invalid ruleset: )?(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): ", re.MULTILINE)


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, out, err)
    return status, out.getvalue(), err.getvalue()


def _clean_ending(status: int, out: str, err: str, allowed: tuple[int, ...] = (0, 1, 2)) -> None:
    assert status in allowed, (status, err[-2000:])
    assert "Traceback" not in out + err and "Error:" not in err, err[-2000:]


def _named_at(err: str, path: Path, line: int | None = None) -> re.Match[str]:
    """The first message that names ``path`` with a line and column (at ``line``, if given)."""
    for m in POSITIONED.finditer(err):
        if m.group("file").endswith(path.name) and (line is None or int(m.group("line")) == line):
            return m
    raise AssertionError(f"no message names {path.name}:{line if line is not None else 'LINE'}:COL in:\n{err[-2000:]}")


# --------------------------------------------------------------- 1. blanks after a tag line
BLANK_RUNS = {"tabs": "\t" * 2500, "spaces": " " * 3900, "tabs and spaces": " \t" * 1990, "form feeds": "\f" * 3000}


@pytest.mark.parametrize("blanks", BLANK_RUNS)
@pytest.mark.parametrize("command", [[], ["fmt", "--check"], ["convert", "--to", "json"], ["convert", "--to", "egn"]],
                         ids=["audit", "fmt", "convert-json", "convert-egn"])
def test_a_line_of_blanks_after_a_tag_line_costs_only_that_line(tmp_path: Path, blanks: str, command: list[str]) -> None:
    path = tmp_path / "set.txt"
    path.write_text(f'[Set "target=x"]\n{BLANK_RUNS[blanks]}-dealer"]\n', encoding="utf-8")
    status, out, err = _run([*command, str(path)])
    _clean_ending(status, out, err, (2,))
    _named_at(err, path)


@pytest.mark.parametrize("line", [
    "score" + " " * 3000 + "x",
    "\t" * 3000 + "6 - 0 x",
    "NS" + " \t" * 1500 + "EW x",
    "hand" + " " * 3000 + "1" + " " * 900 + "dealerx",
])
def test_a_score_or_hand_line_of_blanks_in_a_hand_is_one_syntax_finding(tmp_path: Path, line: str) -> None:
    path = tmp_path / "game.txt"
    path.write_text(f"hand 1 dealer N\n{line}\n", encoding="utf-8")
    for command in ([], ["fmt", "--check"], ["convert", "--to", "json"]):
        status, out, err = _run([*command, str(path), *(["--jobs", "1"] if not command else [])])
        _clean_ending(status, out, err, (1, 2))
        assert re.search(rf"{re.escape(path.name)}:2:\d+: ", out + err), (command, out[-1500:], err[-1500:])


# --------------------------------------------------------------- 2. a long line of digits
@pytest.mark.parametrize("digits", ["9" * 151_000, "1" * 4000, "6-" * 30_000, "10" * 50_000])
def test_a_long_line_of_digits_in_a_hand_is_refused_as_long(tmp_path: Path, digits: str) -> None:
    path = tmp_path / "nines.txt"
    path.write_text(f"hand 1 dealer N\n{digits}\n", encoding="utf-8")
    status, out, err = _run(["fmt", "--check", str(path)])
    _clean_ending(status, out, err, (2,))
    m = _named_at(err, path, 2)
    assert "longer than 4000 characters" in err or "cannot read" in err or "unexpected" in err, err
    assert int(m.group("col")) >= 1
    status, out, err = _run([str(path), "--jobs", "1"])
    _clean_ending(status, out, err, (1, 2))


# --------------------------------------------------------------- 3. a loop of symbolic links
def _looping_links(folder: Path) -> None:
    (folder / "r.yaml").symlink_to("r.yaml.b")
    (folder / "r.yaml.b").symlink_to("r.yaml")


def test_a_ruleset_extending_a_loop_of_links_names_its_extends_line(tmp_path: Path) -> None:
    _looping_links(tmp_path)
    top = tmp_path / "top.yaml"
    top.write_text("name: top\nextends: r.yaml\n", encoding="utf-8")
    status, out, err = _run(["rules", str(top)])
    _clean_ending(status, out, err, (2,))
    m = _named_at(err, top, 2)
    assert "extends" in err and "symbolic links" in err[m.start():], err
    game = tmp_path / "game.txt"
    game.write_text((ROOT / "samples" / "clean-game.txt").read_text(encoding="utf-8"), encoding="utf-8")
    status, out, err = _run([str(game), "--rules", str(top), "--jobs", "1"])
    _clean_ending(status, out, err, (2,))
    _named_at(err, top, 2)


def test_a_loop_of_links_given_as_the_ruleset_is_named(tmp_path: Path) -> None:
    _looping_links(tmp_path)
    status, out, err = _run(["rules", str(tmp_path / "r.yaml")])
    _clean_ending(status, out, err, (2,))
    assert "r.yaml: cannot read (" in err and "symbolic links" in err, err


# --------------------------------------------------------------- 4. a digit int() will not take
def _annotated(key: str, where: str = "playAnnotations") -> str:
    """An annotated game of the corpus with an annotation of its first deal under ``key``."""
    data = json.loads((EXAMPLES / "Quite the Hustle Annotated.egn").read_text(encoding="utf-8"))
    bidding, playing = data["deals"][0]["phases"]
    (playing if where == "playAnnotations" else bidding)[where] = {key: ["a note"]}
    return json.dumps(data, indent=1)


@pytest.mark.parametrize("key", ["\u00b2", "\u0663", "\u2460", "1" * 5000])
@pytest.mark.parametrize("where", ["playAnnotations", "callAnnotations"])
@pytest.mark.parametrize("command", [["convert", "--to", "json"], ["convert", "--to", "text"], []], ids=["json", "text", "audit"])
def test_an_annotation_key_of_digits_int_will_not_take_is_a_positioned_error(
        tmp_path: Path, key: str, where: str, command: list[str]) -> None:
    path = tmp_path / "game.egn"
    path.write_text(_annotated(key, where), encoding="utf-8")
    status, out, err = _run([*command, str(path), *(["--jobs", "1"] if not command else [])])
    _clean_ending(status, out, err, (2,))
    _named_at(err, path)
    assert "action numbers" in err, err


def test_a_superscript_key_in_an_alternative_line_is_read_without_a_traceback(tmp_path: Path) -> None:
    text = (EXAMPLES / "Quite the Hustle Annotated.egn").read_text(encoding="utf-8")
    found = re.search(r'("playAnnotations"\s*:\s*\{\s*)"0"', text)
    assert found is not None
    path = tmp_path / "game.egn"
    path.write_text(text[:found.start()] + found.group(1) + '"\u00b2"' + text[found.end():], encoding="utf-8")
    for command in (["convert", "--to", "json"], ["convert", "--to", "text"]):
        status, out, err = _run([*command, str(path)])
        _clean_ending(status, out, err)


# --------------------------------------------------------------- 5. a number past Python's digits limit
@pytest.mark.parametrize("text", [
    "%YAML 1." + "0" * 4301 + "\n---\nname: x\n",
    "%YAML " + "1" * 5000 + ".1\n---\nname: x\n",
    "name: x\ngame:\n  target: " + "1" * 5000 + "\n",
    "name: x\ngame:\n  target: !!int " + "7" * 5000 + "\n",
])
def test_a_ruleset_with_a_number_past_pythons_digits_limit_is_a_positioned_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "digits.yaml"
    path.write_text(text, encoding="utf-8")
    status, out, err = _run(["rules", str(path)])
    _clean_ending(status, out, err, (2,))
    _named_at(err, path)
    child = tmp_path / "child.yaml"
    child.write_text("name: child\nextends: digits.yaml\n", encoding="utf-8")
    status, out, err = _run(["rules", str(child)])
    _clean_ending(status, out, err, (2,))
    _named_at(err, path)


# --------------------------------------------------------------- 6. fmt --write holds one chunk, not the file
def _one_hands_lines(size: int, repeat_hand: bool) -> str:
    text = (ROOT / "samples" / "clean-game.txt").read_text(encoding="utf-8")
    hand = text[text.index("hand 1"):text.index("hand 2")]
    hand = hand.replace("  ", "   ")  # not in canonical form: the file is rewritten
    if repeat_hand:
        return hand * (size // len(hand))
    head, body = hand.split("\n", 1)
    return head + "\n" + body * (size // len(body))


@pytest.mark.parametrize(("repeat_hand", "bound"), [(True, 4), (False, 16)], ids=["hands", "one-hands-lines"])
def test_fmt_write_memory_stays_a_small_multiple_of_the_file(tmp_path: Path, repeat_hand: bool, bound: int) -> None:
    """A file of 4.5 MB of one hand's lines took 140 times its size: the hand was parsed whole (its
    statements were counted only for the audit) and the whole form built before it was written.  Traced
    on half a MB, it took 8 times (whole hands) and 110 times (one hand's lines); it takes about 2 and 9."""
    path = tmp_path / "big.txt"
    text = _one_hands_lines(500_000, repeat_hand)
    path.write_text(text, encoding="utf-8")
    _run(["fmt", "--check", str(ROOT / "samples" / "clean-game.txt")])  # the parser built before memory is traced
    tracemalloc.start()
    try:
        status, out, err = _run(["fmt", "--write", str(path)])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    _clean_ending(status, out, err)
    assert peak < bound * len(text), f"{peak / len(text):.1f} times the file"
    if repeat_hand:  # a file of whole hands is rewritten in canonical form, all of it
        assert status == 0 and path.read_text(encoding="utf-8") == _run(["fmt", str(path)])[1]
    else:  # a hand of far too many lines is refused and kept as written
        assert status == 2 and "statement lines" in err and path.read_text(encoding="utf-8").rstrip() == text.rstrip()


def test_fmt_write_leaves_a_canonical_file_untouched(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text(_run(["fmt", str(ROOT / "samples" / "club-night.txt")])[1], encoding="utf-8")
    os.utime(path, (1_000_000, 1_000_000))
    status, out, err = _run(["fmt", "--write", str(path)])
    assert (status, err) == (0, "") and path.stat().st_mtime == 1_000_000
    assert not [p for p in tmp_path.iterdir() if p.name != "game.txt"]  # no temporary file left


# --------------------------------------------------------------- 7. a mangled hand
MANGLED = [
    "hand \nbidEorder\n]\ntrickw:9D E:AH N:QH w:A\u2660\n",
    "hand 1 dealer N\n]\ntrick W:9D E:AH N:QH W:AS\n",
    "hand 1 dealer N\ntrick ]\n]\ntrick W:9D E:AH N:QH W:AS\ntrick N:9D N:AH E:QH S:AS\n",
    "hand 1 dealer N\nup 9H\nbid E order\ntrick ?\ntrick E:9D S:AH W:QH E:AS\n]\ntrick S:TD W:KH N:QS S:AD\n",
]


@pytest.mark.parametrize("text", MANGLED)
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_mangled_hand_with_a_seat_written_twice_after_an_unreadable_line_is_read(tmp_path: Path, text: str, jobs: str) -> None:
    path = tmp_path / "mangled.txt"
    path.write_text(text, encoding="utf-8")
    status, out, err = _run([str(path), "--jobs", jobs])
    _clean_ending(status, out, err, (1,))
    assert re.search(rf"{re.escape(path.name)}:\d+:\d+: S001 syntax-error", out), out


# --------------------------------------------------------------- all of them, as a person runs them
def test_the_command_line_shows_no_traceback_for_any_of_them(tmp_path: Path) -> None:
    """The same files through the installed command, in a process of its own (its exit status and its standard error)."""
    (tmp_path / "a.txt").write_text('[Set "target=x"]\n' + "\t" * 2500 + '-dealer"]\n', encoding="utf-8")
    (tmp_path / "b.txt").write_text("hand 1 dealer N\n" + "9" * 151_000 + "\n", encoding="utf-8")
    (tmp_path / "c.txt").write_text(MANGLED[0], encoding="utf-8")
    (tmp_path / "d.yaml").write_text("%YAML 1." + "0" * 4301 + "\n---\nname: x\n", encoding="utf-8")
    (tmp_path / "e.egn").write_text(_annotated("\u00b2"), encoding="utf-8")
    _looping_links(tmp_path)
    (tmp_path / "top.yaml").write_text("extends: r.yaml\n", encoding="utf-8")
    for argv in (["a.txt"], ["fmt", "--check", "b.txt"], ["c.txt"], ["rules", "d.yaml"], ["convert", "e.egn", "--to", "json"],
                 ["rules", "top.yaml"], ["a.txt", "b.txt", "c.txt", "--jobs", "2"]):
        done = subprocess.run([sys.executable, "-m", "auditor", *argv], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.returncode in (1, 2), (argv, done.returncode, done.stderr[-1500:])
        assert "Traceback" not in done.stderr + done.stdout, (argv, done.stderr[-2000:])
        assert POSITIONED.search(done.stderr + done.stdout), (argv, done.stderr[-1500:])
