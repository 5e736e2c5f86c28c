"""``euchre-audit convert`` and ``euchre-audit fmt``: between the notation, EGN and JSON.

    euchre-audit convert FILE --to text|egn|json [-o OUT] [--rules NAME|PATH] [--set KEY=VALUE]
    euchre-audit fmt FILE... [--write | --check]

Any input the auditor reads (the text notation, EGN, EMN, the JSON form of
the model) converts to any of the three outputs.  Whatever the target cannot
hold is named in a warning on standard error, never dropped in silence.
``fmt`` writes the canonical form of the text notation (see
:mod:`auditor.notation.writer`).

Exit status: 0 done (warnings included), 1 ``fmt --check`` found a file that
is not canonical, 2 bad usage, an unreadable file or (``fmt``) a hand with a
syntax error, which is left as written.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from .audit import RulesetChooser, forced_ruleset
from .textfile import InputError, cannot_read, read_document, regular_file_size
from .cli_common import CommandParser
from .egn.seating import seated
from .egn.writer import games_to_egn
from .model import BrokenHand, GameRecord
from .outfile import write_atomically
from .modeljson import to_json
from .fmt_stream import format_file
from .notation.writer import unreadable, write_games
from .rules.loader import RulesetError
from .rules.schema import Ruleset
from .sources import sniff_format, open_games

TARGETS = ("text", "egn", "json")
#: the largest notation file ``fmt`` reads into memory
MAX_FMT_BYTES = 64 * 1024 * 1024

EXIT_CLEAN, EXIT_CHANGED, EXIT_USAGE = 0, 1, 2


def to_text(games: Sequence[GameRecord], rules_of: Callable[[GameRecord], Ruleset], warn: Callable[[str], None]) -> str:
    """The canonical notation of games from any source (EGN's implicit seats filled in by the rules)."""
    ready = []
    for game in games:
        hands: list = []
        for hand in game.hands:
            if isinstance(hand, BrokenHand):
                hands.append(hand)
                continue
            full, guessed, by_suit = seated(hand, rules_of(game))
            for number in guessed:
                warn(f"game {game.index}, hand {hand.number}, trick {number}: the rules give no seats "
                     "(no trump was made, or a trick past the last); the seats are written clockwise from the dealer's left")
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


def convert(games: Sequence[GameRecord], target: str, rules_of: Callable[[GameRecord], Ruleset], warn: Callable[[str], None]) -> str:
    """``games`` written as ``target`` (text, egn or json)."""
    if target == "text":
        return to_text(games, rules_of, warn)
    if target == "egn":
        if not games:
            raise InputError("the file holds no game to write as EGN")
        return games_to_egn(games, rules_of, warn)
    if target == "json":
        return to_json(games)
    raise ValueError(f"unknown target {target!r}")


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

    def warn(text: str) -> None:
        err.write(f"euchre-audit: warning: {text}\n")

    try:
        games = list(open_games(path))
        broken = [found for g in games for h in g.hands if (found := unreadable(h)) is not None]
        broken += [(lost.pos, lost.message) for g in games for lost in g.lost]
        if broken:
            (where, message) = broken[0]
            err.write(
                f"euchre-audit: {path}:{where}: {message}; {len(broken)} unreadable line(s) or hand(s) "
                "would be lost in conversion: fix them first (euchre-audit FILE shows each syntax error)\n"
            )
            return EXIT_USAGE
        text = convert(games, args.to, rules_of, warn)
    except InputError as e:
        err.write(f"euchre-audit: {e}\n")
        return EXIT_USAGE
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
