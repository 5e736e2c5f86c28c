"""A deal line with one card more than the ruleset deals: read without the card where the record shows it to be a
slip (S019, a warning on nobody), a wrong hand size (D104) where the record shows the seat held it.  Hoyle deals
five cards; in the clean hand N deals, takes the up card AD and discards TC, and every card is played by the
seat it was dealt to.  The night's cases are in tests/test_slips_night.py."""

from __future__ import annotations

from conftest import audit_text
from test_finding_examples import CLEAN_HAND, EIGHT_PASSES

FULL_N = "N: TD KS KH TC JH"
FULL_E = "E: KD QS TH 9C QD"


def _found(text: str) -> list[tuple[str, str, str | None, str]]:
    return [(f.code.code, f.level.value, f.seat.name if f.seat is not None else None, str(f.message))
            for g in audit_text(text, "hoyle") for f in g.all_findings()]


def test_a_card_of_another_seat_written_again_is_read_as_written_twice() -> None:
    """QD is E's too, and N never plays it: as written, N was charged with a wrong hand and a card dealt twice."""
    slipped = CLEAN_HAND.replace(FULL_N, f"{FULL_N} QD")
    assert _found(slipped) == [("S019", "warning", None, "the deal line of N lists 6 of 5 cards: QD is also written "
                                                         "for E and N never plays it: read as written twice")]
    (game,), (clean,) = audit_text(slipped, "hoyle"), audit_text(CLEAN_HAND, "hoyle")
    assert game.computed == clean.computed


def test_the_writer_of_the_longer_line_is_named_not_the_seat_written_after_it() -> None:
    """E's line comes first and lists N's JH too: as written, the card dealt twice fell on N, whose line is right,
    and the left bower E never held made a left-bower failure of E's 9C on the trump lead of trick 5."""
    slipped = CLEAN_HAND.replace(FULL_E, f"{FULL_E} JH")
    assert _found(slipped) == [("S019", "warning", None, "the deal line of E lists 6 of 5 cards: JH is also written "
                                                         "for N and E never plays it: read as written twice")]


def test_a_card_written_twice_in_the_line_is_read_once() -> None:
    """N plays KS, once: one card written twice, not a card dealt twice."""
    found = _found(CLEAN_HAND.replace(FULL_N, f"{FULL_N} KS"))
    assert found == [("S019", "warning", None, "the deal line of N lists 6 of 5 cards: KS is written twice in it: "
                                               "read as written twice")]


def test_the_up_card_in_the_dealers_line_is_the_pickup_written_in() -> None:
    """N, the dealer, takes AD and plays it: a line written after the pickup, not a hand of six."""
    found = _found(CLEAN_HAND.replace(FULL_N, f"{FULL_N} AD"))
    assert found == [("S019", "warning", None, "the deal line of N lists 6 of 5 cards: AD is the up card, "
                                               "the dealer's to take: read as written twice")]


def test_the_up_card_in_another_seats_line_is_read_as_written_twice_where_that_seat_never_plays_it() -> None:
    found = _found(CLEAN_HAND.replace(FULL_E, f"{FULL_E} AD"))
    assert found == [("S019", "warning", None, "the deal line of E lists 6 of 5 cards: AD is the up card "
                                               "and E never plays it: read as written twice")]


def test_a_card_written_nowhere_else_that_the_seat_never_plays_is_written_too_many() -> None:
    """9D is in no line; E plays the other five.  As written, E was charged with a wrong hand and with keeping
    back 9D, a trump, on the trump lead of trick 5."""
    found = _found(CLEAN_HAND.replace(FULL_E, f"{FULL_E} 9D"))
    assert found == [("S019", "warning", None, "the deal line of E lists 6 of 5 cards: 9D is written nowhere else, "
                                               "and E never plays it and plays the other 5: read as a card written too many")]


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
