"""The drinking rules of seed 000 ("How To Drink", rules 1-8), counted per hand and per game.

Every expected number is worked out by hand below from the seed's sentences,
rule by rule, for hands written for the purpose.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from auditor.cli import main
from auditor.drinks import totals
from auditor.results import GameResult
from auditor.rules.loader import load_ruleset
from auditor.rules.schema import DrinkRules
from conftest import audit_text
from test_rulesets_verdicts import CALLED_RENEGE


def _game(text: str, overrides: list[str] | None = None) -> GameResult:
    (game,) = audit_text(text, "drinking", overrides)
    assert game.drinks is not None
    return game


def _by_rule(game: GameResult, seat: str) -> Counter[int]:
    """Drinks of one seat per rule number (the reason starts with "rule N:")."""
    assert game.drinks is not None
    out: Counter[int] = Counter()
    for _, reason, count in game.drinks[seat]:
        out[int(reason.split(":")[0].removeprefix("rule "))] += count
    return out


def test_the_drinking_ruleset_states_the_eight_rules() -> None:
    """Seed 000, rules 1-8, with the numbers the seed gives."""
    drinks = load_ruleset("drinking").drinks
    assert drinks == DrinkRules(
        trump_caller_others=1,  # 1. "every player except you drinks"
        trick_lost=1,  # 2. "the losing team has to drink"
        per_point_conceded=1,  # 3. "scores 2 points ... each must drink two times"
        failed_to_follow=1,  # 4. "Take one drink if you cannot 'Follow Suit'!"
        renege_per_point=4,  # 5. "drink 4 times for each point"
        renege_extra=1,  # 5. "one extra time for the 'Renege' you caused"
        up_card_turned_down=1,  # 6. "everyone drinks"
        euchred=4,  # 7. "must drink 4 times"
        lone_partner=1,  # 8. "the Lone Hand's teammate has to take a drink"
        lone_extra=1,  # 8. "Add 1 extra drink!"
        lone_success_extra=1,  # 8. "drinks one extra time"
        lone_failure=5,  # 8. "the Lone Hand drinks 5 times"
    )
    documented = " ".join(f.description or "" for f in DrinkRules.model_fields.values())
    for rule in range(1, 9):
        assert f"Rule {rule}:" in documented


def test_called_renege_hand() -> None:
    """A hand with a called renege, every rule that applies counted from the seed.

    S orders spades (round 1, so rule 6 does not apply).  NS lose tricks 1 and 2,
    EW lose tricks 3, 4 and 5.  W reneged in trick 1 and it was called: NS score 4.
    """
    game = _game(CALLED_RENEGE)
    expected = {
        # 1. "If you chose the Trump card every player except you drinks."
        "N": {1: 1, 2: 2, 4: 3},  # 2. lost tricks 1, 2; 4. off suit in tricks 1 (TD), 2 (QD), 3 (9S)
        "S": {2: 2, 4: 3},  # the maker: no rule 1; off suit in tricks 1 (AD), 2 (KD), 3 (JS)
        # 3. "a team scores 2 points ... The players on the opposing team each must drink two times": 4
        # 5. "drink 4 times for each point the opposite team gets for the 'Renege'": 4 x 4 = 16
        "E": {1: 1, 2: 3, 3: 4, 4: 2, 5: 16},  # off suit in tricks 4 (9C) and 5 (TC)
        # 5. "you must also drink one extra time for the 'Renege' you caused": W, 16 + 1
        # 4. "Take one drink if you cannot 'Follow Suit'!": W off suit in tricks 4 (KC) and 5 (QC); in trick 1
        # W played AC holding a diamond: W could follow, so that card is the renege's (rule 5), not rule 4's
        "W": {1: 1, 2: 3, 3: 4, 4: 2, 5: 17},
    }
    for seat, rules in expected.items():
        assert dict(_by_rule(game, seat)) == rules, seat
    assert game.drinks is not None
    assert totals(game.drinks) == {"N": 6, "S": 5, "E": 26, "W": 27}


LONE_EUCHRE = """\
hand 1 dealer N
up 9H
bid E pass, S pass, W pass, N pass, E call S alone
tricks NS 3 EW 2
score NS 2 EW 0
"""


def test_lone_hand_euchred() -> None:
    """Rules 6, 1, 2, 3, 7 and 8 on a lone hand that fails.

    "Drink every single time you have to flip the kitty card face down. Yes, everyone
    drinks!": all four passed in round 1.  E names spades alone and takes 2 of 5.
    "every time a Lone Hand has to drink. Add 1 extra drink!" and "If the Lone Hand
    loses, then the Lone Hand drinks 5 times."
    """
    game = _game(LONE_EUCHRE)
    assert dict(_by_rule(game, "N")) == {6: 1, 1: 1, 2: 2}  # NS lost 2 tricks
    assert dict(_by_rule(game, "S")) == {6: 1, 1: 1, 2: 2}
    # W: partner of the lone hand (8: 1), lost 3 tricks (2: 3), NS scored 2 (3: 2), euchred (7: 4)
    assert dict(_by_rule(game, "W")) == {6: 1, 1: 1, 8: 1, 2: 3, 3: 2, 7: 4}
    # E: no rule 1 (E made trump); 3 lost tricks + 1 extra each (2: 6); 2 points + 1 extra (3: 3); 5 for losing
    assert dict(_by_rule(game, "E")) == {6: 1, 2: 6, 3: 3, 8: 5}
    assert game.drinks is not None
    assert totals(game.drinks) == {"N": 4, "S": 4, "E": 15, "W": 12}


def test_lone_hand_made() -> None:
    """Rule 8: "If the Lone Hand wins 3 or 4 out of the 5 tricks. The opposing team drinks one extra time."."""
    text = "hand 1 dealer E\nup 9H\nbid S order alone\ntricks NS 4 EW 1\nscore NS 1 EW 0\n"
    game = _game(text)
    assert dict(_by_rule(game, "S")) == {2: 2}  # lost 1 trick, + 1 for playing alone
    assert dict(_by_rule(game, "N")) == {1: 1, 8: 1, 2: 1}  # S made trump; partner went alone; NS lost 1
    for seat in ("E", "W"):  # S made trump; lost 4 tricks; NS scored 1; the lone hand was made
        assert dict(_by_rule(game, seat)) == {1: 1, 2: 4, 3: 1, 8: 1}


def test_the_numbers_are_read_from_the_ruleset() -> None:
    """Drinking rules are data: a house that drinks twice for a euchre says so in YAML."""
    plain, doubled = _game(LONE_EUCHRE), _game(LONE_EUCHRE, ["drinks.euchred=8", "drinks.lone_failure=9"])
    assert _by_rule(doubled, "W")[7] == 2 * _by_rule(plain, "W")[7] == 8
    assert _by_rule(doubled, "E")[8] == 9


def test_no_drinks_without_drinking_rules() -> None:
    (game,) = audit_text(CALLED_RENEGE, "hoyle")
    assert game.drinks is None


def test_a_hand_after_the_game_counts_no_drinks() -> None:
    text = "hand 1 dealer N\nup 9H\nbid E pass, S order\ntricks NS 5 EW 0\nscore NS 2 EW 0\n\n"
    text += "hand 2 dealer E\nup 9D\nbid S order\ntricks NS 5 EW 0\nscore NS 4 EW 0\n"
    game = _game(text, ["target=2"])
    assert game.won_in_hand == 1
    assert game.drinks is not None
    assert {hand for entries in game.drinks.values() for hand, _, _ in entries} == {1}


def test_the_reports_show_drinks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "night.txt"
    path.write_text('[North "Alice"]\n[East "Bob"]\n[South "Carol"]\n[West "Dan"]\n[Rules "drinking"]\n\n' + CALLED_RENEGE, encoding="utf-8")
    main([str(path), "--format", "json"])
    (game,) = json.loads(capsys.readouterr().out)["games"]
    assert sum(count for _, _, count in game["drinks"]["W"]) == 27
    main([str(path)])
    text = capsys.readouterr().out
    assert "Drinks owed under this ruleset's drinking rules:" in text
    assert "W (Dan): 27" in text and "E (Bob): 26" in text
    assert "game total: N (Alice) 6, E (Bob) 26, S (Carol) 5, W (Dan) 27" in text
    assert "!" not in text.split("Drinks owed")[1]  # sober wording
