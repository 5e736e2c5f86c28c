"""The end of a game, and the tokens that may end it: a target score, a number of deals, four-trick tokens.

:class:`GameEnd` is the part of :class:`~auditor.replay.game.GameReplay`
that decides when the game is over and who won it, and judges what the record
claims about it:

- ``game.target``: the first side to reach the target (leading by
  ``game.win_by``) wins at the end of that hand;
- ``game.deals`` (EGN's ``num_deals``): the game ends after that many deals,
  every hand dealt counting (a thrown-in, a misdealt or a missing one too);
  the side ahead wins, equal scores are a tie;
- ``scoring.four_trick_tokens`` (EGN's ``four_trick_tokens``): a side that
  makes a hand with every trick but one, not alone, earns a token; the token
  that completes the number is turned in with the others for one more point,
  in that hand, and that point counts toward the target like any other.

A hand recorded after the end is G801; a record that claims the whole game
(``[Complete "yes"]``) but stops before the end is G805; a ``Winner`` tag the
rules do not bear out is G802 (``tie`` names a tie).
"""

from __future__ import annotations

from ..cards import Side
from ..findings import GAME_UNFINISHED, PLAYED_AFTER_GAME, WRONG_WINNER, Finding
from ..model import GameRecord, HandRecord
from ..results import GameResult, HandResult
from ..rules.schema import Ruleset
from ..said import said
from ..table import Table, spelled

_PARTNERSHIP_WORDS: dict[str, Side | None] = {"n-s": Side.NS, "e-w": Side.EW, "tie": None, "draw": None}


def winner_words(table: Table) -> dict[str, Side | None]:
    """What a ``Winner`` tag may say: a side of the table (``NS``, ``N``...), or ``tie``."""
    words: dict[str, Side | None] = {side.value.lower(): side for side in table.sides}
    words.update({w: s for w, s in _PARTNERSHIP_WORDS.items() if s is None or s in table.sides})
    return words


def game_is_won(rules: Ruleset, sides: tuple[Side, ...], totals: tuple[int, ...]) -> Side | None:
    """The side that has won at this score by the target, if any (never in a game of a number of deals): it has
    reached the target and leads every other side by ``game.win_by``."""
    target, margin = rules.game.target, rules.game.win_by
    if target == 0 or max(totals) < target:  # most hands: nobody has reached the target
        return None
    for i, (side, mine) in enumerate(zip(sides, totals)):
        theirs = max(v for j, v in enumerate(totals) if j != i)
        if mine >= target and mine - theirs >= margin and mine >= theirs:
            return side
    return None


def ahead(sides: tuple[Side, ...], totals: tuple[int, ...]) -> Side | None:
    """The one side with the most points (None: a tie for the most)."""
    best = max(totals)
    leaders = [side for side, v in zip(sides, totals) if v == best]
    return leaders[0] if len(leaders) == 1 else None


