"""``euchre-audit stats PATH...``: audit a season of games and summarize it.

PATHs are game files, folders (searched recursively for game files), globs,
or folders of tables written earlier with ``--out`` (read without auditing).
"""

from __future__ import annotations

import argparse
import io
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from ..parallel import AuditOptions, default_jobs, fewer_collections, plan_units
from ..audit import forced_ruleset
from ..cli_common import EXIT_CLEAN as EXIT_OK
from ..cli_common import EXIT_USAGE, CommandParser, iso_date, job_count
from ..rules.loader import RulesetError
from .collect import TableOptions, UnitTables, collect
from .layout import MARKER, TABLES, clear_tables, is_tables_dir


def _parser() -> argparse.ArgumentParser:
    from .glossary import KEYS
    from .questions import QUESTIONS

    p = CommandParser(
        prog="euchre-audit stats",
        description="Audit game files and summarize them: who calls trump, makes it, gets euchred, reneges.",
        epilog="Every column is explained by `euchre-audit stats --explain` (one: --explain NAME), "
        "which also lists the views and the named questions.",
    )
    p.add_argument("paths", nargs="*", metavar="PATH", help="game files, folders (searched recursively), globs, or tables folders written by --out")
    p.add_argument("--by", choices=tuple(KEYS), default="player",
                   help="the summary view: one row per player (default), team, seat (N, E, S, W), position (relative "
                   "to the dealer), trump-round, up-card or event")
    p.add_argument("--columns", metavar="NAME,...",
                   help="the columns to show, in this order (the key column first in any case), or `all`; "
                   "without it a table shows what fits the terminal's width (COLUMNS)")
    p.add_argument("--sort", metavar="NAME", help="sort the rows on this column, largest first")
    p.add_argument("--question", choices=tuple(QUESTIONS), metavar="NAME",
                   help="a named question, answered with its view, columns and order: " + ", ".join(QUESTIONS))
    p.add_argument("--explain", nargs="?", const="", metavar="NAME",
                   help="say what every column (or the column NAME) means, and list the views and questions; no PATH needed")
    p.add_argument("--charts", metavar="DIR", help="also draw the season's charts into DIR, as PNG and SVG files")
    p.add_argument("--format", choices=["table", "csv", "json", "parquet"], default="table", help="how the view is written to standard output (default: table)")
    p.add_argument("--out", metavar="DIR", help="also write the five tables (games, hands, plays, findings, players; and analysis with --analysis) as Parquet under DIR")
    p.add_argument("--partition-by", choices=["event"], help="with --out: one folder per event (Hive layout)")
    p.add_argument("--table-format", choices=["parquet", "csv"], default="parquet",
                   help="with --out: the tables as Parquet (typed, the default) or CSV (for spreadsheets)")
    p.add_argument("--rules", metavar="NAME|PATH", help="ruleset for every game (default: each game's Rules tag, else hoyle)")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE", help="override one rule")
    p.add_argument("--jobs", type=job_count, default=None, metavar="N", help="worker processes (default: all cores)")
    p.add_argument("--dask", metavar="SCHEDULER", help="run on a Dask cluster (a scheduler's address, or 'local'); "
                   "the workers write the tables, so --out must be a folder they share (docs/scale.md)")
    p.add_argument("--league", action="store_true", help="the league table's columns: win rate, points for and against, "
                   "calls made by round and alone, euchres, reneges per 100 hands and plays (--by player, team or seat)")
    p.add_argument("--since", type=iso_date, metavar="YYYY-MM-DD", help="only games dated this day or later")
    p.add_argument("--until", type=iso_date, metavar="YYYY-MM-DD", help="only games dated this day or earlier")
    p.add_argument("--event", action="append", metavar="NAME",
                   help="only the games of this event (the Event tag, exactly; repeat for several)")
    p.add_argument("--analysis", action="store_true",
                   help="also analyse the play double dummy: the analysis table, and play quality in the player view")
    p.add_argument("--par", action="store_true", help="with --analysis, also each deal's par contract for each side (slower)")
    return p


