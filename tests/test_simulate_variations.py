"""Seed 003's variations in generated games.

For each variation: games generated under a ruleset that turns it on contain it
(`misdeal` and `farmer` lines, the joker, `call high` / `call low`, `defend
alone`...), are legal (the audit of the file, read under its own Rules and Set
tags, has no finding at all) and score as the simulator scored them; games
generated under a ruleset without it never contain it.  A few hundred hands per
variation keep the suite fast.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from auditor.cards import JOKER, Card, Rank, Seat, Suit, Team, cards
from auditor.table import FOUR
from auditor.model import CallKind, HandRecord
from auditor.notation.reader import read_text
from auditor.results import GameResult, Outcome
from auditor.rules.loader import load_ruleset
from auditor.simulate import SimGame, simulate, write_games
from auditor.simulate.bidding import Bidder
from conftest import audit_text

SIDE = FOUR.side_of
OTHER = {Team.NS: Team.EW, Team.EW: Team.NS}

NO_TRUMP = "bidding.no_trump_calls=[high, low]"
DEFEND = "bidding.defend_alone=true"
LOW_RANKS = (Rank.NINE, Rank.TEN)


@dataclass
class Generated:
    text: str
    sims: list[SimGame]
    log: list[dict]

    def hands(self) -> Iterator[HandRecord]:
        for game in read_text(self.text):
            for hand in game.hands:
                assert isinstance(hand, HandRecord)
                yield hand

    def lines(self, start: str) -> list[str]:
        return [line for line in self.text.splitlines() if line.startswith(start)]


def generate(rules: str, overrides: tuple[str, ...] = (), games: int = 25, seed: int = 1,
             errors: float = 0.0, called: float = 0.0, first: int = 1) -> Generated:
    ruleset = load_ruleset(rules, list(overrides))
    sims = list(simulate(ruleset, games, seed, errors, rules, first, overrides, called))
    out, log = io.StringIO(), io.StringIO()
    write_games(iter(sims), out, log)
    return Generated(out.getvalue(), sims, [json.loads(line) for line in log.getvalue().splitlines()])


def audited_clean(generated: Generated) -> list[GameResult]:
    """The audit of the file under its own tags: no finding, and the simulator's facts hand by hand."""
    games = audit_text(generated.text)  # no --rules, no --set: the Rules and Set tags say how it was played
    assert [(f.code.code, f.hand, f.message) for g in games for f in g.all_findings()] == []
    assert_agree(generated.sims, games)
    return games


def assert_agree(sims: list[SimGame], games: list[GameResult]) -> None:
    assert len(sims) == len(games)
    for sim, game in zip(sims, games, strict=True):
        for mine, theirs in zip(sim.hands, game.hands, strict=True):
            if mine.misdeal is not None:
                assert theirs.outcome is Outcome.MISDEAL
            elif mine.maker is None:
                assert theirs.outcome is Outcome.THROWN_IN
            else:
                no_trump = mine.no_trump.value if mine.no_trump is not None else None
                assert (mine.maker, mine.trump, no_trump, mine.round, mine.alone, mine.defender) == (
                    theirs.maker, theirs.trump, theirs.no_trump, theirs.round, theirs.alone, theirs.defender_alone)
                assert mine.tricks_won == theirs.tricks_won
            assert mine.points_won == theirs.points, (sim.number, mine.number)
        assert sim.scores == game.computed
        assert sim.winner is game.winner and game.finished
        assert sim.tie is (sim.winner is None)  # only a game of a number of deals can end in a tie


def dealt(hand: HandRecord) -> dict[Seat, tuple[Card, ...]]:
    return {h.seat: h.cards for h in hand.deal}


def is_misdeal_hand(cards: tuple[Card, ...], with_ace: bool = True) -> bool:
    """Seed 003 lines 17-20, written again here: all 9s and 10s, or one ace and the rest 9s and 10s."""
    low = sum(c.rank in LOW_RANKS for c in cards)
    return low == len(cards) or (with_ace and low == len(cards) - 1 and sum(c.rank is Rank.ACE for c in cards) == 1)


