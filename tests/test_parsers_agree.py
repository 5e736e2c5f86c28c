"""Both LALR runtimes, lark-cython (the `fast` extra) and Lark's own pure-Python one, read the
notation into the same models and the same findings, messages and positions included: the
samples, every finding code's example, EGN's corpus written as the notation, generated games
with mistakes under several rulesets, and the same games with typing slips in them.

Each runtime runs in a process of its own (EUCHRE_AUDIT_PARSER=python or cython), as a user's
would.  lark-cython is in the test extra (wheels for x86-64); elsewhere this test is skipped.
"""

from __future__ import annotations

import importlib.util
import io
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from auditor.cli import main
from auditor.findings import REGISTRY
from auditor.rules.loader import load_ruleset
from auditor.simulate import simulate, write_games
from conftest import EGN, ROOT, SAMPLES

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("lark_cython") is None,
    reason="lark-cython is not installed: pip install -e '.[test]' (or '.[fast]') to compare the two parsers",
)


def _slipped(text: str, seed: int) -> str:
    """Typing slips: a character dropped, doubled or swapped on one line in six."""
    rng = random.Random(seed)
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if len(line) > 4 and rng.random() < 1 / 6:
            at = rng.randrange(len(line) - 2)
            kind = rng.randrange(3)
            if kind == 0:
                line = line[:at] + line[at + 1:]
            elif kind == 1:
                line = line[:at] + line[at] + line[at:]
            else:
                line = line[:at] + line[at + 1] + line[at] + line[at + 2:]
            lines[i] = line
    return "".join(lines)


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("parsers")
    files = sorted(SAMPLES.glob("*.txt"))
    examples = folder / "examples.txt"
    examples.write_text("".join(f"[Event \"{c.code}\"]\n{c.example}\n" for c in REGISTRY.values()), encoding="utf-8")
    files.append(examples)
    corpus = folder / "corpus.txt"
    parts = []
    for path in sorted((EGN / "examples").rglob("*.egn"))[:12]:
        out = io.StringIO()
        if main(["convert", str(path), "--to", "text"], out, io.StringIO()) == 0:
            parts.append(out.getvalue())
    corpus.write_text("\n".join(parts), encoding="utf-8")
    files.append(corpus)
    for rules, changes in (("hoyle", ()), ("joker", ("bidding.no_trump_calls=[high, low]",)),
                           ("hoyle", ("deal.go_under=true", "bidding.partners_best=true", "deal.farmers_hand=true"))):
        text = io.StringIO()
        write_games(simulate(load_ruleset(rules, list(changes)), 8, 3, 0.3, rules_name=rules, overrides=changes, called=0.3), text)
        generated = folder / f"generated-{rules}-{len(changes)}.txt"
        generated.write_text(text.getvalue(), encoding="utf-8")
        slipped = folder / f"slipped-{rules}-{len(changes)}.txt"
        slipped.write_text(_slipped(text.getvalue(), len(files)), encoding="utf-8")
        files += [generated, slipped]
    return files


def _run(runtime: str, *args: str) -> str:
    env = {**os.environ, "EUCHRE_AUDIT_PARSER": runtime, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "auditor", *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert "Traceback" not in proc.stderr, proc.stderr
    return f"exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}"


def test_the_runtime_switch_is_honoured() -> None:
    code = "from auditor.notation.builder import parser_runtime; print(parser_runtime())"
    for runtime in ("python", "cython"):
        env = {**os.environ, "EUCHRE_AUDIT_PARSER": runtime, "PYTHONPATH": str(ROOT)}
        assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env).stdout == f"{runtime}\n"


def test_both_parsers_give_the_same_audit(inputs: list[Path]) -> None:
    args = [*map(str, inputs), "--format", "jsonl", "--jobs", "1", "--isolated"]
    python, cython = _run("python", *args), _run("cython", *args)
    assert python == cython
    assert python.count('"code":"S001"') >= 10  # the slips reached the parser's error paths
    assert python.count('"code":"R501"') >= 5


def test_both_parsers_give_the_same_models(inputs: list[Path], tmp_path: Path) -> None:
    # one file (one process per runtime) of what reads without a syntax error: convert refuses to lose
    # a line, and the audit above compares the rest, its syntax findings included
    readable = [p for p in inputs if not p.name.startswith(("slipped", "examples"))]
    everything = tmp_path / "everything.txt"
    everything.write_text("\n".join(p.read_text(encoding="utf-8") for p in readable), encoding="utf-8")
    args = ["convert", str(everything), "--to", "json"]
    python = _run("python", *args)
    assert python == _run("cython", *args)
    assert python.startswith("exit 0\n") and python.count('"hand"') > 400
