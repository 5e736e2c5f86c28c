"""A whole game: the tags, the hands until a side has won, the running score and the sheet."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from ..cards import Seat, Side
from ..replay.game_end import ahead, game_is_won
from ..rules.schema import AfterThrowIn, Ruleset
from ..table import SEAT_WORDS, spelled, table_of
from .dealing import build_deck
from .facts import (
    ERROR_KINDS, EVENTS, MAX_HANDS_PER_GAME, PLAYERS, SCORE_CODE, STEAL_CODE, STEAL_KIND, TABLEAU_ERROR_KINDS, InjectedError,
    SimGame,
)
from .hand import HandSimulator
from .scoring import Tokens, capped


class NightSeat(NamedTuple):
    """Where a game of a night is played: its event and date, round and table, and the players N, E, S, W."""

    event: str
    date: str
    round: int
    table: int
    players: tuple[str, str, str, str]


def set_tag(overrides: Sequence[str]) -> str | None:
    """``[Set "a.b=1; c.d=[x, y]"]``: the ``--set`` changes the games were played under, so that the file
    audits as it was generated without them on the command line; None without changes."""
    if not overrides:
        return None
    value = "; ".join(o.strip() for o in overrides).replace("\\", "\\\\").replace('"', '\\"')
    return f'[Set "{value}"]'


class GameSimulator:
    """Simulate one game under a ruleset with its own random generator.

    ``overrides``: the ``--set`` changes already in ``rules``, written in a ``[Set]`` tag.
    ``called``: the share of injected wrong cards the table calls (a `renege` line, scored with the penalty).
    """

    def __init__(self, rules: Ruleset, seed: int, number: int, error_rate: float = 0.0, rules_name: str | None = None,
                 overrides: Sequence[str] = (), called: float = 0.0) -> None:
        self.rules = rules
        self.rules_name = rules_name or rules.name
        self.rng = random.Random(f"euchre-audit:{seed}:{number}")
        self.number = number
        self.error_rate = error_rate
        self.overrides = tuple(overrides)
        self.called = called
        self.deck = build_deck(rules)
        self.table = table_of(rules)

    def tags(self, players: tuple[str, ...], event: str, day: int, seat: NightSeat | None = None) -> list[str]:
        when = seat.date if seat is not None else f"2026-{1 + (self.number - 1) % 12:02d}-{day:02d}"
        place = [f'[Round "{seat.round}"]', f'[Table "{seat.table}"]'] if seat is not None else []
        tags = [
            f'[Event "{event}"]',
            f'[Date "{when}"]',
            *place,
            *(f'[{SEAT_WORDS[seat]} "{name}"]' for seat, name in zip(self.table.seats, players)),
            f'[Rules "{self.rules_name}"]',
        ]
        changes = set_tag(self.overrides)
        return tags + [changes] if changes is not None else tags

    def run(self, seat: NightSeat | None = None) -> SimGame:
        """A game; ``seat`` places it at a table of a night (its players, event, date, round and table)."""
        rng, rules, table = self.rng, self.rules, self.table
        drawn = tuple(rng.sample(PLAYERS, 4))  # four names are drawn whatever the table, so a game stays one game
        players = tuple(drawn[s] for s in table.seats)
        event = rng.choice(EVENTS)
        if seat is not None:  # a night's table: its four players, N E S W
            players, event = tuple(seat.players[s] for s in table.seats), seat.event
        game = SimGame(self.number, players, event, sides=table.sides, scores=table.zeros, tokens=table.zeros)
        day = 1 + rng.randrange(28)
        game.lines.extend(self.tags(players, event, day, seat))
        dealer = table.seats[rng.randrange(table.players)]
        sheet = list(table.zeros)  # the score sheet's running score: its own, wrong entries carried forward
        number = 0
        deals = self.rules.game.deals or MAX_HANDS_PER_GAME
        tokens = Tokens(rules, table)
        kinds = (*(TABLEAU_ERROR_KINDS if table.tableau else ERROR_KINDS), *((STEAL_KIND,) if rules.deal.stealing else ()))
        last: Seat | None = None  # who dealt the hand before
        while game.winner is None and number < min(deals, MAX_HANDS_PER_GAME):
            number += 1
            inject = rng.choice(kinds) if self.error_rate > 0 and rng.random() < self.error_rate else None
            stolen = inject == STEAL_KIND and last is not None and table.partner[last] is not None
            if stolen:  # seed 002 line 19: the last dealer's partner picks up the cards; nobody notices
                dealer = table.partner[last]  # type: ignore[index,assignment]
            if inject == STEAL_KIND:  # (the first hand has no last dealer to steal from)
                inject = None
            play = HandSimulator(rules, self.deck, rng, number, dealer, inject, table, self.called)
            lines = play.run()
            facts = play.facts
            tokens.count(facts)
            game.lines.append("")
            base = len(game.lines)
            game.lines.extend(lines)
            if stolen:
                game.errors.append((InjectedError(self.number, number, None, dealer.name, STEAL_CODE, STEAL_KIND, 0), base))
            game.scores = tuple(capped(rules, score + points) for score, points in zip(game.scores, facts.points_won))
            if play.injected is not None:
                t, seat, code, index = play.injected
                game.errors.append((InjectedError(self.number, number, t, seat.name, code, inject or "", 0), base + index))
            # the scorekeeper adds the hand's points to the sheet's last entry, and stops at the cap
            sheet = [capped(rules, entry + points) for entry, points in zip(sheet, facts.points_won)]
            if play.injected is None and inject is not None:  # no chance for a wrong card: a wrong sheet entry instead
                side = (0 if rng.random() < 0.5 else 1) if len(table.sides) == 2 else rng.randrange(len(table.sides))
                sheet[side] += rng.choice((1, 2))
                game.errors.append((InjectedError(self.number, number, None, None, SCORE_CODE, "score", 0), base + len(lines)))
            game.lines.append("score " + spelled(table.sides, tuple(sheet)))
            game.hands.append(facts)
            game.winner = game_is_won(rules, table.sides, game.scores)
            last = dealer
            if facts.maker is None and facts.misdeal is None and rules.deal.after_throw_in is AfterThrowIn.SAME_DEALER:
                continue  # thrown in: the same dealer deals again (a declared misdeal passes the deal on)
            dealer = table.left[dealer]
        if game.winner is None and number == self.rules.game.deals:
            game.winner, game.tie = self.ahead_after_the_last_deal(table.sides, game.scores)
        game.tokens = tuple(tokens.held[side] for side in table.sides)
        return game

    @staticmethod
    def ahead_after_the_last_deal(sides: tuple[Side, ...], scores: tuple[int, ...]) -> tuple[Side | None, bool]:
        """A game of a number of deals (EGN's `num_deals`) is won by the side ahead after the last deal;
        equal scores are a tie: (winner, tie)."""
        winner = ahead(sides, scores)
        return winner, winner is None


def simulate(
    rules: Ruleset,
    games: int,
    seed: int,
    error_rate: float = 0.0,
    rules_name: str | None = None,
    first: int = 1,
    overrides: Sequence[str] = (),
    called: float = 0.0,
) -> Iterator[SimGame]:
    """Yield ``games`` simulated games, numbered from ``first`` (see :class:`GameSimulator`)."""
    for number in range(first, first + games):
        yield GameSimulator(rules, seed, number, error_rate, rules_name, overrides, called).run()
