"""The table a game is played at: the seats in play, their order, the sides, what each player is dealt.

A :class:`Table` is worked out once per ruleset (``table.seats``,
``table.sides``, ``deck.hand_size``, ``deck.tableau``) into tuples indexed by
seat, so that the replay asks "who is on N's left?" or "which side is E on?"
with one index, as fast as the four-player constants it replaces, and never
asks how many players there are.  Four players in two partnerships is
:data:`FOUR`; three-handed is N, E and W each for himself; two-handed N and S.

Scores and trick counts are tuples in the order of :attr:`Table.sides`
(``(NS, EW)``, ``(N, E, W)``...), so that a four-player game keeps its pairs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import SEATS, Seat, Side
from .rules.derived import per_ruleset

if TYPE_CHECKING:
    from .rules.schema import Ruleset

_PARTNERSHIPS = {Seat.N: Side.NS, Seat.S: Side.NS, Seat.E: Side.EW, Seat.W: Side.EW}
_ALONE = {Seat.N: Side.N, Seat.E: Side.E, Seat.S: Side.S, Seat.W: Side.W}
#: what a seat is called in words, and the tag that names its player
SEAT_WORDS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
#: "two-handed", "three-handed", "four-handed"
_HANDED = {2: "two-handed", 3: "three-handed", 4: "four-handed"}


@dataclass(frozen=True, slots=True, eq=False)
class Table:
    """Who sits where and who plays with whom; tuples indexed by :class:`Seat` (a seat not in play: None)."""

    seats: tuple[Seat, ...]  # in play, clockwise from North
    sides: tuple[Side, ...]  # in the order scores are kept
    partnerships: bool
    hand_size: int  # cards in the hand
    tableau: int  # piles on the table (a card face down, one face up on it)
    left: tuple[Seat, ...]  # the next seat in play clockwise (from any seat)
    partner: tuple[Seat | None, ...]
    side_of: tuple[Side | None, ...]
    side_index: tuple[int, ...]  # the seat's side's place in ``sides``; -1: not in play
    in_play: tuple[bool, ...]
    players: int  # len(seats), asked several times a hand
    tricks: int  # the tricks of a hand: every card each player is dealt, in the hand and on the table
    zeros: tuple[int, ...]  # a score of nothing for each side (asked several times a hand)

    @property
    def four_handed(self) -> bool:
        """N, E, S and W in two partnerships: the standard game."""
        return self is FOUR or (self.partnerships and self.players == 4)

    def after(self, seat: Seat, steps: int = 1) -> Seat:
        """The seat ``steps`` places on clockwise, counting seats in play only."""
        for _ in range(steps % self.players if self.in_play[seat] else steps):
            seat = self.left[seat]
        return seat

    def clockwise_from(self, first: Seat) -> tuple[Seat, ...]:
        """Every seat in play once, clockwise, from ``first`` (or the next seat in play after it)."""
        seat = first if self.in_play[first] else self.left[first]
        out = [seat]
        for _ in range(self.players - 1):
            seat = self.left[seat]
            out.append(seat)
        return tuple(out)

    def side(self, seat: Seat) -> Side:
        side = self.side_of[seat]
        if side is None:
            raise ValueError(f"{seat} is not at this table")
        return side

    def others(self, side: Side) -> tuple[Side, ...]:
        """The sides against ``side``: one partnership, or every other player."""
        return tuple(s for s in self.sides if s is not side)

    def points(self, values: dict[Side, int]) -> tuple[int, ...]:
        """Per-side values in the table's order (absent sides: 0)."""
        return tuple(values.get(s, 0) for s in self.sides)

    def described(self) -> str:
        """``four-handed, N-S against E-W``; ``three-handed (N, E, W), each for himself``."""
        if self.four_handed:
            return "four-handed, N-S against E-W"
        seats = ", ".join(s.name for s in self.seats)
        how = "each for himself" if not self.partnerships else "in partnerships"
        return f"{_HANDED.get(self.players, f'{self.players}-handed')} ({seats}), {how}"

    def seats_text(self) -> str:
        """``N, E and W``."""
        names = [s.name for s in self.seats]
        return ", ".join(names[:-1]) + " and " + names[-1]


def make_table(seats: tuple[Seat, ...], partnerships: bool, hand_size: int = 5, tableau: int = 0) -> Table:
    """The lookups of a table of ``seats`` (clockwise from North)."""
    ordered = tuple(s for s in SEATS if s in seats)
    left = []
    for seat in SEATS:
        nxt = Seat((seat + 1) % 4)
        while nxt not in ordered:
            nxt = Seat((nxt + 1) % 4)
        left.append(nxt)
    of = _PARTNERSHIPS if partnerships else _ALONE
    side_of = tuple(of[s] if s in ordered else None for s in SEATS)
    sides = tuple(dict.fromkeys(side for side in (of[s] for s in ordered)))
    sides = tuple(sorted(sides, key=lambda s: list(Side).index(s)))
    partner = tuple(
        next((o for o in ordered if o is not s and of[o] is of[s]), None) if partnerships and s in ordered else None
        for s in SEATS
    )
    index = tuple(sides.index(side) if side is not None else -1 for side in side_of)
    return Table(ordered, sides, partnerships, hand_size, tableau, tuple(left), partner, side_of, index,
                 tuple(s in ordered for s in SEATS), len(ordered), hand_size + 2 * tableau, (0,) * len(sides))


#: Four players, N-S against E-W, five cards each: the standard game.
FOUR = make_table(SEATS, True)

_TABLES: dict[tuple[object, ...], Table] = {}


@per_ruleset
def table_of(rules: Ruleset) -> Table:
    """The table of a ruleset (worked out once per distinct table, and looked up once per ruleset object)."""
    seats = tuple(Seat[s.value] for s in rules.table.seats)
    key = (seats, rules.table.sides.value, rules.deck.hand_size, rules.deck.tableau)
    found = _TABLES.get(key)
    if found is None:
        if seats == SEATS and rules.table.sides.value == "partners" and rules.deck.hand_size == 5 and not rules.deck.tableau:
            found = FOUR
        else:
            found = make_table(seats, rules.table.sides.value == "partners", rules.deck.hand_size, rules.deck.tableau)
        _TABLES[key] = found
    return found


def listed(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def spelled(sides: tuple[Side, ...], values: tuple[int, ...], signed: bool = False) -> str:
    """``NS 4 EW 1`` (``NS +4 EW +1`` signed): per-side values as a score line writes them."""
    return " ".join(f"{side.value} {value:+d}" if signed else f"{side.value} {value}" for side, value in zip(sides, values))


def took(sides: tuple[Side, ...], values: tuple[int, ...]) -> str:
    """``NS took 4 and EW 1``, ``N took 4, E 2 and W 7``."""
    first = f"{sides[0].value} took {values[0]}"
    return listed([first, *(f"{side.value} {value}" for side, value in zip(sides[1:], values[1:]))])
