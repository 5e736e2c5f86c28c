"""The season's charts, drawn with matplotlib (no pyplot, no display): points per player, the score race, the
make rate by round. Each takes plain figures and gives a :class:`~matplotlib.figure.Figure`, which
:func:`save` writes as PNG or SVG and :func:`inline_svg` turns into markup for the HTML pages.

Made to be read at once: the points axis spans the data (dots, not bars, so that no length is read
from a zero that is not there), the race shows each player's points above or below the field's
average (the leaders part from the pack instead of climbing one diagonal together), every player is
drawn and the leaders named at the end of their lines, and the make rates carry their number of
calls and a 95% interval. Text is never read as mathematics (a ``$`` in a name stays a ``$``).
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: players named at the end of their line in the race (the first places); the others are drawn in grey
RACE_NAMED = 6
#: the colours of the named players (colour-blind safe: Okabe and Ito), the sheet's, the grid's
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
SHEET, GREY, INK = "#999999", "#c8c8c8", "#222222"
_STYLE = {
    "text.parse_math": False, "svg.fonttype": "none", "svg.hashsalt": "euchre-audit", "font.size": 9,
    "axes.spines.top": False, "axes.spines.right": False, "axes.edgecolor": "#888888", "axes.titlesize": 10,
    "axes.titleweight": "bold", "axes.titlelocation": "left", "axes.grid": True, "grid.color": "#e6e6e6",
    "xtick.color": "#444444", "ytick.color": "#444444", "axes.labelcolor": "#444444", "figure.dpi": 100,
}


@dataclass(frozen=True, slots=True)
class Rate:
    """A share of calls made: ``made`` of ``calls``."""

    label: str
    made: int
    calls: int

    @property
    def pct(self) -> float:
        return 100.0 * self.made / self.calls

    def interval(self) -> tuple[float, float]:
        """The Wilson score interval at 95%, in per cent."""
        n, p, z = self.calls, self.made / self.calls, 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return 100 * max(0.0, centre - half), 100 * min(1.0, centre + half)


def _figure(width: float, height: float) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _style() -> Any:
    import matplotlib

    return matplotlib.rc_context(_STYLE)


def _span(values: Sequence[float], floor: float | None = None, ceiling: float | None = None) -> tuple[float, float]:
    """An axis that holds the values with a little room, not stretched to a zero the data is far from."""
    low, high = min(values), max(values)
    pad = max((high - low) * 0.12, abs(high) * 0.02, 0.5)
    low, high = low - pad, high + pad
    if floor is not None:
        low = max(floor, low)
    if ceiling is not None:
        high = min(ceiling, high)
    return low, high


def points_chart(names: Sequence[str], points: Sequence[float], sheet: Sequence[float] | None = None,
                 title: str = "Points per player", unit: str = "points") -> Any:
    """A dot per player (in the order given, the first at the top), on an axis that spans the points; with ``sheet``,
    an open ring where the score sheets had another figure, joined to the corrected one."""
    with _style():
        fig = _figure(6.4, 0.9 + 0.24 * max(1, len(names)))
        ax = fig.add_subplot()
        rows = list(range(len(names)))[::-1]
        values = list(points) + [s for s in (sheet or ())]
        ax.set_xlim(*_span(values))
        ax.set_ylim(-0.7, len(names) - 0.3)
        ax.set_yticks(rows, [str(n) for n in names])
        ax.grid(axis="y", visible=False)
        ax.tick_params(axis="y", length=0)
        differs = False
        for y, value, i in zip(rows, points, range(len(names))):
            other = sheet[i] if sheet is not None else value
            if other != value:
                differs = True
                ax.plot([other, value], [y, y], color=SHEET, linewidth=1, zorder=2)
                ax.plot([other], [y], "o", markerfacecolor="white", markeredgecolor=SHEET, markersize=6, zorder=3)
            ax.plot([value], [y], "o", color=COLOURS[0], markersize=6, zorder=4)
            ax.annotate(_number(value) + (f" (sheet {_number(other)})" if other != value else ""), (max(value, other), y),
                        xytext=(7, 0), textcoords="offset points", va="center", fontsize=8, color=INK)
        ax.set_xlabel(unit + ("; open rings: the score sheets' figure where it differs" if differs else ""))
        ax.set_title(title)
        ax.margins(x=0.15)
        low, high = ax.get_xlim()
        ax.set_xlim(low, high + (high - low) * 0.18)  # room for the labels
    return fig


def race_chart(rounds: Sequence[str], totals: dict[str, Sequence[int]], order: Sequence[str],
               title: str = "The race: points above or below the average player after each round") -> Any:
    """Each player's running total less the field's average at that round (everyone drawn; the first
    :data:`RACE_NAMED` of ``order`` in colour and named at their line's end)."""
    with _style():
        fig = _figure(6.4, 3.6)
        ax = fig.add_subplot()
        n = len(rounds)
        xs = list(range(1, n + 1))
        mean = [sum(t[i] for t in totals.values()) / len(totals) for i in range(n)]
        named = list(order[:RACE_NAMED])
        for name in [p for p in order if p not in named]:
            ax.plot(xs, [v - m for v, m in zip(totals[name], mean)], color=GREY, linewidth=1, zorder=1)
        ends: list[tuple[float, str, str]] = []
        for i, name in enumerate(named):
            ys = [v - m for v, m in zip(totals[name], mean)]
            colour = COLOURS[i % len(COLOURS)]
            ax.plot(xs, ys, color=colour, linewidth=2, zorder=3, marker="o" if n <= 12 else None, markersize=3)
            ends.append((ys[-1], f"{i + 1}. {name} {totals[name][-1]}", colour))
        for y, text, colour in _spread(ends, ax, n):
            ax.annotate(text, (n, y[0]), xytext=(n + 0.25 + 0.02 * n, y[1]), textcoords="data", va="center", fontsize=8,
                        color=colour, annotation_clip=False,
                        arrowprops={"arrowstyle": "-", "color": colour, "linewidth": 0.6, "shrinkA": 0, "shrinkB": 2})
        ax.axhline(0, color="#888888", linewidth=0.8, zorder=2)
        from matplotlib.ticker import MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(nbins=min(n, 10), integer=True))
        ax.set_xticks([t for t in ax.get_xticks() if 1 <= t <= n], [rounds[int(t) - 1] for t in ax.get_xticks() if 1 <= t <= n])
        ax.set_xlim(0.7, n + 0.3)
        ax.set_xlabel("round" + (f"; {len(totals) - len(named)} more players in grey" if len(totals) > len(named) else ""))
        ax.set_ylabel("points above the average")
        ax.set_title(title)
        ax.grid(axis="x", visible=False)
    return fig


