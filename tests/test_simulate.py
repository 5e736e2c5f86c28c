"""The game generator: deterministic, legal under every bundled ruleset, and
honest about the mistakes it injects (the audit finds exactly those)."""

from __future__ import annotations

import io
import json

import pytest

from auditor.cards import Seat, Team
from auditor.table import FOUR
from auditor.cli import main
from auditor.results import Outcome
from auditor.resources import bundled_rulesets
from auditor.rules.loader import load_ruleset
from auditor.simulate import InjectedError, simulate, write_games

from conftest import audit_text


def _generate(rules: str = "hoyle", games: int = 10, seed: int = 1, errors: float = 0.0, overrides: list[str] | None = None) -> tuple[str, list[dict]]:
    out, log = io.StringIO(), io.StringIO()
    ruleset = load_ruleset(rules, overrides)
    write_games(simulate(ruleset, games, seed, errors, rules), out, log)
    return out.getvalue(), [json.loads(line) for line in log.getvalue().splitlines()]


def test_same_seed_same_games_and_other_seed_other_games() -> None:
    a, _ = _generate(seed=7)
    b, _ = _generate(seed=7)
    c, _ = _generate(seed=8)
    assert a == b
    assert a != c


def test_a_game_does_not_depend_on_how_many_are_generated() -> None:
    rules = load_ruleset("hoyle")
    few = list(simulate(rules, 3, 11))
    many = list(simulate(rules, 9, 11))
    assert [g.lines for g in few] == [g.lines for g in many[:3]]


@pytest.mark.parametrize("name", sorted(bundled_rulesets()))
def test_clean_games_audit_clean_under_every_bundled_ruleset(name: str) -> None:
    text, log = _generate(name, games=8, seed=3)
    assert log == []
    games = audit_text(text)  # each game's Rules tag names the ruleset
    assert len(games) == 8
    assert [f.code.code for g in games for f in g.all_findings()] == []
    assert all(g.winner is not None for g in games)


def test_the_simulator_and_the_audit_agree_on_every_hand() -> None:
    rules = load_ruleset("hoyle")
    sims = list(simulate(rules, 12, 5))
    text = io.StringIO()
    write_games(iter(sims), text)
    results = audit_text(text.getvalue())
    for sim, game in zip(sims, results, strict=True):
        assert len(sim.hands) == len(game.hands)
        for mine, theirs in zip(sim.hands, game.hands, strict=True):
            assert (mine.maker, mine.trump, mine.round, mine.alone) == (theirs.maker, theirs.trump, theirs.round, theirs.alone)
            if mine.maker is None:
                assert theirs.outcome is Outcome.THROWN_IN
                continue
            assert mine.tricks_won == theirs.tricks_won
            assert mine.points_won == theirs.points
        assert sim.scores == game.computed
        assert sim.winner is game.winner
        # the game ends at the first hand in which a side reaches 10 (hoyle)
        assert max(sim.scores) >= 10
        assert max(a - b for a, b in zip(sim.scores, sim.hands[-1].points_won)) < 10


def _key(game: int, hand: int, trick: int | None, seat: str | None, code: str, line: int) -> tuple:
    return (game, hand, trick, seat, code, line)


@pytest.mark.parametrize("rules", ["hoyle", "stick-the-dealer"])
def test_the_audit_finds_exactly_the_injected_mistakes(rules: str) -> None:
    if rules not in bundled_rulesets():
        rules = "hoyle"
    text, log = _generate(rules, games=40, seed=21, errors=0.15)
    kinds = {e["kind"] for e in log}
    # seed 002's rulesets let a stolen deal stand: the simulator steals now and then, a warning the audit finds
    assert kinds == {"renege", "left-bower", "score"} | ({"steal"} if load_ruleset(rules).deal.stealing else set())
    games = audit_text(text)
    found = sorted(
        _key(f.game, f.hand, f.trick, f.seat.name if f.seat is not None else None, f.code.code, f.pos.line)
        for g in games for f in g.all_findings()
    )
    injected = sorted(_key(e["game"], e["hand"], e["trick"], e["seat"], e["code"], e["line"]) for e in log)
    assert found == injected


def test_injected_mistakes_are_where_the_log_says() -> None:
    text, log = _generate(games=30, seed=4, errors=0.2)
    lines = text.splitlines()
    assert log
    for e in log:
        line = lines[e["line"] - 1]
        if e["kind"] == "score":
            assert line.startswith("score NS ")
        else:
            assert line.startswith("trick ")
            assert f"{e['seat']}:" in line


def test_a_sheet_error_is_carried_forward_and_an_uncalled_mistake_changes_no_score() -> None:
    rules = load_ruleset("hoyle")
    for sim in simulate(rules, 30, 9, 0.2):
        true_total = sum(sum(h.points_won) for h in sim.hands)
        sheet_errors = sum(1 for e, _ in sim.errors if e.kind == "score")
        last = next(line for line in reversed(sim.lines) if line.startswith("score"))
        _, _, ns, _, ew = last.split()
        # each wrong entry adds one or two points that the later entries carry forward
        assert sheet_errors <= int(ns) + int(ew) - true_total <= 2 * sheet_errors


