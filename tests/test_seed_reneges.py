"""What a renege costs, as seeds 000 and 004 write it: the drink for not following, and the penalty."""

from __future__ import annotations

import re

import pytest

from auditor.cards import Seat
from auditor.results import GameResult
from conftest import audit_text
from test_simulate_variations import DEFEND, NO_TRUMP, SIDE, assert_agree, generate

# N deals, S orders spades.  Trick 1: E leads AD and S, holding 9D, trumps it with KS: a renege.  S's side
# takes every trick (S's KS, JC and AH, N's AS and JS): a march.
MAKERS_RENEGE = """\
hand 1 dealer N
deal E: AD KD QC KC 9H  S: JC QS KS 9D AH  W: TD JD AC TC TH  N: JS AS TS QD KH
up 9S
bid E pass, S order
discard QD
trick E:AD S:KS W:TD N:9S
trick S:JC W:TH N:TS E:9H
trick S:AH W:AC N:KH E:QC
trick S:9D W:JD N:AS E:KD
trick N:JS E:KC S:QS W:TC
"""
CALLED = MAKERS_RENEGE + "renege S\n"


def only(text: str, rules: str, overrides: list[str] | None = None) -> GameResult:
    (game,) = audit_text(text, rules, overrides)
    return game


# ----------------------------------------------------------------------------- seed 004's penalty
# Seed 004 line 3: "If a player does not follow suit when able, it is called a Renege, and his team will be
# penalized by adding two points to his opponents' score — four points during a loner hand."  Only the
# opponents gain: under bicycle the makers keep their march.  Hoyle, after the old American Hoyle ("the
# offending party cannot count a point ... which they may have won in that deal"), scores them nothing.
def test_bicycle_adds_the_penalty_to_the_opponents_and_the_hand_stands() -> None:
    game = only(CALLED, "bicycle")
    assert [(f.code.code, f.trick, f.seat) for f in game.all_findings()] == [("R501", 1, Seat.S)]
    assert game.hands[0].points == (2, 2)  # NS's march, EW's "two points"


def test_hoyle_scores_the_reneging_makers_nothing() -> None:
    assert only(CALLED, "hoyle").hands[0].points == (0, 2)


def test_the_penalty_is_paid_whatever_a_trick_not_written_leaves_open() -> None:
    """Trick 3 not written (S:AH W:AC N:KH E:QC: no trump, so who won it depends on who led it, S's AH or W's AC),
    and a sheet that gives the makers the hand: the tricks no longer say what NS made, but under hoyle a called
    renege scores the offenders nothing and EW two, whichever way that trick went.  The sheet's entry is one of
    the ways the tricks allow, yet not what the penalty gives: it is faulted, and the hand is scored the
    penalty.  Under bicycle, where the hand stands, the two ways NS can have scored (a march or one point) each
    pay EW two, and the sheet's NS +1 EW +2 is one of them.  (The last trick would not do: N's JS, the right
    bower, wins it whoever led, so the deal shows who won it wherever it stood.)"""
    short = CALLED.replace("trick S:AH W:AC N:KH E:QC\n", "")
    hoyle = only(short + "score NS 1 EW 0\n", "hoyle")
    assert hoyle.hands[0].points == (0, 2)
    assert "P701" in [f.code.code for f in hoyle.all_findings()]
    bicycle = only(short + "score NS 1 EW 2\n", "bicycle")
    assert bicycle.hands[0].points == (1, 2)
    assert "P701" not in [f.code.code for f in bicycle.all_findings()]


def test_uncalled_the_renege_changes_no_score_under_either() -> None:
    for rules in ("bicycle", "hoyle"):
        assert only(MAKERS_RENEGE, rules).hands[0].points == (2, 0)


def test_generated_called_reneges_under_bicycle_keep_the_offenders_points() -> None:
    """The simulator scores a called renege as bicycle says; the audit agrees hand by hand."""
    generated = generate("bicycle", (DEFEND, NO_TRUMP), games=40, seed=11, errors=0.3, called=1.0)
    games = audit_text(generated.text)
    assert_agree(generated.sims, games)
    called = [h for s in generated.sims for h in s.hands if h.renege_called is not None]
    assert len(called) >= 10
    assert any(h.points_of(SIDE[h.renege_called]) > 0 for h in called)  # type: ignore[index]


# ----------------------------------------------------------------------------- seed 000's rule 4
# Seed 000 line 237: "4. Take one drink if you cannot "Follow Suit"!"  S could follow in trick 1 (S held
# 9D): that is a renege, not a card S could not follow.  N could not follow diamonds in tricks 1 and 4.
def rule_4(game: GameResult) -> dict[tuple[int, str], set[int]]:
    """The tricks rule 4 charges, per (hand, seat): its reason lists them ("... (2 times: trick 1, 4)")."""
    assert game.drinks is not None
    out: dict[tuple[int, str], set[int]] = {}
    for seat, entries in game.drinks.items():
        for hand, reason, _ in entries:
            if reason.startswith("rule 4:"):
                listed = re.search(r"trick ([0-9, ]+)\)", reason)
                assert listed is not None, reason
                out.setdefault((hand, seat), set()).update(int(t) for t in listed.group(1).split(","))
    return out


def test_a_renege_is_not_a_card_the_player_could_not_follow() -> None:
    game = only(MAKERS_RENEGE, "drinking")
    assert [f.code.code for f in game.all_findings()] == ["R501"]
    # N off diamonds in tricks 1 and 4; E and W off trump and hearts in tricks 2, 3 and 5; S: none
    assert rule_4(game) == {(1, "N"): {1, 4}, (1, "E"): {2, 3, 5}, (1, "W"): {2, 3, 5}}
    assert rule_4(only(MAKERS_RENEGE, "drinking", ["drinks.failed_to_follow=0"])) == {}
    assert only(MAKERS_RENEGE, "hoyle").drinks is None  # no drinking rules at all


@pytest.mark.parametrize("seed", [3, 8])
def test_generated_wrong_cards_never_cost_rule_4(seed: int) -> None:
    """Every card off suit drinks once under rule 4 but the wrong cards the simulator played on purpose."""
    generated = generate("drinking", games=20, seed=seed, errors=0.3)
    wrong = {(e["game"], e["hand"], e["trick"], e["seat"]) for e in generated.log if e["trick"] is not None}
    assert wrong
    for game in audit_text(generated.text):
        expected: dict[tuple[int, str], set[int]] = {}
        for hand in game.hands:
            for play in hand.plays:
                if not play.followed and (game.index, hand.number, play.trick, play.seat.name) not in wrong:
                    expected.setdefault((hand.number, play.seat.name), set()).add(play.trick)
        assert rule_4(game) == expected
