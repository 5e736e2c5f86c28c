"""Property tests: every shape of slip, typed into generated games with offences, under several rulesets and
player counts, is read as meant and accuses nobody.

The games come from the simulator (``--errors``: offences it injects and plays on from, and wrong sheet
entries) under hoyle, three-handed, two-handed and stick-the-dealer, and from tests/gen_games.py (an
independent referee).  A slip of each shape is typed into the text (a hand line deleted, two bids in the
other order, a card written as another of its suit, words after a trick), or one in each of two hands, and
the rule of
docs/slips.md must hold: nobody is accused who was not before, the sheet is faulted no more often, and the
corrected score and the winner stay the clean game's.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gen_games as gen
from auditor.rules.loader import load_ruleset
from auditor.table import table_of
from conftest import audit_text
from test_simulate_variations import generate

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULESETS = ["hoyle", "three-handed", "two-handed", "stick-the-dealer"]
ACCUSING = {"renege", "left-bower", "turn", "deal", "bid", "discard", "score"}

Lines = list[str]
Slip = Callable[[random.Random, Lines, str], Lines | None]


def _hands(lines: Lines) -> list[tuple[int, int]]:
    starts = [i for i, line in enumerate(lines) if line.startswith("hand ")]
    ends = starts[1:] + [len(lines)]
    return [(s, next((i for i in range(s, e) if lines[i].startswith("[")), e)) for s, e in zip(starts, ends)]


def _full(lines: Lines, first: int, end: int, tricks: int) -> bool:
    block = lines[first:end]
    return any(line.startswith("deal ") for line in block) and sum(line.startswith("trick ") for line in block) == tricks


def _tricks(rules: str) -> int:
    return table_of(load_ruleset(rules)).tricks


# --- the shapes -------------------------------------------------------------------------------------
def hand_line_deleted(rng: random.Random, lines: Lines, rules: str) -> Lines | None:
    """A hand line gone (not a game's first), after a hand that was played: two hands run together."""
    n = _tricks(rules)
    options = [s for (p, pe), (s, e) in zip(_hands(lines), _hands(lines)[1:])
               if pe == s and _full(lines, s, e, n) and _full(lines, p, pe, n)]
    if not options:
        return None
    at = rng.choice(options)
    return lines[:at] + lines[at + 1:]


def card_miswritten(rng: random.Random, lines: Lines, rules: str) -> Lines | None:
    """A card of a trick written as another card of its suit that another player plays in the hand."""
    n = _tricks(rules)
    options = []
    for s, e in _hands(lines):
        if not _full(lines, s, e, n):
            continue
        plays = [(i, p) for i in range(s, e) if lines[i].startswith("trick ") for p in lines[i][6:].split()]
        for i, play in plays:
            seat, card = play.split(":")
            twins = [c for j, q in plays for who, c in [q.split(":")] if who != seat and c != card and c[-1] == card[-1]]
            options += [(i, play, f"{seat}:{twin}") for twin in twins]
    if not options:
        return None
    at, old, new = rng.choice(options)
    return [*lines[:at], re.sub(rf"(?<!\S){re.escape(old)}(?!\S)", new, lines[at], count=1), *lines[at + 1:]]


def bids_swapped(rng: random.Random, lines: Lines, rules: str) -> Lines | None:
    options = [i for i, line in enumerate(lines) if line.startswith("bid ") and "," in line]
    if not options:
        return None
    at = rng.choice(options)
    calls = lines[at][4:].split(", ")
    k = rng.randrange(len(calls) - 1)
    if calls[k].split()[0] == calls[k + 1].split()[0]:
        return None
    calls[k], calls[k + 1] = calls[k + 1], calls[k]
    return [*lines[:at], "bid " + ", ".join(calls), *lines[at + 1:]]


def note_words(rng: random.Random, lines: Lines, rules: str) -> Lines | None:
    options = [i for i, line in enumerate(lines) if line.startswith("trick ")]
    at = rng.choice(options)
    return [*lines[:at], lines[at] + rng.choice(["  gus trumped", "  nice one", "  what a hand!"]), *lines[at + 1:]]


SHAPES: list[Slip] = [hand_line_deleted, card_miswritten, bids_swapped, note_words]
#: shapes that change one hand only (one is typed into each of two hands)
IN_A_HAND: list[Slip] = [card_miswritten, bids_swapped, note_words]



# --- the games and the rule -------------------------------------------------------------------------
def _game_text(rng: random.Random, errors: float = 0.1) -> tuple[str, str]:
    rules = rng.choice([*RULESETS, "referee"])
    if rules == "referee":
        return gen.game_text(gen.random_game(rng, max_hands=10)), "hoyle"
    generated = generate(rules, games=1, seed=rng.randrange(10_000), errors=errors, called=0.5)
    return generated.text, rules


def _ruling(text: str, rules: str) -> tuple[set[tuple[str, int | None, str | None]], int, list[tuple[object, ...]], set[str]]:
    games = audit_text(text, rules)
    found = [f for g in games for f in g.all_findings()]
    errors = [f for f in found if f.category.value in ACCUSING and f.level.value == "error"]
    blamed = {(f.code.code, f.hand, f.seat.name if f.seat is not None else None) for f in errors if f.code.code != "P701"}
    sheet = sum(1 for f in errors if f.code.code == "P701")
    return blamed, sheet, [(g.computed, g.winner, g.won_in_hand) for g in games], {f.code.code for f in found}


def _holds(text: str, slipped: Lines | None, rules: str) -> None:
    if slipped is None:
        return
    before, sheet_before, score_before, _ = _ruling(text, rules)
    after, sheet_after, score_after, _ = _ruling("\n".join(slipped) + "\n", rules)
    assert after <= before, after - before
    assert sheet_after <= sheet_before
    assert score_after == score_before


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_each_shape_of_slip_is_read_as_meant_and_accuses_nobody(rng: random.Random) -> None:
    slip = rng.choice(SHAPES)
    text, rules = _game_text(rng)
    _holds(text, slip(rng, text.split("\n"), rules), rules)


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_slips_in_two_hands_of_one_game_are_each_read(rng: random.Random) -> None:
    text, rules = _game_text(rng)
    lines = text.split("\n")
    hands = [h for h in _hands(lines) if _full(lines, *h, _tricks(rules))]
    if len(hands) < 2:
        return
    (a, a_end), (b, b_end) = sorted(rng.sample(hands, 2))
    first = rng.choice(IN_A_HAND)(rng, lines[a:a_end], rules)
    second = rng.choice(IN_A_HAND)(rng, lines[b:b_end], rules)
    if first is None or second is None:
        return
    _holds(text, lines[:a] + first + lines[a_end:b] + second + lines[b_end:], rules)