def making_calls(generated: Generated) -> list[tuple[HandRecord, str]]:
    """Each hand's making call, as written (`S order H alone`), with its hand."""
    out = []
    for hand, line in zip(generated.hands(), generated.lines("bid ")):
        made = [c for c in line.removeprefix("bid ").split(", ") if " pass" not in c and "defend" not in c]
        if made:
            out.append((hand, made[0]))
    return out


# ----------------------------------------------------------------------------- the joker
@pytest.mark.parametrize("joker_up", ["dealer-names", "maker-names"])
def test_the_joker_is_dealt_turned_up_and_wins_every_trick_it_is_played_to(joker_up: str) -> None:
    generated = generate("joker", (f"bidding.joker_up={joker_up}",), games=30, seed=5)
    games = audited_clean(generated)
    hands = list(generated.hands())
    # 25 cards: the joker is dealt or turned up in 21 deals of 25, otherwise it lies face down in the kitty
    shown = sum(JOKER in {c for cards in dealt(h).values() for c in cards} | {h.up} for h in hands)
    assert 0.7 < shown / len(hands) < 0.95
    joker_up_hands = [h for h in hands if h.up is JOKER]
    assert len(joker_up_hands) >= 3
    if joker_up == "dealer-names":  # `up JK H`, and the order names nothing
        assert all(h.up_suit is not None for h in joker_up_hands)
        assert not any(c.suit is not None for h in hands for c in h.calls if c.kind is CallKind.ORDER)
    else:  # `up JK`, and the maker names the suit: `N order H`
        assert all(h.up_suit is None for h in joker_up_hands)
        orders = [c for h in joker_up_hands for c in h.calls if c.kind is CallKind.ORDER]
        assert orders and all(c.suit is not None for c in orders)
    plays = [p for g in games for h in g.hands for p in h.plays if p.card is JOKER]
    assert len(plays) > 50 and all(p.won for p in plays)


def test_without_the_joker_no_joker_is_dealt() -> None:
    generated = generate("hoyle", games=30, seed=5)
    assert "JK" not in generated.text
    assert len({c for h in generated.hands() for cards in dealt(h).values() for c in cards}) == 24


# ----------------------------------------------------------------------------- no trump: high and low
@pytest.mark.parametrize(("rules", "overrides"), [
    ("hoyle", (NO_TRUMP,)),
    ("joker", (NO_TRUMP,)),  # the joker, a suit of its own without trump, wins any trick
    ("stick-the-dealer", (NO_TRUMP, "bidding.alone_on_call=false")),
    ("euchre28", (NO_TRUMP, "scoring.no_trump.euchre=3")),
])
def test_high_and_low_are_bid_where_allowed(rules: str, overrides: tuple[str, ...]) -> None:
    generated = generate(rules, overrides, games=25, seed=2)
    audited_clean(generated)
    bids = generated.lines("bid ")
    assert any("call high" in b for b in bids) and any("call low" in b for b in bids)
    no_trump_hands = [h for s in generated.sims for h in s.hands if h.no_trump is not None]
    assert all(h.trump is None and h.round == 2 for h in no_trump_hands)
    if "bidding.alone_on_call=false" in overrides:
        assert not any("alone" in b for b in bids if "call" in b)


def test_only_the_no_trump_bids_the_ruleset_lists_are_made() -> None:
    high_only = generate("hoyle", ("bidding.no_trump_calls=[high]",), games=25, seed=2)
    audited_clean(high_only)
    assert "call high" in high_only.text and "call low" not in high_only.text
    plain = generate("hoyle", games=25, seed=2)
    assert "call high" not in plain.text and "call low" not in plain.text


def test_no_trump_scores_by_its_own_table() -> None:
    """scoring.no_trump: a euchred no-trump hand scores 3 for the defenders here, a trump hand 2."""
    generated = generate("euchre28", (NO_TRUMP, "scoring.no_trump.euchre=3"), games=25, seed=2)
    audited_clean(generated)
    euchres = {(h.no_trump is not None, max(h.points_won)) for s in generated.sims for h in s.hands
               if h.maker is not None and not h.alone and h.points_of(SIDE[h.maker]) == 0}
    assert euchres == {(True, 3), (False, 2)}


