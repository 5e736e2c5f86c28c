"""Play quality and par (``stats --analysis``, ``--par``): hand-worked hands, and checks against plain searches."""

from __future__ import annotations

import random

import polars as pl
import pytest

from auditor.analysis.par import ParContract, par
from auditor.analysis.position import Contract
from auditor.analysis.quality import play_quality
from auditor.analysis.replayed import played_hand
from auditor.analysis.season import analyse_hand
from auditor.analysis.solver import Solver
from auditor.cards import SEATS, Card, Seat, Suit, Team
from auditor.table import FOUR

OTHER = {Team.NS: Team.EW, Team.EW: Team.NS}
from auditor.cli import main
from auditor.notation.reader import read_text
from auditor.scoring import hand_points
from auditor.rules.loader import load_ruleset
from conftest import SAMPLES, audit_text
from gen_games import game_text, random_game

HOYLE = load_ruleset("hoyle")

# club-night hand 1, but in trick 4 N leads the TD before the AD: E's QD takes it.  Until then the
# makers were sure of all five tricks (after three tricks N holds AD TD and only E has a trump, the QD).
MISPLAYED = """\
hand 1 dealer N
deal E: KD QS TH 9C QD  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH
up AD
bid E pass, S pass, W pass, N order
discard TC
trick E:KD S:JD W:KC N:JH
trick S:AS W:JS N:KS E:QS
trick S:9H W:QH N:KH E:TH
trick N:TD E:QD S:JC W:TS
trick E:9C S:AC W:QC N:AD
"""


def _analysed(text: str, with_par: bool = False):  # type: ignore[no-untyped-def]
    record = read_text(text)[0]
    game = audit_text(text)[0]
    return [analyse_hand(r, HOYLE, h, with_par) for r, h in zip(record.hands, game.hands)]


def test_the_first_costly_card_is_the_trump_led_too_soon() -> None:
    (found,) = _analysed(MISPLAYED)
    q = found.quality
    assert q is not None and found.why_not is None
    assert (q.dd_tricks, q.taken) == (5, 4)
    assert q.given_up == {Seat.N: 1, Seat.E: 0, Seat.S: 0, Seat.W: 0}
    first = q.first_costly
    assert first is not None and (first.trick, first.seat, str(first.card), first.tricks) == (4, Seat.N, "TD", 1)


def test_a_clean_march_gives_up_nothing() -> None:
    found = _analysed((SAMPLES / "club-night.txt").read_text(encoding="utf-8"))
    march = found[0].quality
    assert march is not None and (march.dd_tricks, march.taken, march.first_costly) == (5, 5, None)
    assert found[2].quality is not None and found[2].quality.given_up.keys() == {Seat.N, Seat.E, Seat.W}  # S sits out
    assert [f.why_not for f in found] == [None, "an offence or a card out of turn", None, "not played", "an offence or a card out of turn"]


@pytest.mark.parametrize("seed", range(12))
def test_what_each_card_gave_up_is_what_the_solver_says_it_is_worth(seed: int) -> None:
    """The walk (null-window tests, cards that are the only choice skipped) against each card's exact value,
    and the books balance: the makers' tricks as played are the double-dummy tricks, less what their
    cards gave up, plus what the defenders' cards gave up."""
    text = game_text(random_game(random.Random(seed), max_hands=4))
    for result in audit_text(text)[0].hands:
        hand = played_hand(result, 5)
        if hand is None or result.renege_seats:
            continue
        q = play_quality(hand, 10**6)
        assert q.taken == q.dd_tricks - q.side_gave(hand.maker) + q.side_gave(OTHER[hand.maker])
        solver = Solver(hand.start, hand.maker)
        value = solver.value()
        costs = {s: 0 for s in hand.seats}
        for fact in hand.plays:
            values = solver.card_values()
            mine = solver.counted[solver.to_play]
            best = max(values.values()) if mine else min(values.values())
            costs[fact.seat] += (best - values[fact.card]) if mine else (values[fact.card] - best)
            assert solver.won + best == value
            step = solver.play(fact.card)
            value = solver.won + (values[fact.card] - int(step.winner is not None and solver.counted[step.winner]))
        assert costs == q.given_up


# --- par ------------------------------------------------------------------------------------------


