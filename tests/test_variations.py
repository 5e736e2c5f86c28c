"""Seed 003's variations (and the places where a bundled ruleset and its seed disagreed), each from
the seed's own words: a hand audited under a ruleset that allows the variation and one that does
not, with the verdict worked out by hand in the comments.
"""

from __future__ import annotations

from conftest import audit_text

JOKER = "joker"


def found(text: str, rules: str = "hoyle", overrides: list[str] | None = None) -> list[tuple[str, int | None, str | None]]:
    (game,) = audit_text(text, rules, overrides)
    return [(f.code.code, f.trick, f.seat.name if f.seat is not None else None) for f in game.all_findings()]


def points(text: str, rules: str = "hoyle", overrides: list[str] | None = None) -> list[tuple[int, int]]:
    (game,) = audit_text(text, rules, overrides)
    return [h.points for h in game.hands]


# ----------------------------------------------------------------------------- the joker
# 25 cards (seed 003 lines 14-15: "A joker may be added to the deck. The joker is the highest trump").
# E orders hearts (the up card QH); N, the dealer, takes it and discards JS.
JOKER_WINS = """\
hand 1 dealer N
deal E: JK 9C TC QC KC  S: JH 9D TD QD KD  W: AH KH 9S TS QS  N: AC JC JS KS AS
up QH
bid E order
discard JS
trick E:JK S:JH W:KH N:QH
trick E:KC S:9D W:9S N:AC
trick N:AS E:9C S:TD W:QS
trick N:KS E:TC S:QD W:TS
trick N:JC E:QC S:KD W:AH
"""


def test_the_joker_is_the_highest_trump() -> None:
    """Trick 1: the joker beats the right bower JH; E wins it, and every other trick is legal.
    EW (E ordered) take tricks 1 and 5: euchred, NS score 2."""
    (game,) = audit_text(JOKER_WINS, JOKER)
    assert [(f.code.code, f.message) for f in game.all_findings()] == []
    first = [p for p in game.hands[0].plays if p.trick == 1]
    assert [str(p.card) for p in first if p.won] == ["JK"]
    assert points(JOKER_WINS, JOKER) == [(2, 0)]


def test_without_the_joker_rule_the_joker_is_a_card_of_no_deck() -> None:
    """Hoyle's 24 cards have no joker: E's dealt joker and E's play of it are each a D101."""
    assert [c for c, _, _ in found(JOKER_WINS)] == ["D101", "D101"]


JOKER_RENEGE = """\
hand 1 dealer N
deal E: AH 9C TC QC KC  S: JH 9D TD QD KD  W: JK AD 9S TS QS  N: AC JC JS KS AS
up QH
bid E order
discard JS
trick E:AH S:JH W:9S N:QH
trick S:9D W:AD N:KS E:9C
trick W:JK N:JC E:TC S:TD
trick W:TS N:AS E:QC S:QD
trick N:AC E:KC S:KD W:QS
"""


def test_the_joker_is_a_trump_for_every_purpose() -> None:
    """Hearts (trump) led in trick 1: W's only trump is the joker, and W plays 9S: a renege.
    In trick 3 W leads the joker, which asks for trump; nobody else holds one."""
    assert found(JOKER_RENEGE, JOKER) == [("R501", 1, "W")]
    (game,) = audit_text(JOKER_RENEGE, JOKER)
    (renege,) = game.all_findings()
    assert "holding JK" in renege.message


def test_a_joker_turned_up_takes_the_suit_the_dealer_names() -> None:
    """bidding.joker_up: dealer-names (the default): `up JK S` makes round 1 about spades."""
    text = "hand 1 dealer N\nup JK S\nbid E order\n"
    (game,) = audit_text(text, JOKER)
    assert game.all_findings() == [] and game.hands[0].trump is not None and game.hands[0].trump.value == "S"
    # under maker-names the dealer names nothing, and the maker names it on the order
    assert found(text, JOKER, ["bidding.joker_up=maker-names"]) == [("B215", None, "N"), ("B215", None, "E")]
    by_maker = "hand 1 dealer N\nup JK\nbid E order H\n"
    (game,) = audit_text(by_maker, JOKER, ["bidding.joker_up=maker-names"])
    assert game.all_findings() == [] and game.hands[0].trump is not None and game.hands[0].trump.value == "H"
    assert [c for c, _, _ in found(by_maker, JOKER)] == ["B215", "B215"]  # no suit on the up line; a suit on the order


