"""The ``euchre-audit`` command line.

    euchre-audit FILE... [--rules NAME|PATH] [--set KEY=VALUE] [--format text|json|lint|html] [-o OUT]
    euchre-audit rules [NAME]
    euchre-audit codes [CODE]

Exit status: 0 no error finding, 1 at least one error finding, 2 bad usage,
an unreadable file or an invalid ruleset (with a one-line reason).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from .audit import forced_ruleset
from .cli_common import EXIT_CLEAN, EXIT_USAGE, CommandParser, job_count
from .findings import REGISTRY
from .resources import bundled_rulesets
from .rules.loader import RulesetError, effective_yaml, load_ruleset
from .rules.schema import Ruleset




def _audit_parser() -> argparse.ArgumentParser:
    p = CommandParser(
        prog="euchre-audit",
        description="Replay recorded Euchre games against a ruleset and report every renege, illegal bid, "
        "out-of-turn play and scoring error, with the corrected score. Other commands: "
        "`euchre-audit rules [NAME]`, `euchre-audit codes [CODE]`.",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="game files in the text notation or EGN")
    p.add_argument("--rules", metavar="NAME|PATH", help="a bundled ruleset name or a YAML file (default: each game's Rules tag, else hoyle)")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE", help="override one rule, e.g. --set target=7 or --set scoring.euchre=4")
    p.add_argument("--format", choices=["text", "json", "lint", "html"], default="text",
                   help="output format: text (a ruling to read aloud, the default), json, lint, or html (one page to show or print)")
    p.add_argument("-o", "--output", metavar="OUT", help="write the report here instead of standard output (replaced only once complete)")
    p.add_argument("--color", choices=["auto", "always", "never"], default="auto",
                   help="colour in the text ruling: auto (on a terminal, unless NO_COLOR is set), always or never")
    p.add_argument("--jobs", type=job_count, default=None, metavar="N", help="worker processes (default: all cores); the output is the same for any N")
    return p


def _load_forced(args: argparse.Namespace) -> Ruleset | None:
    return forced_ruleset(args.rules, args.overrides)


def run_audit(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    args = _audit_parser().parse_args(argv)
    try:
        forced = _load_forced(args)
    except RulesetError as e:
        for line in e.problems:
            err.write(f"euchre-audit: invalid ruleset: {line}\n")
        return EXIT_USAGE
    from .parallel import AuditOptions, default_jobs, fewer_collections, run_audit_units

    jobs = args.jobs or default_jobs()
    if args.output is None:
        options = AuditOptions(forced, tuple(args.overrides), args.format, *_terminal(out, args.color))
        with fewer_collections():
            return run_audit_units(args.files, options, jobs, out, err)
    from .outfile import replacing

    options = AuditOptions(forced, tuple(args.overrides), args.format, args.color == "always")
    try:
        with replacing(Path(args.output)) as fh, fewer_collections():
            return run_audit_units(args.files, options, jobs, fh, err)
    except OSError as e:
        err.write(f"euchre-audit: cannot write {args.output} ({e.strerror or e})\n")
        return EXIT_USAGE


def _terminal(out: TextIO, color: str) -> tuple[bool, int | None]:
    """(colour?, width) of the text ruling on ``out``: a terminal's width, and colour on a terminal
    unless NO_COLOR is set (https://no-color.org), or as ``--color`` says."""
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
    on = color == "always" or (color == "auto" and tty and not os.environ.get("NO_COLOR"))
    return on, width


def run_rules(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    p = CommandParser(prog="euchre-audit rules", description="List the bundled rulesets, or print one after inheritance.")
    p.add_argument("name", nargs="?", help="a bundled ruleset name or a YAML file")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE")
    args = p.parse_args(argv)
    try:
        if args.name is None:
            width = max(map(len, bundled_rulesets()), default=0)
            for name in bundled_rulesets():
                rules = load_ruleset(name)
                out.write(f"{name:<{width}}  {rules.description}\n")
            return EXIT_CLEAN
        out.write(effective_yaml(load_ruleset(args.name, args.overrides)))
    except RulesetError as e:
        for line in e.problems:
            err.write(f"euchre-audit: invalid ruleset: {line}\n")
        return EXIT_USAGE
    return EXIT_CLEAN


def run_codes(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    p = CommandParser(prog="euchre-audit codes", description="Explain the finding codes.")
    p.add_argument("code", nargs="?", help="a code (R501) or name (renege)")
    args = p.parse_args(argv)
    if args.code is None:
        for c in REGISTRY.values():
            out.write(f"{c.code}  {c.name:<28} {c.category.value:<11} {c.severity.value:<8} {c.summary}\n")
        return EXIT_CLEAN
    wanted = args.code.upper()
    found = [c for c in REGISTRY.values() if c.code == wanted or c.name == args.code.lower()]
    if not found:
        err.write(f"euchre-audit: no finding code {args.code!r} (see euchre-audit codes)\n")
        return EXIT_USAGE
    c = found[0]
    under = f" (hoyle with {' '.join('--set ' + r for r in c.rules)})" if c.rules else ""
    out.write(f"{c.code} {c.name} ({c.category.value}, {c.severity.value})\n\n{c.summary}\n\nWhy it matters: {c.why}\n\nExample{under}:\n")
    for line in c.example.splitlines():
        out.write(f"    {line}\n")
    return EXIT_CLEAN


def run_simulate(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    from .simulate import run_simulate as run  # imported on use: the audit never needs it

    return run(argv, out, err)


def run_stats(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    from .stats.command import run_stats as run  # imported on use: polars loads slowly

    return run(argv, out, err)


def run_fmt(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    from .convert import run_fmt as run

    return run(argv, out, err)


def run_convert(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    from .convert import run_convert as run

    return run(argv, out, err)


COMMANDS: dict[str, Callable[[Sequence[str], TextIO, TextIO], int]] = {
    "simulate": run_simulate,
    "stats": run_stats,
    "rules": run_rules,
    "codes": run_codes,
    "fmt": run_fmt,
    "convert": run_convert,
}


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        if argv and argv[0] in COMMANDS and not Path(argv[0]).is_file():
            return COMMANDS[argv[0]](argv[1:], out, err)
        if argv and argv[0] == "audit":
            argv = argv[1:]
        return run_audit(argv, out, err)
    except SystemExit as exit_:
        return int(exit_.code or 0) if isinstance(exit_.code, int) else EXIT_USAGE
    except KeyboardInterrupt:
        err.write("euchre-audit: interrupted\n")
        return 130
    except BrokenPipeError:
        return EXIT_CLEAN


if __name__ == "__main__":
    raise SystemExit(main())
