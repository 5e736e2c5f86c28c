"""A whole game: the tags, the hands until a side has won, the running score and the sheet."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from ..cards import Seat, Team
from ..rules.schema import AfterThrowIn, Ruleset
from .dealing import build_deck
from .facts import ERROR_KINDS, EVENTS, MAX_HANDS_PER_GAME, PLAYERS, SCORE_CODE, InjectedError, SimGame
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

    def game_won(self, ns: int, ew: int) -> Team | None:
        target, margin = self.rules.game.target, self.rules.game.win_by
        if target == 0:  # a game of a number of deals (game.deals): it ends by count, not by score
            return None
        for team, mine, theirs in ((Team.NS, ns, ew), (Team.EW, ew, ns)):
            if mine >= target and mine - theirs >= margin:
                return team
        return None

    def tags(self, players: tuple[str, ...], event: str, day: int, seat: NightSeat | None = None) -> list[str]:
        when = seat.date if seat is not None else f"2026-{1 + (self.number - 1) % 12:02d}-{day:02d}"
        place = [f'[Round "{seat.round}"]', f'[Table "{seat.table}"]'] if seat is not None else []
        tags = [
            f'[Event "{event}"]',
            f'[Date "{when}"]',
            *place,
            f'[North "{players[0]}"]',
            f'[East "{players[1]}"]',
            f'[South "{players[2]}"]',
            f'[West "{players[3]}"]',
            f'[Rules "{self.rules_name}"]',
        ]
        changes = set_tag(self.overrides)
        return tags + [changes] if changes is not None else tags

    def run(self, seat: NightSeat | None = None) -> SimGame:
        """A game; ``seat`` places it at a table of a night (its players, event, date, round and table)."""
        rng, rules = self.rng, self.rules
        players = tuple(rng.sample(PLAYERS, 4))
        event = rng.choice(EVENTS)
        if seat is not None:
            players, event = seat.players, seat.event
        game = SimGame(self.number, players, event)  # type: ignore[arg-type]
        day = 1 + rng.randrange(28)
        game.lines.extend(self.tags(players, event, day, seat))
        dealer = Seat(rng.randrange(4))
        sheet_off_ns = sheet_off_ew = 0  # what the sheet's wrong entries added, carried forward
        number = 0
        deals = self.rules.game.deals or MAX_HANDS_PER_GAME
        tokens = Tokens(rules)
        while game.winner is None and number < min(deals, MAX_HANDS_PER_GAME):
            number += 1
            inject = rng.choice(ERROR_KINDS) if self.error_rate > 0 and rng.random() < self.error_rate else None
            play = HandSimulator(rules, self.deck, rng, number, dealer, inject, self.called)
            lines = play.run()
            facts = play.facts
            tokens.count(facts)
            game.lines.append("")
            base = len(game.lines)
            game.lines.extend(lines)
            game.score_ns = capped(rules, game.score_ns + facts.points_ns)
            game.score_ew = capped(rules, game.score_ew + facts.points_ew)
            if play.injected is not None:
                t, seat, code, index = play.injected
                game.errors.append((InjectedError(self.number, number, t, seat.name, code, inject or "", 0), base + index))
            elif inject is not None:  # no chance for a wrong card this hand: a wrong sheet entry instead
                if rng.random() < 0.5:
                    sheet_off_ns += rng.choice((1, 2))
                else:
                    sheet_off_ew += rng.choice((1, 2))
                game.errors.append((InjectedError(self.number, number, None, None, SCORE_CODE, "score", 0), base + len(lines)))
            game.lines.append(f"score NS {game.score_ns + sheet_off_ns} EW {game.score_ew + sheet_off_ew}")
            game.hands.append(facts)
            game.winner = self.game_won(game.score_ns, game.score_ew)
            if facts.maker is None and facts.misdeal is None and rules.deal.after_throw_in is AfterThrowIn.SAME_DEALER:
                continue  # thrown in: the same dealer deals again (a declared misdeal passes the deal on)
            dealer = dealer.left
        if game.winner is None and number == self.rules.game.deals:
            game.winner, game.tie = self.ahead_after_the_last_deal(game.score_ns, game.score_ew)
        game.tokens = (tokens.held[Team.NS], tokens.held[Team.EW])
        return game

    @staticmethod
    def ahead_after_the_last_deal(ns: int, ew: int) -> tuple[Team | None, bool]:
        """A game of a number of deals (EGN's `num_deals`) is won by the side ahead after the last deal;
        equal scores are a tie: (winner, tie)."""
        if ns == ew:
            return None, True
        return (Team.NS if ns > ew else Team.EW), False


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