def test_up_jk_question_mark_says_the_record_does_not_show_the_suit_named() -> None:
    """`up JK ?` (what EGN's joker turned up becomes): a suit was named, and the record does not say which.
    Nobody is faulted for it under either joker_up key, and a round-2 call is judged without it; on
    another up card the mark is B215 like a suit; `up JK` alone is still the dealer's B215."""
    round_two = "hand 1 dealer N\nup JK ?\nbid E pass, S pass, W pass, N pass, E call C\n"
    assert found(round_two, JOKER) == []
    assert found(round_two, JOKER, ["bidding.joker_up=maker-names"]) == []
    (game,) = audit_text(round_two, JOKER)
    assert game.hands[0].trump is not None and game.hands[0].trump.value == "C"
    assert found(round_two.replace("up JK ?", "up JK"), JOKER) == [("B215", None, "N")]
    (game,) = audit_text(round_two.replace("up JK ?", "up 9S ?"), JOKER)
    assert [(f.code.code, f.message) for f in game.all_findings()] == [
        ("B215", "a suit (`?`) is named with the up card 9S: only the joker takes a named suit")]
    # read alike on a line of its own (lower case, blanks, a comment) and through the parser's rules (the
    # misspelt `pas` sends the hand there), and written back by fmt
    from auditor.notation.reader import read_text
    from auditor.notation.writer import format_text

    odd = "hand 1 dealer N\nup  jk   ?   # the dealer named one\nbid E pas\n"
    (record,) = read_text(odd)[0].hands
    assert (str(record.up), record.up_suit, record.up_suit_unknown) == ("JK", None, True)
    assert format_text(round_two.replace("up JK ?", "up jk  ?")).text == round_two


# ----------------------------------------------------------------------------- 32 cards, five each
def test_the_32_card_deck_dealt_five_each() -> None:
    """Seed 003 lines 12-13: "The 7's and 8's may be included ... Five cards are still dealt": 12 stay out."""
    text = ("hand 1 dealer N\ndeal E: 7C 8C 9C TC JC  S: 7D 8D 9D TD JD  W: 7H 8H 9H TH JH  N: 7S 8S 9S TS JS\n"
            "up AS\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n")
    assert found(text, "euchre32-five") == []
    assert [c for c, _, _ in found(text)].count("D101") == 8  # hoyle: the 7s and 8s are cards of no deck


# ----------------------------------------------------------------------------- misdeals
NINES_AND_TENS = ("hand 1 dealer N\ndeal E: KD QS TH 9C QD  S: 9S TS 9H TC 9D  W: QC JS QH KC AH  N: TD KS KH AC JH\n"
                  "up AD\nmisdeal S\nhand 2 dealer E\nup 9C\nbid S pass, W pass, N pass, E pass, S pass, W pass, N pass, E pass\n")


def test_a_hand_of_nines_and_tens_can_be_declared_a_misdeal_and_the_deal_passes() -> None:
    """Seed 003 lines 16-17: "A player dealt all 9's and 10's can (or must) declare a misdeal. Deal passes
    to the next player.": E deals hand 2, and nobody scores."""
    (game,) = audit_text(NINES_AND_TENS, "hoyle", ["deal.misdeal=can"])
    assert game.all_findings() == []
    assert [h.outcome.value for h in game.hands] == ["misdeal", "thrown-in"]
    assert found(NINES_AND_TENS) == [("D107", None, "S")]  # hoyle has no misdeal for the cards dealt


def test_a_misdeal_for_a_hand_that_does_not_qualify() -> None:
    """E's KD QS TH 9C QD is not all 9s and 10s, nor one ace with 9s and 10s."""
    text = NINES_AND_TENS.replace("misdeal S", "misdeal E")
    assert found(text, "hoyle", ["deal.misdeal=can"]) == [("D107", None, "E")]


def test_one_ace_with_nines_and_tens_qualifies_too() -> None:
    """Seed 003 lines 19-20: "a single ace with the remainder of the hand comprised of 9's and 10's"."""
    text = NINES_AND_TENS.replace("S: 9S TS 9H TC 9D", "S: 9S TS 9H TC AD").replace("up AD", "up 9D")
    assert found(text, "hoyle", ["deal.misdeal=can"]) == []
    assert found(text, "hoyle", ["deal.misdeal=can", "deal.misdeal_hands=[nines-and-tens]"]) == [("D107", None, "S")]


