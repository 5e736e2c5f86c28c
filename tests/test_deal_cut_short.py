"""A deal line with fewer cards than the ruleset deals: read as cut short where the record fits it (S018, a
warning on nobody), a wrong hand size (D104) where it does not.  Hoyle deals five cards; in the clean hand N
deals, takes the up card AD and discards TC, and every card is played by the seat it was dealt to."""

from __future__ import annotations

from conftest import audit_text
from test_finding_examples import CLEAN_HAND

FULL_N = "N: TD KS KH TC JH"
CLEAN = CLEAN_HAND  # the notation's first example hand


def _found(text: str, rules: str = "hoyle") -> list[tuple[str, str, str | None, str]]:
    return [(f.code.code, f.level.value, f.seat.name if f.seat is not None else None, str(f.message))
            for g in audit_text(text, rules) for f in g.all_findings()]


def test_the_dealers_line_cut_after_one_card_is_filled_by_the_cards_played_and_the_discard() -> None:
    assert _found(CLEAN) == []
    found = _found(CLEAN.replace(FULL_N, "N: TD"))
    assert found == [("S018", "warning", None, "the deal line of N lists 1 of 5 cards: read as cut short; "
                                               "the cards N played fill it (JH KS KH TC)")]
    (slipped,), (clean,) = audit_text(CLEAN.replace(FULL_N, "N: TD"), "hoyle"), audit_text(CLEAN, "hoyle")
    assert slipped.computed == clean.computed


def test_a_renege_shown_only_by_a_card_the_line_lost_still_stands() -> None:
    """E keeps QS back on S's spade lead in trick 2 (plays 9C) and plays it in trick 5: the card is not in E's
    line as written (cut after two cards), yet E played it, so E held it: the renege is proven as before."""
    reneged = CLEAN.replace("trick S:AS W:JS N:KS E:QS", "trick S:AS W:JS N:KS E:9C").replace(
        "trick N:TD E:9C S:AC W:QC", "trick N:TD E:QS S:AC W:QC")
    assert [c for c, *_ in _found(reneged)] == ["R501"]
    cut = _found(reneged.replace("E: KD QS TH 9C QD", "E: KD TH"))
    assert [(c, lvl, seat) for c, lvl, seat, _ in cut] == [("S018", "warning", None), ("R501", "error", "E")]


def test_a_hand_thrown_in_fills_nothing_and_charges_nobody() -> None:
    passed = ("hand 1 dealer N\ndeal E: KD QS TH 9C  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH\n"
              "up AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n")
    assert _found(passed) == [("S018", "warning", None, "the deal line of E lists 4 of 5 cards: read as cut short; "
                                                      "the card not written is not known, and no finding rests on it")]


def test_a_called_renege_is_not_disproved_on_cards_the_line_lost() -> None:
    """With the last trick not written, one of N's cards is neither written nor seen: the table's call stands
    unproven (R503), and is not overturned (R504) on a hand the record does not show in full."""
    called = CLEAN.replace("trick N:TD E:9C S:AC W:QC\n", "renege N\n").replace(FULL_N, "N: KS")
    codes = [(c, lvl) for c, lvl, *_ in _found(called)]
    assert ("S018", "warning") in codes and ("R504", "error") not in codes
    (s018,) = [m for c, _, _, m in _found(called) if c == "S018"]
    assert "fill 3 of them (JH KH TC); the other 1 is not known" in s018


def test_a_card_dealt_to_another_seat_is_no_filling_and_is_still_judged() -> None:
    """N plays W's QC for its TD: the line cut short takes N's other cards from the tricks, and QC, dealt to W,
    is still a card N did not hold (D103), as it is with N's line written in full."""
    wrong = CLEAN.replace("trick N:TD E:9C S:AC W:QC", "trick N:QC E:9C S:AC W:TD")
    full = [(c, seat) for c, _, seat, _ in _found(wrong) if c == "D103"]
    cut = _found(wrong.replace(FULL_N, "N: KS"))
    assert ("D103", "N") in full
    assert ("D103", "error", "N") in [(c, lvl, seat) for c, lvl, seat, _ in cut]
    assert "D104" not in [c for c, *_ in cut]


def test_more_cards_seen_than_a_hand_holds_is_no_truncation() -> None:
    """N's line lists TD alone, and N plays five cards none of which is TD: six cards are N's, more than a hand
    holds, so the line is no hand cut short and the wrong hand size stands (with the card N never held)."""
    odd = CLEAN.replace(FULL_N, "N: 9D")
    codes = [(c, seat) for c, _, seat, _ in _found(odd)]
    assert ("D104", "N") in codes and "S018" not in [c for c, _ in codes]


