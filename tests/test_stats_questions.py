"""The named questions (``stats --question NAME``): each one's figures agree with a count of the audit's own results
over a generated league, in the question's order; and the thrown-in hands are in the rates that say so."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from auditor.cli import main
from auditor.stats.questions import QUESTIONS
from conftest import audit_text
from test_stats import _pct, expected


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list]:
    root = tmp_path_factory.mktemp("questions")
    out = io.StringIO()
    assert main(["simulate", "--tables", "4", "--rounds", "12", "--players", "18", "--seed", "11", "--errors", "0.06",
                 "--errors-out", str(root / "log.jsonl")], out, io.StringIO()) == 0
    (root / "league.txt").write_text(out.getvalue(), encoding="utf-8")
    return root / "league.txt", audit_text(out.getvalue())


def ask(path: Path, name: str) -> list[dict[str, str]]:
    out, err = io.StringIO(), io.StringIO()
    assert main(["stats", str(path), "--question", name, "--format", "csv", "--jobs", "1"], out, err) == 0, err.getvalue()
    return list(csv.DictReader(io.StringIO(out.getvalue())))


def _number(text: str) -> float | None:
    return None if text == "" else float(text)


@pytest.mark.parametrize("name", list(QUESTIONS))
def test_each_question_agrees_with_a_plain_count(league: tuple[Path, list], name: str) -> None:
    path, games = league
    q = QUESTIONS[name]
    rows = ask(path, name)
    want = expected(q.by, games)
    key = list(rows[0])[0]
    assert list(rows[0]) == [key, *q.columns]
    assert {r[key] for r in rows} == set(want)
    for row in rows:
        w = want[row[key]]
        derived = {
            "win_pct": _pct(w["won"], w["games"]), "make_pct": _pct(w["made"], w["calls"]),
            "march_pct": _pct(w["marched"], w["calls"]), "euchred_pct": _pct(w["euchred"], w["calls"]),
            "r1_make_pct": _pct(w["r1_made"], w["r1_calls"]), "lone_make_pct": _pct(w["lone_made"], w["lone_calls"]),
            "dealer_side_made_pct": _pct(w["dealer_side_made"], w["hands"]),
            "reneges_per_100_hands": _pct(w["reneges"], w["hands"]), "reneges_per_100_plays": _pct(w["reneges"], w["plays"]),
            "points_per_game": pytest.approx(w["points_for"] / w["games"]) if w["games"] else None,
            "points_per_call": pytest.approx(w["net"] / w["calls"]) if w["calls"] else None,
            "dealer_edge": pytest.approx(w["net_dealing"] / w["dealing"] - w["net_receiving"] / w["receiving"])
            if w["dealing"] and w["receiving"] else None,
        }
        for column in q.columns:
            got = _number(row[column])
            assert got == (derived[column] if column in derived else w[column]), (name, row[key], column)
    if q.sort:
        values = [_number(r[q.sort]) for r in rows]
        present = [v for v in values if v is not None]
        assert present == sorted(present, reverse=True) and values[: len(present)] == present
        assert len(set(present)) > 1  # the league tells the rows apart


def test_the_dealers_side_rate_counts_thrown_in_hands_as_not_made(league: tuple[Path, list]) -> None:
    """The trap of a query of one's own: the share of *hands* the dealer's side made is not the share of hands
    somebody called; the view says which it is, and keeps the thrown-in hands in."""
    path, games = league
    rows = {r["up"]: r for r in ask(path, "callers-by-up-card")}
    thrown = sum(int(r["thrown_in"]) for r in rows.values())
    assert thrown > 0
    for up, r in rows.items():
        hands, made = int(r["hands"]), float(r["dealer_side_made_pct"]) * int(r["hands"]) / 100
        called = hands - int(r["thrown_in"])
        if int(r["thrown_in"]) and called and made:
            assert float(r["dealer_side_made_pct"]) < 100 * made / called  # what dropping them would have shown
    jacks = [h for g in games for h in g.hands if not h.broken and h.up is not None and str(h.up)[0] == "J" and str(h.up) != "JK"]
    assert int(rows["J"]["hands"]) == len(jacks)


def test_a_question_chooses_its_own_view(league: tuple[Path, list]) -> None:
    path, _ = league
    err = io.StringIO()
    assert main(["stats", str(path), "--question", "reneges", "--by", "team"], io.StringIO(), err) == 2
    assert "--question chooses its own view" in err.getvalue()
