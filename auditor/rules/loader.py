"""Load rulesets from YAML safely, resolve ``extends``, and explain every problem.

Rulesets come from other people: the loader reads at most
:data:`MAX_RULESET_BYTES`, refuses YAML anchors, aliases and deep nesting
(:mod:`.safeyaml`), never constructs Python objects, and reports the
validation problems at once (the first :data:`MAX_PROBLEMS` of them) with the
file, line and key each concerns.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, get_args

import yaml
from pydantic import BaseModel, ValidationError

from ..resources import bundled_rulesets
from ..textfile import InputError, read_document
from . import safeyaml
from .safeyaml import YamlProblem, cut, key_positions, keys_written_twice, shown
from .schema import Ruleset

MAX_RULESET_BYTES = 256 * 1024
MAX_EXTENDS_DEPTH = 16
MAX_EXTENDS_CHARS = 500  # as the schema's ``extends``
DEFAULT_RULESET = "hoyle"
#: At most this many problems are listed; a line says how many more there are.
MAX_PROBLEMS = 20


class RulesetError(Exception):
    """A ruleset that cannot be used; ``problems`` are ready-to-print lines."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class _Source:
    path: Path
    label: str  # how the file is named in messages
    node: yaml.Node | None
    data: dict[str, Any]

    @cached_property
    def positions(self) -> dict[tuple[Any, ...], tuple[int, int]]:
        """Where each key and list item is written, found in one walk of the file."""
        return key_positions(self.node)


def _read_yaml(path: Path, label: str, named_at: str | None = None) -> _Source:
    """Read a ruleset file; one that cannot be read is named at ``named_at`` (the ``extends`` line naming it), if given."""
    try:
        text = read_document(path, label, MAX_RULESET_BYTES, what="ruleset")
    except InputError as err:
        raise RulesetError([f"{named_at}: extends: {err}" if named_at else str(err)]) from None
    try:
        node, data = safeyaml.load(text)
    except YamlProblem as err:
        raise RulesetError([f"{err.where(label)}: not valid YAML: {err.message}"]) from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise RulesetError([f"{label}:1:1: a ruleset must be a mapping of keys to values"])
    twice = keys_written_twice(node, label)
    if twice:
        raise RulesetError(capped(twice))
    return _Source(path, label, node, data)


def _line_of(source: _Source, loc: tuple[Any, ...]) -> tuple[int, int]:
    """The line and column of the key at ``loc`` (or of its nearest written parent)."""
    for depth in range(len(loc), 0, -1):
        found = source.positions.get(loc[:depth])
        if found is not None:
            return found
    return 1, 1


def capped(problems: list[str], total: int | None = None) -> list[str]:
    """The first :data:`MAX_PROBLEMS` of ``total`` problems (default: all of ``problems``),
    and a line that says how many more there are."""
    total = len(problems) if total is None else total
    if total <= MAX_PROBLEMS:
        return problems
    return problems[:MAX_PROBLEMS] + [f"... and {total - MAX_PROBLEMS:,} more problems (only the first {MAX_PROBLEMS} are listed)"]


def _has_path(data: Any, loc: tuple[Any, ...]) -> bool:
    current = data
    for part in loc:
        if isinstance(current, Mapping) and part in current:
            current = current[part]
        elif isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current):
            current = current[part]
        else:
            return False
    return True