def _spread(ends: list[tuple[float, str, str]], ax: Any, n: int) -> list[tuple[tuple[float, float], str, str]]:
    """The end labels moved apart (a line of 8-point text each, with room between) so that none covers another,
    and kept inside the axis."""
    ax.figure.canvas.draw()  # the axis limits and size as drawn
    low, high = ax.get_ylim()
    gap = 1.5 * 8 * ax.figure.dpi / 72 * (high - low) / ax.get_window_extent().height
    placed: list[float] = []
    for y, _, _ in sorted(ends, key=lambda e: -e[0]):
        placed.append(min(y, placed[-1] - gap) if placed else min(y, high - gap / 2))
    lift = max(0.0, low + gap / 2 - placed[-1]) if placed else 0.0
    ordered = sorted(ends, key=lambda e: -e[0])
    return [((y, at + lift), text, colour) for (y, text, colour), at in zip(ordered, placed)]


def make_rate_chart(rates: Sequence[Rate], title: str = "Calls made, by round") -> Any:
    """A dot per kind of call at its make rate, with its 95% interval and number of calls, on an axis that spans them."""
    rates = [r for r in rates if r.calls > 0]
    with _style():
        fig = _figure(6.4, 0.9 + 0.42 * max(1, len(rates)))
        ax = fig.add_subplot()
        if not rates:
            ax.text(0.5, 0.5, "no calls", ha="center", va="center", transform=ax.transAxes)
            ax.set_axis_off()
            return fig
        rows = list(range(len(rates)))[::-1]
        bounds = [b for r in rates for b in r.interval()]
        ax.set_xlim(*_span(bounds, 0, 100.5))
        ax.set_ylim(-0.7, len(rates) - 0.3)
        ax.set_yticks(rows, [r.label for r in rates])
        ax.grid(axis="y", visible=False)
        ax.tick_params(axis="y", length=0)
        for y, r in zip(rows, rates):
            low, high = r.interval()
            ax.plot([low, high], [y, y], color=COLOURS[0], alpha=0.35, linewidth=5, solid_capstyle="round")
            ax.plot([r.pct], [y], "o", color=COLOURS[0], markersize=7)
            ax.annotate(f"{r.pct:.1f}% of {r.calls:,} calls", (r.pct, y), xytext=(0, 9), textcoords="offset points",
                        ha="center", fontsize=8, color=INK)
        ax.set_xlabel("calls made (3 tricks or more), per 100; the band: 95% interval")
        ax.set_title(title)
    return fig


def _number(value: float) -> str:
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.2f}"


def save(fig: Any, path: Path) -> None:
    """Write the chart as PNG or SVG, by the file's suffix (the same chart always gives the same SVG)."""
    with _style():
        fig.savefig(path, dpi=150, metadata={"Date": None} if path.suffix == ".svg" else None)


_PROLOG = re.compile(r"\A.*?(?=<svg)", re.S)
_METADATA = re.compile(r"<metadata>.*?</metadata>\s*", re.S)
_SIZE = re.compile(r'(<svg[^>]*?) width="[^"]*" height="[^"]*"')


def inline_svg(fig: Any, label: str, name: str) -> str:
    """The chart as an ``<svg>`` element for an HTML page: no prolog, no metadata, no link to another document,
    as wide as its box, with ``label`` for a screen reader (matplotlib escapes every text it writes)."""
    buffer = io.StringIO()
    with _style():
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    text = _METADATA.sub("", _PROLOG.sub("", buffer.getvalue(), count=1))
    text = text.replace(' xmlns:xlink="http://www.w3.org/1999/xlink"', "").replace("xlink:href=", "href=")
    text = _SIZE.sub(r"\1", text, count=1)
    from markupsafe import escape

    return text.replace("<svg ", f'<svg class="chart" role="img" aria-label="{escape(label)}" data-chart="{escape(name)}" ', 1)
