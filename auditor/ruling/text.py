"""The ruling as text, for a director to read aloud: findings in the players' names, their points,
and the results hand by hand in a table that stays aligned and fits the terminal.

Colour (severities, red suits, the rows that differ from the sheet) is an
option of the caller's, who knows whether the output is a terminal.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import TextIO

from ..cards import Card, Seat
from ..findings import Finding, Severity
from ..night import NightFinding
from ..results import GameResult
from ..summary import Summary
from .words import (
    Mentions,
    People,
    differs,
    plural,
    points_words,
    printable,
    result_words,
    score,
    sheet_score,
    summary_lines,
    verdict,
    where,
)

#: the narrowest the result column is squeezed to before the table is let run past the width
MIN_RESULT_WIDTH = 16


@dataclass(frozen=True, slots=True)
class TextStyle:
    """How the text ruling looks: colour (ANSI) or not, and the width of the terminal (None: any)."""

    color: bool = False
    width: int | None = None

    def paint(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.color and text else text

    def severity(self, level: Severity) -> str:
        return self.paint(f"[{level.value}]", "1;31" if level is Severity.ERROR else "1;33")

    def card(self, text: str, card: Card) -> str:
        return self.paint(text, "31") if card.suit.is_red and not card.is_joker else self.paint(text, "1")


PLAIN = TextStyle()


def write_game(path: str, game: GameResult, out: TextIO, style: TextStyle = PLAIN) -> None:
    """The ruling of one game, written to ``out`` in one piece (a write a line was a tenth of a big audit's
    ruling: ``out`` is often the terminal's or a pipe's text layer)."""
    parts: list[str] = []
    say = parts.append
    people = People(game)
    shown = printable(path)
    event = game.tag("Event")
    say(f"{shown}: game {game.index}: {printable(event)}\n" if event else f"{shown}: game {game.index}\n")
    info = [f"{printable(t.name)}: {printable(t.value)}" for t in game.tags if t.name.lower() != "event"]
    if info:
        say("  " + "; ".join(info) + "\n")
    say(f"  rules: {printable(game.ruleset)}\n")
    findings = game.all_findings()
    errors = sum(1 for f in findings if f.level is Severity.ERROR)
    say(f"  {plural(errors, 'error')}, {plural(len(findings) - errors, 'warning')}\n")
    for f in findings:
        _write_finding(shown, f, people, parts, style)
    notes = [note for h in game.hands for note in h.notes]  # what the analysis says besides findings (a claim that holds)
    if notes:
        say("\n")
        for note in notes:
            say(f"  note: {_sentence(note, people.mentions(), style)}\n")
    if game.hands:
        say("\n")
        for line in results_table(game, people, style):
            say(f"  {line}\n")
    if game.drinks is not None:
        _write_drinks(game, people, parts)
    say("\n  " + verdict(game, people) + "\n\n")
    out.write("".join(parts))


def write_findings(path: str, game: GameResult, out: TextIO, style: TextStyle = PLAIN) -> None:
    """Only the findings of a game, each as the ruling gives it (``--quiet``)."""
    findings = game.all_findings()
    if not findings:
        return
    people = People(game)
    shown = printable(path)
    parts: list[str] = []
    for f in findings:
        _write_finding(shown, f, people, parts, style)
    parts.append("\n")
    out.write("".join(parts))


def _write_finding(path: str, f: Finding, people: People, parts: list[str], style: TextStyle) -> None:
    say = parts.append
    label = where(f)
    location = style.paint(f"{path}:{f.pos.line}:{f.pos.column}:", "1")
    say(f"\n  {location} {style.paint(f.code.code, '1')} {f.code.name} {style.severity(f.level)}")
    say(f" ({label})\n" if label else "\n")
    mentions = people.mentions()
    say(f"    {_sentence(f.message, mentions, style)}\n")
    for line in f.proof:
        say(f"      - {_sentence(line, mentions, style)}\n")
    consequence = points_words(f, people)
    if consequence is not None:
        say(f"    Points: {consequence}.\n")


def _sentence(text: str, mentions: Mentions, style: TextStyle) -> str:
    return "".join(style.card(words, value) if isinstance(value, Card) else words for words, value in mentions.words(text))


# ------------------------------------------------------------------ the results table
_HEADERS = ("hand", "dealer", "result", "points", "sheet", "corrected")
_LEGEND = "points: what the hand scores; sheet, corrected: the running score after it (each {sides})"
_FLAG = "<- differs"
_LETTER = {seat: seat.name for seat in Seat}


def results_table(game: GameResult, people: People, style: TextStyle = PLAIN) -> list[str]:
    """The table of the game's hands: one row each (a long result wrapped within its column), a legend."""
    rows: list[tuple[str, str, str, str, str, str]] = []
    flags: list[bool] = []
    for h in game.hands:
        dealer = _LETTER[h.dealer] if h.dealer is not None else "?"  # the players are named in the results
        sheet = h.recorded_values()
        rows.append((str(h.number), dealer, result_words(h, people), score(h.points), sheet_score(h, sheet), score(h.totals)))
        flags.append(differs(h, sheet))
    widths = [max(len(header), *map(len, column)) for header, column in zip(_HEADERS, zip(*rows))] if rows else [len(h) for h in _HEADERS]
    gap = "  "
    fixed = sum(widths) - widths[2] + len(gap) * 5 + 2 + (len(_FLAG) + 2 if any(flags) else 0)
    if style.width is not None:
        widths[2] = max(MIN_RESULT_WIDTH, min(widths[2], style.width - fixed))
    lines = [_row(_HEADERS, widths, gap)]
    for cells, flagged in zip(rows, flags):
        flag = "  " + style.paint(_FLAG, "1;33") if flagged else ""
        if len(cells[2]) <= widths[2]:  # most results fit their column (textwrap was 3% of a big audit)
            lines.append(_row(cells, widths, gap) + flag)
            continue
        wrapped = textwrap.wrap(cells[2], widths[2], break_on_hyphens=False) or [""]
        lines.append(_row((cells[0], cells[1], wrapped[0], *cells[3:]), widths, gap) + flag)
        for more in wrapped[1:]:
            lines.append(_row(("", "", more, "", "", ""), widths, gap).rstrip())
    legend = _LEGEND.format(sides="-".join(side.value for side in game.sides))
    lines.extend(textwrap.wrap(legend, style.width - 2) if style.width and style.width > 20 else [legend])
    return lines