def _key_text(loc: tuple[Any, ...]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{cut(str(part))}" if text else cut(str(part)))
    return text or "(top level)"


@dataclass(frozen=True)
class _Override:
    text: str  # as typed after --set
    data: dict[str, Any]


def _where(loc: tuple[Any, ...], sources: list[_Source], overrides: list[_Override]) -> str:
    """The file:line:col (or the --set) that gave the value at ``loc``: the last word wins."""
    loc = tuple(part for part in loc if part != "[key]")  # pydantic's mark for a mapping's key that is wrong
    for override in reversed(overrides):
        if loc and _has_path(override.data, loc):
            return f"--set {override.text}"
    for depth in range(len(loc), 0, -1):  # the deepest key some file states, child first
        for source in sources:
            if _has_path(source.data, loc[:depth]):
                line, column = _line_of(source, loc[:depth])
                return f"{source.label}:{line}:{column}"
    top = sources[0]
    return f"{top.label}:1:1"


def _suggestion(loc: tuple[Any, ...]) -> str:
    """'; did you mean ...?' for a misspelt key, from the schema's own field names."""
    model: Any = Ruleset
    for part in loc[:-1]:
        field = model.model_fields.get(part) if isinstance(part, str) else None
        inner = [a for a in get_args(field.annotation) if isinstance(a, type) and issubclass(a, BaseModel)] if field else []
        if field is not None and isinstance(field.annotation, type) and issubclass(field.annotation, BaseModel):
            model = field.annotation
        elif inner:
            model = inner[0]
        else:
            return ""
    close = difflib.get_close_matches(str(loc[-1]), list(model.model_fields), n=1) if loc else []
    return f"; did you mean {close[0]!r}?" if close else ""


def _explain(err: ValidationError, sources: list[_Source], overrides: list[_Override]) -> list[str]:
    """One line per problem, each naming the file:line:col or --set that gave the value (the first
    MAX_PROBLEMS of them: each is looked up, and ten thousand misspelt keys need not be)."""
    problems = []
    for item in err.errors()[:MAX_PROBLEMS]:
        loc = tuple(p for p in item["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        message = item["msg"].removeprefix("Value error, ")
        if item["type"] == "extra_forbidden":
            message = "unknown key" + _suggestion(loc)
        elif item["type"] == "enum":
            message = f"{message} (got {shown(str(item.get('input')))})"
        problems.append(f"{_where(loc, sources, overrides)}: {_key_text(loc)}: {message}")
    return capped(problems, err.error_count())


def _section(value: Any) -> bool:
    """A mapping of keys (a section, merged key by key); a table of numbers (``by_tricks``) is one value."""
    return isinstance(value, Mapping) and all(isinstance(k, str) for k in value)


def _merge(base: Mapping[str, Any], top: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in top.items():
        if _section(value) and _section(merged.get(key)):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def path_exists(path: Path) -> bool:
    """Is something at ``path`` (a broken or looping symbolic link too, for its reader to name)?
    False rather than an error for a name the system refuses (too long)."""
    try:
        return path.exists() or path.is_symlink()
    except OSError:
        return False


def resolve_ruleset_path(spec: str, relative_to: Path | None = None) -> tuple[Path, str]:
    """A bundled name (``hoyle``) or a path (``rulesets/hoyle.yaml``) -> (file, label).

    A path is taken relative to ``relative_to`` (the folder of the file that
    names it) when given.  The file need not exist: the caller reports that.
    """
    bundled = bundled_rulesets()
    if spec in bundled:
        return bundled[spec], spec
    candidate = Path(spec)
    if not candidate.is_absolute() and relative_to is not None:
        candidate = relative_to / candidate
    written = Path(spec)
    if (
        not path_exists(candidate)
        and not written.is_absolute()
        and written.parts == ("rulesets", written.name)
        and written.suffix == ".yaml"
        and written.stem in bundled
    ):
        # `--rules rulesets/hoyle.yaml` names the bundled file from any directory
        return bundled[written.stem], spec
    if path_exists(candidate) or "/" in spec or "\\" in spec or spec.endswith((".yaml", ".yml")):
        return candidate, str(candidate)
    names = ", ".join(bundled)
    raise RulesetError([f"{spec}: no such ruleset{_guess(spec)} (bundled rulesets: {names}; or give a path to a .yaml file)"])


def _guess(spec: str) -> str:
    """``; did you mean hoyle?`` for a name spelt nearly as a bundled ruleset's (else nothing)."""
    close = difflib.get_close_matches(spec.lower(), list(bundled_rulesets()), n=1, cutoff=0.75)
    return f"; did you mean {close[0]}?" if close else ""


def _parent_of(source: _Source) -> tuple[str, str] | None:
    """The ``extends`` value of a file and where it is written, if it has one."""
    if "extends" not in source.data or source.data["extends"] is None:
        return None
    line, column = _line_of(source, ("extends",))
    where = f"{source.label}:{line}:{column}"
    parent = source.data["extends"]
    if not isinstance(parent, str) or not parent.strip():
        raise RulesetError([f"{where}: extends: expected a bundled ruleset name or a path to a .yaml file, got {shown(str(parent))}"])
    if len(parent) > MAX_EXTENDS_CHARS:  # refused before it is looked for, as the schema refuses it after
        raise RulesetError([f"{where}: extends: {shown(parent)} is longer than {MAX_EXTENDS_CHARS} characters"])
    return parent.strip(), where


def _resolved(path: Path) -> Path:
    """``path`` with its symbolic links followed; as written when they make a loop (its reading names the loop)."""
    try:
        return path.resolve()
    except (RuntimeError, OSError):  # RuntimeError: a loop of links (Python 3.11's pathlib)
        return path.absolute()


def _load_chain(spec: str) -> list[_Source]:
    """The file ``spec`` names and every file it extends, the child first."""
    path, label = resolve_ruleset_path(spec)
    if not path_exists(path):  # a folder or a pipe is named by the reading
        raise RulesetError([f"{label}: no such ruleset file"])
    chain = [_read_yaml(path, label)]
    seen = [_resolved(path)]
    while (found := _parent_of(chain[-1])) is not None:
        parent, where = found
        child = chain[-1]
        try:
            path, label = resolve_ruleset_path(parent, child.path.parent)
        except RulesetError:
            names = ", ".join(bundled_rulesets())
            raise RulesetError([f"{where}: extends: no ruleset named {shown(parent)}{_guess(parent)} (bundled rulesets: {names}; "
                                "or give a path to a .yaml file)"]) from None
        if not path_exists(path):
            raise RulesetError([f"{where}: extends: {shown(parent)}: no such ruleset file ({path})"])
        if _resolved(path) in seen:
            cycle = " -> ".join(str(s.label) for s in chain) + f" -> {label}"
            raise RulesetError([f"{where}: extends: {shown(parent)} makes a cycle of rulesets ({cycle})"])
        if len(chain) > MAX_EXTENDS_DEPTH:
            raise RulesetError([f"{where}: extends: more than {MAX_EXTENDS_DEPTH} levels of rulesets"])
        chain.append(_read_yaml(path, label, where))
        seen.append(_resolved(path))
    return chain


#: the longest value of a ``--set`` (or of one KEY=VALUE of a game's [Set] tag) ...
MAX_OVERRIDE_CHARS = 200
#: ... and the longest key
MAX_OVERRIDE_KEY_CHARS = 100


#: a colon that YAML would not take for a key's end (``{7:1}`` is a plain scalar, read as 7 x 60 + 1): outside quotes,
#: followed by neither a space nor the end
_TIGHT_COLON = re.compile(r"""("[^"]*"|'[^']*')|:(?=[^\s])""")
#: what a value given on the command line may hold
_VALUE = "a number, a word, true/false, a list or a mapping"


def _spaced(raw: str) -> str:
    """A flow mapping as people type it (``{7:1,10:2,13:4}``) with the space YAML wants after each key's colon."""
    if not raw.lstrip().startswith("{"):
        return raw
    return _TIGHT_COLON.sub(lambda m: m.group(1) or ": ", raw)


def _plain_value(value: Any) -> bool:
    """A scalar, or a list or mapping of them (a mapping's values may be lists or mappings in turn)."""
    if isinstance(value, dict):
        return all(isinstance(k, (str, int)) and not isinstance(k, bool) and _plain_value(v) for k, v in value.items())
    if isinstance(value, list):
        return all(isinstance(v, (str, int, float, bool)) or v is None for v in value)
    return isinstance(value, (str, int, float, bool)) or value is None


def parse_override(text: str) -> dict[str, Any]:
    """``target=7``, ``scoring.euchre=4``, ``deck.ranks=[7, 8, 9, T, J, Q, K, A]`` or
    ``scoring.by_tricks={7: 1, 10: 2, 13: 4}`` -> a nested mapping.

    The one parser of ``--set`` overrides (also of a game's ``[Set]`` tag):
    values are YAML scalars, a flat list of ranks or numbers, or a mapping in
    YAML's flow syntax (read safely, as a ruleset is; ``{7:1}`` is read as
    ``{7: 1}``).
    """
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise RulesetError([f"--set {shown(text)}: expected KEY=VALUE, for example target=7"])
    if len(key) > MAX_OVERRIDE_KEY_CHARS:
        raise RulesetError([f"--set {shown(text)}: the key is longer than {MAX_OVERRIDE_KEY_CHARS} characters"])
    if len(raw) > MAX_OVERRIDE_CHARS:
        raise RulesetError([f"--set {key.strip()}: the value is longer than {MAX_OVERRIDE_CHARS} characters"])
    try:
        node, value = safeyaml.load(_spaced(raw)) if raw.strip() else (None, "")
    except YamlProblem as err:
        raise RulesetError([f"--set {text!r}: {err.message}; the value must be {_VALUE}"]) from None
    twice = keys_written_twice(node, "")
    if twice:  # YAML keeps the last of two in silence
        key = twice[0].split(": ")[1]
        raise RulesetError([f"--set {text!r}: the key {key} is written twice in the mapping"])
    if isinstance(value, list):
        if not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
            raise RulesetError([f"--set {text!r}: a list may hold only ranks or numbers"])
        value = [str(v) for v in value]
    elif isinstance(value, dict) and not _plain_value(value):
        raise RulesetError([f"--set {text!r}: a mapping may hold only numbers, words, true/false and lists or "
                            "mappings of them"])
    parts = [p.strip() for p in key.strip().split(".")]
    if parts == ["target"]:
        parts = ["game", "target"]
    if not all(parts):
        raise RulesetError([f"--set {text!r}: a key is words joined by dots, for example game.win_by=2"])
    nested: dict[str, Any] = {}
    cursor = nested
    for part in parts[:-1]:
        cursor = cursor.setdefault(part, {})
    cursor[parts[-1]] = value
    return nested


def apply_overrides(base: Ruleset, overrides: list[str]) -> Ruleset:
    """``base`` with ``KEY=VALUE`` overrides laid over it, validated by the schema."""
    data = base.model_dump(mode="json", exclude={"extends"})
    for text in overrides:
        data = _merge(data, parse_override(text))
    try:
        return Ruleset.model_validate(data)
    except ValidationError as err:
        given = " ".join(overrides)
        given = given if len(given) <= MAX_OVERRIDE_CHARS else given[:MAX_OVERRIDE_CHARS] + "..."
        problems = []
        for e in err.errors()[:MAX_PROBLEMS]:
            message = "unknown key" if e["type"] == "extra_forbidden" else e["msg"].removeprefix("Value error, ")
            problems.append(f"--set {given}: {'.'.join(cut(str(p)) for p in e['loc'])}: {message}")
        raise RulesetError(capped(problems, err.error_count())) from None


def load_ruleset(spec: str = DEFAULT_RULESET, overrides: list[str] | None = None) -> Ruleset:
    """Load a bundled ruleset by name, or a file by path, with inheritance and overrides.

    Every file of the ``extends`` chain is merged (the child's keys win, section
    by section) and the result is validated once, so that a key set in a parent
    and one set in the child are judged together; each problem names the file,
    line and column (or the ``--set``) that gave the offending value.
    """
    chain = _load_chain(spec)
    data: dict[str, Any] = {}
    for source in reversed(chain):
        layer = {k: v for k, v in source.data.items() if k != "extends"}
        data = _merge(data, layer)
    data["name"] = chain[0].data.get("name") or chain[0].path.stem
    applied = [_Override(text, parse_override(text)) for text in overrides or []]
    for override in applied:
        data = _merge(data, override.data)
    try:
        return Ruleset.model_validate(data)
    except ValidationError as err:
        raise RulesetError(_explain(err, chain, applied)) from None


def effective_yaml(ruleset: Ruleset) -> str:
    """The effective ruleset after inheritance, as YAML."""
    data = ruleset.model_dump(mode="json", exclude={"extends"})
    if data.get("drinks") is None:
        data.pop("drinks", None)
    header = f"# the effective ruleset {ruleset.name!r}, after inheritance and overrides\n"
    return header + yaml.dump(data, Dumper=_ListsInline, sort_keys=False, allow_unicode=True, width=1000)


class _ListsInline(yaml.SafeDumper):
    """Block mappings, with lists (the ranks) on one line as the bundled files write them."""


_ListsInline.add_representer(
    list, lambda dumper, value: dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=True)
)
