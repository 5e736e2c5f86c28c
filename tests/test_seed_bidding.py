"""Bidding and dealing rules as the seeds write them, each audited under a ruleset that has the rule
and one that does not."""

from __future__ import annotations

from conftest import audit_text
from test_defend_alone import DEFEND, LONE_AGAINST_LONE, LONE_DEFENDER_EUCHRES, ONLY_AGAINST_LONE, points


def codes(text: str, rules: str = "hoyle", overrides: list[str] | None = None) -> list[str]:
    (game,) = audit_text(text, rules, overrides)
    return [f.code.code for f in game.all_findings()]


# ----------------------------------------------------------------------------- defending alone
# Seed 003 lines 32-35: "Either defender may declare that they are defending alone after the declarer
# has been decided. If the lone defender euchres the declarer the defending team gets 4 points instead
# of 2. (Some play that you may only defend alone against a lone declarer.)"
# In LONE_DEFENDER_EUCHRES N orders diamonds with S beside him, E defends alone and takes all five.


def test_a_lone_defence_against_a_maker_with_a_partner_scores_nothing_of_its_own_where_it_is_not_allowed() -> None:
    # "only ... against a lone declarer": N was not alone, so E's declaration is B209, and the hand scores as
    # if nobody had defended alone: a plain euchre, 2
    assert codes(LONE_DEFENDER_EUCHRES, overrides=ONLY_AGAINST_LONE) == ["B209"]
    assert points(LONE_DEFENDER_EUCHRES, ONLY_AGAINST_LONE) == (0, 2)
    # the same as where no lone defence is allowed at all
    assert codes(LONE_DEFENDER_EUCHRES) == ["B209"]
    assert points(LONE_DEFENDER_EUCHRES) == (0, 2)


def test_where_any_maker_may_be_defended_alone_the_lone_defence_scores_four() -> None:
    assert codes(LONE_DEFENDER_EUCHRES, overrides=DEFEND) == []
    assert points(LONE_DEFENDER_EUCHRES, DEFEND) == (0, 4)  # "4 points instead of 2"


def test_against_a_lone_declarer_the_lone_defence_scores_four_under_both() -> None:
    for rules in (DEFEND, ONLY_AGAINST_LONE):
        assert codes(LONE_AGAINST_LONE, overrides=rules) == []
        assert points(LONE_AGAINST_LONE, rules) == (4, 0)
