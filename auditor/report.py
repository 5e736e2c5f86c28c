"""Render audit results: a ruling to read aloud, JSON for programs, lint lines.

The report knows findings and results, never the rules that produced them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TextIO

from .audit import FileAudit
from .cards import Seat
from .findings import Finding, Severity
from .replay.results import GameResult, HandResult, Outcome

_OUTCOME_WORDS = {
    Outcome.MAKE: "made it",
    Outcome.MARCH: "march",
    Outcome.LONE_MAKE: "made it alone",
    Outcome.LONE_MARCH: "lone march",
    Outcome.EUCHRE: "euchred",
    Outcome.LONE_EUCHRE: "lone hand euchred",
    Outcome.THROWN_IN: "thrown in",
    Outcome.MISDEAL: "misdeal declared",
    Outcome.FAST_BREAK: "fast break: no score",
    Outcome.UNKNOWN: "not scored from the record",
}


def finding_dict(path: str, f: Finding) -> dict[str, Any]:
    return {
        "path": path,
        "game": f.game,
        "hand": f.hand,
        "trick": f.trick,
        "seat": f.seat.name if f.seat is not None else None,
        "category": f.category.value,
        "code": f.code.code,
        "name": f.code.name,
        "severity": f.level.value,
        "line": f.pos.line,
        "column": f.pos.column,
        "message": f.message,
        "proof": list(f.proof),
    }


def game_dict(path: str, g: GameResult) -> dict[str, Any]:
    return {
        "path": path,
        "game": g.index,
        "ruleset": g.ruleset,
        "tags": {t.name: t.value for t in g.tags},
        "computed": {"NS": g.computed_ns, "EW": g.computed_ew},
        "recorded": {"NS": g.recorded.ns, "EW": g.recorded.ew} if g.recorded is not None else None,
        "winner": g.winner.value if g.winner is not None else None,
        "won_in_hand": g.won_in_hand,
        "finished": g.finished,
        "deals": g.deals,
        "tokens": {"NS": g.tokens[0], "EW": g.tokens[1]} if g.tokens is not None else None,
        "hands": [hand_dict(h) for h in g.hands],
        "notes": list(g.notes),
        **({"drinks": g.drinks} if g.drinks is not None else {}),
    }


def hand_dict(h: HandResult) -> dict[str, Any]:
    return {
        "hand": h.number,
        "line": h.pos.line,
        "dealer": h.dealer.name if h.dealer is not None else None,
        "maker": h.maker.name if h.maker is not None else None,
        "trump": h.trump.value if h.trump is not None else None,
        "no_trump": h.no_trump,
        "alone": h.alone,
        "defender_alone": h.defender_alone.name if h.defender_alone is not None else None,
        "tricks": {"NS": h.tricks_ns, "EW": h.tricks_ew} if h.tricks_ns is not None else None,
        "points": {"NS": h.points_ns, "EW": h.points_ew},
        "outcome": h.outcome.value,
        "points_from_sheet": h.from_sheet,
        "token": h.token.value if h.token is not None else None,
        "token_point": h.token_point,
        "counted": h.counted,
        "recorded": {"NS": h.recorded.ns, "EW": h.recorded.ew} if h.recorded is not None else None,
        "corrected": {"NS": h.total_ns, "EW": h.total_ew},
        "notes": list(h.notes),
    }


def write_json(audits: Iterable[FileAudit], out: TextIO) -> None:
    findings: list[dict[str, Any]] = []
    games: list[dict[str, Any]] = []
    problems: list[str] = []
    for audit in audits:
        problems.extend(audit.problems)
        for game in audit.games:
            games.append(game_dict(audit.path, game))
            findings.extend(finding_dict(audit.path, f) for f in game.all_findings())
    json.dump({"findings": findings, "games": games, "errors": problems}, out, indent=2, ensure_ascii=False)
    out.write("\n")


def write_lint(audit: FileAudit, out: TextIO) -> None:
    for game in audit.games:
        for f in game.all_findings():
            out.write(f"{audit.path}:{f.pos.line}:{f.pos.column}: {f.code.code} {f.message}\n")


# ---------------------------------------------------------------- the ruling
def write_text(audit: FileAudit, out: TextIO) -> None:
    for game in audit.games:
        _write_game(audit.path, game, out)


def _write_game(path: str, game: GameResult, out: TextIO) -> None:
    title = game.tag("Event") or f"game {game.index}"
    out.write(f"{path}: game {game.index}: {title}\n")
    info = [f"{t.name}: {t.value}" for t in game.tags if t.name.lower() not in {"event"}]
    if info:
        out.write("  " + "; ".join(info) + "\n")
    out.write(f"  rules: {game.ruleset}\n")
    findings = game.all_findings()
    errors = sum(1 for f in findings if f.level is Severity.ERROR)
    warnings = len(findings) - errors
    out.write(f"  {errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}\n")
    for f in findings:
        where = [f"hand {f.hand}" if f.hand is not None else None, f"trick {f.trick}" if f.trick else None, f.seat.name if f.seat is not None else None]
        label = ", ".join(w for w in where if w)
        out.write(f"\n  {path}:{f.pos.line}:{f.pos.column}: {f.code.code} {f.code.name} [{f.level.value}]")
        out.write(f" ({label})\n" if label else "\n")
        out.write(f"    {f.message}\n")
        for line in f.proof:
            out.write(f"      - {line}\n")
    notes = [note for h in game.hands for note in h.notes]
    if notes:
        out.write("\n")
        for note in notes:
            out.write(f"  note: {note}\n")
    if game.hands:
        out.write(f"\n  {'hand':>4}  dealer  {'result':<46}  {'points':>6}   {'sheet':<9}  corrected\n")
        for h in game.hands:
            out.write("  " + _hand_row(h) + "\n")
    if game.drinks is not None:
        _write_drinks(game, out)
    out.write("\n  " + _verdict(game) + "\n\n")


def _hand_row(h: HandResult) -> str:
    if h.broken:
        result = "unreadable (see the syntax error)" + ("; points from the sheet" if h.from_sheet else "")
    else:
        result = _OUTCOME_WORDS[h.outcome]
        if h.outcome is Outcome.UNKNOWN:
            result = ("points from the sheet" if h.from_sheet
                      else "scores alike whatever the record lost" if h.settled else result)
        if h.maker is not None:
            trump = h.trump.value if h.trump is not None else h.no_trump or "?"
            taken = h.tricks(h.maker.team)
            tricks = f", {taken} trick{'' if taken == 1 else 's'}" if taken is not None else ""
            against = f" against {h.defender_alone} alone" if h.defender_alone is not None else ""
            result = f"{h.maker}{' alone' if h.alone else ''} {trump}{tricks}{against}: {result}"
        elif h.outcome is Outcome.UNKNOWN and (h.from_sheet or h.settled):
            result = f"bidding not known: {result}"
        if h.penalized is not None:
            result += f"; renege penalty on {h.penalized}"
        if h.token is not None:
            result += f"; token {h.token}" + (", set +1" if h.token_point else "")
        if not h.counted:
            result += " (after the game ended)"
    points = f"{h.points_ns}-{h.points_ew}"
    sheet = f"{h.recorded.ns}-{h.recorded.ew}" if h.recorded is not None else "-"
    corrected = f"{h.total_ns}-{h.total_ew}"
    flag = "" if h.recorded is None or (h.recorded.ns, h.recorded.ew) == (h.total_ns, h.total_ew) else "  <- differs"
    dealer = h.dealer.name if h.dealer is not None else "?"
    return f"{h.number:>4}  {dealer:^6}  {result:<46}  {points:>6}   {sheet:<9}  {corrected}{flag}"


def _write_drinks(game: GameResult, out: TextIO) -> None:
    """The drinks each player owes under the ruleset's drinking rules, per hand and in all."""
    assert game.drinks is not None
    names = {seat.name: f"{seat.name} ({game.player(seat)})" if game.player(seat) else seat.name for seat in Seat}
    out.write("\n  Drinks owed under this ruleset's drinking rules:\n")
    hands = sorted({hand for entries in game.drinks.values() for hand, _, _ in entries})
    for number in hands:
        out.write(f"    hand {number}\n")
        for seat, entries in game.drinks.items():
            mine = [(reason, count) for hand, reason, count in entries if hand == number]
            if mine:
                out.write(f"      {names[seat]}: {sum(count for _, count in mine)}\n")
                for reason, count in mine:
                    out.write(f"        {count:>3}  {reason}\n")
    totals = ", ".join(f"{names[seat]} {sum(c for _, _, c in entries)}" for seat, entries in game.drinks.items())
    out.write(f"    game total: {totals}\n")


def _verdict(game: GameResult) -> str:
    score = f"NS {game.computed_ns}, EW {game.computed_ew}"
    sheet = f" (the sheet shows NS {game.recorded.ns}, EW {game.recorded.ew})" if game.recorded is not None else ""
    tokens = f" Four-trick tokens held: NS {game.tokens[0]}, EW {game.tokens[1]}." if game.tokens is not None else ""
    deals = f"{game.deal_limit} deal{'s' if game.deal_limit != 1 else ''}"
    if game.deal_limit and game.finished:
        if game.won_in_hand is None:
            end = f"The game's {deals} ended in deals that are not in the record."
        elif game.winner is not None:
            end = f"{game.winner} won, ahead after the last of {deals} (hand {game.won_in_hand})."
        else:
            end = f"The game ended in a tie after the last of {deals} (hand {game.won_in_hand})."
    elif game.winner is not None:
        end = f"{game.winner} won in hand {game.won_in_hand}."
    elif game.deal_limit:
        end = f"No side has won yet: {game.deals} of {deals} are recorded."
    else:
        end = "No side has won yet."
    return f"Corrected score: {score}{sheet}. {end}{tokens}"
