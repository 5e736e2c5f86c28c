"""Replay a whole game: each hand once (:mod:`.game_hands`), then the scoring pass: running scores and the end.

A wrong entry on the score sheet is reported once, at the entry where it
shows: the sheet's running score is compared with the corrected one over the
hands since the last entry that could be read (usually one hand; more when a
score line was lost or not written).

The hands are replayed once each, in the file's order (:mod:`.game_hands`:
their numbers, the deal's rotation, their own play); this module's scoring
pass then counts them: the running score, the sheet, the tokens and the end.
Only the scoring pass reads the running score, so where the game's end rests
on an open hand's score it alone runs again, once per score the hand allows
(:mod:`.open_end`).
"""

from __future__ import annotations

import re
from copy import copy
from dataclasses import replace

from ..drinks import add_to_table, empty_table, hand_drinks
from ..findings import RULE_NOT_HONOURED, SCORE_MISMATCH, SCORE_SIDES, SYNTAX_ERROR, Finding
from ..model import BrokenHand, GameRecord, HandRecord, LostLine, Pos, SidePoints
from ..rules.schema import Ruleset
from .game_end import GameEnd
from .game_hands import GameHands, Played
from .open_end import Forced, Guess, Replay, settle
from .hand import deck_of
from .search_budget import SearchBudget
from ..said import Said, said
from ..results import GameResult, HandResult, Outcome
from .sheet_slip import HeldEntries, WrongEntry
from .slip_findings import lost_finding, repair_finding
from ..table import Table, spelled, table_of

_TAG_NAME = re.compile(r"tag:(\w+)")


