"""The search for slips does bounded work in each hand and each game, and a hand it cannot finish accuses nobody.

The fuzzer found games of one garbled hand's lines written hundreds of times over (input 6845 of seed
1: 576 KB with lone-CR line ends, 12.7 s of processor time where it allows 13): each hand cost the
search 131 replays and more.  The bound is on work, counted as hands replayed, never on time; a hand
past it is ruled as written with no accusation, and a warning (S016) names it.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from auditor.cards import Seat
from auditor.cli import main
from auditor.findings import REGISTRY, Severity
from auditor.replay import search_budget
from auditor.replay.search_budget import GAME_REPLAYS, GAME_REPLAYS_PER_HAND, HAND_REPLAYS, SearchBudget
from auditor.said import Said

from conftest import audit_text, codes_of
from test_readings_bound import _count_replays

FUZZ = Path(__file__).parent / "data" / "fuzz" / "garbled-duplicates" / "game.txt"  # input 6845's first 60 hands
# the up line lost, and the tricks of another deal written under this deal line (input 6845's hand)
GARBLED = REGISTRY["S016"].example


def _garbled_game(hands: int) -> str:
    """``hands`` copies of the garbled hand, numbered and dealt in turn: only the garble is wrong."""
    return "".join(GARBLED.replace("hand 3 dealer E", f"hand {n} dealer {'NESW'[(n - 1) % 4]}") + "\n"
                   for n in range(1, hands + 1))


def _searched(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The replays the budget granted the search, in all."""
    granted = [0]
    original = SearchBudget.take

    def counting(self: SearchBudget, replays: int) -> bool:
        ok = original(self, replays)
        granted[0] += replays if ok else 0
        return ok

    monkeypatch.setattr(SearchBudget, "take", counting)
    return granted


def test_a_garbled_game_costs_the_search_a_bounded_number_of_replays_a_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _count_replays(monkeypatch)
    granted = _searched(monkeypatch)

    def work(hands: int) -> int:
        made[0] = 0
        games = audit_text(_garbled_game(hands), "hoyle")
        assert codes_of(games).count("S016") >= hands // 2 or search_budget.HAND_REPLAYS > HAND_REPLAYS
        return made[0]

    forty, eighty = work(40), work(80)
    assert granted[0] <= 2 * GAME_REPLAYS + GAME_REPLAYS_PER_HAND * 120  # (both games)
    # each garbled hand more costs its own reading and at most its share of the game's search
    monkeypatch.setattr(search_budget, "HAND_REPLAYS", 0)  # (no search at all: the rest of the work)
    unsearched = work(80) - work(40)
    assert eighty - forty <= unsearched + GAME_REPLAYS_PER_HAND * 40, (eighty - forty, unsearched)
    # and the bound is what keeps it there: unbounded, each hand's search costs more than a hundred replays
    monkeypatch.setattr(search_budget, "HAND_REPLAYS", 10 ** 9)
    monkeypatch.setattr(search_budget, "GAME_REPLAYS", 10 ** 9)
    assert work(40) > 3 * forty, forty


def test_one_garbled_hand_alone_is_searched_no_further_than_its_own_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    granted = _searched(monkeypatch)
    (game,) = audit_text(GARBLED, "hoyle")
    assert 0 < granted[0] <= HAND_REPLAYS
    assert "S016" in codes_of([game])


def test_a_hand_past_the_budget_is_a_warning_and_accuses_nobody() -> None:
    (game,) = audit_text(GARBLED, "hoyle")
    (hand,) = game.hands
    warning = next(f for f in hand.findings if f.code.code == "S016")
    assert warning.level is Severity.WARNING and warning.seat is None
    assert warning.message == "hand 3 is too garbled to read further: its findings are not rulings"
    assert [f for f in game.all_findings() if f.level is Severity.ERROR] == []
    # what the hand as written would find is named, as no ruling: E deals, so E's bid is out of turn
    assert any("B201" in line and "E bids out of turn" in line for line in warning.proof)
    assert hand.from_sheet and hand.points == (2, 2)  # the sheet's entry, not a score resting on the garble
    assert hand.renege_seats == ()


