"""Which findings are reported: ``--select`` and ``--ignore`` (and their ``--extend-`` forms) by code,
code prefix, name or category.

A selector is a code (``R501``), a code's prefix (``R5``, ``R``: every renege code), a finding
name (``score-mismatch``) or a category (``renege``, ``left-bower``), in any case; ``ALL``
selects every code.  A finding is reported when it matches a ``select`` selector (or none was
given) and no ``ignore`` selector.  Findings left out count nowhere: not in the report, the
summary, ``--statistics`` or the exit status.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from .findings import REGISTRY, Category, Code
from .results import GameResult

_PREFIX = re.compile(r"[A-Z]\d{0,3}\Z")


class SelectorError(ValueError):
    """A selector that names no code, prefix, name or category."""


def parse_selectors(values: Iterable[str]) -> tuple[str, ...]:
    """Selectors from option values (each may hold several, comma-separated), checked and upper-cased."""
    out: list[str] = []
    for value in values:
        for part in value.split(","):
            word = part.strip()
            if not word:
                continue
            if not matching(word):
                raise SelectorError(
                    f"{word[:40]!r} is no finding code, code prefix, name or category "
                    "(see `euchre-audit codes`; categories: " + ", ".join(c.value for c in Category) + ")"
                )
            out.append(word.upper())
    return tuple(out)


def matching(selector: str) -> list[Code]:
    """The codes a selector stands for (none: it is not a selector)."""
    word = selector.strip()
    upper, lower = word.upper(), word.lower()
    if upper == "ALL":
        return list(REGISTRY.values())
    return [
        c for c in REGISTRY.values()
        if (_PREFIX.match(upper) and c.code.startswith(upper)) or c.name == lower or c.category.value == lower
    ]


@dataclass(frozen=True, slots=True)
class Selection:
    select: tuple[str, ...] = ()  # empty: every code
    ignore: tuple[str, ...] = ()
    _wanted: frozenset[str] = field(init=False, repr=False, compare=False, default=frozenset())

    def __post_init__(self) -> None:
        chosen = {c.code for s in self.select for c in matching(s)} if self.select else set(REGISTRY)
        chosen -= {c.code for s in self.ignore for c in matching(s)}
        object.__setattr__(self, "_wanted", frozenset(chosen))

    @property
    def everything(self) -> bool:
        return len(self._wanted) == len(REGISTRY)

    def wants(self, code: Code) -> bool:
        return code.code in self._wanted

    def apply(self, game: GameResult) -> GameResult:
        """``game`` with only the wanted findings (the game itself when it keeps them all)."""
        if self.everything or all(self.wants(f.code) for f in game.all_findings()):
            return game
        hands = [
            h if all(self.wants(f.code) for f in h.findings)
            else dataclasses.replace(h, findings=[f for f in h.findings if self.wants(f.code)])
            for h in game.hands
        ]
        return dataclasses.replace(game, hands=hands, findings=[f for f in game.findings if self.wants(f.code)])


@dataclass(frozen=True, slots=True)
class Layer:
    """One source's say in the selection: the configuration file's, then the command line's."""

    select: tuple[str, ...] | None = None  # None: this layer keeps what the one below chose
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()


def layered(layers: Iterable[Layer]) -> Selection | None:
    """The findings wanted when each layer is laid over the one before, as ruff lays its settings: a
    layer's ``select`` starts again from the codes it names, ``extend_select`` adds codes, ``ignore``
    takes codes away (within a layer, ignore wins).  None: every finding."""
    wanted = set(REGISTRY)
    for layer in layers:
        if layer.select is not None:
            wanted = {c.code for s in layer.select for c in matching(s)}
        wanted |= {c.code for s in layer.extend_select for c in matching(s)}
        wanted -= {c.code for s in layer.ignore for c in matching(s)}
    if len(wanted) == len(REGISTRY):
        return None
    return Selection(tuple(sorted(wanted))) if wanted else Selection((), ("ALL",))
