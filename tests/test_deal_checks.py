"""The deal line's checks, each case away from the usual, clean deal (which the replay takes on a fast path)."""

from __future__ import annotations

import pytest

from conftest import audit_text

BIDS = "up AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n"


def deal_findings(deal: str) -> list[tuple[str, str, str]]:
    games = audit_text(f'[Event "deal"]\nhand 1 dealer N\ndeal {deal}\n{BIDS}')
    return [(f.code.code, str(f.pos), f.message) for g in games for f in g.all_findings()]


def test_a_card_written_twice_in_one_holding_is_a_duplicate_at_the_second_copy() -> None:
    found = deal_findings("E: KD KD TH 9C QD  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH")
    assert ("D102", "3:12", "KD is dealt to both E and E") in found


def test_a_card_dealt_to_two_seats_is_a_duplicate_at_the_second_seat() -> None:
    found = deal_findings("E: KD QS TH 9C QD  S: KD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH")
    assert ("D102", "3:28", "KD is dealt to both E and S") in found


def test_a_card_outside_the_deck_is_reported_where_it_is_written() -> None:
    found = deal_findings("E: KD QS TH 9C 8D  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH")
    assert [code for code, pos, _ in found if pos == "3:21"] == ["D101"]


@pytest.mark.parametrize("deal", [
    "E: KD QS TH 9C QD  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH",
    "N: TD KS KH TC JH  E: KD QS TH 9C QD",
])
def test_a_clean_deal_has_no_deal_finding(deal: str) -> None:
    assert not [code for code, _, _ in deal_findings(deal) if code.startswith("D")]