def test_a_misdeal_line_whose_seat_is_lost_accuses_nobody_of_a_false_declaration() -> None:
    """`misdeal E` would be E's D107 (E's hand does not qualify); with the seat unreadable (`misdeal X`, or
    the keyword misspelt), the line is S001, read with each seat declaring it: S's declaration is good,
    so no D107 stands, and the finding says what the lost line keeps the audit from knowing."""
    for slip in ("misdeal X", "misdel E"):
        (game,) = audit_text(NINES_AND_TENS.replace("misdeal S", slip), "hoyle", ["deal.misdeal=can"])
        (lost,) = game.all_findings()
        assert (lost.code.code, lost.pos.line) == ("S001", 4), slip
        assert any("who declared the misdeal on this line cannot be read" in p for p in lost.proof), lost.proof
        assert game.hands[1].dealer.name == "E" and game.computed == (0, 0)


def test_under_must_a_qualifying_hand_that_is_played_is_a_finding() -> None:
    """"can (or must)": under `must`, S's hand of 9s and 10s is bid instead of declared."""
    played = NINES_AND_TENS.replace("misdeal S\n", "bid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N call C\n")
    assert ("D108", None, "S") in found(played, "hoyle", ["deal.misdeal=must"])
    assert "D108" not in [c for c, _, _ in found(played, "hoyle", ["deal.misdeal=can"])]


# ----------------------------------------------------------------------------- the farmer's hand
# S is dealt 9C TD 9H with two aces; the kitty's face-down cards are JD, AH, 9S (the up card is AD).
FARMER = """\
hand 1 dealer N
deal E: QC QD KD TH QS  S: 9C AC TD 9H AS  W: KC JH QH TS JS  N: TC JC 9D KH KS
up AD
farmer S: 9C TD 9H
bid E pass, S order
discard TC
trick E:QS S:AS W:TS N:KS
trick S:JD W:JH N:9D E:QD
trick S:AH W:QH N:KH E:TH
trick S:9S W:JS N:AD E:QC
trick N:JC E:KD S:AC W:KC
"""


def test_the_farmers_hand_exchanges_three_nines_and_tens_for_the_kitty() -> None:
    """Seed 003 lines 45-49: S gives 9C TD 9H for the three face-down cards and plays them (JD, AH, 9S):
    held, and legal.  NS (S ordered diamonds) take tricks 1-4: a point."""
    (game,) = audit_text(FARMER, "hoyle", ["deal.farmers_hand=true"])
    assert game.all_findings() == []
    assert points(FARMER, "hoyle", ["deal.farmers_hand=true"]) == [(1, 0)]
    assert found(FARMER) == [("D109", None, "S")]  # hoyle: no farmer's hand (the cards still moved)


def test_a_farmer_must_give_three_nines_and_tens_that_they_hold() -> None:
    text = FARMER.replace("farmer S: 9C TD 9H", "farmer S: 9C TD AS")
    assert ("D109", None, "S") in found(text, "hoyle", ["deal.farmers_hand=true"])


# ----------------------------------------------------------------------------- who may order up
CLEAN_DEAL = "deal E: KD QS TH 9C QD  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH"


def test_no_player_may_order_up_without_the_suit_and_the_left_bower_does_not_count() -> None:
    """Seed 003 lines 24-26.  W holds no diamond (JH would be the left bower, but W has QH, not JH)."""
    text = f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W order\ndiscard TC\n"
    assert found(text, "hoyle", ["bidding.order_needs_the_suit=true"]) == [("B214", None, "W")]
    assert found(text) == []
    # N, the dealer, holds TD: taking it up is allowed; and JH alone would not have counted
    by_dealer = f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    assert found(by_dealer, "hoyle", ["bidding.order_needs_the_suit=true"]) == []
    left_only = by_dealer.replace("N: TD KS KH TC JH", "N: 9S KS KH TC JH").replace("E: KD QS TH 9C QD", "E: KD QS TH 9C QD").replace(
        "S: JD JC AS 9H AC", "S: JD JC AS TD AC").replace("W: QC JS QH KC TS", "W: QC JS QH KC TS")
    assert found(left_only, "hoyle", ["bidding.order_needs_the_suit=true"]) == [("B214", None, "N")]


