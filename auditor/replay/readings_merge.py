"""What the readings of a hand agree on: the findings every reading makes, the points if they all score alike.

A hand with a gap is replayed once per reading (:mod:`.readings`); no reading is
known to be the right one, so the ruling keeps only what holds in all of them.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import Seat
from ..findings import Finding
from ..model import Pos
from ..results import HandResult, Outcome


def _options(result: HandResult) -> tuple[tuple[int, ...], ...] | None:
    """The points (per side) a reading gives the hand; None when it cannot score it."""
    if result.outcome is Outcome.UNKNOWN and not result.settled:
        return result.possible or None
    return (result.points,)


def _key(f: Finding) -> tuple[str, Pos, Seat | None]:
    return (f.code.code, f.pos, f.seat)


def _agreed(finding: Finding, versions: dict[tuple[str, tuple[str, ...]], tuple[Finding, int]], by_majority: bool) -> Finding:
    """The finding as the readings word it, with the proof lines that every reading gives: in the first (the
    likeliest) reading's words, or ``by_majority`` where no reading is likelier than another (the suits a joker
    can have offered: a renege of clubs is "trump" in the one reading where clubs are trump)."""
    if len(versions) == 1:
        return finding
    base = finding
    if by_majority:
        counts: dict[str, int] = {}
        for version, count in versions.values():
            counts[version.message] = counts.get(version.message, 0) + count
        wording = max(counts, key=lambda message: (counts[message], message == finding.message))
        base = finding if wording == finding.message else next(v for v, _ in versions.values() if v.message == wording)
    proof = [line for line in base.proof if all(line in v.proof for v, _ in versions.values())]
    proof.append("the rest of its proof depends on what the record lost, so only what holds in every reading is shown")
    return replace(base, proof=tuple(proof))


def merge(results: list[HandResult], by_majority: bool = False) -> HandResult:
    """What every reading agrees on: findings made by all of them (worded as :func:`_agreed` says), points if
    they all score alike."""
    primary = results[0]
    if len(results) == 1:
        return primary
    common = set.intersection(*({_key(f) for f in r.findings} for r in results))
    # each distinct wording once: readings mostly word a finding alike, and a record whose findings share a
    # position (EGN's) gave hundreds of copies of each key, compared with each other (131 million times)
    versions: dict[tuple[str, Pos, Seat | None], dict[tuple[str, tuple[str, ...]], tuple[Finding, int]]] = {}
    for r in results:
        for f in r.findings:
            key = _key(f)
            if key in common:
                worded = versions.setdefault(key, {})
                wording = (f.message, f.proof)
                first, count = worded.get(wording, (f, 0))
                worded[wording] = (first, count + 1)
    merged = replace(primary, findings=[_agreed(f, versions[_key(f)], by_majority)
                                        for f in primary.findings if _key(f) in common])
    merged.renege_seats = tuple(s for s in primary.renege_seats if all(s in r.renege_seats for r in results))
    for name, empty in (("dealer", None), ("maker", None), ("trump", None), ("no_trump", None), ("round", None), ("alone", False),
                        ("defender_alone", None), ("tricks_won", None), ("up", None), ("token", None)):
        if any(getattr(r, name) != getattr(primary, name) for r in results):
            setattr(merged, name, empty)
    scored = {(r.points, r.outcome, r.penalized, r.possible, r.settled) for r in results}
    if len(scored) > 1:
        every = [_options(r) for r in results]
        options: list[tuple[int, ...]] = []
        for some in every:
            for option in some or ():
                if option not in options:
                    options.append(option)
        merged.outcome = Outcome.UNKNOWN
        merged.points = tuple(0 for _ in primary.points)
        merged.penalized = primary.penalized if all(r.penalized is primary.penalized for r in results) else None
        merged.settled = False
        merged.possible = ()
        if None in every:  # some reading cannot score the hand at all: only the sheet can
            pass
        elif len(options) == 1:
            merged.points = options[0]
            merged.settled = True
        else:
            merged.possible = tuple(options)
    return merged
