"""A hand whose tricks are missing is read every way they can have stood, and each way costs only its play.

The ways differ in nothing but where the unknown tricks stand, so the deal and the bidding are replayed
once (``HandReplay.fork``); a reading of the slip search dearer than the best one already is not read every
way; and the ways the search read for the reading it chose are not read again to rule on it.  The fuzzer's slowest files were hundreds of such small games (docs/robustness.md, run 8):
the work is counted here, never timed.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations_with_replacement

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auditor.notation.reader import read_text
from auditor.model import HandRecord
from auditor.replay import hand as hand_module
from auditor.replay.hand import HandReplay, deck_of
from auditor.replay.slips import insert_unknown
from auditor.rules.loader import load_ruleset
from auditor.table import table_of

import gen_games
from conftest import audit_text, codes_of

# input 462409 of the fuzzer's run 8 is a thousand copies of this game: three tricks of five written, and
# a card written for another (S:TC for S:KC), which the slip search weighs every way the two missing can stand
TWO_MISSING = """\
[Event "Fuzz seed 1 game 3"]

hand 1 dealer E
deal S: 9H AS JS KC QC  W: AH JD JH KD TD  N: AC AD JC KH TS  E: 9D KS QH QS TC
up TH
bid S pass, W pass, N pass, E order
discard 9D
trick S:JS W:JD N:TS E:QS
trick W:TD N:AD E:TH S:AS
trick E:9D S:TC W:JD N:9H
"""

# input 501407 is two thousand copies of this hoyle game audited under euchre32: five cards dealt where eight
# are, four tricks of eight written, so each reading's missing tricks stand 35 to 70 ways
EIGHT_CARD_DEAL = """\
[Event "Fuzz seed 1 game 8"]

hand 1 dealer S
deal W: 9S AC KD KS TS  N: 9D JC KC TC TH  E: 9C 9H AS JD KH  S: JS QC QH QS TD
up QD
bid W order alone
discard QD
trick N:TH S:QH W:KD
trick W:TS N:JC S:QS
trick S:QC W:AC N:KC
trick W:KS N:TC S:JS
"""


def _count(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many hands are prepared (deal and bidding replayed) and how many plays of the tricks are made."""
    made = {"prepared": 0, "played": 0}
    prepare, play = HandReplay.prepare, HandReplay.play_tricks

    def counting_prepare(self: HandReplay) -> None:
        if not self.prepared:
            made["prepared"] += 1
        prepare(self)

    def counting_play(self: HandReplay):  # type: ignore[no-untyped-def]
        made["played"] += 1
        return play(self)

    monkeypatch.setattr(hand_module.HandReplay, "prepare", counting_prepare)
    monkeypatch.setattr(hand_module.HandReplay, "play_tricks", counting_play)
    return made


def _copies(game: str, n: int) -> str:
    return "\n".join(game.replace("game 3", f"game {i}").replace("game 8", f"game {i}") for i in range(n))


def test_the_ways_of_placing_missing_tricks_share_one_deal_and_bidding(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _count(monkeypatch)
    games = audit_text(EIGHT_CARD_DEAL, "euchre32")
    assert "T405" in codes_of(games)  # the tricks not written are named
    # the hand as written is read every way its four missing tricks can stand (35), each way played, but
    # the deal and the bidding are replayed once for all of them: before, once a way (144 of each)
    assert made["played"] >= 35, made
    assert made["prepared"] <= 8, made


def test_a_reading_dearer_than_the_best_already_is_not_read_every_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hand as written weighs 1 (its four missing tricks cost nothing, the discard error 1); the search's
    seat-letter readings cost 1.5 before any replay, so they cannot be chosen: their 35 ways each are not read
    (before: three of them, 105 plays of the 144)."""
    made = _count(monkeypatch)
    games = audit_text(EIGHT_CARD_DEAL, "euchre32")
    # the hand is ruled as written: its cut deal lines, the dealer's discard of the up card, the missing tricks
    assert set(codes_of(games)) == {"S018", "X304", "T405"}
    assert made["played"] <= 45, made


def test_a_game_with_a_slip_and_tricks_missing_costs_fewer_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _count(monkeypatch)
    games = audit_text(TWO_MISSING)
    assert "S011" in codes_of(games)  # the card written for another is named as the slip
    # the ways the search read to weigh the reading it chose are not read again to rule on it (before: 99)
    assert made["played"] <= 85, made
    assert made["prepared"] <= 20, made


@pytest.mark.parametrize(("game", "rules"), [(TWO_MISSING, None), (EIGHT_CARD_DEAL, "euchre32")])
def test_the_work_grows_with_the_games_not_faster(monkeypatch: pytest.MonkeyPatch, game: str, rules: str | None) -> None:
    made = _count(monkeypatch)
    audit_text(game, rules)
    one = dict(made)
    made.update(prepared=0, played=0)
    audit_text(_copies(game, 20), rules)
    assert made["played"] <= 20 * one["played"], (made, one)
    assert made["prepared"] <= 20 * one["prepared"], (made, one)


def _records(text: str) -> list[HandRecord]:
    return [h for g in read_text(text) for h in g.hands if isinstance(h, HandRecord)]


def _findings(replay: HandReplay) -> list[tuple[object, ...]]:
    result = replay.run()
    return [(f.code, str(f.message), f.pos, f.trick, f.seat, tuple(map(str, f.proof))) for f in result.findings] + [
        (result.points, result.outcome, result.tricks_won, result.renege_seats)]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), lost=st.integers(1, 3), offence=st.booleans())
def test_a_fork_replays_a_way_as_a_fresh_replay_does(seed: int, lost: int, offence: bool) -> None:
    """Each way of placing a hand's lost tricks, replayed from the hand prepared once, rules exactly as the
    way replayed from the start: over generated games, with and without a renege, one to three tricks lost."""
    rng = random.Random(seed)
    game = gen_games.random_game(rng, max_hands=4)
    if offence:
        game = (gen_games.mutate(game, rng) or (game, None))[0]
    rules = load_ruleset("hoyle")
    deck, table = deck_of(rules), table_of(rules)
    for record in _records(gen_games.game_text(game)):
        kept = list(record.tricks)
        for _ in range(min(lost, len(kept))):
            kept.pop(rng.randrange(len(kept)))
        cut = replace(record, tricks=tuple(kept))
        missing = len(record.tricks) - len(kept)
        base = None
        for option in combinations_with_replacement(range(len(kept) + 1), missing):
            shaped, unknown = insert_unknown(cut, frozenset(), option)
            if base is None:
                base = HandReplay(shaped, rules, 1, deck, unknown=unknown, table=table)
                base.prepare()
            fresh = HandReplay(shaped, rules, 1, deck, unknown=unknown, table=table)
            assert _findings(base.fork(shaped, unknown)) == _findings(fresh), (record.number, option)
