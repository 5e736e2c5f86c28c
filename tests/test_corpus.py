"""The real games: every file of EGN's public corpus, audited.

The corpus is copied unchanged into the tests (``tests/data/egn/examples``,
Apache-2.0, see ``tests/data/egn/NOTICE``), so a bare clone runs them; these
tests never skip.  Expected results come from the specification's account
of the corpus and from a small referee written again here from EGN's own
replayer description (seats from the rules, trick winners, the scoring
table), never from the auditor's output.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from auditor.cli import main
from conftest import EGN, ROOT

CORPUS = EGN / "examples"
VALIDATION = CORPUS / "validation examples"
CONVERSION = CORPUS / "conversion examples"
COMBINATION = CORPUS / "combination examples"

RENEGE_OR_TURN = re.compile(r"[RLT]\d{3}")

#: complete tournament and casual games (the files with known defects are tested on their own)
COMPLETE = sorted(
    [p for p in CORPUS.glob("*.egn") if p.name != "Custom Scenario.egn"]
    + list(COMBINATION.glob("*.egn"))
    + [
        p for p in VALIDATION.glob("*.egn")
        if p.name not in {"Custom Scenario.egn", "Another fun euchre!.egn", "July 4th Pairs Finals.egn"}
        and not p.name.startswith("egn_m_")
    ]
)
PARTIAL = [
    CORPUS / "Custom Scenario.egn",
    VALIDATION / "Custom Scenario.egn",
    VALIDATION / "Another fun euchre!.egn",
    VALIDATION / "egn_m_20260529_01.egn",
    CONVERSION / "test_timingsLayouts.egn",
]


def audit_json(*paths: Path) -> tuple[int, dict, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main([*(str(p) for p in paths), "--format", "json"], out, err)
    return status, json.loads(out.getvalue()), err.getvalue()


# ---------------------------------------------------------------- a referee
SAME_COLOUR = {"c": "s", "s": "c", "d": "h", "h": "d"}


def _power(card: str, led: str, trump: str) -> int:
    rank, suit = card[0], card[1].lower()
    order = "9TJQKA"
    if rank == "J" and suit == trump:
        return 100
    if rank == "J" and suit == SAME_COLOUR[trump]:
        return 99
    if suit == trump:
        return 80 + order.index(rank)
    if suit == led:
        return 40 + order.index(rank)
    return 0


def _led_suit(card: str, trump: str) -> str:
    return trump if card[0] == "J" and card[1].lower() == SAME_COLOUR[trump] else card[1].lower()


def referee(game: dict) -> list[tuple[int, int]]:
    """The running score after each deal, by EGN's replayer rules (4 players, hoyle points)."""
    rules = game["metadata"].get("ruleset", {})
    loner_left = rules.get("loner_lead", "LEFT_OF_DEALER") == "LEFT_OF_LONER"
    ns, ew = game["metadata"]["initialScore"]
    totals = []
    for deal in game["deals"]:
        dealer = deal["initialState"]["dealer"]
        phases = {p["type"]: p for p in deal["phases"]}
        calls = phases["EUCHRE_BIDDING"]["calls"]
        first = next((i for i, c in enumerate(calls) if c != "Pass"), None)
        if first is None:
            totals.append((ns, ew))
            continue
        maker = (dealer + 1 + first) % 4
        alone = phases["EUCHRE_BIDDING"].get("isAlone", False)
        trump = deal["initialState"]["upCard"][1].lower() if calls[first] == "Order" else calls[first]
        out = (maker + 2) % 4 if alone else None
        lead = (maker + 1) % 4 if alone and loner_left else (dealer + 1) % 4
        if lead == out:
            lead = (lead + 1) % 4
        won = 0
        for trick in phases["TRICK_PLAY"]["tricks"]:
            seats, seat = [], lead
            for _ in trick:
                seats.append(seat)
                seat = (seat + 1) % 4
                if seat == out:
                    seat = (seat + 1) % 4
            led = _led_suit(trick[0], trump)
            best = max(range(len(trick)), key=lambda i: _power(trick[i], led, trump))
            lead = seats[best]
            won += lead % 2 == maker % 2
        points = (0, 2) if won < 3 else (4 if alone else 2, 0) if won == 5 else (1, 0)
        if maker % 2 == 0:
            ns, ew = ns + points[0], ew + points[1]
        else:
            ns, ew = ns + points[1], ew + points[0]
        totals.append((ns, ew))
    return totals


def _games_of(path: Path) -> list[dict]:
    data = json.loads(path.read_text(encoding="utf-8-sig"))
    return [g["gameData"] for g in data["games"]] if "games" in data else [data]


