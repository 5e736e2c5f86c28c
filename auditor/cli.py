"""The ``euchre-audit`` command line.

    euchre-audit FILE... [--rules NAME|PATH] [--set KEY=VALUE] [--format FORMAT] [-o OUT]   (auditor.audit_command)
    euchre-audit rules [NAME] [--schema]
    euchre-audit codes [CODE]       (explain CODE: the same, as ruff's rule)
    euchre-audit fmt|convert|stats|standings|simulate ...

A command's name wins over a file of that name (``euchre-audit -- stats`` audits a file called stats).

Exit status: 0 no error finding, 1 at least one error finding, 2 bad usage,
an unreadable file or an invalid ruleset (with a one-line reason).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from .cli_common import EXIT_CLEAN, EXIT_USAGE, CommandParser
from .findings import REGISTRY
from .resources import bundled_rulesets
from .rules.loader import RulesetError, effective_yaml, load_ruleset


def run_audit(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    from .audit_command import run_audit as run  # the audit's options, configuration and inputs

    return run(argv, out, err)


def run_rules(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    p = CommandParser(prog="euchre-audit rules", description="List the bundled rulesets, or print one after inheritance.")
    p.add_argument("name", nargs="?", help="a bundled ruleset name or a YAML file")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--schema", action="store_true", help="print the JSON Schema of a ruleset file, for editors to check and complete YAML")
    args = p.parse_args(argv)
    if args.schema:
        from .rules.json_schema import ruleset_schema

        out.write(ruleset_schema())
        return EXIT_CLEAN
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
        from .terminal_table import write_table

        write_table(out, ("code", "name", "category", "severity", "what it means"),
                    [(c.code, c.name, c.category.value, c.severity.value, c.summary) for c in REGISTRY.values()])
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


def run_standings(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    from .standings.command import run_standings as run  # imported on use: polars loads slowly

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
    "standings": run_standings,
    "rules": run_rules,
    "codes": run_codes,
    "explain": run_codes,  # ruff's `rule`, pylint's --help-msg: what a code means
    "fmt": run_fmt,
    "convert": run_convert,
}


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        with contextlib.redirect_stdout(out):  # --help and --version go where the caller's output goes
            if argv and argv[0] in COMMANDS:  # a command wins over a file of its name, as in git
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
