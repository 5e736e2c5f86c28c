"""Project settings: ``euchre-audit.toml``, or ``[tool.euchre-audit]`` in ``pyproject.toml``.

The first folder, from the current one upward, that holds an ``euchre-audit.toml``, or a
``pyproject.toml`` with a ``[tool.euchre-audit]`` table, gives the settings (in one folder,
``euchre-audit.toml`` wins).  Keys, each optional::

    rules = "rulesets/club.yaml"         # a bundled name, or a path relative to this file
    set = ["target=11"]                  # or a table: [tool.euchre-audit.set] target = 11
    select = ["R", "left-bower"]         # codes, code prefixes, names, categories
    extend-select = ["W"]                # added to select (to every code when select is not given)
    ignore = ["S003"]
    extend-ignore = ["P7"]               # left out as ignore is
    exclude = ["drafts/", "*.bak.txt"]   # paths a folder's search passes over (.gitignore patterns)
    format = "lint"

The table is read from ``tomllib``'s result, so ``[tool]`` with ``euchre-audit.format = "lint"``,
or ``euchre-audit = {format = "lint"}``, is read as ``[tool.euchre-audit]`` is.

Options on the command line win: ``--rules``, ``--select``, ``--exclude`` and ``--format`` replace
the file's value; ``--ignore``, ``--extend-select`` and ``--extend-ignore`` are laid over the
file's selection as ruff lays them (:func:`auditor.selection.layered`), and ``--set`` changes are
laid over the file's.  The files come from other
people: they are read with a size limit, every key and value is checked, and a problem names the
file, the line and the key, with no traceback.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

OWN_FILE = "euchre-audit.toml"
PYPROJECT = "pyproject.toml"
TABLE = "euchre-audit"
#: a configuration file larger than this is refused
MAX_BYTES = 1024 * 1024
KEYS = ("rules", "set", "select", "extend-select", "ignore", "extend-ignore", "exclude", "format")


class ConfigError(Exception):
    """A configuration file that cannot be used: the message names the file, line and key."""


@dataclass(frozen=True, slots=True)
class Settings:
    path: Path | None = None  # the file they come from (None: no file)
    rules: str | None = None
    overrides: tuple[str, ...] = ()
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] = ()
    extend_ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] | None = None
    format: str | None = None


def find_config(start: Path) -> Path | None:
    """The configuration file that governs ``start`` (a folder), or None."""
    for folder in (start, *start.parents):
        own = folder / OWN_FILE
        if own.is_file():
            return own
        project = folder / PYPROJECT
        if project.is_file() and _mentions_table(project):
            return project
    return None


def _mentions_table(path: Path) -> bool:
    """Does a pyproject.toml hold a ``tool.euchre-audit`` table, however TOML spells it?  One that is
    not TOML counts when it names the tool, so that its problem is said rather than passed over."""
    try:
        with path.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError:
        return False
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return TABLE.encode() in raw
    tool = data.get("tool")
    return isinstance(tool, dict) and TABLE in tool


def load_settings(path: Path) -> Settings:
    """The settings in ``path``; :class:`ConfigError` for anything that cannot be used."""
    try:
        raw = path.read_bytes() if path.stat().st_size <= MAX_BYTES else None
    except OSError as err:
        raise ConfigError(f"{path}: cannot read ({err.strerror or err})") from None
    if raw is None:
        raise ConfigError(f"{path}: larger than {MAX_BYTES // 1024} KB; not a configuration file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        raise ConfigError(f"{path}:{line}: not UTF-8 (byte {raw[err.start]:#04x})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"{path}: not valid TOML: {err}") from None
    own = path.name != PYPROJECT
    if own:
        table, prefix = data, ""
    else:
        tool = data.get("tool")
        table = tool.get(TABLE) if isinstance(tool, dict) else None
        prefix = f"tool.{TABLE}"
        if table is None:
            return Settings(path)
        if not isinstance(table, dict):
            raise ConfigError(f"{path}:{_line(text, prefix, None)}: [{prefix}] must be a table")
    return _settings(path, text, prefix, table)


def _settings(path: Path, text: str, prefix: str, table: dict[str, Any]) -> Settings:
    def fail(key: str, why: str) -> ConfigError:
        return ConfigError(f"{path}:{_line(text, prefix, key)}: {key}: {why}")

    for key in table:
        if key not in KEYS:
            raise fail(key, f"unknown setting (known: {', '.join(KEYS)})")
    values: dict[str, Any] = {"path": path}
    if "rules" in table:
        rules = table["rules"]
        if not isinstance(rules, str) or not rules.strip():
            raise fail("rules", "must be a ruleset name or a path, as a string")
        values["rules"] = _ruleset_spec(rules, path.parent)
    if "format" in table:
        from .formats import FORMATS

        if table["format"] not in FORMATS:
            raise fail("format", f"must be one of {', '.join(FORMATS)}, not {_shown(table['format'])}")
        values["format"] = table["format"]
    for key in ("select", "ignore", "extend-select", "extend-ignore"):
        if key in table:
            values[key.replace("-", "_")] = _selectors(table[key], fail, key)
    if "exclude" in table:
        values["exclude"] = _patterns(table["exclude"], fail)
    if "set" in table:
        values["overrides"] = _overrides(table["set"], fail, path, text, prefix)
    return Settings(**values)


def _ruleset_spec(value: str, folder: Path) -> str:
    """A bundled name as it is; a path relative to the configuration file's folder."""
    from .resources import bundled_rulesets

    if value in bundled_rulesets():
        return value
    candidate = Path(value)
    return str(candidate if candidate.is_absolute() else folder / candidate)


