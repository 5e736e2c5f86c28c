"""What the replay of a hand asks of the analysis: a claim to check, offences to measure.

The replay asks :func:`judge` (before the hand is scored) only for a hand that
has a claim or a failure to follow, with the hand as a frozen value
(:class:`~.asked.HandState`); the answer (:class:`~.asked.Ruling`) is all the
analysis gives back.
"""

from __future__ import annotations

from .asked import HandState, Ruling
from .claims import judge_claim
from .gains import judge_gains


def judge(hand: HandState) -> Ruling:
    """The claim first (it gives the hand its last tricks), then what each offence gained."""
    ruling = Ruling(hand.findings, hand.tricks_won)
    if hand.record.claim is not None:
        ruling = judge_claim(hand, ruling)
    if hand.renege_seats:
        ruling = judge_gains(hand, ruling)
    return ruling
