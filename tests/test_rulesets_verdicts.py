"""Each bundled ruleset's distinctive rules change the verdict on a hand written for it.

Every hand here is audited under the ruleset and under hoyle; the expected
numbers come from the seed sentence quoted in the test's docstring.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.cards import Seat, Team
from auditor.cli import main
from auditor.results import GameResult
from conftest import LONER_ON_DEALERS_LEFT_LEADS, audit_text, codes_of


def _one(text: str, rules: str, overrides: list[str] | None = None) -> GameResult:
    (game,) = audit_text(text, rules, overrides)
    return game


def _categories(game: GameResult) -> list[str]:
    return [f.category.value for f in game.all_findings()]


def _points(game: GameResult) -> list[tuple[int, int]]:
    return [h.points for h in game.hands]


# W goes alone, so E (the dealer's left) sits out and S leads.
DEALERS_LEFT_SITS_OUT = """\
hand 1 dealer N
deal W: JS JC AS KS QS  S: 9H TH JH QH KH  E: 9D TD JD QD KD  N: AH AD 9C TC QC
up 9S
bid E pass, S pass, W order alone
discard 9C
trick S:9H W:JS N:AH
trick W:JC N:9S S:TH
trick W:AS N:AD S:JH
trick W:KS N:TC S:QH
trick W:QS N:QC S:KH
score NS 0 EW 4
"""

# E calls spades alone and is held to 2 tricks.
LONE_HAND_EUCHRED = """\
hand 1 dealer N
up 9H
bid E pass, S pass, W pass, N pass, E call S alone
tricks NS 3 EW 2
score NS 4 EW 0
"""

# S makes spades and takes 3 tricks; W reneged in trick 1 (held 9H and TH, played AC
# on the ace of hearts) and the table called it.
CALLED_RENEGE = """\
hand 1 dealer N
deal E: AH KH QH 9C TC  S: JS AS KS AD KD  W: AC KC QC 9H TH  N: QS TS 9D TD QD
up 9S
bid E pass, S order
discard 9D
trick E:AH S:AD W:AC N:TD
trick E:KH S:KD W:9H N:QD
trick E:QH S:JS W:TH N:9S
trick S:AS W:KC N:TS E:9C
trick S:KS W:QC N:QS E:TC
renege W
score NS 4 EW 0
"""


# ------------------------------------------------------------------ bicycle
def test_bicycle_lone_euchre_scores_4() -> None:
    """Seed 004: "Defenders winning 3 or more tricks against a lone player: 4 points"."""
    bicycle, hoyle = _one(LONE_HAND_EUCHRED, "bicycle"), _one(LONE_HAND_EUCHRED, "hoyle")
    assert _points(bicycle) == [(4, 0)] and codes_of([bicycle]) == []
    assert _points(hoyle) == [(2, 0)] and _categories(hoyle) == ["score"]  # the sheet's 4 is wrong there


@pytest.mark.parametrize("text, leader", [(LONER_ON_DEALERS_LEFT_LEADS, Seat.E), (DEALERS_LEFT_SITS_OUT, Seat.S)])
def test_bicycle_dealers_left_leads_against_a_lone_hand(text: str, leader: Seat) -> None:
    """Seed 004: "The player to the left of the dealer always makes the opening lead."

    When the dealer's left sits out (their partner is alone), the next player leads.
    """
    bicycle, hoyle = _one(text, "bicycle"), _one(text, "hoyle")
    assert codes_of([bicycle]) == [] and _points(bicycle) == [(0, 4)]
    (wrong,) = hoyle.all_findings()
    assert wrong.category.value == "turn" and wrong.seat is leader and wrong.trick == 1


def test_bicycle_points_past_10_count() -> None:
    """Seed 004: "Winning all five tricks during a loner call when your score is nine will
    result in a winning score of 13."  The corrected score is never capped at the target,
    in bicycle as in every ruleset.
    """
    text = "[Event \"Chicago\"]\n" + "".join(
        f"hand {n} dealer {d}\nup 9H\nbid {m} order\ntricks NS {t} EW {5 - t}\nscore NS {s} EW 0\n\n"
        for n, d, m, t, s in [(1, "N", "E", 3, 2), (2, "E", "S", 5, 4), (3, "S", "W", 3, 6), (4, "W", "N", 5, 8)]
    ) + "hand 5 dealer N\nup 9H\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\nscore NS 8 EW 0\n\n"
    text += "hand 6 dealer E\nup 9H\nbid S pass, W pass, N pass, E pass, S pass, W pass, N call S alone\ntricks NS 5 EW 0\nscore NS 12 EW 0\n"
    # NS: euchres of E and W (2 + 2), marches (2 + 2), nothing, then a lone march (4)
    game = _one(text, "bicycle")
    assert (game.computed[0], game.computed[1], game.winner) == (12, 0, Team.NS)


# ----------------------------------------------------------------- drinking
def test_drinking_called_renege_gives_4() -> None:
    """Seed 000: "If your team 'Reneges' then the opposing team gets 4 points" (the 4 are what NS get for
    the hand); hoyle takes seed 004's "adding two points to his opponents' score": NS keep the point
    S made (3 tricks) and gain 2."""
    drinking, hoyle = _one(CALLED_RENEGE, "drinking"), _one(CALLED_RENEGE, "hoyle")
    assert _points(drinking) == [(4, 0)] and _points(hoyle) == [(1 + 2, 0)]
    assert _categories(drinking) == ["renege"]  # the renege itself, proven from the deal
    assert _categories(hoyle) == ["renege", "score"]  # and the sheet's 4 is wrong under hoyle


def test_drinking_renege_is_4_in_a_lone_hand_too() -> None:
    """Seed 000 gives 4 points for a renege without an exception for a lone hand (hoyle: 4 alone too).
    Here nobody is alone: under hoyle EW keep the point E made (3 tricks) and gain 2."""
    text = "hand 1 dealer N\nup 9H\nbid E order\ntricks NS 2 EW 3\nrenege N\nscore NS 0 EW 4\n"
    drinking, hoyle = _one(text, "drinking"), _one(text, "hoyle")
    assert _points(drinking) == [(0, 4)] and _points(hoyle) == [(0, 1 + 2)]


def test_drinking_dealers_left_leads_against_a_lone_hand() -> None:
    """Seed 000: "The player to the left of the dealer always goes first"."""
    drinking, hoyle = _one(LONER_ON_DEALERS_LEFT_LEADS, "drinking"), _one(LONER_ON_DEALERS_LEFT_LEADS, "hoyle")
    assert codes_of([drinking]) == [] and _categories(hoyle) == ["turn"]


# ------------------------------------------------------------------- casual
SEVEN_POINT_GAME = """\
hand 1 dealer N
up 9H
bid E pass, S pass, W pass, N order alone
tricks NS 5 EW 0
score NS 4 EW 0

