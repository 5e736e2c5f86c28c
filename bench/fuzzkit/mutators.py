"""Byte and line mutations of any text input: each takes ``(rng, data)`` and returns new bytes.

The mutations a scorekeeper's editor, a bad copy or a hostile sender would make:
flipped, deleted and inserted bytes, the notation's own words in the wrong place,
lines swapped, repeated, lost or cut short, NUL bytes and bytes that are not UTF-8,
other encodings and line ends, letters that look like ASCII but are not, and lines
far longer than any reader should keep.
"""

from __future__ import annotations

import random
from collections.abc import Callable

Mutator = Callable[[random.Random, bytes], bytes]

#: one mebibyte: the size of the "huge line" mutation (the 50 MB line is a special case)
MB = 1024 * 1024

SEATS = ["N", "E", "S", "W", "n", "e", "s", "w"]
CARDS = [r + s for r in ["9", "10", "T", "J", "Q", "K", "A", "7", "8"] for s in "CDHScdhs"] + ["J\u2660", "A\u2665", "K\u2666", "9\u2663"]
KEYWORDS = [
    "hand", "dealer", "deal", "up", "bid", "pass", "order", "call", "alone", "defend", "discard",
    "trick", "tricks", "renege", "score", "NS", "EW", "HAND", "Trick", "Score",
]
PUNCTUATION = ["[", "]", '"', "#", ":", ",", "\\", "\t", "\f", " "]
NUMBERS = ["0", "1", "5", "10", "-1", "999999", "1000000", "00007", "4294967296", "9" * 40, "1" * 5000]
TAG_WORDS = ["[Event", "[Rules", "[Set", '"hoyle"]', '"rules.yaml"]', '"target=7"]', "[Winner", '"NS"]']
#: every word the notation knows, and the punctuation between them
WORDS = KEYWORDS + SEATS + CARDS + PUNCTUATION + NUMBERS[:-1] + TAG_WORDS

