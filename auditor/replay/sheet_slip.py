"""One running total of the score sheet written wrong, the next right again: one slip of arithmetic.

The sheet is checked entry by entry, each against the one before it, so a
single wrong total would show twice: at the wrong entry, and at the right one
after it (which differs from the wrong one).  When the next entry comes back
to the score the hands make, the table kept the right score and only the
line was written wrong: the wrong entry is named once, as a slip (a warning),
with the total most likely meant, and the entry after it is not faulted.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..findings import RUNNING_TOTAL_SLIP, Finding
from ..model import Pos
from ..table import Table, spelled


@dataclass(frozen=True, slots=True)
class WrongEntry:
    """A sheet entry that disagreed with the hands: its finding, held until the next entry shows what it was."""

    finding: Finding
    last: tuple[int, ...]  # the sheet's entry before it
    at_last: tuple[int, ...]  # the corrected score at that entry
    total: tuple[int, ...]  # the corrected score at this entry
    written: tuple[int, ...]  # this entry as written
    number: int  # its hand
    pos: Pos


def _minus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x - y for x, y in zip(a, b))


def comes_back(wrong: WrongEntry, sheet: tuple[int, ...], total: tuple[int, ...]) -> bool:
    """Whether the next entry, ``sheet`` at corrected ``total``, adds up with the entry before the wrong one."""
    return _minus(sheet, wrong.last) == _minus(total, wrong.at_last)


def running_total_slip(wrong: WrongEntry, table: Table, game: int, number: int, sheet: tuple[int, ...]) -> Finding:
    meant = tuple(x + y for x, y in zip(wrong.last, _minus(wrong.total, wrong.at_last)))
    sides = table.sides
    line = "score" + "".join(f" {side.value} {value}" for side, value in zip(sides, meant))
    message = (f"the running total after hand {wrong.number} is written {spelled(sides, wrong.written)}; it is most "
               f"likely {spelled(sides, meant)}, as the hands make it and the next entry (after hand {number}, "
               f"{spelled(sides, sheet)}) comes back to: one slip of arithmetic on this line: write `{line}`")
    return Finding(RUNNING_TOTAL_SLIP, message, wrong.pos, game, wrong.number,
                   proof=("the sheet's score is right before this entry and after it: the hands are scored as the "
                          "table scored them, and the slip is this line's alone",))
