"""One running total of the score sheet written wrong, the next right again: one slip of arithmetic.

The sheet is checked entry by entry, each against the one before it, so a
single wrong total would show twice: at the wrong entry, and at the right one
after it (which differs from the wrong one).  So a wrong entry is held until
the next shows what it was, side by side:

- the next entry comes back to the score the hands make: the table kept the
  right score and only the line was written wrong: the entry is named once,
  as a slip (a warning), with the total most likely meant, and the entry after
  it is not faulted;
- the next entry carries on from the entry as written: the sheet's error;
- the next entry carries on from neither: it is wrong too, or is itself a
  slip that the entry after it comes back from (then it is named as the
  slip, and the first entry is the sheet's error).
"""

from __future__ import annotations

from dataclasses import dataclass, field

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


def meant(wrong: WrongEntry) -> tuple[int, ...]:
    """The entry as the hands make it, from the sheet's entry before it."""
    return tuple(x + y for x, y in zip(wrong.last, _minus(wrong.total, wrong.at_last)))


def kept(wrong: WrongEntry, sheet: tuple[int, ...], total: tuple[int, ...]) -> tuple[int, ...]:
    """The entry as the table kept it: on each side it was wrong, the value the next entry (``sheet``, at
    corrected ``total``) carries on from, the next hand scored as the hands make it; elsewhere as written.
    Where that is the entry as the hands make it, the next entry came back, and the line alone was wrong."""
    right = meant(wrong)
    return tuple(x - (t - at) if w != r else w
                 for w, r, x, t, at in zip(wrong.written, right, sheet, total, wrong.total))


def running_total_slip(wrong: WrongEntry, table: Table, game: int, number: int, sheet: tuple[int, ...]) -> Finding:
    sides = table.sides
    right = meant(wrong)
    line = "score" + "".join(f" {side.value} {value}" for side, value in zip(sides, right))
    message = (f"the running total after hand {wrong.number} is written {spelled(sides, wrong.written)}; it is most "
               f"likely {spelled(sides, right)}, as the hands make it and the next entry (after hand {number}, "
               f"{spelled(sides, sheet)}) comes back to: one slip of arithmetic on this line: write `{line}`")
    return Finding(RUNNING_TOTAL_SLIP, message, wrong.pos, game, wrong.number,
                   proof=("the sheet's score is right before this entry and after it: the hands are scored as the "
                          "table scored them, and the slip is this line's alone",))


@dataclass(slots=True)
class HeldEntries:
    """The wrong entries the sheet's next entries have not yet shown the nature of."""

    table: Table
    game: int
    wrong: WrongEntry | None = None
    #: a wrong entry whose next entry carried on from neither it nor the hands: faulted, unless the next entry
    #: is itself a slip that the one after it comes back from (then the next one is judged from it as written)
    first: WrongEntry | None = field(default=None)

    def next_entry(self, sheet: tuple[int, ...], total: tuple[int, ...], number: int, usable: bool,
                   last: tuple[int, ...]) -> tuple[list[Finding], tuple[int, ...]]:
        """What the entries held were, now that the entry ``sheet`` of hand ``number`` (at corrected ``total``;
        ``usable``: one hand since, scored from the cards, not at the cap) shows it, and the score this entry is
        judged from (``last``, the entry before it as written, unless the table kept another)."""
        wrong, self.wrong = self.wrong, None
        first, self.first = self.first, None
        out = [first.finding] if first is not None else []
        if wrong is None:
            return out, last
        carried = kept(wrong, sheet, total) if usable else wrong.written
        if carried == meant(wrong):  # came back: one slip of arithmetic on that line
            return [*out, running_total_slip(wrong, self.table, self.game, number, sheet)], carried
        if carried == wrong.written or first is not None:  # carried on: the sheet's error
            return [*out, wrong.finding], last
        self.first = wrong  # the next entry may itself be a slip: the one after it tells
        return out, last

    def flush(self) -> list[Finding]:
        """What the entries held were, the sheet showing no more: the sheet's errors."""
        out = [held.finding for held in (self.first, self.wrong) if held is not None]
        self.first = self.wrong = None
        return out
