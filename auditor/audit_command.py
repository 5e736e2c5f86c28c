"""``euchre-audit FILE...``: the audit's command line, as linters have it.

Settings come from the command line, then the project's configuration file
(:mod:`auditor.config`), then the defaults.  Inputs are files, folders, globs and ``-``
(:mod:`auditor.inputs`).  Exit status: 0 no error finding (or ``--exit-zero``), 1 at least
one error finding, 2 bad usage, an unreadable file, an invalid ruleset or configuration.
"""

from __future__ import annotations

import argparse
import os
import shutil
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from . import __version__
from .audit import forced_ruleset
from .cli_common import EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE, CommandParser, job_count
from .config import ConfigError, Settings, find_config, load_settings
from .exclusion import Exclusion, ExclusionError, check_patterns
from .findings import REGISTRY
from .formats import FORMATS
from .rules.loader import RulesetError
from .selection import Layer, Selection, SelectorError, layered, parse_selectors

#: every command, with one line each, for ``euchre-audit --help``
COMMANDS_HELP = (
    ("FILE...", "audit games (the default command; `euchre-audit audit FILE...` too)"),
    ("rules", "list the bundled rulesets, print one after inheritance, or the JSON Schema of a ruleset"),
    ("codes", "list the finding codes, or explain one with its example"),
    ("explain", "what a finding code means, with its example (as `codes CODE`)"),
    ("fmt", "write the notation in canonical form (--check for CI)"),
    ("convert", "convert between the notation, EGN and the JSON form of the model"),
    ("stats", "statistics over many games (a league's table: --league), and the Parquet (or CSV) tables behind them"),
    ("standings", "a night's or a season's standings, as the score sheets had them and as corrected"),
    ("simulate", "generate games, optionally with known mistakes"),
)

FORMAT_HELP = (
    "text (the ruling to read aloud, the default), lint (path:line:col: CODE message), "
    "github (GitHub Actions annotations), sarif (SARIF 2.1.0 for code scanning), "
    "jsonl (one JSON object per game, written as each is audited), "
    "json (one document: its findings first, its games through a temporary file, which holds about 4 KB a hand "
    "on disk), or html (one page to show or print; with -o DIR/, a site: an index of the games and a page a file). "
    "Every format is written as the games are audited, in bounded memory"
)