# ----------------------------------------------------------------------------- misdeals
def test_under_must_every_misdeal_hand_is_declared_and_the_deal_passes_on() -> None:
    """Under redeal (a thrown-in hand is dealt again by the same dealer) a misdeal still passes the deal."""
    generated = generate("redeal", ("deal.misdeal=must",), games=30, seed=3)
    audited_clean(generated)
    hands = list(generated.hands())
    declared = 0
    for hand, after in zip(hands, hands[1:] + [None]):
        qualifying = [s for s, cards in dealt(hand).items() if is_misdeal_hand(cards)]  # from the dealer's left
        if not qualifying:
            assert not hand.misdeals
            continue
        declared += 1
        assert [m.seat for m in hand.misdeals] == qualifying[:1] and not hand.calls and not hand.tricks
        if after is not None and after.number > 1:
            assert after.dealer is FOUR.left[hand.dealer]
    assert declared >= 5


def test_under_can_most_misdeal_hands_are_declared_and_some_played() -> None:
    generated = generate("hoyle", ("deal.misdeal=can",), games=40, seed=3)
    audited_clean(generated)
    qualifying = [h for h in generated.hands() if any(is_misdeal_hand(c) for c in dealt(h).values())]
    declared = [h for h in qualifying if h.misdeals]
    assert len(qualifying) > len(declared) >= len(qualifying) / 2


def test_misdeal_hands_are_the_ruleset_s_and_none_without_the_rule() -> None:
    nines_and_tens = generate("hoyle", ("deal.misdeal=must", "deal.misdeal_hands=[nines-and-tens]"), games=40, seed=3)
    audited_clean(nines_and_tens)
    declared = [h for h in nines_and_tens.hands() if h.misdeals]
    assert declared and all(is_misdeal_hand(dealt(h)[h.misdeals[0].seat], with_ace=False) for h in declared)
    plain = generate("hoyle", games=40, seed=3)
    assert any(is_misdeal_hand(c) for h in plain.hands() for c in dealt(h).values())
    assert "misdeal" not in plain.text


# ----------------------------------------------------------------------------- the farmer's hand
def test_the_farmer_gives_three_nines_and_tens_for_the_kitty() -> None:
    generated = generate("hoyle", ("deal.farmers_hand=true", "deal.misdeal=can"), games=20, seed=4)
    games = audited_clean(generated)
    farmers = [h for h in generated.hands() if h.exchanges]
    assert len(farmers) > 40
    for hand in farmers:
        (exchange,) = hand.exchanges
        assert len(exchange.cards) == 3 and all(c.rank in LOW_RANKS for c in exchange.cards)
        assert set(exchange.cards) <= set(dealt(hand)[exchange.seat]) and not hand.misdeals
    # the farmer plays the kitty's cards: some card played was dealt to nobody and is not the up card
    by_number = {(g.index, h.number): h for g in games for h in g.hands}
    kitty_played = 0
    for game in read_text(generated.text):
        for hand in game.hands:
            assert isinstance(hand, HandRecord)
            if hand.exchanges and hand.tricks:
                seen = {c for cards in dealt(hand).values() for c in cards} | {hand.up}
                farmer = hand.exchanges[0].seat
                kitty_played += sum(p.card not in seen for p in by_number[(game.index, hand.number)].plays if p.seat is farmer)
    assert kitty_played > 40


@pytest.mark.parametrize(("rules", "overrides"), [("hoyle", ()), ("joker", ("deal.farmers_hand=true",))])
def test_no_farmer_without_the_rule_or_without_three_face_down_cards(rules: str, overrides: tuple[str, ...]) -> None:
    """The joker's kitty has four face-down cards: the seed's "three face down cards" are not defined there."""
    generated = generate(rules, overrides, games=20, seed=4)
    audited_clean(generated)
    assert generated.lines("farmer ") == []


