"""The tags and comments of a game that EGN's metadata has no field for, carried in its description.

EGN's metadata holds a title, a description, a date, a game id, the players
and the scores, and nothing else (its schema allows no other key).  A game of
the notation has more that its ruling can rest on: the ``Rules`` and ``Set``
tags (the ruleset object holds only EGN's keys), ``Winner``, ``Complete``,
``InitialScore`` of a game of three, ``Round`` and ``Table`` of a night, and
comments.  They travel at the end of the description, after a line that says
what follows, written as the notation writes them:

    Club final, table 4

    --- euchre-audit: the game's tags and comments (ruleset 5e1f0c2a9b7d) ---
    [Round "1"]
    [Rules "hoyle"]
    # score kept by Carol

Read back, they are the game's tags and comments again.  The twelve hex digits
are a digest of the ruleset object written beside them: the ``Rules`` and
``Set`` tags are used in its place only while the object is the one written
(an EGN tool that changed the object has the last word).  Without the digest
(a game written under ``--rules`` or ``--set``) the object is used.  A game
that carries a trailer has ``[Complete "yes"]`` only if the trailer says so.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..model import Comment, GameRecord, Pos, Tag
from ..spelling import tag_line
from ..table import SEAT_WORDS, Table
from .rules import from_egn, hoyle_ruleset

#: EGN's longest description
DESCRIPTION_LIMIT = 1024
#: EGN's date: its schema's pattern, or an ISO 8601 date-time with its offset (the schema's "format")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\Z")
_DATE_TIME = re.compile(r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})\Z")
_MARK = "--- euchre-audit: the game's tags and comments"
_MARK_LINE = re.compile(re.escape(_MARK) + r"(?: \(ruleset ([0-9a-f]{12})\))? ---\Z")
_TAG = re.compile(r'\[([A-Za-z0-9_]{1,40}) "((?:[^"\\]|\\.)*)"\]\Z')
_UNESCAPE = re.compile(r"\\(.)")


def score_pair(text: str, table: Table) -> list[int] | None:
    """``NS 10 EW 7`` (two players: ``N 10 S 7``) as EGN's pair of scores; None for anything else."""
    parts = text.split()
    sides = [side.value for side in table.sides]
    if len(sides) == 2 and len(parts) == 4 and [p.upper() for p in parts[0::2]] == sides and all(p.isascii() and p.isdigit() for p in parts[1::2]):
        return [int(parts[1]), int(parts[3])]
    return None


def egn_date(value: str) -> bool:
    return bool(_DATE.match(value) or _DATE_TIME.match(value))


def held_tags(game: GameRecord, table: Table, in_match: bool) -> set[int]:
    """The indexes of the tags that EGN's metadata holds (the first of each name); the others are carried."""
    held: set[int] = set()
    seen: set[str] = set()
    seat_tags = {SEAT_WORDS[seat].lower() for seat in table.seats}
    for i, tag in enumerate(game.tags):
        name = tag.name.lower()
        if name in seen:
            continue
        keep = (name in {"event", "description", "gameid"} or name in seat_tags or (name == "date" and egn_date(tag.value))
                or (name == "match" and in_match)
                or (name in {"initialscore", "finalscore"} and score_pair(tag.value, table) is not None))
        if keep:
            held.add(i)
            seen.add(name)
    return held


def description_of(game: GameRecord, table: Table, in_match: bool, ruleset: dict[str, Any], forced: bool,
                   warn: Callable[[str], None]) -> str:
    """EGN's description of ``game``: its Description tag and, after the mark, the tags and comments EGN's
    metadata has no field for, unless an EGN reader supposes them all (a whole game under the ruleset object
    ``ruleset``).  ``forced``: ``ruleset`` is not what the game's Rules and Set tags give, which are not written."""
    where = f"game {game.index}"
    held = held_tags(game, table, in_match)
    tags = [t for i, t in enumerate(game.tags) if i not in held]
    if forced:
        dropped = [t for t in tags if t.name.lower() in {"rules", "set"}]
        tags = [t for t in tags if t not in dropped]
        if dropped:
            warn(f"{where}: written under --rules or --set, whose rules the ruleset object holds as far as EGN's keys go; "
                 "the game's " + " and ".join(tag_line(t) for t in dropped) + (" tags are" if len(dropped) > 1 else " tag is")
                 + " not kept")
    implied = {("complete", "yes")} | (set() if forced else {("set", from_egn(ruleset, hoyle_ruleset()).set_tag())})
    comments = list(game.comments)
    own = game.tag("Description") or ""
    if not comments and game.tag("Complete") is not None and all((t.name.lower(), t.value) in implied for t in tags):
        text = own
    else:
        digest = None if forced else ruleset_digest(ruleset)
        carried = trailer(tags, comments, digest)
        while len(carried) > DESCRIPTION_LIMIT and (comments or tags):
            gone = comments.pop() if comments else tags.pop()
            warn(f"{where}: EGN's description holds {DESCRIPTION_LIMIT} characters, too few for "
                 f"{gone.text if isinstance(gone, Comment) else tag_line(gone)!r}; it is not kept")
            carried = trailer(tags, comments, digest)
        room = DESCRIPTION_LIMIT - len(carried) - 2
        if len(own) > room:
            warn(f"{where}: the Description tag is cut to {max(room, 0)} characters, to leave room for the tags carried after it")
            own = own[: max(room, 0)]
        text = f"{own}\n\n{carried}" if own else carried
    if len(text) > DESCRIPTION_LIMIT:
        warn(f"{where}: the Description tag is cut to EGN's {DESCRIPTION_LIMIT} characters")
        text = text[:DESCRIPTION_LIMIT]
    return text


def ruleset_digest(ruleset: Any) -> str:
    """Twelve hex digits that name an EGN ruleset object (its keys and values, in any order)."""
    text = json.dumps(ruleset, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def trailer(tags: list[Tag], comments: list[Comment], digest: str | None) -> str:
    """The lines that carry ``tags`` and ``comments`` at the end of a description."""
    mark = _MARK + (f" (ruleset {digest})" if digest is not None else "") + " ---"
    return "\n".join([mark, *(tag_line(t) for t in tags), *(c.text.rstrip() for c in comments)])


@dataclass
class Carried:
    """What a description carries: its own text, and the tags and comments after the mark."""

    text: str
    present: bool = False
    digest: str | None = None
    tags: list[Tag] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)  # lines after the mark that are neither


def read_description(text: str, pos: Pos) -> Carried:
    """Split an EGN description into its own text and what the notation carried in it."""
    lines = text.split("\n")
    at = next((i for i, line in enumerate(lines) if _MARK_LINE.match(line.rstrip("\r"))), None)
    if at is None:
        return Carried(text)
    found = Carried("\n".join(lines[:at]).rstrip("\n"), True, _MARK_LINE.match(lines[at].rstrip("\r")).group(1))  # type: ignore[union-attr]
    for line in lines[at + 1:]:
        line = line.rstrip("\r")
        m = _TAG.match(line)
        if m is not None:
            found.tags.append(Tag(m.group(1), _UNESCAPE.sub(r"\1", m.group(2)), pos))
        elif line.startswith("#"):
            found.comments.append(Comment(line, "tags", False, pos))
        elif line.strip():
            found.unread.append(line)
    return found
