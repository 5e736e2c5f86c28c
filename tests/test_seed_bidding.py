"""Bidding and dealing rules as the seeds write them, each audited under a ruleset that has the rule
and one that does not."""

from __future__ import annotations

import pytest

from auditor.model import CallKind, HandRecord
from auditor.notation.reader import read_text
from auditor.table import FOUR
from conftest import audit_text
from test_simulate_variations import generate
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


# ----------------------------------------------------------------------------- stealing the deal
# Seed 002 line 19: "Some people will play a variant that involves 'stealing the deal.' This happens when the
# partner of the person who dealt the last hand picks up the cards and starts shuffling. The player can have
# successfully stolen the deal if the opponents do not notice or complain".  `redeal` (seed 002) lets a steal
# stand (deal.stealing); `hoyle` does not.
def dealt(*dealers: str) -> str:
    """Hands dealt by ``dealers`` in turn, each made by the dealer's left in round 1."""
    return "\n".join(f"hand {n} dealer {d}\nup 9H\nbid {'ESWN'['NESW'.index(d)]} order\n" for n, d in enumerate(dealers, 1))


def deal_findings(text: str, rules: str) -> list[tuple[str, int | None, str | None, str]]:
    (game,) = audit_text(text, rules)
    return [(f.code.code, f.hand, f.seat.name if f.seat is not None else None, f.level.value) for f in game.all_findings()]


def test_the_last_dealers_partner_steals_the_deal() -> None:
    # N deals, then S (N's partner) where it was E's turn; the deal goes on from S: W deals hand 3
    assert deal_findings(dealt("N", "S", "W"), "redeal") == [("D114", 2, "S", "warning")]
    assert deal_findings(dealt("N", "S", "W"), "hoyle") == [("D105", 2, "S", "error")]


def test_other_deals_out_of_rotation_keep_their_error_in_seed_002() -> None:
    # W after N: an opponent of the last dealer, not their partner; N twice: not a partner at all
    assert deal_findings(dealt("N", "W"), "redeal") == [("D105", 2, "W", "error")]
    assert deal_findings(dealt("N", "N"), "redeal") == [("D105", 2, "N", "error")]


def test_after_a_seed_002_misdeal_the_next_player_is_out_of_rotation_and_the_partner_steals() -> None:
    # seed 002 line 33: all pass in round 2, "the dealer shuffles and deals again"
    misdeal = "hand 1 dealer N\nup 9H\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass\n\n"
    next_player = misdeal + "hand 2 dealer E\nup 9S\nbid S order\n"
    partner = misdeal + "hand 2 dealer S\nup 9S\nbid W order\n"
    assert deal_findings(next_player, "redeal") == [("D105", 2, "E", "error")]
    assert deal_findings(partner, "redeal") == [("D114", 2, "S", "warning")]


@pytest.mark.parametrize("rules", ["redeal", "australian"])
def test_generated_seed_002_games_steal_the_deal_and_the_audit_finds_each_steal(rules: str) -> None:
    generated = generate(rules, games=12, seed=4, errors=0.3)
    steals = [e for e in generated.log if e["kind"] == "steal"]
    assert steals and all(e["code"] == "D114" for e in steals)
    games = audit_text(generated.text)
    found = sorted((f.game, f.hand, f.seat.name if f.seat is not None else None, f.code.code, f.pos.line)
                   for g in games for f in g.all_findings())
    assert found == sorted((e["game"], e["hand"], e["seat"], e["code"], e["line"]) for e in generated.log)
    for game, sim in zip(games, generated.sims, strict=True):
        stolen = {e["hand"] for e in steals if e["game"] == sim.number}
        for before, hand in zip(sim.hands, sim.hands[1:]):
            assert (hand.dealer is FOUR.partner[before.dealer]) is (hand.number in stolen)


def test_without_stealing_the_simulator_never_steals() -> None:
    generated = generate("hoyle", games=12, seed=4, errors=0.3)
    assert "steal" not in {e["kind"] for e in generated.log}


# ----------------------------------------------------------------------------- naming the turned-down suit
# Seed 002 line 31: "Once all the players have passed once, the dealer can then ask the player on the left to
# pick a trump suit. That player can do so or pass." -- no suit is excluded.  Seed 003 line 8: "In this round
# a player may pass or name a suit other than the one that was turned up."
TURNED_DOWN_NAMED = "hand 1 dealer N\nup 9H\nbid E pass, S pass, W pass, N pass, E call H\n"


@pytest.mark.parametrize("rules", ["redeal", "stick-the-dealer", "euchre32", "australian", "australian-win-by-2"])
def test_seed_002_lets_the_turned_down_suit_be_named(rules: str) -> None:
    assert codes(TURNED_DOWN_NAMED, rules) == []


@pytest.mark.parametrize("rules", ["hoyle", "bicycle", "casual", "drinking"])
def test_the_other_seeds_forbid_it(rules: str) -> None:
    assert codes(TURNED_DOWN_NAMED, rules) == ["B205"]


def test_generated_seed_002_games_name_the_turned_down_suit() -> None:
    generated = generate("redeal", games=40, seed=7)
    hands = [h for g in read_text(generated.text) for h in g.hands if isinstance(h, HandRecord)]
    named = [h for h in hands for c in h.calls
             if c.kind is CallKind.CALL and h.up is not None and c.suit is h.up.suit]
    assert len(named) >= 3
    assert [f.code.code for g in audit_text(generated.text) for f in g.all_findings()] == []
