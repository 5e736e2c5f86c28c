"""EGN's alternate rules (`joker`, `farmers`, `allow_no_trump`, `partners_best`, `go_under`, `fast_break`,
`four_trick_tokens`, `num_deals`): read into our keys without a G806 note, replayed, and written back.

The files of tests/data/egn-rules hold one deal each, the hands of test_exchanges.py and
test_fast_break.py (worked out there trick by trick) and a joker and no-trump hand worked out below.
"""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest

from auditor.audit import RulesetChooser, audit_games
from auditor.cards import Card, Seat, Suit, Team
from auditor.cli import main
from auditor.convert import convert
from auditor.egn.reader import EgnError, read_egn_games
from auditor.egn.rules import to_egn
from auditor.model import CallKind, Exchange, ExchangeKind, GameRecord
from auditor.notation.reader import read_text
from conftest import ROOT
from test_exchanges import BEST_HAND, UNDER_HAND
from test_joker_suit_unrecorded import ORDERED

RULES = ROOT / "tests" / "data" / "egn-rules"
FILES = sorted(RULES.glob("*.egn"))


def load(name: str) -> str:
    return (RULES / f"{name}.egn").read_text(encoding="utf-8")


def audit(games: list[GameRecord]) -> list[Any]:
    return list(audit_games(iter(games), RulesetChooser()))


def convert_games(games: list[GameRecord], target: str) -> tuple[str, list[str]]:
    warnings: list[str] = []
    return convert(games, target, RulesetChooser().for_game, warnings.append), warnings


def test_there_is_a_file_for_each_rule() -> None:
    assert [p.stem for p in FILES] == ["fast-break", "go-under", "joker-no-trump", "partners-best"]


