"""An independent Euchre referee and random game writer for the tests.

Nothing here imports the auditor: cards are two-letter strings ("JD"), seats
are the letters "NESW", and every rule (the bowers, following suit, trick
winners, the scoring table) is written again from the rule texts, seed 003
(main rules) and seed 004 (renege penalty).  The tests compare the auditor
with this code, so a mistake has to be made twice to go unnoticed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

SEATS = "NESW"  # clockwise
SUITS = "CDHS"
RANKS = "9TJQKA"  # plain-suit order, low to high
DECK = tuple(r + s for s in SUITS for r in RANKS)
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}

# seed 003, "Scoring": 3-4 tricks 1, march 2, lone march 4, lone 3-4 tricks 1, euchre 2
MAKE, MARCH, LONE_MAKE, LONE_MARCH, EUCHRE, LONE_EUCHRE = 1, 2, 1, 4, 2, 2
# seed 004: "adding two points to his opponents' score -- four points during a loner hand"
RENEGE, RENEGE_ALONE = 2, 4
TARGET = 10


def left_of(seat: str, steps: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + steps) % 4]


def partner(seat: str) -> str:
    return left_of(seat, 2)


def team(seat: str) -> str:
    return "NS" if seat in "NS" else "EW"


def is_left_bower(card: str, trump: str) -> bool:
    """Seed 003: 'other Jack of the same color (left bower)'."""
    return card[0] == "J" and card[1] == SAME_COLOUR[trump]


def suit_of(card: str, trump: str) -> str:
    """Seed 003: the left bower 'is considered to be a heart for all purposes' (hearts trump)."""
    return trump if is_left_bower(card, trump) else card[1]


def power(card: str, led: str, trump: str) -> int:
    """Seed 003's ranking: right bower, left bower, A K Q T 9 of trump; then the suit led."""
    if card == "J" + trump:
        return 100
    if is_left_bower(card, trump):
        return 99
    if card[1] == trump:
        return 90 + RANKS.index(card[0])
    if card[1] == led:
        return 10 + RANKS.index(card[0])
    return 0  # neither trump nor the suit led: cannot win


def trick_winner(plays: list[tuple[str, str]], trump: str) -> str:
    """The seat whose card wins; ``plays`` are (seat, card) in play order."""
    led = suit_of(plays[0][1], trump)
    return max(plays, key=lambda p: power(p[1], led, trump))[0]


def legal_cards(held: list[str], led: str | None, trump: str) -> list[str]:
    """'Players must play the suit of the card led if possible, if not, they may play any card.'"""
    if led is None:
        return list(held)
    following = [c for c in held if suit_of(c, trump) == led]
    return following or list(held)


def hand_points(maker_tricks: int, alone: bool) -> tuple[int, int]:
    """(makers' points, defenders' points) by seed 003's scoring paragraph."""
    if maker_tricks < 3:
        return 0, LONE_EUCHRE if alone else EUCHRE
    if maker_tricks == 5:
        return (LONE_MARCH if alone else MARCH), 0
    return (LONE_MAKE if alone else MAKE), 0


def failure_code(card: str, lead: str, held_before: list[str], trump: str) -> str | None:
    """What kind of failure to follow playing ``card`` is (None: legal), by the specification's definitions.

    L601: the left bower played to a lead of its printed suit while holding that suit;
    L602: the left bower was led and the player held trump;
    L603: trump was led and the left bower was the player's only trump;
    R501: any other failure to follow suit when able.
    """
    led = suit_of(lead, trump)
    if suit_of(card, trump) == led:
        return None
    could = [c for c in held_before if c != card and suit_of(c, trump) == led]
    if not could:
        return None
    if is_left_bower(card, trump) and card[1] == led:
        return "L601"
    if is_left_bower(lead, trump):
        return "L602"
    if led == trump and len(could) == 1 and is_left_bower(could[0], trump):
        return "L603"
    return "R501"


@dataclass
class Hand:
    number: int
    dealer: str
    deal: dict[str, list[str]]
    up: str
    calls: list[tuple[str, str, str | None, bool]]  # (seat, "pass"|"order"|"call", suit, alone)
    discard: str | None = None
    tricks: list[list[tuple[str, str]]] = field(default_factory=list)
    maker: str | None = None
    trump: str | None = None
    alone: bool = False
    tricks_ns: int = 0
    tricks_ew: int = 0
    points: tuple[int, int] = (0, 0)  # (NS, EW) this hand
    total: tuple[int, int] = (0, 0)  # (NS, EW) after this hand
    renege_called: str | None = None