def test_two_seats_swapped_are_read_where_the_line_cut_short_lost_one_of_the_cards() -> None:
    """Trick 1 written E:KD S:JD N:KC W:JH goes round no table; KC is W's by the deal, and JH, which N's line cut
    short does not list, is most likely N's: the swap is read (S007), and W is not charged with a card not held,
    nor anyone with a play out of turn."""
    swapped = CLEAN.replace(FULL_N, "N: TD").replace("trick E:KD S:JD W:KC N:JH", "trick E:KD S:JD N:KC W:JH")
    found = _found(swapped)
    assert [(c, lvl) for c, lvl, *_ in found] == [("S018", "warning"), ("S007", "warning")]
    assert "JH to N (a card the deal line, cut short, does not list)" in found[1][3]


def test_a_card_played_twice_by_a_seat_whose_cards_the_line_lost_is_no_charge() -> None:
    """N's line is cut after TD KS, and trick 3 gives N JD, which S played in trick 1: N's card there is one the
    record lost (KH), written as another.  The card played twice is named as a warning, on no one's charge."""
    twice = CLEAN.replace(FULL_N, "N: TD KS").replace("trick S:9H W:QH N:KH E:TH", "trick S:9H W:QH N:JD E:TH")
    found = _found(twice)
    assert [(c, lvl) for c, lvl, *_ in found] == [("S018", "warning"), ("D102", "warning")]
    (game,), (clean,) = audit_text(twice, "hoyle"), audit_text(CLEAN, "hoyle")
    assert game.computed == clean.computed



def test_a_misdeal_rests_on_no_card_the_line_lost() -> None:
    """Under `deal.misdeal: must` a hand of nines and tens must not be played (D108), and a misdeal declared
    needs a hand that allows it (D107): with S's line cut to one nine and S sitting out its partner's lone
    hand, nothing shows S's other four cards, so neither is a ruling."""
    deal = "deal E: KD QS TH 9C QD  S: 9H  W: QC JS QH KC TS  N: TD KS KH TC JH\n"
    alone = (f"hand 1 dealer N\n{deal}up AD\nbid E pass, S pass, W pass, N order alone\ndiscard TC\n"
             "trick E:KD W:KC N:JH\ntrick N:AD E:QD W:TS\ntrick N:KS E:QS W:JS\ntrick N:KH E:TH W:QH\n"
             "trick N:TD E:9C W:QC\n")
    found = [(f.code.code, f.level.value) for g in audit_text(alone, "hoyle", ["deal.misdeal=must"])
             for f in g.all_findings()]
    assert found == [("S018", "warning")], found
    declared = f"hand 1 dealer N\n{deal.replace('S: 9H', 'S: JD')}up AD\nmisdeal S\n"  # (a jack alone allows none)
    found = [(f.code.code, f.level.value) for g in audit_text(declared, "hoyle", ["deal.misdeal=can"])
             for f in g.all_findings()]
    assert "D107" not in [code for code, _ in found], found


# --- a second slip beside a line cut short: each is read, and nobody is charged on what the cut lost -------
#: the clean hand's deal line cut after W's cards: N's line lost whole
NO_N = CLEAN.replace(f"  {FULL_N}", "")


def _errors(text: str, rules: str = "hoyle") -> list[tuple[str, str | None]]:
    return [(c, seat) for c, lvl, seat, _ in _found(text, rules) if lvl == "error"]


def test_a_seat_written_twice_is_read_where_the_cut_line_lost_the_seats_cards() -> None:
    """Trick 2 written S:AS W:JS N:KS N:QS: no player plays two cards to a trick, and the deal gives QS to E,
    the seat the trick leaves out.  With N's line lost, nothing but that shows it (N's QS is no card the deal
    denies N): still the seat written twice is read as the slip (S005), not N as playing out of turn."""
    twice = NO_N.replace("trick S:AS W:JS N:KS E:QS", "trick S:AS W:JS N:KS N:QS")
    found = _found(twice)
    assert _errors(twice) == [], found
    assert ("S005", "warning") in [(c, lvl) for c, lvl, *_ in found]
    (game,), (clean,) = audit_text(twice, "hoyle"), audit_text(CLEAN, "hoyle")
    assert game.computed == clean.computed


def test_two_seats_swapped_are_read_where_the_cut_line_lists_neither_card() -> None:
    """Trick 3 written S:9H W:QH E:KH N:TH goes round no table, and so read E wins it, yet N leads trick 4: with
    E's and N's seat letters the other way round the trick goes round in order and its winner leads the next.
    The deal line, cut after E's KD QS, lists neither KH nor TH: the swap is read (S007) on the order of play."""
    swapped = CLEAN.replace("deal E: KD QS TH 9C QD  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH",
                            "deal E: KD QS").replace("trick S:9H W:QH N:KH E:TH", "trick S:9H W:QH E:KH N:TH")
    found = _found(swapped)
    assert _errors(swapped) == [], found
    [s007] = [m for c, _, _, m in found if c == "S007"]
    assert "the deal line, cut short, lists neither card; so read, the play goes in turn" in s007
    (game,), (clean,) = audit_text(swapped, "hoyle"), audit_text(CLEAN, "hoyle")
    assert game.computed == clean.computed


