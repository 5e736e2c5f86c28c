"""YAML from other people, read safely: every problem is a :class:`YamlProblem` with its line and column.

PyYAML's ``SafeLoader`` constructs no Python object, but it lets some input
escape as a traceback: a tagged scalar it cannot read (``!!int x``, ``!!bool x``,
``!!timestamp x``, ``0x_``) raises ValueError, KeyError or AttributeError; an
integer of more than 4,300 digits raises ValueError; a thousand nested ``[``
raise RecursionError; and a control character is reported with an offset, not
a line.  :func:`load` reads with :class:`SafeRulesetLoader`, which refuses
anchors and aliases (no "billion laughs"), nesting deeper than :data:`MAX_DEPTH`, more
than :data:`MAX_VALUES` values and numbers longer than :data:`MAX_NUMBER_CHARS`, and turns every constructor
failure into a positioned problem.
"""

from __future__ import annotations

import re
from typing import Any

import yaml
from yaml.constructor import ConstructorError
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.reader import ReaderError

#: Deeper nesting than this is refused (a ruleset has two levels: a section and its keys).
MAX_DEPTH = 16
#: More keys, values and list items than this are refused: hoyle, the largest bundled ruleset, has 155, and
#: PyYAML's nodes cost some 700 bytes per byte of a ruleset made of short keys (a 240 KB ruleset of 24,000 keys
#: grew the process by 162 MB); so a ruleset's memory is bounded by its values, whatever its size in bytes.
MAX_VALUES = 2048
#: A number written with more characters than this is refused (a ruleset's numbers are at most 1000).
MAX_NUMBER_CHARS = 100
#: Values and keys quoted in messages are cut to this many characters.
SHOWN_CHARS = 40

_WHAT = {"bool": "true or false", "int": "a whole number", "float": "a number", "timestamp": "a date"}
_NUMBER_TAGS = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}
#: where PyYAML ends a line (its marks count lines this way)
_LINE_END = re.compile("\r\n|[\n\r\x85\u2028\u2029]")


class YamlProblem(Exception):
    """Text that is not usable YAML: ``message``, at ``line`` and ``column`` (from 1) when known."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column

    def where(self, label: str) -> str:
        """``label:line:col``, or ``label`` alone when the position is unknown."""
        return f"{label}:{self.line}:{self.column}" if self.line is not None else label


def cut(text: str) -> str:
    """``text`` for a message: cut short if long."""
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + "..."


def shown(text: str) -> str:
    """``text`` quoted for a message, cut short if long."""
    return repr(cut(text))


class SafeRulesetLoader(yaml.SafeLoader):
    """A SafeLoader that refuses anchors, aliases and deep nesting, and never lets a scalar raise."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.depth = 0
        self.values = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        event = self.peek_event()
        if self.check_event(yaml.AliasEvent):
            raise yaml.composer.ComposerError(None, None, "aliases (*name) are not allowed in a ruleset", event.start_mark)
        if getattr(event, "anchor", None):
            raise yaml.composer.ComposerError(None, None, "anchors (&name) are not allowed in a ruleset", event.start_mark)
        if self.depth >= MAX_DEPTH:  # composing recurses once a level: refuse before Python's limit
            raise yaml.composer.ComposerError(None, None, f"values nested more than {MAX_DEPTH} deep", event.start_mark)
        self.values += 1
        if self.values > MAX_VALUES:  # refused as it is read: the nodes before it are all that is held
            raise yaml.composer.ComposerError(None, None, f"more than {MAX_VALUES:,} keys, values and list items", event.start_mark)
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def construct_object(self, node: Node, deep: bool = False) -> Any:
        if node.tag in _NUMBER_TAGS and isinstance(node.value, str) and len(node.value) > MAX_NUMBER_CHARS:
            raise ConstructorError(
                None, None, f"a number written with {len(node.value):,} characters; the limit is {MAX_NUMBER_CHARS}", node.start_mark
            )
        try:
            return super().construct_object(node, deep)
        except yaml.YAMLError:
            raise
        except (ValueError, TypeError, LookupError, AttributeError, OverflowError):  # LookupError: KeyError, IndexError
            # a scalar its tag cannot read (``!!int x``): PyYAML's constructors raise these as they come
            tag = node.tag.rsplit(":", 1)[-1]
            what = _WHAT.get(tag, "a value of its kind")
            value = node.value if isinstance(node.value, str) else ""
            raise ConstructorError(None, None, f"{shown(value)} cannot be read as {what} (!!{tag})", node.start_mark) from None


def load(text: str) -> tuple[Node | None, Any]:
    """The node tree of one YAML document (None if empty) and the data it makes; :class:`YamlProblem` if unusable."""
    loader = None
    try:
        loader = SafeRulesetLoader(text)
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        message = err.problem or err.context or "not YAML"
        if mark is None:
            raise YamlProblem(message) from None
        raise YamlProblem(message, mark.line + 1, mark.column + 1) from None
    except ReaderError as err:  # a character YAML does not allow, found before any parsing
        lines = _LINE_END.split(text[: err.position])
        raise YamlProblem(f"the character #x{err.character:04x} is not allowed ({err.reason})", len(lines), len(lines[-1]) + 1) from None
    except ValueError as err:  # a number PyYAML's scanner reads itself (``%YAML 1.000...``) past Python's digits limit
        message = f"a number too long to read ({str(err).split(':')[0]})"
        if loader is None:
            raise YamlProblem(message) from None
        mark = loader.get_mark()
        raise YamlProblem(message, mark.line + 1, mark.column + 1) from None
    except yaml.YAMLError as err:  # pragma: no cover - every PyYAML error is one of the above
        raise YamlProblem(str(err).splitlines()[0]) from None
    finally:
        if loader is not None:
            loader.dispose()
    return node, data


def key_positions(node: Node | None) -> dict[tuple[Any, ...], tuple[int, int]]:
    """The line and column of every key (and list item) of a tree, by its path: one walk, for every lookup."""
    found: dict[tuple[Any, ...], tuple[int, int]] = {}
    todo: list[tuple[tuple[Any, ...], Node | None]] = [((), node)]
    while todo:
        path, current = todo.pop()
        if isinstance(current, MappingNode):
            for key_node, value_node in current.value:
                if isinstance(key_node, ScalarNode):
                    where = path + (key_node.value,)
                    found.setdefault(where, (key_node.start_mark.line + 1, key_node.start_mark.column + 1))
                    todo.append((where, value_node))
        elif isinstance(current, SequenceNode):
            for index, item in enumerate(current.value):
                found[path + (index,)] = (item.start_mark.line + 1, item.start_mark.column + 1)
                todo.append((path + (index,), item))
    return found


def keys_written_twice(node: Node | None, label: str, prefix: str = "") -> list[str]:
    """A key written twice in one mapping: YAML keeps the last in silence, so each is a problem."""
    problems: list[str] = []
    if isinstance(node, MappingNode):
        first: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = str(key_node.value)
            where = f"{prefix}.{key}" if prefix else key
            mark = key_node.start_mark
            if key in first:
                problems.append(f"{label}:{mark.line + 1}:{mark.column + 1}: {cut(where)}: "
                                f"the key is written twice (first on line {first[key]})")
            else:
                first[key] = mark.line + 1
            problems.extend(keys_written_twice(value_node, label, where))
    elif isinstance(node, SequenceNode):
        for item in node.value:
            problems.extend(keys_written_twice(item, label, prefix))
    return problems