# name -> (corrected NS, EW, winner): each game is one deal (num_deals: 1)
EXPECTED = {
    "go-under": (1, 0, Team.NS),  # NS make it with 4 tricks; E's kitty cards are E's
    "partners-best": (0, 1, Team.EW),  # W alone takes 4 tricks with E's JH
    "fast-break": (0, 0, None),  # the makers took tricks 3-5 only: nobody scores, a tie
    "joker-no-trump": (1, 0, Team.NS),  # S's no trump makes 4 tricks (the joker takes one): 1 point and a token
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_rule_is_honoured_and_audits_clean(name: str) -> None:
    (game,) = read_egn_games(load(name), f"{name}.egn")
    assert game.unhonoured_rules == []  # no G806
    (result,) = audit([game])
    assert result.all_findings() == []
    assert (result.computed[0], result.computed[1], result.winner) == EXPECTED[name]
    assert result.finished and result.won_in_hand == 0  # num_deals: 1, and the deal is the game's only one


def test_the_joker_and_no_trump_hand() -> None:
    """S calls no trump (EGN's `n`, high) in round 2.  E leads:
    1 E:AC S:KH W:9C N:QH  the ace of the suit led;  2 E:KC S:B W:9D N:TS  the joker wins any trick;
    3 S:AH W:TD N:JS E:QC;  4 S:AS W:JD N:KS E:JC;  5 S:AD W:QD N:QS E:TC.  NS take four tricks: not
    alone, every trick but one: a token (EGN's four_trick_tokens) besides the point."""
    (game,) = read_egn_games(load("joker-no-trump"))
    (hand,) = game.hands
    assert [c.kind for c in hand.calls][-1] is CallKind.HIGH and hand.calls[-1].seat is Seat.S
    (result,) = audit([game])
    (played,) = result.hands
    assert (played.no_trump, played.tricks_won[0], played.token, result.tokens) == ("high", 4, Team.NS, (1, 0))
    assert [f.seat for f in played.plays if f.won] == [Seat.E, Seat.S, Seat.S, Seat.S, Seat.S]
    assert next(f for f in played.plays if f.card == Card.parse("JK")).won


def test_card_exchanges_are_read_as_the_notations_exchanges() -> None:
    (under,) = read_egn_games(load("go-under"))[0].hands
    (exchange,) = under.exchanges
    assert (exchange.kind, exchange.seat) == (ExchangeKind.UNDER, Seat.E)
    assert [str(c) for c in exchange.cards] == ["9C", "TC", "9H"] and [str(c) for c in exchange.received] == ["9D", "QD", "KD"]
    (best,) = read_egn_games(load("partners-best"))[0].hands
    (exchange,) = best.exchanges
    assert (exchange.kind, exchange.seat, str(exchange.cards[0]), str(exchange.discard)) == (ExchangeKind.BEST, Seat.E, "JH", "9C")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_file_goes_to_text_and_back_to_the_same_egn(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    games = read_egn_games(source, str(path))
    text, _ = convert_games(games, "text")
    from_text = read_text(text)
    assert [[(f.code.code, f.hand) for f in r.all_findings()] for r in audit(from_text)] == [[]]
    egn, warnings = convert_games(from_text, "egn")
    original, again = json.loads(source), json.loads(egn)
    assert again["deals"] == original["deals"]
    assert {k: again["metadata"]["ruleset"][k] for k in original["metadata"]["ruleset"]} == original["metadata"]["ruleset"]
    assert "winning_score" not in again["metadata"]["ruleset"]  # EGN: a game of num_deals has no winning score
    assert not [w for w in warnings if "ruleset key" in w]  # every key of ours has its EGN key


def test_convert_on_the_command_line_writes_the_exchanges(tmp_path: Path) -> None:
    out = io.StringIO()
    assert main(["convert", str(RULES / "partners-best.egn"), "--to", "text"], out, io.StringIO()) == 0
    text = out.getvalue()
    assert "bid E pass, S pass, W order alone\ndiscard 9S\nbest E: JH discard 9C\n" in text
    source = tmp_path / "best.txt"
    source.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert main(["convert", str(source), "--to", "egn"], out, io.StringIO()) == 0
    (bidding, _) = json.loads(out.getvalue())["deals"][0]["phases"]
    assert bidding["cardExchanges"] == [{"sender": 1, "receiver": 3, "cards": ["Jh"]}, {"sender": 3, "receiver": 3, "cards": ["9c"]}]


def test_text_exchanges_become_egn_and_read_back_alike() -> None:
    under = '[Set "deal.go_under=true"]\n' + UNDER_HAND.replace("under E: 9C TC 9H", "under E: 9C TC 9H for 9D QD KD")
    best = '[Set "bidding.partners_best=true"]\n' + BEST_HAND
    exchanges = []
    for text in (under, best):
        egn, warnings = convert_games(read_text(text), "egn")
        assert not [w for w in warnings if "exchange" in w]
        (hand,) = read_egn_games(egn)[0].hands
        exchanges.append(hand.exchanges)
    assert exchanges == [
        (Exchange(ExchangeKind.UNDER, Seat.E, _cards("9C TC 9H"), _any(), _any(), _cards("9D QD KD"), _any()),),
        (Exchange(ExchangeKind.BEST, Seat.E, _cards("JH"), _any(), _any(), (), (), Card.parse("9C"), _any()),),
    ]


class _Anything:
    def __eq__(self, other: object) -> bool:
        return True


def _any() -> Any:
    return _Anything()


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


def test_what_egn_cannot_hold_of_the_variations_is_named(tmp_path: Path) -> None:
    text = ('[Set "bidding.no_trump_calls=[high, low]; scoring.four_trick_tokens=3"]\n'
            "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E call low\ntricks NS 2 EW 3\n")
    egn, warnings = convert_games(read_text(text), "egn")
    assert json.loads(egn)["deals"][0]["phases"][0]["calls"][-1] == "n"
    assert any("'call low' is written 'n' and reads back as 'call high'" in w for w in warnings)
    assert any("scoring.four_trick_tokens=3" in w and "have no EGN key" in w for w in warnings)
    assert any("bidding.no_trump_calls=['high', 'low']" in w and "have no EGN key" in w for w in warnings)
    # with only the trick count written, high or low the hand scores alike: written, with the warning
    path = tmp_path / "low.txt"
    path.write_text(text, encoding="utf-8")
    err = io.StringIO()
    assert main(["convert", str(path), "--to", "egn"], io.StringIO(), err) == 0
    assert "warning: game 1, hand 1: EGN's no-trump call is played high" in err.getvalue()
    # with the cards, E's nines take every trick played low; played high the queens would, led by others: refused
    tricks = "".join(f"trick E:9{s} S:T{s} W:J{s} N:Q{s}\n" for s in "CDHS") + "trick E:KC S:KD W:KH N:KS\n"
    path.write_text(text.replace("tricks NS 2 EW 3\n", tricks), encoding="utf-8")
    err = io.StringIO()
    assert main(["convert", str(path), "--to", "egn"], io.StringIO(), err) == 2
    assert "'call low' is written 'n'" in err.getvalue() and "how the ruling would change" in err.getvalue()


# ------------------------------------------------------------------ inline EGN for the corner cases
BASE: dict[str, Any] = json.loads(load("fast-break"))


def variant(ruleset: dict[str, Any] | None = None, **deal: Any) -> str:
    game = copy.deepcopy(BASE)
    if ruleset is not None:
        game["metadata"]["ruleset"] = ruleset
    for key, value in deal.items():
        game["deals"][0]["phases"][0][key] = value
    return json.dumps(game, indent=2)


def test_a_joker_turned_up_has_no_named_suit_in_egn_and_no_one_is_faulted_for_it() -> None:
    game = json.loads(variant({"joker": True, "num_deals": 1}, calls=["Pass"] * 5 + ["h"]))
    game["deals"][0]["initialState"]["upCard"] = "B"
    game["deals"][0]["initialState"]["playerCards"][0][2] = "Ah"  # N's 9H is the up card's place: N holds AH
    (result,) = audit(read_egn_games(json.dumps(game)))
    assert "B215" not in [f.code.code for f in result.all_findings()]


# ORDERED (test_joker_suit_unrecorded): the dealer named hearts, E orders the joker up, NS euchre
@pytest.mark.parametrize("joker_up", ["dealer-names", "maker-names"])
def test_a_joker_ordered_up_in_egn_is_read_with_each_suit_and_nobody_is_accused_on_the_lost_one(joker_up: str) -> None:
    """EGN has no place for the joker's suit: the deal is audited with each suit it can have offered, and only
    what every suit makes is a finding (none here), nor is anyone faulted for the suit not written; the
    hand's points differ by suit, so they are the score sheet's to give (NS 2 among them)."""
    (clean,) = audit(read_text(ORDERED))
    assert [f.code.code for f in clean.all_findings()] == [] and clean.hands[0].points == (2, 0)
    egn, _ = convert_games(read_text(ORDERED), "egn")
    assert json.loads(egn)["deals"][0]["initialState"]["upCard"] == "B"
    assert read_egn_games(egn)[0].hands[0].up_suit is Suit.HEARTS  # the suit travels as an annotation (`up JK H`)
    foreign = json.loads(egn)  # as another EGN tool writes it: no annotations, no tags of the notation
    del foreign["metadata"]["description"]
    del foreign["deals"][0]["phases"][1]["playAnnotations"]
    games = read_egn_games(json.dumps(foreign))
    (result,) = list(audit_games(iter(games), RulesetChooser(overrides=[f"bidding.joker_up={joker_up}"])))
    assert [f.code.code for f in result.all_findings()] == ["G805"]  # the one deal is not a whole game
    (hand,) = result.hands
    assert (hand.maker, hand.trump, hand.points) == (Seat.E, None, (0, 0))
    assert (2, 0) in hand.possible
    # to the notation: `up JK ?`, and the seats as hearts (the one suit the record fits) gives them, said so
    text, warnings = convert_games(games, "text")
    assert "\nup JK ?\nbid E order\n" in text and "\ntrick N:JK E:AH S:TD W:JD\n" in text
    assert any("the seats are written as hearts gives them" in w for w in warnings)
    (again,) = list(audit_games(iter(read_text(text)), RulesetChooser(overrides=[f"bidding.joker_up={joker_up}"])))
    assert [f.code.code for f in again.all_findings()] == ["G805"]  # EGN's file is a whole game: [Complete "yes"]


def test_a_joker_turned_up_keeps_its_unrecorded_suit_through_text_and_the_json_form() -> None:
    """The same EGN deal converted to the notation is written `up JK ?` (the suit named, if any, is not
    recorded): audited as text, or as the JSON form of that text, it gets the EGN audit's findings, and
    never a B215 for the dealer; `up JK` alone, where the dealer names the suit, is the dealer's B215."""
    from auditor.modeljson import read_model_json

    game = json.loads(variant({"joker": True, "num_deals": 1}, calls=["Pass"] * 5 + ["h"]))
    game["deals"][0]["initialState"]["upCard"] = "B"
    game["deals"][0]["initialState"]["playerCards"][0][2] = "Ah"
    games = read_egn_games(json.dumps(game))
    text, _ = convert_games(games, "text")
    assert "\nup JK ?\n" in text
    as_json, _ = convert_games(read_text(text), "json")
    assert '"up_suit": "?"' in as_json
    assert convert_games(list(read_model_json(as_json)), "text")[0] == text

    def codes(records: list[GameRecord]) -> list[tuple[str, int | None, str | None]]:
        (result,) = audit(records)
        return sorted((f.code.code, f.hand, f.seat.name if f.seat is not None else None) for f in result.all_findings())

    expected = codes(games)
    assert "B215" not in [c for c, _, _ in expected]
    assert codes(read_text(text)) == expected
    assert codes(list(read_model_json(as_json))) == expected
    (hand,) = games[0].hands
    assert codes(read_text(text.replace("up JK ?", "up JK"))) == sorted([*expected, ("B215", hand.number, hand.dealer.name)])


def test_a_pass_between_opponents_is_no_rule_of_egn_and_costs_its_deal() -> None:
    text = variant(cardExchanges=[{"sender": 1, "receiver": 2, "cards": ["Ac"]}])
    (record,) = read_egn_games(text)[0].hands
    assert "seat 1 passes cards to seat 2, not a partner" in record.message
    (result,) = audit(read_egn_games(text))
    assert "S001" in [f.code.code for f in result.all_findings()]


def test_a_card_exchange_without_its_receiver_is_not_egn() -> None:
    text = variant(cardExchanges=[{"sender": 1, "cards": ["Ac"]}])
    with pytest.raises(EgnError, match="receiver is missing"):
        read_egn_games(text, "x.egn")


def test_an_exchange_with_the_kitty_where_egn_has_neither_rule_is_a_finding() -> None:
    """EGN does not say which rule a kitty exchange is: with both or neither of farmers and go_under, three
    9s and 10s are read as a farmer's hand, other cards as going under (docs/egn.md)."""
    source = json.loads(load("go-under"))
    source["metadata"]["ruleset"] = {"std": False, "num_deals": 1}
    (result,) = audit(read_egn_games(json.dumps(source, indent=2)))
    assert [(f.code.code, f.message.rsplit(": ", 1)[1]) for f in result.all_findings()] == [("D109", "this ruleset has no farmer's hand")]
    source["deals"][0]["phases"][0]["cardExchanges"][0]["cards"] = ["Th", "9c", "Ah"]  # AH: not three 9s and 10s
    source["deals"][0]["initialState"]["playerCards"][1] = ["9c", "Tc", "9h", "Th", "Ah"]
    (record,) = read_egn_games(json.dumps(source))[0].hands
    assert record.exchanges[0].kind is ExchangeKind.UNDER


def test_num_deals_ends_the_game_and_a_later_deal_does_not_count() -> None:
    game = json.loads(load("go-under"))
    second = copy.deepcopy(game["deals"][0])
    second["dealNumber"], second["initialState"]["dealer"] = 1, 1
    del second["initialState"]["playerCards"]
    second["phases"] = [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass"] * 8, "isAlone": False}]
    game["deals"].append(second)
    (result,) = audit(read_egn_games(json.dumps(game)))
    assert [(f.code.code, f.hand) for f in result.all_findings()] == [("G801", 1)]
    game["metadata"]["ruleset"]["num_deals"] = 3
    (result,) = audit(read_egn_games(json.dumps(game)))
    assert [f.code.code for f in result.all_findings()] == ["G805"]  # two of three deals


def test_num_players_other_than_2_3_or_4_is_still_a_note() -> None:
    (game,) = read_egn_games(variant({"num_players": 5, "fast_break": True, "num_deals": 1}))
    assert game.unhonoured_rules == ["EGN num_players: 5 cannot be honoured (2, 3 or 4); the games are replayed as four-handed"]
    rules = RulesetChooser().for_game(game)
    assert rules.scoring.fast_break and rules.game.deals == 1 and rules.game.target == 0
    ruleset, lost = to_egn(rules)
    assert ruleset["fast_break"] is True and ruleset["num_deals"] == 1 and lost == []
    assert "num_players" not in ruleset


@pytest.mark.parametrize(("players", "seats"), [(3, ["N", "E", "W"]), (2, ["N", "S"])])
def test_num_players_3_and_2_are_seed_003s_games_each_for_himself(players: int, seats: list[str]) -> None:
    (game,) = read_egn_games(variant({"num_players": players}))
    assert game.unhonoured_rules == []
    rules = RulesetChooser().for_game(game)
    assert [s.value for s in rules.table.seats] == seats and rules.table.sides.value == "each"
    assert rules.deck.kitty == 24 - 5 * players  # every card dealt or in the kitty
    ruleset, lost = to_egn(rules)
    assert ruleset["num_players"] == players and lost == []


def test_without_the_joker_and_no_trump_the_same_file_is_faulted_where_they_are_used() -> None:
    """The joker-and-no-trump game under EGN's defaults (no joker, no no-trump): the `n` call is B212 and
    each B is a card of no deck (D101), at the call and at the cards."""
    source = json.loads(load("joker-no-trump"))
    source["metadata"]["ruleset"] = {"std": False, "num_deals": 1, "four_trick_tokens": True}
    text = json.dumps(source, indent=2)
    (result,) = audit(read_egn_games(text))
    found = [(f.code.code, f.pos.line) for f in result.all_findings()]
    n_line = next(i for i, line in enumerate(text.splitlines(), 1) if '"n"' in line)
    b_lines = [i for i, line in enumerate(text.splitlines(), 1) if '"B"' in line]
    assert ("B212", n_line) in found
    assert [line for code, line in found if code == "D101"] == b_lines  # dealt to S, and played in trick 2


def test_farmers_reads_the_kitty_exchange_as_a_farmers_hand() -> None:
    source = json.loads(load("go-under"))
    source["metadata"]["ruleset"] = {"std": False, "farmers": True, "num_deals": 1}
    (game,) = read_egn_games(json.dumps(source))
    assert game.hands[0].exchanges[0].kind is ExchangeKind.FARMER
    (result,) = audit([game])
    assert result.all_findings() == [] and result.computed == (1, 0)