hand 2 dealer E
up 9D
bid S order alone
tricks NS 5 EW 0
score NS 8 EW 0

hand 3 dealer S
up 9C
bid W pass, N order
tricks NS 5 EW 0
score NS 10 EW 0
"""


def test_casual_shorter_game_with_set_target() -> None:
    """Seed 001: "If you want a shorter game, only play until you reach 7 points."."""
    short = _one(SEVEN_POINT_GAME, "casual", ["target=7"])
    assert short.winner is Team.NS and short.won_in_hand == 2
    # hand 3 was played after NS had won: it does not count, so the sheet's +2 is wrong too
    assert [(f.hand, f.category.value) for f in short.all_findings()] == [(3, "game"), (3, "score")]
    assert short.computed == (8, 0)
    hoyle = _one(SEVEN_POINT_GAME, "hoyle")
    assert hoyle.winner is Team.NS and hoyle.won_in_hand == 3 and codes_of([hoyle]) == []


def test_casual_longer_game_with_an_extends_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 001: "For a slightly longer game, you could play until a team reaches 15 points instead."."""
    _write_long = tmp_path / "casual-15.yaml"
    _write_long.write_text("extends: casual\ngame:\n  target: 15\n", encoding="utf-8")
    game_file = tmp_path / "night.txt"
    game_file.write_text('[Rules "casual-15.yaml"]\n[Winner "NS"]\n\n' + SEVEN_POINT_GAME, encoding="utf-8")
    assert main([str(game_file), "--format", "lint"]) == 1
    (line,) = capsys.readouterr().out.splitlines()
    assert " G" in line and "no side has won" in line  # 10 of 15: the Winner tag is wrong
    assert main([str(game_file), "--rules", "casual", "--format", "lint"]) == 0  # to 10, NS did win


