"""The standings as text (to read out a prize list), CSV (a row a player) and JSON (everything)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any, TextIO

from ..ruling.words import plural
from ..said import printable
from .rank import Line, Standings, ordinal, place_words
from ..night import NightFinding

#: corrections listed by name under a player in the text; the rest are counted
LISTED_CHANGES = 8

_HEAD = ("place", "{who}", "games", "won", "points", "against", "lone", "euchres", "sheet place", "sheet won", "sheet points")


def _place(line: Line, sheet: bool = False) -> str:
    place, shared = (line.sheet_place, line.sheet_shared) if sheet else (line.place, line.shared)
    return f"{place}{'=' if shared else ''}"


def table_rows(s: Standings) -> list[tuple[str, ...]]:
    rows = []
    for line in s.lines:
        c, w = line.corrected, line.sheet
        rows.append((_place(line), printable(line.name), str(line.games), str(c.won), str(c.points), str(c.against),
                     str(c.lone_hands), str(c.euchres), _place(line, True), str(w.won), str(w.points)))
    return rows


def write_text(s: Standings, out: TextIO, night: Sequence[NightFinding] = ()) -> None:
    who = "player" if s.by == "player" else "partnership"
    title = f": {s.title}" if s.title else ""
    rounds = f"{plural(len(s.rounds), 'round')}, " if s.tagged else ""
    out.write(f"Standings{title} ({plural(s.games, 'game')}, {rounds}{plural(len(s.lines), who)})\n")
    out.write(f"  {s.rule_words()}; the sheet columns are the score sheets' own figures\n\n")
    head = (*(h.format(who=who) for h in _HEAD), "")
    rows = [(*r, "<- moved" if r[0] != r[8] else "") for r in table_rows(s)]  # the place, or its sharing, is not the sheets'
    from ..terminal_table import write_table

    write_table(out, head, rows, right=set(range(len(head) - 1)) - {1}, indent=2, wrap=1)
    out.write("  won: games won (a round's game each, on a progressive night); lone: lone hands made; euchres: euchres inflicted\n")
    said = [line for line in s.lines if said_of(line)]
    if said:
        out.write("\nWhat the corrections did:\n")
        for line in said:
            parts = change_parts(line)
            if len(parts) <= 1:
                out.write(f"  {change_sentence(line)}\n")
                continue
            out.write(f"  {change_head(line)}:\n")
            for part in parts:
                out.write(f"    {part}\n")
    sat = sat_out_in_order(s)
    if sat:
        out.write("\nSat out: " + "; ".join(f"{printable(line.name)} ({', '.join(line.sat_out)})" for line in sat) + "\n")
    if night:
        from ..ruling.text import write_night

        out.write("\n")
        write_night(list(night), out)


def sat_out_in_order(s: Standings) -> list[Line]:
    """The players who sat out a round, in the order of the rounds they sat out (then by name)."""
    order = {label: i for i, label in enumerate(s.rounds)}
    return sorted((line for line in s.lines if line.sat_out),
                  key=lambda line: ([order.get(r, len(order)) for r in line.sat_out], line.name))


def change_head(line: Line) -> str:
    """``Bob: 3rd on the sheets, 2nd corrected`` (and the games won, where a correction changed a game's winner)."""
    name = printable(line.name)
    won = (f" (games won {line.corrected.won}, {line.sheet.won} on the sheets)"
           if line.corrected.won != line.sheet.won else "")
    if line.moved:
        return (f"{name}: {place_words(line.sheet_place, line.sheet_shared)} on the sheets, "
                f"{place_words(line.place, line.shared)} corrected{won}")
    return f"{name}: {place_words(line.place, line.shared)} on the sheets and corrected{won}"


def change_parts(line: Line) -> list[str]:
    """What changed this line: its own corrections, whose corrections moved it when its points stand, and the
    other side's corrections that changed the result of one of its games (``+2 to Alice & Ivy``)."""
    own = [c for c in line.changes if not c.against]
    parts = [c.words() for c in own]
    if not own and line.moved_by:
        parts.append(f"{printable(line.name)}'s points stand; moved by the corrections of "
                     f"{', '.join(printable(n) for n in line.moved_by)}")
    parts += [c.words() for c in line.changes if c.against]
    if len(parts) > LISTED_CHANGES:
        parts[LISTED_CHANGES:] = [f"and {plural(len(parts) - LISTED_CHANGES, 'more correction')}"]
    return parts


def change_sentence(line: Line) -> str:
    """``Bob: 3rd on the sheets, 2nd corrected: hand 3 of round 2 (table 1): N (Bob) alone ..., +2 (P701)``."""
    parts = change_parts(line)
    return change_head(line) + (": " + "; ".join(parts) if parts else "")


def said_of(line: Line) -> bool:
    """Whether the corrections changed anything of this line's: its points, place or games won."""
    return bool(line.changes) or line.moved or line.corrected.won != line.sheet.won


def line_dict(line: Line) -> dict[str, Any]:
    def totals(t: Any, place: int, shared: bool) -> dict[str, Any]:
        return {"place": place, "shared": shared, "points": t.points, "against": t.against, "won": t.won, "tied": t.tied,
                "lone_hands": t.lone_hands, "euchres": t.euchres}

    return {
        "name": line.name,
        "games": line.games,
        "rounds": line.rounds,
        "corrected": totals(line.corrected, line.place, line.shared),
        "sheet": totals(line.sheet, line.sheet_place, line.sheet_shared),
        "corrections": [{"where": c.where, "what": c.what, "codes": list(c.codes), "points": c.delta, "file": c.file,
                         "line": c.line, "against": c.against} for c in line.changes],
        "moved_by": list(line.moved_by),
        "sat_out": list(line.sat_out),
        "said": change_sentence(line) if said_of(line) else None,
    }


def write_json(s: Standings, out: TextIO, night: Sequence[NightFinding] = ()) -> None:
    from ..report import finding_dict

    doc = {
        "title": s.title,
        "by": s.by,
        "games": s.games,
        "ranking": {"rank_by": s.rules.rank_by.value, "tie_break": [t.value for t in s.rules.tie_break], "words": s.rule_words()},
        "standings": [line_dict(line) for line in s.lines],
        "rounds": list(s.rounds),
        "running": {name: {"corrected": list(a), "sheet": list(b)} for name, (a, b) in sorted(s.running.items())},
        "findings": [finding_dict(n.file, n.finding) for n in night],
    }
    json.dump(doc, out, indent=2, ensure_ascii=False)
    out.write("\n")


CSV_COLUMNS = ("place", "shared", "name", "games", "rounds", "won", "tied", "points", "against", "lone_hands", "euchres",
               "sheet_place", "sheet_shared", "sheet_won", "sheet_tied", "sheet_points", "sheet_against", "corrections")


def write_csv(s: Standings, out: TextIO) -> None:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for line in s.lines:
        c, w = line.corrected, line.sheet
        writer.writerow((line.place, str(line.shared).lower(), line.name, line.games, line.rounds, c.won, c.tied, c.points,
                         c.against, c.lone_hands, c.euchres, line.sheet_place, str(line.sheet_shared).lower(), w.won, w.tied,
                         w.points, w.against, "; ".join(ch.words() for ch in line.changes)))
    out.write(buffer.getvalue())


__all__ = ["CSV_COLUMNS", "change_sentence", "ordinal", "write_csv", "write_json", "write_text"]
