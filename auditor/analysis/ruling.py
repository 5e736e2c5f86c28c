"""What the replay of a hand asks of the analysis: a claim to check, offences to measure.

:meth:`auditor.replay.hand.HandReplay.run` calls :func:`judge` (before the hand
is scored) and :func:`points_decided` (after) only for a hand that has a claim
or a failure to follow, so that every other hand pays nothing, not even this
module's import.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..results import PlayFact
from .claims import judge_claim
from .gains import judge_gains

if TYPE_CHECKING:
    from ..replay.hand import HandReplay


def judge(replay: HandReplay, facts: list[PlayFact]) -> None:
    """The claim first (it gives the hand its last tricks), then what each offence gained."""
    if replay.record.claim is not None:
        judge_claim(replay, facts)
    if replay.result.renege_seats:
        judge_gains(replay, facts)


def points_decided(replay: HandReplay) -> None:
    """The hand's points on the findings whose ruling decided them: a failed claim, tricks restored to equity."""
    result = replay.result
    points = tuple(zip(result.sides, result.points))
    for code, seat in replay.scoring_findings:
        for i, f in enumerate(result.findings):
            if f.code is code and f.seat is seat and f.points is None:
                result.findings[i] = replace(f, points=points)
