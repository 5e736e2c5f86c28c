"""Chunks written the usual way are read without the LALR parser, into exactly the models it builds.

The plain reader (auditor/notation/plain.py) takes a hand or tag chunk only when its whole text is
the grammar's line tokens; everything else goes to the parser.  Each input here is read twice, with
the plain reader and with a reader that takes nothing (the parser reads every chunk, as before), and
the games must be equal, positions, comments and lost lines included.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auditor.findings import REGISTRY
from auditor.model import GameRecord
from auditor.notation import plain, reader
from auditor.notation.chunks import Chunk
from auditor.rules.loader import load_ruleset
from auditor.simulate import simulate, write_games
from conftest import SAMPLES


class _TakesNothing:
    def read(self, chunk: Chunk) -> None:
        return None


def _both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[list[GameRecord], list[GameRecord]]:
    plain = list(reader.read_text(text))
    with monkeypatch.context() as m:
        m.setattr(reader, "_plain_reader", lambda: _TakesNothing())
        parsed = list(reader.read_text(text))
    return plain, parsed


def _generated(rules: str, changes: tuple[str, ...] = (), seed: int = 3) -> str:
    out = io.StringIO()
    write_games(simulate(load_ruleset(rules, list(changes)), 6, seed, 0.3, rules_name=rules, overrides=changes, called=0.3), out)
    return out.getvalue()


def _slipped(text: str, seed: int) -> str:
    """A character dropped, doubled or swapped on one line in five."""
    rng = random.Random(seed)
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if len(line) > 4 and rng.random() < 0.2:
            at = rng.randrange(len(line) - 2)
            lines[i] = [line[:at] + line[at + 1:], line[:at] + line[at] + line[at:],
                        line[:at] + line[at + 1] + line[at] + line[at + 2:]][rng.randrange(3)]
    return "".join(lines)


RARE_SPELLINGS = """\
[Event "rare spellings"]  # a comment after a tag
[Rules "hoyle"]

hand1 dealerE
deal S: KD QD KS 9C TC  W: 9H AD QC AS JC  N: JD 9S KH QS 9D  E: QH TH AC KC TS
UP JS
# a comment line between statements

bid S pass, W order   # ordered up
discard TH
  trick S:9C W:QC N:9S E:KC
trick N:9D  E:TS  S:QD  W:AD\r
trick E:JS S:KS W:AS N:QS
trick E:AC S:TC W:9H N:JD
trick E:QH S:KD W:JC N:KH
score NS 0 EW 1

   hand 2 dealer S
