"""One bad line costs that line, in time too: every line-level reading is linear in the line.

A scorekeeper's file is hostile input whenever it comes from a web form, a phone or a copy and
paste.  A pattern that can split one run of blanks (or digits, or keywords) in many ways before it
fails takes polynomial time: 2,500 tabs after a tag line kept the audit busy for minutes.  So each
line-level function (the reader's, the slip reading's, ``fmt``'s and ``convert``'s) and every
compiled pattern of the reader and the slip reading (module patterns and the grammar's terminals)
is run on lines of 1 KB, 10 KB and 100 KB of each kind of character, and its time must grow about
as the line: the 10 KB line may take at most :data:`MAX_RATIO` times what a line a tenth of its
size takes (a linear function takes about 10 times, a quadratic one 100).  Each time is the best of
a few runs, in processor time, so that a busy machine does not fail the test.
"""

from __future__ import annotations

import ast
import gc
import importlib
import io
import pkgutil
import re
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import auditor.notation
import auditor.replay
from auditor.cli import main
from auditor.notation.builder import build_parser
from auditor.notation.chunks import is_free, iter_chunks, scan_comments
from auditor.notation.errors import code_part, foreign_characters
from auditor.notation.linewise import likely_kind
from auditor.notation.reader import read_text, side_points
from auditor.notation.repair import replace_lookalikes, respell
from auditor.notation.writer import format_text
from auditor.model import Pos
from auditor.resources import grammar_text

#: a call on a line ten times longer may take at most this many times longer (linear: about 10; quadratic: 100)
MAX_RATIO = 35.0
#: the lengths of line tried, and how many calls are timed at each; a length is tried only if the one
#: before kept the bound, so that a quadratic function fails on 10 KB before it is given 100 KB
SIZES = (1_000, 10_000, 100_000)
CALLS = (1, 1, 1)
#: a time past the bound is taken again, the best of this many, before it counts (a busy machine)
CONFIRM = 5
#: a call still running after this much processor time is stopped, and fails (a linear call takes
#: milliseconds; a pattern that backtracks exponentially would otherwise hang the suite)
CALL_LIMIT_SECONDS = 10.0


class _Stopped(Exception):
    """A call ran past CALL_LIMIT_SECONDS."""


@contextmanager
def _at_most(seconds: float) -> Iterator[None]:
    """Stop the block with :class:`_Stopped` after ``seconds`` of this process's processor time (SIGPROF:
    the audit's own budget of a unit uses another timer)."""
    def stop(signum: int, frame: object) -> None:
        raise _Stopped()

    previous = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)

#: what a line can be made of: blanks of every kind, digits, letters, punctuation, cards, seat letters
#: and the notation's statement keywords, each repeated to the line's length
UNITS = {
    "spaces": " ", "tabs": "\t", "form feeds": "\f", "vertical tabs": "\v", "no-break spaces": "\u00a0",
    "em spaces": "\u2003", "ideographic spaces": "\u3000", "zero-width spaces": "\u200b", "mixed blanks": " \t\f\u00a0",
    "nines": "9", "numbers": "10 ", "digit pairs": "6-0 ",
    "letters": "a", "words": "Xy ", "accented letters": "\u00e9",
    "colons": ":", "dashes": "-", "commas": ",", "semicolons": ";", "slashes": "/", "brackets": "[", "closing brackets": "]",
    "quotes": '"', "backslashes": "\\", "hashes": "#", "equals": "=", "escaped quotes": '\\"',
    "cards": "9D ", "tens": "10\u2660 ", "cards unspaced": "AH", "jokers": "JK ", "piles": "9D/",
    "seats": "N", "seat colons": "N:", "plays": "e: 9d ", "plays with commas": "N:9D, ", "sides": "NS ", "side points": "EW 1 ",
    "trick": "trick ", "score": "score ", "hand": "hand ", "dealer": "dealer ", "deal": "deal ", "bid": "bid ",
    "pass": "pass ", "tags": "[Set ", "seat words": "north ", "letter o tens": "1oH ",
}
#: how a line ends after its repeated part: at once, or as the file of the first such report did (what no pattern takes)
TAILS = ("", '-dealer"]')