class GameEnd:
    """Tokens, the end of the game and what the record claims of it (mixed into :class:`GameReplay`)."""

    # the state of the game's replay that the end of the game reads and moves (GameReplay sets it)
    record: GameRecord
    rules: Ruleset
    table: Table
    result: GameResult
    total: tuple[int, ...]
    tokens: tuple[int, ...]
    deals_played: int
    after_end_reported: bool

    def finding(self, finding: Finding) -> None:
        self.result.findings.append(finding)

    def count_deals(self, gap: int) -> None:
        """A hand (and the hands a gap in the numbers leaves out) is dealt: in a game of a number of deals,
        hands left out past the last deal end the game before this hand."""
        deals = self.rules.game.deals
        if deals and not self.result.finished and self.deals_played + gap >= deals:
            self.finish(None)  # the last deal is not in the record: the game ended before this hand
        self.deals_played += 1 + gap

    def add_token(self, result: HandResult) -> None:
        """A four-trick token, and the point the last token of a set turns in (into this hand's points)."""
        per_point = self.rules.scoring.four_trick_tokens
        if not per_point or result.token is None:
            return
        index = self.table.sides.index(result.token)
        held = self.tokens[index] + 1
        if held >= per_point:
            held = 0
            result.token_point = True
            result.points = tuple(v + 1 if i == index else v for i, v in enumerate(result.points))
        self.tokens = tuple(held if i == index else v for i, v in enumerate(self.tokens))  # a tuple: each hand keeps its own

    def check_end(self, record: HandRecord) -> None:
        """After a counted hand: has a side reached the target, or was it the last deal?"""
        winner = game_is_won(self.rules, self.table.sides, self.total)
        if winner is not None:
            self.finish(record.number, winner)
        elif self.rules.game.deals and self.deals_played >= self.rules.game.deals:
            self.finish(record.number, ahead(self.table.sides, self.total))

    def finish(self, last_hand: int | None, winner: Side | None = None) -> None:
        self.result.finished = True
        self.result.winner = winner
        self.result.won_in_hand = last_hand

    def after_end(self, record: HandRecord) -> None:
        """A hand recorded once the game was over (reported once, at the first such hand)."""
        if self.after_end_reported:
            return
        self.after_end_reported = True
        result, deals = self.result, self.rules.game.deals
        if deals:
            deals_text = f"{deals} deal{'s' if deals != 1 else ''}"
            last = f" (the last in hand {result.won_in_hand})" if result.won_in_hand is not None else " (not all of them are in the record)"
            message: str = f"hand {record.number} is recorded after the game's {deals_text}{last}; it does not count"
        else:
            message = said("hand {n} is recorded after {team} won the game in hand {won}; it does not count",
                           n=record.number, team=result.winner, won=result.won_in_hand)
        self.finding(Finding(PLAYED_AFTER_GAME, message, record.pos, self.record.index, record.number,
                             points=tuple((side, 0) for side in self.table.sides)))

    def check_complete(self) -> None:
        """A record that claims the whole game (``[Complete "yes"]``; every EGN game) must reach its end."""
        claim = self.record.tag("Complete")
        if claim is None or claim.strip().lower() not in {"yes", "true"} or self.result.finished:
            return
        hands = self.record.hands
        last = self.result.hands[-1].number if self.result.hands else None
        where = f"after hand {last}" if last is not None and hands[-1].number is not None else "before any hand"
        deals = self.rules.game.deals
        if deals:
            why = (f"{self.deals_played} of the game's {deals} deal{'s' if deals != 1 else ''} are recorded, so the deals that finish the game "
                   "are not in the record")
        else:
            why = (f"no side has reached {self.rules.game.target}, so the hands that finish the game are not in "
                   "the record")
        self.finding(Finding(
            GAME_UNFINISHED,
            f"the record ends {where} at {spelled(self.table.sides, self.total)}; {why}",
            hands[-1].pos if hands else self.record.pos, self.record.index,
        ))

    def check_winner_tag(self) -> None:
        written = self.record.tag("Winner")
        if written is None:
            return
        word = written.strip().lower()
        result = self.result
        tie = result.finished and result.winner is None and result.won_in_hand is not None
        words = winner_words(self.table)
        if word in words and words[word] is result.winner and (result.winner is not None or tie):
            return
        if result.winner is not None:
            actual: str = said("{team} won in hand {n}", team=result.winner, n=result.won_in_hand)
        elif tie:
            actual = "the game ended in a tie"
        elif result.finished:
            actual = "the game's last deals are not in the record"
        else:
            actual = "no side has won by the rules"
        self.finding(Finding(
            WRONG_WINNER,
            said("the record names {written!r} the winner, but {actual} ({scores})", written=written, actual=actual,
                 scores=", ".join(f"{side} {v}" for side, v in zip(self.table.sides, self.total))),
            self.record.tag_pos("Winner"), self.record.index,
        ))