#: letters that look like ASCII and are not (and spaces and quotes of other kinds)
LOOKALIKES: dict[str, list[str]] = {
    " ": ["\u00a0", "\u2007", "\u3000", "\u200b"],
    "a": ["\u0430"], "c": ["\u0441"], "e": ["\u0435"], "o": ["\u043e"], "p": ["\u0440"], "x": ["\u0445"],
    "i": ["\u0131", "\u0456"], "d": ["\u0501"], "s": ["\u0455"],
    "A": ["\u0410", "\u0391"], "C": ["\u0421"], "E": ["\u0415"], "H": ["\u041d"], "K": ["\u212a", "\u041a"],
    "N": ["\u039d"], "S": ["\u0405"], "T": ["\u0422"], "W": ["\u051c"], "J": ["\u0408"], "Q": ["\u051a"],
    '"': ["\u201c", "\u201d", "\u00ab"], "'": ["\u2018", "\u2019"], ":": ["\uff1a", "\u2236"], ",": ["\uff0c"],
    "-": ["\u2212", "\u2013"], "0": ["\uff10"], "1": ["\u0661", "\uff11"],
}
#: characters some readers take for a line end and others do not
ODD_BREAKS = ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]
INVALID_UTF8 = [b"\xff", b"\xfe", b"\x80", b"\xc3", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe2\x82", b"\xf0\x9f\x98"]


def _pos(rng: random.Random, data: bytes | bytearray) -> int:
    return rng.randint(0, len(data))


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


def flip_bits(rng: random.Random, data: bytes) -> bytes:
    if not data:
        return bytes([rng.randrange(256)])
    out = bytearray(data)
    for _ in range(rng.choice([1, 1, 1, 2, 4, 8])):
        i = rng.randrange(len(out))
        out[i] ^= 1 << rng.randrange(8)
    return bytes(out)


def random_bytes(rng: random.Random, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.choice([1, 2, 3, 8])):
        i = _pos(rng, out)
        out[i:i + rng.choice([0, 1])] = bytes([rng.randrange(256)])
    return bytes(out)


def delete_span(rng: random.Random, data: bytes) -> bytes:
    if not data:
        return data
    i = rng.randrange(len(data))
    n = rng.choice([1, 1, 2, 3, rng.randint(1, 64), rng.randint(1, 4096)])
    return data[:i] + data[i + n:]


def insert_word(rng: random.Random, data: bytes) -> bytes:
    """A word of the notation, alone or with spaces, at a word boundary or anywhere."""
    word = rng.choice(WORDS)
    word = rng.choice(["", " ", " ", "\n"]) + word + rng.choice(["", " ", " ", "\n"])
    if data and rng.random() < 0.7:
        spaces = [i for i, b in enumerate(data[:200_000]) if b in b" \n"] or [0]
        i = rng.choice(spaces)
    else:
        i = _pos(rng, data)
    return data[:i] + word.encode() + data[i:]


def replace_word(rng: random.Random, data: bytes) -> bytes:
    """One word of a line replaced by another word of the notation."""
    lines = _lines(data)
    if not lines:
        return data
    k = rng.randrange(len(lines))
    words = lines[k].split(b" ")
    w = rng.randrange(len(words))
    ending = b"\n" if words[w].endswith(b"\n") else b""
    words[w] = rng.choice(WORDS).encode() + ending
    lines[k] = b" ".join(words)
    return b"".join(lines)


def swap_lines(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    if len(lines) < 2:
        return data
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"".join(lines)


def duplicate_lines(rng: random.Random, data: bytes) -> bytes:
    """A line (or a run of lines) repeated: usually once, sometimes past the readers' counts."""
    lines = _lines(data)
    if not lines:
        return data
    i = rng.randrange(len(lines))
    run = lines[i:i + rng.choice([1, 1, 2, 11])]
    times = rng.choice([1, 1, 2, 3, 401, 1001, 2001])
    block = b"".join(run)
    if not block.endswith((b"\n", b"\r")):
        block += b"\n"
    times = min(times, max(1, 2 * MB // max(1, len(block))))
    return b"".join(lines[:i]) + block * times + b"".join(lines[i:])


def delete_lines(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    if not lines:
        return data
    i = rng.randrange(len(lines))
    return b"".join(lines[:i] + lines[i + rng.choice([1, 1, 2, 5]):])


def truncate(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randint(0, len(data))] if data else data


def insert_nul(rng: random.Random, data: bytes) -> bytes:
    i = _pos(rng, data)
    return data[:i] + b"\x00" * rng.choice([1, 1, 2, 100]) + data[i:]


def invalid_utf8(rng: random.Random, data: bytes) -> bytes:
    i = _pos(rng, data)
    return data[:i] + rng.choice(INVALID_UTF8) + data[i:]


def odd_break(rng: random.Random, data: bytes) -> bytes:
    """A vertical tab, form feed, NEL or Unicode line separator where a space or line end was."""
    i = _pos(rng, data)
    return data[:i] + rng.choice(ODD_BREAKS).encode() + data[i:]


def lookalike(rng: random.Random, data: bytes) -> bytes:
    """Some ASCII letters, spaces or quotes replaced by characters that look the same."""
    text = data.decode("utf-8", errors="surrogateescape")
    spots = [i for i, ch in enumerate(text[:200_000]) if ch in LOOKALIKES]
    if not spots:
        return data
    chars = list(text)
    for i in rng.sample(spots, min(len(spots), rng.choice([1, 1, 2, 5]))):
        chars[i] = rng.choice(LOOKALIKES[chars[i]])
    return "".join(chars).encode("utf-8", errors="surrogateescape")


def huge_number(rng: random.Random, data: bytes) -> bytes:
    """A number too long for the notation (and, at 5,000 digits, for Python's int())."""
    lines = _lines(data)
    digits = rng.choice(["9" * 7, "1" * 40, "1" * 4301, "1" * 5000, "0" * 10000 + "1"])
    line = rng.choice([f"hand {digits} dealer N\n", f"score NS {digits} EW 0\n", f"tricks NS {digits} EW 0\n", f"{digits}\n"])
    i = rng.randint(0, len(lines))
    return b"".join(lines[:i]) + line.encode() + b"".join(lines[i:])


def huge_line(rng: random.Random, data: bytes) -> bytes:
    """A line of about 1 MB (rarely used: see cases.py), of one of several kinds."""
    size = rng.choice([MB, MB + 1, 4 * 4002 + rng.randint(-8, 8), 256 * 1024 + rng.randint(-4, 4)])
    kind = rng.randrange(9)
    if kind == 0:
        body = b"x" * size
    elif kind == 1:
        body = b"trick N:AS E:KS S:QS W:JS " * (size // 26)
    elif kind == 2:
        body = b"score NS " + b"1" * size
    elif kind == 3:
        body = b'[Event "' + b"a" * size + b'"]'
    elif kind == 4:
        body = b"# " + b" " * size
    elif kind == 5:
        body = "\u2665".encode() * (size // 3) + b"\xe2\x99"  # a character cut at the end
    elif kind == 6:
        body = b"\x00" * size
    elif kind == 7:
        body = b"a" * size + rng.choice(INVALID_UTF8)  # a bad byte past where a reader stops keeping the line
    else:
        body = b"hand 1 dealer N " + b"\t" * size
    end = rng.choice([b"\n", b"\r\n", b"\r", b""])
    lines = _lines(data)
    i = rng.randint(0, len(lines))
    if i < len(lines) or not end:
        end = end or b"\n"
    return b"".join(lines[:i]) + body + end + b"".join(lines[i:])


# ------------------------------------------------------------ whole-file transforms
def utf16_bom(rng: random.Random, data: bytes) -> bytes:
    """The file in UTF-16 with its byte-order mark, little- or big-endian (rarely without the mark)."""
    text = data.decode("utf-8", errors="replace")
    if rng.random() < 0.1:
        return text.encode(rng.choice(["utf-16-le", "utf-16-be"]))
    if rng.random() < 0.5:
        return b"\xff\xfe" + text.encode("utf-16-le")
    return b"\xfe\xff" + text.encode("utf-16-be")


def utf8_bom(rng: random.Random, data: bytes) -> bytes:
    """A UTF-8 byte-order mark at the start, twice, or in the middle of the file."""
    bom = b"\xef\xbb\xbf"
    choice = rng.randrange(3)
    if choice == 0:
        return bom + data
    if choice == 1:
        return bom + bom + data
    i = _pos(rng, data)
    return data[:i] + bom + data[i:]


def cr_only(rng: random.Random, data: bytes) -> bytes:
    return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r")


def mixed_line_ends(rng: random.Random, data: bytes) -> bytes:
    lines = data.replace(b"\r\n", b"\n").split(b"\n")
    ends = [b"\n", b"\r\n", b"\r", b"\r\r\n", b"\n\r"]
    out = bytearray()
    for k, line in enumerate(lines):
        out += line
        if k < len(lines) - 1:
            out += rng.choice(ends)
    return bytes(out)


def drop_final_newline(rng: random.Random, data: bytes) -> bytes:
    return data.rstrip(b"\r\n")


#: (name, weight, mutator): line and byte mutations, several of which are applied to an input
MUTATORS: list[tuple[str, int, Mutator]] = [
    ("flip_bits", 10, flip_bits),
    ("random_bytes", 6, random_bytes),
    ("delete_span", 8, delete_span),
    ("insert_word", 14, insert_word),
    ("replace_word", 10, replace_word),
    ("swap_lines", 8, swap_lines),
    ("duplicate_lines", 8, duplicate_lines),
    ("delete_lines", 6, delete_lines),
    ("truncate", 4, truncate),
    ("insert_nul", 3, insert_nul),
    ("invalid_utf8", 3, invalid_utf8),
    ("odd_break", 3, odd_break),
    ("lookalike", 6, lookalike),
    ("huge_number", 2, huge_number),
]

#: (name, weight, transform): applied last, to the whole file, to some inputs
TRANSFORMS: list[tuple[str, int, Mutator]] = [
    ("utf16_bom", 2, utf16_bom),
    ("utf8_bom", 3, utf8_bom),
    ("cr_only", 3, cr_only),
    ("mixed_line_ends", 4, mixed_line_ends),
    ("drop_final_newline", 3, drop_final_newline),
]


def pick(rng: random.Random, table: list[tuple[str, int, Mutator]]) -> tuple[str, Mutator]:
    name, _, fn = rng.choices(table, weights=[w for _, w, _ in table])[0]
    return name, fn


def mutate(rng: random.Random, data: bytes, steps: list[str], max_mutations: int = 6) -> bytes:
    """``data`` with 1 to ``max_mutations`` mutations (fewer more often); their names go to ``steps``."""
    count = min(max_mutations, 1 + int(rng.expovariate(0.8)))
    for _ in range(count):
        name, fn = pick(rng, MUTATORS)
        data = fn(rng, data)
        steps.append(name)
    return data


def transform(rng: random.Random, data: bytes, steps: list[str]) -> bytes:
    name, fn = pick(rng, TRANSFORMS)
    steps.append(name)
    return fn(rng, data)
