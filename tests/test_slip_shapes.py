"""Property tests: every shape of slip, typed into generated games with offences, under several rulesets and
player counts, is read as meant and accuses nobody.

The games come from the simulator (``--errors``: offences it injects and plays on from, and wrong sheet
entries) under hoyle, three-handed, two-handed and stick-the-dealer, and from tests/gen_games.py (an
independent referee).  A slip of each kind docs/slips.md lists is typed into the text (a hand line deleted,
a wrong dealer letter, two trick lines or two bids in the other order, a card written as another of its
suit, one wrong running total, words after a trick, a seat letter written twice, two seat letters swapped,
a line not written, a hand number written twice, a deal line cut short or with a card too many), or one into each of two hands, or two into one hand,
and the rule of docs/slips.md must hold: nobody is accused who was not before, no accusation of the clean
game is lost outside the slipped hands, the sheet is faulted no more often, and the corrected score and the
winner stay the clean game's.
"""

from __future__ import annotations

import difflib
import random
import re
from collections import Counter
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gen_games as gen
from auditor.rules.loader import load_ruleset
from auditor.table import table_of
from conftest import audit_text
from test_simulate_variations import generate

#: the same examples every run, so that the suite is reproducible
SETTINGS = settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
RULESETS = ["hoyle", "three-handed", "two-handed", "stick-the-dealer"]
ACCUSING = {"renege", "left-bower", "turn", "deal", "bid", "discard", "score"}

Lines = list[str]
#: a slip typed at one of the lines ``where`` allows (a hand's, or the whole game's): the lines, or None
#: where the game has no place for it
Slip = Callable[[random.Random, Lines, str, range], Lines | None]


def _hands(lines: Lines) -> list[tuple[int, int]]:
    starts = [i for i, line in enumerate(lines) if line.startswith("hand ")]
    ends = starts[1:] + [len(lines)]
    return [(s, next((i for i in range(s, e) if lines[i].startswith("[")), e)) for s, e in zip(starts, ends)]


def _full(lines: Lines, first: int, end: int, tricks: int) -> bool:
    block = lines[first:end]
    return any(line.startswith("deal ") for line in block) and sum(line.startswith("trick ") for line in block) == tricks


def _table(rules: str) -> tuple[str, int]:
    table = table_of(load_ruleset(rules))
    return "".join(s.name for s in table.seats), table.tricks


def _in_full_hands(lines: Lines, rules: str, where: range) -> list[tuple[int, int]]:
    return [(s, e) for s, e in _hands(lines) if s in where and _full(lines, s, e, _table(rules)[1])]


def _starting(lines: Lines, where: range, keyword: str, rules: str | None = None) -> list[int]:
    """The lines in ``where`` that start with ``keyword`` (in hands with their deal and all their tricks)."""
    spans = _in_full_hands(lines, rules, where) if rules is not None else [(where.start, where.stop)]
    return [i for s, e in spans for i in range(max(s, where.start), min(e, where.stop)) if lines[i].startswith(keyword + " ")]


def _plays(line: str) -> list[str]:
    """The plays of a trick line (not the words of a note after them)."""
    return [word for word in line[6:].split() if ":" in word]


def _put(lines: Lines, at: int, new: str | None) -> Lines:
    return [*lines[:at], *([] if new is None else [new]), *lines[at + 1:]]


# --- the shapes -------------------------------------------------------------------------------------
def hand_line_deleted(rng: random.Random, lines: Lines, rules: str, where: range) -> Lines | None:
    """A hand line gone (not a game's first), after a hand that was played: two hands run together."""
    n = _table(rules)[1]
    options = [s for (p, pe), (s, e) in zip(_hands(lines), _hands(lines)[1:])
               if s in where and pe == s and _full(lines, s, e, n) and _full(lines, p, pe, n)]
    return _put(lines, rng.choice(options), None) if options else None


def dealer_letter(rng: random.Random, lines: Lines, rules: str, where: range) -> Lines | None:
    """The dealer's letter written for another seat's, in a hand whose bidding is written."""
    options = [s for s, e in _hands(lines) if s in where and any(lines[i].startswith("bid ") for i in range(s, e))]
    if not options:
        return None
    at = rng.choice(options)
    head, written = lines[at].rsplit(" ", 1)
    return _put(lines, at, f"{head} {rng.choice([s for s in _table(rules)[0] if s != written])}")


