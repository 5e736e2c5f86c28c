"""Properties of the standings over generated progressive nights (``euchre-audit simulate --tables --rounds``).

- Whenever the audit finds no scoring-relevant error, the standings from the sheets are the standings
  from the corrected scores: every figure and every place.
- Whatever the sheets say, each player's corrections add up to the difference, and each rests on a
  scoring-relevant finding at its hand; a player whose games won or tied changed is told by which correction.
- A player's games are the rounds they were seated in; the points credited are the games' points,
  each side's to both its players.
"""

from __future__ import annotations

import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auditor.rules.loader import load_ruleset
from auditor.rules.standings_rules import RankBy, StandingsRules, TieBreak
from auditor.simulate import write_games
from auditor.simulate.night import seatings, night_players, simulate_night
from auditor.standings.box import player_games, scoring_relevant
from auditor.standings.build import standings
from auditor.standings.compute import frame
from conftest import audit_text

RULES = load_ruleset("progressive")


def night(seed: int, tables: int, rounds: int, players: int, errors: float, called: float) -> str:
    out = io.StringIO()
    write_games(simulate_night(RULES, tables, rounds, players, seed, errors, "progressive", called=called), out)
    return out.getvalue()


rules_strategy = st.builds(
    StandingsRules,
    rank_by=st.sampled_from(list(RankBy)),
    tie_break=st.lists(st.sampled_from(list(TieBreak)), unique=True, max_size=3),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 100_000),
    tables=st.integers(1, 2),
    rounds=st.integers(1, 3),
    extra=st.integers(0, 2),
    errors=st.sampled_from([0.0, 0.0, 0.1, 0.3]),
    called=st.sampled_from([0.0, 0.5]),
    ranking=rules_strategy,
)
def test_the_sheets_stand_unless_the_audit_finds_a_scoring_error(seed: int, tables: int, rounds: int, extra: int,
                                                                  errors: float, called: float, ranking: StandingsRules) -> None:
    players = 4 * tables + extra
    games = audit_text(night(seed, tables, rounds, players, errors, called))
    table = standings(frame(line for g in games for line in player_games("night", g)), "player", ranking)
    relevant = {(g.index, f.hand) for g in games for f in g.all_findings() if scoring_relevant(f)}
    for line in table.lines:
        own = [c for c in line.changes if c.against is None]  # the others are the other side's (a result changed)
        assert sum(c.delta for c in own) == line.corrected.points - line.sheet.points, line
        assert all(c.codes for c in line.changes), line  # every correction names the findings behind it
        if (line.corrected.won, line.corrected.tied) != (line.sheet.won, line.sheet.tied):
            assert line.changes, line  # a game's result changed: by a correction of this side's or the other's
    if not relevant:
        for line in table.lines:
            assert line.corrected == line.sheet and not line.changes, line
            assert (line.place, line.shared) == (line.sheet_place, line.sheet_shared), line

    # who played: every seated player once a round, the others sat out
    seated = seatings(night_players(players), tables, rounds, seed)
    expected = {name: sum(name in s.players for s in seated) for name in night_players(players)}
    assert {line.name: line.games for line in table.lines} == {n: g for n, g in expected.items() if g}
    assert {line.name: len(line.sat_out) for line in table.lines} == {n: rounds - g for n, g in expected.items() if g}
    # each game's points go to both players of each side
    assert sum(line.corrected.points for line in table.lines) == 2 * sum(g.computed[0] + g.computed[1] for g in games)


def test_a_night_with_wrong_sheet_entries_is_corrected_and_says_where() -> None:
    """The other side of the property: injected score errors (P701) move points, and each is named."""
    games = audit_text(night(seed=5, tables=2, rounds=3, players=9, errors=0.3, called=0.0))
    table = standings(frame(line for g in games for line in player_games("night", g)), "player", RULES.standings)
    wrong = {(g.index, f.hand) for g in games for f in g.all_findings() if f.code.code == "P701"}
    assert wrong
    changed = [line for line in table.lines if line.changes]
    assert changed and all(line.corrected.points - line.sheet.points == sum(c.delta for c in line.changes if c.against is None)
                           for line in changed)
    assert {c.codes for line in changed for c in line.changes} <= {("P701",), ("G801", "P701")}