def test_a_lead_after_a_trick_won_by_a_card_written_twice_is_no_charge() -> None:
    """N's line is lost, E's is cut after KD QS, and trick 3 gives E TD, which N plays in trick 5: one of the two
    is written for a card the record lost.  Read as written, E's TD wins trick 3, and N leads trick 4 out of turn; but who
    won trick 3 rests on which TD was meant, so neither the card played twice nor that lead is a ruling."""
    doubtful = NO_N.replace("E: KD QS TH 9C QD", "E: KD QS").replace(
        "trick S:9H W:QH N:KH E:TH", "trick S:9H W:QH N:KH E:TD").replace("score NS 2 EW 0\n", "")
    found = _found(doubtful)
    assert _errors(doubtful) == [], found
    [lead] = [(lvl, m) for c, lvl, _, m in found if c == "T401"]
    assert lead[0] == "warning"
    [t401] = [f for g in audit_text(doubtful, "hoyle") for f in g.all_findings() if f.code.code == "T401"]
    assert any("who won trick 3 rests on TD" in p for p in t401.proof), t401.proof


def test_a_card_another_seat_plays_too_does_not_fill_a_line_cut_short() -> None:
    """N's line is lost, S's is cut after JD JC, and trick 4 gives S TD, which N plays in trick 5.  The cards S
    plays fill the line (AS 9H AC), not TD, which is written for another on one of its two lines: the line is
    read as cut short, and S's card in trick 4, the one card S's line leaves S, is read as JC (S011).  Counted
    as S's, TD would make six cards (a wrong hand size) and JC a card held back (a renege in trick 5)."""
    miswritten = NO_N.replace("S: JD JC AS 9H AC", "S: JD JC").replace(
        "trick N:AD E:QD S:JC W:TS", "trick N:AD E:QD S:TD W:TS")
    found = _found(miswritten)
    assert _errors(miswritten) == [], found
    codes = [(c, lvl) for c, lvl, *_ in found]
    assert ("S018", "warning") in codes and ("S011", "warning") in codes
    [s018] = [m for c, _, _, m in found if c == "S018"]
    assert "fill it (AS 9H AC)" in s018
    (game,), (clean,) = audit_text(miswritten, "hoyle"), audit_text(CLEAN, "hoyle")
    assert game.computed == clean.computed


def test_a_play_out_of_turn_that_two_letters_swapped_explain_as_well_is_no_charge_where_the_cut_lost_the_cards() -> None:
    """Trick 2 written S:AS N:JS W:KS E:QS goes round no table: N played out of turn, or N's and W's letters are
    the wrong way round.  The deal would tell (whose were JS and KS), but its line is cut after S's cards: the
    two accounts are as likely, so the play out of turn is no ruling, and the slip is named as a doubt."""
    cut = CLEAN.replace("  W: QC JS QH KC TS  N: TD KS KH TC JH", "").replace(
        "trick S:AS W:JS N:KS E:QS", "trick S:AS N:JS W:KS E:QS")
    found = _found(cut)
    assert _errors(cut) == [], found
    [s007] = [m for c, lvl, _, m in found if c == "S007" and lvl == "warning"]
    assert "N and W may be the wrong way round (the deal line, cut short, does not show whose JS and KS were)" in s007
    assert "if so, write `trick S:AS W:JS N:KS E:QS`" in s007
    [s007_proof] = [f.proof for g in audit_text(cut, "hoyle") for f in g.all_findings() if f.code.code == "S007"]
    assert any(p.startswith("as written, the record would also give T402") and p.endswith("not a ruling)") for p in s007_proof)


def test_two_letters_swapped_at_a_table_of_two_are_read_by_the_leads_where_the_cut_lost_the_cards() -> None:
    """Two-handed (a hand the cut-short sweep drew): trick 4 written S:9D N:TH has S lead after N won trick 3
    with the right bower, and S lead trick 5 after N won trick 4.  At a table of two any order of play is in
    turn: the leads alone show the letters the wrong way round, and the deal line, cut after N's KC, lists
    neither card.  The swap is read; nobody is charged with a lead, and N's left-bower renege of trick 2, which
    the clean record shows too, stands."""
    clean = ("hand 4 dealer S\ndeal N: KC 9C 9D JH 9S  S: QC JD TH TD TC\nup KH\nbid N pass, S order\ndiscard TD\n"
             "trick N:9C S:TC\ntrick S:JD N:9S\ntrick S:KH N:JH\ntrick N:9D S:TH\ntrick S:QC N:KC\n")
    swapped = clean.replace("deal N: KC 9C 9D JH 9S  S: QC JD TH TD TC", "deal N: KC").replace(
        "trick N:9D S:TH", "trick S:9D N:TH")

    assert _errors(clean, "two-handed") == [("L602", "N")]
    assert _errors(swapped, "two-handed") == [("L602", "N")]
    found = [f for g in audit_text(swapped, "two-handed") for f in g.all_findings() if f.code.code == "S007"]
    assert found and "S and N are most likely the wrong way round" in found[0].message


