"""Defending alone and the Canadian loner: seed 003's "Variations in Bidding".

"Either defender may declare that they are defending alone after the declarer
has been decided. If the lone defender euchres the declarer the defending team
gets 4 points instead of 2. (Some play that you may only defend alone against
a lone declarer.)" and "If dealer's partner wishes to make the suit of the
face-up card trumps, she must play alone."

The hands below are written for these tests; each trick was worked out by hand
from the deal (the comments say who wins and why), so the expected points come
from the seed's scoring, not from the auditor.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from auditor.audit import RulesetChooser, audit_games
from auditor.cards import Seat
from auditor.convert import convert
from auditor.egn.reader import read_egn_games
from auditor.egn.rules import from_egn, to_egn
from auditor.findings import Finding
from auditor.model import GameRecord, HandRecord
from auditor.modeljson import read_model_json, to_json
from auditor.notation.reader import read_text
from auditor.notation.writer import format_text
from auditor.results import GameResult
from auditor.rules.loader import load_ruleset
from auditor.stats import TableBatch
from conftest import audit_text, codes_of

DEFEND = ["bidding.defend_alone=true"]
ONLY_AGAINST_LONE = [*DEFEND, "bidding.defend_alone_only_against_lone=true"]
CANADIAN = ["bidding.dealer_partner_order_alone=true"]

# N deals, N orders diamonds (not alone), E defends alone: W's cards are out.
# Dealer's left (E) leads; play goes E, S, N.  E holds both bowers, KD and two
# aces and takes all five tricks: the makers are euchred by a lone defender.
LONE_DEFENDER_EUCHRES = """hand 1 dealer N
deal E: JD JH KD AS AC  S: 9D TD QS KS QC  W: 9C TC JC 9H TH  N: QD KH QH AH JS
up AD
bid E pass, S pass, W pass, N order, E defend alone
discard JS
trick E:JD S:9D N:QD
trick E:JH S:TD N:AD
trick E:KD S:QS N:AH
trick E:AS S:KS N:KH
trick E:AC S:QC N:QH
"""

# N deals, N orders diamonds, W defends alone: E's cards are out.  The dealer's
# left (E) sits out, so the next active seat (S) leads; play goes S, W, N.
# T1 S's right bower, T2 S's left bower, T3 N's AD over KD, T4 W's AH,
# T5 N's QH over W's 9H: the makers take 4, a make worth 1.
MAKERS_BEAT_THE_LONE_DEFENDER = """hand 1 dealer N
deal S: JD JH KD 9C 9S  W: AS AC AH QD 9H  N: TD 9D KH QH JS  E: TC JC QC KC TH
up AD
bid E pass, S pass, W pass, N order, W defend alone
discard JS
trick S:JD W:QD N:9D
trick S:JH W:AS N:TD
trick S:KD W:AC N:AD
trick N:KH S:9C W:AH
trick W:9H N:QH S:9S
"""

# N deals; everyone passes the 9S; E names hearts alone (W out) and N defends
# alone (S out).  The lone player's left is S, out, then W, out: N leads.
# T1 N's AS, T2 N's AC (E has no clubs left), T3 N's left bower JD over 9H:
# E is euchred in three tricks; T4 E's right bower, T5 N's KH over TH.
LONE_AGAINST_LONE = """hand 1 dealer N
deal N: JD AH KH AS AC  E: JH TH 9H KC KD  S: 9C TC JC QC 9D  W: TD QD AD QH TS
up 9S
bid E pass, S pass, W pass, N pass, E call H alone, N defend alone
trick N:AS E:KC
trick N:AC E:KD
trick N:JD E:9H
trick N:AH E:JH
trick E:TH N:KH
"""


def points(text: str, overrides: list[str] | None = None) -> tuple[int, int]:
    (game,) = audit_text(text, "hoyle", overrides)
    (hand,) = game.hands
    return hand.points[0], hand.points[1]


def only_codes(text: str, overrides: list[str] | None = None) -> list[str]:
    return codes_of(audit_text(text, "hoyle", overrides))


# ---------------------------------------------------------------- scoring
def test_a_lone_defender_who_euchres_scores_four_instead_of_two() -> None:
    assert only_codes(LONE_DEFENDER_EUCHRES, DEFEND) == []
    assert points(LONE_DEFENDER_EUCHRES, DEFEND) == (0, 4)  # EW defend: "4 points instead of 2"
    (game,) = audit_text(LONE_DEFENDER_EUCHRES, "hoyle", DEFEND)
    assert game.hands[0].defender_alone is Seat.E
    assert game.hands[0].tricks_won == (0, 5)


def test_the_lone_defenders_points_are_a_ruleset_key() -> None:
    assert points(LONE_DEFENDER_EUCHRES, [*DEFEND, "scoring.defend_alone_euchre=3"]) == (0, 3)


def test_makers_who_beat_a_lone_defender_score_as_usual() -> None:
    assert only_codes(MAKERS_BEAT_THE_LONE_DEFENDER, DEFEND) == []
    assert points(MAKERS_BEAT_THE_LONE_DEFENDER, DEFEND) == (1, 0)  # 3 or 4 tricks: 1 point


def test_a_lone_defender_who_euchres_a_lone_maker_scores_four() -> None:
    for rules in (DEFEND, ONLY_AGAINST_LONE):
        assert only_codes(LONE_AGAINST_LONE, rules) == []
        assert points(LONE_AGAINST_LONE, rules) == (4, 0)
    # without the declaration the same tricks are a plain lone euchre: "the defending team scores 2"
    # (S should then have played: the two-card tricks are T404)
    assert points(LONE_AGAINST_LONE.replace(", N defend alone", ""), DEFEND) == (2, 0)


def test_the_first_lead_against_two_lone_players_follows_the_ruleset() -> None:
    """With `play.first_lead_alone=dealer-left` the dealer's left (E, the loner) leads.

    E leads KC and N must follow with AC; N's AS then draws E's KD; N's JD
    draws E's 9H: N has three tricks, E is euchred; E's JH takes AH; N's KH
    takes E's TH.
    """
    moved = LONE_AGAINST_LONE.split("trick")[0] + (
        "trick E:KC N:AC\ntrick N:AS E:KD\ntrick N:JD E:9H\ntrick N:AH E:JH\ntrick E:TH N:KH\n")
    rules = [*DEFEND, "play.first_lead_alone=dealer-left"]
    assert only_codes(moved, rules) == []
    assert points(moved, rules) == (4, 0)
    assert "T401" in only_codes(moved, DEFEND)  # loner-left: E's left (S) and W sit out, so N leads


def test_the_dealers_left_sitting_out_passes_the_first_lead_on() -> None:
    """E, the dealer's left, is the lone defender W's partner: S leads, and E leading is T401."""
    led_by_w = MAKERS_BEAT_THE_LONE_DEFENDER.replace("trick S:JD W:QD N:9D", "trick W:QD N:9D S:JD")
    assert "T401" in only_codes(led_by_w, DEFEND)


def test_a_called_renege_in_a_lone_defence_hand_costs_the_lone_penalty() -> None:
    """seed 004: the renege penalty is "four during a loner hand"; a lone defender plays alone.

    N keeps QD on E's right-bower lead (trump) and plays it in trick 3.
    """
    reneged = LONE_DEFENDER_EUCHRES.split("trick")[0] + (
        "trick E:JD S:9D N:KH\ntrick E:JH S:TD N:AD\ntrick E:KD S:QS N:QD\n"
        "trick E:AS S:KS N:AH\ntrick E:AC S:QC N:QH\nrenege N\n")
    rules = [*DEFEND, "scoring.defend_alone_euchre=3", "renege.points=2", "renege.points_alone=4"]
    (game,) = audit_text(reneged, "hoyle", rules)
    assert codes_of([game]) == ["R501"]
    # EW keep the 3 of the lone defender's euchre and gain the lone penalty, 4 (hoyle: seed 004's "adding")
    assert game.hands[0].points == (0, 3 + 4)
    (replaced,) = audit_text(reneged, "hoyle", [*rules, "renege.innocent_side_keeps=false"])
    assert replaced.hands[0].points == (0, 4)


# ---------------------------------------------------------------- findings
def test_defending_alone_where_the_ruleset_forbids_it_is_b209() -> None:
    codes = only_codes(LONE_DEFENDER_EUCHRES)  # hoyle: no defending alone
    assert codes == ["B209"]
    (game,) = audit_text(LONE_DEFENDER_EUCHRES, "hoyle")
    (finding,) = game.all_findings()
    line = LONE_DEFENDER_EUCHRES.splitlines()[3]
    assert (finding.seat, finding.pos.line, finding.pos.column) == (Seat.E, 4, line.index("E defend") + 1)


def test_defending_alone_against_a_maker_with_a_partner_is_b209_where_only_lone_makers_may_be_defended() -> None:
    assert only_codes(LONE_DEFENDER_EUCHRES, ONLY_AGAINST_LONE) == ["B209"]
    assert only_codes(MAKERS_BEAT_THE_LONE_DEFENDER, ONLY_AGAINST_LONE) == ["B209"]


@pytest.mark.parametrize(
    "bids",
    [
        "bid E pass, S pass, E defend alone, W pass, N order alone",  # before the declarer is decided
        "bid E pass, S pass, W pass, N order, S defend alone",  # the maker's partner
        "bid E pass, S pass, W pass, N order, N defend alone",  # the maker
        "bid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass, E defend alone",  # thrown in
    ],
    ids=["too-early", "maker-partner", "maker", "thrown-in"],
)
def test_a_misplaced_defend_alone_is_b211(bids: str) -> None:
    assert only_codes(f"hand 1 dealer N\nup AD\n{bids}\n", DEFEND) == ["B211"]


def test_the_lone_defenders_partner_playing_is_t403() -> None:
    played = LONE_DEFENDER_EUCHRES.replace("trick E:JD S:9D N:QD", "trick E:JD S:9D W:9C N:QD")
    (game,) = audit_text(played, "hoyle", DEFEND)
    t403 = [f for f in game.all_findings() if f.code.code == "T403"]
    assert [(f.seat, f.trick) for f in t403] == [(Seat.W, 1)]


def test_a_dealer_whose_partner_defends_alone_needs_no_discard() -> None:
    deal = "deal E: 9C TC JC 9H TH  S: JD JH KD AS AC  W: 9D TD QS KS QC  N: QD KH QH AH JS"
    text = f"hand 1 dealer N\n{deal}\nup AD\nbid E order, S defend alone\n"
    assert only_codes(text, DEFEND) == []
    assert only_codes(f"hand 1 dealer N\n{deal}\nup AD\nbid E order\n", DEFEND) == ["X301"]


@pytest.mark.parametrize(
    ("bids", "rules", "expected"),
    [
        ("bid E pass, S order", CANADIAN, ["B210"]),  # S is the dealer's partner
        ("bid E pass, S order alone", CANADIAN, []),
        ("bid E order", CANADIAN, []),  # anyone else may order with a partner
        ("bid E pass, S pass, W pass, N order", CANADIAN, []),
        ("bid E pass, S pass, W pass, N pass, E pass, S call S", CANADIAN, []),  # round 2 is free
        ("bid E pass, S order", [], []),  # hoyle: the dealer's partner may order with a partner
    ],
    ids=["partner-not-alone", "partner-alone", "eldest", "dealer", "round-two", "hoyle"],
)
def test_the_canadian_loner(bids: str, rules: list[str], expected: list[str]) -> None:
    assert only_codes(f"hand 1 dealer N\nup AD\n{bids}\n", rules) == expected


# ---------------------------------------------------------------- the notation
def test_defend_alone_is_read_where_it_is_declared() -> None:
    (game,) = read_text(LONE_DEFENDER_EUCHRES)
    hand = game.hands[0]
    assert isinstance(hand, HandRecord) and hand.lone_defense is not None
    assert (hand.lone_defense.seat, hand.lone_defense.after) == (Seat.E, 4)
    assert len(hand.calls) == 4


def test_fmt_writes_defend_alone_canonically_and_round_trips() -> None:
    messy = LONE_AGAINST_LONE.replace("N defend alone", "n  DEFEND   Alone").replace("call H alone", "call h ALONE")
    formatted = format_text(messy).text
    assert "bid E pass, S pass, W pass, N pass, E call H alone, N defend alone\n" in formatted
    assert format_text(formatted).text == formatted
    assert models(read_text(formatted)) == models(read_text(LONE_AGAINST_LONE))


def test_fmt_keeps_an_early_declaration_where_it_was_written() -> None:
    early = "hand 1 dealer N\nup AD\nbid E pass, S pass, E defend alone\nbid W pass, N order alone\n"
    formatted = format_text(early).text
    assert "bid E pass, S pass, E defend alone, W pass, N order alone\n" in formatted
    assert only_codes(formatted, DEFEND) == only_codes(early, DEFEND) == ["B211"]


def test_defend_alone_twice_is_a_repeated_statement() -> None:
    text = LONE_DEFENDER_EUCHRES.replace("E defend alone", "E defend alone, W defend alone")
    assert "S002" in only_codes(text, DEFEND)


def test_a_misspelt_defend_is_a_syntax_error() -> None:
    assert only_codes("hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N order, E defend\n") == ["S001"]


def models(games: list[GameRecord]) -> list[dict[str, Any]]:
    return json.loads(to_json(games))["games"]


def test_the_json_form_keeps_the_lone_defender() -> None:
    games = read_text(LONE_AGAINST_LONE)
    text = to_json(games)
    assert json.loads(text)["games"][0]["hands"][0]["defend_alone"] == {"seat": "N", "after": 5}
    assert models(read_model_json(text, "m.json")) == models(games)


# ---------------------------------------------------------------- EGN
def to_egn_text(games: list[GameRecord], overrides: list[str]) -> tuple[str, list[str]]:
    warnings: list[str] = []
    chooser = RulesetChooser(load_ruleset("hoyle", overrides))  # as --rules hoyle --set ...: the object holds them
    return convert(games, "egn", chooser.for_game, warnings.append, forced=True), warnings


def test_text_to_egn_and_back_keeps_the_lone_defender_and_the_ruleset() -> None:
    games = read_text(LONE_AGAINST_LONE)
    egn, warnings = to_egn_text(games, ONLY_AGAINST_LONE)
    document = json.loads(egn)
    assert document["metadata"]["ruleset"]["defend_alone"] is True
    bidding = document["deals"][0]["phases"][0]
    assert (bidding["isAlone"], bidding["aloneDefender"]) == (True, 0)  # seat 0 is N
    assert not any("defend" in w for w in warnings)  # EGN holds all of it
    back = read_egn_games(egn, "t.egn")
    assert back[0].notes == []
    hand = back[0].hands[0]
    assert isinstance(hand, HandRecord) and hand.lone_defense is not None
    assert (hand.lone_defense.seat, hand.lone_defense.after) == (Seat.N, 5)
    (result,) = audit_games(iter(back), RulesetChooser())
    assert hand_findings(result) == []
    assert result.hands[0].points == (4, 0)
    text, _ = to_text_again(back)
    assert models(read_text(text))[0]["hands"] == models(games)[0]["hands"]


def to_text_again(games: list[GameRecord]) -> tuple[str, list[str]]:
    warnings: list[str] = []
    return convert(games, "text", RulesetChooser().for_game, warnings.append), warnings


def test_defending_alone_against_a_partnership_is_named_as_lost_in_egn() -> None:
    """EGN's defend_alone is against a loner only: our wider rule cannot be written there."""
    _, warnings = to_egn_text(read_text(LONE_DEFENDER_EUCHRES), DEFEND)
    assert any("bidding.defend_alone_only_against_lone=false" in w for w in warnings)


