"""``euchre-audit stats PATH...``: audit a season of games and summarize it.

PATHs are game files, folders (searched recursively for game files), globs,
or folders of tables written earlier with ``--out`` (read without auditing).
"""

from __future__ import annotations

import argparse
import glob
import io
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from ..parallel import AuditOptions, default_jobs, fewer_collections, plan_units
from ..audit import forced_ruleset
from ..cli_common import EXIT_CLEAN as EXIT_OK
from ..cli_common import EXIT_USAGE, CommandParser, job_count
from ..rules.loader import RulesetError
from .collect import TableOptions, UnitTables, collect
from .layout import MARKER, TABLES, clear_tables, is_tables_dir

#: files a folder is searched for (any name given explicitly is read)
GAME_SUFFIXES = (".txt", ".euchre", ".egn", ".emn", ".json")


def _parser() -> argparse.ArgumentParser:
    from .views import VIEWS

    p = CommandParser(
        prog="euchre-audit stats",
        description="Audit game files and summarize them: who calls trump, makes it, gets euchred, reneges.",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="game files, folders (searched recursively), globs, or tables folders written by --out")
    p.add_argument("--by", choices=VIEWS, default="player", help="the summary view (default: player)")
    p.add_argument("--format", choices=["table", "csv", "json", "parquet"], default="table", help="how the view is written to standard output (default: table)")
    p.add_argument("--out", metavar="DIR", help="also write the tables (games, hands, plays, findings; analysis with --analysis) as Parquet under DIR")
    p.add_argument("--partition-by", choices=["event"], help="with --out: one folder per event (Hive layout)")
    p.add_argument("--rules", metavar="NAME|PATH", help="ruleset for every game (default: each game's Rules tag, else hoyle)")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE", help="override one rule")
    p.add_argument("--jobs", type=job_count, default=None, metavar="N", help="worker processes (default: all cores)")
    p.add_argument("--analysis", action="store_true",
                   help="also analyse the play double dummy: the analysis table, and play quality in the player view")
    p.add_argument("--par", action="store_true", help="with --analysis, also each deal's par contract for each side (slower)")
    return p


def _game_files(folder: Path) -> list[Path]:
    """The game files below ``folder``: a ``.json`` file only if it says it holds games."""
    return sorted(
        p for p in folder.rglob("*")
        if p.is_file() and p.suffix.lower() in GAME_SUFFIXES and p.name != MARKER
        and not any(part.startswith(".") for part in p.relative_to(folder).parts)
        and (p.suffix.lower() != ".json" or _declares_games(p))
    )


def _declares_games(path: Path) -> bool:
    """A JSON file found in a folder is read when its opening names a game format (EGN, EMN, ours)."""
    from ..egn.shape import EGN_FILE_TYPE, EMN_FILE_TYPE
    from ..modeljson import FORMAT

    try:
        with path.open("rb") as fh:
            head = fh.read(4096).decode("utf-8", errors="replace")
    except OSError:
        return True  # let the reader report it
    declared = re.search(r'"(?:fileType|format)"\s*:\s*"([^"]*)"', head)
    return declared is not None and declared.group(1) in (EGN_FILE_TYPE, EMN_FILE_TYPE, FORMAT)


def discover(specs: Sequence[str]) -> tuple[list[tuple[Path, str]], list[Path], list[str]]:
    """(game files with their labels, tables folders, problems) for the given PATHs."""
    files: list[tuple[Path, str]] = []
    tables: list[Path] = []
    problems: list[str] = []

    def take(path: Path) -> None:
        if is_tables_dir(path):
            tables.append(path)
        elif path.is_dir():
            files.extend((p, str(p)) for p in _game_files(path))
        else:
            files.append((path, str(path)))

    for spec in specs:
        path = Path(spec)
        if path.exists() or path.is_symlink():  # a broken link is named by its reader
            take(path)
        elif glob.has_magic(spec):
            matches = sorted(glob.glob(spec, recursive=True))
            if not matches:
                problems.append(f"{spec}: no file matches")
            for match in matches:
                take(Path(match))
        else:
            problems.append(f"{spec}: no such file or folder")
    return files, tables, problems