# ---------------------------------------------------------------- the tests
def test_the_corpus_is_in_the_test_data() -> None:
    assert CORPUS.is_dir(), f"the EGN corpus is expected at {CORPUS}"
    assert CORPUS.is_relative_to(ROOT), "a bare clone must hold every file the tests read"
    assert "Apache License" in (EGN / "LICENSE").read_text(encoding="utf-8")
    assert "unmodified" in (EGN / "NOTICE").read_text(encoding="utf-8")
    assert len(COMPLETE) >= 30


@pytest.mark.parametrize("path", COMPLETE + [COMBINATION / "MotE W5 Match.emn"], ids=lambda p: p.name)
def test_complete_games_replay_cleanly_and_end_when_a_side_reaches_10(path: Path) -> None:
    status, report, err = audit_json(path)
    assert status == 0, err
    codes = [f["code"] for f in report["findings"]]
    assert not [c for c in codes if RENEGE_OR_TURN.fullmatch(c)], report["findings"]
    expected_games = _games_of(path)
    assert len(report["games"]) == len(expected_games)
    for game, raw in zip(report["games"], expected_games, strict=True):
        totals = referee(raw)
        reached = [i for i, (ns, ew) in enumerate(totals) if max(ns, ew) >= 10]
        assert reached and reached[0] == len(totals) - 1, "the record should stop in the hand where a side reaches 10"
        ns, ew = totals[-1]
        assert (game["computed"]["NS"], game["computed"]["EW"]) == (ns, ew)
        assert game["winner"] == ("NS" if ns > ew else "EW")
        assert game["won_in_hand"] == raw["deals"][-1]["dealNumber"]


def test_the_match_file_holds_the_six_games_of_its_folder() -> None:
    _, match, _ = audit_json(COMBINATION / "MotE W5 Match.emn")
    singles = [audit_json(COMBINATION / f"MotE W5 G{i}.egn")[1]["games"][0] for i in range(1, 7)]
    assert [(g["computed"], g["winner"]) for g in match["games"]] == [(g["computed"], g["winner"]) for g in singles]
    names = {match["games"][0]["tags"][seat] for seat in ("North", "East", "South", "West")}
    assert names == {"Dad of Carl", "Jen-Eye", "Chach", "WWMM"}


def _position_of_card(path: Path, deal: int, trick: int, card: int) -> tuple[int, int]:
    """Line and column of a card of the file, found by reading the text, not the auditor."""
    text = path.read_text(encoding="utf-8")
    raw = json.loads(text)
    wanted = raw["deals"][deal]["phases"][1]["tricks"][trick][card]
    at = [m.start() for m in re.finditer(r'"tricks"', text)][deal]
    # walk the arrays: the trick's opening bracket is the (trick+2)-th '[' after "tricks"
    cursor = text.index("[", at)  # the tricks array
    for _ in range(trick + 1):
        cursor = text.index("[", cursor + 1)
    for _ in range(card + 1):
        cursor = text.index('"', cursor + 1)
        end = text.index('"', cursor + 1)
        found, cursor = text[cursor + 1 : end], end
    assert found == wanted
    start = end - len(found) - 1
    line = text.count("\n", 0, start) + 1
    return line, start - (text.rfind("\n", 0, start) + 1) + 1


def test_test_egn_reneges_are_found_at_the_card() -> None:
    path = CONVERSION / "test.egn"
    status, report, _ = audit_json(path)
    assert status == 1
    first_deal = [f for f in report["findings"] if f["hand"] == 0 and f["category"] == "renege"]
    south = [f for f in first_deal if f["seat"] == "S" and f["trick"] == 1]
    assert len(south) == 1, first_deal
    # seat 2 plays a diamond (Qd) on a club lead, and plays 9c and Ac later in the deal
    assert (south[0]["line"], south[0]["column"]) == _position_of_card(path, 0, 0, 1)
    assert "9C" in " ".join(south[0]["proof"]) and "AC" in " ".join(south[0]["proof"])
    assert len([f for f in report["findings"] if f["category"] in {"renege", "left-bower"}]) >= 3


def test_a_renege_in_the_second_deal_and_a_deal_number_used_twice() -> None:
    path = VALIDATION / "egn_m_20260529_01 (5).egn"
    status, report, _ = audit_json(path)
    assert status == 1
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert [d["dealNumber"] for d in raw["deals"]] == [0, 0]
    text = path.read_text(encoding="utf-8")
    second_deal_line = text.count("\n", 0, [m.start() for m in re.finditer('"dealNumber"', text)][1]) + 1
    reneges = [f for f in report["findings"] if f["category"] == "renege"]
    assert [(f["seat"], f["line"] > second_deal_line) for f in reneges] == [("N", True)]
    assert "G803" in [f["code"] for f in report["findings"]]


