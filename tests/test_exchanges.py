"""Exchanges of cards before the play: going under and partner's best (EGN's alternate rules).

Each hand follows the rule's own words in EGN's alternate-rules.md and is
worked out by hand in the comments; it is audited under a ruleset that allows
the exchange (no finding) and under hoyle, which does not (one finding at the
exchange, and the hand still replayed as the table played it).
"""

from __future__ import annotations

from auditor.cards import Card
from auditor.model import ExchangeKind
from auditor.notation.reader import read_text
from auditor.notation.writer import format_text
from auditor.replay.exchanges import may_go_under
from auditor.rules.schema import GoUnderHand
from conftest import audit_text, codes_of

# --- going under ------------------------------------------------------------------------------
# EGN: "If a player holds a remarkably poor hand (e.g., three 9s and 10s, or no face cards), they may
# swap three cards with the kitty cards."  E's hand has no face card and four 9s and 10s.  The kitty
# is AD (up) and, face down, 9D QD KD (every other card is dealt).  E gives 9C TC 9H and takes them:
# E then holds TH AH 9D QD KD.  N orders diamonds and discards 9S: N holds TD KS QS JH AD.
#   1 E:AH S:KH W:QH N:TD   N trumps (JH is the left bower, not a heart: N had no heart)
#   2 N:JH E:9D S:JD W:TS   the right bower wins; E follows trump with a card from the kitty
#   3 S:AS W:JS N:QS E:TH   E has no spade
#   4 S:AC W:QC N:AD E:KD   N trumps high
#   5 N:KS E:QD S:JC W:KC   E trumps with the kitty's QD
# NS take tricks 1-4: they make it, 1 point.
UNDER_HAND = """\
hand 1 dealer N
deal E: 9C TC 9H TH AH  S: JD JC AS KH AC  W: QC JS QH KC TS  N: TD KS 9S QS JH
up AD
under E: 9C TC 9H
bid E pass, S pass, W pass, N order
discard 9S
trick E:AH S:KH W:QH N:TD
trick N:JH E:9D S:JD W:TS
trick S:AS W:JS N:QS E:TH
trick S:AC W:QC N:AD E:KD
trick N:KS E:QD S:JC W:KC
score NS 1 EW 0
"""
UNDER = ["deal.go_under=true"]


def findings(text: str, overrides: list[str] | None = None) -> list[tuple[str, int, int, str]]:
    games = audit_text(text, "hoyle", overrides)
    return [(f.code.code, f.pos.line, f.pos.column, f.message) for g in games for f in g.all_findings()]


def test_going_under_moves_the_kittys_cards_to_the_player() -> None:
    (game,) = audit_text(UNDER_HAND, "hoyle", UNDER)
    assert game.all_findings() == []
    assert game.computed == (1, 0)
    assert game.hands[0].tricks_won == (4, 1)


def test_going_under_where_the_ruleset_has_none_is_d110_and_the_hand_is_played_as_it_was() -> None:
    # line 4 "under E: 9C TC 9H": the seat at column 7
    assert findings(UNDER_HAND) == [("D110", 4, 7, "E exchanges 9C TC 9H for the kitty (going under): this ruleset has no going under")]
    (game,) = audit_text(UNDER_HAND, "hoyle")
    assert game.computed == (1, 0)


def test_without_the_exchange_the_kittys_cards_were_never_es() -> None:
    codes = codes_of(audit_text(UNDER_HAND.replace("under E: 9C TC 9H\n", ""), "hoyle", UNDER))
    assert codes.count("D103") == 3  # 9D, KD and QD were not dealt to E


def test_a_card_given_up_and_played_is_named_with_the_exchange() -> None:
    text = UNDER_HAND.replace("trick N:KS E:QD S:JC W:KC", "trick N:KS E:9C S:JC W:KC")
    found = [f for f in findings(text, UNDER) if f[0] == "D103"]
    assert found == [("D103", 11, 12, "E plays 9C, which E gave up for the kitty (going under)")]


def test_the_cards_taken_may_be_written_and_must_be_the_kittys() -> None:
    assert findings(UNDER_HAND.replace("under E: 9C TC 9H", "under E: 9C TC 9H for 9D QD KD"), UNDER) == []
    text = UNDER_HAND.replace("under E: 9C TC 9H", "under E: 9C TC 9H for 9D QD AS")
    # AS at column 29 of line 4; E is not taken to hold S's AS, so no renege rests on it
    assert findings(text, UNDER) == [("D110", 4, 29, "E exchanges 9C TC 9H for the kitty (going under): E takes AS, "
                                      "which was dealt to S, not left in the kitty")]


