"""``euchre-audit standings PATH...``: the night's or the season's standings, on the sheets and corrected.

PATHs are read as ``stats`` reads them (game files, folders, globs, tables
folders written by ``stats --out``): the games are audited into the
statistics tables and the standings are summed from their ``players`` table,
lazily, so that a season of any size is ranked in bounded memory.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from ..audit import forced_ruleset
from ..cli_common import EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE, CommandParser, iso_date, job_count
from ..findings import Severity
from ..parallel import AuditOptions, default_jobs
from ..rules.loader import RulesetError
from ..rules.standings_rules import StandingsRules

FORMATS = ("text", "csv", "json", "html")


def _parser() -> argparse.ArgumentParser:
    p = CommandParser(
        prog="euchre-audit standings",
        description="Rank the players of a night or a season under the event's scoring, as the score sheets had them "
        "and as corrected, with what each correction did to the places.",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="game files, folders (searched recursively), globs, or tables folders written by stats --out")
    p.add_argument("--by", choices=("player", "partnership"), default="player",
                   help="rank players (default) or partnerships (a league of fixed partners)")
    p.add_argument("--format", choices=FORMATS, default="text", help="text (default), csv (a row a player), json, or html (a page with the charts)")
    p.add_argument("-o", "--output", metavar="OUT", help="write here instead of standard output (replaced only once complete)")
    p.add_argument("--since", type=iso_date, metavar="YYYY-MM-DD", help="only games dated this day or later")
    p.add_argument("--until", type=iso_date, metavar="YYYY-MM-DD", help="only games dated this day or earlier")
    p.add_argument("--event", action="append", metavar="NAME",
                   help="only the games of this event (the Event tag, exactly; repeat for several)")
    p.add_argument("--round", dest="rounds", action="append", metavar="ROUND",
                   help="only the games of this round (the Round tag as written; repeat for several)")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="accepted as the audit takes it; the standings are written without colour")
    p.add_argument("--rules", metavar="NAME|PATH", help="ruleset for every game (default: each game's Rules tag, else hoyle)")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                   help="override one rule, e.g. --set standings.tie_break='[games-won]'")
    p.add_argument("--jobs", type=job_count, default=None, metavar="N", help="worker processes (default: all cores)")
    return p


def run_standings(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    from ..stats.command import audit_to_tables, discover

    args = _parser().parse_args(argv)
    if args.since and args.until and args.since > args.until:
        err.write(f"euchre-audit standings: --since {args.since} is after --until {args.until}\n")
        return EXIT_USAGE
    try:
        forced = forced_ruleset(args.rules, args.overrides)
    except RulesetError as e:
        for line in e.problems:
            err.write(f"euchre-audit: invalid ruleset: {line}\n")
        return EXIT_USAGE
    files, table_dirs, problems = discover(args.paths)
    for problem in problems:
        err.write(f"euchre-audit: {problem}\n")
    scratch = tempfile.mkdtemp(prefix="euchre-standings-")
    try:
        root = Path(scratch)
        ok = audit_to_tables(files, AuditOptions(forced, tuple(args.overrides), "stats"), root, False,
                             args.jobs or default_jobs(), err, "standings")
        return _standings(args, [root, *table_dirs], forced.standings if forced is not None else None, out, err,
                          EXIT_USAGE if problems or not ok else None)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _standings(args: argparse.Namespace, roots: list[Path], forced: StandingsRules | None, out: TextIO, err: TextIO,
               status: int | None) -> int:
    import polars as pl

    from ..stats.tables import finish_tables, scan_tables
    from . import compute
    from .build import standings

    finish_tables(roots[0], False)
    players = compute.in_range(pl.concat([scan_tables(r)["players"] for r in roots]), args.since, args.until,
                               args.event, args.rounds)
    rules = forced
    if rules is None:
        ranked = compute.rankings(players)
        if len(ranked) > 1:
            err.write(f"euchre-audit standings: the games are ranked by different rules ({'; '.join(ranked)}); "
                      "give one with --rules, or --set standings.rank_by=... and standings.tie_break=[...]\n")
            return EXIT_USAGE
        rules = StandingsRules.from_text(ranked[0]) if ranked else StandingsRules()
    table = standings(players, args.by, rules, running=args.format in ("json", "html"))  # text, CSV: no running totals
    night = compute.two_tables(players)
    written = _write(table, night, args, out, err, players)
    if written is not None:
        return written
    if status is not None:
        return status
    changed = any(line.corrected != line.sheet for line in table.lines)
    return EXIT_FINDINGS if changed or any(n.finding.level is Severity.ERROR for n in night) else EXIT_CLEAN


def _write(table, night, args: argparse.Namespace, out: TextIO, err: TextIO, players) -> int | None:  # type: ignore[no-untyped-def]
    from . import render

    def write(fh: TextIO) -> None:
        if args.format == "csv":
            render.write_csv(table, fh)
        elif args.format == "json":
            render.write_json(table, fh, night)
        elif args.format == "html":
            from ..ruling.page import write_standings_page
            from ..stats.charts_out import make_rates

            write_standings_page(table, night, fh, [str(p) for p in args.paths], make_rates(players))
        else:
            render.write_text(table, fh, night)

    if args.output is None:
        write(out)
        return None
    from ..outfile import replacing

    try:
        with replacing(Path(args.output)) as fh:
            write(fh)
    except OSError as e:
        err.write(f"euchre-audit standings: cannot write {args.output} ({e.strerror or e})\n")
        return EXIT_USAGE
    return None