def test_casual_dealers_left_leads_against_a_lone_hand() -> None:
    """Seed 001: "The player to the left of the dealer starts the first turn." (no lone-hand exception)."""
    casual, hoyle = _one(LONER_ON_DEALERS_LEFT_LEADS, "casual"), _one(LONER_ON_DEALERS_LEFT_LEADS, "hoyle")
    assert codes_of([casual]) == [] and _categories(hoyle) == ["turn"]


# --------------------------------------------------------- stick-the-dealer
ALL_PASS = "hand 1 dealer N\nup 9H\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n"


def test_stick_the_dealer_dealer_may_not_pass_in_round_2() -> None:
    """Seed 002: "If all three players before the dealer pass on this option of naming the
    trump ... A second option requires the dealer to name the trump."
    """
    stuck, hoyle = _one(ALL_PASS, "stick-the-dealer"), _one(ALL_PASS, "hoyle")
    (finding,) = stuck.all_findings()
    assert finding.category.value == "bid" and finding.seat is Seat.N
    assert (finding.pos.line, finding.pos.column) == (3, 61)  # N's second pass
    assert codes_of([hoyle]) == []


def test_stick_the_dealer_dealer_naming_trump_is_legal() -> None:
    """Seed 002: the dealer names trump after the other three pass: a legal bid that scores."""
    text = "hand 1 dealer N\nup 9H\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N call S\ntricks NS 3 EW 2\nscore NS 1 EW 0\n"
    stuck = _one(text, "stick-the-dealer")
    assert codes_of([stuck]) == [] and _points(stuck) == [(1, 0)]


# ------------------------------------------------------------------- redeal
def test_redeal_same_dealer_deals_again() -> None:
    """Seed 002: "declare a misdeal in which all hands are discarded, and the dealer shuffles
    and deals again".
    """
    text = ALL_PASS + "\nhand 2 dealer N\nup 9S\nbid E order\ntricks NS 0 EW 3\nscore NS 0 EW 1\n"
    redeal, hoyle = _one(text, "redeal"), _one(text, "hoyle")
    assert codes_of([redeal]) == []
    (finding,) = hoyle.all_findings()
    assert finding.category.value == "deal" and finding.hand == 2 and finding.level.value == "error"


def test_redeal_the_deal_does_not_pass_after_a_throw_in() -> None:
    """Seed 002 (redeal): the next player dealing after all passed is out of rotation."""
    text = ALL_PASS + "\nhand 2 dealer E\nup 9S\nbid S order\ntricks NS 3 EW 0\nscore NS 1 EW 0\n"
    redeal, hoyle = _one(text, "redeal"), _one(text, "hoyle")
    (finding,) = redeal.all_findings()
    assert finding.category.value == "deal" and finding.seat is Seat.E and "N's deal" in finding.message
    assert codes_of([hoyle]) == []


STOLEN_DEAL = """\
[Event "stolen"]

hand 1 dealer N
up 9H
bid E order

hand 2 dealer S   # N's partner picked up the cards; it was E's deal
up 9S
bid W order
"""