class GameReplay(GameEnd, GameHands):
    def __init__(self, record: GameRecord, rules: Ruleset, forced: Forced | None = None) -> None:
        self.record = record
        # the scores open hands are counted with, where the sheet's entry is none they allow (:mod:`.open_end`)
        self.forced: Forced = forced or {}
        self.guesses: list[Guess] = []
        self.open_entries: set[Pos] = set()  # the sheet entries an open hand's P701 is on
        self.rules = rules
        self.deck = deck_of(rules)
        self.table = table = table_of(rules)
        self.result = GameResult(record.index, record.pos, rules.name, list(record.tags), table=table)
        self.result.notes.extend(record.notes)
        for rule in record.unhonoured_rules:  # a rule of the record's own that cannot be applied
            self.result.notes.append(rule)
            self.result.findings.append(Finding(RULE_NOT_HONOURED, rule, record.pos, record.index))
        if rules.drinks is not None:
            self.result.drinks = empty_table()
        initial = self._initial_score(record.initial_score)
        self.result.initial = initial
        self.tokens = table.zeros  # four-trick tokens held per side (scoring.four_trick_tokens)
        self.deals_played = 0  # hands dealt so far, those the numbers show missing included (game.deals)
        self.total = initial
        # the last entry of the score sheet that could be read, and the corrected score at that point
        self.sheet = initial
        self.at_sheet = initial
        self.since_sheet: list[HandResult] = []  # the hands since that entry
        self.unresolved: list[HandResult] = []  # hands since then that nothing in the record could score
        self.start_hands()
        self.after_end_reported = False
        self.held = HeldEntries(self.table, record.index)  # sheet entries that disagreed, until the next show why
        self.search_budget = SearchBudget()  # the work the search for slips may do in this game

    def _initial_score(self, initial: SidePoints | None) -> tuple[int, ...]:
        """The score the game starts from, per side (an initial score for other sides is P703, and 0)."""
        if initial is None:
            return self.table.zeros
        values = initial.in_order(self.table.sides)
        if values is None:
            self.result.findings.append(Finding(SCORE_SIDES, self._sides_message("the initial score", initial),
                                                self.record.tag_pos("InitialScore"), self.record.index))
            return self.table.zeros
        return values

    def _sides_message(self, what: str, points: SidePoints) -> str:
        named = " and ".join(s.value for s in points.sides)
        return (f"{what} names {named}, but this game's sides are {' and '.join(s.value for s in self.table.sides)} "
                f"({self.table.described()}): it is not read")

    def _sheet_values(self, score: SidePoints, number: int | None) -> tuple[int, ...] | None:
        """A score line in the table's order of sides; one for other sides is P703 and is not read."""
        values = score.in_order(self.table.sides)
        if values is None:
            self.finding(Finding(SCORE_SIDES, self._sides_message("the score", score), score.pos, self.record.index, number))
        return values

    def run(self) -> GameResult:
        played = self.play_hands()
        # an open hand's score may leave the end open: the scoring pass then runs again, on the hands as replayed
        unscored = [_unscored(p) for p in played] if any(p.result is not None and p.result.possible for p in played) else None
        self.score(played)
        if self.guesses and not self.forced and unscored is not None:  # the end may rest on a guess: try every score
            settle(self.replayed(), lambda forced: self.scored_with(forced, unscored), self.table)
        return self.result

    def score(self, played: list[Played]) -> None:
        """The scoring pass over the hands replayed: running score, sheet, tokens, end (the game's result)."""
        self.record_slips()
        for each in played:
            if each.result is None:
                self.broken(each)
            else:
                self.hand(each)
        self.flush_wrong_entry()
        self.check_winner_tag()
        self.check_complete()
        self.result.computed = self.total
        if self.rules.scoring.four_trick_tokens:
            self.result.tokens = self.tokens
        self.result.deals, self.result.deal_limit = self.deals_played, self.rules.game.deals
        self.result.ranking = self.rules.standings.text

    def replayed(self) -> Replay:
        return Replay(self.result, tuple(self.guesses), frozenset(self.open_entries))

    def scored_with(self, forced: Forced, unscored: list[Played]) -> Replay:
        """The game scored with its open hands counted as ``forced`` says (a scoring pass of its own, on copies of
        the hands as replayed: no hand is replayed again)."""
        scoring = GameReplay(self.record, self.rules, forced)
        scoring.score([_unscored(p) for p in unscored])
        return scoring.replayed()

    def record_slips(self) -> None:
        """Tag lines that could not be read or were read with a repair, and hands past the reader's limit."""
        index = self.record.index
        for repair in self.record.repairs:
            self.finding(repair_finding(repair, index, None))
        for lost in self.record.lost:
            self.finding(lost_finding(lost, index, None, self._tag_consequence(lost)))

    def _tag_consequence(self, lost: LostLine) -> tuple[str, ...]:
        m = _TAG_NAME.fullmatch(lost.kind or "")
        if m is None:
            return ()
        name = m.group(1).lower()
        if name == "rules":
            return (f"the game's Rules tag is not read: it is audited under {self.rules.name}; if it was played "
                    "under other rules, give them with --rules",)
        if name in {"initialscore", "set"}:
            return (f"the {m.group(1)} tag is not read: the game is audited without it",)
        return (f"the {m.group(1)} tag is not read; nothing else is lost",)

    # ------------------------------------------------------------------------
    def broken(self, played: Played) -> None:
        self.flush_wrong_entry()
        self.result.findings.extend(played.findings)
        hand = played.hand
        assert isinstance(hand, BrokenHand)
        expected = f"; expected {', '.join(hand.expected)}" if hand.expected else ""
        zeros = self.table.zeros
        result = HandResult(hand.number if hand.number is not None else 0, hand.pos, hand.dealer, broken=True,
                            sides=self.table.sides, points=zeros, totals=zeros, tokens_held=self.tokens)
        result.findings.append(Finding(SYNTAX_ERROR, f"{hand.message}{expected}", hand.pos, self.record.index, hand.number))
        self.count_deals(played.gap)
        result.counted = not self.result.finished
        sheet = self._sheet_values(hand.score, hand.number) if hand.score is not None else None
        if hand.score is not None and sheet is not None:  # keep the running score in step with the sheet
            result.recorded = hand.score
            if result.counted:
                result.points = self._sheet_points(sheet)
                result.from_sheet = True
                self.total = _plus(self.total, result.points)
            self._sheet_read(sheet)
            self.result.recorded = hand.score
        else:
            self.since_sheet.append(result)
        result.totals = self.total
        self.result.hands.append(result)

    def hand(self, played: Played) -> None:
        self.result.findings.extend(played.findings)  # on its number and its dealer
        record, result = played.record, played.result
        assert record is not None and result is not None
        self.count_deals(played.gap)
        result.counted = not self.result.finished
        sheet = self._sheet_values(record.score, record.number) if record.score is not None else None
        if not result.counted:
            self.after_end(record)
            result.points = self.table.zeros
            result.token = None
        elif result.outcome is Outcome.UNKNOWN and not result.settled and (result.penalized is None or result.possible):
            # (a called renege whose readings score apart, one proving it and one not: the sheet tells which)
            if sheet is not None:
                self._points_from_sheet(result, sheet)
            else:  # the sheet's next readable entry settles it
                self.unresolved.append(result)
        if result.token is not None:
            self.add_token(result)
        self.total = self._capped(_plus(self.total, result.points)) if self.rules.game.max_score else _plus(self.total, result.points)
        result.totals = self.total
        result.tokens_held = self.tokens
        self.since_sheet.append(result)
        if record.score is not None and sheet is not None:
            self.check_sheet(record, result, record.score, sheet)
            self.result.recorded = record.score
        if result.counted:
            self.check_end(record)
        if self.result.drinks is not None:
            add_to_table(self.result.drinks, hand_drinks(record, result, self.rules))
        self.result.hands.append(result)

    def _capped(self, total: tuple[int, ...]) -> tuple[int, ...]:
        """The running score under ``game.max_score`` (Bicycle's 'up to 13 points')."""
        cap = self.rules.game.max_score
        return tuple(min(v, cap) for v in total) if cap else total

    def _capped_from(self, last: tuple[int, ...], since: list[HandResult]) -> tuple[int, ...]:
        """What the hands since the sheet's last entry add to it under ``game.max_score``: each hand's points
        laid on the sheet's own running score and capped there (seed 004 line 25, "you can score up to 13
        points"), so that a sheet that stops at the cap is not accused of the points the cap took off."""
        score = last
        for hand in since:
            score = self._capped(_plus(score, hand.points))
        return _minus(score, last)

    # ---------------------------------------------------------------- the sheet
    def _sheet_points(self, sheet: tuple[int, ...]) -> tuple[int, ...]:
        """This hand's points as the sheet gives them: its entry less the sheet's last one and the hands between."""
        return tuple(entry - last - (total - at) for entry, last, total, at in zip(sheet, self.sheet, self.total, self.at_sheet))

    def _sheet_read(self, sheet: tuple[int, ...]) -> None:
        self.sheet = sheet
        self.at_sheet = self.total
        self.since_sheet = []

    def _points_from_sheet(self, result: HandResult, sheet: tuple[int, ...]) -> None:
        """Score a hand the record cannot score from the sheet's entry: the sheet's points if the written
        cards allow them, else the score they allow that is nearest the sheet's (check_sheet reports it)."""
        result.points = self._allowed(result, self._sheet_points(sheet))
        result.from_sheet = True

    def _allowed(self, result: HandResult, sheet: tuple[int, ...]) -> tuple[int, ...]:
        """The sheet's points where the hand allows them, else the allowed score nearest them (a guess, kept
        for :mod:`.open_end`; where the game is replayed under each allowed score, the one it is replayed with)."""
        if not result.possible or sheet in result.possible:
            return sheet
        chosen = self.forced.get(result.pos) or _nearest(sheet, result.possible)
        self.guesses.append(Guess(result.pos, result.number, result.possible, chosen))
        return chosen

    def _settle_unresolved(self, sheet: tuple[int, ...]) -> None:
        """Hands since the last entry that nothing in the record could score take what the sheet adds
        over them (the last of them, when there are several; the others count nothing)."""
        target = self.unresolved[-1]
        remainder = self._allowed(target, self._sheet_points(sheet))
        target.points = remainder
        target.from_sheet = True
        after = self.since_sheet[self.since_sheet.index(target):]
        for h in after:
            h.totals = _plus(h.totals, remainder)
        self.total = _plus(self.total, remainder)
        self.unresolved = []

    def check_sheet(self, record: HandRecord, result: HandResult, score: SidePoints, sheet: tuple[int, ...]) -> None:
        if self.unresolved:
            self._settle_unresolved(sheet)
        last, at_last = self.sheet, self.at_sheet
        since = self.since_sheet
        self._sheet_read(sheet)
        if self.held.wrong is not None or self.held.first is not None:
            # an entry the cap stopped comes back to the right total whatever the one before it said: no evidence
            at_cap = bool(self.rules.game.max_score) and self.rules.game.max_score in sheet
            usable = len(since) == 1 and since[0].counted and not since[0].from_sheet and not at_cap
            held, last = self.held.next_entry(sheet, self.total, record.number, usable, last)
            self.result.findings.extend(held)
        if last == at_last and sheet == self.total:  # the usual entry: the sheet agreed before and agrees now
            return
        sides = self.table.sides
        wrote = _minus(sheet, last)
        by_rules = _minus(self.total, at_last) if not self.rules.game.max_score else self._capped_from(last, since)
        if wrote == by_rules:
            return
        # the hands the entry covers that scored (or may have): usually just this one
        since = [h for h in since[:-1] if any(h.points) or h.broken or h.from_sheet] + since[-1:]
        which = f"hand {record.number}" if len(since) == 1 else f"hands {since[0].number}-{since[-1].number}"
        open_hand = next((h for h in since if h.possible), None)
        if open_hand is not None:  # the sheet's entry is none of the scores the written cards allow
            self.open_entries.add(score.pos)
            options = " or ".join(spelled(sides, points, signed=True) for points in open_hand.possible)
            message = (f"the sheet gives {which} {spelled(sides, wrote, signed=True)}; the tricks written allow hand "
                       f"{open_hand.number} only {options}, so {which} score {spelled(sides, by_rules, signed=True)}")
            proof = [f"the corrected score counts hand {open_hand.number} {spelled(sides, open_hand.points, signed=True)}"
                     ", the score the cards allow nearest the sheet's"]
        else:
            why = _why(result, self.table) if len(since) == 1 else f"{len(since)} hands since the last score the sheet shows"
            message = said("the sheet gives {which} {wrote}; by the rules it is {rules} ({why})", which=which,
                           wrote=spelled(sides, wrote, signed=True), rules=spelled(sides, by_rules, signed=True), why=why)
            proof = []
        finding = Finding(
            SCORE_MISMATCH, message, score.pos, self.record.index, record.number,
            proof=(
                *proof,
                f"sheet after hand {record.number}: {spelled(sides, sheet)}",
                f"corrected after hand {record.number}: {spelled(sides, result.totals)}",
            ),
            points=tuple(zip(sides, by_rules)) if len(since) == 1 else None,
        )
        if len(since) == 1 and open_hand is None:  # held until the next entry shows whether it was a slip
            self.held.wrong = WrongEntry(finding, last, at_last, self.total, sheet, record.number, score.pos)
        else:
            self.finding(finding)

    def flush_wrong_entry(self) -> None:
        """A wrong entry that no later entry came back from is the sheet's error."""
        self.result.findings.extend(self.held.flush())


