"""Audit a file: read its games, choose each game's ruleset, replay them.

This is the one place that joins a reader to the replay engine; reports and
statistics take the :class:`FileAudit` it returns.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from .model import GameRecord, Pos
from .replay.game import GameReplay
from .results import GameResult
from .rules.loader import DEFAULT_RULESET, RulesetError, load_ruleset
from .rules.schema import Ruleset
from .textfile import InputError


@dataclass
class FileAudit:
    path: str
    games: list[GameResult] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # what stopped the reading of the file, and games not audited (exit 2)


class CommandLineSetError(RulesetError):
    """The command line's ``--set`` cannot apply to a ruleset a game names: the command line's fault, not the game's."""


class SetTagError(RulesetError):
    """A game's ``[Set]`` tag that its ruleset (with the command line's ``--set``) cannot take; ``pos``: the tag's."""

    def __init__(self, problems: list[str], pos: Pos) -> None:
        super().__init__(problems)
        self.pos = pos


class RulesetChooser:
    """Which ruleset a game is audited under: --rules, else its Rules tag, else hoyle."""

    def __init__(self, forced: Ruleset | None = None, overrides: list[str] | None = None, base: Path | None = None) -> None:
        self.forced = forced
        self.overrides = overrides or []
        self.base = base
        self.cache: dict[str, Ruleset] = {}
        self.failed: dict[str, RulesetError] = {}  # a Rules tag's ruleset that could not be had: not read again

    def for_game(self, game: GameRecord) -> Ruleset:
        if self.forced is not None:
            base = self.forced
        else:
            spec = game.tag("Rules") or DEFAULT_RULESET
            if spec in self.failed:
                raise self.failed[spec]
            if spec not in self.cache:
                try:
                    self.cache[spec] = self._load(spec)
                except RulesetError as err:
                    self.failed[spec] = err
                    raise
            base = self.cache[spec]
        changes = game.tag("Set")  # the file's own house rules (EGN's ruleset object lands here)
        if not changes:
            return base
        key = f"{id(base)}\n{changes}"
        if key not in self.cache:
            from .egn.rules import SET_TAG, with_set_tag

            try:
                self.cache[key] = with_set_tag(base, game, self.overrides)
            except RulesetError as err:
                raise SetTagError(err.problems, game.tag_pos(SET_TAG)) from None
        return self.cache[key]

    def _load(self, spec: str) -> Ruleset:
        from .rules.loader import path_exists, resolve_ruleset_path

        path, _ = resolve_ruleset_path(spec, self.base)
        source = str(path) if path_exists(path) else spec
        try:
            return load_ruleset(source, self.overrides)
        except RulesetError as err:
            if self.overrides:
                try:
                    load_ruleset(source)
                except RulesetError:
                    raise err from None  # the ruleset itself: the game's tag
                raise CommandLineSetError(err.problems) from None
            raise


@dataclass(frozen=True, slots=True)
class SkippedGame:
    """A game not audited: its ruleset could not be had (a Rules tag naming no ruleset, a bad Set tag)."""

    label: str  # the file
    pos: Pos  # the tag at fault
    game: int
    reason: str  # the ruleset's problem, ready to print (lines)

    def text(self, same_as: int | None = None) -> str:
        """The line that names it; ``same_as``: an earlier game of the file whose tag failed the same way."""
        if same_as is not None:
            return f"{self.label}:{self.pos}: game {self.game} is not audited, for the same reason as game {same_as}"
        return f"{self.label}:{self.pos}: game {self.game} is not audited: {self.reason}"


def skipped_lines(skipped: Iterable[SkippedGame], first_of: dict[tuple[str, str], int]) -> list[str]:
    """The lines naming games not audited, in order: a reason said once per file, later games pointing
    back at the first (``first_of`` carries that across the units of a file: same output for any jobs)."""
    out = []
    for game in skipped:
        first = first_of.setdefault((game.label, game.reason), game.game)
        out.append(game.text(None if first == game.game else first))
    return out


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
                skipped: list[SkippedGame] | None = None) -> Iterator[GameResult]:
    for _, _, result in audit_records(games, chooser, label, skipped):
        yield result


def audit_records(games: Iterator[GameRecord], chooser: RulesetChooser, label: str = "<input>",
                  skipped: list[SkippedGame] | None = None) -> Iterator[tuple[GameRecord, Ruleset, GameResult]]:
    """Each game's record, ruleset and audit (what ``stats --analysis`` reads besides the result).

    A game whose ruleset cannot be had (a Rules tag naming no ruleset, a bad Set tag) is a slip of that
    game's own: with a ``skipped`` list it is said there and the next game is audited; without one,
    it stops the reading (InputError), as a ``--set`` the named ruleset cannot take always does."""
    for game in games:
        try:
            rules = chooser.for_game(game)
        except RulesetError as err:
            pos = err.pos if isinstance(err, SetTagError) else game.tag_pos("Rules")
            if skipped is None or isinstance(err, CommandLineSetError):
                raise InputError(f"{label}:{pos}: game {game.index}: {err}") from None
            skipped.append(SkippedGame(label, pos, game.index, str(err)))
            continue
        yield game, rules, GameReplay(game, rules).run()


def game_position(game: GameRecord) -> Pos:
    return game.pos
