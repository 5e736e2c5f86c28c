"""Statements read as one token (the grammar's STATEMENTS, TAGS, HAND_LINE) read exactly as their rules.

For speed, the grammar gives every statement two spellings of the same
language: whole well-formed lines as one token, and the statement's rule, to
which the lexer falls back.  Here every text is read twice, by the notation's
parser and by a parser of the same grammar with the one-token spellings taken
out, and the two must build the same games: the same hands, positions,
comments and, for broken input, the same syntax error at the same place.
The reader also parses several hands per call of the parser; that too must
read exactly as one hand at a time.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gen_games as gen
from auditor.model import BrokenHand, GameRecord
from auditor.notation import reader
from auditor.resources import grammar_text
from conftest import SAMPLES

def rules_only_grammar() -> str:
    """The notation's grammar with the one-token alternatives taken out of its rules."""
    text = grammar_text()
    rules, terminals = text.split("// ---- whole statements", 1)
    one_token = re.findall(r"^([A-Z_]+):", terminals.split("// ---- terminals", 1)[0], re.MULTILINE)
    stripped = re.sub(rf"\b(?:{'|'.join(one_token)})\s*\|\s*", "", rules)
    code = re.sub(r"//[^\n]*", "", stripped)
    assert not [name for name in one_token if re.search(rf"\b{name}\b", code)], "a one-token alternative was left in a rule"
    return stripped + "// ---- whole statements" + terminals


@pytest.fixture(scope="module")
def rules_only() -> tuple[object, object]:
    return reader.build_parser(rules_only_grammar())


def read_both(text: str, rules_only: tuple[object, object], monkeypatch: pytest.MonkeyPatch) -> tuple[list[GameRecord], list[GameRecord]]:
    """The games as read (hands parsed in batches), and as read hand by hand with the rules alone."""
    fast = reader.read_text(text)
    with monkeypatch.context() as m:
        m.setattr(reader, "BATCH_CHUNKS", 1)
        one_by_one = reader.read_text(text)
        m.setattr(reader, "_parser", lambda: rules_only)
        slow = reader.read_text(text)
    assert fast == one_by_one
    return fast, slow


def test_the_grammar_spells_every_statement_as_one_token() -> None:
    text = grammar_text()
    for name in ("STATEMENTS", "TAGS", "HAND_LINE", "DEAL_LINE", "UP_LINE", "BID_LINE", "DISCARD_LINE",
                 "TRICK_LINE", "RENEGE_LINE", "SCORE_LINE", "TRICKS_LINE", "TAG_LINE"):
        assert re.search(rf"^{name}:", text, re.MULTILINE), name
    assert rules_only_grammar() != text


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*.txt")), ids=lambda p: p.name)
def test_samples_read_the_same_both_ways(sample, rules_only, monkeypatch) -> None:
    fast, slow = read_both(sample.read_text(encoding="utf-8"), rules_only, monkeypatch)
    assert fast and fast == slow


# --- random spellings ----------------------------------------------------------------

_GAPS = [" ", "  ", "\t", " \t ", "\f", " \f\t"]  # spacing is free within a line, between cards too


def respell(text: str, rng: random.Random, typos: bool) -> str:
    """The same record as a careless scorekeeper might type it (and, with typos, with mistakes)."""
    out = []
    for line in text.splitlines():
        if rng.random() < 0.3:
            line = re.sub(r" +", lambda _: rng.choice(_GAPS), line)
        if rng.random() < 0.1:
            line = re.sub(r"^(\w+) ", lambda m: m.group(1) + "\f", line)
        if rng.random() < 0.2:
            line = "".join(ch.upper() if rng.random() < 0.5 else ch.lower() for ch in line) if not line.startswith("[") else line
        if rng.random() < 0.2:
            line = rng.choice(["  ", "\t"]) + line
        if rng.random() < 0.2:
            line += rng.choice(["  ", " # noted by the table", "\t#x", "#"])
        if typos and line.strip() and rng.random() < 0.05:
            at = rng.randrange(len(line))
            line = line[:at] + rng.choice("x:,#5 QZ\u2660") + line[at + 1:]
        out.append(line)
        if rng.random() < 0.1:
            out.append(rng.choice(["", "   ", "# a comment line"]))
    end = "\r\n" if rng.random() < 0.2 else "\n"
    return end.join(out) + end


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), typos=st.booleans())
def test_random_spellings_read_the_same_both_ways(seed, typos, rules_only, monkeypatch) -> None:
    rng = random.Random(seed)
    game = gen.random_game(rng, max_hands=6)
    text = respell(gen.game_text(game, gen.Style.random(rng, sparse=True)), rng, typos)
    fast, slow = read_both(text, rules_only, monkeypatch)
    assert fast == slow
    if not typos:
        assert not any(isinstance(h, BrokenHand) for g in fast for h in g.hands)


def test_form_feeds_between_cards_read_as_spaces(rules_only, monkeypatch) -> None:
    """docs/notation.md: spacing within a line is free, so a form feed may stand wherever a space does."""
    text = (SAMPLES / "club-night.txt").read_text(encoding="utf-8")
    spaced = re.sub(r"(?m)^((?:deal|trick) .*)$", lambda m: m.group(1).replace(" ", "\f"), text)
    assert spaced.count("\f") > 100
    expected = reader.read_text(text)
    fast, slow = read_both(spaced, rules_only, monkeypatch)
    assert fast == slow == expected
    assert not any(isinstance(h, BrokenHand) for g in fast for h in g.hands)