def test_the_dealer_may_not_take_up_their_only_trump() -> None:
    """Seed 003 line 23; the left bower counts as a trump here (it is one)."""
    none = ("hand 1 dealer N\ndeal E: KD QD TD 9C QS  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: 9S KS KH TC AH\n"
            "up AD\nbid E pass, S pass, W pass, N order\ndiscard 9S\n")
    assert found(none, "hoyle", ["bidding.dealer_needs_another_trump=true"]) == [("B213", None, "N")]
    assert found(none) == []
    with_left = none.replace("N: 9S KS KH TC AH", "N: 9S KS KH TC JH").replace("W: QC JS QH KC TS", "W: QC JS QH KC AH")
    assert found(with_left, "hoyle", ["bidding.dealer_needs_another_trump=true"]) == []


# ----------------------------------------------------------------------------- no trump: high and low
LOW = """\
hand 1 dealer N
up AS
bid E pass, S pass, W pass, N pass, E call low
trick E:KH S:9H W:AH N:JH
trick S:TC W:9C N:AC E:QC
trick W:9D N:TD E:KD S:QD
trick W:TS N:QS E:KS S:JS
trick W:JC N:KC E:TH S:QH
"""


def test_low_the_lowest_card_of_the_suit_led_wins_and_jacks_rank_in_their_own_suit() -> None:
    """Seed 003 lines 36-41: "If the bid is 'low' the lowest card of the suit led wins each trick."
    Trick 1: 9H, not JH (no bowers without trump); trick 4: TS below JS.  EW take tricks 2-5: a point."""
    (game,) = audit_text(LOW, "hoyle", ["bidding.no_trump_calls=[high, low]"])
    assert game.all_findings() == []
    winners = [str(p.card) for p in game.hands[0].plays if p.won]
    assert winners == ["9H", "9C", "9D", "TS", "JC"]
    assert points(LOW, "hoyle", ["bidding.no_trump_calls=[high, low]"]) == [(0, 1)]
    assert found(LOW) == [("B212", None, "E")]  # hoyle has no no-trump bid (the hand is still played low)


def test_high_the_highest_card_of_the_suit_led_wins() -> None:
    """"If the bid is 'high', the highest card of the suit led wins": JH is the jack of hearts, below QH."""
    text = "hand 1 dealer N\nup AS\nbid E pass, S pass, W pass, N pass, E call high\ntrick E:JH S:9H W:QH N:TH\n"
    (game,) = audit_text(text, "hoyle", ["bidding.no_trump_calls=[high]"])
    assert [str(p.card) for p in game.hands[0].plays if p.won] == ["QH"]
    assert "B212" in [c for c, _, _ in found(text, "hoyle", ["bidding.no_trump_calls=[low]"])]


# ----------------------------------------------------------------------------- bidding rules as keys
def test_naming_the_turned_down_suit_is_a_key() -> None:
    """Four seeds forbid it (B205); seed 002 does not say: bidding.may_name_turned_down_suit."""
    text = "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E call D\n"
    assert found(text) == [("B205", None, "E")]
    assert found(text, "hoyle", ["bidding.may_name_turned_down_suit=true"]) == []


def test_seed_002s_misdeal_when_round_two_reaches_the_dealer() -> None:
    """Seed 002 line 33: "If all three players before the dealer pass ... declare a misdeal": the dealer
    may not name trump (B202); the same dealer deals again (no D105)."""
    text = ("hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N call S\n"
            "hand 2 dealer N\nup 9C\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass\n")
    assert found(text, "redeal") == [("B202", None, "N")]
    assert [c for c, _, _ in found(text, "hoyle")] == ["D105"]  # hoyle: N may name trump, and E deals next


def test_a_lone_defence_scores_double_only_where_it_is_allowed() -> None:
    """Seed 003 lines 32-35: "If the lone defender euchres the declarer the defending team gets 4 points
    instead of 2".  Under hoyle defending alone is not allowed (B209): the euchre scores 2."""
    text = ("hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N order, E defend alone\n"
            "tricks NS 2 EW 3\n")
    assert points(text) == [(0, 2)]
    assert points(text, "hoyle", ["bidding.defend_alone=true"]) == [(0, 4)]


def test_bicycle_scores_up_to_13() -> None:
    """Seed 004 line 25: "you can score up to 13 points ... all five tricks during a loner call when your
    score is nine will result in a winning score of 13"; from 12 the same march stops at 13."""
    nine = "[InitialScore \"NS 9 EW 0\"]\nhand 1 dealer N\nup AD\nbid E pass, S order alone\ntricks NS 5 EW 0\n"
    (game,) = audit_text(nine, "bicycle")
    assert game.computed == (13, 0)
    (game,) = audit_text(nine.replace("NS 9 EW 0", "NS 12 EW 0"), "bicycle")
    assert game.computed == (13, 0)
    (game,) = audit_text(nine.replace("NS 9 EW 0", "NS 12 EW 0"), "hoyle")
    assert game.computed == (16, 0)


