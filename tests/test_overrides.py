"""--set and a game's [Set] tag share one parser: the same spellings work in both."""

from __future__ import annotations

import pytest

from auditor.egn.rules import apply_overrides as set_tag_overrides
from auditor.rules.loader import RulesetError, load_ruleset, parse_override
from conftest import audit_text


def test_a_list_of_ranks_is_accepted_on_the_command_line() -> None:
    rules = load_ruleset("hoyle", ["deck.ranks=[7, 8, 9, T, J, Q, K, A]"])
    assert [r.value for r in rules.deck.ranks] == ["7", "8", "9", "T", "J", "Q", "K", "A"]


def test_target_shorthand_and_dotted_keys() -> None:
    assert parse_override("target=7") == {"game": {"target": 7}}
    assert parse_override("scoring.lone_euchre=4") == {"scoring": {"lone_euchre": 4}}


@pytest.mark.parametrize("bad", ["noequals", "=3", "scoring..euchre=2", "scoring.euchre={a: [1, {b: 2}]}", "deck.ranks=[true]",
                                 "scoring.by_tricks={7:1, 7:2}"])
def test_malformed_overrides_are_refused(bad: str) -> None:
    with pytest.raises(RulesetError):
        parse_override(bad)


def test_set_tag_and_command_line_agree() -> None:
    hoyle = load_ruleset("hoyle")
    assert set_tag_overrides(hoyle, ["target=7"]) == load_ruleset("hoyle", ["target=7"])
    with pytest.raises(ValueError, match="unknown key"):
        set_tag_overrides(hoyle, ["scoring.nonsense=1"])


def test_set_tag_changes_the_verdict() -> None:
    """A lone euchre worth 4 by the game's own [Set] tag."""
    game = (
        '[Set "scoring.lone_euchre=4"]\nhand 1 dealer N\n'
        "bid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N call S alone\n"
        "tricks NS 2 EW 3\nscore NS 0 EW 2\n"
    )
    (result,) = audit_text(game)
    assert result.computed == (0, 4)
    assert [f.code.code for f in result.all_findings()] == ["P701"]
