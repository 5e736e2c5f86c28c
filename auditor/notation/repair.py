"""Read a line whose meaning is plain although its spelling is not the notation's.

A scorekeeper types ``score 6-0`` for ``score NS 6 EW 0``, separates plays
with commas, writes ``dealer East``, or pastes a line with a no-break space or
a Cyrillic ``Е`` in it.  None of these leaves any doubt about what was meant,
so the reader takes the line as meant and reports the slip (a warning with the
line to write instead) rather than losing the line.

Every repair here keeps each character's column where it can (a look-alike
character becomes its ASCII twin, ``East`` becomes ``E`` and three spaces), so
that findings still point at the right place in the line as written.  A line
that is not plain after these repairs is left alone: the reader reports it as
unreadable, and only that line is lost.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .errors import char_name, code_part

#: Characters that look like (or stand in for) an ASCII character of the notation.  Letters from
#: other alphabets that are drawn exactly like Latin ones, spaces that are not the space, quotes
#: and dashes that word processors put in; NFKC covers full-width forms and the Kelvin and
#: Angstrom signs.
_LOOKALIKE: dict[str, str] = {
    # Cyrillic
    "\u0410": "A", "\u0412": "B", "\u0415": "E", "\u041a": "K", "\u041c": "M", "\u041d": "H", "\u041e": "O",
    "\u0420": "P", "\u0421": "C", "\u0422": "T", "\u0425": "X", "\u0405": "S", "\u0406": "I", "\u0408": "J",
    "\u0430": "a", "\u0435": "e", "\u043e": "o", "\u0440": "p", "\u0441": "c", "\u0443": "y", "\u0445": "x",
    "\u0455": "s", "\u0456": "i", "\u0458": "j", "\u043a": "k", "\u043d": "h",
    # Greek
    "\u0391": "A", "\u0392": "B", "\u0395": "E", "\u0397": "H", "\u0399": "I", "\u039a": "K", "\u039c": "M",
    "\u039d": "N", "\u039f": "O", "\u03a1": "P", "\u03a4": "T", "\u03a7": "X", "\u0396": "Z", "\u03bf": "o",
    # Latin letters that case-folding confuses with ASCII ones
    "\u0131": "i", "\u0130": "I", "\u017f": "s",
    # quotes, dashes, colons
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2018": "'", "\u2019": "'", "\u2032": "'",
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-",
    "\u2236": ":", "\ua789": ":",
}


def _ascii_twin(ch: str) -> str | None:
    """The ASCII character ``ch`` stands for, or None."""
    if ch in _LOOKALIKE:
        return _LOOKALIKE[ch]
    category = unicodedata.category(ch)
    if category == "Zs" or ch in "\u0085\u200b\u200c\u200d\u2060\ufeff\u00ad":  # spaces, invisible characters
        return " "
    folded = unicodedata.normalize("NFKC", ch)
    if len(folded) == 1 and folded.isascii() and folded.isprintable():
        return folded
    return None


@dataclass(frozen=True, slots=True)
class Respelling:
    """A line as the reader takes it, and what was changed (each a sentence)."""

    text: str
    characters: tuple[str, ...] = ()
    spellings: tuple[str, ...] = ()
    first_character: int = 0  # the 1-based column of the first look-alike character (0: none)
    note: str = ""  # words after the statement, read as a note written without its '#'


def replace_lookalikes(text: str) -> tuple[str, list[str], int]:
    """``text`` with every look-alike or invisible character in its notation part made ASCII,
    what was replaced, and the 1-based column of the first (0: none)."""
    if text.isascii():
        return text, [], 0
    code = code_part(text)
    out = list(text)
    notes = []
    first = 0
    for i, ch in enumerate(code):
        if ch.isascii() or ch in "\u2663\u2666\u2665\u2660":
            continue
        twin = _ascii_twin(ch)
        if twin is None:
            continue
        out[i] = twin
        shown = "a space" if twin == " " else repr(twin)
        notes.append(f"{char_name(ch)} at column {i + 1} is read as {shown}")
        first = first or i + 1
    return "".join(out), notes, first


#: every run of blanks is taken whole (``*+``, ``++``: no way back into it), so that a line of blanks that is
#: no score fails in one pass instead of trying every way to share its blanks among the runs
_POINTS_SPELLING = re.compile(
    r"(?<![ \t\f])(?P<lead>[ \t\f]*+)(?P<word>score|tricks)?[ \t\f]*+[:=]?[ \t\f]*+(?P<ns>NS)?[ \t\f]*+[:=]?[ \t\f]*+"
    r"(?P<a>\d{1,6})(?:[ \t\f]*+[-:/,;][ \t\f]*+|[ \t\f]++)(?P<ew>EW)?[ \t\f]*+[:=]?[ \t\f]*+(?P<b>\d{1,6})[ \t\f]*+\Z",
    re.IGNORECASE | re.ASCII,
)
_SEAT_WORD = re.compile(r"\b(north|east|south|west)\b", re.IGNORECASE | re.ASCII)
_LETTER_O_IN_TEN = re.compile(r"(?<![A-Za-z0-9])1[oO](?=[CDHScdhs\u2663\u2666\u2665\u2660](?![A-Za-z0-9]))")
_PLAY_SEPARATOR = re.compile(r"(?<=[0-9A-Za-z\u2663\u2666\u2665\u2660])[ \t\f]*+[,;][ \t\f]*+(?=[NESWnesw][ \t\f]*+:)")


def _points(code: str) -> tuple[str, str] | None:
    """``score 6-0``, ``score 6 0``, ``NS 6 EW 0``: (the canonical statement, what was found)."""
    m = _POINTS_SPELLING.match(code)
    if m is None or not (m.group("word") or (m.group("ns") and m.group("ew"))):
        return None
    word = (m.group("word") or "score").lower()
    ns, ew = int(m.group("a")), int(m.group("b"))
    found = code.strip()
    if m.group("ns") is None:
        what = f"the {word} line is written {found!r}; it is read NS first, as the notation writes it"
    elif m.group("word") is None:
        what = f"the line {found!r} has no keyword; it is read as a score"
    else:
        what = f"the {word} line is written {found!r}"
    return f"{m.group('lead')}{word} NS {ns} EW {ew}", what


def respell(text: str) -> Respelling | None:
    """The line as meant, when only a plain slip stands between it and the notation; else None."""
    body, characters, first = replace_lookalikes(text)
    end = len(text.rstrip("\r\n"))
    code = body[:len(code_part(body[:end]))]  # up to the comment, quoted values as they are
    rest = body[len(code):]
    spellings: list[str] = []
    keyword = code.split(maxsplit=1)[0].lower() if code.strip() else ""
    points = _points(code) if not code.lstrip().startswith("[") else None
    if code.lstrip().startswith("["):
        pass  # a tag line: only its characters are repaired
    elif points is not None:
        code, what = points
        spellings.append(what)
    else:
        if keyword in {"trick", "deal"} and _PLAY_SEPARATOR.search(code):
            code = _PLAY_SEPARATOR.sub(lambda m: " " * len(m.group(0)), code)
            spellings.append(f"the {'plays' if keyword == 'trick' else 'seats'} are separated by commas")
        for m in _SEAT_WORD.finditer(code):
            spellings.append(f"the seat is written {m.group(1)!r}: write the seat as {m.group(1)[0].upper()}")
        code = _SEAT_WORD.sub(lambda m: m.group(1)[0].upper() + " " * (len(m.group(1)) - 1), code)
        for m in _LETTER_O_IN_TEN.finditer(code):
            letter = code[m.start() + 1]
            spellings.append(f"{char_name(letter)} at column {m.start() + 2} in {code[m.start():m.end() + 1]!r} "
                             "is read as the digit 0")
        code = _LETTER_O_IN_TEN.sub("10", code)
    if not characters and not spellings:
        return None
    return Respelling(code + rest, tuple(characters), tuple(spellings), first)