def egn_game(ruleset: dict[str, Any], bidding: dict[str, Any]) -> str:
    """The lone-against-lone hand as EGN: N is seat 0, E seat 1, S seat 2, W seat 3."""
    (game,) = read_text(LONE_AGAINST_LONE)
    egn, _ = to_egn_text([game], ONLY_AGAINST_LONE)
    document = json.loads(egn)
    document["metadata"]["ruleset"] = {"loner_lead": "LEFT_OF_LONER", **ruleset}
    document["metadata"].pop("description", None)  # as another EGN tool writes it: no tags of the notation
    phase = document["deals"][0]["phases"][0]
    phase.pop("aloneDefender", None)
    phase.update(bidding)
    return json.dumps(document, indent=2)


def test_egn_ruleset_keys_map_onto_the_new_keys() -> None:
    hoyle = load_ruleset("hoyle")
    mapped = from_egn({"defend_alone": True, "canadian": True}, hoyle)
    assert mapped.overrides == {
        "bidding.stick_the_dealer": "true",  # EGN's default std
        "play.first_lead_alone": "dealer-left",  # EGN's default loner_lead
        "bidding.dealer_partner_order_alone": "true",
        "bidding.defend_alone": "true",
        "bidding.defend_alone_only_against_lone": "true",
    }
    assert mapped.notes == []
    back, lost = to_egn(load_ruleset("hoyle", [*CANADIAN, *ONLY_AGAINST_LONE]))
    assert (back["canadian"], back["defend_alone"]) == (True, True)
    assert not any("defend" in item or "dealer_partner" in item for item in lost)