def _plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    if len(a) == 2:  # two sides (the four-player game): once a hand, without a generator
        return (a[0] + b[0], a[1] + b[1])
    return tuple(x + y for x, y in zip(a, b))


def _minus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    if len(a) == 2:
        return (a[0] - b[0], a[1] - b[1])
    return tuple(x - y for x, y in zip(a, b))


def _unscored(played: Played) -> Played:
    """``played`` with a copy of its result, for a scoring pass of its own (the pass sets what the score decides)."""
    return played if played.result is None else replace(played, result=copy(played.result))


def _nearest(sheet: tuple[int, ...], possible: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """The sheet's points when the record allows them (or says nothing), else the allowed score nearest them."""
    if not possible or sheet in possible:
        return sheet
    return min(possible, key=lambda o: (sum(abs(x - y) for x, y in zip(o, sheet)), possible.index(o)))


def _why(result: HandResult, table: Table) -> str | Said:
    if not result.counted:
        return "the game was already won, so the hand counts for nothing"
    if result.penalized is not None:
        return said("a called renege by {team}", team=result.penalized)
    if result.outcome is Outcome.THROWN_IN:
        return "the hand was thrown in"
    if result.outcome is Outcome.UNKNOWN and not result.settled:
        return "not enough is recorded to score the hand"
    maker = result.maker
    if maker is None:
        return "the hand scores the same whatever the record lost"
    tricks = result.tricks(table.side(maker))
    alone = " alone" if result.alone else ""
    taken = f"took {tricks} tricks" if tricks is not None else "took tricks the record does not all show"
    outcome = f": {result.outcome.value}" if result.outcome is not Outcome.UNKNOWN else ""
    if result.token_point:
        outcome += ", and a four-trick token that completes a set: one more point"
    made = (result.trump.name.lower() if result.trump else f"{result.no_trump} (no trump)" if result.no_trump
            else "trump (the up card is not recorded)")
    against = said(" against {seat} defending alone", seat=result.defender_alone) if result.defender_alone is not None else ""
    return said("{maker}{alone} made {made} and {taken}{against}{outcome}", maker=maker, alone=alone, made=made, taken=taken, against=against, outcome=outcome)
