"""The work the reading of a game's doubtful hands may do, counted in replays: past it, a hand is read no further.

A hand whose replay finds something wrong is searched for the slips that would
explain it (:mod:`.nearest`): each reading the search proposes is replayed, and a
reading with a gap once for each way of filling it (:mod:`.readings`); a hand with
a gap is replayed every way it can be filled.  A slip costs a few dozen replays,
but a hand garbled on every line costs all the search allows, and a game of
hundreds of such hands (one hand's lines written over and over) cost 88 s of
processor time per MB of input.  So the replays are counted, in each hand and in
the game: a hand whose search runs past either bound is ruled on nothing a slip
could explain (:data:`~auditor.codes.slips.TOO_GARBLED`), and a hand whose gaps the
game's budget cannot read every way is read on one guess (as a hand with too many
gaps is: nothing that rests on them is judged).

The bounds count work, not time: a record is read the same way on every machine
and with any number of workers.  They bound work and are no rule of Euchre.
"""

from __future__ import annotations

from dataclasses import dataclass

#: the replays the search of one hand may make.  The slips of the tests' hands, two in one hand among them,
#: need 60 at most; a hand garbled on every line reaches the search's own bounds (48 readings, 128 ways of
#: filling their gaps: 176 replays) without a reading that explains it
HAND_REPLAYS = 128
#: the replays a game may make at the start (its hands' searches, and the ways of filling their gaps), and the
#: replays each hand adds to that.  A game of the tests needs 100 at most (ten hands, each with gaps read every
#: way); a clean hand needs none, so an honest game of any length is read in full, and a game of garbled hands
#: costs at most this many replays a hand on average (0.25 ms each to 0.5, a garbled hand 200 bytes or more:
#: 2.5 to 5 s per MB, where the fuzzer allows 20)
GAME_REPLAYS = 512
GAME_REPLAYS_PER_HAND = 2


@dataclass(slots=True)
class SearchBudget:
    """The replays the search for slips has made in one game and in the hand it is reading."""

    hands: int = 0
    spent: int = 0
    hand_spent: int = 0
    #: the search of the hand being read ran past a bound: it was stopped there
    cut: bool = False

    def start_hand(self) -> None:
        self.hands += 1
        self.hand_spent = 0
        self.cut = False

    def readings(self) -> int:
        """How many ways of filling a hand's gaps the game's budget still pays for (one at least: a hand is read)."""
        return max(1, GAME_REPLAYS + GAME_REPLAYS_PER_HAND * self.hands - self.spent)

    def read(self, replays: int) -> None:
        """Count the replays of a hand's gaps (never refused: :meth:`readings` said how many to make)."""
        self.spent += replays

    def stop(self) -> None:
        """Stop the search of the hand being read (its gaps could not be read every way: it has nothing to weigh)."""
        self.cut = True

    def take(self, replays: int) -> bool:
        """Whether the search may make ``replays`` more replays (counted if so); once refused, the hand's
        search is stopped (:attr:`cut`)."""
        allowed = GAME_REPLAYS + GAME_REPLAYS_PER_HAND * self.hands
        if self.cut or self.hand_spent + replays > HAND_REPLAYS or self.spent + replays > allowed:
            self.cut = True
            return False
        self.hand_spent += replays
        self.spent += replays
        return True