@dataclass
class Game:
    hands: list[Hand]
    first_dealer: str

    @property
    def final(self) -> tuple[int, int]:
        return self.hands[-1].total if self.hands else (0, 0)

    @property
    def winner(self) -> str | None:
        ns, ew = self.final
        return "NS" if ns >= TARGET else "EW" if ew >= TARGET else None


def _bid(rng: random.Random, dealer: str, up: str, p_make: float, p_alone: float) -> list[tuple[str, str, str | None, bool]]:
    calls: list[tuple[str, str, str | None, bool]] = []
    for round_ in (1, 2):
        for i in range(1, 5):
            seat = left_of(dealer, i)
            if rng.random() < p_make:
                alone = rng.random() < p_alone
                if round_ == 1:
                    calls.append((seat, "order", None, alone))
                else:
                    calls.append((seat, "call", rng.choice([s for s in SUITS if s != up[1]]), alone))
                return calls
            calls.append((seat, "pass", None, False))
    return calls  # eight passes: thrown in


def play_hand(
    rng: random.Random, number: int, dealer: str, before: tuple[int, int], *, p_make: float = 0.3, p_alone: float = 0.15
) -> Hand:
    """Deal, bid, discard and play one legal hand at random; score it from ``before``."""
    cards = list(DECK)
    rng.shuffle(cards)
    deal = {left_of(dealer, i + 1): sorted(cards[5 * i : 5 * i + 5]) for i in range(4)}
    up = cards[20]
    hand = Hand(number, dealer, deal, up, _bid(rng, dealer, up, p_make, p_alone), total=before)
    last = hand.calls[-1]
    if last[1] == "pass":
        return hand  # thrown in: no points
    hand.maker, hand.alone = last[0], last[3]
    hand.trump = up[1] if last[1] == "order" else last[2]
    trump = hand.trump
    assert trump is not None
    held = {s: list(c) for s, c in deal.items()}
    out = partner(hand.maker) if hand.alone else None
    if last[1] == "order" and dealer != out:  # the dealer takes the up card and discards one
        held[dealer].append(up)
        hand.discard = rng.choice(held[dealer])
        held[dealer].remove(hand.discard)
    active = [s for s in SEATS if s != out]
    leader = left_of(hand.maker) if hand.alone else left_of(dealer)  # seed 003, "Play of the hand"
    won = {"NS": 0, "EW": 0}
    for _ in range(5):
        plays: list[tuple[str, str]] = []
        seat = leader
        for _ in range(len(active)):
            led = suit_of(plays[0][1], trump) if plays else None
            card = rng.choice(legal_cards(held[seat], led, trump))
            held[seat].remove(card)
            plays.append((seat, card))
            seat = left_of(seat)
            if seat == out:
                seat = left_of(seat)
        hand.tricks.append(plays)
        leader = trick_winner(plays, trump)
        won[team(leader)] += 1
    hand.tricks_ns, hand.tricks_ew = won["NS"], won["EW"]
    made, defended = hand_points(won[team(hand.maker)], hand.alone)
    hand.points = (made, defended) if team(hand.maker) == "NS" else (defended, made)
    hand.total = (before[0] + hand.points[0], before[1] + hand.points[1])
    return hand


def random_game(rng: random.Random, *, max_hands: int = 80, p_make: float = 0.3, p_alone: float = 0.15) -> Game:
    """A legal game to 10 (or ``max_hands`` hands, whichever comes first)."""
    dealer = rng.choice(SEATS)
    game = Game([], dealer)
    total = (0, 0)
    for number in range(1, max_hands + 1):
        hand = play_hand(rng, number, dealer, total, p_make=p_make, p_alone=p_alone)
        game.hands.append(hand)
        total = hand.total
        if max(total) >= TARGET:
            break
        dealer = left_of(dealer)  # 'the hand is abandoned and the next dealer deals'
    return game


def apply_called_renege(hand: Hand, seat: str, before: tuple[int, int]) -> Hand:
    """The hand with a renege called on ``seat``: seed 004, "his team will be penalized by adding two
    points to his opponents' score -- four points during a loner hand": the offenders score nothing
    for the hand, the others keep what they scored in it, and the penalty is added to theirs."""
    penalty = RENEGE_ALONE if hand.alone else RENEGE
    assert hand.maker is not None and hand.trump is not None
    won = [team(trick_winner(plays, hand.trump)) for plays in hand.tricks]  # as played (a mutation may change it)
    made, defended = hand_points(won.count(team(hand.maker)), hand.alone)
    as_played = (made, defended) if team(hand.maker) == "NS" else (defended, made)
    kept = as_played[1] if team(seat) == "NS" else as_played[0]
    points = (0, kept + penalty) if team(seat) == "NS" else (kept + penalty, 0)
    return replace(hand, renege_called=seat, points=points, total=(before[0] + points[0], before[1] + points[1]))