def _leaders(lines: Lines, first: int, end: int, tricks: list[int]) -> list[str]:
    """Who led the trick of each line of ``tricks``: the seat the deal gives its first card (the up card the
    dealer's: the seat the deal line ends with), where that card is played once in the hand, else its first
    seat letter.  So a seat slip typed into the hand before (two letters swapped, one written twice, the
    dealer's letter) does not make a lead look wrong that is not."""
    owner: dict[str, str] = {}
    dealer = lines[first].split()[-1]
    for line in lines[first:end]:
        if line.startswith("deal "):
            seat = None
            for word in line[5:].split():
                if word.endswith(":"):
                    seat = dealer = word[:-1]
                elif seat is not None:
                    owner[word] = seat
    up = next((line.split()[1] for line in lines[first:end] if line.startswith("up ") and len(line.split()) > 1), None)
    if up is not None:
        owner.setdefault(up, dealer)
    firsts = [_plays(lines[i])[0].split(":", 1) for i in tricks]
    played = Counter(play.split(":", 1)[1] for i in tricks for play in _plays(lines[i]))
    return [owner.get(card, seat) if played[card] == 1 else seat for seat, card in firsts]


def trick_lines_swapped(rng: random.Random, lines: Lines, rules: str, where: range) -> Lines | None:
    """Two trick lines of a hand the other way round (next to each other, or any two), where the leads show
    it: so read, some trick is not led by the winner of the trick before (in the clean game each trick is
    led by the winner of the one before, so that winner is the next line's leader).  Where every lead stays
    right, the lines make sense as written, and the slip is not one the record can show."""
    hands = _in_full_hands(lines, rules, where)
    if not hands:
        return None
    first, end = rng.choice(hands)
    tricks = [i for i in range(first, end) if lines[i].startswith("trick ")]
    leaders = _leaders(lines, first, end, tricks)
    winners: list[str | None] = [*leaders[1:], None]

    def shows(order: list[int]) -> bool:
        return leaders[order[0]] != leaders[0] or any(winners[a] is not None and leaders[b] != winners[a] for a, b in zip(order, order[1:]))

    pairs = [(k, k + 1) for k in range(len(tricks) - 1)] if rng.random() < 0.7 else \
        [(a, b) for a in range(len(tricks)) for b in range(a + 1, len(tricks))]
    pairs = [(a, b) for a, b in pairs if shows([b if k == a else a if k == b else k for k in range(len(tricks))])]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    out = list(lines)
    out[tricks[a]], out[tricks[b]] = out[tricks[b]], out[tricks[a]]
    return out


def card_miswritten(rng: random.Random, lines: Lines, rules: str, where: range) -> Lines | None:
    """A card of a trick written as another card of its suit that another player plays in the hand."""
    options = []
    for s, e in _in_full_hands(lines, rules, where):
        plays = [(i, p) for i in range(s, e) if lines[i].startswith("trick ") for p in _plays(lines[i])]
        for i, play in plays:
            seat, card = play.split(":")
            twins = [c for j, q in plays for who, c in [q.split(":")] if who != seat and c != card and c[-1] == card[-1]]
            options += [(i, play, f"{seat}:{twin}") for twin in twins]
    if not options:
        return None
    at, old, new = rng.choice(options)
    return _put(lines, at, re.sub(rf"(?<!\S){re.escape(old)}(?!\S)", new, lines[at], count=1))


def bids_swapped(rng: random.Random, lines: Lines, rules: str, where: range) -> Lines | None:
    options = [i for i in _starting(lines, where, "bid") if "," in lines[i]]
    if not options:
        return None
    at = rng.choice(options)
    calls = lines[at][4:].split(", ")
    k = rng.randrange(len(calls) - 1)
    if calls[k].split()[0] == calls[k + 1].split()[0]:
        return None
    calls[k], calls[k + 1] = calls[k + 1], calls[k]
    return _put(lines, at, "bid " + ", ".join(calls))


