"""One style for every table the terminal shows (standings, stats, codes, rules), drawn by rich.

A head, a rule under it, columns two spaces apart, numbers to the right; no frame.  On a terminal
the table keeps to its width (rich wraps the widest text column); elsewhere (a pipe, a file) a row
is one line whatever its length, so that grep and diff see whole rows.  Colour (the head in bold)
only on a terminal or with FORCE_COLOR, never with NO_COLOR, as rich decides.
"""

from __future__ import annotations

import io
import os
from collections.abc import Container, Iterable, Sequence
from typing import Any, TextIO

#: the width of a table that is not on a terminal: wide enough that no row is ever wrapped
UNBOUNDED = 100_000


def _terminal_width(out: TextIO) -> int | None:
    try:
        if out.isatty():
            return os.get_terminal_size(out.fileno()).columns
    except (AttributeError, ValueError, OSError):
        pass
    return None


def write_table(out: TextIO, head: Sequence[str], rows: Iterable[Sequence[str]], *, right: Container[int] = (),
                indent: int = 0, wrap: int | None = None, width: int | None = None) -> None:
    """Write ``rows`` under ``head``; columns whose index is in ``right`` are set to the right;
    ``wrap`` is the column that may wrap on a narrow terminal (default: none but the last); ``width``: the
    width to keep to when the caller has chosen the columns that fit it (default: the terminal's, if any)."""
    from rich import box
    from rich.console import Console
    from rich.padding import Padding
    from rich.table import Table

    width = width or _terminal_width(out)
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True, header_style="bold")
    last = len(head) - 1
    for i, name in enumerate(head):
        may_wrap = i == (last if wrap is None else wrap)
        table.add_column(name, justify="right" if i in right else "left", no_wrap=not may_wrap or width is None,
                         overflow="fold")
    for row in rows:
        table.add_row(*row)
    drawn = io.StringIO()
    terminal = _terminal_width(out) is not None
    console = Console(file=drawn, width=width or UNBOUNDED, highlight=False, emoji=False, markup=False,
                      soft_wrap=False, legacy_windows=False, force_terminal=terminal or None,
                      **({} if terminal else {"color_system": _forced()}))
    console.print(Padding(table, (0, 0, 0, indent), expand=False) if indent else table)
    out.write("".join(line.rstrip() + "\n" for line in drawn.getvalue().splitlines()))  # no cell's padding at a row's end


def _forced() -> Any:
    """Colour where output is no terminal: only when FORCE_COLOR asks (and NO_COLOR does not forbid)."""
    return "standard" if os.environ.get("FORCE_COLOR") and not os.environ.get("NO_COLOR") else None


def frame_rows(frame: Any, decimals: int = 1) -> tuple[list[str], list[list[str]], set[int]]:
    """A polars frame as (head, rows of text, the numeric columns); floats to ``decimals`` places."""
    numeric = {i for i, dtype in enumerate(frame.dtypes) if dtype.is_numeric()}
    floats = {i for i, dtype in enumerate(frame.dtypes) if dtype.is_float()}
    rows = [[_cell(value, i in floats, decimals) for i, value in enumerate(row)] for row in frame.iter_rows()]
    return list(frame.columns), rows, numeric


def _cell(value: Any, is_float: bool, decimals: int) -> str:
    if value is None:
        return ""
    if is_float:
        return f"{value:.{decimals}f}"
    return str(value)