def test_only_the_hands_of_go_under_hands_may_go_under() -> None:
    # S (JD JC AS KH AC) has face cards and no 9 or 10
    text = UNDER_HAND.replace("under E: 9C TC 9H", "under S: JD JC AS")
    found = [f for f in audit_text(text, "hoyle", UNDER)[0].all_findings() if f.code.code == "D110"]
    assert [f.message for f in found] == [
        "S exchanges JD JC AS for the kitty (going under): S's hand is not one that may go under "
        "(three-nines-and-tens or no-face-cards)"]
    assert found[0].proof == ("S was dealt AC JC JD KH AS",)
    low = {Card.parse(c) for c in ("9C", "TC", "9H", "KH", "AS")}  # three 9s and 10s, and a king
    assert may_go_under(low, [GoUnderHand.THREE_NINES_AND_TENS])
    assert not may_go_under(low, [GoUnderHand.NO_FACE_CARDS])
    aces = {Card.parse(c) for c in ("9C", "AC", "AH", "AS", "TD")}  # no face card: an ace is not one
    assert may_go_under(aces, [GoUnderHand.NO_FACE_CARDS])
    assert not may_go_under(aces, [GoUnderHand.THREE_NINES_AND_TENS])


def test_the_kitty_is_exchanged_once_a_hand() -> None:
    text = UNDER_HAND.replace("under E: 9C TC 9H\n", "under E: 9C TC 9H\nfarmer W: QC JS QH\n")
    messages = [m for code, _, _, m in findings(text, [*UNDER, "deal.farmers_hand=true"]) if code == "D109"]
    assert "W exchanges QC JS QH for the kitty (a farmer's hand): the kitty was already exchanged in this hand (by E)" in messages


def test_fmt_writes_the_exchange_back_in_its_place() -> None:
    messy = UNDER_HAND.replace("under E: 9C TC 9H\n", "").replace("discard 9S\n", "discard 9S\nUNDER e:9c  10c 9h FOR 9d qd kd\n")
    out = format_text(messy).text
    assert "up AD\nunder E: 9C TC 9H for 9D QD KD\nbid E pass" in out
    (hand,) = read_text(out)[0].hands
    (exchange,) = hand.exchanges
    assert exchange.kind is ExchangeKind.UNDER and [str(c) for c in exchange.received] == ["9D", "QD", "KD"]


# --- partner's best -----------------------------------------------------------------------------
# EGN: "When a player calls a loner, this rule allows their partner to pass them their best card face
# down. The loner then discards one card to bring their hand back to 5 before play begins."
# W orders diamonds alone; the dealer N takes AD and discards 9S (N: TD KS KH TC AD).  W's partner E
# passes JH (the left bower) and W discards 9C: W holds JD KD AH QS JH.  N leads (the loner's left).
#   1 N:KH S:JC W:AH   S has no heart
#   2 W:JD N:TD S:QD
#   3 W:JH N:AD S:AS   the left bower from E beats the ace of trump
#   4 W:KD N:TC S:AC   nobody else has trump
#   5 W:QS N:KS S:JS
# W takes 4 tricks alone: a lone make, 1 point for EW.
BEST_HAND = """\
hand 1 dealer N
deal E: JH 9H TH KC QC  S: QD JC AS AC JS  W: JD KD AH 9C QS  N: TD KS KH TC 9S
up AD
bid E pass, S pass, W order alone
discard 9S
best E: JH discard 9C
trick N:KH S:JC W:AH
trick W:JD N:TD S:QD
trick W:JH N:AD S:AS
trick W:KD N:TC S:AC
trick W:QS N:KS S:JS
score NS 0 EW 1
"""
BEST = ["bidding.partners_best=true"]


def test_partners_best_passes_a_card_to_the_lone_maker() -> None:
    (game,) = audit_text(BEST_HAND, "hoyle", BEST)
    assert game.all_findings() == []
    assert game.computed == (0, 1)
    assert game.hands[0].tricks_won == (1, 4)