def test_the_ruleset_decides_stick_the_dealer() -> None:
    text, _ = _generate(games=6, seed=2, overrides=["bidding.stick_the_dealer=true"])
    bids = [line for line in text.splitlines() if line.startswith("bid ")]
    assert bids and all(line.count("pass") <= 7 for line in bids)
    games = audit_text(text, "hoyle", ["bidding.stick_the_dealer=true"])
    assert [f.code.code for g in games for f in g.all_findings()] == []
    plain, _ = _generate(games=30, seed=2)
    assert any(line.count("pass") == 8 for line in plain.splitlines() if line.startswith("bid "))


def test_under_the_canadian_loner_the_dealers_partner_orders_up_only_alone() -> None:
    """bidding.dealer_partner_order_alone: the simulated partner goes alone or passes, and the games audit clean."""
    from auditor.model import CallKind, HandRecord
    from auditor.notation.reader import read_text

    rule = ["bidding.dealer_partner_order_alone=true"]
    text, _ = _generate(games=40, seed=4, overrides=rule)
    partner_orders = [
        call for game in read_text(text) for hand in game.hands if isinstance(hand, HandRecord)
        for call in hand.calls if call.kind is CallKind.ORDER and call.seat is FOUR.partner[hand.dealer]
    ]
    assert partner_orders and all(call.alone for call in partner_orders)
    games = audit_text(text, "hoyle", rule)
    assert [f.code.code for g in games for f in g.all_findings()] == []


def test_the_ruleset_decides_the_hand_size() -> None:
    overrides = ["deck.hand_size=4", "scoring.majority=3"]
    text, _ = _generate(games=3, seed=2, overrides=overrides)
    for block in text.split("\n\n"):
        lines = block.splitlines()
        if not lines[0].startswith("hand"):
            continue
        deal = next(line for line in lines if line.startswith("deal "))
        assert [len(h.split()) for h in deal[5:].split("  ")] == [5, 5, 5, 5]  # a seat mark and four cards
        tricks = [line for line in lines if line.startswith("trick ")]
        assert len(tricks) in (0, 4)
    games = audit_text(text, "hoyle", overrides)
    assert [f.code.code for g in games for f in g.all_findings()] == []


def test_lone_hands_sit_the_partner_out_and_are_led_as_the_ruleset_says() -> None:
    rules = load_ruleset("hoyle")
    checked = 0
    for sim in simulate(rules, 40, 13):
        for block in "\n".join(sim.lines).split("\n\n")[1:]:
            lines = block.splitlines()
            bid = next(line for line in lines if line.startswith("bid "))
            last_call = bid.split(", ")[-1].removeprefix("bid ")
            if "alone" not in last_call:
                continue
            maker = Seat[last_call.split()[0]]
            tricks = [line.split()[1:] for line in lines if line.startswith("trick ")]
            assert all(len(t) == 3 for t in tricks)
            assert all(not play.startswith(f"{FOUR.partner[maker]}:") for t in tricks for play in t)
            assert tricks[0][0].startswith(f"{FOUR.left[maker]}:")  # hoyle: the loner's left leads
            checked += 1
    assert checked > 0


def test_cli_writes_games_and_the_mistake_log(tmp_path) -> None:
    games, log = tmp_path / "g.txt", tmp_path / "e.jsonl"
    out, err = io.StringIO(), io.StringIO()
    code = main(["simulate", "--games", "5", "--seed", "3", "--errors", "0.3", "-o", str(games), "--errors-out", str(log)], out, err)
    assert code == 0 and out.getvalue() == "" and err.getvalue() == ""
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    assert entries and set(entries[0]) == {"game", "hand", "trick", "seat", "code", "kind", "line"}
    again, err2 = io.StringIO(), io.StringIO()
    assert main(["simulate", "--games", "5", "--seed", "3", "--errors", "0.3"], again, err2) == 0
    assert again.getvalue() == games.read_text()
    assert err2.getvalue() == log.read_text()  # without a side file, the log goes to stderr
    audit_out = io.StringIO()
    assert main([str(games), "--format", "lint"], audit_out, io.StringIO()) == 1
    assert len(audit_out.getvalue().splitlines()) == len(entries)


def test_cli_hands_limit_and_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    assert main(["simulate", "--games", "1000", "--hands", "30", "--seed", "1"], out, io.StringIO()) == 0
    hands = out.getvalue().count("\nhand ")
    assert 30 <= hands < 30 + 400
    assert out.getvalue().count("[Event") < 1000
    assert main(["simulate", "--games", "2", "--errors", "1.5"], io.StringIO(), io.StringIO()) == 2
    assert "--errors" in capsys.readouterr().err  # argparse reports usage errors on sys.stderr
    err = io.StringIO()
    assert main(["simulate", "--games", "2", "--rules", "no-such-rules"], io.StringIO(), err) == 2
    assert "no-such-rules" in err.getvalue()


def test_injected_error_record_is_json() -> None:
    e = InjectedError(1, 2, 3, "E", "R501", "renege", 40)
    assert json.loads(e.to_json()) == {"game": 1, "hand": 2, "trick": 3, "seat": "E", "code": "R501", "kind": "renege", "line": 40}


def test_winner_is_a_team() -> None:
    sim = next(simulate(load_ruleset("hoyle"), 1, 99))
    assert sim.winner in (Team.NS, Team.EW)