@pytest.mark.parametrize("name", ["redeal", "stick-the-dealer", "euchre32", "australian", "australian-win-by-2"])
def test_a_stolen_deal_is_a_warning_in_seed_002(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 002: "The player can have successfully stolen the deal if the opponents do not notice or complain"."""
    path = tmp_path / "stolen.txt"
    path.write_text(STOLEN_DEAL, encoding="utf-8")
    assert main([str(path), "--rules", name, "--format", "lint"]) == 0  # a warning only
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith(f"{path}:7:1: D114 ")  # "the partner of the person who dealt the last hand"
    assert main([str(path), "--rules", "hoyle", "--format", "lint"]) == 1  # an error in every other ruleset
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith(f"{path}:7:1: D105 ")


# ----------------------------------------------------------------- euchre32
EUCHRE32_MARCH = """\
hand 1 dealer N
deal E: 7D 8D 9D TD JD QD KD  S: 7S 8S 9S TS JS QS KS  W: 7H 8H 9H TH JH QH KH  N: 7C 8C 9C TC JC QC KC
up AH
bid E pass, S pass, W order
discard 7C
trick E:KD S:7S W:7H N:8C
trick W:JH N:AH E:JD S:8S
trick W:KH N:9C E:QD S:9S
trick W:QH N:TC E:TD S:TS
trick W:TH N:JC E:9D S:JS
trick W:9H N:QC E:8D S:QS
trick W:8H N:KC E:7D S:KS
score NS 0 EW 2
"""


def test_euchre32_deals_7s_and_8s_7_cards_each() -> None:
    """Seed 002: "expand the Euchre deck to include both the 7's and the 8's ... seven cards in
    the 32 card deck version. In either case, four cards will remain" and "all 7 tricks
    (32 card version), then they receive 2 points".
    """
    e32 = _one(EUCHRE32_MARCH, "euchre32")
    assert codes_of([e32]) == [] and _points(e32) == [(0, 2)]
    assert e32.hands[0].tricks_won == (0, 7)
    hoyle = codes_of(audit_text(EUCHRE32_MARCH, "hoyle"))
    assert "D101" in hoyle  # a 7 or an 8 is not in hoyle's 24-card deck
    assert {"deal", "turn"} <= set(_categories(_one(EUCHRE32_MARCH, "hoyle")))


@pytest.mark.parametrize("bid, ns, ew, expected32, expected_hoyle", [
    ("N order", 3, 4, (0, 2), (1, 0)),  # "4-6 tricks ... 1 point": 3 of 7 is a euchre, "the other side gets 2 points"
    ("N order", 4, 3, (1, 0), (1, 0)),
    ("N order", 6, 1, (1, 0), (2, 0)),  # 6 of 7 is not all the tricks
    ("N order", 7, 0, (2, 0), (2, 0)),  # "all 7 tricks (32 card version) ... 2 points"
    ("N order alone", 5, 2, (1, 0), (4, 0)),  # solo: "wins the majority of the tricks ... 1 point"
    ("N order alone", 7, 0, (4, 0), (4, 0)),  # solo: "if he takes all of the tricks ... 4 points"
])
def test_euchre32_scoring(bid: str, ns: int, ew: int, expected32: tuple[int, int], expected_hoyle: tuple[int, int]) -> None:
    """Seed 002: "If they do so by taking 3 or 4 tricks (in the 24 card version) or 4-6 tricks
    (in the 32 card version), they receive 1 point."
    """
    text = f"hand 1 dealer W\nup 9H\nbid {bid}\ntricks NS {ns} EW {ew}\n"
    assert _points(_one(text, "euchre32")) == [expected32]
    assert _points(_one(text, "hoyle")) == [expected_hoyle]


# --------------------------------------------------------------- australian
# (dealer, maker's bid, NS tricks, EW tricks, sheet NS, sheet EW)
_ELEVEN = [
    ("N", "E order alone", 0, 5, 0, 4),
    ("E", "S pass, W order alone", 0, 5, 0, 8),
    ("S", "W pass, N order alone", 5, 0, 4, 8),
    ("W", "N order alone", 5, 0, 8, 8),
    ("N", "E order", 0, 5, 8, 10),
    ("E", "S order", 5, 0, 10, 10),
    ("S", "W pass, N order", 3, 2, 11, 10),
    ("W", "N order", 4, 1, 12, 10),
]
ELEVEN_POINT_GAME = "\n".join(
    f"hand {n} dealer {d}\nup 9H\nbid {bid}\ntricks NS {ns} EW {ew}\nscore NS {sn} EW {se}\n"
    for n, (d, bid, ns, ew, sn, se) in enumerate(_ELEVEN, 1)
)


def test_australian_game_to_11() -> None:
    """Seed 002: "In the Australian version, the first partnership to 11 points wins"."""
    aus = _one(ELEVEN_POINT_GAME, "australian")
    assert (aus.winner, aus.won_in_hand) == (Team.NS, 7)  # 11-10
    # hand 8 came after the game: it does not count, so the sheet's +1 is wrong too
    assert [(f.hand, f.category.value) for f in aus.all_findings()] == [(8, "game"), (8, "score")]
    hoyle = _one(ELEVEN_POINT_GAME, "hoyle")
    assert (hoyle.winner, hoyle.won_in_hand) == (Team.EW, 5)  # 8-10: EW reached 10 first
    assert hoyle.computed == (8, 10)


def test_australian_win_by_2_option() -> None:
    """Seed 002: "in some games, that partnership must win by 2 points in order to end the game"."""
    by2 = _one(ELEVEN_POINT_GAME, "australian-win-by-2")
    assert (by2.winner, by2.won_in_hand) == (Team.NS, 8)  # not at 11-10, at 12-10
    assert codes_of([by2]) == [] and by2.computed == (12, 10)
    same = _one(ELEVEN_POINT_GAME, "australian", ["game.win_by=2"])
    assert (same.winner, same.won_in_hand) == (Team.NS, 8)
