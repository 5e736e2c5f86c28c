"""Exchanges the record writes only in part, as EGN allows: what the tricks prove, and nothing more.

EGN's alternate-rules.md: going under, "they may swap three cards with the kitty cards. This action is
recorded in the EUCHRE_BIDDING phase using the cardExchanges array if known"; partner's best, "their
partner [passes] them their best card face down. The loner then discards one card to bring their hand
back to 5 before play begins. This action is recorded ... using the cardExchanges array if known."

So a record may name the cards taken from the kitty and not those given, or the pass and not the lone
maker's discard.  When every trick is written, the cards of the hand the player never plays are the ones
that went; the audit says so in a note and judges the hand.  When the tricks do not show it, the player's
cards are judged only by what the player is seen to play: the record's silence is no offence.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from auditor.audit import RulesetChooser, audit_games
from auditor.convert import convert
from auditor.egn.reader import read_egn_games
from auditor.model import ExchangeKind
from auditor.notation.reader import read_text
from auditor.notation.writer import format_text
from auditor.results import GameResult
from conftest import audit_text
from test_egn_alternate_rules import load
from test_exchanges import BEST, BEST_HAND, UNDER, UNDER_HAND
from test_simulate_variations import audited_clean, generate

GO_UNDER: dict[str, Any] = json.loads(load("go-under"))
PARTNERS_BEST: dict[str, Any] = json.loads(load("partners-best"))


def egn(source: dict[str, Any], exchanges: list[dict[str, Any]], **ruleset: Any) -> list[GameResult]:
    game = copy.deepcopy(source)
    game["deals"][0]["phases"][0]["cardExchanges"] = exchanges
    game["metadata"]["ruleset"].update(ruleset)
    return list(audit_games(iter(read_egn_games(json.dumps(game))), RulesetChooser()))


def notes(game: GameResult) -> list[str]:
    return [str(n) for h in game.hands for n in h.notes]


def found(game: GameResult) -> list[tuple[str, str]]:
    return [(f.code.code, f.message) for f in game.all_findings()]


# ----------------------------------------------------------------------------- going under, EGN
# go-under.egn: seat 1 (E) was dealt 9C TC 9H TH AH, goes under and takes 9D QD KD; E plays AH, 9D, TH,
# KD and QD.  Written without the entry for the cards given, only {"receiver": 1, "cards": [...]}.
TAKEN_ONLY = [{"receiver": 1, "cards": ["9d", "Qd", "Kd"]}]


def test_the_cards_given_are_the_dealt_cards_never_played() -> None:
    (game,) = egn(GO_UNDER, TAKEN_ONLY)
    assert found(game) == []  # not S001: the deal is judged, and the game's score stands
    assert (game.computed, game.winner is not None) == ((1, 0), True)
    assert notes(game) == ["hand 0: E's exchange with the kitty names only the cards taken, 9D QD KD; the tricks show "
                           "the cards given: TC 9C 9H, the cards E was dealt and never played"]


def test_without_going_under_the_exchange_is_still_its_finding() -> None:
    (game,) = egn(GO_UNDER, TAKEN_ONLY, go_under=False)
    assert [code for code, _ in found(game)] == ["D110"]
    assert "this ruleset has no going under" in found(game)[0][1]


def test_a_card_taken_and_never_played_proves_a_card_given_up_was_played() -> None:
    source = copy.deepcopy(GO_UNDER)
    tricks = source["deals"][0]["phases"][1]["tricks"]
    tricks[4] = ["Ks", "9c", "Jc", "Kc"]  # E plays 9C, dealt and given up, where E played QD from the kitty
    (game,) = egn(source, TAKEN_ONLY)
    assert [(code, message) for code, message in found(game) if code == "D110"] == [
        ("D110", "E exchanges cards not written for the kitty (going under): E took 9D QD KD from the kitty but "
                 "never played QD: E played 1 card given up for the kitty in its place")]
    assert not any(code in ("R501", "D103") for code, _ in found(game))  # nothing rests on which card it was


# ----------------------------------------------------------------------------- partner's best, EGN
# partners-best.egn: W alone, E passes JH, W discards 9C.  Written without the discard's entry.
def test_the_lone_makers_discard_is_the_card_never_played() -> None:
    (game,) = egn(PARTNERS_BEST, [{"sender": 1, "receiver": 3, "cards": ["Jh"]}])
    assert found(game) == []  # not D111: what the record does not say is not an offence
    assert game.computed == (0, 1)
    assert notes(game) == ["hand 0: W's discard for partner's best is not written; the tricks show it: 9C, the card W "
                           "held and never played"]


def test_without_partners_best_the_pass_is_its_finding_and_the_discard_none() -> None:
    (game,) = egn(PARTNERS_BEST, [{"sender": 1, "receiver": 3, "cards": ["Jh"]}], partners_best=False)
    assert [message.split(": ", 1)[1] for code, message in found(game) if code == "D111"] == [
        "this ruleset has no partner's best"]


# ----------------------------------------------------------------------------- the notation says the same
UNDER_TAKEN_ONLY = UNDER_HAND.replace("under E: 9C TC 9H", "under E: for 9D QD KD")
BEST_NO_DISCARD = BEST_HAND.replace("best E: JH discard 9C", "best E: JH")


def test_the_notation_writes_only_the_cards_taken() -> None:
    (record,) = read_text(UNDER_TAKEN_ONLY)
    (exchange,) = record.hands[0].exchanges
    assert (exchange.kind, exchange.seat.name, exchange.cards, [str(c) for c in exchange.received]) == (
        ExchangeKind.UNDER, "E", (), ["9D", "QD", "KD"])
    assert "under E: for 9D QD KD" in format_text(UNDER_TAKEN_ONLY).text
    (game,) = audit_text(UNDER_TAKEN_ONLY, "hoyle", UNDER)
    assert found(game) == [] and game.computed == (1, 0)
    assert notes(game) == ["hand 1: E's exchange with the kitty names only the cards taken, 9D QD KD; the tricks show "
                           "the cards given: TC 9C 9H, the cards E was dealt and never played"]
    (game,) = audit_text(BEST_NO_DISCARD, "hoyle", BEST)
    assert found(game) == [] and notes(game) == [
        "hand 1: W's discard for partner's best is not written; the tricks show it: 9C, the card W held and never played"]


def test_egn_to_text_and_back_keeps_what_was_written() -> None:
    source = copy.deepcopy(GO_UNDER)
    source["deals"][0]["phases"][0]["cardExchanges"] = TAKEN_ONLY
    games = read_egn_games(json.dumps(source))
    text = convert(games, "text", RulesetChooser().for_game, lambda _: None)
    assert "under E: for 9D QD KD" in text
    back = json.loads(convert(read_text(text), "egn", RulesetChooser().for_game, lambda _: None))
    assert back["deals"][0]["phases"][0]["cardExchanges"] == TAKEN_ONLY


# ----------------------------------------------------------------------------- when the tricks do not show it
def test_with_tricks_missing_nothing_rests_on_the_cards_not_written() -> None:
    # two tricks written, then N claims the rest: which three cards E gave, and which W discarded, is not known
    under = UNDER_TAKEN_ONLY.split("trick S:AS")[0] + "claim N\n"
    (game,) = audit_text(under, "hoyle", UNDER)
    assert found(game) == []
    assert "hand 1: the cards E gave for the kitty are not written, and the tricks do not show which: E's cards are " \
           "judged only by what E is seen to play" in notes(game)
    best = BEST_NO_DISCARD.split("trick W:JH")[0] + "claim W\n"
    (game,) = audit_text(best, "hoyle", BEST)
    assert found(game) == []
    assert "hand 1: W's discard for partner's best is not written, and the tricks do not show which: W's cards are " \
           "judged only by what W is seen to play" in notes(game)


# ----------------------------------------------------------------------------- the simulator writes less too
def test_generated_records_that_leave_out_what_egn_may_leave_out_audit_clean() -> None:
    generated = generate("hoyle", ("deal.go_under=true", "bidding.partners_best=true"), games=30, seed=5)
    assert any(line.startswith("under ") and ": for " in line for line in generated.lines("under "))
    assert any(" discard " not in line for line in generated.lines("best "))
    audited_clean(generated)  # no finding, and the simulator's points hand by hand
    games = audit_text(generated.text)
    assert any("the tricks show" in n for g in games for n in notes(g))