def running_total(rng: random.Random, lines: Lines, rules: str, where: range) -> Lines | None:
    """One running total a point off, in an entry whose neighbours are written, so that the next can come back.
    The entry and the next are ones the sheet has right (the one before may be wrong): a slip on an entry that
    is wrong already, or before one that is, is the same record as two wrong entries in a row, which are read
    as the sheet's two errors."""
    faulted = {f.pos.line - 1 for g in audit_text("\n".join(lines), rules) for f in g.all_findings() if f.code.code == "P701"}
    scores = [i for i, line in enumerate(lines) if line.startswith("score ")]
    options = [b for a, b, c in zip(scores, scores[1:], scores[2:])
               if b in where and not {b, c} & faulted and not any(lines[i].startswith("[") for i in range(a, c))]
    if not options:
        return None
    at = rng.choice(options)
    m = rng.choice(list(re.finditer(r"\d+", lines[at])))
    return _put(lines, at, lines[at][:m.start()] + str(int(m.group()) + 1) + lines[at][m.end():])


def note_words(rng: random.Random, lines: Lines, rules: str, where: range) -> Lines | None:
    options = _starting(lines, where, "trick")
    if not options:
        return None
    at = rng.choice(options)
    return _put(lines, at, lines[at] + rng.choice(["  gus trumped", "  nice one", "  what a hand!"]))


def _a_trick_retyped(rng: random.Random, lines: Lines, rules: str, where: range,
                    retype: Callable[[random.Random, list[str]], None]) -> Lines | None:
    """One trick line of ``where`` with its plays (``N:QH`` words) changed in place by ``retype``."""
    options = _starting(lines, where, "trick", rules)
    if not options:
        return None
    at = rng.choice(options)
    plays = _plays(lines[at])
    retype(rng, plays)
    return _put(lines, at, "trick " + " ".join(plays))


def _seat_twice(rng: random.Random, plays: list[str]) -> None:
    i = rng.randrange(len(plays))
    j = i - 1 if i else 1
    plays[i] = plays[j][0] + plays[i][1:]


def _seats_swapped(rng: random.Random, plays: list[str]) -> None:
    i, j = rng.sample(range(len(plays)), 2)
    plays[i], plays[j] = plays[j][0] + plays[i][1:], plays[i][0] + plays[j][1:]


def seat_written_twice(rng: random.Random, lines: Lines, rules: str, where: range) -> Lines | None:
    """One seat letter of a trick typed as its neighbour's."""
    return _a_trick_retyped(rng, lines, rules, where, _seat_twice)


def seats_swapped(rng: random.Random, lines: Lines, rules: str, where: range) -> Lines | None:
    """Two seat letters of a trick typed the wrong way round."""
    return _a_trick_retyped(rng, lines, rules, where, _seats_swapped)


def line_not_written(keyword: str) -> Slip:
    def slip(rng: random.Random, lines: Lines, rules: str, where: range) -> Lines | None:
        options = _starting(lines, where, keyword, rules)
        return _put(lines, rng.choice(options), None) if options else None
    slip.__name__ = f"{keyword}_not_written"
    return slip


def number_repeated(rng: random.Random, lines: Lines, rules: str, where: range) -> Lines | None:
    """A hand number written as the one before it."""
    heads = [s for (p, _), (s, _) in zip(_hands(lines), _hands(lines)[1:]) if s in where]
    if not heads:
        return None
    at = rng.choice(heads)
    number = int(lines[at].split()[1])
    return _put(lines, at, lines[at].replace(f"hand {number} ", f"hand {number - 1} ", 1))


def deal_line_cut_short(rng: random.Random, lines: Lines, rules: str, where: range) -> Lines | None:
    """A deal line whose end is lost: cut after a seat's first cards, before its last (the seats after it gone)."""
    options = []
    for at in _starting(lines, where, "deal", rules):
        for seat in re.finditer(r"\S+:((?:\s+[^\s:]+(?=\s|$))+)", lines[at]):  # a seat and its cards
            cards = list(re.finditer(r"\S+", seat.group(1)))
            options += [(at, seat.start(1) + card.end()) for card in cards[:-1]]
    if not options:
        return None
    at, cut = rng.choice(options)
    return _put(lines, at, lines[at][:cut])