def _selectors(value: Any, fail: Any, key: str) -> tuple[str, ...]:
    from .selection import SelectorError, parse_selectors

    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise fail(key, "must be a list of codes or categories, e.g. [\"R501\", \"left-bower\"]")
    try:
        return parse_selectors(value)
    except SelectorError as err:
        raise fail(key, str(err)) from None


def _patterns(value: Any, fail: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise fail("exclude", "must be a list of paths or patterns, as .gitignore writes them, e.g. [\"drafts/\"]")
    from .exclusion import ExclusionError, check_patterns

    try:
        return check_patterns(value)
    except ExclusionError as err:
        raise fail("exclude", str(err)) from None


def _overrides(value: Any, fail: Any, path: Path, text: str, prefix: str) -> tuple[str, ...]:
    """``set``: a list of "KEY=VALUE" strings, or a table of keys (dotted or nested) and values."""
    from .rules.loader import RulesetError, load_ruleset

    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        entries = [(v, v.partition("=")[0].strip()) for v in value]
    elif isinstance(value, dict):
        entries = [(f"{key}={json.dumps(v, ensure_ascii=False)}", key) for key, v in _flatten(value)]
    else:
        raise fail("set", "must be a list of \"KEY=VALUE\" strings or a table of rule keys")
    for entry, key in entries:
        if "=" not in entry:
            raise fail("set", f"{_shown(entry)} is not KEY=VALUE")
        try:
            load_ruleset(overrides=[entry])
        except RulesetError as err:
            line = _line(text, f"{prefix}.set" if prefix else "set", key.split(".")[-1]) if isinstance(value, dict) else None
            where = f"{path}:{line or _line(text, prefix, 'set')}"
            reason = err.problems[0].removeprefix("--set ")
            raise ConfigError(f"{where}: set: {reason}") from None
    return tuple(entry for entry, _ in entries)


def _flatten(table: dict[str, Any], above: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for key, value in table.items():
        name = f"{above}.{key}" if above else key
        if isinstance(value, dict):
            out.extend(_flatten(value, name))
        else:
            out.append((name, value))
    return out


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


_HEADER = re.compile(r"^\s*\[([^\[\]]+)\]\s*(#.*)?$")


def _line(text: str, table: str, key: str | None) -> int:
    """The line of ``key`` in ``table`` (dotted, "" for the top level), else of the table's header (or
    of the line that opens it: ``euchre-audit = {...}``, ``euchre-audit.format = ...``), else 1."""
    current, opened = "", 0
    wanted = _normal(table)
    full_key = f"{wanted}.{key}" if wanted else key
    for number, line in enumerate(text.splitlines(), 1):
        header = _HEADER.match(line)
        if header:
            current = _normal(header.group(1))
            if current == wanted:
                opened = opened or number
            continue
        if "=" not in line or line.lstrip().startswith("#"):
            continue
        bare = _normal(line.split("=", 1)[0].strip())
        name = f"{current}.{bare}" if current else bare
        if key is not None and name == full_key:
            return number
        if not opened and (name == wanted or name.startswith(wanted + ".")):
            opened = number
    return opened or 1


def _normal(name: str) -> str:
    return ".".join(part.strip().strip("\"'") for part in name.split(".")) if name else ""
