"""A double-dummy solver: the tricks a side takes with best play by everyone, every card known.

Alpha-beta search over the cards played, in the manner of bridge solvers (Bo
Haglund's DDS among them), small enough for Euchre to need nothing else:

- **Cards as bits.** The cards in play are numbered by suit as the contract
  makes them (the left bower and the joker are trumps), the trump suit last,
  each suit from its lowest card to its highest, so that one integer comparison
  says which of two cards wins a trick and a hand is one integer.
- **Equivalent cards.** Two cards of a hand with no card between them still in
  play (in any hand, or on the table in the trick in progress) are worth the
  same: only one of them is tried.
- **A transposition table keyed on relative ranks**, at the start of each trick:
  what matters of a suit is who holds its first, second, third... card still in
  play, not which cards they are, so positions that differ only in which small
  cards have gone share one entry.  An entry keeps the bounds known for the
  tricks still to play, and a table serves every search of the same deal.
- **Move ordering.** A leader tries the top cards of their suits first, then
  small ones; a follower whose partner is winning plays low; otherwise the
  lowest card that wins, then low cards.

Values are the tricks the counted side (the solver's ``side``) takes from the
trick in progress on.  Work is bounded: a search that visits more than
``max_nodes`` positions raises :class:`SearchLimit`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass

from ..cards import Card
from .position import Contract, Position
from .search import Engine, SearchLimit

__all__ = ["SearchLimit", "Solver", "Step"]

#: positions one solver may visit in all before it gives up (a full four-handed deal takes a few thousand at most)
DEFAULT_MAX_NODES = 2_000_000


@dataclass(frozen=True, slots=True)
class Step:
    """One card of a line of play: who plays it, and the index of the trick's winner when it completes one."""

    seat: int
    card: Card
    winner: int | None