def deal_line_card_too_many(rng: random.Random, lines: Lines, rules: str, where: range) -> Lines | None:
    """A card written once too often in a deal line, at a random place among a seat's cards: another seat's card of
    the line, the up card, or (for a seat that plays in the hand, so that the rest of its hand shows which card is
    too many) a card dealt to nobody."""
    options = []
    for at in _starting(lines, where, "deal", rules):
        end = next((i for i in range(at + 1, len(lines)) if lines[i].startswith(("hand ", "["))), len(lines))
        up = [line.split()[1] for line in lines[at:end] if line.startswith("up ")]
        played = {word for line in lines[at:end] if line.startswith("trick ") for word in _plays(line)}
        seats = list(re.finditer(r"(\S+):((?:\s+[^\s:]+(?=\s|$))+)", lines[at]))  # a seat and its cards
        written = {card for seat in seats for card in seat.group(2).split()} | set(up)
        nobodys = sorted({r + s for r in "9TJQKA" for s in "CDHS"} - written - {w.split(":")[1] for w in played})
        for seat in seats:
            others = [card for other in seats if other is not seat for card in other.group(2).split()]
            plays = any(w.startswith(seat.group(1) + ":") for w in played)
            cards = [*others, *up, *(nobodys if plays else [])]
            places = [seat.start(2)] + [seat.start(2) + card.end() for card in re.finditer(r"\S+", seat.group(2))]
            options += [(at, place, cards) for place in places if cards]
    if not options:
        return None
    at, place, cards = rng.choice(options)
    return _put(lines, at, f"{lines[at][:place]} {rng.choice(cards)}{lines[at][place:]}")


#: shapes that change one hand only (one is typed into each of two hands)
IN_A_HAND: list[Slip] = [dealer_letter, trick_lines_swapped, card_miswritten, bids_swapped, note_words,
                         seat_written_twice, seats_swapped, line_not_written("trick"), line_not_written("up"),
                         line_not_written("discard")]
SHAPES: list[Slip] = [*IN_A_HAND, hand_line_deleted, running_total, number_repeated, deal_line_cut_short,
                      deal_line_card_too_many]


# --- the games and the rule -------------------------------------------------------------------------
def _game_text(rng: random.Random, errors: float = 0.1) -> tuple[str, str]:
    rules = rng.choice([*RULESETS, "referee"])
    if rules == "referee":
        return gen.game_text(gen.random_game(rng, max_hands=10)), "hoyle"
    generated = generate(rules, games=1, seed=rng.randrange(10_000), errors=errors, called=0.5)
    return generated.text, rules


Blamed = set[tuple[str, int | None, str | None]]


def _ruling(text: str, rules: str) -> tuple[Blamed, int, list[tuple[object, ...]]]:
    games = audit_text(text, rules)
    found = [f for g in games for f in g.all_findings()]
    errors = [f for f in found if f.category.value in ACCUSING and f.level.value == "error"]
    blamed = {(f.code.code, f.hand, f.seat.name if f.seat is not None else None) for f in errors if f.code.code != "P701"}
    sheet = sum(1 for f in errors if f.code.code == "P701")
    return blamed, sheet, [(g.computed, g.winner, g.won_in_hand, g.open_end) for g in games]


def _same_end(before: list[tuple[object, ...]], after: list[tuple[object, ...]]) -> bool:
    """The slipped record's ends are the clean one's, or left open (S024) where a slip lost the score that
    decides the end: an open end names the clean record's among its alternatives, and rules no other."""
    if len(before) != len(after):
        return False
    for (computed, winner, hand, _), (computed_after, winner_after, hand_after, open_end) in zip(before, after):
        if open_end is None:
            if (computed_after, winner_after, hand_after) != (computed, winner, hand):
                return False
        elif winner_after is not None or (winner is not None and f"{winner.value} " not in open_end) or (
                hand is not None and f"the game in hand {hand} " not in open_end):
            return False
    return True


