"""``euchre-audit convert`` and ``euchre-audit fmt``: between the notation, EGN and JSON.

    euchre-audit convert FILE --to text|egn|json [-o OUT] [--rules NAME|PATH] [--set KEY=VALUE] [--lossy]
    euchre-audit fmt FILE... [--write | --check]

Any input the auditor reads (the text notation, EGN, EMN, the JSON form of
the model) converts to any of the three outputs.  Whatever the target cannot
hold is named in a warning on standard error, never dropped in silence.  A
conversion must never change the ruling: the converted text is read back and
audited beside the source (:mod:`auditor.verdicts` says what "the same ruling"
is), and where they differ nothing is written and one message names what the
target cannot hold and each verdict it would change (exit 2); ``--lossy``
writes it all the same, with the warnings.  A hand the audit reads through a
slip of the pen goes to EGN, which cannot hold the slip as written, as the
audit read it, each mend named (:mod:`auditor.as_meant`; docs/egn.md).
``fmt`` writes the canonical form of the text notation (see
:mod:`auditor.notation.writer`).

Exit status: 0 done (warnings included), 1 ``fmt --check`` found a file that
is not canonical, 2 bad usage, an unreadable file, a conversion that would
change the ruling (without ``--lossy``) or (``fmt``) a hand with a syntax
error, which is left as written.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from .as_meant import as_meant
from .audit import RulesetChooser, SkippedGame, audit_games, forced_ruleset
from .textfile import InputError, cannot_read, read_document, regular_file_size
from .cli_common import CommandParser
from .egn.seating import seated
from .egn.reader import read_egn_games
from .egn.writer import games_to_egn
from .model import BrokenHand, GameRecord, Pos
from .outfile import write_atomically
from .modeljson import read_model_json, to_json
from .fmt_stream import format_file
from .notation.reader import read_text
from .notation.writer import unreadable, write_games
from .rules.loader import RulesetError
from .rules.schema import Ruleset
from .sources import sniff_format, open_games
from .table import table_of
from .verdicts import GameVerdicts, differences, listed, verdicts_of

TARGETS = ("text", "egn", "json")
#: the largest notation file ``fmt`` reads into memory
MAX_FMT_BYTES = 64 * 1024 * 1024

EXIT_CLEAN, EXIT_CHANGED, EXIT_USAGE = 0, 1, 2
_OF_GAME = re.compile(r"game (\d+)(: .*)\Z", re.DOTALL)


def to_text(games: Sequence[GameRecord], rules_of: Callable[[GameRecord], Ruleset], warn: Callable[[str], None]) -> str:
    """The canonical notation of games from any source (EGN's implicit seats filled in by the rules)."""
    ready = []
    for game in games:
        hands: list = []
        for hand in game.hands:
            if isinstance(hand, BrokenHand):
                hands.append(hand)
                continue
            rules = rules_of(game)
            full, by_deal, guessed, by_suit = seated(hand, rules)
            written, tricks = sum(1 for trick in hand.tricks if trick.plays), table_of(rules).tricks
            if hand.tricks_in_order and 0 < written < tricks and hand.claim is None:
                warn(f"game {game.index}, hand {hand.number}: {tricks - written} of its tricks are not written; the source "
                     f"says they are the last, and the notation cannot: read back, the tricks not written may be any of them")
            for numbers, how in ((by_deal, "as the deal gives the cards"), (guessed, "clockwise from the dealer's left")):
                for number in numbers:
                    warn(f"game {game.index}, hand {hand.number}, trick {number}: the rules give no seats (no trump "
                         f"was made, the bidding is not written, or a trick past the last); the seats are written {how}")
            if by_suit is not None:
                warn(f"game {game.index}, hand {hand.number}: the suit named for the joker ordered up is not recorded, and "
                     f"who played which card depends on it; the seats are written as {by_suit.name.lower()} gives them (of "
                     "the four suits, the one the record fits best), and the hand is audited with each suit all the same")
            hands.append(full)
        for note in (*game.notes, *game.unhonoured_rules):
            warn(f"game {game.index}: the notation has no place for this note: {note}")
        copy = GameRecord(game.index, game.pos, list(game.tags), hands, list(game.comments), game.initial_score)
        ready.append(copy)
    text, lost = write_games(ready)
    for problem in lost:
        warn(problem)
    return text


def convert(games: Sequence[GameRecord], target: str, rules_of: Callable[[GameRecord], Ruleset], warn: Callable[[str], None],
            forced: bool = False, inform: Callable[[str], None] | None = None) -> str:
    """``games`` written as ``target`` (text, egn or json): ``warn`` is told what the target cannot hold,
    ``inform`` what only other readers of the target lose; ``forced``: ``rules_of`` is not the games' own
    tags' (``--rules``, ``--set``)."""
    if target == "text":
        return to_text(games, rules_of, warn)
    if target == "egn":
        if not games:
            raise InputError("the file holds no game to write as EGN")
        # EGN seats the dealer, the calls and the cards by position: a slip goes there as the audit read it
        return games_to_egn(as_meant(games, rules_of, "EGN", warn), rules_of, warn, forced, inform)
    if target == "json":
        return to_json(games)
    raise ValueError(f"unknown target {target!r}")


def unreadable_lines(games: Sequence[GameRecord]) -> list[tuple[Pos, str]]:
    """Where each hand or line of ``games`` that could not be read stands, and why: a conversion would lose
    them, so ``convert`` writes nothing until they are fixed."""
    broken = [found for g in games for h in g.hands if (found := unreadable(h)) is not None]
    return broken + [(lost.pos, lost.message) for g in games for lost in g.lost]


def read_back(text: str, target: str) -> list[GameRecord]:
    """The games of a converted ``text`` (written as ``target``), as the auditor would read the file."""
    if target == "text":
        return read_text(text)
    if target == "egn":
        return read_egn_games(text, "the converted file")
    return list(read_model_json(text, "the converted file"))


def rulings(games: Sequence[GameRecord], chooser: RulesetChooser) -> tuple[list[GameVerdicts], list[SkippedGame]]:
    """The ruling of each game, and the games whose ruleset could not be had."""
    skipped: list[SkippedGame] = []
    return [verdicts_of(result) for result in audit_games(iter(games), chooser, "", skipped)], skipped


def ruling_changes(games: Sequence[GameRecord], text: str, target: str, source: RulesetChooser,
                   converted: RulesetChooser) -> list[str]:
    """How the audit of the converted ``text`` differs from the audit of ``games`` (empty: the same ruling)."""
    before, not_before = rulings(games, source)
    after, not_after = rulings(read_back(text, target), converted)
    unaudited = {s.game for s in not_before}  # a game the source's own audit skips is no change
    return [f"game {s.game} of the converted file could not be audited: {s.reason}" for s in not_after
            if s.game not in unaudited] + differences(before, after)


def by_game(messages: Sequence[str]) -> list[str]:
    """``messages`` once each, those said alike of several games said once for all of them (``games 1, 2: ...``)."""
    games: dict[str, list[str]] = {}
    for message in messages:
        m = _OF_GAME.match(message)
        text, number = (m.group(2), m.group(1)) if m is not None else (message, None)
        numbers = games.setdefault(text, [])
        if number is not None and number not in numbers:
            numbers.append(number)
    return [f"game{'s' if len(numbers) > 1 else ''} {', '.join(numbers)}{text}" if numbers else text
            for text, numbers in games.items()]


def refusal(path: Path, target: str, lost: Sequence[str], changes: Sequence[str]) -> str:
    """The one message of a conversion that would change the ruling."""
    name = {"egn": "EGN", "json": "the JSON form", "text": "the text notation"}[target]
    lines = [f"euchre-audit: {path}: not converted: {name} cannot hold all that the ruling rests on, "
             "and the converted file would be audited otherwise (nothing is written)"]
    lines.append(f"  what {name} cannot hold:")
    lines += [f"    - {item}" for item in listed(by_game(lost))] or [
        "    - (nothing was named: the converted file is written as the source was read, which the source's audit shows)"]
    lines.append("  how the ruling would change:")
    lines += [f"    - {item}" for item in listed(changes)]
    lines.append("  keep the source, or write it all the same with --lossy")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- the commands
def _parser(prog: str, description: str) -> argparse.ArgumentParser:
    return CommandParser(prog=prog, description=description)


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename (:mod:`auditor.outfile`)."""
    write_atomically(path, text)


def run_convert(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    p = _parser("euchre-audit convert", "Convert between the text notation, EGN (EMN for several games) and the JSON form of the model.")
    p.add_argument("file", metavar="FILE", help="a game file: the notation, EGN, EMN or the JSON form")
    p.add_argument("--to", required=True, choices=TARGETS, help="the form to write")
    p.add_argument("-o", "--output", metavar="OUT", help="write here instead of standard output")
    p.add_argument("--rules", metavar="NAME|PATH", help="the ruleset that seats EGN's cards and fills EGN's ruleset object (default: each game's own)")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--lossy", action="store_true",
                   help="write the conversion even where the target cannot hold what the ruling rests on (the warnings say what is lost)")
    args = p.parse_args(argv)
    path = Path(args.file)
    try:  # first, and apart: a --set or --rules that cannot be used is never the game file's fault
        forced = forced_ruleset(args.rules, args.overrides)
    except RulesetError as e:
        for line in e.problems:
            err.write(f"euchre-audit: invalid ruleset: {line}\n")
        return EXIT_USAGE
    chooser = RulesetChooser(forced, args.overrides, path.parent)

    def rules_of(game: GameRecord) -> Ruleset:
        """The game's ruleset; a Rules or Set tag that cannot be used is named as the audit names it."""
        try:
            return chooser.for_game(game)
        except RulesetError as e:
            raise InputError(f"{path}:{game.tag_pos('Rules')}: game {game.index}: {e}") from None

    warnings: list[str] = []  # what the target cannot hold
    informed: list[str] = []  # what only other readers of the target lose

    try:
        games = list(open_games(path))
        broken = unreadable_lines(games)
        if broken:
            (where, message) = broken[0]
            err.write(
                f"euchre-audit: {path}:{where}: {message}; {len(broken)} unreadable line(s) or hand(s) "
                "would be lost in conversion: fix them first (euchre-audit FILE shows each syntax error)\n"
            )
            return EXIT_USAGE
        text = convert(games, args.to, rules_of, warnings.append, forced is not None or bool(args.overrides), informed.append)
        out_dir = Path(args.output).parent if args.output else path.parent
        # the converted file's Rules tags are found from its own folder: the same chooser (its rulesets read once) there
        beside = chooser if out_dir == path.parent else RulesetChooser(forced, args.overrides, out_dir)
        changes = ruling_changes(games, text, args.to, chooser, beside)
    except InputError as e:
        err.write(f"euchre-audit: {e}\n")
        return EXIT_USAGE
    if changes and not args.lossy:
        err.write(refusal(path, args.to, warnings, changes))
        return EXIT_USAGE
    for warning in by_game(warnings + informed):
        err.write(f"euchre-audit: warning: {warning}\n")
    if changes:
        err.write("euchre-audit: warning: written with --lossy; the converted file is audited otherwise:\n")
        err.writelines(f"  - {item}\n" for item in listed(changes))
    if args.output:
        try:
            _write_atomically(Path(args.output), text)
        except OSError as e:
            err.write(f"euchre-audit: cannot write {args.output} ({e.strerror or e})\n")
            return EXIT_USAGE
    else:
        out.write(text)
    return EXIT_CLEAN


def run_fmt(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    p = _parser("euchre-audit fmt", "Write files of the text notation in its canonical form (to standard output unless --write or --check).")
    p.add_argument("files", nargs="+", metavar="FILE")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="rewrite each file in place")
    mode.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is not in canonical form")
    args = p.parse_args(argv)
    status = EXIT_CLEAN
    for name in args.files:
        path = Path(name)
        try:
            regular_file_size(path, name)  # first: sniffing a pipe would wait for a writer, /dev/zero never end
            if sniff_format(path) != "text":
                err.write(f"euchre-audit: {name}: fmt formats the text notation; use `euchre-audit convert {name} --to text` for EGN or JSON\n")
                status = EXIT_USAGE
                continue
            text = read_document(path, name, MAX_FMT_BYTES)
        except OSError as e:
            err.write(f"euchre-audit: {cannot_read(name, e)}\n")
            status = EXIT_USAGE
            continue
        except InputError as e:
            err.write(f"euchre-audit: {e}\n")
            status = EXIT_USAGE
            continue
        try:  # written as it is formatted (fmt_stream): one chunk held at a time
            result = format_file(path, text, "write" if args.write else "check" if args.check else "out", out)
        except OSError as e:
            err.write(f"euchre-audit: cannot write {name} ({e.strerror or e})\n")
            status = EXIT_USAGE
            continue
        for problem in result.problems:
            err.write(f"euchre-audit: {name}:{problem}\n")
        for note in result.notes:
            err.write(f"euchre-audit: {name}:{note}\n")
        if args.check:
            if result.changed:
                err.write(f"would reformat {name}\n")
                status = max(status, EXIT_CHANGED)
        elif args.write:
            if result.changed:
                err.write(f"reformatted {name}\n")
        if result.problems:
            status = EXIT_USAGE
    return status
