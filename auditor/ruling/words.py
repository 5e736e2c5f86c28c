"""Saying a result in words, in the players' names where the game's tags give them.

Both rulings (text and page) use these words, so that what is read aloud is
what is shown.  Nothing here knows a rule: the words describe a
:class:`~auditor.results.HandResult` or a finding as the replay left it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cards import Card, Seat, Side, Suit
from ..findings import PLAYED_AFTER_GAME, Finding, Severity
from ..results import GameResult, HandResult, Outcome
from ..said import Named, pieces, printable
from ..summary import Summary
from ..table import SEAT_WORDS, Table, spelled
SUIT_WORDS = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades", Suit.JOKER: "the joker"}
SUIT_SYMBOLS = {Suit.CLUBS: "\u2663", Suit.DIAMONDS: "\u2666", Suit.HEARTS: "\u2665", Suit.SPADES: "\u2660", Suit.JOKER: "\u2605"}

OUTCOME_WORDS = {
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


def card_words(card: Card) -> tuple[str, str, bool]:
    """(rank, suit symbol, red?) of a card as people read it: ``10``, ``\u2665``, True."""
    if card.is_joker:
        return "Joker", SUIT_SYMBOLS[Suit.JOKER], False
    rank = "10" if card.rank.letter == "T" else card.rank.letter
    return rank, SUIT_SYMBOLS[card.suit], card.suit.is_red


class People:
    """The players of a game by seat, as its tags name them (or nobody)."""

    def __init__(self, game: GameResult) -> None:
        self.table: Table = game.table
        self.names: dict[Seat, str | None] = {
            seat: printable(name.strip()) if name and name.strip() else None for seat, name in game.players().items()}
        #: each seat as a results row names it (a row names two or three: worked out once a game)
        self._rows = {seat: f"{seat.name} ({name})" if name else seat.name for seat, name in self.names.items()}
        #: the open hands' scores the corrected score counts, which the record does not show (S024), spelled
        self.open_counted = {number: spelled(game.sides, points, signed=True) for number, points in game.open_counted}
        self.counting = counting_words(game)
        #: the first hand recorded after the game's end under every score the open hands allow (G801 ruled):
        #: from it on, a hand counts for nothing whatever they scored
        ended = [f.hand for f in game.findings if f.code is PLAYED_AFTER_GAME and f.level is Severity.ERROR
                 and f.hand is not None] if game.open_counted else []
        self.ended_anyway: int | None = min(ended) if ended else None

    @property
    def any(self) -> bool:
        return any(self.names.values())

    def seat(self, seat: Seat) -> str:
        """A seat as a results row names it: ``N (Alice)``, or ``N``."""
        return self._rows[seat]

    def team(self, team: Side) -> str:
        """A side: ``NS (Alice and Carol)``, or ``NS``; a player on their own as a seat, ``N (Alice)``."""
        if not team.partnership:
            return self.seat(team.seats[0])
        names = [self.names[s] for s in team.seats]
        if all(names):
            return f"{team.value} ({names[0]} and {names[1]})"
        return team.value

    def mentions(self) -> Mentions:
        return Mentions(self)


class Mentions:
    """Names in running text: ``Dan (West)`` the first time, ``Dan`` after; a seat with no name stays ``W``."""

    def __init__(self, people: People) -> None:
        self.people = people
        self.seen: set[Named] = set()

    def name(self, value: Named) -> str:
        first = value not in self.seen
        self.seen.add(value)
        if isinstance(value, Seat):
            name = self.people.names[value]
            if not name:
                return value.name
            return f"{name} ({SEAT_WORDS[value]})" if first else name
        if isinstance(value, Side) and not value.partnership:
            return self.name(value.seats[0])
        if isinstance(value, Side):
            return self.people.team(value) if first else value.value
        return str(value)

    def words(self, text: str) -> Iterator[tuple[str, Named | None]]:
        """The pieces of a sentence, a seat or side in its name, every piece printable."""
        for words, value in pieces(text):
            if isinstance(value, (Seat, Side)):
                yield printable(self.name(value)), None
            else:
                yield printable(words), value

    def plain(self, text: str) -> str:
        return "".join(words for words, _ in self.words(text))


# ------------------------------------------------------------------ a hand's result
def trump_words(h: HandResult) -> str:
    if h.trump is not None:
        return SUIT_WORDS[h.trump]
    if h.no_trump:
        return f"no trump, {h.no_trump}"
    return "a suit the record does not show"


def result_words(h: HandResult, people: People) -> str:
    """What a row of the results means: ``N (Alice) alone in hearts, 5 tricks: lone march``."""
    if h.broken:
        return "unreadable (see the syntax error)" + ("; points from the sheet" if h.from_sheet else "")
    result = OUTCOME_WORDS[h.outcome]
    if h.outcome is Outcome.UNKNOWN:
        result = ("points from the sheet" if h.from_sheet
                  else "scores alike whatever the record lost" if h.settled else result)
        if h.number in people.open_counted:
            result = f"score not known; {people.open_counted[h.number]} counted, nearest the sheet's"
    if h.maker is not None:
        taken = h.tricks(people.table.side(h.maker))
        tricks = f", {taken} trick{'' if taken == 1 else 's'}" if taken is not None else ""
        against = f" against {people.seat(h.defender_alone)} defending alone" if h.defender_alone is not None else ""
        result = f"{people.seat(h.maker)}{' alone' if h.alone else ''} in {trump_words(h)}{tricks}{against}: {result}"
    elif h.outcome is Outcome.UNKNOWN and (h.from_sheet or h.settled):
        result = f"bidding not known: {result}"
    if h.penalized is not None:
        result += f"; renege penalty on {people.team(h.penalized)}"
    if h.token is not None:
        result += f"; token {h.token}" + (", set +1" if h.token_point else "")
    if not h.counted:
        guessed = people.counting and (people.ended_anyway is None or h.number < people.ended_anyway)
        result += f" (after the game ended, {people.counting})" if guessed else " (after the game ended)"
    return result


def counting_words(game: GameResult) -> str | None:
    """``counting hand 10 NS +0 EW +2``: the scores of open hands the corrected score counts, which the record
    does not show (S024); None where the game's end rests on no open hand."""
    if not game.open_counted:
        return None
    return "counting " + ", ".join(f"hand {number} {spelled(game.sides, points, signed=True)}"
                                   for number, points in game.open_counted)


