"""Replay a whole game: the rotation of the deal, running scores and the end.

A wrong entry on the score sheet is reported once, at the hand where it was
made: each hand's recorded points are the difference between its running
score and the previous one on the sheet.
"""

from __future__ import annotations

from ..cards import Seat, Team
from ..drinks import add_to_table, empty_table, hand_drinks
from ..findings import (
    DEALER_OUT_OF_ROTATION,
    GAME_UNFINISHED,
    HAND_MISSING,
    HAND_NUMBER_REPEATED,
    PLAYED_AFTER_GAME,
    RULE_NOT_HONOURED,
    SCORE_MISMATCH,
    SYNTAX_ERROR,
    WRONG_WINNER,
    Finding,
)
from ..model import BrokenHand, GameRecord, HandRecord, TeamPoints
from ..rules.schema import AfterThrowIn, Ruleset
from .hand import HandReplay, deck_of
from .results import GameResult, HandResult, Outcome

_WINNER_WORDS = {"ns": Team.NS, "ew": Team.EW, "n-s": Team.NS, "e-w": Team.EW}


def game_is_won(rules: Ruleset, ns: int, ew: int) -> Team | None:
    """The side that has won at this score, if any."""
    target, margin = rules.game.target, rules.game.win_by
    for team, mine, theirs in ((Team.NS, ns, ew), (Team.EW, ew, ns)):
        if mine >= target and mine - theirs >= margin and mine >= theirs:
            return team
    return None