deal W: JC QS KC QH AD  N: QC KS TD JD 9H  E: JH 9S KD TC JS  S: QD 9C 9D AC TH
up AS
bid W pass N pass E pass S pass W pass N pass E pass S pass
score NS 0 EW 1
"""


@pytest.mark.parametrize("name", ["samples", "examples", "hoyle", "joker", "variations", "slipped", "rare"])
def test_the_plain_reader_builds_what_the_parser_builds(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = {
        "samples": lambda: "\n".join(p.read_text(encoding="utf-8") for p in sorted(SAMPLES.glob("*.txt"))),
        "examples": lambda: "".join(f"[Event \"{c.code}\"]\n{c.example}\n" for c in REGISTRY.values()),
        "hoyle": lambda: _generated("hoyle"),
        "joker": lambda: _generated("joker", ("bidding.no_trump_calls=[high, low]",)),
        "variations": lambda: _generated("hoyle", ("deal.go_under=true", "bidding.partners_best=true", "deal.farmers_hand=true")),
        "slipped": lambda: _slipped(_generated("hoyle", seed=5), 11),
        "rare": lambda: RARE_SPELLINGS,
    }[name]()
    plain, parsed = _both(text, monkeypatch)
    assert len(plain) == len(parsed) > 0
    for mine, theirs in zip(plain, parsed):
        assert mine == theirs


def test_most_chunks_of_a_usual_file_are_read_plain_and_the_rest_by_the_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    real = reader._plain_reader()
    taken: list[bool] = []

    class Counting:
        def read(self, chunk: Chunk):  # type: ignore[no-untyped-def]
            read = real.read(chunk)
            taken.append(read is not None)
            return read

    monkeypatch.setattr(reader, "_plain_reader", lambda: Counting())
    list(reader.read_text(_generated("hoyle")))
    assert taken and all(taken)  # generated games are written the usual way: not one chunk for the parser
    taken.clear()
    games = list(reader.read_text(RARE_SPELLINGS))
    # the tag block is read plain (a comment after a tag is part of the line token), both hands (no spaces
    # in `hand1 dealerE`; an indented `hand` line) by the parser; the models are the parser's, above
    assert taken == [True, False, False]
    assert [h.number for h in games[0].hands] == [1, 2]


# ------------------------------------------------------------------ the usual spelling's shortcut
# every alternative of plain.USUAL, as fmt and simulate write it
USUAL_LINES = [
    "deal S: KD QD KS 9C TC  W: 9H AD QC AS JC  N: JD 9S KH QS 9D  E: QH TH AC KC TS",
    "deal N: 10S JK B 7H 8D",
    "up JS", "up JK D", "up B S",
    "bid S pass, W order", "bid N pass, E order H alone", "bid E call C alone, S defend alone", "bid W call high",
    "discard TH",
    "trick S:9C W:QC N:9S E:KC", "trick N:JK", "trick E:10D S:B",
    "score NS 0 EW 1", "score N 4 E 2 W 7", "tricks NS 3 EW 2", "tricks N 1 E 2 W 10",
    "renege W",
]
_FRAGMENTS = [" ", "  ", "\t", "\f", "\r", "\n", "\n\n", ":", ",", "#", "x", "6", "10", "JK", "B", "NS", "alone", "\u2663", ""]


def _statements_fit_whole(text: str) -> bool:
    run = reader._plain_reader().statements.match(text)
    return run is not None and run.end() == len(text)


def test_no_one_character_slip_in_a_usual_line_passes_the_shortcut_unless_the_grammar_takes_it() -> None:
    """USUAL is a shortcut, not a second grammar: every line one character away from the usual
    spelling (put in, put for one or two, or taken out, anywhere) that USUAL fits, the grammar fits too."""
    alphabet = [chr(c) for c in range(32, 127)] + ["\t", "\f", "\r", "\n", "\u2663", "\u0130"]
    checked = fitted = 0
    for line in USUAL_LINES:
        text = line + "\n"
        for at in range(len(text) + 1):
            variants = [text[:at] + text[at + 1:]] + [text[:at] + ch + text[at + k:] for ch in alphabet for k in (0, 1, 2)]
            for variant in variants:
                checked += 1
                if plain.USUAL.fullmatch(variant) is not None:
                    fitted += 1
                    assert _statements_fit_whole(variant), repr(variant)
    assert checked > 50_000 and fitted > 500  # the slips it takes are real spellings (another card, seat, digit)


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(st.sampled_from(USUAL_LINES), min_size=1, max_size=6),
       edits=st.lists(st.tuples(st.integers(0, 400), st.integers(0, 3), st.sampled_from(_FRAGMENTS)), max_size=4),
       blank=st.sampled_from(["\n", "\n\n"]))
def test_the_usual_spelling_accepts_only_what_the_grammar_accepts(lines: list[str], edits: list[tuple[int, int, str]], blank: str) -> None:
    """The same over several lines and several slips at once: put in, replaced, one or two characters taken out."""
    text = "\n".join(lines) + blank
    for at, kind, fragment in edits:
        at %= len(text) + 1
        text = [text[:at] + fragment + text[at:], text[:at] + fragment + text[at + 1:],
                text[:at] + text[at + 1:], text[:at] + text[at + 2:]][kind]
    if plain.USUAL.fullmatch(text) is not None:
        assert _statements_fit_whole(text), repr(text)


def test_the_usual_spelling_fits_every_line_written_the_usual_way() -> None:
    """Each alternative of the shortcut is used (else it only costs time), and generated games fit it."""
    for line in USUAL_LINES:
        assert plain.USUAL.fullmatch(line + "\n") is not None, line
    bodies = re.findall(r"^hand [^\n]*\n((?:(?!hand |\[)[^\n]*\n)+)", _generated("hoyle"), re.M)
    assert len(bodies) > 20
    assert [b for b in bodies if plain.USUAL.fullmatch(b) is None] == []