def discover(specs: Sequence[str]) -> tuple[list[tuple[Path, str]], list[Path], list[str]]:
    """(game files with their labels, tables folders, problems) for the given PATHs
    (standard input, ``-``, is copied to a temporary file removed when the process ends)."""
    import atexit

    from ..inputs import discover as find

    found = find(specs, is_tables_dir, skip=lambda p: p.name == MARKER)
    atexit.register(found.close)
    return found.files, found.tables, found.problems


class Unread:
    """What could not be read, file by file: the statistics leave it out and say so."""

    def __init__(self) -> None:
        self.unread: dict[str, tuple[int, int]] = {}  # file -> (lines, hands) that could not be read

    def unread_summary(self) -> str | None:
        """What the statistics leave out because it could not be read, file by file."""
        if not self.unread:
            return None
        lines = sum(n for n, _ in self.unread.values())
        hands = sum(n for _, n in self.unread.values())
        parts = [_count(n, "line") + (f" and {_count(h, 'hand')}" if h else "") if n else _count(h, "hand")
                 for n, h in self.unread.values()]
        where = "; ".join(f"{label}: {part}" for label, part in zip(self.unread, parts))
        what = _count(lines, "line") + (f" and {_count(hands, 'whole hand')}" if hands else "")
        return (f"{what} could not be read and are left out of these statistics ({where}); "
                "`euchre-audit FILE` shows each syntax error")

    def update(self, result: UnitTables) -> None:
        if result.lost_lines or result.lost_hands:
            lines, hands = self.unread.get(result.unit.label, (0, 0))
            self.unread[result.unit.label] = (lines + result.lost_lines, hands + result.lost_hands)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _prepare_out(out: Path) -> str | None:
    """Make ``out`` ready for new tables; a reason when it cannot be used."""
    if out.exists() and not out.is_dir():
        return f"--out {out}: exists and is not a folder"
    if out.is_dir() and any(out.iterdir()) and not is_tables_dir(out):
        return f"--out {out}: the folder is not empty and holds no tables written by euchre-audit; choose another"
    out.mkdir(parents=True, exist_ok=True)
    clear_tables(out)
    return None


def _write_view(frame, fmt: str, out: TextIO, err: TextIO, fit: bool = True) -> int:  # type: ignore[no-untyped-def]
    if fmt == "csv":
        out.write(frame.write_csv())
    elif fmt == "json":
        out.write(frame.write_json())
        out.write("\n")
    elif fmt == "parquet":
        buffer = getattr(out, "buffer", None)
        if buffer is None or (hasattr(out, "isatty") and out.isatty()):
            err.write("euchre-audit stats: --format parquet writes binary data; redirect standard output to a file\n")
            return EXIT_USAGE
        data = io.BytesIO()
        frame.write_parquet(data)
        out.flush()
        buffer.write(data.getvalue())
        buffer.flush()
    else:
        from .screen import table_text

        out.write(table_text(frame, fit=fit))
    return EXIT_OK


def _copy_tables(sources: list[Path], out: Path, partition_by_event: bool, table_format: str) -> None:
    """Write tables read from earlier --out folders into ``out`` (one part each)."""
    from .tables import scan_tables, write_frame

    for i, source in enumerate(sources):
        frames = scan_tables(source)
        for table in TABLES:
            write_frame(frames[table].collect(), out, table, f"t{i:05d}-0000", partition_by_event, table_format)