# --- mutation: one illegal follow ----------------------------------------------------


@dataclass(frozen=True)
class Mutation:
    hand_index: int  # 0-based in game.hands
    trick: int  # 1-based
    seat: str
    code: str  # the finding the auditor must report there
    proof_trick: int = 0  # 1-based: the later trick the card held back is played in


def renege_candidates(hand: Hand) -> list[tuple[int, str, int, str]]:
    """(trick, seat, later trick, later card): swapping the seat's card of ``trick`` with a later
    card that does not follow makes an illegal follow at ``trick``."""
    trump = hand.trump
    if trump is None:
        return []
    out = []
    for t, plays in enumerate(hand.tricks):
        lead = plays[0][1]
        led = suit_of(lead, trump)
        for seat, card in plays[1:]:
            if suit_of(card, trump) != led:
                continue  # they could not follow: nothing to swap
            for t2 in range(t + 1, len(hand.tricks)):
                for seat2, card2 in hand.tricks[t2]:
                    if seat2 == seat and suit_of(card2, trump) != led:
                        out.append((t + 1, seat, t2 + 1, card2))
    return out


def _orders_one_slip_away(n: int) -> list[list[int]]:
    """The orders of ``n`` trick lines one slip from the written: two lines the other way round, or one line
    written in another place."""
    out = []
    for i in range(n):
        for j in range(n):
            order = [k for k in range(n) if k != i]
            order.insert(j, i)
            if order != list(range(n)) and order not in out:
                out.append(order)
            if i < j:
                swapped = list(range(n))
                swapped[i], swapped[j] = j, i
                if swapped not in out:
                    out.append(swapped)
    return out


def every_lead_right(tricks: list[list[tuple[str, str]]], first: str, trump: str) -> bool:
    leader = first
    for plays in tricks:
        if plays[0][0] != leader:
            return False
        leader = trick_winner(plays, trump)
    return True


def illegal_follows(hand: Hand) -> set[tuple[str, str]]:
    """(code, seat) of each card of the hand's tricks, as written, that does not follow suit where its player,
    holding the cards they play in that trick and later, could (:func:`failure_code`)."""
    trump = hand.trump
    if trump is None:
        return set()
    out = set()
    for t, plays in enumerate(hand.tricks):
        for seat, card in plays[1:]:
            held = [c for later in hand.tricks[t:] for s, c in later if s == seat]
            if (code := failure_code(card, plays[0][1], held, trump)) is not None:
                out.add((code, seat))
    return out


def reads_as_lines_out_of_order(hand: Hand, kept: tuple[int, ...] = ()) -> bool:
    """Whether the record of the hand does not show that its trick lines are in the order played: some trick
    is not led by the winner of the one before as written, and the lines one slip away from the written (two
    swapped, or one moved) make every trick led by the winner of the one before and every card legal, in an
    order that moves one of the lines ``kept`` (from 1).  A card played illegally then has two accounts (the offence, with the
    leads it would explain; or two lines written the other way round), and neither is a ruling."""
    trump = hand.trump
    if trump is None or not hand.tricks:
        return False
    first = hand.tricks[0][0][0]
    if every_lead_right(hand.tricks, first, trump):
        return False
    return any(every_lead_right(tricks := [hand.tricks[k] for k in order], first, trump) and _all_legal(tricks, trump)
               and any(order[t - 1] != t - 1 for t in kept)
               for order in _orders_one_slip_away(len(hand.tricks)))


def _all_legal(tricks: list[list[tuple[str, str]]], trump: str) -> bool:
    """Whether every card follows suit where its player, holding the cards they play in that trick and later,
    could."""
    for t, plays in enumerate(tricks):
        led = suit_of(plays[0][1], trump)
        for seat, card in plays[1:]:
            if card not in legal_cards([c for later in tricks[t:] for s, c in later if s == seat], led, trump):
                return False
    return True


