"""A deal line with one card more than the ruleset deals: read without the card where the record shows it to be a
slip (S019, a warning on nobody), a wrong hand size (D104) where the record shows the seat held it.  Hoyle deals
five cards; in the clean hand N deals, takes the up card AD and discards TC, and every card is played by the
seat it was dealt to.  The night's cases are in tests/test_slips_night.py."""

from __future__ import annotations

import pytest

from conftest import audit_text
from test_finding_examples import CLEAN_HAND, EIGHT_PASSES

FULL_N = "N: TD KS KH TC JH"
FULL_E = "E: KD QS TH 9C QD"


def _found(text: str) -> list[tuple[str, str, str | None, str]]:
    return [(f.code.code, f.level.value, f.seat.name if f.seat is not None else None, str(f.message))
            for g in audit_text(text, "hoyle") for f in g.all_findings()]


#: a sixth card the record shows to be a slip: the line as written, and the warning's words after "lists 6 of 5 cards: "
SLIPS = [
    # QD is E's too, and N never plays it: as written, N was charged with a wrong hand and a card dealt twice
    (f"{FULL_N} QD", "the deal line of N: QD is also written for E and N never plays it: read as written twice"),
    # E's line comes first and lists N's JH too: as written, the card dealt twice fell on N, whose line is right,
    # and the left bower E never held made a left-bower failure of E's 9C on the trump lead of trick 5
    (f"{FULL_E} JH", "the deal line of E: JH is also written for N and E never plays it: read as written twice"),
    # N plays KS, once: one card written twice, not a card dealt twice
    (f"{FULL_N} KS", "the deal line of N: KS is written twice in it: read as written twice"),
    # N, the dealer, takes AD and plays it: a line written after the pickup, not a hand of six
    (f"{FULL_N} AD", "the deal line of N: AD is the up card, the dealer's to take: read as written twice"),
    (f"{FULL_E} AD", "the deal line of E: AD is the up card and E never plays it: read as written twice"),
    # 9D is in no line, and E plays the other five: as written, E was charged with a wrong hand and with keeping
    # back 9D, a trump, on the trump lead of trick 5
    (f"{FULL_E} 9D", "the deal line of E: 9D is written nowhere else, and E never plays it and plays the other 5: "
                     "read as a card written too many"),
]


@pytest.mark.parametrize(("line", "words"), SLIPS, ids=[line for line, _ in SLIPS])
def test_a_sixth_card_the_record_shows_to_be_a_slip_is_named_and_charges_nobody(line: str, words: str) -> None:
    slipped = CLEAN_HAND.replace(line.rsplit(" ", 1)[0], line)  # the line written with one card more
    seat, says = words.split(": ", 1)
    assert _found(slipped) == [("S019", "warning", None, f"{seat} lists 6 of 5 cards: {says}")]
    (game,), (clean,) = audit_text(slipped, "hoyle"), audit_text(CLEAN_HAND, "hoyle")
    assert game.computed == clean.computed


def test_a_seat_that_plays_the_card_written_elsewhere_held_six() -> None:
    """N plays QD in trick 5 (E's QD written again in N's line, and N's TD never played): the record shows N
    with both, so the wrong hand size stands."""
    played = CLEAN_HAND.replace(FULL_N, f"{FULL_N} QD").replace("trick N:TD E:9C S:AC W:QC", "trick N:QD E:9C S:AC W:QC")
    codes = [(c, seat) for c, _, seat, _ in _found(played)]
    assert ("D104", "N") in codes and "S019" not in [c for c, _ in codes]


def test_a_hand_thrown_in_does_not_show_which_card_is_too_many() -> None:
    """Nothing is played: a sixth card written nowhere else may be any of the six, and the wrong hand size stands
    (the code's own example)."""
    passed = (f"hand 1 dealer N\ndeal {FULL_E} 9D  S: JD JC AS 9H AC  W: QC JS QH KC TS  {FULL_N}\n"
              f"up AD\n{EIGHT_PASSES}\n")
    assert [(c, lvl, seat) for c, lvl, seat, _ in _found(passed)] == [("D104", "error", "E")]


def test_two_cards_written_elsewhere_do_not_show_which_is_the_slip() -> None:
    """N's line lists E's QD and S's JD and plays neither: two cards, one too many: no reading, the size stands."""
    both = CLEAN_HAND.replace(FULL_N, "N: TD KS KH TC JD QD").replace("trick E:KD S:JD W:KC N:JH", "trick E:KD S:JD W:KC N:KH")
    assert ("D104", "N") in [(c, seat) for c, _, seat, _ in _found(both)]
    assert "S019" not in [c for c, *_ in _found(both)]


def test_two_long_lines_sharing_a_card_do_not_show_which_is_the_slip() -> None:
    shared = CLEAN_HAND.replace(FULL_N, f"{FULL_N} 9D").replace(FULL_E, f"{FULL_E} 9D")
    codes = [(c, seat) for c, _, seat, _ in _found(shared)]
    assert ("D104", "N") in codes and ("D104", "E") in codes and "S019" not in [c for c, _ in codes]


def test_the_up_card_in_the_dealers_line_is_no_pickup_where_it_was_turned_down() -> None:
    """N, the dealer, lists AD, the up card, as a sixth card, but nobody ordered it up (E names spades in round
    2) and N plays AD: it is not the pickup written in, and N is not charged with playing a card turned down
    on a reading that put it in N's hand."""
    turned_down = (f"hand 1 dealer N\ndeal E: KD QS TH 9C QD  S: JD JC AS 9H AC  W: QC JS QH KC TS  {FULL_N} AD\n"
                   "up AD\nbid E pass, S pass, W pass, N pass, E call S\n"
                   "trick E:TH S:9H W:QH N:KH\ntrick N:AD E:QD S:JD W:KC\ntrick N:TD E:KD S:AC W:QC\n"
                   "trick E:9C S:AS W:JS N:TC\ntrick W:TS N:KS E:QS S:JC\n")
    codes = [code for code, *_ in _found(turned_down)]
    assert "S019" not in codes and "D103" not in codes, codes