def test_deals_recorded_after_the_game_was_won() -> None:
    path = VALIDATION / "July 4th Pairs Finals.egn"
    raw = json.loads(path.read_text(encoding="utf-8"))
    totals = referee(raw)
    won_at = next(i for i, (ns, ew) in enumerate(totals) if max(ns, ew) >= 10)
    assert won_at < len(totals) - 1, "the file goes on after the winning deal"
    status, report, _ = audit_json(path)
    assert status == 1
    after = [f for f in report["findings"] if f["code"] == "G801"]
    assert len(after) == 1 and after[0]["hand"] == raw["deals"][won_at + 1]["dealNumber"]
    game = report["games"][0]
    assert game["won_in_hand"] == raw["deals"][won_at]["dealNumber"]
    assert (game["computed"]["NS"], game["computed"]["EW"]) == totals[won_at]


@pytest.mark.parametrize("name", ["invalid1.json", "invalid2.json"])
def test_files_that_are_not_egn_are_refused_with_exit_2(name: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    status = main([str(VALIDATION / name)], out, err)
    assert status == 2
    message = err.getvalue()
    assert message.count("\n") == 1 and "Traceback" not in message
    assert name in message and "not an EGN file" in message


@pytest.mark.parametrize("path", PARTIAL, ids=lambda p: p.name)
def test_partial_records_are_audited_as_far_as_they_go(path: Path) -> None:
    status, report, err = audit_json(path)
    assert status in (0, 1), err
    codes = [f["code"] for f in report["findings"]]
    assert "G805" in codes  # the hands that finish the game are missing
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert len(report["games"][0]["hands"]) == len(raw["deals"])


def test_a_truncated_deal_says_which_tricks_are_missing() -> None:
    _, report, _ = audit_json(VALIDATION / "egn_m_20260529_01.egn")
    missing = [f for f in report["findings"] if f["code"] == "T405"]
    assert len(missing) == 1 and "1 of 5 tricks" in missing[0]["message"]


def test_every_file_of_the_corpus_is_audited_without_a_crash() -> None:
    files = sorted(p for p in CORPUS.rglob("*") if p.is_file())
    assert len(files) >= 45
    for path in files:
        out, err = io.StringIO(), io.StringIO()
        status = main([str(path), "--format", "json"], out, err)
        assert "Traceback" not in err.getvalue()
        if path.suffix == ".json":
            assert status == 2
        else:
            assert status in (0, 1), (path, err.getvalue())


def _fresh_rows() -> list[str]:
    rows = []
    for path in sorted(p for p in CORPUS.rglob("*") if p.is_file()):
        rel = path.relative_to(CORPUS).as_posix()
        status, report, _ = audit_json(path)
        if not report["games"]:
            rows.append(f"| `{rel}` | - | - | - | refused (exit {status}) |")
            continue
        for g in report["games"]:
            codes = sorted({f["code"] for f in report["findings"] if f["game"] == g["game"]})
            winner = f"{g['winner']} in hand {g['won_in_hand']}" if g["winner"] else "none"
            label = rel if len(report["games"]) == 1 else f"{rel} #{g['game']}"
            score = f"{g['computed']['NS']}-{g['computed']['EW']}"
            rows.append(f"| `{label}` | {len(g['hands'])} | {score} | {winner} | {', '.join(codes) or 'clean'} |")
    return rows


def test_the_real_games_page_matches_a_fresh_audit() -> None:
    page = (Path(__file__).resolve().parents[1] / "docs" / "real-games.md").read_text(encoding="utf-8")
    table = [line for line in page.split("## Every file", 1)[1].splitlines() if line.startswith("| `")]
    fresh = _fresh_rows()
    assert table == fresh
    files = len({row.split("`")[1].split(" #")[0] for row in fresh})
    games = sum(1 for row in fresh if "refused" not in row)
    assert f"{files} files, {files - 2} of them\nEGN or EMN, holding {games} games" in page
    # the findings quoted with their positions are what the lint format prints today
    quoted = page.split("```\n", 2)[1].splitlines()
    for name in ("conversion examples/test.egn", "validation examples/egn_m_20260529_01 (5).egn", "validation examples/July 4th Pairs Finals.egn"):
        out = io.StringIO()
        main([str(CORPUS / name), "--format", "lint"], out, io.StringIO())
        printed = [line.replace(str(CORPUS) + "/", "") for line in out.getvalue().splitlines() if " G805 " not in line]
        assert [line for line in quoted if line.startswith(name + ":")] == printed