def _slipped_hands(clean: Lines, slipped: Lines) -> set[int]:
    """The numbers (in the clean game) of the hands whose lines the slips changed."""
    numbers = [0] * len(clean)
    number = 0
    for i, line in enumerate(clean):
        if line.startswith("hand "):
            number = int(line.split()[1])
        numbers[i] = number
    changed = difflib.SequenceMatcher(None, clean, slipped, autojunk=False).get_opcodes()
    return {numbers[i] for tag, a, b, _, _ in changed if tag != "equal" for i in range(a, max(b, a + 1)) if i < len(clean)}


def _order_hidden(clean: Lines, slipped: Lines) -> bool:
    """Whether the slips put a hand's trick lines in another order and left one of them out, where the missing
    trick, in some place among the others, makes every lead right as they are written: then the record as left
    shows no slip of order (the trick lines swapped were visible before the line was lost, not after), and the
    reader is right to take the lines as written.  The winner of each clean trick is the next clean line's leader."""
    def leader(line: str) -> str:
        return _plays(line)[0].split(":", 1)[0]

    hands = _hands(clean), _hands(slipped)
    if len(hands[0]) != len(hands[1]):
        return False
    for (first, end), (first_s, end_s) in zip(*hands):
        tricks = [line for line in clean[first:end] if line.startswith("trick ")]
        written = [line for line in slipped[first_s:end_s] if line.startswith("trick ")]
        kept = [line for line in tricks if line in written]
        if len(written) + 1 != len(tricks) or sorted(kept) != sorted(written) or kept == written:
            continue
        (missing,) = [line for line in tricks if line not in written]
        winner = {line: leader(after) for line, after in zip(tricks, tricks[1:])}
        for at in range(len(written) + 1):
            order = [*written[:at], missing, *written[at:]]
            if leader(order[0]) == leader(tricks[0]) and all(
                    a not in winner or leader(b) == winner[a] for a, b in zip(order, order[1:])):
                return True
    return False


def _holds(text: str, slipped: Lines | None, rules: str) -> None:
    if slipped is None:
        return
    clean = text.split("\n")
    if _order_hidden(clean, slipped):
        return
    before, sheet_before, score_before = _ruling(text, rules)
    after, sheet_after, score_after = _ruling("\n".join(slipped) + "\n", rules)
    assert after <= before, after - before
    hands = _slipped_hands(clean, slipped)
    assert {b for b in before - after if b[1] not in hands} == set(), (hands, before - after)
    assert sheet_after <= sheet_before
    assert _same_end(score_before, score_after), (score_before, score_after)


@SETTINGS
@given(st.randoms(use_true_random=False), st.sampled_from(SHAPES))
def test_each_shape_of_slip_is_read_as_meant_and_accuses_nobody(rng: random.Random, slip: Slip) -> None:
    text, rules = _game_text(rng)
    lines = text.split("\n")
    _holds(text, slip(rng, lines, rules, range(len(lines))), rules)


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_slips_in_two_hands_of_one_game_are_each_read(rng: random.Random) -> None:
    text, rules = _game_text(rng)
    lines = text.split("\n")
    hands = _in_full_hands(lines, rules, range(len(lines)))
    if len(hands) < 2:
        return
    ks = sorted(_hands(lines).index(h) for h in rng.sample(hands, 2))
    for k in reversed(ks):  # the later hand first: the earlier one's lines stay where they were
        first, end = _hands(lines)[k]
        changed = rng.choice(IN_A_HAND)(rng, lines, rules, range(first, end))
        if changed is None:
            return
        lines = changed
    _holds(text, lines, rules)


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_two_slips_in_one_hand_are_both_read(rng: random.Random) -> None:
    """Two slips of different kinds typed into the same hand (each may leave a trace the other's reading does
    not explain, and the first edit alone may not make the hand agree better): the rule holds."""
    text, rules = _game_text(rng)
    lines = text.split("\n")
    hands = _in_full_hands(lines, rules, range(len(lines)))
    if not hands:
        return
    k = _hands(lines).index(rng.choice(hands))
    for slip in rng.sample(IN_A_HAND, 2):
        first, end = _hands(lines)[k]  # (no slip in a hand moves a hand line: the hand keeps its place)
        changed = slip(rng, lines, rules, range(first, end))
        if changed is None:
            return
        lines = changed
    _holds(text, lines, rules)