def test_partners_best_where_the_ruleset_has_none_is_d111() -> None:
    # line 6 "best E: JH discard 9C": the seat at column 6
    assert findings(BEST_HAND) == [("D111", 6, 6, "E passes JH to their partner (partner's best): this ruleset has no partner's best")]
    without = BEST_HAND.replace("best E: JH discard 9C\n", "")
    assert [(c, line, column) for c, line, column, _ in findings(without)] == [("D103", 8, 7)]  # W plays E's JH


def test_partners_best_is_for_a_lone_maker_only() -> None:
    text = BEST_HAND.replace("W order alone", "W order")
    messages = [m for code, _, _, m in findings(text, BEST) if code == "D111"]
    assert messages == ["E passes JH to their partner (partner's best): nobody made trump alone in this hand: "
                        "only a lone maker calls for best"]


def test_the_lone_makers_discard_must_be_held() -> None:
    text = BEST_HAND.replace("discard 9C", "discard 9H")
    #                         "best E: JH discard 9H": the discard at column 20
    assert ("D111", 6, 20, "E passes JH to their partner (partner's best): W discards 9H, which W does not hold") in findings(text, BEST)
    # a discard not written is no offence: the tricks show it (tests/test_exchanges_unwritten.py)
    assert findings(BEST_HAND.replace(" discard 9C", ""), BEST) == []


def test_the_highest_trump_where_the_ruleset_asks_for_it() -> None:
    rules = [*BEST, "bidding.partners_best_card=highest-trump"]
    assert findings(BEST_HAND, rules) == []  # JH is E's only trump
    text = BEST_HAND.replace("best E: JH", "best E: 9H")
    messages = [m for code, _, _, m in findings(text, rules) if code == "D111"]
    assert messages == ["E passes 9H to their partner (partner's best): E holds a higher trump, JH; under this ruleset "
                        "the partner passes their highest trump"]


def test_fmt_writes_best_after_the_discard() -> None:
    messy = BEST_HAND.replace("best E: JH discard 9C\n", "").replace("up AD\n", "up AD\nBEST e:jh DISCARD 9c\n")
    assert "discard 9S\nbest E: JH discard 9C\ntrick N:KH" in format_text(messy).text


def test_a_lost_exchange_line_accuses_nobody_of_a_card_it_moved() -> None:
    text = BEST_HAND.replace("best E: JH discard 9C", "best E: JH discard")
    found = findings(text, BEST)
    assert [code for code, *_ in found] == ["S001"]  # W's JH is not a card-not-held: the exchange moved it


def test_the_json_form_of_the_model_keeps_every_variation() -> None:
    from auditor.modeljson import game_json, read_model_json, to_json

    text = (UNDER_HAND.replace("under E: 9C TC 9H", "under E: 9C TC 9H for 9D QD KD") + "\n" + BEST_HAND
            + "\nhand 3 dealer S\nup JK H\nmisdeal W\nfarmer N: 9C TC 9H\nbid W pass, N order D, E call low alone\n")
    games = read_text(text)
    back = list(read_model_json(to_json(games)))
    assert [game_json(g) for g in back] == [game_json(g) for g in games]
    hands = game_json(back[0])["hands"]
    assert hands[1]["exchanges"] == [{"kind": "best", "seat": "E", "cards": ["JH"], "received": [], "discard": "9C"}]
    assert (hands[2]["up_suit"], hands[2]["misdeals"], hands[2]["calls"][1]) == ("H", ["W"], {"seat": "N", "call": "order", "suit": "D", "alone": False})
    assert hands[0]["exchanges"][0]["received"] == ["9D", "QD", "KD"]
    assert "up_suit" not in hands[1] and "misdeals" not in hands[1]  # only a hand with them has them


# --- the farmer's hand (EGN's `farmers`: "If a player receives three or more 9s and 10s (the 'farm'
# cards), they can declare it ... allow them to exchange cards") -------------------------------------
def test_the_farmers_hand_is_the_same_exchange_of_three_9s_and_10s() -> None:
    farmer = UNDER_HAND.replace("under E:", "farmer E:")  # E holds four 9s and 10s and gives three
    (game,) = audit_text(farmer, "hoyle", ["deal.farmers_hand=true"])
    assert game.all_findings() == [] and game.computed == (1, 0)
    assert findings(farmer) == [("D109", 4, 8, "E exchanges 9C TC 9H for the kitty (a farmer's hand): this ruleset has no farmer's hand")]
    assert [code for code, *_ in findings(farmer, UNDER)] == ["D109"]  # going under is another rule
