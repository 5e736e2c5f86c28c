"""Loading rulesets: bundled files, extends, --set, the Rules tag, and clear errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from pydantic import BaseModel

from auditor.cli import main
from auditor.resources import bundled_rulesets
from auditor.rules.loader import RulesetError, load_ruleset
from auditor.rules.schema import FirstLead, Ruleset
from conftest import LONER_ON_DEALERS_LEFT_LEADS, ROOT, SAMPLES

BUNDLED_SEEDS = {
    "hoyle": "003_207a972666234653.txt",
    "bicycle": "004_add2f406510e158d.txt",
    "drinking": "000_831a3438ac97385b.txt",
    "casual": "001_3e49d8df45e5b70b.txt",
    "stick-the-dealer": "002_dfb857b9540d2836.txt",
    "redeal": "002_dfb857b9540d2836.txt",
    "euchre32": "002_dfb857b9540d2836.txt",
    "australian": "002_dfb857b9540d2836.txt",
    "australian-win-by-2": "002_dfb857b9540d2836.txt",
    "joker": "003_207a972666234653.txt",
    "euchre32-five": "003_207a972666234653.txt",
    "euchre28": "000_831a3438ac97385b.txt",
    "three-handed": "003_207a972666234653.txt",
    "two-handed": "003_207a972666234653.txt",
    "two-handed-tableau": "003_207a972666234653.txt",
    "progressive": "003_207a972666234653.txt",
}

LONER_LEADS = LONER_ON_DEALERS_LEFT_LEADS  # legal under bicycle, a wrong leader under hoyle


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _audit_errors(capsys: pytest.CaptureFixture[str], rules: Path) -> list[str]:
    status = main([str(SAMPLES / "club-night.txt"), "--rules", str(rules)])
    captured = capsys.readouterr()
    assert status == 2, captured
    assert captured.out == ""
    assert "Traceback" not in captured.err
    return captured.err.splitlines()


# ------------------------------------------------------------------ bundled
def test_the_bundled_rulesets_are_the_issue_list() -> None:
    assert set(bundled_rulesets()) == set(BUNDLED_SEEDS)


@pytest.mark.parametrize("name", sorted(BUNDLED_SEEDS))
def test_every_bundled_ruleset_loads_with_a_description_and_cites_its_seed(name: str) -> None:
    rules = load_ruleset(name)
    assert rules.name == name
    assert rules.description and "\n" not in rules.description
    text = bundled_rulesets()[name].read_text(encoding="utf-8")
    top = text.splitlines()[:3]
    assert all(line.startswith("#") for line in top), f"{name}.yaml must open with a comment citing its seed"
    assert any(f"seed {BUNDLED_SEEDS[name]}" in line for line in top), f"{name}.yaml does not cite seed {BUNDLED_SEEDS[name]} at its top"


def test_hoyle_states_every_key_of_the_schema() -> None:
    """The standard game's numbers live in hoyle.yaml, not in Python defaults."""
    data = yaml.safe_load(bundled_rulesets()["hoyle"].read_text(encoding="utf-8"))
    assert {"description", "source"} <= set(data)
    for section, field in Ruleset.model_fields.items():
        model = field.annotation
        if section == "drinks":  # the standard game has no drinking rules
            assert "drinks" not in data
            continue
        if not (isinstance(model, type) and issubclass(model, BaseModel)):
            continue
        assert section in data, f"hoyle.yaml has no {section} section"
        missing = set(model.model_fields) - set(data[section])
        assert not missing, f"hoyle.yaml leaves {section}.{sorted(missing)} to Python defaults"


def test_hoyle_numbers_are_those_of_the_issue() -> None:
    rules = load_ruleset("hoyle")
    assert [r.value for r in rules.deck.ranks] == ["9", "T", "J", "Q", "K", "A"]
    assert (rules.deck.hand_size, rules.deck.kitty) == (5, 4)
    s = rules.scoring
    assert (s.majority, s.make, s.march, s.lone_make, s.lone_march, s.euchre) == (3, 1, 2, 1, 4, 2)
    assert (rules.renege.points, rules.renege.points_alone, rules.renege.hand_stands) == (2, 4, False)
    assert rules.play.first_lead_alone is FirstLead.LONER_LEFT
    assert (rules.game.target, rules.game.win_by) == (10, 1)


