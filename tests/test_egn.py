"""Reading EGN: positions, the ruleset object, and refusing what is not EGN."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest

from auditor.audit import RulesetChooser, audit_games
from auditor.cli import main
from auditor.egn.jsonpos import JsonError, parse
from auditor.egn.reader import EgnError, read_egn_games
from auditor.rules.schema import FirstLead

# N deals; E, S, W pass, N (the dealer) orders up clubs; the deal as written in the specification's example
GAME: dict[str, Any] = {
    "fileType": "Euchre Game Notation",
    "version": "1.4",
    "metadata": {
        "title": "Test",
        "players": ["Ann", "Bob", "Cid", "Dee"],
        "initialScore": [0, 0],
        "ruleset": {"std": True, "canadian": False, "loner_lead": "LEFT_OF_DEALER"},
    },
    "deals": [{
        "dealNumber": 0,
        "initialState": {"dealer": 0, "upCard": "Ad",
                         "playerCards": [["Td", "Ks", "Kh", "Tc", "Jh"], ["Kd", "Qs", "Th", "9c", "Qd"],
                                         ["Jd", "Jc", "As", "9h", "Ac"], ["Qc", "Js", "Qh", "Kc", "Ts"]]},
        "phases": [
            {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass", "Pass", "Pass", "Order"], "isAlone": False, "discard": "Tc"},
            {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": [
                ["Kd", "Jd", "Kc", "Jh"], ["As", "Js", "Ks", "Qs"], ["9h", "Qh", "Kh", "Th"],
                ["Ad", "Qd", "Jc", "Ts"], ["Td", "9c", "Ac", "Qc"]]},
        ],
    }],
}


def egn(**changes: Any) -> dict[str, Any]:
    game = copy.deepcopy(GAME)
    for path, value in changes.items():
        target = game
        keys = path.split("__")
        for key in keys[:-1]:
            target = target[int(key)] if key.isdigit() else target[key]
        target[int(keys[-1]) if keys[-1].isdigit() else keys[-1]] = value
    return game


def text_of(game: dict[str, Any]) -> str:
    return json.dumps(game, indent=2)


def audit(text: str) -> list:
    return list(audit_games(iter(read_egn_games(text, "t.egn")), RulesetChooser()))


def where(text: str, needle: str, occurrence: int = 0) -> tuple[int, int]:
    """Line and column (from 1) of the opening quote of the ``occurrence``-th ``needle``."""
    at = -1
    for _ in range(occurrence + 1):
        at = text.index(f'"{needle}"', at + 1)
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def test_calls_and_cards_keep_their_line_and_column() -> None:
    text = text_of(GAME)
    (game,) = read_egn_games(text)
    hand = game.hands[0]
    assert (hand.calls[3].pos.line, hand.calls[3].pos.column) == where(text, "Order")
    play = hand.tricks[1].plays[2]
    assert str(play.card) == "KS" and play.seat is None
    assert (play.pos.line, play.pos.column) == where(text, "Ks", 1)  # the first "Ks" is N's dealt card
    assert [t.name for t in game.tags][:5] == ["Event", "North", "East", "South", "West"]


def test_a_clean_game_audits_clean_and_a_renege_points_at_the_card() -> None:
    (result,) = audit(text_of(GAME))
    assert [f.code.code for f in result.all_findings()] == ["G805"]  # one deal: the game goes on
    # E holds QD and plays 9C on the diamond lead of trick 4 (swap E's cards of tricks 4 and 5)
    bad = egn(deals__0__phases__1__tricks__3=["Ad", "9c", "Jc", "Ts"], deals__0__phases__1__tricks__4=["Td", "Qd", "Ac", "Qc"])
    text = text_of(bad)
    (result,) = audit(text)
    (renege,) = [f for f in result.all_findings() if f.code.code == "R501"]
    assert (renege.hand, renege.trick, renege.seat.name) == (0, 4, "E")
    assert (renege.pos.line, renege.pos.column) == where(text, "9c", 1)


def rules_of(game: dict[str, Any]):  # type: ignore[no-untyped-def]
    (record,) = read_egn_games(text_of(game))
    return RulesetChooser().for_game(record), record


def test_the_ruleset_object_maps_onto_our_keys() -> None:
    rules, record = rules_of(egn(metadata__ruleset={
        "std": False, "loner_lead": "LEFT_OF_LONER", "winning_score": 7,
        "loner_march_score": 5, "loner_euchred_score": 3, "min_rank": 7}))
    assert rules.bidding.stick_the_dealer is False
    assert rules.play.first_lead_alone is FirstLead.LONER_LEFT
    assert (rules.game.target, rules.scoring.lone_march, rules.scoring.lone_euchre) == (7, 5, 3)
    assert [r.value for r in rules.deck.ranks] == ["7", "8", "9", "T", "J", "Q", "K", "A"]
    assert record.notes == []
    rules, _ = rules_of(egn(metadata__ruleset={}))  # EGN's defaults: stick the dealer, dealer's left leads
    assert rules.bidding.stick_the_dealer is True
    assert rules.play.first_lead_alone is FirstLead.DEALER_LEFT


def test_a_key_that_cannot_be_honoured_is_a_note_shown_once(tmp_path: Path) -> None:
    game = egn(metadata__ruleset={"num_players": 5, "num_deals": 8, "winning_score": 10, "joker": True, "farmers": True})
    path = tmp_path / "g.egn"
    path.write_text(text_of(game), encoding="utf-8")
    out = io.StringIO()
    main([str(path), "--format", "json"], out, io.StringIO())
    data = json.loads(out.getvalue())
    notes = data["games"][0]["notes"]
    assert len([n for n in notes if "num_players" in n]) == 1
    assert any("winning_score: 10 and num_deals: 8 are both set" in n for n in notes)
    assert not any("joker" in n or "farmers" in n for n in notes)  # EGN's house rules are honoured now
    assert [f["code"] for f in data["findings"]].count("G806") == 2
    out = io.StringIO()
    main([str(path)], out, io.StringIO())
    assert len([line for line in out.getvalue().splitlines() if "num_players" in line]) == 1


def test_a_winning_score_ends_the_game_there() -> None:
    (result,) = audit(text_of(egn(metadata__ruleset={"winning_score": 2}, metadata__initialScore=[1, 0])))
    assert result.winner is not None and result.winner.value == "NS" and result.won_in_hand == 0
    assert [f.code.code for f in result.all_findings()] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[1, 2]", "1:1: not an EGN file: the file holds an array"),
        ('{"fileType": "Euchre Layout Template"}', "1:14: not an EGN file: fileType is 'Euchre Layout Template'"),
        ("{\n  \"fileType\": \"Euchre Game Notation\",\n  oops\n}", "3:3: not valid JSON"),
        ('{"a": 1} 2', "1:10: not valid JSON: unexpected text after the JSON value"),
        ("[" * 100 + "]" * 100, "not valid JSON: values nested more than 64 deep"),
    ],
)
def test_what_is_not_egn_is_refused_with_its_position(text: str, expected: str) -> None:
    with pytest.raises(EgnError) as caught:
        read_egn_games(text, "x.egn")
    assert f"x.egn:{expected}" in str(caught.value) or expected in str(caught.value)


@pytest.mark.parametrize(
    ("change", "needle", "message"),
    [
        ({"deals__0__phases__1__tricks__0__1": "Zz"}, "Zz", "'Zz' is not an EGN card"),
        ({"deals__0__phases__0__calls__2": "Double"}, "Double", "'Double' is not an EGN call"),
        ({"metadata__initialScore": ["0", 0]}, "0", "must be a whole number"),
    ],
)
def test_a_schema_violation_names_its_place(change: dict[str, Any], needle: str, message: str) -> None:
    text = text_of(egn(**change))
    with pytest.raises(EgnError) as caught:
        read_egn_games(text, "x.egn")
    line, column = where(text, needle)
    assert f"x.egn:{line}:{column}:" in str(caught.value) and message in str(caught.value)


def test_sizes_are_bounded() -> None:
    game = egn()
    game["deals"] = game["deals"] * 101
    with pytest.raises(EgnError, match="at most 100"):
        read_egn_games(text_of(game))
    with pytest.raises(EgnError, match="metadata.players"):
        read_egn_games(text_of(egn(metadata__players=["p"] * 11)))


def test_a_joker_in_a_game_without_one_is_a_card_of_no_deck_and_the_rest_goes_on() -> None:
    game = egn()
    game["deals"].append(copy.deepcopy(game["deals"][0]))
    game["deals"][0]["phases"][1]["tricks"][0][0] = "B"  # the joker, in a ruleset without it
    game["deals"][1]["dealNumber"] = 1
    game["deals"][1]["initialState"]["dealer"] = 1
    (result,) = audit(text_of(game))
    first = result.all_findings()[0]
    assert first.code.code == "D101" and "JK, a card the deck of this ruleset does not have" in first.message
    assert len(result.hands) == 2


def test_detection_by_content_and_by_name(tmp_path: Path) -> None:
    by_content = tmp_path / "game.record"
    by_content.write_text(text_of(GAME), encoding="utf-8")
    out = io.StringIO()
    assert main([str(by_content), "--format", "json"], out, io.StringIO()) == 0
    assert json.loads(out.getvalue())["games"][0]["tags"]["North"] == "Ann"
    by_name = tmp_path / "empty.emn"
    by_name.write_text("", encoding="utf-8")
    err = io.StringIO()
    assert main([str(by_name)], io.StringIO(), err) == 2 and "not valid JSON" in err.getvalue()


def test_the_json_scanner_matches_the_standard_library() -> None:
    text = json.dumps({"a": [1, -2.5e3, True, None, "\u00e9\\\"x"], "b": {"c": []}}, indent=1)
    assert parse(text).plain() == json.loads(text)
    with pytest.raises(JsonError):
        parse('{"a": 1, "a": 2}')  # a key written twice is refused, not silently overwritten


def test_content_decides_the_format_not_the_name(tmp_path) -> None:
    """The text notation in a file named .egn is read as the notation."""
    from auditor.sources import open_games
    from conftest import SAMPLES

    path = tmp_path / "named-wrongly.egn"
    path.write_text((SAMPLES / "club-night.txt").read_text(encoding="utf-8"), encoding="utf-8")
    (game,) = list(open_games(path))
    assert game.tag("Event") == "Legion Hall Tuesday Euchre" and len(game.hands) == 5


def test_a_text_file_opening_with_a_tag_is_text(tmp_path) -> None:
    """`[Event "..."]` starts with a bracket but is the notation, whatever the file's name."""
    from auditor.sources import open_games

    for name in ("tags-first.txt", "tags-first.json"):
        path = tmp_path / name
        path.write_text('[Event "Club"]\nhand 1 dealer N\n', encoding="utf-8")
        (game,) = list(open_games(path))
        assert game.tag("Event") == "Club"