# ----------------------------------------------------------------------------- who may order up
def test_nobody_orders_up_without_the_suit_where_the_rule_says_so() -> None:
    rule = ("bidding.order_needs_the_suit=true",)
    generated = generate("hoyle", rule, games=30, seed=6)
    audited_clean(generated)
    orders = [(h, c) for h, c in making_calls(generated) if " order" in c]
    assert len(orders) > 100
    for hand, call in orders:
        seat = Seat[call[0]]
        assert any(c.suit is hand.up.suit for c in dealt(hand)[seat])  # type: ignore[union-attr]
    # the rule changes the bidding: the standard game orders without the suit, which the rule forbids
    plain = generate("hoyle", games=30, seed=6)
    assert "B214" in [f.code.code for g in audit_text(plain.text, "hoyle", list(rule)) for f in g.all_findings()]


def test_the_dealer_never_takes_up_their_only_trump_where_the_rule_says_so() -> None:
    """Only a joker turned up is worth ordering as the dealer's only trump: N holds three off aces and no spade
    (nor the jack of clubs, the left bower); E, S and W hold nothing worth a call."""
    hands = {Seat.N: list(cards("AC AD AH 9C 9D")), Seat.E: list(cards("TC TD TH QC QD")),
             Seat.S: list(cards("9H 9S TS QH QS")), Seat.W: list(cards("KC KD KH KS JD"))}

    def first_call(rules: list[str]) -> str:
        ruleset = load_ruleset("joker", rules)
        return Bidder(ruleset, {s: list(c) for s, c in hands.items()}, JOKER, Suit.SPADES, Seat.N, FOUR).bid().calls[3]

    assert first_call([]) == "N order"
    assert first_call(["bidding.dealer_needs_another_trump=true"]) == "N pass"
    generated = generate("joker", ("bidding.dealer_needs_another_trump=true",), games=30, seed=6)
    audited_clean(generated)


def test_the_turned_down_suit_is_named_only_where_allowed() -> None:
    def named_turned_down(generated: Generated) -> int:
        return sum(1 for hand, call in making_calls(generated)
                   if " call " in call and hand.up is not None and call.split()[2] == hand.up.suit.value)

    allowed = generate("hoyle", ("bidding.may_name_turned_down_suit=true",), games=40, seed=7)
    audited_clean(allowed)
    assert named_turned_down(allowed) >= 3
    assert named_turned_down(generate("hoyle", games=40, seed=7)) == 0


def test_the_up_card_is_never_discarded_where_forbidden() -> None:
    for rules in ("bicycle", "drinking", "redeal"):
        generated = generate(rules, games=30, seed=8)
        audited_clean(generated)
        assert not any(h.discard is h.up for h in generated.hands()), rules


# ----------------------------------------------------------------------------- defending alone
def test_defenders_defend_alone_where_allowed() -> None:
    generated = generate("hoyle", (DEFEND,), games=25, seed=9)
    audited_clean(generated)
    lone = [h for s in generated.sims for h in s.hands if h.defender is not None]
    assert len(lone) >= 5
    assert all(SIDE[h.defender] is not SIDE[h.maker] for h in lone)  # type: ignore[union-attr]
    # a euchre by a lone defender scores scoring.defend_alone_euchre (4)
    assert {h.points_of(SIDE[h.defender]) for h in lone if h.points_of(SIDE[h.defender])} == {4}  # type: ignore[union-attr]
    assert "defend alone" not in generate("hoyle", games=25, seed=9).text


def test_defending_alone_only_against_a_lone_maker() -> None:
    generated = generate("hoyle", (DEFEND, "bidding.defend_alone_only_against_lone=true"), games=40, seed=9)
    audited_clean(generated)
    defended = [call for call in generated.lines("bid ") if "defend alone" in call]
    assert defended and all(" alone, " in call for call in defended)  # the making call before it is alone


@pytest.mark.parametrize("takes_up", [True, False])
def test_the_dealer_sitting_out_for_a_lone_defender_discards_only_if_they_take_up(takes_up: bool) -> None:
    """Rare (the dealer, who holds the up card, is usually the stronger defender): games 50-89 of seed 9 have a few."""
    rules = load_ruleset("joker", [DEFEND, f"bidding.sitting_out_dealer_takes_up={str(takes_up).lower()}"])
    sims = list(simulate(rules, 40, 9, rules_name="joker", first=50,
                         overrides=(DEFEND, f"bidding.sitting_out_dealer_takes_up={str(takes_up).lower()}")))
    out = io.StringIO()
    write_games(iter(sims), out)
    generated = Generated(out.getvalue(), sims, [])
    audited_clean(generated)
    discards = [h.discard is not None for h in generated.hands()
                if h.lone_defense is not None and FOUR.partner[h.lone_defense.seat] is h.dealer
                and any(c.kind is CallKind.ORDER for c in h.calls)]
    assert discards and all(written is takes_up for written in discards)


