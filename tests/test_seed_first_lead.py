"""Who leads the first trick at a table of two or three, from seed 003's own words.

Seed 003 line 9: "If a player is going alone, the person to their left leads to the first trick.
Otherwise, the person to the left of the dealer leads to the first trick."  Lines 51-53: "Two or
three players may play using the rules given. Each plays for himself. There is no bonus for 'going
alone' (since players will always be going alone)."  So at a table without partners every maker is
alone, and the player on the maker's left leads.  ``three-handed``, ``two-handed`` and
``two-handed-tableau`` say so (``play.first_lead_alone: loner-left``); with
``--set play.first_lead_alone=dealer-left`` the dealer's left leads instead.
"""

from __future__ import annotations

import io

import pytest

from auditor.cli import main
from auditor.model import HandRecord
from auditor.notation.reader import read_text
from auditor.table import table_of
from auditor.rules.loader import load_ruleset
from conftest import audit_text
from test_simulate_variations import generate

# Three-handed, N deals: E bids first, then W, then N.  W orders clubs; W's left is N (S is nobody),
# the dealer's left is E.  N leads, by line 9 read with lines 51-53.
MAKER_LEFT_LEADS = """\
hand 1 dealer N
deal E: 9D TD QD KD AD  W: JC JS AC KC QC  N: 9H TH JH QH KH
up 9C
bid E pass, W order
discard 9H
trick N:KH E:9D W:JC
trick W:JS N:9C E:TD
trick W:AC N:JH E:QD
trick W:KC N:TH E:KD
trick W:QC N:QH E:AD
score N 0 E 0 W 2
"""

# The same hand led by E, the dealer's left, as if W's partner-less order were not alone.
DEALER_LEFT_LEADS = """\
hand 1 dealer N
deal E: 9D TD QD KD AD  W: JC JS AC KC QC  N: 9H TH JH QH KH
up 9C
bid E pass, W order
discard 9H
trick E:9D W:JC N:KH
trick W:JS N:9C E:TD
trick W:AC N:JH E:QD
trick W:KC N:TH E:KD
trick W:QC N:QH E:AD
score N 0 E 0 W 2
"""

DEALER_LEFT = ["play.first_lead_alone=dealer-left"]


def leaders(text: str, rules: str, overrides: list[str] | None = None) -> list[tuple[str, int | None, str | None]]:
    (game,) = audit_text(text, rules, overrides)
    return [(f.code.code, f.trick, f.seat.name if f.seat is not None else None) for f in game.all_findings()]


def test_three_handed_the_makers_left_leads() -> None:
    assert leaders(MAKER_LEFT_LEADS, "three-handed") == []
    # the dealer's left is a wrong leader, even though the dealer's left is where a partnership game starts
    assert leaders(DEALER_LEFT_LEADS, "three-handed") == [("T401", 1, "E")]


def test_three_handed_under_a_ruleset_where_the_dealers_left_leads() -> None:
    assert leaders(DEALER_LEFT_LEADS, "three-handed", DEALER_LEFT) == []
    assert leaders(MAKER_LEFT_LEADS, "three-handed", DEALER_LEFT) == [("T401", 1, "N")]


# Two-handed, N deals and S (the dealer's left) names hearts: S's left is N, the dealer, who leads.
TWO_HANDED = """\
hand 1 dealer N
deal S: JH JD AH KH 9S  N: 9C TC QC KC AC
up 9D
bid S pass, N pass, S call H
trick {first}
trick S:AH N:TC
trick S:KH N:QC
trick S:JD N:KC
trick S:9S N:AC
score N 0 S 2
"""


def test_two_handed_the_maker_being_the_dealers_left_the_dealer_leads() -> None:
    maker_left = TWO_HANDED.format(first="N:9C S:JH")
    dealer_left = TWO_HANDED.format(first="S:JH N:9C")
    assert leaders(maker_left, "two-handed") == []
    assert leaders(dealer_left, "two-handed") == [("T401", 1, "S")]
    assert leaders(dealer_left, "two-handed", DEALER_LEFT) == []
    assert leaders(maker_left, "two-handed", DEALER_LEFT) == [("T401", 1, "N")]


@pytest.mark.parametrize("name", ["three-handed", "two-handed", "two-handed-tableau"])
def test_the_small_tables_state_the_rule(name: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["rules", name], out, err) == 0
    assert "first_lead_alone: loner-left" in out.getvalue()
    assert load_ruleset(name).play.first_lead_for(False, False).value == "loner-left"


@pytest.mark.parametrize("name", ["three-handed", "two-handed", "two-handed-tableau"])
@pytest.mark.parametrize("overrides", [(), tuple(DEALER_LEFT)])
def test_generated_games_are_led_as_the_ruleset_says(name: str, overrides: tuple[str, ...]) -> None:
    """The simulator plays the rule (the property tests of the small tables audit its games clean)."""
    generated = generate(name, overrides, games=4, seed=11)
    table = table_of(load_ruleset(name, list(overrides)))
    hands = [h for g in read_text(generated.text) for h in g.hands if isinstance(h, HandRecord) and h.tricks]
    makers = [next(c.seat for c in h.calls if c.kind.value != "pass") for h in hands]
    first = [h.tricks[0].plays[0].seat for h in hands]
    if overrides:
        assert first == [table.left[h.dealer] for h in hands]
    else:
        assert first == [table.left[m] for m in makers]
    assert any(table.left[m] is not table.left[h.dealer] for h, m in zip(hands, makers))  # the rules differ here
    games = audit_text(generated.text)
    assert [f.code.code for g in games for f in g.all_findings()] == []