def test_the_sample_audits_identically_under_hoyle_however_it_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    sample = str(SAMPLES / "club-night.txt")
    outputs = []
    for args in ([], ["--rules", "hoyle"], ["--rules", str(ROOT / "rulesets" / "hoyle.yaml")]):
        assert main([sample, "--format", "lint", *args]) == 1
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] == outputs[2]
    assert [line.split()[1] for line in outputs[0].splitlines()] == ["R501", "P701", "L603"]


# ------------------------------------------------------------------ extends
def test_extends_states_only_the_differences(tmp_path: Path) -> None:
    house = _write(tmp_path, "house.yaml", "extends: hoyle\nbidding:\n  stick_the_dealer: true\nscoring:\n  lone_euchre: 4\n")
    rules = load_ruleset(str(house))
    assert rules.name == "house"
    assert rules.bidding.stick_the_dealer and rules.scoring.lone_euchre == 4
    assert rules.scoring.euchre == 2 and rules.bidding.alone_on_call  # inherited
    assert rules.description == load_ruleset("hoyle").description  # inherited when not written


def test_extends_a_relative_path_from_the_extending_file(tmp_path: Path) -> None:
    (tmp_path / "clubs").mkdir()
    _write(tmp_path, "clubs/base.yaml", "extends: euchre32\ngame:\n  target: 15\n")
    top = _write(tmp_path, "top.yaml", "extends: clubs/base.yaml\ngame:\n  win_by: 2\n")
    rules = load_ruleset(str(top))
    assert (rules.deck.hand_size, rules.game.target, rules.game.win_by) == (7, 15, 2)


def test_a_chain_is_validated_as_a_whole(tmp_path: Path) -> None:
    """A child may change a key whose limit depends on its parent's deck (6 of 7 tricks)."""
    child = _write(tmp_path, "tough32.yaml", "extends: euchre32\nscoring:\n  majority: 6\n")
    assert load_ruleset(str(child)).scoring.majority == 6


def test_set_overrides_win_over_the_file() -> None:
    rules = load_ruleset("australian", ["game.win_by=2", "target=12"])
    assert (rules.game.target, rules.game.win_by) == (12, 2)


# ---------------------------------------------------------- malformed files
def test_unknown_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = _write(tmp_path, "bad.yaml", "extends: hoyle\nscoring:\n  make: 1\n  lone_euchr: 4\n")
    (line,) = _audit_errors(capsys, bad)
    assert f"{bad}:4:3:" in line and "scoring.lone_euchr" in line and "unknown key" in line
    assert "lone_euchre" in line  # the likely meant key is suggested


