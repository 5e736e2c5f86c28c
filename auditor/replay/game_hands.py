"""The hands of a game replayed once each, in the file's order, before any of them is scored.

Hand numbers are a scorekeeper's labels: the deal's rotation is judged by the
order of the hands in the file, and a number out of step with its neighbours
is named as the numbering slip it is (G803, G804, G807), never as a dealing
error.

Nothing here reads the running score: a hand's number, who was to deal it,
and its own replay (its play, the slips read around it, the scores its lost
tricks allow) are the same whoever is ahead.  What the score decides (whether
the game was already won, the sheet, the tokens, the end) is the scoring
pass's (:mod:`.game`), which may so run again over the same hands
(:mod:`.open_end`) without replaying any.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial

from ..cards import Card, Seat
from ..findings import (
    DEAL_STOLEN,
    DEALER_OUT_OF_ROTATION,
    HAND_MISSING,
    HAND_NUMBER_OUT_OF_SEQUENCE,
    HAND_NUMBER_REPEATED,
    Finding,
)
from ..model import BrokenHand, GameRecord, HandRecord
from ..results import HandResult, Outcome
from ..rules.schema import AfterThrowIn, Ruleset
from ..said import said
from ..table import Table
from .edits import Dealing
from .readings import Replayed, replay_hand
from .search_budget import SearchBudget
from .slip_findings import slip_findings
from .slips import DEALER

#: the number the reader gives a hand whose ``hand`` line does not say it
UNKNOWN_NUMBER = -1


@dataclass(frozen=True, slots=True)
class Played:
    """One hand of the game replayed, not yet scored: the game's findings on its number and its dealer (in the
    order made), the hands a gap in the numbers before it leaves out, and (None for a hand that could not be
    read) the hand as read and its replay's result."""

    hand: HandRecord | BrokenHand
    gap: int
    findings: tuple[Finding, ...]
    record: HandRecord | None = None
    result: HandResult | None = None


