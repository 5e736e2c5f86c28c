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
    from .views import VIEWS

    p = CommandParser(
        prog="euchre-audit stats",
        description="Audit game files and summarize them: who calls trump, makes it, gets euchred, reneges.",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="game files, folders (searched recursively), globs, or tables folders written by --out")
    p.add_argument("--by", choices=VIEWS, default="player", help="the summary view (default: player)")
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
    p.add_argument("--league", action="store_true", help="the league table's measures: win rate, points for and against, "
                   "calls made by round and alone, euchres, reneges per 100 plays (--by player, team or seat)")
    p.add_argument("--since", type=iso_date, metavar="YYYY-MM-DD", help="only games dated this day or later")
    p.add_argument("--until", type=iso_date, metavar="YYYY-MM-DD", help="only games dated this day or earlier")
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


def _write_view(frame, fmt: str, out: TextIO, err: TextIO) -> int:  # type: ignore[no-untyped-def]
    import polars as pl

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
        from ..terminal_table import frame_rows, write_table

        head, rows, numeric = frame_rows(frame)
        write_table(out, head, rows, right=numeric)
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


def run_stats(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    args = _parser().parse_args(argv)
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
        frame = _view(args.by, roots, err, args.league, args.since, args.until)
        written = _write_view(frame, args.format, out, err)
        return written if written != EXIT_OK else status
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


def _view(by: str, roots: list[Path], err: TextIO, league: bool = False, since=None, until=None):  # type: ignore[no-untyped-def]
    import polars as pl

    from .league import in_range, league_lazy
    from .tables import scan_tables
    from .views import _collect, games_without_teams, view

    scans = [scan_tables(r) for r in roots]
    tables = in_range({t: pl.concat([s[t] for s in scans]) for t in TABLES}, since, until)
    if by == "team" and not league:
        alone = games_without_teams(tables)
        if alone:
            err.write(f"euchre-audit stats: --by team: {alone} game{'s' if alone != 1 else ''} without partnerships "
                      "(every player for himself, as two- and three-handed) have no teams and are left out; "
                      "--by player counts them\n")
    return _collect(league_lazy(tables["players"], by)) if league else view(by, tables)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(run_stats(sys.argv[1:], sys.stdout, sys.stderr))
