"""Mutations that know the shape of their input: JSON (EGN, EMN, the model's JSON), YAML
rulesets, and the values of ``--set`` and of a game's ``[Set "..."]`` tag.

JSON is mutated as a tree and written back; what a tree cannot hold (nesting a
million deep, numbers past any float, a key written twice) is spliced into the
text in place of a placeholder string.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

#: created (in the input's folder, written {dir}) by the YAML payloads below if a loader ever
#: builds Python objects; the runner looks for it
CANARY = "fuzz-canary-python-object-was-built"

_DEPTHS = [63, 64, 65, 100, 1000, 20_000, 200_000]
#: the most one mutation may add to a JSON document by repeating a part of it
GROWTH_BYTES = 2 * 1024 * 1024
_HUGE_NUMBERS = [
    "1" * 4301, "-" + "9" * 5000, "1e999", "-1e999", "1e-999", "0." + "0" * 5000 + "1", "1" + "0" * 400 + ".5",
    "123456789012345678901234567890", "9007199254740993", "4294967296", "-0", "1E400", "2e308",
    "NaN", "Infinity", "-Infinity", "01", "1.", ".5", "+1", "0x10", "1_000",
]
_WRONG_VALUES: list[Any] = [
    None, True, False, 0, -1, 4, 5, 255, 2**31, 2**63, 1.5, -0.0, "", "x", "Jc", "jC", "10h", "Pass", "s", "alone",
    [], {}, [None], [[]], {"": None}, "\u0000", "\u2665", "\u0422c", "a" * 5000, list(range(200)),
]
_WRONG_RAWS = ['"\\ud800"', '"\\udfff\\ud800"', '"\\u0000"', '"' + "\\\\" * 1000 + '"', "[" + "0," * 100_000 + "0]"]


class _Doc:
    """A JSON document being mutated, with the raw texts to splice in when it is written."""

    def __init__(self, value: Any) -> None:
        self.value = value
        self.raws: dict[str, str] = {}

    def placeholder(self, raw: str) -> str:
        key = f"@@fuzz{len(self.raws)}@@"
        self.raws[key] = raw
        return key

    def slots(self, limit: int = 20_000) -> list[tuple[Any, Any]]:
        """(container, key) of every value in the document (breadth first, up to ``limit``)."""
        found: list[tuple[Any, Any]] = []
        queue: list[Any] = [self.value]
        while queue and len(found) < limit:
            node = queue.pop(0)
            items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
            for key, child in items:
                found.append((node, key))
                if isinstance(child, (dict, list)):
                    queue.append(child)
        return found

    def containers(self, kind: type) -> list[Any]:
        return [c[k] for c, k in self.slots() if isinstance(c[k], kind)] + ([self.value] if isinstance(self.value, kind) else [])

    def text(self, rng: random.Random) -> str:
        text = json.dumps(self.value, indent=rng.choice([None, 2, 2, 4]), ensure_ascii=rng.random() < 0.3)
        for key, raw in self.raws.items():
            text = text.replace(json.dumps(key), raw, 1)
        return text


def _deep(rng: random.Random) -> str:
    depth = rng.choices(_DEPTHS, weights=[3, 3, 3, 3, 3, 2, 1])[0]
    kind = rng.randrange(3)
    if kind == 0:
        return "[" * depth + "]" * depth
    if kind == 1:
        return '{"a":' * depth + "1" + "}" * depth
    return '[{"deals":' * (depth // 2) + "0" + "}]" * (depth // 2)


def _set_slot(rng: random.Random, doc: _Doc, value: Any) -> None:
    slots = doc.slots()
    if slots:
        container, key = rng.choice(slots)
        container[key] = value
    else:
        doc.value = value


def deep_nesting(rng: random.Random, doc: _Doc) -> None:
    _set_slot(rng, doc, doc.placeholder(_deep(rng)))


def huge_number(rng: random.Random, doc: _Doc) -> None:
    numbers = [(c, k) for c, k in doc.slots() if isinstance(c[k], (int, float)) and not isinstance(c[k], bool)]
    raw = doc.placeholder(rng.choice(_HUGE_NUMBERS))
    if numbers and rng.random() < 0.8:
        container, key = rng.choice(numbers)
        container[key] = raw
    else:
        _set_slot(rng, doc, raw)


def wrong_type(rng: random.Random, doc: _Doc) -> None:
    if rng.random() < 0.15:
        _set_slot(rng, doc, doc.placeholder(rng.choice(_WRONG_RAWS)))
    else:
        _set_slot(rng, doc, json.loads(json.dumps(rng.choice(_WRONG_VALUES))))


def drop_key(rng: random.Random, doc: _Doc) -> None:
    objects = [o for o in doc.containers(dict) if o]
    if objects:
        obj = rng.choice(objects)
        del obj[rng.choice(list(obj))]


def rename_key(rng: random.Random, doc: _Doc) -> None:
    objects = [o for o in doc.containers(dict) if o]
    if objects:
        obj = rng.choice(objects)
        old = rng.choice(list(obj))
        new = rng.choice([old.upper(), old.lower(), old + " ", "\u200b" + old, old[:-1], "", "fileType", "deals", "version"])
        obj[new] = obj.pop(old)


def duplicate_key(rng: random.Random, doc: _Doc) -> None:
    """A key written twice in one object (json.loads keeps the last)."""
    objects = [o for o in doc.containers(dict) if o]
    if objects:
        obj = rng.choice(objects)
        key = rng.choice(list(obj))
        obj[doc.placeholder(json.dumps(key))] = json.loads(json.dumps(rng.choice(_WRONG_VALUES[:20])))


def reshape_list(rng: random.Random, doc: _Doc) -> None:
    """A list emptied, cut, or grown by repeating one of its items (up to thousands of times, and
    up to :data:`GROWTH_BYTES`: a list may be repeated inside itself by a later mutation)."""
    lists = [lst for lst in doc.containers(list) if lst]
    if not lists:
        return
    lst = rng.choice(lists)
    choice = rng.randrange(3)
    if choice == 0:
        lst.clear()
    elif choice == 1:
        del lst[rng.randrange(len(lst))]
    else:
        text = json.dumps(lst[rng.randrange(len(lst))])
        times = min(rng.choice([1, 3, 60, 2500]), max(1, GROWTH_BYTES // len(text)))
        lst.extend(json.loads(text) for _ in range(times))  # copies: the document stays a tree


def swap_values(rng: random.Random, doc: _Doc) -> None:
    """Two values trade places (as copies: one may hold the other)."""
    slots = doc.slots()
    if len(slots) >= 2:
        (c1, k1), (c2, k2) = rng.sample(slots, 2)
        c1[k1], c2[k2] = json.loads(json.dumps(c2[k2])), json.loads(json.dumps(c1[k1]))


JSON_MUTATORS: list[tuple[str, int, Callable[[random.Random, _Doc], None]]] = [
    ("json_deep_nesting", 3, deep_nesting),
    ("json_huge_number", 4, huge_number),
    ("json_wrong_type", 10, wrong_type),
    ("json_drop_key", 5, drop_key),
    ("json_rename_key", 3, rename_key),
    ("json_duplicate_key", 2, duplicate_key),
    ("json_reshape_list", 5, reshape_list),
    ("json_swap_values", 4, swap_values),
]


def mutate_json(rng: random.Random, data: bytes, steps: list[str]) -> bytes:
    """``data`` (a JSON document) with one to four tree mutations; ``data`` unchanged if it is not JSON."""
    try:
        doc = _Doc(json.loads(data))
    except ValueError:
        return data
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 4])):
        name, _, fn = rng.choices(JSON_MUTATORS, weights=[w for _, w, _ in JSON_MUTATORS])[0]
        fn(rng, doc)
        steps.append(name)
    return doc.text(rng).encode("utf-8", errors="surrogatepass")


# ------------------------------------------------------------------------------- YAML
def _alias_bomb(rng: random.Random) -> str:
    kind = rng.randrange(4)
    if kind == 0:  # "billion laughs"
        lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
        for prev, name in zip("abcdefgh", "bcdefghi"):
            lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
        return "\n".join(lines) + "\n"
    if kind == 1:
        return "game: &g {target: 7}\nscoring: *g\n"
    if kind == 2:
        return "base: &b {make: 1, march: 2}\nscoring:\n  <<: *b\n"
    return "description: &d text\nsource: *d\n"


def _python_tag(rng: random.Random) -> str:
    payload = rng.choice([
        f'!!python/object/apply:os.system ["touch {{dir}}/{CANARY}"]',
        f'!!python/object/apply:builtins.open ["{{dir}}/{CANARY}", "w"]',
        "!!python/object:auditor.rules.schema.Ruleset {}",
        "!!python/object/new:type [x, [], {}]",
        "!!python/name:builtins.eval",
        "!!python/tuple [1, 2]",
        "!!python/module:os",
        "!!binary aGVsbG8=",
        "!!set {a, b}",
        "!!timestamp 2001-12-14",
        "!!omap [a: 1]",
        "!<tag:yaml.org,2002:python/object/apply:os.system> [\"true\"]",
    ])
    key = rng.choice(["description", "extends", "game", "target", "deck", "scoring"])
    if rng.random() < 0.2:
        return f"--- {payload}\n"
    if key == "target":
        return f"game:\n  target: {payload}\n"
    return f"{key}: {payload}\n"


def _size(rng: random.Random, small: int, *large: int) -> int:
    """Usually ``small``; one time in ten one of ``large`` (big rulesets take seconds to read)."""
    return rng.choice(large) if large and rng.random() < 0.1 else small


def _core_tag(rng: random.Random) -> str:
    """A value with an explicit core tag of YAML that does not fit it (!!int x)."""
    tag = rng.choice(["!!int", "!!float", "!!bool", "!!timestamp", "!!null", "!!str", "!!binary", "!!seq", "!!map"])
    value = rng.choice(["x", "''", "0x", "0b2", ".", "1e", "9" * 50, "2001-13-45", "yes please", "~~", "-", "[1]", "{a: 1}"])
    return f"game:\n  target: {tag} {value}\n" if rng.random() < 0.7 else f"{tag} {value}\n"


def _base36(number: int) -> str:
    """A short key: a letter, then base-36 digits."""
    digits = ""
    while number:
        number, digit = divmod(number, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[digit] + digits
    return "k" + digits


def _huge_value(rng: random.Random) -> str:
    kind = rng.randrange(9)
    if kind == 0:
        return "game:\n  target: 1" + "0" * rng.choice([20, 4300, 4301, _size(rng, 5000, 100_000)]) + "\n"
    if kind == 1:
        return "game: {target: " + rng.choice(["1e400", ".inf", "-.inf", ".nan", "0x10", "0o17", "1_000", "2026-11-30", "1.0", "true"]) + "}\n"
    if kind == 2:
        return "description: " + "a" * _size(rng, 501, 200_000, 300_000) + "\n"
    if kind == 3:
        return "deck:\n  ranks: [" + ", ".join(["9", "T", "J"] * _size(rng, 3, 1000, 40_000)) + "]\n"
    if kind == 4:
        depth = _size(rng, rng.choice([100, 1000]), 10_000, 100_000)
        return "game: " + "[" * depth + "]" * depth + "\n"
    if kind == 5:
        depth = _size(rng, 50, 300)
        return "".join("  " * i + f"k{i}:\n" for i in range(depth)) + "  " * depth + "v\n"
    if kind == 6:
        return "".join(f"{_base36(i)}: 1\n" for i in range(_size(rng, 100, 10_000, 30_000)))  # 30,000: about 240 KB
    if kind == 7:
        return "k" * _size(rng, 1025, 100_000) + ": 1\n"
    return "game: {" + rng.choice(["target: [1, 2]", "target: {a: 1}", "target: null", "target: -5", "win_by: 0", "? [a]: 1"]) + "}\n"


def _wrong_shape(rng: random.Random) -> str:
    return rng.choice([
        "extends: 5\n", "extends: [hoyle]\n", "extends: ''\n", "extends: fuzz-rules.yaml\n", "extends: ./fuzz-rules.yaml\n",
        "extends: /dev/zero\n", "extends: /\n", "extends: ../../../../../../etc/passwd\n", "extends: nosuch\n",
        "extends: game.txt\n", "deck: 5\n", "deck: {ranks: {a: 1}}\n", "deck: {ranks: [true, null, 1.5, 10, '10', 7]}\n",
        "drinks: true\n", "drinks: {}\n", "name: 123\n", "1: 2\n", "null: x\n", "true: y\n", "[a]: b\n",
        "---\n---\n", "- a\n- b\n", "just text\n", "'\n", "{\n", "a: b: c\n", "\t target: 7\n", "%YAML 9.9\n---\n",
        "scoring: {majority: 9}\n", "deck: {hand_size: 8, kitty: 8}\n", "play: {first_lead: sideways}\n",
    ])


YAML_PAYLOADS: list[tuple[str, int, Callable[[random.Random], str]]] = [
    ("yaml_alias_bomb", 2, _alias_bomb),
    ("yaml_python_tag", 3, _python_tag),
    ("yaml_core_tag", 2, _core_tag),
    ("yaml_huge_value", 3, _huge_value),
    ("yaml_wrong_shape", 4, _wrong_shape),
]


def mutate_yaml(rng: random.Random, data: bytes, steps: list[str]) -> bytes:
    """A ruleset with a hostile piece put before, after, or in place of its text."""
    name, _, fn = rng.choices(YAML_PAYLOADS, weights=[w for _, w, _ in YAML_PAYLOADS])[0]
    steps.append(name)
    piece = fn(rng).encode()
    where = rng.randrange(3)
    if where == 0:
        return piece
    if where == 1:
        return data + (b"" if data.endswith(b"\n") else b"\n") + piece
    lines = data.splitlines(keepends=True)
    i = rng.randint(0, len(lines))
    return b"".join(lines[:i]) + piece + b"".join(lines[i:])


# -------------------------------------------------------------------- --set values
SET_KEYS = [
    "target", "game.target", "game.win_by", "scoring.euchre", "scoring.majority", "deck.ranks", "deck.hand_size",
    "deck.kitty", "bidding.stick_the_dealer", "play.first_lead", "drinks.euchred", "renege.hand_stands", "name",
    "description", "extends", "game", "nosuch", "game.nosuch", "a." * 50 + "b", ".target", "target.", "", " ",
    "g\u0430me.target", "GAME.TARGET",
]
SET_VALUES = [
    "7", "15", "0", "-1", "1001", "1" * 199, "1" * 200, "1" * 201, "1e308", "1e999", ".inf", ".nan", "0x10", "true",
    "null", "~", "", "[7, 8, 9, T, J, Q, K, A]", "[9, 9]", "[[1]]", "[" * 100 + "]" * 100, "{a: 1}", "&a x", "*a",
    "!!python/object/apply:os.system ['true']", "!!binary aGk=", "'", '"', "\x00", "\u2028", "a: b", "- x", "2026-11-30",
    "dealer-left", "sideways", "\u0422",
]


def set_override(rng: random.Random) -> str:
    key = rng.choice(SET_KEYS)
    value = rng.choice(SET_VALUES)
    return f"{key}={value}" if rng.random() < 0.95 else key