def test_wrong_type(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = _write(tmp_path, "bad.yaml", "extends: hoyle\ngame:\n  target: ten\n")
    (line,) = _audit_errors(capsys, bad)
    assert f"{bad}:3:3:" in line and "game.target" in line and "integer" in line


def test_a_rank_that_does_not_exist(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The schema has no suit-valued key, so a card rank stands in for it: there is no 6 in Euchre."""
    bad = _write(tmp_path, "bad.yaml", "deck:\n  ranks: [\"9\", \"T\", \"J\", \"Q\", \"K\", \"A\",\n          \"6\"]\n")
    (line,) = _audit_errors(capsys, bad)
    assert f"{bad}:3:11:" in line and "deck.ranks[6]" in line and "'6'" in line


def test_a_misspelt_value(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = _write(tmp_path, "bad.yaml", "extends: hoyle\nplay:\n  first_lead_alone: loner_left\n")
    (line,) = _audit_errors(capsys, bad)
    assert f"{bad}:3:3:" in line and "'dealer-left' or 'loner-left'" in line and "loner_left" in line


def test_extends_of_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = _write(tmp_path, "bad.yaml", "description: x\nextends: nowhere/club.yaml\n")
    (line,) = _audit_errors(capsys, bad)
    assert f"{bad}:2:1:" in line and "nowhere/club.yaml" in line and "no such ruleset file" in line


def test_extends_of_an_unknown_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = _write(tmp_path, "bad.yaml", "extends: hoyel\n")
    (line,) = _audit_errors(capsys, bad)
    assert f"{bad}:1:1:" in line and "'hoyel'" in line and "hoyle" in line


def test_a_cycle_in_extends(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = _write(tmp_path, "first.yaml", "# first\nextends: second.yaml\n")
    _write(tmp_path, "second.yaml", "description: loops\n\nextends: first.yaml\n")
    (line,) = _audit_errors(capsys, first)
    assert f"{tmp_path / 'second.yaml'}:3:1:" in line and "cycle" in line
    assert "first.yaml -> " in line and "second.yaml -> " in line


def test_a_ruleset_extending_itself(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    me = _write(tmp_path, "me.yaml", "extends: me.yaml\n")
    (line,) = _audit_errors(capsys, me)
    assert f"{me}:1:1:" in line and "cycle" in line


@pytest.mark.parametrize("text, where", [
    ("base: &b\n  make: 1\nscoring: *b\n", ":1:7:"),  # an anchor
    ("scoring: *b\n", ":1:10:"),  # an alias alone
])
def test_yaml_anchors_and_aliases_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, where: str) -> None:
    bad = _write(tmp_path, "bad.yaml", text)
    (line,) = _audit_errors(capsys, bad)
    assert f"{bad}{where}" in line and "not allowed" in line


def test_python_tags_are_not_constructed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = _write(tmp_path, "bad.yaml", "description: !!python/object/apply:os.system [\"true\"]\n")
    (line,) = _audit_errors(capsys, bad)
    assert f"{bad}:1:14:" in line and "not valid YAML" in line


def test_every_problem_is_listed_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = _write(tmp_path, "bad.yaml", "extends: hoyle\ngame:\n  target: ten\n  win_by: 0\nplay:\n  first_lead: left\n")
    lines = _audit_errors(capsys, bad)
    assert len(lines) == 3
    assert {re.search(r":(\d+):\d+: ", line).group(1) for line in lines} == {"3", "4", "6"}  # type: ignore[union-attr]


def test_an_error_in_a_parent_names_the_parent(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _write(tmp_path, "parent.yaml", "extends: hoyle\nrenege:\n  points: -2\n")
    child = _write(tmp_path, "child.yaml", "extends: parent.yaml\ngame:\n  target: 7\n")
    (line,) = _audit_errors(capsys, child)
    assert f"{tmp_path / 'parent.yaml'}:3:3:" in line and "renege.points" in line


def test_a_bad_set_names_the_set(capsys: pytest.CaptureFixture[str]) -> None:
    status = main([str(SAMPLES / "club-night.txt"), "--set", "game.targt=7"])
    err = capsys.readouterr().err.splitlines()
    assert status == 2 and len(err) == 1
    assert "--set game.targt=7" in err[0] and "unknown key" in err[0] and "'target'" in err[0]


def test_a_majority_larger_than_the_hand(tmp_path: Path) -> None:
    bad = _write(tmp_path, "bad.yaml", "extends: hoyle\nscoring:\n  majority: 6\n")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(bad))
    (problem,) = caught.value.problems
    assert problem.startswith(f"{bad}:2:1: scoring:") and "6" in problem and "5 tricks" in problem


# ------------------------------------------------------ the rules command
def test_rules_lists_every_bundled_ruleset_with_its_description(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(BUNDLED_SEEDS)
    listed = {line.split()[0]: line.split(None, 1)[1] for line in lines}
    for name in BUNDLED_SEEDS:
        assert listed[name] == load_ruleset(name).description


def test_rules_name_prints_the_effective_ruleset_after_inheritance(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "euchre32"]) == 0
    printed = yaml.safe_load(capsys.readouterr().out)
    assert "extends" not in printed
    assert printed["name"] == "euchre32"
    assert printed["deck"] == {"ranks": ["7", "8", "9", "T", "J", "Q", "K", "A"], "joker": False, "hand_size": 7, "kitty": 4, "tableau": 0}
    assert printed["table"] == {"seats": ["N", "E", "S", "W"], "sides": "partners"}  # from hoyle.yaml
    assert printed["deal"]["after_throw_in"] == "same-dealer"  # from redeal.yaml
    assert printed["renege"] == {"points": 2, "points_alone": 4, "hand_stands": False, "innocent_side_keeps": True,
                                 "restore_equity": False}  # from hoyle.yaml
    assert Ruleset.model_validate(printed) == load_ruleset("euchre32")


def test_rules_with_set_and_a_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    house = _write(tmp_path, "house.yaml", "extends: casual\n")
    assert main(["rules", str(house), "--set", "target=7"]) == 0
    printed = yaml.safe_load(capsys.readouterr().out)
    assert printed["game"]["target"] == 7 and printed["name"] == "house"


def test_rules_of_an_unknown_name_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "no-such-rules"]) == 2
    err = capsys.readouterr().err
    assert "no-such-rules" in err and "hoyle" in err


# --------------------------------------------------------- the Rules tag
def test_the_rules_tag_names_a_bundled_ruleset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = _write(tmp_path, "game.txt", '[Event "tagged"]\n[Rules "bicycle"]\n\n' + LONER_LEADS)
    assert main([str(game), "--format", "lint"]) == 0
    assert capsys.readouterr().out == ""


def test_the_rules_tag_names_a_path_relative_to_the_game_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "rules").mkdir()
    _write(tmp_path, "rules/ours.yaml", "extends: hoyle\nplay:\n  first_lead_alone: dealer-left\n")
    (tmp_path / "nights").mkdir()
    game = _write(tmp_path, "nights/game.txt", '[Event "tagged"]\n[Rules "../rules/ours.yaml"]\n\n' + LONER_LEADS)
    assert main([str(game), "--format", "json"]) == 0
    out = capsys.readouterr().out
    assert '"findings": []' in out and '"ruleset": "ours"' in out


def test_rules_on_the_command_line_win_over_the_tag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = _write(tmp_path, "game.txt", '[Event "tagged"]\n[Rules "bicycle"]\n\n' + LONER_LEADS)
    assert main([str(game), "--rules", "hoyle", "--format", "lint"]) == 1
    (line,) = capsys.readouterr().out.splitlines()
    # hoyle: "If a player is going alone, the person to their left leads" -- S, not E
    assert line.startswith(f"{game}:9:7: T") and "S should lead" in line


def test_a_rules_tag_naming_a_bad_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _write(tmp_path, "ours.yaml", "extends: hoyle\ngame:\n  targte: 7\n")
    game = _write(tmp_path, "game.txt", '[Rules "ours.yaml"]\n\n' + LONER_LEADS)
    assert main([str(game)]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path / 'ours.yaml'}:3:3:" in err and "game.targte" in err


def test_an_unknown_rules_tag_names_file_line_and_column(tmp_path, capsys) -> None:
    from auditor.cli import main

    path = tmp_path / "night.txt"
    path.write_text('[Event "x"]\n[Rules "nosuch"]\nhand 1 dealer N\n', encoding="utf-8")
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:2:1: game 1 is not audited: nosuch: no such ruleset" in err


def test_a_misspelt_ruleset_name_is_answered_with_the_name_it_most_likely_meant(tmp_path, capsys) -> None:
    from auditor.cli import main

    path = tmp_path / "night.txt"
    path.write_text('[Rules "hoyel"]\nhand 1 dealer N\n', encoding="utf-8")
    assert main([str(path)]) == 2
    assert f"{path}:1:1: game 1 is not audited: hoyel: no such ruleset; did you mean hoyle? (bundled rulesets:" in capsys.readouterr().err
    assert main([str(path), "--rules", "Bicycel"]) == 2
    assert "Bicycel: no such ruleset; did you mean bicycle?" in capsys.readouterr().err
    path.write_text('[Rules "nosuch"]\nhand 1 dealer N\n', encoding="utf-8")
    assert main([str(path)]) == 2
    assert "did you mean" not in capsys.readouterr().err  # nothing near it: no guess
    club = tmp_path / "club.yaml"
    club.write_text("extends: hoyel\n", encoding="utf-8")
    assert main(["rules", str(club)]) == 2
    assert "extends: no ruleset named 'hoyel'; did you mean hoyle?" in capsys.readouterr().err


# ------------------------------------------------------ one way to end a game (EGN's completion conditions)
def test_a_game_of_a_number_of_deals_has_no_target(tmp_path: Path) -> None:
    """EGN: a ruleset 'enforces either a target score ... OR a fixed deal count ..., but not both', and needs one."""
    good = _write(tmp_path, "progressive.yaml", "extends: hoyle\ngame:\n  target: 0\n  deals: 8\n")
    rules = load_ruleset(str(good))
    assert (rules.game.target, rules.game.deals) == (0, 8)
    both = _write(tmp_path, "both.yaml", "extends: hoyle\ngame:\n  deals: 8\n")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(both))
    (problem,) = caught.value.problems
    assert problem.startswith(f"{both}:2:1: game:") and "game.target is 10 and game.deals is 8" in problem
    assert "game.target: 0 for a game of 8 deals" in problem
    with pytest.raises(RulesetError) as caught:
        load_ruleset("hoyle", ["game.target=0"])
    (problem,) = caught.value.problems
    assert "--set game.target=0" in problem and "both 0: a game needs one way to end" in problem
    assert load_ruleset("hoyle", ["game.target=0", "game.deals=4"]).game.deals == 4
