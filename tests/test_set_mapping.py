"""A mapping on --set and in a game's [Set] tag, as YAML's flow syntax writes it.

Seed 003 lines 64-66 score the tableau game by tricks: "If declarer takes 7 tricks she scores 1 point,
10 tricks score 2 points and all 13 tricks scores 4 points", the key ``scoring.by_tricks`` as
``{7: 1, 10: 2, 13: 4}``.  A club that scores other tables by tricks sets it on the command line.
"""

from __future__ import annotations

import io

import pytest

from auditor.cli import main
from auditor.rules.loader import RulesetError, load_ruleset, parse_override
from conftest import audit_text
from test_simulate_variations import audited_clean, generate

SEED_003 = "scoring.by_tricks={7:1,10:2,13:4}"
TABLEAU = ["table.seats=[N, S]", "table.sides=each", "deck.ranks=[7, 8, 9, T, J, Q, K, A]", "deck.tableau=4",
           "deck.kitty=6", "scoring.majority=7"]


@pytest.mark.parametrize("text", [SEED_003, "scoring.by_tricks={7: 1, 10: 2, 13: 4}", "scoring.by_tricks={ 7 : 1 ,10:2, 13:4 }"])
def test_a_mapping_is_read_as_yaml_writes_it(text: str) -> None:
    assert parse_override(text) == {"scoring": {"by_tricks": {7: 1, 10: 2, 13: 4}}}


def test_the_seed_003_table_on_the_command_line() -> None:
    rules = load_ruleset("hoyle", [*TABLEAU, SEED_003])
    assert rules.scoring.by_tricks == {7: 1, 10: 2, 13: 4}
    assert rules.scoring.by_tricks == load_ruleset("two-handed-tableau").scoring.by_tricks
    out, err = io.StringIO(), io.StringIO()
    assert main(["rules", "two-handed-tableau", "--set", "scoring.by_tricks={7:1,10:3,13:4}"], out, err) == 0
    assert "by_tricks:" in out.getvalue() and "'10': 3" in out.getvalue()


def test_a_section_takes_a_mapping_of_its_keys() -> None:
    rules = load_ruleset("hoyle", ["scoring.no_trump={make: 2, march: 3, lone_make: 2, lone_march: 5, euchre: 2, lone_euchre: 3}"])
    assert rules.scoring.no_trump is not None and (rules.scoring.no_trump.march, rules.scoring.no_trump.lone_march) == (3, 5)


def test_a_bad_mapping_is_named_with_its_set() -> None:
    with pytest.raises(RulesetError) as err:
        load_ruleset("hoyle", ["scoring.by_tricks={3: 1, 5: two}"])
    assert err.value.problems == ["--set scoring.by_tricks={3: 1, 5: two}: scoring.by_tricks[5]: "
                                  "Input should be a valid integer, unable to parse string as an integer"]
    with pytest.raises(RulesetError, match="its smallest count is 7, but scoring.majority is 3"):
        load_ruleset("hoyle", [SEED_003])
    with pytest.raises(RulesetError, match="the key 3 is written twice"):
        load_ruleset("hoyle", ["scoring.by_tricks={3:1,3:2}"])


# Makers take four tricks: 1 point in plain hoyle, 2 where the game's [Set] tag scores by tricks.
FOUR_TRICKS = """\
{tag}hand 1 dealer N
up 9S
bid E pass, S order
tricks NS 4 EW 1
score NS 2 EW 0
"""
BY_TRICKS = "scoring.by_tricks={3:1,4:2,5:3}"


def test_the_set_tag_takes_a_mapping() -> None:
    (tagged,) = audit_text(FOUR_TRICKS.format(tag=f'[Set "{BY_TRICKS}"]\n\n'))
    assert tagged.hands[0].points == (2, 0) and tagged.all_findings() == []
    (plain,) = audit_text(FOUR_TRICKS.format(tag=""))
    assert plain.hands[0].points == (1, 0) and [f.code.code for f in plain.all_findings()] == ["P701"]
    (cli,) = audit_text(FOUR_TRICKS.format(tag=""), "hoyle", [BY_TRICKS])
    assert cli.hands[0].points == (2, 0) and cli.all_findings() == []


def test_generated_games_carry_the_mapping_in_their_set_tag() -> None:
    generated = generate("hoyle", (BY_TRICKS,), games=10, seed=2)
    assert f'[Set "{BY_TRICKS}"]' in generated.text
    audited_clean(generated)  # read back from the tag: the simulator's points, hand by hand
    assert any(h.points_won in ((2, 0), (0, 2)) and h.maker is not None and not h.alone
               and max(h.tricks_won) == 4 for s in generated.sims for h in s.hands)
