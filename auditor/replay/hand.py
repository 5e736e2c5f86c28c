"""Replay one hand against a ruleset: deal, bidding, discard, tricks, points.

The replay is a small state machine in PokerKit's manner: each action has a
``verify_*`` step that reports what is wrong with it (as findings, never by
stopping) and an apply step that moves the state on as the table actually
played, so that one mistake does not hide the next.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import SEATS, Card, Rank, Seat, Suit, Team, deck, display_order, trump_view
from ..findings import (
    ALONE_NOT_ALLOWED,
    BID_AFTER_CLOSE,
    BID_OUT_OF_TURN,
    BIDDING_INCOMPLETE,
    CALL_IN_ROUND_ONE,
    CARD_NOT_HELD,
    CARD_NOT_IN_DECK,
    DEALER_MUST_CALL,
    DEFEND_ALONE_MISPLACED,
    DEFEND_ALONE_NOT_ALLOWED,
    DISCARD_MISSING,
    DISCARD_NOT_HELD,
    DISCARD_UP_CARD,
    DISCARD_WITHOUT_PICKUP,
    DUPLICATE_CARD,
    LONE_PARTNER_PLAYED,
    ORDER_IN_ROUND_TWO,
    PARTNER_ORDER_NOT_ALONE,
    PLAY_OUT_OF_TURN,
    RENEGE_DISPROVEN,
    RENEGE_UNPROVEN,
    STATEMENT_REPEATED,
    TOO_MANY_TRICKS,
    TRICK_COUNT_MISMATCH,
    TRICK_SIZE,
    TRICKS_MISSING,
    TURNED_DOWN_SUIT,
    UP_CARD_IN_HAND,
    WRONG_HAND_SIZE,
    WRONG_LEADER,
    Code,
    Finding,
    Severity,
)
from ..model import Call, CallKind, HandRecord, LoneDefense, Play, Pos, TrickRecord, new
from ..rules.schema import FirstLead, Ruleset
from .legality import classify_failure, explain_failure, led_suit_name
from .results import HandResult, Outcome, PlayFact
from .scoring import hand_points, renege_points



def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


class HandReplay:
    """The state of one hand while it is replayed."""

    def __init__(self, record: HandRecord, rules: Ruleset, game: int, deck: frozenset[Card] | None = None) -> None:
        self.record = record
        self.rules = rules
        self.game = game
        self.deck = deck if deck is not None else deck_of(rules)  # a game's replay passes its deck
        self.result = HandResult(record.number, record.pos, record.dealer, up=record.up, recorded=record.score)
        # bidding state
        self.round = 1
        self.to_bid: Seat = record.dealer.left
        self.passes = 0
        self.closed = False
        self.thrown_in = False
        self.maker: Seat | None = None
        self.trump: Suit | None = None
        self.alone = False
        self.defender: Seat | None = None  # a defender who defends alone
        self.dealer_took_up = False
        # holdings: seat -> cards still held, when the deal is recorded for that seat
        self.held: dict[Seat, set[Card]] = {}
        self.dealt_to: dict[Card, Seat] = {}
        self.seen: dict[Card, str] = {}  # card -> where it was first seen (for duplicates)
        self.discarded: Card | None = None

    # ---------------------------------------------------------------- report
    def report(
        self,
        code: Code,
        message: str,
        pos: Pos,
        *,
        trick: int | None = None,
        seat: Seat | None = None,
        proof: tuple[str, ...] = (),
        severity: Severity | None = None,
    ) -> None:
        self.result.findings.append(
            Finding(code, message, pos, self.game, self.record.number, trick, seat, proof, severity)
        )

    # ---------------------------------------------------------------- replay
    def run(self) -> HandResult:
        record = self.record
        for statement, pos in record.repeated:
            self.report(STATEMENT_REPEATED, f"'{statement}' is written twice in hand {record.number}; the first is used", pos)
        self.verify_deal()
        defense = record.lone_defense
        for index, call in enumerate(record.calls):
            if defense is not None and defense.after == index:
                self.defend(defense)
            self.bid(call)
        if defense is not None and defense.after >= len(record.calls):
            self.defend(defense)
        self.finish_bidding()
        self.take_up_card()
        facts = self.play_tricks()
        self.settle(facts)
        return self.result

    # ------------------------------------------------------------------ deal
    def _check_in_deck(self, card: Card, pos: Pos, what: str, seat: Seat | None = None, trick: int | None = None) -> None:
        """Report a card the ruleset's deck does not have (callers test membership first: hot path)."""
        if card not in self.deck:
            self.report(
                CARD_NOT_IN_DECK,
                f"{what} {card} is not in the deck of this ruleset ({self.rules.name}: {len(self.deck)} cards)",
                pos, seat=seat, trick=trick,
            )

    def verify_deal(self) -> None:
        record, size = self.record, self.rules.deck.hand_size
        seats_dealt: set[Seat] = set()
        for holding in record.deal:
            if holding.seat in seats_dealt:
                self.report(WRONG_HAND_SIZE, f"{holding.seat}'s cards are written twice in the deal", holding.pos, seat=holding.seat)
                continue
            seats_dealt.add(holding.seat)
            if len(holding.cards) != size:
                self.report(
                    WRONG_HAND_SIZE,
                    f"{holding.seat} is dealt {len(holding.cards)} cards; this ruleset deals {size}",
                    holding.pos, seat=holding.seat, proof=(f"{holding.seat}: {_cards(holding.cards)}",),
                )
            cards = set(holding.cards)
            if len(cards) == len(holding.cards) and self.deck.issuperset(cards) and self.dealt_to.keys().isdisjoint(cards):
                self.dealt_to.update(dict.fromkeys(holding.cards, holding.seat))  # the usual case, at C speed
                self.held[holding.seat] = cards
                continue
            for i, c in enumerate(holding.cards):
                if c not in self.deck:
                    self._check_in_deck(c, holding.card_pos(i), f"{holding.seat}'s card", holding.seat)
                if c in self.dealt_to:
                    self.report(
                        DUPLICATE_CARD,
                        f"{c} is dealt to both {self.dealt_to[c]} and {holding.seat}",
                        holding.card_pos(i), seat=holding.seat,
                    )
                    continue
                self.dealt_to[c] = holding.seat
            self.held[holding.seat] = set(holding.cards)
        if record.up is not None:
            self._check_in_deck(record.up, record.up_pos, "the up card")
            owner = self.dealt_to.get(record.up)
            if owner is not None:
                self.report(UP_CARD_IN_HAND, f"the up card {record.up} is also in {owner}'s hand", record.up_pos, seat=owner)

    # --------------------------------------------------------------- bidding
    def verify_bid(self, call: Call) -> list[tuple[Code, str]]:
        """Everything wrong with ``call`` in the current state (empty: legal)."""
        problems: list[tuple[Code, str]] = []
        bidding = self.rules.bidding
        if self.closed:
            what = "the hand was thrown in" if self.thrown_in else f"{self.maker} made trump"
            problems.append((BID_AFTER_CLOSE, f"{call.seat} bids after bidding closed ({what})"))
            return problems
        if call.seat is not self.to_bid:
            problems.append((BID_OUT_OF_TURN, f"{call.seat} bids out of turn; it was {self.to_bid}'s turn"))
        up_suit = self.record.up.suit if self.record.up else None
        if call.kind is CallKind.ORDER and self.round == 2:
            problems.append((ORDER_IN_ROUND_TWO, f"{call.seat} orders up in round 2, after the up card was turned down"))
        if call.kind is CallKind.CALL and self.round == 1:
            problems.append((CALL_IN_ROUND_ONE, f"{call.seat} names {call.suit.name.lower() if call.suit else 'a suit'} in round 1, where only the up card can be ordered"))
        if call.kind is CallKind.CALL and self.round == 2 and up_suit is not None and call.suit is up_suit:
            problems.append((TURNED_DOWN_SUIT, f"{call.seat} names {up_suit.name.lower()}, the suit turned down in round 1"))
        if call.alone:
            allowed = bidding.alone_on_order if call.kind is CallKind.ORDER else bidding.alone_on_call
            if not allowed:
                problems.append((ALONE_NOT_ALLOWED, f"{call.seat} goes alone, which this ruleset does not allow when {'ordering up' if call.kind is CallKind.ORDER else 'naming trump'}"))
        if (
            call.kind is CallKind.PASS
            and bidding.stick_the_dealer
            and self.round == 2
            and call.seat is self.record.dealer
            and self.passes == 2 * len(SEATS) - 1
        ):
            problems.append((DEALER_MUST_CALL, f"the dealer {call.seat} passes in round 2; under stick-the-dealer the dealer must name trump"))
        if (
            bidding.dealer_partner_order_alone
            and not call.alone
            and self.round == 1
            and call.seat is self.record.dealer.partner
            and self._takes_up_card(call)
        ):
            problems.append((PARTNER_ORDER_NOT_ALONE, f"{call.seat}, the dealer's partner, orders up without going alone; under the Canadian loner the dealer's partner who orders up must go alone"))
        return problems

    def _takes_up_card(self, call: Call) -> bool:
        """Whether ``call`` in round 1 makes the up card's suit trump (so the dealer takes it up)."""
        up = self.record.up
        return call.kind is CallKind.ORDER or (call.kind is CallKind.CALL and up is not None and call.suit is up.suit)

    def verify_defense(self, defense: LoneDefense) -> list[tuple[Code, str]]:
        """Everything wrong with ``<seat> defend alone`` where it was declared (empty: legal)."""
        problems: list[tuple[Code, str]] = []
        bidding, seat, maker = self.rules.bidding, defense.seat, self.maker
        if not bidding.defend_alone:
            problems.append((DEFEND_ALONE_NOT_ALLOWED, f"{seat} defends alone, which this ruleset does not allow"))
        elif bidding.defend_alone_only_against_lone and maker is not None and not self.alone:
            problems.append((DEFEND_ALONE_NOT_ALLOWED, f"{seat} defends alone against {maker}, who is not alone; this ruleset allows defending alone only against a lone maker"))
        if self.thrown_in:
            problems.append((DEFEND_ALONE_MISPLACED, f"{seat} defends alone in a hand nobody made trump in"))
        elif maker is None:
            problems.append((DEFEND_ALONE_MISPLACED, f"{seat} declares defending alone before anyone made trump; a defender may declare it only once the declarer is decided"))
        elif maker.team is seat.team:
            problems.append((DEFEND_ALONE_MISPLACED, f"{seat} is on the makers' side ({maker} made trump); only a defender can defend alone"))
        return problems

    def defend(self, defense: LoneDefense) -> None:
        for code, message in self.verify_defense(defense):
            self.report(code, message, defense.pos, seat=defense.seat)

    def bid(self, call: Call) -> None:
        for code, message in self.verify_bid(call):
            self.report(code, message, call.pos, seat=call.seat)
        if self.closed:
            return
        self.to_bid = call.seat.left
        if call.kind is CallKind.PASS:
            self.passes += 1
            if self.passes == len(SEATS):  # everyone passed once: the up card is turned down
                self.round = 2
            elif self.passes >= 2 * len(SEATS):
                self.closed = self.thrown_in = True
            return
        self.closed = True
        self.maker = call.seat
        self.alone = call.alone
        if call.kind is CallKind.ORDER or (call.kind is CallKind.CALL and self.round == 1 and self.record.up is not None and call.suit is self.record.up.suit):
            self.trump = self.record.up.suit if self.record.up else None
            self.dealer_took_up = self.round == 1
        else:
            self.trump = call.suit
        self.result.round = self.round
        self.result.maker = call.seat
        self.result.trump = self.trump
        self.result.alone = call.alone

    def finish_bidding(self) -> None:
        if self.thrown_in:
            self.result.outcome = Outcome.THROWN_IN
        defense = self.record.lone_defense
        if defense is not None and self.maker is not None and defense.seat.team is not self.maker.team:
            # taken as the table played it, even where it was declared early or is not allowed
            self.defender = self.result.defender_alone = defense.seat
        if not self.closed and self.record.tricks:
            last = self.record.calls[-1].pos if self.record.calls else self.record.pos
            self.report(BIDDING_INCOMPLETE, f"cards are played in hand {self.record.number} but the bidding as written never made trump", last)

    # --------------------------------------------------------------- discard
    def take_up_card(self) -> None:
        record, dealer = self.record, self.record.dealer
        sits_out = (self.alone and self.maker is not None and self.maker.partner is dealer) or (
            self.defender is not None and self.defender.partner is dealer
        )
        if record.discard is not None:
            self._check_in_deck(record.discard, record.discard_pos, "the discard", dealer)
        if not self.dealer_took_up or sits_out:
            if record.discard is not None and not sits_out:
                why = "the hand was thrown in" if self.thrown_in else "trump was named in round 2" if self.closed else "nobody ordered up"
                self.report(DISCARD_WITHOUT_PICKUP, f"a discard ({record.discard}) is written but the dealer took no card: {why}", record.discard_pos, seat=dealer)
            return
        up = record.up
        if dealer in self.held and up is not None:
            self.held[dealer].add(up)
        if record.discard is None:
            if dealer in self.held:
                self.report(DISCARD_MISSING, f"the dealer {dealer} took {up} but no discard is written", record.calls[-1].pos if record.calls else record.pos, seat=dealer)
            return
        self.discarded = record.discard
        if record.discard == up and not self.rules.bidding.dealer_may_discard_up_card:
            self.report(DISCARD_UP_CARD, f"the dealer {dealer} discards the up card {up}, which this ruleset forbids", record.discard_pos, seat=dealer)
        if dealer in self.held:
            if record.discard not in self.held[dealer]:
                self.report(
                    DISCARD_NOT_HELD,
                    f"the dealer {dealer} discards {record.discard}, which {dealer} does not hold",
                    record.discard_pos, seat=dealer, proof=(f"{dealer} held {_cards(sorted(self.held[dealer], key=display_order))}",),
                )
            self.held[dealer].discard(record.discard)

    # ----------------------------------------------------------------- play
    def active_seats(self) -> list[Seat]:
        out = self._sitting_out()
        return [s for s in SEATS if s not in out] if out else list(SEATS)

    def _sitting_out(self) -> tuple[Seat, ...]:
        """The partners of a lone maker and of a lone defender."""
        out: tuple[Seat, ...] = ()
        if self.alone and self.maker is not None:
            out += (self.maker.partner,)
        if self.defender is not None:
            out += (self.defender.partner,)
        return out

    def first_leader(self) -> Seat:
        play = self.rules.play
        rule = play.first_lead_alone if self.alone else play.first_lead
        active = self.active_seats()
        if rule is FirstLead.LONER_LEFT and self.maker is not None:
            start = self.maker.left
        else:
            start = self.record.dealer.left
        while start not in active:
            start = start.left
        return start

    def _next_active(self, seat: Seat, active: list[Seat]) -> Seat:
        nxt = seat.left
        while nxt not in active:
            nxt = nxt.left
        return nxt

    def play_tricks(self) -> list[PlayFact]:
        record = self.record
        facts: list[PlayFact] = []
        if not record.tricks:
            return facts
        if self.thrown_in or not self.closed:
            if self.thrown_in:
                self.report(TOO_MANY_TRICKS, f"hand {record.number} was thrown in, yet tricks are written", record.tricks[0].pos)
            return facts
        n_tricks = self.rules.deck.hand_size
        if len(record.tricks) > n_tricks:
            extra = record.tricks[n_tricks]
            self.report(TOO_MANY_TRICKS, f"{len(record.tricks)} tricks are written, but a hand has {n_tricks}", extra.pos, trick=n_tricks + 1)
        active = self.active_seats()
        view = trump_view(self.trump)
        suit_of, power, trump = view.suit_of, view.power, view.trump
        # pass 1: who played each card and who won each trick (seats may be implicit)
        seated: list[tuple[tuple[Play, ...] | list[Play], Seat, Play | None]] = []  # plays, expected leader, winner
        leader = self.first_leader()
        for trick in record.tricks[:n_tricks]:
            plays: tuple[Play, ...] | list[Play] = trick.plays
            for play in plays:
                if play.seat is None:
                    plays = self._seated(trick, leader, active)
                    break
            if not plays:
                seated.append((plays, leader, None))
                continue
            best = plays[0]
            led = suit_of[best.card]
            top = power[best.card]
            for play in plays[1:]:
                suit = suit_of[play.card]
                if (suit is trump or suit is led) and power[play.card] > top:
                    best, top = play, power[play.card]
            seated.append((plays, leader, best))
            assert best.seat is not None
            leader = best.seat
        # the cards each seat is seen to play, for holdings the deal does not record
        later: dict[Seat, list[tuple[int, Card]]] = {s: [] for s in SEATS}
        if len(self.held) < len(SEATS):  # read only for a seat whose deal is not recorded
            for t_index, (plays, _, _) in enumerate(seated, 1):
                for play in plays:
                    later[play.seat].append((t_index, play.card))  # type: ignore[index]
        # pass 2: judge every play
        next_of = {s: self._next_active(s, active) for s in SEATS}
        played_at: dict[Card, tuple[int, Seat]] = {}
        lone_partner = self.maker.partner if self.alone and self.maker is not None else None
        defender_partner = self.defender.partner if self.defender is not None else None
        deck, discarded, up, held_of = self.deck, self.discarded, record.up, self.held
        won_ns = won_ew = 0
        for t_index, (plays, expected_leader, winning) in enumerate(seated, 1):
            if len(plays) != len(active):
                trick = record.tricks[t_index - 1]
                self.report(TRICK_SIZE, f"trick {t_index} has {len(plays)} cards; {len(active)} players are in this hand", trick.pos, trick=t_index)
            if not plays or winning is None:
                continue
            first = plays[0]
            if first.seat is not expected_leader:
                why = "the first lead" if t_index == 1 else f"the winner of trick {t_index - 1}"
                self.report(WRONG_LEADER, f"{first.seat} leads trick {t_index}; {expected_leader} should lead ({why})", first.pos, trick=t_index, seat=first.seat)
            expected = first.seat
            seen_seats: set[Seat] = set()
            lead_card = first.card
            led = suit_of[lead_card]
            out_of_turn_reported = False
            for i, play in enumerate(plays):
                seat, c = play.seat, play.card
                assert seat is not None
                if seat is lone_partner:
                    self.report(LONE_PARTNER_PLAYED, f"{seat} plays {c} while partner {self.maker} is alone", play.pos, trick=t_index, seat=seat)
                elif seat is defender_partner:
                    self.report(LONE_PARTNER_PLAYED, f"{seat} plays {c} while partner {self.defender} defends alone", play.pos, trick=t_index, seat=seat)
                elif (seat is not expected or seat in seen_seats) and not out_of_turn_reported:
                    self.report(PLAY_OUT_OF_TURN, f"{seat} plays out of turn in trick {t_index}; it was {expected}'s turn", play.pos, trick=t_index, seat=seat)
                    out_of_turn_reported = True
                seen_seats.add(seat)
                expected = next_of[seat]
                held = held_of.get(seat)
                if c in played_at or c not in deck or c is discarded or c is up or (held is not None and c not in held):
                    self._check_card(play, t_index, played_at)  # something to look into: the full checks
                else:
                    played_at[c] = (t_index, seat)
                followed = i == 0 or suit_of[c] is led
                if not followed:
                    # a quick look first: most failures to follow are a void, legal and common
                    could_follow = False
                    if held is not None:
                        for h in held:
                            if suit_of[h] is led and h is not c:
                                could_follow = True
                                break
                    else:
                        could_follow = any(t >= t_index and suit_of[h] is led for t, h in later[seat])
                    if could_follow:
                        self._check_follow(play, lead_card, t_index, later)
                if held is not None:
                    held.discard(c)
                facts.append(new(PlayFact, (t_index, seat, c, led, i == 0, followed, play is winning)))  # PlayFact(...), faster
            assert winning.seat is not None
            if winning.seat.team is Team.NS:
                won_ns += 1
            else:
                won_ew += 1
        if len(record.tricks) >= n_tricks:
            self.result.tricks_ns, self.result.tricks_ew = won_ns, won_ew
        return facts

    def _seated(self, trick: TrickRecord, leader: Seat, active: list[Seat]) -> list[Play]:
        """Plays with every seat known: a record that leaves seats implicit (EGN) follows the rules."""
        if all(p.seat is not None for p in trick.plays):
            return list(trick.plays)
        out, seat = [], leader
        for play in trick.plays:
            out.append(play if play.seat is not None else Play(seat, play.card, play.pos))
            seat = self._next_active(out[-1].seat or seat, active)
        return out

    def _check_card(self, play: Play, t_index: int, played_at: dict[Card, tuple[int, Seat]]) -> None:
        seat, c = play.seat, play.card
        assert seat is not None
        if c not in self.deck:
            self._check_in_deck(c, play.pos, f"{seat} plays", seat, t_index)
        if c in played_at:
            first_trick, first_seat = played_at[c]
            self.report(DUPLICATE_CARD, f"{c} is played twice: by {first_seat} in trick {first_trick} and by {seat} in trick {t_index}", play.pos, trick=t_index, seat=seat)
            return
        played_at[c] = (t_index, seat)
        if c == self.discarded:
            self.report(CARD_NOT_HELD, f"{seat} plays {c}, which the dealer discarded", play.pos, trick=t_index, seat=seat)
            return
        up = self.record.up
        if up is not None and c == up and c not in self.dealt_to:
            if not self.dealer_took_up:
                self.report(CARD_NOT_HELD, f"{seat} plays {c}, the up card that was turned down", play.pos, trick=t_index, seat=seat)
                return
            if seat is not self.record.dealer:
                self.report(CARD_NOT_HELD, f"{seat} plays {c}, the up card that the dealer {self.record.dealer} took", play.pos, trick=t_index, seat=seat)
                return
        if seat in self.held and c not in self.held[seat]:
            owner = self.dealt_to.get(c)
            where = f"it was dealt to {owner}" if owner is not None and owner is not seat else "it was not dealt to anyone (the kitty)" if owner is None else "it was already played"
            self.report(CARD_NOT_HELD, f"{seat} plays {c}, which {seat} does not hold: {where}", play.pos, trick=t_index, seat=seat)

    def _check_follow(self, play: Play, lead: Card, t_index: int, later: dict[Seat, list[tuple[int, Card]]]) -> None:
        seat = play.seat
        assert seat is not None
        trump = self.trump
        if seat in self.held:
            held_before = self.held[seat] | {play.card}
            evidence = "dealt"
        else:
            held_before = {c for t, c in later[seat] if t >= t_index}
            evidence = "inferred"
        failure = classify_failure(play.card, lead, held_before, trump)
        if failure is None:
            return
        led_name = led_suit_name(lead, trump)
        could = failure.could_follow_with  # already in display order
        if evidence == "dealt":
            proof = (
                f"{seat} held {_cards(could)} when {lead} was led ({led_name}) in trick {t_index}",
                f"{seat} played {play.card} instead",
            )
        else:
            when = {c: t for t, c in later[seat]}
            shown = ", ".join(f"{c} in trick {when[c]}" for c in sorted(could, key=lambda c: when[c]))
            proof = (
                f"{seat} played {play.card} on {lead} ({led_name} led) in trick {t_index}",
                f"{seat} later played {shown}, so {seat} held {'it' if len(could) == 1 else 'them'} then",
            )
        detail = explain_failure(failure, seat, play.card, lead, t_index, trump)
        self.result.renege_seats = (*self.result.renege_seats, seat)
        called = any(c.seat is seat for c in self.record.reneges)
        ruling = (
            "the table called it: the renege penalty applies"
            if called
            else "nobody called it at the table, so it carries no penalty"
        )
        self.report(failure.code, detail, play.pos, trick=t_index, seat=seat, proof=(*proof, ruling))

    # ---------------------------------------------------------------- points
    def settle(self, facts: list[PlayFact]) -> None:
        record, result = self.record, self.result
        result.plays = tuple(facts)
        if self.thrown_in:
            result.outcome = Outcome.THROWN_IN
            self._check_called_reneges()
            return
        counts = record.trick_counts
        if counts is not None:
            if result.tricks_ns is not None and (counts.ns, counts.ew) != (result.tricks_ns, result.tricks_ew):
                self.report(
                    TRICK_COUNT_MISMATCH,
                    f"the record says NS took {counts.ns} and EW {counts.ew} tricks; the cards played give NS {result.tricks_ns} and EW {result.tricks_ew}",
                    counts.pos,
                )
            elif result.tricks_ns is None:
                result.tricks_ns, result.tricks_ew = counts.ns, counts.ew
        if result.tricks_ns is None and record.tricks and self.closed:
            self.report(TRICKS_MISSING, f"hand {record.number} has {len(record.tricks)} of {self.rules.deck.hand_size} tricks written and no trick count", record.tricks[-1].pos)
        if self.maker is not None and result.tricks_ns is not None and result.tricks_ew is not None:
            maker_team = self.maker.team
            taken = result.tricks_ns if maker_team is Team.NS else result.tricks_ew
            maker_pts, defender_pts, outcome = hand_points(self.rules, self.alone, taken, self.defender is not None)
            result.outcome = outcome
            self._assign(maker_team, maker_pts, defender_pts)
        self._check_called_reneges()

    def _assign(self, maker_team: Team, maker_pts: int, defender_pts: int) -> None:
        if maker_team is Team.NS:
            self.result.points_ns, self.result.points_ew = maker_pts, defender_pts
        else:
            self.result.points_ns, self.result.points_ew = defender_pts, maker_pts

    def _check_called_reneges(self) -> None:
        result = self.result
        for called in self.record.reneges:
            proven = called.seat in result.renege_seats
            if not proven:
                complete = called.seat in self.held and len(self.record.tricks) >= self.rules.deck.hand_size
                if complete:
                    self.report(
                        RENEGE_DISPROVEN,
                        f"a renege was called on {called.seat}, but the recorded deal shows {called.seat} followed suit whenever able; no penalty",
                        called.pos, seat=called.seat,
                    )
                    continue
                self.report(
                    RENEGE_UNPROVEN,
                    f"a renege was called on {called.seat}; the record cannot show it without {called.seat}'s dealt cards, so the table's ruling stands",
                    called.pos, seat=called.seat,
                )
            if result.penalized is not None:
                continue
            offenders = called.seat.team
            penalty = renege_points(self.rules, self.alone or self.defender is not None)
            result.penalized = offenders
            if not self.rules.renege.hand_stands:
                result.points_ns = result.points_ew = 0
            if offenders is Team.NS:
                result.points_ew += penalty
            else:
                result.points_ns += penalty


_DECKS: dict[tuple[str, ...], frozenset[Card]] = {}


def deck_of(rules: Ruleset) -> frozenset[Card]:
    """The cards of the ruleset's deck."""
    key = tuple(r.value for r in rules.deck.ranks)
    found = _DECKS.get(key)
    if found is None:
        found = _DECKS[key] = deck(tuple(Rank.parse(r) for r in key))
    return found
