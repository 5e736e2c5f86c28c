"""The end of a game that rests on a hand's score the record does not show.

A hand whose tricks are partly lost can have scored several scores
(``HandResult.possible``).  When the score sheet's entry is one of them, it
decides; when it is none of them, the replay counts the allowed score nearest
the sheet's (P701 on that entry says so).  That is a guess, and what follows
the hand may rest on it: the hand the game is won in, who won it, and what the
record is then accused of (G801 on a hand recorded after the end, P701 on a
hand that "counts for nothing", G802, G805).

So the game is scored again under every score the open hands allow (an open
hand of such a pass that the first did not have is tried every way too): its
scoring pass alone (:mod:`.game`), over the hands as replayed once
(:mod:`.game_hands`), since no hand's own replay reads the running score.
Where every such pass ends the game alike (the same hand, the same winner), the
game is ruled as it is.  Where they do not, the game's end is open: the winner
is not ruled, S024 on the first open hand says what each score gives, and an
error of the game's (not of a hand's own play) stands only where every pass
makes it; the others are named in S024's proof as no ruling.  A hand recorded
after the end under every score is G801 still, at the first such hand.

The passes are bounded (:data:`MOST_REPLAYS`): past the bound nothing that
follows the first open hand is ruled on the game's score.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..cards import Side
from ..findings import PLAYED_AFTER_GAME, SCORE_MISMATCH, WRONG_WINNER, Finding
from ..codes.registry import Severity
from ..codes.slips import GAME_END_OPEN
from ..model import Pos
from ..results import GameResult
from ..said import Said, said
from ..table import Table, spelled

#: the scoring passes of a game (beyond its first) that the scores of its open hands may cost: enough for four open
#: hands of two scores each; a record with more is ruled on nothing that follows its first open hand
MOST_REPLAYS = 15

Forced = Mapping[Pos, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Guess:
    """An open hand whose sheet entry is none of the scores it allows, and the score the pass counted."""

    pos: Pos
    number: int
    possible: tuple[tuple[int, ...], ...]
    chosen: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Replay:
    """One scoring pass of the game: its result, its open hands' scores, and the P701 entries those hands made."""

    result: GameResult
    guesses: tuple[Guess, ...]
    open_entries: frozenset[Pos]


def _end(result: GameResult) -> tuple[bool, Side | None, int | None]:
    return result.finished, result.winner, result.won_in_hand


def every_score(first: Replay, replay: Callable[[Forced], Replay]) -> list[Replay] | None:
    """The scoring passes of the game under every score its open hands allow (``first`` among them), or None past
    :data:`MOST_REPLAYS`."""
    made = 0
    out: list[Replay] = []

    def branch(forced: Forced, run: Replay) -> bool:
        nonlocal made
        guess = next((g for g in run.guesses if g.pos not in forced), None)
        if guess is None:
            out.append(run)
            return True
        for points in guess.possible:
            taken = {**forced, guess.pos: points}
            if points != guess.chosen:
                made += 1
                if made > MOST_REPLAYS:
                    return False
            if not branch(taken, run if points == guess.chosen else replay(taken)):
                return False
        return True

    return out if branch({}, first) else None


def _key(f: Finding, entries: frozenset[Pos]) -> tuple[object, ...]:
    # a P701 of an open hand's entry is proven whatever it counts: its words name the score counted
    words = None if f.code is SCORE_MISMATCH and f.pos in entries else str(f.message)
    return (f.code.code, f.pos, f.hand, f.level, words)


def settle(first: Replay, replay: Callable[[Forced], Replay], table: Table) -> None:
    """Rule ``first.result``'s end and its errors on what every score of the open hands gives (see the module)."""
    runs = every_score(first, replay)
    if runs is not None and len({_end(r.result) for r in runs}) == 1:
        return
    result = first.result
    hands = _hands(first.guesses)
    kept: list[Finding] = []
    dropped: list[Finding] = []
    if runs is None:
        start = first.guesses[0].pos
        for f in result.findings:
            # (the Winner tag stands above the hands, yet what it is judged against is the game's end)
            proven = (f.pos <= start and f.code is not WRONG_WINNER) or (
                f.code is SCORE_MISMATCH and f.pos in first.open_entries)
            (kept if f.level is not Severity.ERROR or proven else dropped).append(f)
    else:
        made = [{_key(f, first.open_entries) for f in r.result.findings} for r in runs]
        for f in result.findings:
            key = _key(f, first.open_entries)
            (kept if f.level is not Severity.ERROR or all(key in m for m in made) else dropped).append(f)
        after = _after_every_end(runs, hands)
        if after is not None and not any(f.code is PLAYED_AFTER_GAME and f.pos == after.pos for f in kept):
            kept.append(after)
    if runs is None:
        ends: Said = said("the record has too many open hands to try every score (more than {n} ways)", n=MOST_REPLAYS + 1)
    else:
        ends = _joined([_end_words(r, table, len(first.guesses) > 1 or len(r.guesses) > 1) for r in runs])
    message = said("the winner rests on {hands}'s score, which the record does not show: {ends}", hands=hands, ends=ends)
    counted = ", ".join(f"hand {g.number} {spelled(table.sides, g.chosen, signed=True)}" for g in first.guesses)
    proof = tuple(
        f"counting {counted}, the record would also give {f.code.code} at {f.pos}: {f.message} "
        f"(it rests on {hands}'s score: not a ruling)" for f in dropped)
    guess = first.guesses[0]
    kept.append(Finding(GAME_END_OPEN, message, guess.pos, result.index, guess.number, proof=proof))
    result.findings[:] = kept
    result.finished, result.winner, result.won_in_hand = False, None, None
    result.open_end = message
    result.open_counted = tuple((g.number, g.chosen) for g in first.guesses)


def _joined(parts: list[Said]) -> Said:
    out = parts[0]
    for part in parts[1:]:
        out = said("{a}; {b}", a=out, b=part)
    return out


def _hands(guesses: tuple[Guess, ...]) -> str:
    numbers = list(dict.fromkeys(g.number for g in guesses))
    if len(numbers) == 1:
        return f"hand {numbers[0]}"
    return "hands " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"


def _end_words(run: Replay, table: Table, several: bool) -> Said:
    sides = table.sides
    scores = " and ".join((f"hand {g.number} " if several else "") + spelled(sides, g.chosen, signed=True)
                          for g in run.guesses)
    r = run.result
    final = spelled(sides, r.computed)
    if r.winner is not None:
        return said("{scores} gives {team} the game in hand {n} ({final})", scores=scores, team=r.winner,
                    n=r.won_in_hand, final=final)
    if r.finished and r.won_in_hand is not None:
        return said("{scores} ends the game in a tie in hand {n} ({final})", scores=scores, n=r.won_in_hand, final=final)
    if r.finished:
        return said("{scores} ends the game in deals not in the record ({final})", scores=scores, final=final)
    return said("{scores} leaves the game unfinished ({final})", scores=scores, final=final)


def _after_every_end(runs: list[Replay], hands: str) -> Finding | None:
    """G801 at the first hand recorded after the game's end under every score (None: under some, none is)."""
    firsts = []
    for r in runs:
        first = next((f for f in r.result.findings if f.code is PLAYED_AFTER_GAME), None)
        if first is None:
            return None
        firsts.append(first)
    last = max(firsts, key=lambda f: f.pos)
    if all(str(f.message) == str(last.message) for f in firsts):
        return last
    return Finding(PLAYED_AFTER_GAME,
                   f"hand {last.hand} is recorded after the game's end, whichever score {hands} had; it does not count",
                   last.pos, last.game, last.hand, points=last.points)
