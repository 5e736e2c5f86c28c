"""A view as a table on a terminal: the columns that fit its width, rates with the digits that tell the rows apart.

The columns are chosen here and drawn in the tool's one terminal table style
(:mod:`auditor.terminal_table`): the width is ``COLUMNS`` when it is set, else the terminal's, else 80 columns. The key column
comes first, then as many of the others as fit, in the view's order; a line under the table names
those left out and how to see them.
"""

from __future__ import annotations

import io
import math
import os
import shutil
import textwrap
from collections.abc import Sequence

import polars as pl

#: a table never narrower than this, whatever the terminal says
NARROWEST = 40
#: the most digits after the point a rate is shown with
MOST_DIGITS = 4
NULL = "-"


def screen_width() -> int:
    """``COLUMNS`` when set to a number, else the terminal's width, else 80."""
    text = os.environ.get("COLUMNS", "").strip()
    if text.isascii() and text.isdigit():
        return max(NARROWEST, int(text))
    return max(NARROWEST, shutil.get_terminal_size((80, 24)).columns)


def digits(values: Sequence[float | None]) -> int:
    """Digits after the point for a column of rates: enough for two significant digits of its smallest value that is
    not 0, and for every two values that differ at three digits to differ as shown (at least 1, at most 4)."""
    present = [v for v in values if v is not None and math.isfinite(v)]
    small = min((abs(v) for v in present if abs(v) > 0), default=None)
    need = 1 if small is None else 1 - math.floor(math.log10(small))
    distinct = len({round(v, 3) for v in present})
    apart = next((d for d in (1, 2, 3) if len({round(v, d) for v in present}) == distinct), 3)
    return max(1, min(MOST_DIGITS, max(need, apart)))


def _text(column: pl.Series) -> pl.Series:
    """A column as the table shows it: numbers right-aligned at one width, rates with :func:`digits`, nulls as -."""
    if column.dtype.is_float():
        d = digits(column.to_list())
        cells = [NULL if v is None or not math.isfinite(v) else f"{v:.{d}f}" for v in column.to_list()]
    elif column.dtype.is_integer():
        cells = [NULL if v is None else str(v) for v in column.to_list()]
    else:
        return column.cast(pl.String).fill_null(NULL)
    width = max([len(column.name), *(len(c) for c in cells)])  # right-aligned under the heading too
    return pl.Series(column.name, [c.rjust(width) for c in cells], dtype=pl.String)


def _width(column: pl.Series) -> int:
    """The characters a column takes in the table: its widest cell or heading and the two spaces before the next."""
    cells = column.str.len_chars().max() if column.len() else 0
    return max(len(column.name), int(cells or 0)) + 2


def _render(frame: pl.DataFrame, width: int, numeric: set[str]) -> str:
    from ..terminal_table import write_table

    drawn = io.StringIO()
    right = {i for i, name in enumerate(frame.columns) if name in numeric}
    write_table(drawn, frame.columns, frame.rows(), right=right, width=width)
    return drawn.getvalue().rstrip("\n")


def table_text(frame: pl.DataFrame, width: int | None = None, fit: bool = True) -> str:
    """The view as text for a terminal ``width`` characters wide (the screen's by default); with ``fit``, the key
    column and the next ones that fit, columns empty in every row left out, and a note naming what was left out."""
    width = width or screen_width()
    shown = frame.select(_text(frame[c]) for c in frame.columns)
    numeric = {c for c, dtype in zip(frame.columns, frame.dtypes) if dtype.is_numeric()}
    if not fit:
        return _render(shown, 10_000, numeric) + "\n"
    key, rest = shown.columns[0], shown.columns[1:]
    empty = [c for c in rest if frame[c].null_count() == frame.height and frame.height > 0]
    rest = [c for c in rest if c not in empty]
    chosen, used = [key], _width(shown[key])
    left_out: list[str] = []
    for c in rest:
        if not left_out and used + _width(shown[c]) <= width:
            chosen.append(c)
            used += _width(shown[c])
        else:
            left_out.append(c)
    text = _render(shown.select(chosen), width, numeric)
    while len(chosen) > 2 and max(map(len, text.splitlines())) > width:  # the estimate was short: one column fewer
        left_out.insert(0, chosen.pop())
        text = _render(shown.select(chosen), width, numeric)
    if not left_out:
        return text + "\n"
    note = (f"{len(left_out)} more column{'s' if len(left_out) != 1 else ''} (--columns NAME,... or --columns all "
            f"shows them, --format csv writes them, --explain NAME says what one means): {', '.join(left_out)}")
    return text + "\n" + "\n".join(textwrap.wrap(note, width)) + "\n"
