"""Chunks written the usual way are read without the LALR parser, into exactly the models it builds.

The plain reader (auditor/notation/plain.py) takes a hand or tag chunk only when its whole text is
the grammar's line tokens; everything else goes to the parser.  Each input here is read twice, with
the plain reader and with a reader that takes nothing (the parser reads every chunk, as before), and
the games must be equal, positions, comments and lost lines included.
"""

from __future__ import annotations

import io
import random

import pytest

from auditor.findings import REGISTRY
from auditor.model import GameRecord
from auditor.notation import reader
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
