"""Values worked out from a ruleset once per ruleset object (its table, its deck).

A game's replay asks for them once a game; working them out from the
ruleset's fields each time was a measurable part of a big audit.  A loaded
ruleset is never changed in place (``--set`` and ``[Set]`` make a new one), so
the object's identity is a sound key; the ruleset is kept beside the value so
that its id cannot be reused while the entry lives.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from .schema import Ruleset

T = TypeVar("T")

#: more distinct ruleset objects than this (a long run under many [Set] variations) and a cache starts again
MAX_RULESETS = 256


def per_ruleset(compute: Callable[[Ruleset], T]) -> Callable[[Ruleset], T]:
    """``compute(rules)``, remembered for each ruleset object."""
    known: dict[int, tuple[Ruleset, T]] = {}

    @wraps(compute)
    def lookup(rules: Ruleset) -> T:
        entry = known.get(id(rules))
        if entry is not None and entry[0] is rules:
            return entry[1]
        if len(known) >= MAX_RULESETS:
            known.clear()
        value = compute(rules)
        known[id(rules)] = (rules, value)
        return value

    return lookup