def test_the_dealer_who_sits_out_still_discards_a_card_they_hold() -> None:
    """Seed 003 line 8 makes no exception for the dealer whose partner goes alone: the discard is checked
    (X302 for a card N does not hold); with sitting_out_dealer_takes_up false, no discard is taken (X303)."""
    text = f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S order alone\ndiscard QC\n"
    assert found(text) == [("X302", None, "N")]
    assert found(text, "hoyle", ["bidding.sitting_out_dealer_takes_up=false"]) == [("X303", None, "N")]


def test_seeds_000_002_004_do_not_let_the_dealer_discard_the_up_card() -> None:
    """Seed 000 line 93 "replace it with another card", 002 line 29 "discard one other card", 004 line 8
    "discards another card"; hoyle (seed 003 line 8, "discard one card from their hand") allows it."""
    text = f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard AD\n"
    for rules in ("drinking", "redeal", "bicycle"):
        assert found(text, rules) == [("X304", None, "N")], rules
    assert found(text) == []


# ----------------------------------------------------------------------------- the new words, written back
NEW_WORDS = """\
hand 1 dealer N
deal E: jk QD TD 9C QS  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: 9S KS KH TC AH
up JK h
farmer S: 9h 9s 9c
misdeal W
bid E pass, S order H alone, W call High, N call low alone
"""
NEW_WORDS_CANONICAL = """\
hand 1 dealer N
deal E: JK QD TD 9C QS  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: 9S KS KH TC AH
up JK H
farmer S: 9H 9S 9C
misdeal W
bid E pass, S order H alone, W call high, N call low alone
"""


def test_the_new_words_are_written_back_by_fmt_and_survive_the_json_form(tmp_path) -> None:
    import io

    from auditor.cli import main
    from auditor.notation.writer import format_text

    assert format_text(NEW_WORDS).text == NEW_WORDS_CANONICAL
    path = tmp_path / "night.txt"
    path.write_text(NEW_WORDS, encoding="utf-8")
    out = io.StringIO()
    assert main(["convert", str(path), "--to", "json"], out, io.StringIO()) == 0
    json_path = tmp_path / "night.json"
    json_path.write_text(out.getvalue(), encoding="utf-8")
    back = io.StringIO()
    assert main(["convert", str(json_path), "--to", "text"], back, io.StringIO()) == 0
    assert back.getvalue() == NEW_WORDS_CANONICAL


def test_order_it_down_combines_with_the_other_bidding_keys() -> None:
    """Seed 003 lines 27-29 ("If dealer's partner wishes to make the suit of the face-up card trumps, she must
    play alone") with lines 24-26 (the order needs the suit): S, the dealer N's partner, holds JD and orders
    alone (no B210); with W's hand instead (no diamond), the same order breaks the suit rule (B214)."""
    keys = ["bidding.dealer_partner_order_alone=true", "bidding.order_needs_the_suit=true"]
    alone = f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S order alone\n"
    assert found(alone, "hoyle", keys) == []
    assert found(alone.replace("S order alone\n", "S order\ndiscard TC\n"), "hoyle", keys) == [("B210", None, "S")]
    no_suit = alone.replace("S: JD JC AS 9H AC  W: QC JS QH KC TS", "S: QC JS QH KC TS  W: JD JC AS 9H AC")
    assert found(no_suit, "hoyle", keys) == [("B214", None, "S")]


def test_a_farmer_in_a_kitty_of_more_than_four_receives_cards_the_record_does_not_name() -> None:
    """With the joker the kitty holds four face-down cards: which three the farmer took is not known
    (unless written `for ...`), so S's holding is not taken to include all four (the joker among them),
    and S's later plays accuse nobody.  Found by the simulator: the farmer once received every card."""
    text = """\
hand 1 dealer N
deal E: QC QD KD TH QS  S: 9C AC TD 9H AS  W: KC JH QH TS JS  N: TC JC 9D KH KS
up AD
farmer S: 9C TD 9H
bid E pass, S order
discard TC
trick E:TH S:AH W:QH N:KH
trick S:JD W:JH N:9D E:KD
trick S:9S W:JS N:KS E:QS
trick N:AD E:QD S:AC W:KC
trick N:JC E:QC S:AS W:TS
score NS 1 EW 0
"""
    assert found(text, JOKER, ["deal.farmers_hand=true"]) == []
