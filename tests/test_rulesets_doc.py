"""docs/rulesets.md documents every schema key, its allowed values and its default."""

from __future__ import annotations

import json
import re
from enum import Enum
from typing import Any, get_args

import pytest
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from auditor.rules.schema import Ruleset
from conftest import ROOT

DOC = ROOT / "docs" / "rulesets.md"
_ROW = re.compile(r"^\|\s*`([a-z_.]+)`\s*\|(.*)\|(.*)\|(.*)\|\s*$")


def _section_model(field: FieldInfo) -> type[BaseModel] | None:
    for candidate in (field.annotation, *get_args(field.annotation)):
        if isinstance(candidate, type) and issubclass(candidate, BaseModel):
            return candidate
    return None


def schema_keys() -> dict[str, FieldInfo]:
    """Every key a ruleset may write, dotted: ``name``, ``deck.ranks``, ``drinks.euchred``..."""
    keys: dict[str, FieldInfo] = {}
    for name, field in Ruleset.model_fields.items():
        section = _section_model(field)
        if section is None:
            keys[name] = field
        else:
            for sub, sub_field in section.model_fields.items():
                keys[f"{name}.{sub}"] = sub_field
    return keys


def documented() -> dict[str, tuple[str, str, str]]:
    """key -> (allowed values, default, meaning) from the tables of docs/rulesets.md."""
    rows: dict[str, tuple[str, str, str]] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        match = _ROW.match(line)
        if match and "." in match.group(1) or match and match.group(1) in Ruleset.model_fields:
            key = match.group(1)
            assert key not in rows, f"{key} is documented twice"
            rows[key] = (match.group(2).strip(), match.group(3).strip(), match.group(4).strip())
    return rows


def _json_default(field: FieldInfo) -> Any:
    value = field.get_default(call_default_factory=True)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, list):
        return [v.value if isinstance(v, Enum) else v for v in value]
    return value


def test_every_schema_key_is_documented() -> None:
    missing = sorted(set(schema_keys()) - set(documented()))
    assert not missing, f"docs/rulesets.md does not document: {', '.join(missing)}"


def test_every_documented_key_exists_in_the_schema() -> None:
    unknown = sorted(set(documented()) - set(schema_keys()))
    assert not unknown, f"docs/rulesets.md documents keys the schema does not have: {', '.join(unknown)}"


@pytest.mark.parametrize("key", sorted(schema_keys()))
def test_documented_default_is_the_schema_default(key: str) -> None:
    allowed, default, meaning = documented()[key]
    assert default.startswith("`") and default.endswith("`"), f"{key}: write the default as `json`"
    assert json.loads(default.strip("`")) == _json_default(schema_keys()[key]), f"{key}: the documented default is stale"
    assert meaning, f"{key}: say what the key means"


@pytest.mark.parametrize("key", sorted(schema_keys()))
def test_documented_allowed_values_match_the_schema(key: str) -> None:
    allowed, _, _ = documented()[key]
    field = schema_keys()[key]
    annotation = field.annotation
    enums = [a for a in (annotation, *get_args(annotation)) if isinstance(a, type) and issubclass(a, Enum)]
    if enums:  # every value of the enum, and no other backticked word
        values = {m.value for m in enums[0]}
        written = set(re.findall(r"`([^`]+)`", allowed))
        assert values <= written, f"{key}: allowed values {sorted(values - written)} are not documented"
    elif annotation is bool:
        assert "`true`" in allowed and "`false`" in allowed, key
    elif annotation is int:
        bounds = {type(m).__name__: getattr(m, type(m).__name__.lower()) for m in field.metadata if type(m).__name__ in ("Ge", "Le")}
        assert f"integer {bounds['Ge']} to {bounds['Le']}" in allowed, f"{key}: document the range {bounds}"


def test_the_doc_lists_every_bundled_ruleset() -> None:
    from auditor.resources import bundled_rulesets

    text = DOC.read_text(encoding="utf-8")
    for name in bundled_rulesets():
        assert f"| `{name}` |" in text, f"docs/rulesets.md does not list the bundled ruleset {name}"