class GameReplay:
    def __init__(self, record: GameRecord, rules: Ruleset) -> None:
        self.record = record
        self.rules = rules
        self.deck = deck_of(rules)
        self.result = GameResult(record.index, record.pos, rules.name, list(record.tags), initial=record.initial_score)
        self.result.notes.extend(record.notes)
        for rule in record.unhonoured_rules:  # a rule of the record's own that cannot be applied
            self.result.notes.append(rule)
            self.result.findings.append(Finding(RULE_NOT_HONOURED, rule, record.pos, record.index))
        if rules.drinks is not None:
            self.result.drinks = empty_table()
        self.total_ns, self.total_ew = record.initial_score
        self.sheet_ns, self.sheet_ew = record.initial_score
        self.expected_dealer: Seat | None = None
        self.last_number: int | None = None
        self.numbers_seen: set[int] = set()
        self.after_end_reported = False

    def finding(self, finding: Finding) -> None:
        self.result.findings.append(finding)

    def run(self) -> GameResult:
        for hand in self.record.hands:
            if isinstance(hand, BrokenHand):
                self.broken(hand)
            else:
                self.hand(hand)
        self.check_winner_tag()
        self.check_complete()
        self.result.computed_ns, self.result.computed_ew = self.total_ns, self.total_ew
        return self.result

    def check_complete(self) -> None:
        """A record that claims the whole game (``[Complete "yes"]``; every EGN game) must reach its end."""
        claim = self.record.tag("Complete")
        if claim is None or claim.strip().lower() not in {"yes", "true"} or self.result.winner is not None:
            return
        hands = self.record.hands
        where = f"after hand {hands[-1].number}" if hands and hands[-1].number is not None else "before any hand"
        self.finding(Finding(
            GAME_UNFINISHED,
            f"the record ends {where} at NS {self.total_ns} EW {self.total_ew}; no side has reached "
            f"{self.rules.game.target}, so the hands that finish the game are not in the record",
            hands[-1].pos if hands else self.record.pos, self.record.index,
        ))

    # ------------------------------------------------------------------------
    def broken(self, hand: BrokenHand) -> None:
        expected = f"; expected {', '.join(hand.expected)}" if hand.expected else ""
        result = HandResult(hand.number if hand.number is not None else 0, hand.pos, None, broken=True)
        result.findings.append(Finding(SYNTAX_ERROR, f"{hand.message}{expected}", hand.pos, self.record.index, hand.number))
        self.expected_dealer = None  # unknown: the rotation check restarts at the next hand
        if hand.number is not None:
            self.last_number = hand.number
        if hand.score is not None:  # keep the running score in step with the sheet
            result.recorded = hand.score
            if self.result.winner is None:
                self.total_ns += hand.score.ns - self.sheet_ns
                self.total_ew += hand.score.ew - self.sheet_ew
            self.sheet_ns, self.sheet_ew = hand.score.ns, hand.score.ew
            self.result.recorded = hand.score
        result.total_ns, result.total_ew = self.total_ns, self.total_ew
        self.result.hands.append(result)

    def hand(self, record: HandRecord) -> None:
        index = self.record.index
        self.check_numbering(record)
        self.check_rotation(record)
        result = HandReplay(record, self.rules, index, self.deck).run()
        result.counted = self.result.winner is None
        if not result.counted:
            if not self.after_end_reported:
                self.finding(Finding(
                    PLAYED_AFTER_GAME,
                    f"hand {record.number} is recorded after {self.result.winner} won the game in hand {self.result.won_in_hand}; it does not count",
                    record.pos, index, record.number,
                ))
                self.after_end_reported = True
            result.points_ns = result.points_ew = 0
        elif result.outcome is Outcome.UNKNOWN and record.score is not None and result.penalized is None:
            # nothing to score the hand from: take the sheet's entry as it is
            result.points_ns = record.score.ns - self.sheet_ns
            result.points_ew = record.score.ew - self.sheet_ew
        self.total_ns += result.points_ns
        self.total_ew += result.points_ew
        result.total_ns, result.total_ew = self.total_ns, self.total_ew
        if record.score is not None:
            self.check_sheet(record, result, record.score)
            self.result.recorded = record.score
        if result.counted:
            winner = game_is_won(self.rules, self.total_ns, self.total_ew)
            if winner is not None:
                self.result.winner = winner
                self.result.won_in_hand = record.number
        if self.result.drinks is not None:
            add_to_table(self.result.drinks, hand_drinks(record, result, self.rules))
        self.expected_dealer = self.next_dealer(record.dealer, result)
        self.result.hands.append(result)

    # ------------------------------------------------------------------------
    def check_numbering(self, record: HandRecord) -> None:
        index = self.record.index
        if record.number in self.numbers_seen:
            self.finding(Finding(HAND_NUMBER_REPEATED, f"hand number {record.number} is used twice in game {index}", record.pos, index, record.number))
        elif self.last_number is not None and record.number > self.last_number + 1:
            missing = record.number - self.last_number - 1
            span = f"hand {self.last_number + 1}" if missing == 1 else f"hands {self.last_number + 1}-{record.number - 1}"
            self.finding(Finding(HAND_MISSING, f"{span} of game {index} {'is' if missing == 1 else 'are'} not in the record", record.pos, index, record.number))
            if self.expected_dealer is not None and self.rules.deal.after_throw_in is AfterThrowIn.NEXT_DEALER:
                self.expected_dealer = self.expected_dealer.offset(missing)
            else:
                self.expected_dealer = None
        self.numbers_seen.add(record.number)
        self.last_number = record.number

    def check_rotation(self, record: HandRecord) -> None:
        expected = self.expected_dealer
        if expected is None or record.dealer is expected:
            return
        severity = self.rules.deal.out_of_rotation
        self.finding(Finding(
            DEALER_OUT_OF_ROTATION,
            f"{record.dealer} deals hand {record.number}; by the rotation it was {expected}'s deal",
            record.pos, self.record.index, record.number, seat=record.dealer, severity=severity,
        ))

    def next_dealer(self, dealer: Seat, result: HandResult) -> Seat:
        if result.outcome is Outcome.THROWN_IN and self.rules.deal.after_throw_in is AfterThrowIn.SAME_DEALER:
            return dealer
        return dealer.left

    def check_sheet(self, record: HandRecord, result: HandResult, score: TeamPoints) -> None:
        wrote_ns, wrote_ew = score.ns - self.sheet_ns, score.ew - self.sheet_ew
        self.sheet_ns, self.sheet_ew = score.ns, score.ew
        if (wrote_ns, wrote_ew) == (result.points_ns, result.points_ew):
            return
        self.finding(Finding(
            SCORE_MISMATCH,
            f"the sheet gives hand {record.number} NS {wrote_ns:+d} EW {wrote_ew:+d}; by the rules it is NS {result.points_ns:+d} EW {result.points_ew:+d} ({_why(result)})",
            score.pos, self.record.index, record.number,
            proof=(
                f"sheet after hand {record.number}: NS {score.ns} EW {score.ew}",
                f"corrected after hand {record.number}: NS {result.total_ns} EW {result.total_ew}",
            ),
        ))

    def check_winner_tag(self) -> None:
        written = self.record.tag("Winner")
        if written is None:
            return
        claimed = _WINNER_WORDS.get(written.strip().lower())
        actual = self.result.winner
        if claimed is actual:
            return
        actual_text = f"{actual} won in hand {self.result.won_in_hand}" if actual else "no side has won by the rules"
        self.finding(Finding(
            WRONG_WINNER,
            f"the record names {written!r} the winner, but {actual_text} (NS {self.total_ns}, EW {self.total_ew})",
            self.record.tag_pos("Winner"), self.record.index,
        ))


def _why(result: HandResult) -> str:
    if not result.counted:
        return "the game was already won, so the hand counts for nothing"
    if result.penalized is not None:
        return f"a called renege by {result.penalized}"
    if result.outcome is Outcome.THROWN_IN:
        return "the hand was thrown in"
    if result.outcome is Outcome.UNKNOWN:
        return "not enough is recorded to score the hand"
    maker = result.maker
    tricks = result.tricks(maker.team) if maker is not None else None
    alone = " alone" if result.alone else ""
    against = f" against {result.defender_alone} defending alone" if result.defender_alone is not None else ""
    return f"{maker}{alone} made {result.trump.name.lower() if result.trump else 'trump (the up card is not recorded)'} and took {tricks} tricks{against}: {result.outcome.value}"