def _reference_par(text: str) -> dict[Team, int]:
    """Each side's best points, every contract, discard and lone seat searched in full."""
    record = read_text(text)[0].hands[0]
    dealt = {h.seat: frozenset(h.cards) for h in record.deal}
    best = {Team.NS: -99, Team.EW: -99}
    options = [(record.up.suit, True)] + [(s, False) for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES) if s is not record.up.suit]
    from auditor.analysis.position import Position

    for trump, ordered in options:
        for alone in (None, *SEATS):
            out = {FOUR.partner[alone]} if alone is not None else set()
            seats = tuple(s for s in SEATS if s not in out)
            leader = FOUR.left[alone] if alone is not None else FOUR.left[record.dealer]
            while leader in out:
                leader = FOUR.left[leader]
            discards: list[Card | None] = [None]
            if ordered and record.dealer in seats:
                discards = sorted(dealt[record.dealer] | {record.up}, key=str)
            teams = [FOUR.side_of[alone]] if alone is not None else [Team.NS, Team.EW]
            for team in teams:
                values = []
                for d in discards:
                    hands = dict(dealt)
                    if d is not None:
                        hands[record.dealer] = (hands[record.dealer] | {record.up}) - {d}
                    pos = Position(seats, tuple(FOUR.side_of[s] for s in seats), tuple(hands[s] for s in seats), Contract(trump), seats.index(leader))
                    values.append(Solver(pos, team).value())
                tricks = max(values) if FOUR.side_of[record.dealer] is team else min(values)
                makers, defenders, _ = hand_points(HOYLE, alone is not None, tricks)
                best[team] = max(best[team], makers - defenders)
    return best


@pytest.mark.parametrize("seed", range(6))
def test_par_is_the_best_score_of_every_contract(seed: int) -> None:
    rng = random.Random(seed)
    text = game_text(random_game(rng, max_hands=1))
    record = read_text(text)[0].hands[0]
    if not record.has_full_deal or record.up is None:
        pytest.skip("no deal")
    found = par(record, HOYLE, 10**6)
    assert found is not None
    assert {team: p.points for team, p in found.items()} == _reference_par(text)
    for p in found.values():  # the contract named scores its points with the tricks named
        assert hand_points(HOYLE, p.alone is not None, p.tricks)[0] - hand_points(HOYLE, p.alone is not None, p.tricks)[1] == p.points


def test_club_night_hand_3_par_is_a_lone_march() -> None:
    found = _analysed((SAMPLES / "club-night.txt").read_text(encoding="utf-8"), with_par=True)[2].par
    assert found is not None
    ns = found[Team.NS]
    assert (ns.alone, ns.tricks, ns.points) == (Seat.N, 5, 4)
    assert ns == ParContract(Team.NS, Contract(Suit.DIAMONDS), False, Seat.N, 5, 4)  # D before H on a tie: C D H S


# --- the command --------------------------------------------------------------------------------


def test_stats_analysis_adds_the_table_and_the_player_columns(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "night.txt"
    path.write_text('[North "Alice"]\n[East "Bob"]\n[South "Carol"]\n[West "Dan"]\n\n' + MISPLAYED, encoding="utf-8")
    out = tmp_path / "tables"
    assert main(["stats", str(path), "--analysis", "--par", "--jobs", "1", "--out", str(out), "--format", "csv"]) == 0
    view = capsys.readouterr().out.splitlines()
    assert view[0].endswith(",analysed,given_up,given_up_per_100,perfect_pct")
    alice = next(line for line in view if line.startswith("Alice,"))
    assert alice.endswith(",1,1,100.0,0.0")
    row = pl.read_parquet(out / "analysis" / "*.parquet").row(0, named=True)
    assert (row["dd_tricks"], row["makers_taken"], row["makers_gave"], row["gave_n"]) == (5, 4, 1, 1)
    assert (row["first_costly_trick"], row["first_costly_seat"], row["first_costly_card"]) == (4, "N", "TD")
    assert row["par_ns"] is not None and row["par_ew"] is not None


def test_plain_stats_have_no_analysis(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "night.txt"
    path.write_text(MISPLAYED, encoding="utf-8")
    assert main(["stats", str(path), "--jobs", "1", "--format", "csv"]) == 0
    assert "given_up" not in capsys.readouterr().out
    assert main(["stats", str(path), "--par"]) == 2
    assert "--par needs --analysis" in capsys.readouterr().err


def test_the_player_view_keeps_its_order_with_analysis(capsys) -> None:  # type: ignore[no-untyped-def]
    """The play-quality columns join the view before it is sorted (a join keeps no order)."""
    views = []
    for extra in ([], ["--analysis"]):
        assert main(["stats", "samples", "--jobs", "1", "--format", "csv", *extra]) == 0
        views.append([line.split(",")[:17] for line in capsys.readouterr().out.splitlines()])
    assert views[0] == views[1] and len(views[0]) > 4


def test_a_range_of_dates_keeps_the_play_quality_of_its_games(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["stats", "samples/club-night.txt", "--jobs", "1", "--format", "csv", "--analysis"]) == 0
    whole = capsys.readouterr().out
    assert main(["stats", "samples/club-night.txt", "--jobs", "1", "--format", "csv", "--analysis", "--since", "2026-11-24"]) == 0
    assert capsys.readouterr().out == whole and whole.splitlines()[0].endswith(",perfect_pct")
    assert main(["stats", "samples/club-night.txt", "--jobs", "1", "--format", "csv", "--analysis", "--since", "2026-11-25"]) == 0
    assert "perfect_pct" not in capsys.readouterr().out  # no game in the range: nothing analysed
