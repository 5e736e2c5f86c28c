"""Hostile input, briefly: the fuzzer of bench/fuzz.py in the suite.

A seeded run of a few thousand mutated inputs (byte flips, the notation's own
words out of place, other encodings and line ends, look-alike letters, deep JSON,
huge numbers, alias bombs and Python tags in rulesets, ...) must give no
traceback, no exit status but 0, 1 or 2, no run slower than linear and no memory
past its bound; so must the special files (a folder, FIFOs, an unreadable file,
symlinks, /dev/zero).  The long run is made by hand: see bench/fuzz.py.

The other tests here show that the fuzzer can fail: a failure injected into the
auditor is found, grouped, shrunk and written down.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "bench") not in sys.path:
    sys.path.insert(0, str(ROOT / "bench"))

from fuzzkit import execute  # noqa: E402
from fuzzkit.cases import Case, make_case  # noqa: E402
from fuzzkit.report import FuzzConfig, FuzzReport, run_fuzz  # noqa: E402
from fuzzkit.seeds import load_corpus  # noqa: E402
from fuzzkit.special import run_specials  # noqa: E402

SEED = 20261130
INPUTS = 500


def _explain(report: FuzzReport) -> str:
    """The summary, and for each group its command line, its (shrunk) input and its traceback."""
    parts = [report.summary()]
    for key, folder in report.reproductions.items():
        parts.append(f"\n=== {key}\n{(folder / 'command.sh').read_text().splitlines()[-1]}")
        for path in sorted(folder.iterdir()):
            if path.name not in {"command.sh", "repro.py", "traceback.txt", "about.json"}:
                data = path.read_bytes()
                parts.append(f"{path.name} ({len(data)} bytes): {data[:300]!r}")
        parts.append((folder / "traceback.txt").read_text()[-1500:])
    return "\n".join(parts)


def test_a_short_seeded_run_finds_nothing(tmp_path: Path) -> None:
    config = FuzzConfig(INPUTS, SEED, jobs=2, out=tmp_path / "failures", special=False,
                        minimize_runs=150, minimize_seconds=3)
    report = run_fuzz(config, log=lambda line: None)
    assert report.totals.inputs == INPUTS
    assert not report.totals.counts, _explain(report)


def test_the_special_files_fail_nothing(tmp_path: Path) -> None:
    """A folder, FIFOs (silent, and endless), an unreadable file, symlinks, /dev/zero, /dev/null:
    audited and given to fmt, each in a subprocess that may take 5 s before it counts as a hang."""
    results = run_specials(tmp_path / "special", jobs=2, big=False, log=lambda line: None,
                           every_command=False, base_seconds=5)
    assert len(results) == 2 * 8
    bad = [f"{r.name}: {' '.join(r.argv)}: {r.problem}\n{r.stderr[-500:]}" for r in results if r.problem]
    assert not bad, "\n".join(bad)


# --------------------------------------------------------------- the fuzzer can fail
def test_inputs_depend_only_on_the_seed_and_the_index() -> None:
    first, again = load_corpus(SEED), load_corpus(SEED)
    assert first == again
    cases = [make_case(i, SEED, first) for i in range(40)]
    assert cases == [make_case(i, SEED, again) for i in range(40)]
    assert make_case(7, SEED, first) != make_case(7, SEED + 1, load_corpus(SEED + 1))
    assert {c.kind for c in cases} == {"text", "json", "yaml", "set"}


def test_an_exception_injected_into_the_line_reader_is_found_shrunk_and_written_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import auditor.textfile

    real = auditor.textfile._lines

    def broken(data: bytes, label: str, number: int):  # type: ignore[no-untyped-def]
        if b"\x00" in data:
            raise RuntimeError("injected: a NUL byte")
        return real(data, label, number)

    monkeypatch.setattr(auditor.textfile, "_lines", broken)  # the forked workers inherit it
    record = tmp_path / "failed.tsv"
    config = FuzzConfig(400, SEED, jobs=1, out=tmp_path / "failures", special=False, minimize_runs=300, minimize_seconds=30,
                        record=record)
    report = run_fuzz(config, log=lambda line: None)
    injected = [key for key in report.totals.counts if key.startswith("RuntimeError at auditor/textfile.py:file_lines:")]
    assert len(injected) == 1, report.summary()
    key = injected[0]
    assert report.totals.counts[key] >= 3
    folder = report.reproductions[key]
    assert "injected: a NUL byte" in (folder / "traceback.txt").read_text()
    first = report.totals.first[key]
    case = make_case(first.index, SEED, load_corpus(SEED))
    shrunk = (folder / case.main_file).read_bytes()
    assert b"\x00" in shrunk and len(shrunk) <= 4, shrunk  # a NUL byte and little else
    assert len(shrunk) < case.size
    assert "repro.py" in {p.name for p in folder.iterdir()}
    # every failing input was written down as it was found, and those inputs fail again when listed
    listed = [line.split("\t") for line in record.read_text(encoding="utf-8").splitlines()]
    assert len(listed) == report.totals.counts[key] and {k for _, k in listed} == {key}
    indexes = tuple(int(i) for i, _ in listed)
    again = run_fuzz(FuzzConfig(0, SEED, jobs=1, out=None, special=False, indexes=indexes), log=lambda line: None)
    assert again.totals.inputs == len(indexes) and dict(again.totals.counts) == {key: len(indexes)}
    assert again.totals.first[key].index == min(indexes)


def _case() -> Case:
    return Case(0, {"game.txt": b"x" * 1024}, ["{dir}/game.txt"], "text", "game.txt")


@pytest.mark.parametrize(
    ("outcome", "key"),
    [
        (execute.Outcome(3, 0.1, ""), "exit status 3: audit"),
        (execute.Outcome(2, 0.1, "euchre-audit: oops\nTraceback (most recent call last):\n  File \"/x/auditor/cli.py\", line 9, in main\n"),
         "traceback on stderr at auditor/cli.py:main:9"),
        (execute.Outcome(0, 60.0, "", slow_where="auditor/replay/tricks.py:play_tricks:76"), "slow in auditor/replay (text input)"),
        (execute.Outcome(None, 99.0, "", "CaseTimeout", "auditor/rules/loader.py:_line_of:111"), "hang in auditor/rules (text input)"),
        (execute.Outcome(0, 0.5, "", peak_bytes=900 * 1024 * 1024), "memory: text input"),
        (execute.Outcome(2, 0.1, "", canary=True), "a ruleset built a Python object"),
    ],
)
def test_each_kind_of_failure_is_judged_a_failure(outcome: execute.Outcome, key: str) -> None:
    failure = execute.judge(_case(), outcome)
    assert failure is not None and failure.key == key


def test_a_clean_outcome_is_no_failure() -> None:
    for status in (0, 1, 2):
        assert execute.judge(_case(), execute.Outcome(status, 0.1, "euchre-audit: game.txt:1:1: not UTF-8 text")) is None
    assert execute.judge(_case(), execute.Outcome(0, 1.9, "")) is None  # within 2 s + 40 s per MB


def test_a_stats_input_runs_after_this_process_has_used_polars(tmp_path: Path) -> None:
    """A child forked from a process whose polars has run (its threads are not copied) hung in
    polars' streaming engine: the suite runs stats before the fuzzer; so the child is spawned."""
    import io

    from auditor.cli import main

    sample = ROOT / "samples" / "club-night.txt"
    assert main(["stats", str(sample), "--jobs", "1"], io.StringIO(), io.StringIO()) == 0  # polars used here
    case = Case(0, {"game.txt": sample.read_bytes()}, ["stats", "{dir}/game.txt", "--jobs", "1", "--by", "trump-round"],
                "text", "game.txt")
    outcome = execute.run_case(case, tmp_path)
    assert (outcome.status, outcome.error) == (0, None), outcome.text