def test_the_warning_quotes_its_accusations_with_the_seats_and_cards_they_name(tmp_path: Path) -> None:
    """What the hand as written would find is quoted in the warning word for word, and still knows the seats and
    cards it names: the ruling read aloud gives the seat's player there, as it does in any finding."""
    (game,) = audit_text(GARBLED, "hoyle")
    (hand,) = game.hands
    warning = next(f for f in hand.findings if f.code.code == "S016")
    line = next(line for line in warning.proof if "E bids out of turn" in line)
    assert isinstance(line, Said) and line.startswith("as written, line ") and "B201 E bids out of turn" in line
    assert [(line[s.start:s.end], s.value) for s in line.spans if s.value is Seat.E][:1] == [("E", Seat.E)]
    path = tmp_path / "garbled.txt"
    path.write_text('[North "Alice"]\n[East "Bob"]\n[South "Carol"]\n[West "Dan"]\n' + GARBLED, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main([str(path), "--format", "text", "--rules", "hoyle"], out, err) == 0, err.getvalue()
    quoted = [row for row in out.getvalue().splitlines() if "B201" in row and "as written, line" in row]
    assert quoted and "B201 Bob (East) bids out of turn" in quoted[0], quoted


def test_a_real_offence_in_a_hand_the_budget_cannot_search_is_no_ruling(monkeypatch: pytest.MonkeyPatch) -> None:
    # a real lead out of turn: the search tries the lines in another order, and the hand as written stands
    lead = REGISTRY["T401"].example
    assert codes_of(audit_text(lead, "hoyle")) == ["T401"]
    monkeypatch.setattr(search_budget, "GAME_REPLAYS", 0)
    monkeypatch.setattr(search_budget, "GAME_REPLAYS_PER_HAND", 0)
    games = audit_text(lead, "hoyle")
    assert codes_of(games) == ["S016"]
    (warning,) = (f for g in games for f in g.all_findings())
    assert any("T401" in line and "S leads trick 1" in line for line in warning.proof), warning.proof


def test_a_clean_game_spends_none_of_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    granted = _searched(monkeypatch)
    games = audit_text((Path(__file__).parent.parent / "samples" / "clean-game.txt").read_text(encoding="utf-8"))
    assert granted[0] == 0
    assert codes_of(games) == []


def _audit(path: Path, jobs: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main([str(path), "--format", "text", "--jobs", jobs], out, err)
    assert err.getvalue() == ""
    return status, out.getvalue()


def test_the_fuzzers_garbled_game_is_bounded_warned_and_read_alike_by_any_number_of_workers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    granted = _searched(monkeypatch)
    status, text = _audit(FUZZ, "1")
    assert status == 0  # warnings alone: nobody is accused on a garble
    hands = text.count("is too garbled to read further")
    assert hands >= 40  # of its 60 hands, past the first few the game's budget searched in full
    assert granted[0] <= GAME_REPLAYS + GAME_REPLAYS_PER_HAND * 60
    assert _audit(FUZZ, "1")[1] == text
    assert _audit(FUZZ, "2")[1] == text


def test_a_bid_line_written_many_times_is_not_searched_for_an_order(monkeypatch: pytest.MonkeyPatch) -> None:
    # (the fuzzer's input 136187 of seed 1: one hand's bid and discard lines written a hundred times over, 5.7 KB
    # that cost 2.4 s: the orders of its 300 bids, each counted, are 300 squared times 300)
    from auditor.replay import edit_shapes

    made = [0]
    original = edit_shapes.orders

    def counting(n: int):  # type: ignore[no-untyped-def]
        for order in original(n):
            made[0] += 1
            yield order

    monkeypatch.setattr(edit_shapes, "orders", counting)
    swapped = REGISTRY["S014"].example  # bids written in the wrong order: read in turn
    bid = next(line for line in swapped.splitlines() if line.startswith("bid "))
    assert "S014" in codes_of(audit_text(swapped))
    few = made[0]
    assert few > 0  # (the count sees the search's orders)
    made[0] = 0
    games = audit_text(swapped.replace(bid, "\n".join([bid] * 40)))
    # the orders of a few candidates' five trick lines, not those of 160 bids (25,000 a candidate)
    assert made[0] < 1000, made[0]
    assert "S014" not in codes_of(games)  # a bidding of 40 lines is not one written in the wrong order


def test_a_hand_whose_whole_play_contradicts_its_deal_line_accuses_nobody_where_the_search_finishes() -> None:
    # dealt by W, the garbled hand's search finishes: its best reading still has every player play cards the deal
    # line did not give them (S plays TS and JD, dealt KC KD QC QD TC): the deal line and the tricks are of two
    # deals, and the record cannot show which one is wrong
    (game,) = audit_text(GARBLED.replace("dealer E", "dealer W"), "hoyle")
    (hand,) = game.hands
    warning = next(f for f in hand.findings if f.code.code == "S016")
    assert "the deal line and the tricks are not of one deal" in warning.proof[0]
    assert any("D103" in line for line in warning.proof)  # what it would find, named as no ruling
    assert [f for f in game.all_findings() if f.level is Severity.ERROR] == []
    assert hand.from_sheet and hand.renege_seats == ()


def test_copies_of_a_garbled_hand_are_ruled_alike_wherever_they_sit_in_the_game() -> None:
    # 20 copies, dealt in turn: the early ones are searched to the end, the later ones past the game's budget
    (game,) = audit_text(_garbled_game(20), "hoyle")
    rulings = [sorted((f.code.code, f.seat, f.level) for f in hand.findings) for hand in game.hands]
    assert len(rulings) == 20
    assert all(r == rulings[0] for r in rulings), rulings
    assert [f for f in game.all_findings() if f.level is Severity.ERROR] == []
    # (and the game holds both: copies searched to the end, and copies past the game's budget)
    why = {next(f for f in hand.findings if f.code.code == "S016").proof[0].split(":")[0] for hand in game.hands}
    assert len(why) == 2, why