def _row(cells: tuple[str, ...] | list[str], widths: list[int], gap: str) -> str:
    hand, dealer, result, points, sheet, corrected = cells
    return gap.join((hand.rjust(widths[0]), dealer.ljust(widths[1]), result.ljust(widths[2]),
                     points.rjust(widths[3]), sheet.rjust(widths[4]), corrected.rjust(widths[5])))


def _write_drinks(game: GameResult, people: People, parts: list[str]) -> None:
    """The drinks each player owes under the ruleset's drinking rules, per hand and in all."""
    assert game.drinks is not None
    say = parts.append
    names = {seat.name: people.seat(seat) for seat in Seat}
    say("\n  Drinks owed under this ruleset's drinking rules:\n")
    hands = sorted({hand for entries in game.drinks.values() for hand, _, _ in entries})
    for number in hands:
        say(f"    hand {number}\n")
        for seat, entries in game.drinks.items():
            mine = [(reason, count) for hand, reason, count in entries if hand == number]
            if mine:
                say(f"      {names[seat]}: {sum(count for _, count in mine)}\n")
                for reason, count in mine:
                    say(f"        {count:>3}  {reason}\n")
    totals = ", ".join(f"{names[seat]} {sum(c for _, _, c in entries)}" for seat, entries in game.drinks.items())
    say(f"    game total: {totals}\n")


def write_summary(summary: Summary, out: TextIO, style: TextStyle = PLAIN) -> None:
    """The summary that ends a ruling of several files or games."""
    first, *rest = summary_lines(summary)
    out.write(style.paint(first, "1") + "\n")
    for line in rest:
        for part in textwrap.wrap(line, style.width - 2, subsequent_indent="    ") if style.width and style.width > 20 else [line]:
            out.write(f"  {part}\n")


def write_night(found: list[NightFinding], out: TextIO) -> None:
    """The night's findings after the games of a text ruling, as a game's findings are written."""
    if not found:
        return
    out.write(f"Across the games: {len(found)} finding{'' if len(found) == 1 else 's'}\n")
    for item in found:
        f = item.finding
        out.write(f"\n  {printable(item.file)}:{f.pos.line}:{f.pos.column}: {f.code.code} {f.code.name} [{f.level.value}]\n")
        out.write(f"    {f.message}\n")
        for line in f.proof:
            out.write(f"      - {line}\n")
    out.write("\n")