def audit_to_tables(files: list[tuple[Path, str]], audit: AuditOptions, root: Path, partition: bool, jobs: int, err: TextIO,
                    command: str = "stats", table_format: str = "parquet", dask: str | None = None,
                    analysis: bool = False, par: bool = False) -> bool | None:
    """Audit ``files`` into table parts under ``root`` (a progress bar on a terminal, on ``jobs`` processes or a Dask
    cluster): True when every file was read, False if one had a problem, None if the cluster could not be reached."""
    if not files:
        return True
    from ..cluster import ClusterError, open_runner
    from ..progress import Progress, total_bytes

    progress = Progress(err, total_bytes([p for p, _ in files]), what=command)
    unread = Unread()
    options = TableOptions(audit, str(root), partition, table_format, analysis, par)

    def report_problem(text: str) -> None:
        progress.note(f"euchre-audit: {text}\n", err)

    def unit_done(result: UnitTables) -> None:
        progress.done(result.unit)
        unread.update(result)

    try:
        runner, jobs = open_runner(dask, jobs)  # the units are cut for the cluster's workers
    except ClusterError as e:
        progress.close()
        err.write(f"euchre-audit {command}: --dask: {e}\n")
        return None
    try:
        with fewer_collections():  # one process cuts a big file too, for a true progress bar
            units = plan_units(files, jobs, cut=progress.enabled or runner is not None)
            ok = collect(units, options, jobs, report_problem, unit_done, runner)
    finally:
        progress.close()
        if runner is not None:
            runner.close()
    summary = unread.unread_summary()
    if summary is not None:
        err.write(f"euchre-audit {command}: {summary}\n")
    return ok


def _columns(args: argparse.Namespace, err: TextIO) -> tuple[list[str] | None, bool] | None:
    """The columns asked for after the key (None: every one) and whether the table is fitted to the screen;
    None when a name is no column."""
    from .glossary import ANALYSIS_COLUMNS, COLUMNS, KEYS, LEAGUE, RENAMED
    from .questions import QUESTIONS

    known = (*COLUMNS, *ANALYSIS_COLUMNS, *(key for key, _ in KEYS.values()))  # the key comes first in any case
    if args.columns is not None:
        if args.columns.strip() == "all":
            return None, False
        names = [RENAMED.get(n.strip(), n.strip()) for n in args.columns.split(",") if n.strip()]
        wrong = [n for n in names if n not in known]
        if wrong or not names:
            err.write(f"euchre-audit stats: --columns: no column {', '.join(wrong) or '(none given)'} "
                      f"(`euchre-audit stats --explain` lists them)\n")
            return None
        return names, False
    if args.question:
        return list(QUESTIONS[args.question].columns), True
    return (list(LEAGUE), True) if args.league else (None, True)