def score(values: tuple[int, ...]) -> str:
    """``2-0``; ``4-2-7`` per player."""
    if len(values) == 2:  # three times a hand in the ruling's table
        return f"{values[0]}-{values[1]}"
    return "-".join(map(str, values))


def sheet_score(h: HandResult, values: tuple[int, ...] | None = None) -> str:
    """The sheet's running score after the hand: ``-`` where none is written, ``?`` for other sides (P703);
    ``values``: ``h.recorded_values()``, when the caller has it."""
    if h.recorded is None:
        return "-"
    if values is None:
        values = h.recorded_values()
    return score(values) if values is not None else "?"


def differs(h: HandResult, values: tuple[int, ...] | None = None) -> bool:
    """The sheet's running score after this hand is not the corrected one (``values``: as for :func:`sheet_score`)."""
    if values is None:
        values = h.recorded_values()
    return values is not None and values != h.totals


def first_difference(game: GameResult) -> int | None:
    """The index (in ``game.hands``) of the first hand where the sheet and the corrected score part."""
    return next((i for i, h in enumerate(game.hands) if differs(h)), None)


def points_words(finding: Finding, people: People) -> str | None:
    """A finding's consequence in points: ``NS (Alice and Carol) score 2, EW (Bob and Dan) nothing for hand 5``."""
    if finding.points is None:
        return None
    where = f"hand {finding.hand}" if finding.hand is not None else "the hand"
    if not any(points for _, points in finding.points):
        return f"nobody scores for {where}"
    return ", ".join(f"{people.team(side)} {_points(points, side.partnership)}" for side, points in finding.points) + f" for {where}"


