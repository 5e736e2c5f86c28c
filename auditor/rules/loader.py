"""Load rulesets from YAML safely, resolve ``extends``, and explain every problem.

Rulesets come from other people: the loader reads at most
:data:`MAX_RULESET_BYTES`, refuses YAML anchors and aliases (no "billion
laughs"), never constructs Python objects, and reports every validation
problem at once with the file, line and key it concerns.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from ..resources import bundled_rulesets
from .schema import Ruleset

MAX_RULESET_BYTES = 256 * 1024
MAX_EXTENDS_DEPTH = 16
DEFAULT_RULESET = "hoyle"


class RulesetError(Exception):
    """A ruleset that cannot be used; ``problems`` are ready-to-print lines."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


class _NoAliasLoader(yaml.SafeLoader):
    """A SafeLoader that refuses anchors and aliases."""

    def compose_node(self, parent: Any, index: Any) -> Any:  # type: ignore[override]
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.composer.ComposerError(
                None, None, "aliases (*name) are not allowed in a ruleset", event.start_mark
            )
        event = self.peek_event()
        if getattr(event, "anchor", None):
            raise yaml.composer.ComposerError(
                None, None, "anchors (&name) are not allowed in a ruleset", event.start_mark
            )
        return super().compose_node(parent, index)


@dataclass(frozen=True)
class _Source:
    path: Path
    label: str  # how the file is named in messages
    node: yaml.Node | None
    data: dict[str, Any]


def _read_yaml(path: Path, label: str) -> _Source:
    try:
        size = path.stat().st_size
    except OSError as err:
        raise RulesetError([f"{label}: cannot read the ruleset ({err.strerror or err})"]) from None
    if size > MAX_RULESET_BYTES:
        raise RulesetError([f"{label}: the ruleset is {size} bytes; the limit is {MAX_RULESET_BYTES}"])
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise RulesetError([f"{label}: cannot read the ruleset ({err})"]) from None
    try:
        node = yaml.compose(text, Loader=_NoAliasLoader)
        data = yaml.load(text, Loader=_NoAliasLoader) if node is not None else {}
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"{label}:{mark.line + 1}:{mark.column + 1}" if mark else label
        problem = getattr(err, "problem", None) or str(err)
        raise RulesetError([f"{where}: not valid YAML: {problem}"]) from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise RulesetError([f"{label}:1:1: a ruleset must be a mapping of keys to values"])
    return _Source(path, label, node, data)


def _line_of(node: yaml.Node | None, loc: tuple[Any, ...]) -> tuple[int, int]:
    """The line and column of the key at ``loc`` (or of its nearest existing parent)."""
    best = (1, 1)
    current = node
    for part in loc:
        if isinstance(current, yaml.MappingNode):
            for key_node, value_node in current.value:
                if key_node.value == part:
                    best = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
                    current = value_node
                    break
            else:
                return best
        elif isinstance(current, yaml.SequenceNode) and isinstance(part, int) and part < len(current.value):
            current = current.value[part]
            best = (current.start_mark.line + 1, current.start_mark.column + 1)
        else:
            return best
    return best


def _explain(err: ValidationError, source: _Source) -> list[str]:
    problems = []
    for item in err.errors():
        loc = tuple(p for p in item["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        key = ".".join(str(p) for p in loc) or "(top level)"
        line, column = _line_of(source.node, loc)
        message = item["msg"]
        if item["type"] == "extra_forbidden":
            message = "unknown key"
        elif item["type"] == "enum":
            message = f"{message} (got {item.get('input')!r})"
        problems.append(f"{source.label}:{line}:{column}: {key}: {message}")
    return problems


def _merge(base: Mapping[str, Any], top: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in top.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def resolve_ruleset_path(spec: str, relative_to: Path | None = None) -> tuple[Path, str]:
    """A bundled name (``hoyle``) or a path (``rulesets/hoyle.yaml``) -> (file, label)."""
    bundled = bundled_rulesets()
    if spec in bundled:
        return bundled[spec], spec
    candidate = Path(spec)
    if not candidate.is_absolute() and relative_to is not None:
        candidate = relative_to / candidate
    if candidate.exists() or "/" in spec or spec.endswith((".yaml", ".yml")):
        return candidate, str(spec)
    names = ", ".join(bundled)
    raise RulesetError([f"{spec}: no such ruleset (bundled rulesets: {names}; or give a path to a .yaml file)"])


def _load_chain(spec: str, relative_to: Path | None, seen: tuple[Path, ...]) -> tuple[dict[str, Any], _Source]:
    path, label = resolve_ruleset_path(spec, relative_to)
    resolved = path.resolve()
    if resolved in seen:
        chain = " -> ".join(p.name for p in (*seen, resolved))
        raise RulesetError([f"{label}:1:1: extends: a cycle of rulesets ({chain})"])
    if len(seen) >= MAX_EXTENDS_DEPTH:
        raise RulesetError([f"{label}:1:1: extends: more than {MAX_EXTENDS_DEPTH} levels"])
    source = _read_yaml(path, label)
    try:
        Ruleset.model_validate(source.data)
    except ValidationError as err:
        raise RulesetError(_explain(err, source)) from None
    data = dict(source.data)
    data.setdefault("name", path.stem)
    parent = data.pop("extends", None)
    if parent is None:
        return data, source
    try:
        base, _ = _load_chain(str(parent), path.parent, (*seen, resolved))
    except RulesetError as err:
        line, column = _line_of(source.node, ("extends",))
        raise RulesetError([f"{label}:{line}:{column}: extends: {parent!r} cannot be used"] + err.problems) from None
    base.pop("description", None) if "description" in data else None
    return _merge(base, data), source


def parse_override(text: str) -> dict[str, Any]:
    """``target=7`` or ``scoring.euchre=4`` -> a nested mapping (values read as YAML scalars)."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise RulesetError([f"--set {text!r}: expected KEY=VALUE, for example target=7"])
    value = yaml.safe_load(raw) if raw.strip() else ""
    if isinstance(value, (dict, list)):
        raise RulesetError([f"--set {text!r}: the value must be a single number, word or true/false"])
    parts = key.strip().split(".")
    if parts == ["target"]:
        parts = ["game", "target"]
    nested: dict[str, Any] = {}
    cursor = nested
    for part in parts[:-1]:
        cursor = cursor.setdefault(part, {})
    cursor[parts[-1]] = value
    return nested


def load_ruleset(spec: str = DEFAULT_RULESET, overrides: list[str] | None = None) -> Ruleset:
    """Load a bundled ruleset by name, or a file by path, with inheritance and overrides."""
    data, source = _load_chain(spec, None, ())
    for text in overrides or []:
        data = _merge(data, parse_override(text))
    try:
        return Ruleset.model_validate(data)
    except ValidationError as err:
        problems = _explain(err, source)
        if overrides:
            problems.append(f"(after --set {' '.join(overrides)})")
        raise RulesetError(problems) from None


def effective_yaml(ruleset: Ruleset) -> str:
    """The effective ruleset after inheritance, as YAML."""
    data = ruleset.model_dump(mode="json", exclude={"extends"})
    if data.get("drinks") is None:
        data.pop("drinks", None)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