def run_stats(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    args = _parser().parse_args(argv)
    if args.explain is not None:
        return _explain(args.explain, out, err)
    if not args.paths:
        err.write("euchre-audit stats: give one or more PATHs (game files, folders, globs or tables folders); "
                  "see euchre-audit stats --help\n")
        return EXIT_USAGE
    if args.question:
        from .questions import QUESTIONS

        if args.by != "player" or args.league:
            err.write("euchre-audit stats: --question chooses its own view: leave out --by and --league\n")
            return EXIT_USAGE
        args.by = QUESTIONS[args.question].by
        args.sort = args.sort or QUESTIONS[args.question].sort
    chosen = _columns(args, err)
    if chosen is None:
        return EXIT_USAGE
    if args.sort is not None:
        from .glossary import RENAMED

        args.sort = RENAMED.get(args.sort, args.sort)
    for given, option in ((args.partition_by, "--partition-by"), (args.table_format != "parquet", "--table-format")):
        if given and not args.out:
            err.write(f"euchre-audit stats: {option} needs --out DIR\n")
            return EXIT_USAGE
    if args.par and not args.analysis:
        err.write("euchre-audit stats: --par needs --analysis\n")
        return EXIT_USAGE
    if args.league and args.by not in ("player", "team", "seat"):
        err.write(f"euchre-audit stats: --league is by player, team or seat, not by {args.by}\n")
        return EXIT_USAGE
    try:
        forced = forced_ruleset(args.rules, args.overrides)  # as the audit chooses rulesets
    except RulesetError as e:
        for line in e.problems:
            err.write(f"euchre-audit: invalid ruleset: {line}\n")
        return EXIT_USAGE
    files, table_dirs, problems = discover(args.paths)
    for problem in problems:
        err.write(f"euchre-audit: {problem}\n")
    status = EXIT_USAGE if problems else EXIT_OK
    if args.out:
        reason = _prepare_out(Path(args.out))
        if reason:
            err.write(f"euchre-audit stats: {reason}\n")
            return EXIT_USAGE
    partition = args.partition_by == "event"
    table_format = args.table_format if args.out else "parquet"
    scratch = None
    try:
        if args.out:
            root = Path(args.out)
        else:
            scratch = tempfile.mkdtemp(prefix="euchre-stats-")
            root = Path(scratch)
        audited = audit_to_tables(files, AuditOptions(forced, tuple(args.overrides), "stats"), root, partition,
                                  args.jobs or default_jobs(), err, table_format=table_format, dask=args.dask,
                                  analysis=args.analysis, par=args.par)
        if audited is None:
            return EXIT_USAGE  # the cluster could not be reached
        if not audited:
            status = EXIT_USAGE
        from .tables import finish_tables  # polars, once the workers are done

        if args.out and table_dirs:
            _copy_tables(table_dirs, root, partition, table_format)
        finish_tables(root, partition, table_format)
        if partition:
            from .partitions import partition_warning

            warning = partition_warning(root)
            if warning:
                err.write(f"euchre-audit stats: warning: {warning}\n")
        roots = [root] + ([] if args.out else table_dirs)  # with --out, root holds everything
        full = _view(args.by, roots, err, args.since, args.until, args.event)
        frame = _chosen(full, chosen[0], args.sort, args.league)
        if frame is None:
            err.write(f"euchre-audit stats: --sort: no column {args.sort} in this view\n")
            return EXIT_USAGE
        written = _write_view(frame, args.format, out, err, fit=chosen[1])
        if written == EXIT_OK and args.charts:
            from .charts_out import write_charts

            written = write_charts(Path(args.charts), roots, args.since, args.until, args.event, err)
        return written if written != EXIT_OK else status
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


def _explain(name: str, out: TextIO, err: TextIO) -> int:
    from .glossary import explain
    from .questions import QUESTIONS
    from .questions import explain as questions

    text = explain(name or None)
    if text is None and name in QUESTIONS:
        q = QUESTIONS[name]
        text = (f"{q.name}: {q.asks}\n  the same as: --by {q.by} --columns {','.join(q.columns)}"
                + (f" --sort {q.sort}" if q.sort else "") + "\n")
    if text is None:
        err.write(f"euchre-audit stats: --explain: no column or view {name!r} (`euchre-audit stats --explain` lists them)\n")
        return EXIT_USAGE
    out.write(text if name else text + "\n" + questions())
    return EXIT_OK


def _chosen(frame, columns: list[str] | None, sort: str | None, league: bool):  # type: ignore[no-untyped-def]
    """The view with the columns asked for (the key first), sorted as asked; None when the sort column is not in it."""
    import polars as pl

    key = frame.columns[0]
    if sort is not None:
        if sort not in frame.columns:
            return None
        frame = frame.sort([pl.col(sort), pl.col(key)], descending=[True, False], nulls_last=True)
    elif league and key != "seat":
        frame = frame.sort(["games", key], descending=[True, False])
    if columns is not None:
        frame = frame.select(key, *(c for c in columns if c in frame.columns and c != key))
    return frame


def _view(by: str, roots: list[Path], err: TextIO, since=None, until=None, events=None):  # type: ignore[no-untyped-def]
    import polars as pl

    from .league import in_range
    from .tables import scan_tables
    from .views import games_without_teams, view

    scans = [scan_tables(r) for r in roots]
    tables = in_range({t: pl.concat([s[t] for s in scans]) for t in TABLES}, since, until, events)
    if by == "team":
        alone = games_without_teams(tables)
        if alone:
            err.write(f"euchre-audit stats: --by team: {alone} game{'s' if alone != 1 else ''} without partnerships "
                      "(every player for himself, as two- and three-handed) have no teams and are left out; "
                      "--by player counts them\n")
    return view(by, tables)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(run_stats(sys.argv[1:], sys.stdout, sys.stderr))