class GameHands:
    """Numbers, the deal's rotation and each hand's own replay (mixed into :class:`~.game.GameReplay`)."""

    record: GameRecord
    rules: Ruleset
    table: Table
    deck: frozenset[Card]
    search_budget: SearchBudget

    def start_hands(self) -> None:
        self.expected_dealer: Seat | None = None
        self.last_dealer: Seat | None = None  # who dealt the hand before (deal.stealing: their partner may steal)
        self.last_number: int | None = None
        self.upcoming: HandRecord | BrokenHand | None = None  # the hand after the one being replayed
        self.dealings: dict[tuple[Seat | None, Seat | None, bool], Dealing] = {}
        self.dealt_from_left: tuple[int, int] | None = None  # of the game's hands with a deal line: (from the left, all)
        self.numbers_seen: set[int] = set()
        self.noted: list[Finding] = []  # the game's findings on the hand being replayed

    def play_hands(self) -> list[Played]:
        hands = self.record.hands
        played = []
        for i, hand in enumerate(hands):
            following = hands[i + 1].number if i + 1 < len(hands) else None
            self.upcoming = hands[i + 1] if i + 1 < len(hands) else None
            played.append(self._broken(hand, following) if isinstance(hand, BrokenHand) else self._play(hand, following))
        return played

    def _noted(self) -> tuple[Finding, ...]:
        found = tuple(self.noted)
        self.noted.clear()
        return found

    def _broken(self, hand: BrokenHand, following: int | None) -> Played:
        self.expected_dealer = self.last_dealer = None  # unknown: the rotation check restarts at the next hand
        gap, _ = self.check_numbering(hand.number, hand, following)
        return Played(hand, gap, self._noted())

    def _play(self, record: HandRecord, following: int | None) -> Played:
        index = self.record.index
        written = record
        gap, called = self.check_numbering(record.number, record, following)
        if called is not None and called != record.number:
            record = replace(record, number=called)  # the record stays as read; the ruling uses the number it meant
        # the rotation is evidence of who dealt: a dealer's letter that it and the hand contradict is a slip
        ruled = replay_hand(record, self.rules, index, self.deck,
                            partial(self.dealing, record, gap) if self.fits_witnesses(record, gap)
                            else self.dealing(record, gap), self.table, self.search_budget)
        self.hand_read(written, ruled)
        result, plan = ruled.result, ruled.plan
        if plan is not None or record.repairs or ruled.slips:
            result.findings.extend(slip_findings(ruled.record, plan, result, ruled.literal, index, ruled.slips))
        record = ruled.record  # the hand as read: its slips put right, a seat not at the table read as a lost line
        dealer_lost = (bool(record.lost) and any(lost.kind == DEALER for lost in record.lost)
                       or not ruled.dealer_known)
        if not dealer_lost:
            self.check_rotation(record, gap)
        dealer = self.expected_dealer if dealer_lost else record.dealer
        self.expected_dealer = self.next_dealer(dealer, result) if dealer is not None else None
        self.last_dealer = dealer
        return Played(written, gap, self._noted(), record, result)

    def hand_read(self, written: HandRecord, ruled: Replayed) -> None:
        """How the hand ``written`` was read: nothing to do for the audit (:mod:`.as_read` keeps it)."""

    def fits_witnesses(self, record: HandRecord, gap: int) -> bool:
        """Whether the dealer written on ``record`` fits every witness :meth:`dealing` would find, told in a few
        comparisons (False where it cannot tell so quickly): the rotation, the next hand's dealer on its left,
        the deal line starting on its left."""
        dealer = record.dealer
        expected = self.expected_dealer
        if expected is not None and dealer is not expected and not gap:
            return False
        left = self.table.left[dealer]
        if record.deal and record.deal[0].seat is not left:
            return False
        after = self.upcoming
        return not isinstance(after, HandRecord) or after.dealer is left

    def dealing(self, record: HandRecord, gap: int) -> Dealing:
        """What the hands around ``record`` say of who dealt it: the rotation from the hand before, and read
        backwards from the dealer written on the hand after it (the next number, its dealer written)."""
        after = self.upcoming
        following = None
        if isinstance(after, HandRecord) and after.number == record.number + 1 and (
                not after.lost or not any(lost.kind == DEALER for lost in after.lost)):
            following = after.dealer
        expected = self.expected_dealer if not gap else None
        # the deal line's order is a witness where the game writes its deals from the dealer's left (the notation
        # does; EGN lists the seats in a fixed order): a hand whose deal line fits costs nothing to ask
        fits = bool(record.deal) and record.deal[0].seat is self.table.left[record.dealer]
        speaks = fits or self.deals_from_the_left(record)
        known = self.dealings.get((expected, following, speaks))
        if known is None:  # (a few per game: one for each pair of seats)
            table = self.table
            before: frozenset[Seat] = frozenset()
            if following is not None:
                before = frozenset(s for s in table.seats if table.left[s] is following or (
                    self.rules.deal.stealing and table.partner[s] is following))
                if self.rules.deal.after_throw_in is AfterThrowIn.SAME_DEALER:
                    before |= {following}
            known = Dealing(expected, before, table.left if speaks else None)
            self.dealings[(expected, following, speaks)] = known
        return known

    def deals_from_the_left(self, record: HandRecord) -> bool:
        """Whether the game's other hands write their deal lines from the dealer's left, at least half of them
        (or there are none): then a deal line that does not is evidence against its dealer."""
        if self.dealt_from_left is None:
            left = self.table.left
            dealt = [h for h in self.record.hands if isinstance(h, HandRecord) and h.deal]
            self.dealt_from_left = (sum(1 for h in dealt if h.deal[0].seat is left[h.dealer]), len(dealt))
        fitting, dealt = self.dealt_from_left
        others = dealt - (1 if record.deal else 0)  # (this hand's line does not fit: it counts in neither)
        return others == 0 or 2 * fitting >= others

    # ---------------------------------------------------------------- numbers and the deal
    def check_numbering(self, number: int | None, hand: HandRecord | BrokenHand, following: int | None) -> tuple[int, int | None]:
        """Judge the hand's number against its neighbours: the number of hands a real gap leaves out, and
        the number the hand is called by (its place in the file, where its own number is a slip)."""
        index, prev = self.record.index, self.last_number
        if number is None or number == UNKNOWN_NUMBER:
            effective = prev + 1 if prev is not None else 1
            self.last_number = effective
            return 0, effective if number == UNKNOWN_NUMBER else None
        gap = 0
        effective = number
        repeated = number in self.numbers_seen
        if prev is None and following is not None and following <= number and following >= 2:
            effective = following - 1  # the first hand, and the next does not come after it: the slip is here
            self.noted.append(Finding(HAND_NUMBER_OUT_OF_SEQUENCE,
                                      f"hand {number} is the game's first hand, and the next is hand {following}: it is most "
                                       f"likely hand {effective}, and is called hand {effective} below", hand.pos, index, effective))
        elif prev is None or number == prev + 1:
            pass
        elif number > prev + 1 and not repeated and not (following is not None and following == prev + 2):
            gap = number - prev - 1
            span = f"hand {prev + 1}" if gap == 1 else f"hands {prev + 1}-{number - 1}"
            self.noted.append(Finding(HAND_MISSING, f"{span} of game {index} {'is' if gap == 1 else 'are'} not in the record", hand.pos, index, number))
        else:  # a slip of the pen: the hand is the next one, as its place in the file says
            effective = prev + 1
            if following is not None and following == prev + 2:
                where = f"stands between hands {prev} and {following}"
            elif repeated:
                where = f"is used again after hand {prev}"
            else:
                where = f"comes after hand {prev}: the numbers go backwards"
            again = " (the number is used twice)" if repeated and following == prev + 2 else ""
            code = HAND_NUMBER_REPEATED if repeated else HAND_NUMBER_OUT_OF_SEQUENCE
            self.noted.append(Finding(code, f"hand {number} {where}: it is most likely hand {effective}{again}, "
                                            f"and is called hand {effective} below", hand.pos, index, effective))
        self.numbers_seen.add(number)
        self.last_number = effective
        return gap, effective

    def check_rotation(self, record: HandRecord, gap: int) -> None:
        """The dealer against the hand before it in the file (and, past a gap, against the hands left out)."""
        expected = self.expected_dealer
        if expected is None or record.dealer is expected:
            return
        if gap:
            if self.rules.deal.after_throw_in is not AfterThrowIn.NEXT_DEALER or record.dealer is self.table.after(expected, gap):
                return  # the hands left out may have moved the deal on
        last = self.last_dealer
        if self.rules.deal.stealing and not gap and last is not None and self.table.partner[last] is record.dealer:
            self.noted.append(Finding(
                DEAL_STOLEN,
                said("{dealer}, partner of the last dealer {last}, deals hand {n} in place of {expected}: a stolen deal, "
                     "which stands when nobody notices", dealer=record.dealer, last=last, n=record.number, expected=expected),
                record.pos, self.record.index, record.number, seat=record.dealer,
            ))
            return
        severity = self.rules.deal.out_of_rotation
        self.noted.append(Finding(
            DEALER_OUT_OF_ROTATION,
            said("{dealer} deals hand {n}; by the rotation it was {expected}'s deal", dealer=record.dealer, n=record.number, expected=expected),
            record.pos, self.record.index, record.number, seat=record.dealer, severity=severity,
        ))

    def next_dealer(self, dealer: Seat, result: HandResult) -> Seat:
        # a declared misdeal passes the deal on (seed 003); a hand nobody makes follows deal.after_throw_in
        if result.outcome is Outcome.THROWN_IN and self.rules.deal.after_throw_in is AfterThrowIn.SAME_DEALER:
            return dealer
        return self.table.left[dealer]
