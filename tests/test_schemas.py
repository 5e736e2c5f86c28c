"""Schemas for editors and exchange: `rules --schema` checks ruleset files as the loader does, and
the EGN (EMN for several games) that `convert --to egn` writes is valid by EGN's published JSON
Schemas, copied unchanged into tests/data/egn/schemas (Apache-2.0, see tests/data/egn/NOTICE)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import yaml

from auditor.cli import main
from auditor.findings import REGISTRY
from auditor.rules.loader import load_ruleset
from auditor.simulate import simulate, write_games
from conftest import EGN, ROOT, SAMPLES

jsonschema = pytest.importorskip("jsonschema", reason="pip install -e '.[test]' (jsonschema checks the schemas)")
from referencing import Registry, Resource  # noqa: E402  (jsonschema's own dependency)

SCHEMAS = EGN / "schemas"


def _run(*args: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(list(args), out, err) == 0, err.getvalue()
    return out.getvalue()


# ---------------------------------------------------------------------------------- rulesets
@pytest.fixture(scope="module")
def ruleset_validator():  # type: ignore[no-untyped-def]
    schema = json.loads(_run("rules", "--schema"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("path", sorted((ROOT / "rulesets").glob("*.yaml")), ids=lambda p: p.stem)
def test_every_bundled_ruleset_is_valid_by_the_schema(ruleset_validator, path: Path) -> None:  # type: ignore[no-untyped-def]
    assert list(ruleset_validator.iter_errors(yaml.safe_load(path.read_text(encoding="utf-8")))) == []


@pytest.mark.parametrize(
    ("text", "where", "why"),
    [
        ("extends: hoyle\ngame:\n  targt: 7\n", ["game"], "Additional properties are not allowed ('targt' was unexpected)"),
        ("game:\n  target: ten\n", ["game", "target"], "'ten' is not of type 'integer'"),
        ("play:\n  first_lead: dealer\n", ["play", "first_lead"], "'dealer' is not one of ['dealer-left', 'loner-left']"),
        ("deck:\n  hand_size: 0\n", ["deck", "hand_size"], "0 is less than the minimum of"),
    ],
)
def test_the_schema_refuses_what_the_loader_refuses(ruleset_validator, tmp_path: Path, text: str, where: list[str], why: str) -> None:  # type: ignore[no-untyped-def]
    (error,) = ruleset_validator.iter_errors(yaml.safe_load(text))
    assert list(error.absolute_path) == where and error.message.startswith(why)
    bad = tmp_path / "club.yaml"
    bad.write_text(text, encoding="utf-8")
    err = io.StringIO()
    assert main(["rules", str(bad)], io.StringIO(), err) == 2 and err.getvalue().startswith("euchre-audit: invalid ruleset:")


def test_the_schema_documents_each_key() -> None:
    schema = json.loads(_run("rules", "--schema"))
    target = schema["$defs"]["GameRules"]["properties"]["target"]
    assert target["default"] == 10 and target["description"]


# ---------------------------------------------------------------------------------- EGN
@pytest.fixture(scope="module")
def egn_validators():  # type: ignore[no-untyped-def]
    egn = json.loads((SCHEMAS / "egn-schema-v1.json").read_text(encoding="utf-8"))
    emn = json.loads((SCHEMAS / "emn" / "emn-schema-v1.json").read_text(encoding="utf-8"))
    # EMN names EGN's definitions by the relative path of the published layout: give both their places
    registry = Registry().with_resource("file:///egn/schemas/egn-schema-v1.json", Resource.from_contents(egn))
    emn = {**emn, "$id": "file:///egn/schemas/emn/emn-schema-v1.json"}
    return {"Euchre Game Notation": jsonschema.Draft7Validator(egn),
            "Euchre Match Notation": jsonschema.Draft7Validator(emn, registry=registry)}


def _valid(validators, text: str) -> dict:  # type: ignore[no-untyped-def]
    document = json.loads(text)
    errors = [f"{list(e.absolute_path)}: {e.message[:200]}" for e in validators[document["fileType"]].iter_errors(document)]
    assert errors == []
    return document


@pytest.mark.parametrize("name", ["clean-game.txt", "club-night.txt", "league-night.txt"])
def test_the_egn_written_for_the_samples_is_valid(egn_validators, name: str) -> None:  # type: ignore[no-untyped-def]
    document = _valid(egn_validators, _run("convert", str(SAMPLES / name), "--to", "egn"))
    assert document["fileType"] == ("Euchre Match Notation" if name == "league-night.txt" else "Euchre Game Notation")


CORPUS = sorted(p for p in (EGN / "examples").rglob("*") if p.suffix in (".egn", ".emn"))


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_the_egn_written_for_every_corpus_file_is_valid(egn_validators, path: Path) -> None:  # type: ignore[no-untyped-def]
    _valid(egn_validators, _run("convert", str(path), "--to", "egn"))


@pytest.mark.parametrize(
    ("rules", "changes"),
    [
        ("hoyle", ()),
        ("joker", ("bidding.no_trump_calls=[high, low]",)),
        ("hoyle", ("deal.farmers_hand=true", "deal.misdeal=can")),
        ("hoyle", ("deal.go_under=true", "bidding.partners_best=true")),
        ("hoyle", ("scoring.fast_break=true", "scoring.four_trick_tokens=4")),
        ("hoyle", ("game.target=0", "game.deals=4", "bidding.defend_alone=true")),
        ("stick-the-dealer", ()),
        ("euchre32", ()),
    ],
)
def test_the_egn_written_for_generated_games_with_every_rule_is_valid(egn_validators, tmp_path: Path, rules: str, changes: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    text = io.StringIO()
    write_games(simulate(load_ruleset(rules, list(changes)), 6, 5, 0.2, rules_name=rules, overrides=changes), text)
    path = tmp_path / "games.txt"
    path.write_text(text.getvalue(), encoding="utf-8")
    # --lossy: a no-trump bid played low is EGN's `n`, played high (a conversion that changes the ruling)
    document = _valid(egn_validators, _run("convert", str(path), "--to", "egn", "--lossy"))
    assert len(document["games"]) == 6


@pytest.mark.parametrize("rules", ["three-handed", "two-handed"])
def test_a_game_of_three_or_two_is_valid_egn_and_never_an_emn_match(egn_validators, tmp_path: Path, rules: str) -> None:  # type: ignore[no-untyped-def]
    """EGN's num_players holds seed 003's games of three and two; EMN's games have exactly four player ids."""
    text = io.StringIO()
    write_games(simulate(load_ruleset(rules), 2, 5, 0.2, rules_name=rules), text)
    one, two = tmp_path / "one.txt", tmp_path / "two.txt"
    games = text.getvalue().split("\n[Event")
    one.write_text(games[0], encoding="utf-8")
    two.write_text(text.getvalue(), encoding="utf-8")
    document = _valid(egn_validators, _run("convert", str(one), "--to", "egn"))
    assert document["metadata"]["ruleset"]["num_players"] == len(load_ruleset(rules).table.seats)
    err = io.StringIO()
    assert main(["convert", str(two), "--to", "egn"], io.StringIO(), err) == 2
    assert "an EMN match holds games of four players" in err.getvalue() and "Traceback" not in err.getvalue()


# S001 and S008: a hand that cannot be read, or whose hand line is lost, is never converted, --lossy or not
@pytest.mark.parametrize("code", [c for c in REGISTRY.values() if c.code not in {"S001", "S008", "D112"}], ids=lambda c: c.code)
def test_the_egn_written_for_every_finding_example_is_valid(egn_validators, tmp_path: Path, code) -> None:  # type: ignore[no-untyped-def]
    """Hands of a score sheet without an up card (EGN's unknown card `Xx`), statements carried as annotations of
    an empty list of calls, tags and comments in the description: all within EGN's schema."""
    path = tmp_path / ("example.egn" if code.example.lstrip().startswith("{") else "example.txt")
    path.write_text(code.example, encoding="utf-8")
    rules = [arg for change in code.rules for arg in ("--set", change)]
    _valid(egn_validators, _run("convert", str(path), "--to", "egn", "--lossy", *rules))