def _points(points: int, several: bool = True) -> str:
    if points == 0:
        return "nothing"
    verb = "score" if several else "scores"
    return f"{verb}{'' if points > 0 else ' minus'} {abs(points)} point{'' if abs(points) == 1 else 's'}"


def sides_words(sides: tuple[Side, ...], values: tuple[int, ...]) -> str:
    """``NS 10, EW 0``; ``N 4, E 2, W 7``."""
    return ", ".join(f"{side.value} {value}" for side, value in zip(sides, values))


def verdict(game: GameResult, people: People) -> str:
    counting = people.counting
    result = f"Corrected score{', ' + counting if counting else ''}: {sides_words(game.sides, game.computed)}"
    if game.recorded is not None:
        result += f" (the sheet shows {sides_words(*zip(*game.recorded.canonical))})"  # type: ignore[arg-type]
    return f"{result}. {game_end_words(game, people)}"


def game_end_words(game: GameResult, people: People) -> str:
    """Who won and when (or how far the game got), and the four-trick tokens held."""
    tokens = f" Four-trick tokens held: {sides_words(game.sides, game.tokens)}." if game.tokens is not None else ""
    deals = plural(game.deal_limit, "deal")
    if game.open_end is not None:
        open_end = people.mentions().plain(game.open_end)
        end = f"{open_end[:1].upper()}{open_end[1:]}."
    elif game.deal_limit and game.finished:
        if game.won_in_hand is None:
            end = f"The game's {deals} ended in deals that are not in the record."
        elif game.winner is not None:
            end = f"{people.team(game.winner)} won, ahead after the last of {deals} (hand {game.won_in_hand})."
        else:
            end = f"The game ended in a tie after the last of {deals} (hand {game.won_in_hand})."
    elif game.winner is not None:
        end = f"{people.team(game.winner)} won in hand {game.won_in_hand}."
    elif game.deal_limit:
        end = f"No {_nobody(game)} has won yet: {game.deals} of {deals} are recorded."
    else:
        end = f"No {_nobody(game)} has won yet."
    return f"{end}{tokens}"


def _nobody(game: GameResult) -> str:
    """``side`` (partnerships) or ``player`` (every player for himself)."""
    return "side" if game.sides[0].partnership else "player"


def where(f: Finding) -> str:
    """``hand 2, trick 2, W``: where in the game a finding is."""
    parts = [f"hand {f.hand}" if f.hand is not None else None, f"trick {f.trick}" if f.trick else None,
             f.seat.name if f.seat is not None else None]
    return ", ".join(p for p in parts if p)


def title(game: GameResult) -> str:
    return printable(game.tag("Event") or f"game {game.index}")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def summary_lines(summary: Summary) -> list[str]:
    """The summary of several audited games in words, a line each."""
    files = len(dict.fromkeys(summary.files))
    out = [f"Summary: {plural(summary.games, 'game')} audited in {plural(files, 'file')} ({plural(summary.hands, 'hand')})"]
    if summary.not_audited:
        out[0] += (f"; {plural(summary.not_audited, 'game')} not audited: the ruleset named in "
                   f"{'its' if summary.not_audited == 1 else 'their'} Rules or Set tag could not be had (each is named on standard error)")
    if summary.changed_count:
        named = "; ".join(f"{printable(path)} game {index}" for path, index in summary.changed)
        more = f"; and {summary.changed_count - len(summary.changed)} more" if summary.changed_count > len(summary.changed) else ""
        out.append(f"games whose corrected score is not the sheet's: {summary.changed_count} ({named}{more})")
    else:
        out.append("games whose corrected score is not the sheet's: none")
    total = summary.errors + summary.warnings
    if total:
        kinds = ", ".join(f"{name} {count}" for name, count in summary.by_category())
        out.append(f"findings: {total} ({plural(summary.errors, 'error')}, {plural(summary.warnings, 'warning')}): {kinds}")
    else:
        out.append("findings: none")
    return out