class Progress:
    """Files and hands done and hands per second, on stderr, only on a terminal."""

    def __init__(self, stream: TextIO, files: int) -> None:
        self.stream = stream
        self.enabled = bool(getattr(stream, "isatty", lambda: False)())
        self.files = files
        self.labels: set[str] = set()
        self.hands = 0
        self.start = time.monotonic()
        self.shown = 0.0
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
        self.labels.add(result.unit.label)
        self.hands += result.hands
        if result.lost_lines or result.lost_hands:
            lines, hands = self.unread.get(result.unit.label, (0, 0))
            self.unread[result.unit.label] = (lines + result.lost_lines, hands + result.lost_hands)
        now = time.monotonic()
        if self.enabled and now - self.shown >= 0.2:
            self.shown = now
            self._draw(now)

    def _draw(self, now: float) -> None:
        rate = self.hands / max(now - self.start, 1e-9)
        width = 24
        done = min(len(self.labels), self.files)
        filled = int(width * done / self.files) if self.files else width
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r[{bar}] files {done}/{self.files}  hands {self.hands:,}  {rate:,.0f} hands/s ")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self._draw(time.monotonic())
            self.stream.write("\n")
            self.stream.flush()


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
        with pl.Config(
            tbl_rows=-1, tbl_cols=-1, float_precision=1, tbl_width_chars=400, tbl_hide_dataframe_shape=True,
            tbl_hide_column_data_types=True, tbl_hide_dtype_separator=True,
        ):
            out.write(f"{frame}\n")
    return EXIT_OK


def _copy_tables(sources: list[Path], out: Path, partition_by_event: bool) -> None:
    """Write tables read from earlier --out folders into ``out`` (one part each)."""
    from .tables import scan_tables, write_frame

    for i, source in enumerate(sources):
        frames = scan_tables(source)
        for table in TABLES:
            write_frame(frames[table].collect(), out, table, f"t{i:05d}-0000", partition_by_event)


def run_stats(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    args = _parser().parse_args(argv)
    if args.partition_by and not args.out:
        err.write("euchre-audit stats: --partition-by needs --out DIR\n")
        return EXIT_USAGE
    if args.par and not args.analysis:
        err.write("euchre-audit stats: --par needs --analysis\n")
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
    scratch = None
    try:
        if args.out:
            root = Path(args.out)
        else:
            scratch = tempfile.mkdtemp(prefix="euchre-stats-")
            root = Path(scratch)
        jobs = args.jobs or default_jobs()
        if files:
            progress = Progress(err, len(files))
            options = TableOptions(AuditOptions(forced, tuple(args.overrides), "stats"), str(root), partition, args.analysis, args.par)

            def report_problem(text: str) -> None:
                if progress.enabled:
                    err.write("\n")
                err.write(f"euchre-audit: {text}\n")

            with fewer_collections():
                ok = collect(plan_units(files, jobs), options, jobs, report_problem, progress.update)
            progress.close()
            summary = progress.unread_summary()
            if summary is not None:
                err.write(f"euchre-audit stats: {summary}\n")
            if not ok:
                status = EXIT_USAGE
        from .tables import finish_tables  # polars, once the workers are done

        if args.out and table_dirs:
            _copy_tables(table_dirs, root, partition)
        finish_tables(root, partition)
        roots = [root] + ([] if args.out else table_dirs)  # with --out, root holds everything
        frame = _view(args.by, roots)
        written = _write_view(frame, args.format, out, err)
        return written if written != EXIT_OK else status
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


def _view(by: str, roots: list[Path]):  # type: ignore[no-untyped-def]
    import polars as pl

    from .tables import scan_tables
    from .views import view

    scans = [scan_tables(r) for r in roots]
    tables = {t: pl.concat([s[t] for s in scans]) for t in TABLES}
    return view(by, tables)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(run_stats(sys.argv[1:], sys.stdout, sys.stderr))
