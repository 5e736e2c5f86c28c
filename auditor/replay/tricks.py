"""The play of the tricks: who leads, who plays in turn, who held what, who won.

:class:`TrickPlay` is the part of :class:`~auditor.replay.hand.HandReplay`
that replays the tricks once trump is made.  It also replays a record that
lost some of its tricks: a trick whose cards are not known (``unknown``) is
skipped, the next trick's leader is not judged, and a renege is then shown
only by a card the player is seen to play later, since any card not seen
elsewhere may have gone to the unknown trick.  Plays worked out rather than
written (``unjudged``, by position: a trick rebuilt from the deal, a seat put
right) count for holdings and for who won, and are never judged.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter
from typing import TYPE_CHECKING

from ..cards import SEATS, Card, Seat, display_order, trump_view
from ..findings import (
    CARD_NOT_HELD,
    DUPLICATE_CARD,
    LONE_PARTNER_PLAYED,
    PLAY_OUT_OF_TURN,
    TOO_MANY_TRICKS,
    TRICK_SIZE,
    WRONG_LEADER,
    MarkedCard,
    Role,
    Severity,
)
from ..model import Play, TrickRecord, new
from ..turns import first_leader, in_play, next_in_play, sitting_out
from .legality import classify_failure, explain_failure, led_suit_name
from .short_deal import cards_lost, on_a_doubtful_card
from ..said import said
from ..results import PlayFact

if TYPE_CHECKING:
    from .hand import HandReplay


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


_seat_of = itemgetter(0)  # a Play's seat
_NO_SEATS: set[Seat] = frozenset()  # type: ignore[assignment]  # never added to: a trick looked at play by play has its own

#: ``later`` where every holding is known: nobody's later plays are asked for
_NOTHING_LATER: dict[Seat, list[tuple[int, Card]]] = {s: () for s in SEATS}  # type: ignore[misc]  # tuples: never appended to


class TrickPlay:
    """Replays the tricks of a hand (mixed into :class:`HandReplay`)."""

    __slots__ = ()  # the state is HandReplay's (its slots)

    def active_seats(self: HandReplay) -> list[Seat]:
        if not self.alone and self.defender is None:  # (the usual hand, every seat in play: no call made)
            return list(self.table.seats)
        return in_play(self.table, self._sitting_out())

    def _sitting_out(self: HandReplay) -> tuple[Seat, ...]:
        """The partners of a lone maker and of a lone defender (nobody where there are no partners)."""
        if not self.alone and self.defender is None:
            return ()
        return sitting_out(self.table, self.maker, self.alone, self.defender)

    def first_leader(self: HandReplay) -> Seat:
        return first_leader(self.table, self.rules, self.record.dealer, self.maker, self.alone, self.active_seats())

    def _next_active(self: HandReplay, seat: Seat, active: list[Seat]) -> Seat:
        return next_in_play(self.table, seat, active)

    def play_tricks(self: HandReplay) -> list[PlayFact]:
        record = self.record
        facts: list[PlayFact] = []
        if not record.tricks:
            if self.unwritten is not None:
                self.infer_unwritten(())
            return facts
        if self.thrown_in or not self.closed:
            if self.unwritten is not None:
                self.infer_unwritten(())
            if self.thrown_in:
                self.report(TOO_MANY_TRICKS, f"hand {record.number} was thrown in, yet tricks are written", record.tricks[0].pos)
            return facts
        table = self.table
        n_tricks = table.tricks
        if len(record.tricks) > n_tricks:
            extra = record.tricks[n_tricks]
            self.report(TOO_MANY_TRICKS, f"{len(record.tricks)} tricks are written, but a hand has {n_tricks}", extra.pos, trick=n_tricks + 1)
        active = self.active_seats()
        view = trump_view(self.trump, self.low)
        suit_of, power, trump = view.suit_of, view.power, view.trump
        unknown, unjudged = self.unknown, self.unjudged
        any_unknown, any_unjudged = bool(unknown), bool(unjudged)  # both empty but for a record with a slip
        # pass 1: who played each card and who won each trick (seats may be implicit)
        seated: list[tuple[tuple[Play, ...] | list[Play], Seat | None, Play | None]] = []  # plays, expected leader, winner
        leader: Seat | None = first_leader(table, self.rules, record.dealer, self.maker, self.alone, active)
        self.result.first_leader = leader
        for t_index, trick in enumerate(record.tricks[:n_tricks], 1):
            plays: tuple[Play, ...] | list[Play] = trick.plays
            if any_unknown and t_index in unknown:
                seated.append(((), None, None))
                leader = None  # whoever won the unknown trick leads the next
                continue
            if None in map(_seat_of, plays):  # (at C speed: every play of every hand asks)
                plays = self._seated(trick, leader, active) if leader is not None else ()
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
        if self.unwritten is not None:  # cards an exchange took out unnamed: what the tricks show of them
            self.infer_unwritten(seated)
            unjudged = self.unjudged  # (a player who played a card given up has none of them judged)
            any_unjudged = bool(unjudged)
        # the cards each seat is seen to play, for holdings the deal does not record (or that an
        # unknown trick makes uncertain)
        later: dict[Seat, list[tuple[int, Card]]] = _NOTHING_LATER  # read only where a holding is not known
        if len(self.held) < table.players or any_unknown:
            later = {s: [] for s in SEATS}
            # with a tableau, a card played later may have lain face down: only the hand's cards prove
            proves = self.in_hand_dealt if table.tableau else None
            for t_index, (plays, _, _) in enumerate(seated, 1):
                for play in plays:
                    if proves is None or proves(play.seat, play.card):  # type: ignore[arg-type]
                        later[play.seat].append((t_index, play.card))  # type: ignore[index]
        # pass 2: judge every play
        next_of = table.left if len(active) == table.players else tuple(self._next_active(s, active) for s in SEATS)
        played_at: dict[Card, tuple[int, Seat]] = {}
        partner = table.partner
        lone_partner = partner[self.maker] if self.alone and self.maker is not None else None
        defender_partner = partner[self.defender] if self.defender is not None else None
        deck, held_of = self.deck, self.held
        # cards that are never simply played: the discard, the up card, what an exchange took out of a hand
        odd = {self.discarded, *self.put_away}
        if not (self.result.taken_up is not None and len(held_of) == table.players and not self.passed_to
                and self.kitty_exchanged_by is None):
            odd.add(record.up)  # unless it is simply the dealer's now, and whoever else plays it is seen not to hold it
        covers, covered = self.covers, self.covered  # the tableau's cards still face up on others, and under them
        side_index = table.side_index
        won = list(table.zeros)
        n_active = len(active)
        # whose turn it is needs more than `seat is expected` only with a partner sitting out or plays worked out
        watch_turns = any_unjudged or lone_partner is not None or defender_partner is not None
        judged = True  # a play worked out is not judged; with any, every trick is careful and sets this per play
        for t_index, (plays, expected_leader, winning) in enumerate(seated, 1):
            if any_unknown and t_index in unknown:
                continue
            if len(plays) != n_active:
                trick = record.tricks[t_index - 1]
                self.report(TRICK_SIZE, f"trick {t_index} has {len(plays)} card{'s' if len(plays) != 1 else ''}; {n_active} players are in this hand", trick.pos, trick=t_index)
            if not plays or winning is None:
                continue
            first = plays[0]
            rebuilt = any_unjudged and any(p.pos in unjudged for p in plays)
            if expected_leader is not None and first.seat is not expected_leader and not rebuilt:
                why = "the first lead" if t_index == 1 else f"the winner of trick {t_index - 1}"
                self.report(WRONG_LEADER, said("{seat} leads trick {t}; {expected} should lead ({why})", seat=first.seat, t=t_index, expected=expected_leader, why=why),
                            first.pos, trick=t_index, seat=first.seat, cards=(MarkedCard(first.card, Role.FAULT, first.seat),))
            expected = first.seat
            # a seat can come round twice only in a trick of more cards than players: then, or where turns
            # need watching, every play is looked at; else a play in turn (`seat is expected`) is all there is
            careful = watch_turns or rebuilt or len(plays) > n_active
            seen_seats: set[Seat] = set() if careful else _NO_SEATS  # (asked only when careful)
            lead_card = first.card
            led = suit_of[lead_card]
            out_of_turn_reported = False
            for i, play in enumerate(plays):
                seat, c = play.seat, play.card
                assert seat is not None
                if careful:
                    judged = not any_unjudged or play.pos not in unjudged  # worked out, not written: not judged
                    if judged:
                        out_of_turn_reported = self._judge_turn(play, t_index, expected, seen_seats,
                                                                out_of_turn_reported, rebuilt, lone_partner, defender_partner)
                    seen_seats.add(seat)
                elif seat is not expected and not out_of_turn_reported:
                    out_of_turn_reported = self._judge_turn(play, t_index, expected, seen_seats, False, False, None, None)
                expected = next_of[seat]
                held = held_of.get(seat)
                if (c in played_at or c in odd or c not in deck or (held is not None and c not in held)
                        or (covered and c in covered)):
                    if judged:
                        self._check_card(play, t_index, played_at)  # something to look into: the full checks
                    else:
                        played_at.setdefault(c, (t_index, seat))
                else:
                    played_at[c] = (t_index, seat)
                followed = i == 0 or suit_of[c] is led
                if not followed and judged:
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
                if covers and c in covers:
                    self.turn_up(seat, c, t_index)  # the card under it comes face up, and into play
                facts.append(new(PlayFact, (t_index, seat, c, led, i == 0, followed, play is winning)))  # PlayFact(...), faster
            assert winning.seat is not None
            won[side_index[winning.seat]] += 1
        doubted = on_a_doubtful_card(self) if self.unnamed or len(self.held) < n_active else ()  # (a deal line cut short)
        self.missing_tricks = len(unknown) + max(0, n_tricks - len(record.tricks))
        if doubted:  # who won a trick that holds a card written twice rests on which was meant: counted as not known
            for fact in facts:
                if fact.won and fact.trick in doubted:
                    won[side_index[fact.seat]] -= 1
            self.missing_tricks += len(doubted)
        self.won = tuple(won)
        if len(record.tricks) >= n_tricks and not unknown and not doubted:
            self.result.tricks_won = self.won
        return facts

    def _judge_turn(self: HandReplay, play: Play, t_index: int, expected: Seat, seen_seats: set[Seat],
                    out_of_turn_reported: bool, rebuilt: bool, lone_partner: Seat | None, defender_partner: Seat | None) -> bool:
        """Report a judged play by a partner who sits out, or the trick's first play out of turn; whether a play
        of this trick has now been reported out of turn."""
        seat, c = play.seat, play.card
        assert seat is not None
        if seat is lone_partner:
            self.report(LONE_PARTNER_PLAYED, said("{seat} plays {c} while partner {other} is alone", seat=seat, c=c, other=self.maker),
                        play.pos, trick=t_index, seat=seat, cards=(MarkedCard(c, Role.FAULT, seat),))
        elif seat is defender_partner:
            self.report(LONE_PARTNER_PLAYED, said("{seat} plays {c} while partner {other} defends alone", seat=seat, c=c, other=self.defender),
                        play.pos, trick=t_index, seat=seat, cards=(MarkedCard(c, Role.FAULT, seat),))
        elif (seat is not expected or seat in seen_seats) and not out_of_turn_reported and not rebuilt:
            self.report(PLAY_OUT_OF_TURN, said("{seat} plays out of turn in trick {t}; it was {expected}'s turn", seat=seat, t=t_index, expected=expected),
                        play.pos, trick=t_index, seat=seat, cards=(MarkedCard(c, Role.FAULT, seat),))
            return True
        return out_of_turn_reported

    def _seated(self: HandReplay, trick: TrickRecord, leader: Seat, active: list[Seat]) -> list[Play]:
        """Plays with every seat known: a record that leaves seats implicit (EGN) follows the rules."""
        if all(p.seat is not None for p in trick.plays):
            return list(trick.plays)
        out, seat = [], leader
        for play in trick.plays:
            out.append(play if play.seat is not None else Play(seat, play.card, play.pos))
            seat = self._next_active(out[-1].seat if out[-1].seat is not None else seat, active)
        return out

    def _check_card(self: HandReplay, play: Play, t_index: int, played_at: dict[Card, tuple[int, Seat]]) -> None:
        seat, c = play.seat, play.card
        assert seat is not None
        if c not in self.deck:  # one finding says it all: no 'not held' besides
            self._check_in_deck(c, play.pos, f"{seat} plays", seat, t_index)
            played_at.setdefault(c, (t_index, seat))
            return
        if c in played_at:
            first_trick, first_seat = played_at[c]
            lost = next((s for s in (first_seat, seat) if cards_lost(self, s)), None)
            why = () if lost is None else (said("the deal line is cut short, and does not show {lost}'s cards: {c} is most likely "
                                                "written for one of them, which the record cannot show, so it is not a ruling",
                                                lost=lost, c=c),)
            self.report(DUPLICATE_CARD, said("{c} is played twice: by {first} in trick {t1} and by {seat} in trick {t2}", c=c, first=first_seat, t1=first_trick, seat=seat, t2=t_index),
                        play.pos, trick=t_index, seat=seat, cards=(MarkedCard(c, Role.FAULT, seat),), proof=why,
                        severity=Severity.WARNING if why else None)
            return
        played_at[c] = (t_index, seat)
        if c in self.covered and self.on_table[c] is seat:
            self.played_from_under(play, t_index)
            return
        fault = (MarkedCard(c, Role.FAULT, seat),)
        if c == self.discarded:
            self.report(CARD_NOT_HELD, said("{seat} plays {c}, which the dealer discarded", seat=seat, c=c), play.pos, trick=t_index, seat=seat, cards=fault)
            return
        if c in self.put_away:
            self.report(CARD_NOT_HELD, f"{seat} plays {c}, which {self.put_away[c]}", play.pos, trick=t_index, seat=seat)
            return
        up = self.record.up
        if up is not None and c == up and c not in self.dealt_to and self._not_up_card_holder(play, t_index):
            return
        if seat in self.held and c not in self.held[seat] and not self.owns_unnamed(seat, c):
            owner = self.dealt_to.get(c)
            where = "it was dealt to {owner}" if owner is not None and owner is not seat else "it was not dealt to anyone (the kitty)" if owner is None else "it was already played"
            self.report(CARD_NOT_HELD, said("{seat} plays {c}, which {seat} does not hold: " + where, seat=seat, c=c, owner=owner),
                        play.pos, trick=t_index, seat=seat, cards=fault)

    def _not_up_card_holder(self: HandReplay, play: Play, t_index: int) -> bool:
        """Report a play of the up card by anyone but who holds it (the dealer who took it up, or the lone
        maker it was passed to for partner's best); true when reported."""
        seat, c = play.seat, play.card
        holder = self.passed_to.get(c, self.record.dealer if self.result.taken_up is not None else None)
        if seat is holder:
            return False
        if holder is not None:
            took = ("was passed to {holder} for partner's best" if c in self.passed_to else "the dealer {holder} took")
            message = said("{seat} plays {c}, the up card that " + took, seat=seat, c=c, holder=holder)
        elif self.dealer_took_up:
            message = said("{seat} plays {c}, the up card, which the dealer {dealer} sat out and did not take",
                           seat=seat, c=c, dealer=self.record.dealer)
        else:
            message = said("{seat} plays {c}, the up card that was turned down", seat=seat, c=c)
        self.report(CARD_NOT_HELD, message, play.pos, trick=t_index, seat=seat, cards=(MarkedCard(c, Role.FAULT, seat),))
        return True

    def _unknown_before(self: HandReplay, t_index: int) -> bool:
        return any(t < t_index for t in self.unknown)

    def _check_follow(self: HandReplay, play: Play, lead: Card, t_index: int, later: dict[Seat, list[tuple[int, Card]]]) -> None:
        seat = play.seat
        assert seat is not None
        trump = self.trump
        if seat in self.held and not self._unknown_before(t_index):
            held_before = self.held[seat] | {play.card}
            evidence = "dealt"
        else:  # only what the player is seen to play later: an unknown trick may have taken the rest
            held_before = {c for t, c in later[seat] if t >= t_index}
            evidence = "inferred"
        failure = classify_failure(play.card, lead, held_before, trump)
        if failure is None:
            return
        led_name = led_suit_name(lead, trump)
        could = failure.could_follow_with  # already in display order
        proof: tuple[str, ...]
        if evidence == "dealt":
            held_words = self.where_held(seat, could) if self.on_table else could
            proof = (
                said("{seat} held {could} when {lead} was led ({led}) in trick {t}", seat=seat, could=held_words, lead=lead, led=led_name, t=t_index),
                said("{seat} played {card} instead", seat=seat, card=play.card),
            )
        else:
            when = {c: t for t, c in later[seat]}
            fields = {f"c{i}": c for i, c in enumerate(sorted(could, key=lambda c: when[c]))}
            shown = ", ".join(f"{{{name}}} in trick {when[c]}" for name, c in fields.items())
            proof = (
                said("{seat} played {card} on {lead} ({led} led) in trick {t}", seat=seat, card=play.card, lead=lead, led=led_name, t=t_index),
                said(f"{{seat}} later played {shown}, so {{seat}} held {'it' if len(could) == 1 else 'them'} then", seat=seat, **fields),
            )
        detail = explain_failure(failure, seat, play.card, lead, t_index, trump)
        self.result.renege_seats = (*self.result.renege_seats, seat)
        called = any(c.seat is seat for c in self.record.reneges)
        ruling = (
            "the table called it: the renege penalty applies"
            if called
            else "nobody called it at the table, so it carries no penalty"
        )
        marked = (MarkedCard(play.card, Role.FAULT, seat), *(MarkedCard(c, Role.PROOF, seat) for c in could))
        self.report(failure.code, detail, play.pos, trick=t_index, seat=seat, proof=(*proof, ruling), cards=marked)


def held_text(held: Iterable[Card]) -> str:
    return cards_text(sorted(held, key=display_order))


def held_cards(held: Iterable[Card]) -> tuple[Card, ...]:
    """The cards as people are shown them (:func:`display_order`)."""
    return tuple(sorted(held, key=display_order))