def test_a_card_written_twice_is_no_charge_as_a_card_not_held_either() -> None:
    """N's line is cut after TD, and trick 3 gives N QD, the card E was dealt and plays in trick 4: most likely
    N's KH, which the cut lost, written as another.  The card played twice is no charge, and neither is the
    same card as one N did not hold."""
    twice = CLEAN.replace(FULL_N, "N: TD").replace("trick S:9H W:QH N:KH E:TH", "trick S:9H W:QH N:QD E:TH")
    found = _found(twice)
    assert _errors(twice) == [], found
    [held] = [m for c, lvl, _, m in found if c == "D103" and lvl == "warning"]
    assert held == "N plays QD, which N does not hold: it was dealt to E"
    [d103] = [f for g in audit_text(twice, "hoyle") for f in g.all_findings() if f.code.code == "D103"]
    assert any("QD is played twice, and the deal line is cut short and does not show N's cards" in p for p in d103.proof)


def test_a_card_not_followed_to_a_card_written_twice_is_no_renege() -> None:
    """S's line is cut after JD JC, and trick 2 gives S 9C as the card led, which E plays in trick 5: the suit
    led rests on which 9C was meant.  W and E, who held clubs and did not follow, are not charged."""
    led = CLEAN.replace("S: JD JC AS 9H AC", "S: JD JC").replace("trick S:AS W:JS N:KS E:QS", "trick S:9C W:JS N:KS E:QS")
    found = _found(led)
    assert _errors(led) == [], found
    reneges = [f for g in audit_text(led, "hoyle") for f in g.all_findings() if f.code.code == "R501"]
    assert {f.seat.name for f in reneges if f.seat is not None} == {"W", "E"}
    assert all(any(p.startswith("it rests on the card led in trick 2, 9C, a card played twice") for p in f.proof)
               for f in reneges)


def test_the_points_of_a_hand_whose_trick_a_card_written_twice_decides_are_the_sheets() -> None:
    """As above, E's TD (a card N plays in trick 5) wins trick 3 as written, and NS take four tricks, not five:
    who won trick 3 rests on which TD was meant, so that trick counts as not known, and the hand's points are
    the score sheet's entry, which is one of the ways it can have gone (NS +2: the clean hand's).  The sheet is
    not faulted."""
    doubtful = NO_N.replace("E: KD QS TH 9C QD", "E: KD QS").replace(
        "trick S:9H W:QH N:KH E:TH", "trick S:9H W:QH N:KH E:TD")
    found = _found(doubtful)
    assert _errors(doubtful) == [], found
    (game,), (clean,) = audit_text(doubtful, "hoyle"), audit_text(CLEAN, "hoyle")
    assert game.computed == clean.computed == (2, 0)
    assert "P701" not in [c for c, *_ in found]


def test_a_called_renege_pays_its_penalty_whatever_a_card_written_twice_leaves_unknown() -> None:
    """Two-handed (a hand the cut-short sweep drew): S reneged in trick 1 and the table called it, so N scores
    the penalty, 2, whoever took the tricks.  With N's line cut and S's KS written as N's TS, who won trick 4
    is not known; the hand is still scored the penalty, and the sheet's N +2 is not faulted."""
    clean = ("hand 1 dealer S\ndeal N: 9S KD JH TS AS  S: KH AC TC JC KS\nup KC\nbid N pass, S order\ndiscard KH\n"
             "trick N:AS S:JC\ntrick S:AC N:9S\ntrick S:KC N:TS\ntrick S:KS N:JH\ntrick S:TC N:KD\nrenege S\n"
             "score N 2 S 0\n")
    slipped = clean.replace("deal N: 9S KD JH TS AS  S: KH AC TC JC KS", "deal N: 9S KD JH TS").replace(
        "trick S:KS N:JH", "trick S:TS N:JH")

    assert _errors(clean, "two-handed") == [("R501", "S")]
    assert _errors(slipped, "two-handed") == [("R501", "S")]
    assert audit_text(slipped, "two-handed")[0].computed == audit_text(clean, "two-handed")[0].computed == (2, 0)
