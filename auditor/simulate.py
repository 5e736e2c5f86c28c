"""Generate complete games in the notation: for tests, benchmarks and demos.

Players bid and play by simple, sensible heuristics under any ruleset (the
deck, the hand size, stick-the-dealer, going alone, who leads first, the
scoring table and the end of the game are all read from the
:class:`~auditor.rules.schema.Ruleset`).  Every play is legal unless a
mistake is injected on purpose: with ``error_rate`` > 0 that share of hands
carries exactly one known mistake (a renege, an illegal left-bower follow
or a wrong entry on the score sheet), and the simulator reports each one
with the code the audit must find.

Output is deterministic for a seed: each game draws from its own random
generator seeded with ``(seed, game number)``, so game 7 is the same game
whether 10 or 10,000 games are generated.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import TextIO

from .cards import SUITS, Card, Rank, Seat, Suit, Team, effective_suit, trick_strength
from .rules.schema import AfterThrowIn, FirstLead, Ruleset

PLAYERS = (
    "Alice", "Bob", "Carol", "Dan", "Erin", "Frank", "Grace", "Hank",
    "Ivy", "Jack", "Kim", "Leo", "Mia", "Ned", "Olga", "Pete",
)
EVENTS = ("Legion Hall Tuesday", "Oak Street League", "Friday Club", "Summer Open")

#: the kinds of mistake that can be injected, with how often each is tried
ERROR_KINDS = ("renege", "left-bower", "score")
#: a game that has not ended after this many hands is cut short (never seen in practice)
MAX_HANDS_PER_GAME = 400

RENEGE_CODE = "R501"
LEFT_BOWER_ON_ITS_SUIT = "L601"
LEFT_BOWER_LED = "L602"
LEFT_BOWER_ONLY_TRUMP = "L603"
SCORE_CODE = "P701"


@dataclass(frozen=True, slots=True)
class InjectedError:
    """One mistake the simulator made on purpose, and what the audit must report."""

    game: int  # 1-based within the output
    hand: int  # the hand number written in the file
    trick: int | None
    seat: str | None
    code: str
    kind: str  # renege, left-bower or score
    line: int  # the line of the play or of the score entry

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)


@dataclass(slots=True)
class SimHand:
    """The facts of one simulated hand, as the simulator itself kept them."""

    number: int
    dealer: Seat
    maker: Seat | None = None
    trump: Suit | None = None
    round: int | None = None
    alone: bool = False
    tricks_ns: int = 0
    tricks_ew: int = 0
    points_ns: int = 0
    points_ew: int = 0


@dataclass(slots=True)
class SimGame:
    """One generated game: its text lines and what went into it."""

    number: int
    players: tuple[str, str, str, str]  # by seat N, E, S, W
    event: str
    lines: list[str] = field(default_factory=list)
    hands: list[SimHand] = field(default_factory=list)
    errors: list[tuple[InjectedError, int]] = field(default_factory=list)  # error, line within the game
    score_ns: int = 0
    score_ew: int = 0
    winner: Team | None = None


# ---------------------------------------------------------------- card sense
def _power(c: Card, trump: Suit) -> int:
    """How strong a card is as a trump (for trumps) or in its own suit."""
    return trick_strength(c, effective_suit(c, trump), trump)


def _strength(hand: list[Card], trump: Suit) -> float:
    """A rough count of the tricks ``hand`` is worth with ``trump``, in points."""
    value = 0.0
    suits_held = set()
    trumps = 0
    for c in hand:
        suit = effective_suit(c, trump)
        if suit is trump:
            trumps += 1
            p = _power(c, trump)
            value += 3.0 if p == 200 else 2.6 if p == 199 else 2.0 if c.rank is Rank.ACE else 1.7 if c.rank is Rank.KING else 1.4
        else:
            suits_held.add(suit)
            if c.rank is Rank.ACE:
                value += 0.9
    if trumps >= 2:
        value += 0.3 * (3 - len(suits_held))
    return value


def _worst(cards: list[Card], trump: Suit, keep: Card | None = None) -> Card:
    """The card a player would most like to get rid of."""
    counts: dict[Suit, int] = {}
    for c in cards:
        s = effective_suit(c, trump)
        counts[s] = counts.get(s, 0) + 1

    def badness(c: Card) -> tuple[int, int, int]:
        s = effective_suit(c, trump)
        if s is trump:
            return (0, 0, -_power(c, trump))
        return (1 if c.rank is not Rank.ACE else 0, -counts[s], -int(c.rank))

    ordered = sorted(cards, key=badness, reverse=True)
    for c in ordered:
        if c is not keep:
            return c
    return ordered[0]


# ----------------------------------------------------------------- the game
class _HandPlay:
    """One hand being simulated."""

    def __init__(self, sim: GameSimulator, number: int, dealer: Seat, inject: str | None) -> None:
        self.sim = sim
        self.rules = sim.rules
        self.rng = sim.rng
        self.number = number
        self.dealer = dealer
        self.inject = inject
        self.injected: tuple[int, Seat, str, int] | None = None  # trick, seat, code, play index in line
        self.facts = SimHand(number, dealer)

    def deal(self) -> tuple[dict[Seat, list[Card]], Card]:
        deck = list(self.sim.deck)
        self.rng.shuffle(deck)
        size = self.rules.deck.hand_size
        hands: dict[Seat, list[Card]] = {}
        seat = self.dealer.left
        for i in range(4):
            hands[seat] = deck[i * size : (i + 1) * size]
            seat = seat.left
        return hands, deck[4 * size]

    # -------------------------------------------------------------- bidding
    def bid(self, hands: dict[Seat, list[Card]], up: Card) -> tuple[list[str], Seat | None, Suit | None, bool]:
        bidding = self.rules.bidding
        size = self.rules.deck.hand_size
        call_at = 1.15 * size
        alone_at = 1.9 * size
        calls: list[str] = []
        seat = self.dealer.left
        for _ in range(4):  # round 1: order the up card or pass
            hand = hands[seat]
            if seat is self.dealer:
                held = hand + [up]
                held.remove(_worst(held, up.suit))
                value = _strength(held, up.suit)
            else:
                value = _strength(hand, up.suit) + (0.8 if seat.partner is self.dealer else -0.6)
            if bidding.dealer_partner_order_alone and seat.partner is self.dealer:
                # the Canadian loner: the dealer's partner may order up only to play alone
                if bidding.alone_on_order and value >= alone_at:
                    calls.append(f"{seat} order alone")
                    return calls, seat, up.suit, True
            elif value >= call_at:
                alone = bidding.alone_on_order and value >= alone_at
                calls.append(f"{seat} order{' alone' if alone else ''}")
                return calls, seat, up.suit, alone
            calls.append(f"{seat} pass")
            seat = seat.left
        for i in range(4):  # round 2: name another suit or pass
            hand = hands[seat]
            best = max((s for s in SUITS if s is not up.suit), key=lambda s: (_strength(hand, s), s.value))
            value = _strength(hand, best)
            stuck = bidding.stick_the_dealer and i == 3
            if i == 3 and bidding.misdeal_when_round_two_reaches_dealer and not stuck:
                break  # the three before the dealer passed: a misdeal, the dealer may not name trump
            if value >= call_at or stuck:
                alone = bidding.alone_on_call and value >= alone_at
                calls.append(f"{seat} call {best.value}{' alone' if alone else ''}")
                return calls, seat, best, alone
            calls.append(f"{seat} pass")
            seat = seat.left
        return calls, None, None, False

    # ----------------------------------------------------------------- play
    def first_leader(self, maker: Seat, alone: bool, active: list[Seat]) -> Seat:
        rule = self.rules.play.first_lead_alone if alone else self.rules.play.first_lead
        start = maker.left if rule is FirstLead.LONER_LEFT else self.dealer.left
        while start not in active:
            start = start.left
        return start

    def choose_lead(self, seat: Seat, hand: list[Card], trump: Suit, maker: Seat) -> Card:
        trumps = [c for c in hand if effective_suit(c, trump) is trump]
        if seat.team is maker.team and trumps and (len(trumps) >= 2 or any(_power(c, trump) == 200 for c in trumps)):
            return max(trumps, key=lambda c: _power(c, trump))
        aces = [c for c in hand if c.rank is Rank.ACE and effective_suit(c, trump) is not trump]
        if aces:
            return aces[0]
        side = [c for c in hand if effective_suit(c, trump) is not trump]
        if side:
            return min(side, key=lambda c: (int(c.rank), c.suit.value))
        return min(trumps, key=lambda c: _power(c, trump))

    def choose_follow(self, seat: Seat, hand: list[Card], trump: Suit, led: Suit, played: list[tuple[Seat, Card]]) -> Card:
        best_seat, best_card = max(played, key=lambda p: trick_strength(p[1], led, trump))
        best_power = trick_strength(best_card, led, trump)
        partner_winning = best_seat is seat.partner
        legal = [c for c in hand if effective_suit(c, trump) is led] or hand

        def low(cards: list[Card]) -> Card:
            return min(cards, key=lambda c: (trick_strength(c, led, trump), int(c.rank), c.suit.value))

        winners = [c for c in legal if trick_strength(c, led, trump) > best_power]
        if winners and not partner_winning:
            return low(winners)
        non_trump = [c for c in legal if effective_suit(c, trump) is not trump]
        return low(non_trump or legal)

    # --------------------------------------------------- injected mistakes
    def mistake(self, seat: Seat, hand: list[Card], trump: Suit, lead: Card | None) -> tuple[Card, str] | None:
        """A wrong card to play now, if this hand carries a mistake that fits here."""
        if self.inject not in ("renege", "left-bower") or self.injected is not None or lead is None:
            return None
        led = effective_suit(lead, trump)
        left = Card.parse("J" + trump.partner.value)
        followers = [c for c in hand if effective_suit(c, trump) is led]
        others = [c for c in hand if effective_suit(c, trump) is not led]
        if not followers or not others or (self.inject == "renege" and self.rng.random() < 0.5):
            return None
        if self.inject == "renege":
            if lead == left or (led is trump and followers == [left]):
                return None
            plain = [c for c in others if c != left]
            return (self.rng.choice(plain), RENEGE_CODE) if plain else None
        # left-bower mistakes: the three ways its double identity misleads a player
        if led is trump.partner and left in hand:
            return left, LEFT_BOWER_ON_ITS_SUIT
        if lead == left:
            return self.rng.choice(others), LEFT_BOWER_LED
        if led is trump and followers == [left]:
            return self.rng.choice(others), LEFT_BOWER_ONLY_TRUMP
        return None

    def play(self, hands: dict[Seat, list[Card]], trump: Suit, maker: Seat, alone: bool) -> list[str]:
        active = [s for s in Seat if not (alone and s is maker.partner)]
        leader = self.first_leader(maker, alone, active)
        lines: list[str] = []
        won = {Team.NS: 0, Team.EW: 0}
        for t in range(1, self.rules.deck.hand_size + 1):
            played: list[tuple[Seat, Card]] = []
            seat = leader
            led: Suit | None = None
            for _ in range(len(active)):
                hand = hands[seat]
                wrong = self.mistake(seat, hand, trump, played[0][1] if played else None)
                if wrong is not None:
                    card, code = wrong
                    self.injected = (t, seat, code, len(lines))
                elif led is None:
                    card = self.choose_lead(seat, hand, trump, maker)
                else:
                    card = self.choose_follow(seat, hand, trump, led, played)
                hand.remove(card)
                if led is None:
                    led = effective_suit(card, trump)
                played.append((seat, card))
                seat = seat.left
                while seat not in active:
                    seat = seat.left
            assert led is not None
            leader = max(played, key=lambda p: trick_strength(p[1], led, trump))[0]
            won[leader.team] += 1
            lines.append("trick " + " ".join(f"{s}:{c}" for s, c in played))
        self.facts.tricks_ns, self.facts.tricks_ew = won[Team.NS], won[Team.EW]
        return lines

    def points(self, maker: Seat, alone: bool) -> tuple[int, int]:
        table = self.rules.scoring
        taken = self.facts.tricks_ns if maker.team is Team.NS else self.facts.tricks_ew
        if taken < table.majority:
            maker_pts, defender_pts = 0, table.lone_euchre if alone else table.euchre
        elif taken >= self.rules.deck.hand_size:
            maker_pts, defender_pts = table.lone_march if alone else table.march, 0
        else:
            maker_pts, defender_pts = table.lone_make if alone else table.make, 0
        return (maker_pts, defender_pts) if maker.team is Team.NS else (defender_pts, maker_pts)

    def run(self) -> list[str]:
        hands, up = self.deal()
        lines = [f"hand {self.number} dealer {self.dealer}"]
        seat = self.dealer.left
        holdings = []
        for _ in range(4):
            holdings.append(f"{seat}: " + " ".join(str(c) for c in hands[seat]))
            seat = seat.left
        lines.append("deal " + "  ".join(holdings))
        lines.append(f"up {up}")
        calls, maker, trump, alone = self.bid(hands, up)
        lines.append("bid " + ", ".join(calls))
        if maker is None or trump is None:
            return lines
        facts = self.facts
        facts.maker, facts.trump, facts.alone = maker, trump, alone
        facts.round = 1 if "order" in calls[-1] else 2
        dealer_sits_out = alone and maker.partner is self.dealer
        if facts.round == 1 and not dealer_sits_out:
            held = hands[self.dealer] + [up]
            keep = None if self.rules.bidding.dealer_may_discard_up_card else up
            discard = _worst(held, trump, keep)
            held.remove(discard)
            hands[self.dealer] = held
            lines.append(f"discard {discard}")
        first_trick_line = len(lines)
        lines.extend(self.play(hands, trump, maker, alone))
        facts.points_ns, facts.points_ew = self.points(maker, alone)
        if self.injected is not None:
            t, seat, code, _ = self.injected
            self.injected = (t, seat, code, first_trick_line + t - 1)
        return lines


class GameSimulator:
    """Simulate one game under a ruleset with its own random generator."""

    def __init__(self, rules: Ruleset, seed: int, number: int, error_rate: float = 0.0, rules_name: str | None = None) -> None:
        self.rules = rules
        self.rules_name = rules_name or rules.name
        self.rng = random.Random(f"euchre-audit:{seed}:{number}")
        self.number = number
        self.error_rate = error_rate
        self.deck = tuple(Card.parse(r.value + s.value) for s in SUITS for r in rules.deck.ranks)

    def game_won(self, ns: int, ew: int) -> Team | None:
        target, margin = self.rules.game.target, self.rules.game.win_by
        if target == 0:  # a game of a number of deals (game.deals): it ends by count, not by score
            return None
        for team, mine, theirs in ((Team.NS, ns, ew), (Team.EW, ew, ns)):
            if mine >= target and mine - theirs >= margin:
                return team
        return None

    def run(self) -> SimGame:
        rng = self.rng
        players = tuple(rng.sample(PLAYERS, 4))
        event = rng.choice(EVENTS)
        game = SimGame(self.number, players, event)  # type: ignore[arg-type]
        day = 1 + rng.randrange(28)
        game.lines.extend([
            f'[Event "{event}"]',
            f'[Date "2026-{1 + (self.number - 1) % 12:02d}-{day:02d}"]',
            f'[North "{players[0]}"]',
            f'[East "{players[1]}"]',
            f'[South "{players[2]}"]',
            f'[West "{players[3]}"]',
            f'[Rules "{self.rules_name}"]',
        ])
        dealer = Seat(rng.randrange(4))
        sheet_ns = sheet_ew = 0
        number = 0
        deals = self.rules.game.deals or MAX_HANDS_PER_GAME
        while game.winner is None and number < min(deals, MAX_HANDS_PER_GAME):
            number += 1
            inject = rng.choice(ERROR_KINDS) if self.error_rate > 0 and rng.random() < self.error_rate else None
            play = _HandPlay(self, number, dealer, inject)
            lines = play.run()
            facts = play.facts
            game.lines.append("")
            base = len(game.lines)
            game.lines.extend(lines)
            game.score_ns += facts.points_ns
            game.score_ew += facts.points_ew
            sheet_ns += facts.points_ns
            sheet_ew += facts.points_ew
            if play.injected is not None:
                t, seat, code, index = play.injected
                game.errors.append((InjectedError(self.number, number, t, seat.name, code, inject or "", 0), base + index))
            elif inject is not None:  # no chance for a wrong card this hand: a wrong sheet entry instead
                if rng.random() < 0.5:
                    sheet_ns += rng.choice((1, 2))
                else:
                    sheet_ew += rng.choice((1, 2))
                game.errors.append((InjectedError(self.number, number, None, None, SCORE_CODE, "score", 0), base + len(lines)))
            game.lines.append(f"score NS {sheet_ns} EW {sheet_ew}")
            game.hands.append(facts)
            game.winner = self.game_won(game.score_ns, game.score_ew)
            if facts.maker is None and self.rules.deal.after_throw_in is AfterThrowIn.SAME_DEALER:
                continue
            dealer = dealer.left
        return game


def simulate(
    rules: Ruleset,
    games: int,
    seed: int,
    error_rate: float = 0.0,
    rules_name: str | None = None,
    first: int = 1,
) -> Iterator[SimGame]:
    """Yield ``games`` simulated games, numbered from ``first``."""
    for number in range(first, first + games):
        yield GameSimulator(rules, seed, number, error_rate, rules_name).run()


def write_games(
    sims: Iterator[SimGame],
    out: TextIO,
    errors: TextIO | None = None,
    max_hands: int | None = None,
) -> tuple[int, int]:
    """Write games to ``out`` (and injected mistakes as JSON lines to ``errors``).

    Stops after the game in which ``max_hands`` hands are reached, if given.
    Returns (games written, hands written).
    """
    line = 1
    n_games = n_hands = 0
    for game in sims:
        if n_games:
            out.write("\n")
            line += 1
        out.write("\n".join(game.lines))
        out.write("\n")
        if errors is not None:
            for err, index in game.errors:
                errors.write(InjectedError(err.game, err.hand, err.trick, err.seat, err.code, err.kind, line + index).to_json() + "\n")
        line += len(game.lines)
        n_games += 1
        n_hands += len(game.hands)
        if max_hands is not None and n_hands >= max_hands:
            break
    return n_games, n_hands


# ---------------------------------------------------------------- command line
def run_simulate(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    """``euchre-audit simulate``: write generated games in the notation."""
    from .rules.loader import DEFAULT_RULESET, RulesetError, load_ruleset

    from .cli_common import CommandParser

    p = CommandParser(prog="euchre-audit simulate", description="Write N complete games in the notation, played by simple heuristics under a ruleset. Same seed, same output.")
    p.add_argument("--games", type=int, required=True, metavar="N", help="how many games")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
    p.add_argument("--rules", default=DEFAULT_RULESET, metavar="NAME|PATH", help="ruleset the games are played under (default: hoyle)")
    p.add_argument("--set", dest="overrides", action="append", default=[], metavar="KEY=VALUE", help="override one rule")
    p.add_argument("--errors", type=float, default=0.0, metavar="RATE", help="share of hands (0-1) that carry one injected mistake")
    p.add_argument("--hands", type=int, metavar="N", help="stop after the game in which N hands are reached")
    p.add_argument("-o", "--output", metavar="FILE", help="write the games here (default: standard output)")
    p.add_argument("--errors-out", metavar="FILE", help="write the injected mistakes here as JSON lines (default: standard error)")
    args = p.parse_args(argv)
    if args.games < 0 or (args.hands is not None and args.hands < 1):
        p.error("--games must be 0 or more and --hands 1 or more")
    if not 0.0 <= args.errors <= 1.0:
        p.error("--errors is a share of hands between 0 and 1, e.g. 0.05")
    try:
        rules = load_ruleset(args.rules, args.overrides)
    except RulesetError as e:
        for line in e.problems:
            err.write(f"euchre-audit: invalid ruleset: {line}\n")
        return 2
    sims = simulate(rules, args.games, args.seed, args.errors, args.rules)
    try:
        games_out = open(args.output, "w", encoding="utf-8", newline="\n") if args.output else None
        errors_out = open(args.errors_out, "w", encoding="utf-8") if args.errors_out else None
    except OSError as e:
        err.write(f"euchre-audit simulate: cannot write {e.filename}: {e.strerror}\n")
        return 2
    try:
        write_games(sims, games_out or out, errors_out or (err if args.errors > 0 else None), args.hands)
    finally:
        for fh in (games_out, errors_out):
            if fh is not None:
                fh.close()
    return 0