def mutate(game: Game, rng: random.Random) -> tuple[Game, Mutation] | None:
    """The game with one seat made to fail to follow suit in one hand, or None if no hand allows it."""
    by_code: dict[str, list[tuple[int, int, str, int, str]]] = {}
    for index, hand in enumerate(game.hands):
        for t, seat, t2, card2 in renege_candidates(hand):
            assert hand.trump is not None
            held_before = [c for trick in hand.tricks[t - 1 :] for s, c in trick if s == seat]
            code = failure_code(card2, hand.tricks[t - 1][0][1], held_before, hand.trump)
            assert code is not None
            by_code.setdefault(code, []).append((index, t, seat, t2, card2))
    if not by_code:
        return None
    code = rng.choice(sorted(by_code))  # the rare left-bower cases as often as plain reneges
    index, t, seat, t2, card2 = rng.choice(by_code[code])
    hand = game.hands[index]
    card = next(c for s, c in hand.tricks[t - 1] if s == seat)
    tricks = [list(p) for p in hand.tricks]
    tricks[t - 1] = [(s, card2 if s == seat else c) for s, c in tricks[t - 1]]
    tricks[t2 - 1] = [(s, card if s == seat else c) for s, c in tricks[t2 - 1]]
    hands = list(game.hands)
    hands[index] = replace(hand, tricks=tricks)
    return Game(hands, game.first_dealer), Mutation(index, t, seat, code, t2)


# --- the notation ---------------------------------------------------------------------

_SYMBOL = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


@dataclass(frozen=True)
class Style:
    """How a scorekeeper happens to write: the notation allows all of these."""

    lower: bool = False  # lower-case suits and keywords
    ten: str = "T"  # "T" or "10"
    symbols: bool = False  # suit symbols
    split_bids: bool = False  # one `bid` line per round
    comments: bool = False
    no_deal_every: int = 0  # hands whose number is a multiple of this are written without the deal
    counts_only_every: int = 0  # ... and these with `tricks NS n EW n` instead of the cards played

    @classmethod
    def random(cls, rng: random.Random, *, sparse: bool = False) -> Style:
        """A random way of writing; ``sparse`` also leaves out some deals and writes some hands as
        trick counts only (tests/test_convert.py round-trips the full form through EGN)."""
        style = cls(rng.random() < 0.3, rng.choice(["T", "10"]), rng.random() < 0.2, rng.random() < 0.3, rng.random() < 0.3)
        if sparse:
            style = replace(style, no_deal_every=rng.choice([0, 0, 1, 2, 3]), counts_only_every=rng.choice([0, 0, 3, 4]))
        return style


def _card(card: str, style: Style) -> str:
    rank = style.ten if card[0] == "T" else card[0]
    suit = _SYMBOL[card[1]] if style.symbols else card[1].lower() if style.lower else card[1]
    return rank + suit


def _kw(word: str, style: Style) -> str:
    return word.lower() if style.lower else word


def hand_text(hand: Hand, style: Style = Style()) -> str:
    c = lambda card: _card(card, style)  # noqa: E731
    lines = [f"{_kw('hand', style)} {hand.number} {_kw('dealer', style)} {hand.dealer}" + ("   # a new deal" if style.comments else "")]
    order = [left_of(hand.dealer, i) for i in range(1, 5)]
    counts_only = bool(style.counts_only_every and hand.number % style.counts_only_every == 0)
    if not counts_only and not (style.no_deal_every and hand.number % style.no_deal_every == 0):
        lines.append("deal " + "  ".join(f"{s}: " + " ".join(c(x) for x in hand.deal[s]) for s in order))
    lines.append(f"up {c(hand.up)}")
    words = []
    for seat, kind, suit, alone in hand.calls:
        word = f"{seat} {kind}" + (f" {suit.lower() if style.lower else suit}" if suit else "") + (" alone" if alone else "")
        words.append(word)
    if style.split_bids and len(words) > 4:
        lines.append("bid " + ", ".join(words[:4]))
        lines.append("bid " + ", ".join(words[4:]))
    else:
        lines.append("bid " + ", ".join(words))
    if hand.discard is not None:
        lines.append(f"discard {c(hand.discard)}")
    if counts_only and hand.tricks:
        lines.append(f"tricks NS {hand.tricks_ns} EW {hand.tricks_ew}")
    for plays in [] if counts_only else hand.tricks:
        lines.append("trick " + " ".join(f"{s}:{c(x)}" for s, x in plays))
    if hand.renege_called:
        lines.append(f"renege {hand.renege_called}")
    lines.append(f"score NS {hand.total[0]} EW {hand.total[1]}")
    return "\n".join(lines) + "\n"


def game_text(game: Game, style: Style = Style(), event: str = "Generated") -> str:
    head = f'[Event "{event}"]\n[Rules "hoyle"]\n'
    if style.comments:
        head = "# written by tests/gen_games.py\n" + head
    return head + "\n" + "\n".join(hand_text(h, style) for h in game.hands)