def hand_findings(result: GameResult) -> list[Finding]:
    """The findings of a one-deal EGN game, without G805 (the game stops before a side wins)."""
    return [f for f in result.all_findings() if f.code.code != "G805"]


def test_an_egn_lone_defender_is_honoured_and_judged() -> None:
    allowed = egn_game({"defend_alone": True}, {"aloneDefender": 0})
    (result,) = audit_games(iter(read_egn_games(allowed, "t.egn")), RulesetChooser())
    assert result.notes == [] and hand_findings(result) == []
    assert result.hands[0].defender_alone is Seat.N
    assert result.hands[0].points == (4, 0)
    forbidden = egn_game({}, {"aloneDefender": 0})  # EGN's default: defend_alone false
    (result,) = audit_games(iter(read_egn_games(forbidden, "t.egn")), RulesetChooser())
    (finding,) = hand_findings(result)
    assert finding.code.code == "B209"
    line = forbidden.splitlines()[finding.pos.line - 1]
    assert '"aloneDefender"' in line
    nobody = egn_game({"defend_alone": True}, {"aloneDefender": -1})
    (result,) = audit_games(iter(read_egn_games(nobody, "t.egn")), RulesetChooser())
    assert result.hands[0].defender_alone is None
    assert result.hands[0].points == (2, 0)  # a lone euchre, hoyle's 2