# ----------------------------------------------------------------------------- seed 002's misdeal at the dealer
def test_round_two_ends_at_the_dealer_where_the_rule_says_so() -> None:
    """Seed 002 (redeal): the hand ends after the seventh pass; elsewhere the dealer may still name trump."""
    def seven_passes(generated: Generated) -> int:
        return sum(1 for b in generated.lines("bid ") if b.count(" pass") == 7 and b.count(", ") == 6)

    redeal = generate("redeal", (NO_TRUMP,), games=25, seed=10)
    audited_clean(redeal)
    assert seven_passes(redeal) >= 5
    assert seven_passes(generate("hoyle", games=25, seed=10)) == 0


# ----------------------------------------------------------------------------- a called renege, the cap
@pytest.mark.parametrize(("rules", "keeps"), [("hoyle", True), ("drinking", False)])
def test_a_called_renege_scores_as_the_ruleset_says(rules: str, keeps: bool) -> None:
    """renege.innocent_side_keeps: with it (hoyle) the innocent side keeps its points and adds the penalty;
    without it (drinking) the penalty replaces them.  The audit finds exactly the injected mistakes."""
    generated = generate(rules, (DEFEND, NO_TRUMP), games=40, seed=11, errors=0.3, called=1.0)
    games = audit_text(generated.text)
    found = sorted((f.game, f.hand, f.trick, f.seat.name if f.seat is not None else None, f.code.code, f.pos.line)
                   for g in games for f in g.all_findings())
    assert found == sorted((e["game"], e["hand"], e["trick"], e["seat"], e["code"], e["line"]) for e in generated.log)
    assert_agree(generated.sims, games)
    called = [h for s in generated.sims for h in s.hands if h.renege_called is not None]
    assert len(called) >= 10 and len(generated.lines("renege ")) == len(called)
    ruleset = load_ruleset(rules)
    for hand in called:
        offenders = SIDE[hand.renege_called]  # type: ignore[union-attr]
        penalty = ruleset.renege.points_alone if hand.alone or hand.defender else ruleset.renege.points
        assert hand.points_of(offenders) == 0
        if not keeps:
            assert hand.points_of(OTHER[offenders]) == penalty
    assert any(h.points_of(OTHER[SIDE[h.renege_called]]) > (ruleset.renege.points_alone if h.alone or h.defender else ruleset.renege.points)  # type: ignore[union-attr]
               for h in called) is keeps


def test_a_side_never_scores_past_the_cap() -> None:
    generated = generate("hoyle", ("game.max_score=11",), games=60, seed=12, errors=0.3, called=1.0)
    assert_agree(generated.sims, audit_text(generated.text))
    assert all(max(s.scores) <= 11 for s in generated.sims)
    uncapped = [max(sum(h.points_won[0] for h in s.hands), sum(h.points_won[1] for h in s.hands)) for s in generated.sims]
    assert max(uncapped) > 11  # the cap took points off somewhere


# ----------------------------------------------------------------------------- decks of 28 and 32, five each
@pytest.mark.parametrize(("rules", "ranks", "out"), [("euchre28", "89TJQKA", 8), ("euchre32-five", "789TJQKA", 12)])
def test_decks_with_cards_left_out(rules: str, ranks: str, out: int) -> None:
    generated = generate(rules, (NO_TRUMP, DEFEND), games=20, seed=13)
    audited_clean(generated)
    seen: set[Card] = set()
    for hand in generated.hands():
        cards = [c for cards in dealt(hand).values() for c in cards]
        assert len(cards) == len(set(cards)) == 20 and hand.up not in cards
        seen.update(cards)
    assert {c.rank.letter for c in seen} == set(ranks) and len(seen) == 4 * len(ranks) == 20 + out
