"""Audit a file: read its games, choose each game's ruleset, replay them.

This is the one place that joins a reader to the replay engine; reports and
statistics take the :class:`FileAudit` it returns.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from .model import GameRecord, Pos
from .replay.game import GameReplay
from .replay.results import GameResult
from .rules.loader import DEFAULT_RULESET, RulesetError, load_ruleset
from .rules.schema import Ruleset
from .textfile import InputError


@dataclass
class FileAudit:
    path: str
    games: list[GameResult] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # whole-file problems (exit 2)


class RulesetChooser:
    """Which ruleset a game is audited under: --rules, else its Rules tag, else hoyle."""

    def __init__(self, forced: Ruleset | None = None, overrides: list[str] | None = None, base: Path | None = None) -> None:
        self.forced = forced
        self.overrides = overrides or []
        self.base = base
        self.cache: dict[str, Ruleset] = {}

    def for_game(self, game: GameRecord) -> Ruleset:
        if self.forced is not None:
            base = self.forced
        else:
            spec = game.tag("Rules") or DEFAULT_RULESET
            if spec not in self.cache:
                self.cache[spec] = self._load(spec)
            base = self.cache[spec]
        changes = game.tag("Set")  # the file's own house rules (EGN's ruleset object lands here)
        if not changes:
            return base
        key = f"{id(base)}\n{changes}"
        if key not in self.cache:
            from .egn.rules import with_set_tag

            self.cache[key] = with_set_tag(base, game, self.overrides)
        return self.cache[key]

    def _load(self, spec: str) -> Ruleset:
        from .rules.loader import path_exists, resolve_ruleset_path

        path, _ = resolve_ruleset_path(spec, self.base)
        return load_ruleset(str(path) if path_exists(path) else spec, self.overrides)


def forced_ruleset(spec: str | None, overrides: list[str]) -> Ruleset | None:
    """The ruleset ``--rules`` imposes on every game, or None: each game's Rules tag decides.

    ``--set`` alone imposes nothing (the chooser lays it over each game's own
    ruleset), but a bad override is refused here, before any file is read.
    """
    if spec is None:
        if overrides:
            load_ruleset(overrides=overrides)
        return None
    return load_ruleset(spec, overrides)


def audit_games(games: Iterator[GameRecord], chooser: RulesetChooser, label: str = "<input>",
                skipped: list[str] | None = None) -> Iterator[GameResult]:
    for _, _, result in audit_records(games, chooser, label, skipped):
        yield result


def audit_records(games: Iterator[GameRecord], chooser: RulesetChooser, label: str = "<input>",
                  skipped: list[str] | None = None) -> Iterator[tuple[GameRecord, Ruleset, GameResult]]:
    """Each game's record, ruleset and audit (what ``stats --analysis`` reads besides the result).

    A game whose ruleset cannot be had (a Rules tag naming no ruleset, a bad Set tag) is a slip of that
    game's own: with a ``skipped`` list it is said there and the next game is audited; without one,
    it stops the reading (InputError)."""
    for game in games:
        try:
            rules = chooser.for_game(game)
        except RulesetError as err:
            message = f"{label}:{game.tag_pos('Rules')}: game {game.index}: {err}"
            if skipped is None:
                raise InputError(message) from None
            skipped.append(f"{message}; game {game.index} is not audited; the file's other games are")
            continue
        yield game, rules, GameReplay(game, rules).run()


def game_position(game: GameRecord) -> Pos:
    return game.pos
