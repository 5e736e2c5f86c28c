"""EGN's alternate rules in generated games: going under, partner's best, the fast break, four-trick
tokens and a game of a number of deals.

For each rule: games generated under a ruleset that turns it on contain it, audit clean under their
own tags and score as the simulator scored them (the simulator scores by its own reading of the rule
texts, not by the auditor's replay); games generated under a ruleset without it never contain it.
"""

from __future__ import annotations

from auditor.cards import Team
from test_simulate_variations import audited_clean, generate

DEALS = ("game.target=0", "game.deals=4")


# ----------------------------------------------------------------------------- a game of a number of deals
def test_a_game_of_a_number_of_deals_ends_after_them_and_may_be_a_tie() -> None:
    generated = generate("hoyle", DEALS, games=60, seed=21)
    games = audited_clean(generated)
    assert all(len(sim.hands) == 4 for sim in generated.sims)  # every deal counts, a thrown-in one too
    ties = [sim for sim in generated.sims if sim.tie]
    assert ties and all(sim.winner is None and sim.score_ns == sim.score_ew for sim in ties)
    won = [sim for sim in generated.sims if not sim.tie]
    assert won and all(sim.winner is (Team.NS if sim.score_ns > sim.score_ew else Team.EW) for sim in won)
    assert all(g.won_in_hand == 4 for g in games)
    # a game to a target never ends in a tie, and lasts as long as it takes
    plain = generate("hoyle", games=20, seed=21)
    audited_clean(plain)
    assert not any(sim.tie for sim in plain.sims) and len({len(sim.hands) for sim in plain.sims}) > 3