def audit_parser() -> argparse.ArgumentParser:
    commands = "\n".join(f"  {name:<10} {what}" for name, what in COMMANDS_HELP)
    p = CommandParser(
        prog="euchre-audit",
        usage="euchre-audit [options] FILE...\n       euchre-audit COMMAND [options] ...",
        description="Replay recorded Euchre games against a ruleset and report every renege, illegal bid, "
        "out-of-turn play and scoring error, with the corrected score.",
        epilog=f"commands:\n{commands}\n\n`euchre-audit COMMAND --help` tells more. A command's name wins over a "
        "file of that name: `euchre-audit -- stats` audits a file called stats.\n"
        "Settings may also come from euchre-audit.toml, or [tool.euchre-audit] in pyproject.toml, found from the "
        "current folder upward (rules, set, select, extend-select, ignore, extend-ignore, exclude, format); "
        "options given here win, and --ignore, --extend-select, --extend-ignore are laid over the file's.\n"
        "Exit status: 0 no error finding, 1 error findings, 2 bad usage or an unusable file.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="game files (text notation or EGN), folders (searched recursively), globs, or - for standard input")
    p.add_argument("--version", action="version", version=f"euchre-audit {__version__}")
    p.add_argument("--rules", metavar="NAME|PATH", help="a bundled ruleset name or a YAML file (default: each game's Rules tag, else hoyle)")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE", help="override one rule, e.g. --set target=7 or --set scoring.euchre=4")
    p.add_argument("--format", choices=FORMATS, default=None, metavar="FORMAT", help=f"{FORMAT_HELP}")
    p.add_argument("-o", "--output", metavar="OUT",
                   help="write the report here instead of standard output (replaced only once complete); without --format, "
                        "the extension names it (.html, .json, .jsonl, .sarif), and a folder (DIR/) is written as a "
                        "site of HTML pages: an index of the games and a page for each file")
    p.add_argument("--select", action="append", default=None, metavar="CODES",
                   help="report only these findings: codes (R501), code prefixes (R), names or categories (renege), "
                        "comma-separated; replaces the configuration file's select")
    p.add_argument("--extend-select", action="append", default=[], metavar="CODES", help="report these findings too")
    p.add_argument("--ignore", action="append", default=[], metavar="CODES",
                   help="leave these findings out (as --select names them), besides those the configuration file ignores")
    p.add_argument("--extend-ignore", action="append", default=[], metavar="CODES", help="the same as --ignore")
    p.add_argument("--exclude", action="append", default=None, metavar="PATTERNS",
                   help="paths a folder's search passes over, as .gitignore writes them (drafts/, *.bak.txt), "
                        "comma-separated; replaces the configuration file's exclude (a file named here is still read)")
    p.add_argument("--no-respect-gitignore", dest="gitignore", action="store_false",
                   help="search folders without leaving out what .gitignore files name")
    p.add_argument("--stdin-filename", metavar="NAME", help="the name standard input (-) goes by in the report")
    p.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are error findings (2 still means bad usage)")
    p.add_argument("-q", "--quiet", action="store_true", help="only the findings: no game headings, results tables, summary or progress bar")
    p.add_argument("--statistics", action="store_true", help="end with a count of the findings of each code")
    p.add_argument("--color", choices=["auto", "always", "never"], default="auto",
                   help="colour in the text ruling: auto (on a terminal, unless NO_COLOR is set), always or never")
    p.add_argument("--jobs", type=job_count, default=None, metavar="N", help="worker processes (default: all cores); the output is the same for any N")
    p.add_argument("--dask", metavar="SCHEDULER",
                   help="run on a Dask cluster: a scheduler's address (tcp://host:8786), or 'local' for one on this machine "
                        "with --jobs workers (pip install 'euchre-audit[cluster]'); the output is the same as with --jobs")
    p.add_argument("--config", metavar="FILE", help="read settings from this file rather than searching for one")
    p.add_argument("--isolated", action="store_true", help="read no configuration file")
    return p


def settings_for(config: str | None, isolated: bool) -> Settings:
    """The configuration that applies (:class:`ConfigError` if it cannot be used)."""
    if isolated:
        return Settings()
    path = Path(config) if config else find_config(Path.cwd())
    return load_settings(path) if path is not None else Settings()


def run_audit(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    args = audit_parser().parse_args(argv)
    try:
        settings = settings_for(args.config, args.isolated)
        selection = layered([
            Layer(settings.select, settings.extend_select, (*(settings.ignore or ()), *settings.extend_ignore)),
            Layer(parse_selectors(args.select) if args.select is not None else None, parse_selectors(args.extend_select),
                  parse_selectors([*args.ignore, *args.extend_ignore])),
        ])
        exclusion = _exclusion(args, settings)
    except ConfigError as e:
        err.write(f"euchre-audit: {e}\n")
        return EXIT_USAGE
    except SelectorError as e:
        err.write(f"euchre-audit: error: --select/--ignore: {e}\n")
        return EXIT_USAGE
    except ExclusionError as e:
        err.write(f"euchre-audit: error: --exclude: {e}\n")
        return EXIT_USAGE
    overrides = [*settings.overrides, *args.overrides]
    try:
        forced = forced_ruleset(args.rules or settings.rules, overrides)
    except RulesetError as e:
        for line in e.problems:
            err.write(f"euchre-audit: invalid ruleset: {line}\n")
        return EXIT_USAGE
    fmt = args.format or output_format(args.output) or settings.format or "text"
    if args.output is not None and is_site(args.output) and fmt != "html":
        err.write(f"euchre-audit: error: -o {args.output}: a folder is written as a site of HTML pages "
                  f"(--format html), not as {fmt}\n")
        return EXIT_USAGE
    from .inputs import STDIN_LABEL, discover

    inputs = discover(args.files, missing_is_file=True, exclusion=exclusion, stdin_label=args.stdin_filename or STDIN_LABEL)
    try:
        for problem in inputs.problems:
            err.write(f"euchre-audit: {problem}\n")
        if not inputs.files:
            return EXIT_USAGE
        status = _audit(args, inputs.files, forced, overrides, fmt, selection, out, err)
    finally:
        inputs.close()
    if inputs.problems:
        status = EXIT_USAGE
    return EXIT_CLEAN if status == EXIT_FINDINGS and args.exit_zero else status


#: the format an output file's name gives when --format does not, longest ending first (as pandoc chooses its writer)
FORMAT_BY_EXTENSION = ((".sarif.json", "sarif"), (".sarif", "sarif"), (".jsonl", "jsonl"), (".ndjson", "jsonl"),
                       (".json", "json"), (".html", "html"), (".htm", "html"))


def output_format(output: str | None) -> str | None:
    """The format ``-o``'s name stands for (None: it names none)."""
    if output is None:
        return None
    if is_site(output):
        return "html"
    name = output.lower()
    return next((fmt for ending, fmt in FORMAT_BY_EXTENSION if name.endswith(ending)), None)


def is_site(output: str) -> bool:
    """Is ``-o`` a folder (written ``DIR/``, or one that exists): the HTML ruling as a site?"""
    return output.endswith(("/", os.sep)) or Path(output).is_dir()


def _exclusion(args: argparse.Namespace, settings: Settings) -> Exclusion:
    patterns: list[tuple[Path, tuple[str, ...]]] = []
    if args.exclude is not None:
        patterns.append((Path.cwd(), check_patterns(args.exclude)))
    elif settings.exclude and settings.path is not None:
        patterns.append((settings.path.parent, settings.exclude))
    return Exclusion(patterns, args.gitignore)


def _audit(args: argparse.Namespace, files: list[tuple[Path, str]], forced, overrides: list[str], fmt: str,  # type: ignore[no-untyped-def]
           selection: Selection | None, out: TextIO, err: TextIO) -> int:
    from .parallel import AuditOptions, default_jobs, fewer_collections, run_audit_units
    from .progress import Progress, total_bytes

    jobs = args.jobs or default_jobs()
    codes: Counter[str] | None = Counter() if args.statistics else None
    progress = Progress(err, total_bytes([p for p, _ in files]), enabled=not args.quiet)
    from .cluster import ClusterError, open_runner

    try:
        runner, jobs = open_runner(args.dask, jobs)  # the units are cut for the cluster's workers
    except ClusterError as e:
        err.write(f"euchre-audit: --dask: {e}\n")
        return EXIT_USAGE
    try:
        if args.output is None:
            color, width = _terminal(out, args.color)
            options = AuditOptions(forced, tuple(overrides), fmt, color, width, selection, args.quiet)
            with fewer_collections():
                status = run_audit_units(files, options, jobs, out, err, progress=progress, codes=codes, runner=runner)
        elif is_site(args.output):
            from .site import SiteError, open_site

            try:
                site = open_site(Path(args.output), [label for _, label in files])
            except (SiteError, OSError) as e:
                err.write(f"euchre-audit: cannot write the site: {e}\n")
                return EXIT_USAGE
            options = AuditOptions(forced, tuple(overrides), "site", False, None, selection, args.quiet, args.output)
            with fewer_collections():
                status = run_audit_units(files, options, jobs, site, err, progress=progress, codes=codes, runner=runner)  # type: ignore[arg-type]
        else:
            from .outfile import replacing

            options = AuditOptions(forced, tuple(overrides), fmt, args.color == "always", None, selection, args.quiet)
            try:
                with replacing(Path(args.output)) as fh, fewer_collections():
                    status = run_audit_units(files, options, jobs, fh, err, progress=progress, codes=codes, runner=runner)
            except OSError as e:
                err.write(f"euchre-audit: cannot write {args.output} ({e.strerror or e})\n")
                return EXIT_USAGE
    finally:
        progress.close()
        if runner is not None:
            runner.close()  # type: ignore[attr-defined]
    if codes is not None:
        document = fmt in ("json", "jsonl", "sarif", "html") and args.output is None
        write_statistics(codes, err if document else out)
    return status


def write_statistics(codes: Counter[str], out: TextIO) -> None:
    """A count per finding code, as flake8 and ruff print with --statistics."""
    for code in sorted(codes):
        c = REGISTRY[code]
        out.write(f"{codes[code]:>7}  {c.code}  {c.name:<28} {c.category.value:<11} {c.severity.value}\n")
    total = sum(codes.values())
    out.write(f"{total:>7}  finding{'' if total == 1 else 's'} in all\n")


def _terminal(out: TextIO, color: str) -> tuple[bool, int | None]:
    """(colour?, width) of the text ruling on ``out``: a terminal's width, and colour on a terminal
    unless NO_COLOR is set (https://no-color.org), or anywhere when FORCE_COLOR is
    (https://force-color.org), or as ``--color`` says."""
    try:
        tty = out.isatty()
    except (AttributeError, ValueError):
        tty = False
    width = None
    if tty:
        try:
            width = os.get_terminal_size(out.fileno()).columns
        except (AttributeError, ValueError, OSError):
            width = shutil.get_terminal_size().columns
    on = color == "always" or (color == "auto" and (bool(os.environ.get("FORCE_COLOR"))
                                                    or (tty and not os.environ.get("NO_COLOR"))))
    return on, width