class Solver:
    """Searches one deal from ``position`` for ``side``; :meth:`play` moves it on along a line.

    The transposition table is kept across queries and moves, so walking the
    line a hand was played along costs little more than solving its start.
    """

    def __init__(self, position: Position, side: Hashable, max_nodes: int = DEFAULT_MAX_NODES,
                 spare: Mapping[int, frozenset[Card]] | None = None) -> None:
        """``spare``: cards, by seat index, that a later :meth:`reset` may give that seat (a dealer's
        other discards): they are laid out with the rest, so that one table serves every such position."""
        self.position = position
        self.side = side
        self.max_nodes = max_nodes
        self._layout(position, spare or {})
        n = len(position.seats)
        self.n = n
        self.counted = tuple(s == side for s in position.sides)
        self.hands = [self._mask(h) for h in position.hands]
        self.leader = position.leader
        self.trick = [self.bit[c] for c in position.trick]  # cards of the trick in progress, in play order
        self.won = 0  # tricks the side has taken since the solver's first position
        self.history: list[tuple[int, list[int], int, list[int]]] = []
        self._engine = Engine(self.hands, self.counted, self.block, self.suit_masks, self.trump_mask, self.owner, max_nodes)

    def reset(self, position: Position) -> None:
        """Start again from another position of the same cards (each card with the same seat, as laid out),
        keeping what the table knows: the value of a position does not depend on how it was reached."""
        if position.sides != self.position.sides or position.contract != self.position.contract:
            raise ValueError("a solver is reset only to a position of the same seats and contract")
        for i, hand in enumerate(position.hands):
            if any(self.owner.get(self.bit.get(c, 0)) != i for c in hand):
                raise ValueError("a solver is reset only to cards it laid out, each with the same seat")
        self.position = position
        self.hands[:] = [self._mask(h) for h in position.hands]
        self.leader, self.trick, self.won, self.history = position.leader, [self.bit[c] for c in position.trick], 0, []

    @property
    def nodes(self) -> int:
        """Positions searched so far (at the start of a trick or within one; the last two tricks are counted once)."""
        return self._engine.nodes

    # ------------------------------------------------------------------ layout
    def _layout(self, position: Position, spare: Mapping[int, frozenset[Card]]) -> None:
        view = position.contract.view
        held = [set(h) | spare.get(i, set()) for i, h in enumerate(position.hands)]
        cards = {c for h in held for c in h} | set(position.trick)
        order = [c for c in _card_order(position.contract) if c in cards]
        self.bit = {c: 1 << i for i, c in enumerate(order)}
        self.card_of = {b: c for c, b in self.bit.items()}
        masks: dict[object, int] = {}
        for c in order:
            suit = view.suit_of[c]
            masks[suit] = masks.get(suit, 0) | self.bit[c]
        self.suit_masks = list(masks.values())
        self.trump_mask = masks.get(view.trump, 0)
        self.block = {b: m for m in self.suit_masks for b in _bits(m)}
        self.owner = {self.bit[c]: i for i, h in enumerate(held) for c in h}

    def _mask(self, cards: frozenset[Card]) -> int:
        mask = 0
        for c in cards:
            mask |= self.bit[c]
        return mask

    # ------------------------------------------------------------------ moving along a line
    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    @property
    def tricks_left(self) -> int:
        return bin(self.hands[self.to_play]).count("1")

    def legal(self) -> list[Card]:
        """The cards the seat to play may play, lowest bit first."""
        hand = self.hands[self.to_play]
        legal = (hand & self.block[self.trick[0]]) or hand if self.trick else hand
        return [self.card_of[b] for b in _bits(legal)]

    def choices(self) -> list[Card]:
        """One card of each set of equivalent legal cards (the highest of each): the cards worth telling apart."""
        hand = self.hands[self.to_play]
        legal = (hand & self.block[self.trick[0]]) or hand if self.trick else hand
        live = 0
        for h in self.hands:
            live |= h
        for b in self.trick:
            live |= b
        out = []
        for b in _bits(legal):
            above = live & self.block[b] & ~((b << 1) - 1)
            if not above or not (above & -above) & hand:
                out.append(self.card_of[b])
        return out

    def only_choice(self, card: Card) -> bool:
        """Whether every legal card is worth the same as ``card`` (it is the only one, or all are equivalent)."""
        options = self.choices()
        return len(options) == 1 and card in self.legal()

    def play(self, card: Card) -> Step:
        """Play ``card`` for the seat to play (legal or not: a record may hold a renege) and move on."""
        me = self.to_play
        b = self.bit.get(card)
        if b is None or not self.hands[me] & b:
            raise ValueError(f"seat {me} does not hold {card}")
        self.history.append((self.leader, list(self.trick), self.won, list(self.hands)))
        self.hands[me] ^= b
        self.trick.append(b)
        if len(self.trick) < self.n:
            return Step(me, card, None)
        winner = (self.leader + self._winner(self.trick)) % self.n
        self.won += self.counted[winner]
        self.leader, self.trick = winner, []
        return Step(me, card, winner)

    def undo(self) -> None:
        """Take back the last card played."""
        self.leader, self.trick, self.won, hands = self.history.pop()
        self.hands[:] = hands  # in place: the search works on this very list

    def _winner(self, trick: list[int]) -> int:
        led, best, top = self.block[trick[0]] | self.trump_mask, 0, trick[0]
        for i, b in enumerate(trick[1:], 1):
            if b & led and b > top:
                best, top = i, b
        return best

    # ------------------------------------------------------------------ queries
    def value(self) -> int:
        """The tricks the side takes from the trick in progress on, with best play by everyone.

        Found by tests of the form "at least k?" (each a search with a null
        window, which cuts off far more than a wide one), halving the range.
        """
        return self.value_near(None)

    def value_near(self, guess: int | None) -> int:
        """:meth:`value`, trying ``guess`` first (the tricks as played are usually right, and cost two tests)."""
        lo, hi = 0, self.tricks_left
        k = (lo + hi + 1) // 2 if guess is None else min(max(guess, 1), hi)
        while lo < hi:
            if self._search(k - 1, k) >= k:
                lo = k
                k = k + 1 if guess is not None else (lo + hi + 1) // 2
            else:
                hi = k - 1
                k = k - 1 if guess is not None else (lo + hi + 1) // 2
            k = min(max(k, lo + 1), hi) if lo < hi else k
        return lo

    def at_least(self, tricks: int) -> bool:
        """Whether the side is sure of ``tricks`` of the tricks still to play against every defence."""
        if tricks <= 0:
            return True
        if tricks > self.tricks_left:
            return False
        return self._search(tricks - 1, tricks) >= tricks

    def sure_of_all(self) -> bool:
        """Whether the side takes every trick still to play, whatever the others do."""
        return self.at_least(self.tricks_left)

    def others_sure_of_all(self) -> bool:
        """Whether the other sides take every trick still to play, whatever the side does."""
        return not self.at_least(1)

    def card_values(self) -> dict[Card, int]:
        """For each card the seat to play may play: the side's tricks from the trick in progress on, if it is played."""
        out: dict[Card, int] = {}
        for card in self.legal():
            step = self.play(card)
            taken = int(step.winner is not None and self.counted[step.winner])
            out[card] = taken + self.value()
            self.undo()
        return out

    def best_line(self) -> list[Step]:
        """The cards to the end of the hand with best play by everyone (the side maximizes, the others minimize).

        Of cards worth the same, the lowest is shown.
        """
        line: list[Step] = []
        depth = 0
        while self.tricks_left:
            values = self.card_values()
            mine = self.counted[self.to_play]
            target = max(values.values()) if mine else min(values.values())
            card = next(c for c in values if values[c] == target)
            line.append(self.play(card))
            depth += 1
        for _ in range(depth):
            self.undo()
        return line

    # ------------------------------------------------------------------ the search
    def _search(self, alpha: int, beta: int) -> int:
        return self._engine.run(self.to_play, self.trick, self.leader, alpha, beta)


_ORDERS: dict[Contract, list[Card]] = {}


def _card_order(contract: Contract) -> list[Card]:
    """Every card, suit by suit as the contract makes them (the trump suit last), each suit low to high."""
    order = _ORDERS.get(contract)
    if order is None:
        view = contract.view
        every = list(view.suit_of)
        suits = sorted({view.suit_of[c] for c in every}, key=lambda s: (s is view.trump, s.value))
        order = _ORDERS[contract] = sorted(every, key=lambda c: (suits.index(view.suit_of[c]), view.power[c], str(c)))
    return order


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out