def _line(unit: str, size: int, tail: str) -> str:
    return unit * (size // len(unit)) + tail


def _per_call(call: Callable[[str], object], text: str, calls: int, repeats: int = 1) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.thread_time()  # processor time: not the time this thread waited for a busy machine
        for _ in range(calls):
            call(text)
        best = min(best, time.thread_time() - start)
    return best / calls


def _growth(call: Callable[[str], object], unit: str, tail: str, sizes: tuple[int, ...] = SIZES,
            calls: tuple[int, ...] = CALLS, limit: float = CALL_LIMIT_SECONDS) -> list[float]:
    """The time of one call of ``call`` on a line of each length (up to the first that grows past the bound,
    or that runs past ``limit``)."""
    gc.disable()
    try:
        found: list[float] = []
        for size, count in zip(sizes, calls):
            text = _line(unit, size, tail)
            try:
                with _at_most(limit * count):
                    found.append(_per_call(call, text, count))
            except _Stopped:
                break
            if len(found) > 1 and found[-1] > MAX_RATIO * found[-2]:  # taken again, the best of a few
                found[-2] = _per_call(call, _line(unit, sizes[len(found) - 2], tail), calls[len(found) - 2], CONFIRM)
                found[-1] = _per_call(call, text, count, CONFIRM)
                if found[-1] > MAX_RATIO * found[-2]:
                    break
        return found
    finally:
        gc.enable()


def _assert_linear(name: str, call: Callable[[str], object], units: dict[str, str] = UNITS,
                   tails: tuple[str, ...] = TAILS, sizes: tuple[int, ...] = SIZES, calls: tuple[int, ...] = CALLS,
                   limit: float = CALL_LIMIT_SECONDS) -> None:
    slow = []
    for kind, unit in units.items():
        for tail in tails:
            found = _growth(call, unit, tail, sizes, calls, limit)
            if len(found) < len(sizes) or any(b > MAX_RATIO * a for a, b in zip(found, found[1:])):
                shown = ", ".join(f"{size / 1000:g} KB: {seconds * 1000:.3f} ms" for size, seconds in zip(sizes, found))
                shown += f", {sizes[len(found)] / 1000:g} KB: stopped" if len(found) < len(sizes) and len(found) > 0 and \
                    not (len(found) > 1 and found[-1] > MAX_RATIO * found[-2]) else ""
                slow.append(f"{name} on {kind} {tail!r}: {shown}")
    assert not slow, "time grows faster than the line:\n" + "\n".join(slow)


# --------------------------------------------------------------- the line-level functions
def _in_hand(line: str) -> str:
    return f"hand 1 dealer N\n{line}\nscore NS 1 EW 0\n"


def _after_tag(line: str) -> str:
    return f'[Set "target=x"]\n{line}\n'


def _reads(text: str) -> object:
    return [list(g.hands) for g in read_text(text)]


LINE_FUNCTIONS: dict[str, Callable[[str], object]] = {
    "likely_kind": likely_kind,
    "respell": respell,
    "replace_lookalikes": replace_lookalikes,
    "code_part": code_part,
    "foreign_characters": foreign_characters,
    "is_free": is_free,
    "side_points": lambda line: side_points(line, Pos(1, 1)),
    "scan_comments": lambda line: [scan_comments(c) for c in iter_chunks(_in_hand(line).splitlines(keepends=True))],
    "read_text (a line of a hand)": lambda line: _reads(_in_hand(line)),
    "read_text (a line after a tag)": lambda line: _reads(_after_tag(line)),
    "read_text (a line alone)": lambda line: _reads(line + "\n"),
    "format_text (a line of a hand)": lambda line: format_text(_in_hand(line)),
    "format_text (a line after a tag)": lambda line: format_text(_after_tag(line)),
}


@pytest.mark.parametrize("name", LINE_FUNCTIONS)
def test_a_line_level_function_is_linear_in_the_line(name: str) -> None:
    _assert_linear(name, LINE_FUNCTIONS[name], tails=TAILS[1:])


#: the commands, run on a file with the line in a hand: fewer kinds (each run reads and writes a file)
COMMAND_UNITS = {k: UNITS[k] for k in ("tabs", "mixed blanks", "nines", "letters", "colons", "cards", "plays", "score", "tags")}


@pytest.mark.parametrize("command", [["fmt", "--check"], ["convert", "--to", "json"], ["convert", "--to", "egn"], []],
                         ids=["fmt", "convert-json", "convert-egn", "audit"])
def test_a_command_is_linear_in_a_line_of_its_file(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "game.txt"

    def run(line: str) -> int:
        path.write_text(_in_hand(line), encoding="utf-8")
        return main([*command, str(path), *(["--jobs", "1"] if not command else [])], io.StringIO(), io.StringIO())

    _assert_linear(" ".join(command) or "the audit", run, COMMAND_UNITS, TAILS, SIZES[1:], (1, 1))


# --------------------------------------------------------------- every pattern
def _module_patterns() -> Iterator[tuple[str, re.Pattern[str]]]:
    for package in (auditor.notation, auditor.replay):
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            for name, value in vars(module).items():
                if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                    yield f"{module.__name__}.{name}", value


def _grammar_patterns() -> Iterator[tuple[str, re.Pattern[str]]]:
    parser, _ = build_parser(grammar_text())
    for terminal in parser.terminals:  # the grammar's terminals, compiled as the parser's lexer compiles them
        yield f"grammar terminal {terminal.name}", re.compile(terminal.pattern.to_regexp(), parser.options.g_regex_flags)


PATTERNS = dict([*_module_patterns(), *_grammar_patterns()])


def test_every_pattern_is_one_the_test_can_see() -> None:
    """No pattern written inline (``re.sub(r"...", ...)``) or compiled inside a function, where the
    patterns test cannot find it: each is a module's compiled pattern (the plain reader compiles the
    grammar's terminals, tested as such)."""
    inline = []
    for package in (auditor.notation, auditor.replay):
        for path in sorted(Path(package.__path__[0]).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
                        and node.func.value.id == "re" and node.func.attr != "escape"):
                    inline.append((path.name, node.lineno, node.col_offset, node.func.attr))
    module_level = {(p, n.lineno) for p, n in _module_compiles()}
    found = [f"{name}:{line}: re.{attr}" for name, line, _, attr in inline
             if (name, line) not in module_level and not (name == "plain.py" and attr == "compile")]
    assert not found, found


def _module_compiles() -> Iterator[tuple[str, ast.AST]]:
    """``NAME = re.compile(...)`` at the top of each module (the patterns ``PATTERNS`` finds)."""
    for package in (auditor.notation, auditor.replay):
        for path in sorted(Path(package.__path__[0]).glob("*.py")):
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                    for inner in ast.walk(node.value):
                        if isinstance(inner, ast.Call) and getattr(inner.func, "attr", "") == "compile":
                            yield path.name, inner


def test_the_patterns_are_found() -> None:
    """The introspection sees the patterns it must: the reader's, the slip reading's, the grammar's."""
    names = set(PATTERNS)
    assert {"auditor.notation.repair._POINTS_SPELLING", "auditor.notation.linewise._POINTSISH",
            "auditor.notation.chunks._LOOSE_HAND_LINE", "grammar terminal STATEMENTS", "grammar terminal PLAYS"} <= names
    assert len(PATTERNS) > 60


def test_every_pattern_of_the_reader_and_the_slip_reading_is_linear() -> None:
    """A pattern of a module as ``findall`` uses it, which costs at least what ``match`` and ``search`` cost
    (it tries the start, every later place, and goes on after each match); the grammar's terminals as the
    lexer uses them (matched where a token starts: the lexer stops at the first place no terminal matches)."""
    slow = []
    for name, pattern in PATTERNS.items():
        how = "match" if name.startswith("grammar terminal") else "findall"
        try:
            _assert_linear(f"{name}.{how}", getattr(pattern, how))
        except AssertionError as err:
            slow.append(str(err).split("\n", 1)[1])
    assert not slow, "time grows faster than the line:\n" + "\n".join(slow)


# --------------------------------------------------------------- the bound fails what it must
def test_the_bound_fails_a_quadratic_pattern() -> None:
    """A quadratic pattern fails the bound (briefly: on 300 and 3,000 characters)."""
    quadratic = re.compile(r"[ \t\f]*(?:[-:/,;][ \t\f]*|[ \t\f]+)x")
    found = _growth(quadratic.match, " ", "-", (300, 3000), (1, 1))
    assert len(found) < 2 or found[1] > MAX_RATIO * found[0], found


def test_the_pattern_of_the_first_report_is_stopped_and_fails() -> None:
    """The score-line pattern as it was (runs of blanks that one run of blanks can be shared among in
    polynomially many ways) is stopped, not waited for: 2,500 tabs kept the audit busy for minutes."""
    before = re.compile(
        r"(?P<lead>[ \t\f]*)(?P<word>score|tricks)?[ \t\f]*[:=]?[ \t\f]*(?P<ns>NS)?[ \t\f]*[:=]?[ \t\f]*(?P<a>\d{1,6})"
        r"[ \t\f]*(?:[-:/,;][ \t\f]*|[ \t\f]+)(?P<ew>EW)?[ \t\f]*[:=]?[ \t\f]*(?P<b>\d{1,6})[ \t\f]*\Z",
        re.IGNORECASE | re.ASCII)
    with pytest.raises(AssertionError, match="stopped"):
        _assert_linear("the score-line pattern as it was", lambda line: before.match(line), {"tabs": "\t"}, ('-dealer"]',),
                       (30, 300), (1, 1), limit=1.0)