def test_an_egn_lone_defender_seat_that_does_not_exist_is_a_syntax_finding() -> None:
    bad = egn_game({"defend_alone": True}, {"aloneDefender": 4})
    (result,) = audit_games(iter(read_egn_games(bad, "t.egn")), RulesetChooser())
    assert [f.code.code for f in hand_findings(result)] == ["S001"]


def test_an_egn_canadian_game_is_judged_by_the_canadian_rule() -> None:
    (game,) = read_text("hand 1 dealer N\nup AD\nbid E pass, S order\ndiscard 9C\n")
    egn, _ = to_egn_text([game], [])
    document = json.loads(egn)
    for canadian, expected in ((True, ["B210"]), (False, [])):
        changed = copy.deepcopy(document)
        changed["metadata"]["ruleset"] = {"canadian": canadian, "std": False}
        changed["metadata"].pop("description", None)  # as another EGN tool writes it: no tags of the notation
        results = list(audit_games(iter(read_egn_games(json.dumps(changed), "t.egn")), RulesetChooser()))
        codes = [f.code.code for r in results for f in r.all_findings() if f.category.value == "bid"]
        assert codes == expected
        assert results[0].notes == []



# ---------------------------------------------------------------- statistics
def test_the_hands_table_marks_the_lone_defence() -> None:
    batch = TableBatch()
    plain = "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N order\n"
    for text in (LONE_DEFENDER_EUCHRES, plain):
        (game,) = audit_text(text, "hoyle", DEFEND)
        batch.add_game("t.txt", game)
    assert batch.columns["hands"]["defend_alone"] == [True, False]
