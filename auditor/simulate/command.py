"""``euchre-audit simulate``: the command line of the game generator."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from .game import simulate
from .writing import write_games


def run_simulate(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    """``euchre-audit simulate``: write generated games in the notation."""
    from ..cli_common import CommandParser
    from ..rules.loader import DEFAULT_RULESET, RulesetError, load_ruleset

    p = CommandParser(prog="euchre-audit simulate", description="Write N complete games in the notation, played by simple heuristics under a ruleset. Same seed, same output.")
    p.add_argument("--games", type=int, metavar="N", help="how many games (or a night: --tables and --rounds)")
    p.add_argument("--tables", type=int, metavar="T", help="a progressive night: T tables a round, with Round and Table tags")
    p.add_argument("--rounds", type=int, metavar="R", help="a progressive night: R rounds, partners changing every round")
    p.add_argument("--players", type=int, metavar="P", help="a night's players (default: 4 a table); those not seated sit out, in turn")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
    p.add_argument("--rules", default=DEFAULT_RULESET, metavar="NAME|PATH", help="ruleset the games are played under (default: hoyle)")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE", help="change one rule (repeatable), e.g. --set 'bidding.no_trump_calls=[high, low]'; written in each game's [Set] tag")
    p.add_argument("--errors", type=float, default=0.0, metavar="RATE", help="share of hands (0-1) that carry one injected mistake")
    p.add_argument("--called", type=float, default=0.0, metavar="SHARE",
                   help="share (0-1) of the injected wrong cards that the table calls: a `renege` line, and the hand scored "
                        "with the ruleset's renege penalty (default 0)")
    p.add_argument("--hands", type=int, metavar="N", help="stop after the game in which N hands are reached")
    p.add_argument("-o", "--output", metavar="FILE", help="write the games here (default: standard output)")
    p.add_argument("--errors-out", metavar="FILE", help="write the injected mistakes here as JSON lines (default: standard error)")
    args = p.parse_args(argv)
    night = args.tables is not None or args.rounds is not None
    if night and (args.tables is None or args.rounds is None or args.games is not None):
        p.error("a night is --tables T and --rounds R (without --games)")
    if not night and args.games is None:
        p.error("say how many games (--games N), or a night (--tables T --rounds R)")
    if night:
        players = args.players if args.players is not None else 4 * args.tables
        if args.tables < 1 or args.rounds < 1 or players < 4 * args.tables or players > 1000:
            p.error("a night has 1 table or more, 1 round or more, and from 4 players a table to 1000 players")
    elif args.games < 0 or (args.hands is not None and args.hands < 1):
        p.error("--games must be 0 or more and --hands 1 or more")
    if not 0.0 <= args.errors <= 1.0:
        p.error("--errors is a share of hands between 0 and 1, e.g. 0.05")
    if not 0.0 <= args.called <= 1.0:
        p.error("--called is a share of the injected wrong cards between 0 and 1, e.g. 0.5")
    try:
        rules = load_ruleset(args.rules, args.overrides)
    except RulesetError as e:
        for line in e.problems:
            err.write(f"euchre-audit: invalid ruleset: {line}\n")
        return 2
    # the changes are written in each game's [Set] tag: the file audits as generated, without --set
    if night:
        from .night import simulate_night

        sims = simulate_night(rules, args.tables, args.rounds, players, args.seed, args.errors, args.rules, args.overrides, args.called)
    else:
        sims = simulate(rules, args.games, args.seed, args.errors, args.rules, overrides=args.overrides, called=args.called)
    try:
        games_out = open(args.output, "w", encoding="utf-8", newline="\n") if args.output else None
        errors_out = open(args.errors_out, "w", encoding="utf-8") if args.errors_out else None
    except OSError as e:
        err.write(f"euchre-audit simulate: cannot write {e.filename}: {e.strerror}\n")
        return 2
    try:
        write_games(sims, games_out or out, errors_out or (err if args.errors > 0 else None), args.hands)
    finally:
        for fh in (games_out, errors_out):
            if fh is not None:
                fh.close()
    return 0
