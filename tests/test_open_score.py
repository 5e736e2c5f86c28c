"""A game whose end rests on an open hand's score: ruled only where it holds under every score the hand allows.

The slipped record is the clean one with hand 10's tricks 2 and 3 lost (one trick alone is known from the deal:
each player's one card left, and in this hand, whoever led it, the same seat won it): the tricks written allow hand 10
NS +1 or EW +2, and the sheet writes NS +1 EW +2, neither.  NS +1 (the clean record's) gives NS the game in
hand 14; EW +2 gives EW the game in hand 12, and would make hands 13 and 14 'played after the game'.
"""

from __future__ import annotations

import io
import json
import re

import pytest

from auditor.cli import main
from auditor.codes.registry import Severity
from auditor.replay import game as game_module
from auditor.replay import game_hands
from auditor.results import GameResult
from conftest import ROOT, audit_text
from test_readings_bound import _count_replays

DATA = ROOT / "tests" / "data" / "open_score"
SLIPPED = (DATA / "slipped.txt").read_text(encoding="utf-8")
CLEAN = (DATA / "clean.txt").read_text(encoding="utf-8")


def _errors(game: GameResult) -> set[tuple[str, int | None]]:
    return {(f.code.code, f.hand) for f in game.all_findings() if f.level is Severity.ERROR}


def test_no_accusation_rests_on_the_guessed_score_of_hand_10() -> None:
    (slipped,) = audit_text(SLIPPED, "hoyle")
    (clean,) = audit_text(CLEAN, "hoyle")
    assert ("G801", 13) not in _errors(slipped)
    assert {e for e in _errors(slipped) - _errors(clean) if e[1] != 10} == set()
    # the sheet's entry for hand 10 is none of the scores its tricks allow: that is proven, and stays
    (p701,) = [f for f in slipped.all_findings() if f.code.code == "P701" and f.hand == 10]
    assert p701.level is Severity.ERROR and "only NS +0 EW +2 or NS +1 EW +0" in p701.message
    # the game's end is open, each score named with the end it gives
    assert (slipped.winner, slipped.won_in_hand, slipped.finished) == (None, None, False)
    (s024,) = [f for f in slipped.all_findings() if f.code.code == "S024"]
    assert s024.level is Severity.WARNING and s024.hand == 10
    assert "rests on hand 10's score" in s024.message
    assert "NS +1 EW +0 gives NS the game in hand 14" in s024.message
    assert "NS +0 EW +2 gives EW the game in hand 12" in s024.message
    # what the guess alone would charge is named, as no ruling
    assert any(line.startswith("counting hand 10 NS +0 EW +2, the record would also give G801 at 145:1")
               and line.endswith("not a ruling)") for line in s024.proof)
    assert sum("P701 at" in line and "counts for nothing" in line for line in s024.proof) == 2
    assert (clean.winner.value, clean.won_in_hand) == ("NS", 14)


def test_the_report_states_the_open_winner(tmp_path) -> None:
    path = tmp_path / "slipped.txt"
    path.write_text(SLIPPED, encoding="utf-8")
    out = io.StringIO()
    assert main([str(path), "--rules", "hoyle"], out, io.StringIO()) == 1
    text = out.getvalue()
    assert "G801 played-after-game" not in text
    assert ("The winner rests on hand 10's score, which the record does not show: NS +0 EW +2 gives EW (Kim and Ned) "
            "the game in hand 12 (NS 7 EW 11); NS +1 EW +0 gives NS (Frank and Bob) the game in hand 14") in text
    assert "won in hand 12" not in text
    # the corrected score, the open hand's row and the hands after the end say the score they count is a guess
    assert "Corrected score, counting hand 10 NS +0 EW +2: NS 7, EW 11 (the sheet shows NS 12, EW 12)." in text
    (row,) = [line for line in text.splitlines() if line.lstrip().startswith("10  W")]
    assert "score not known; NS +0 EW +2 counted, nearest the sheet's" in row and "points from the sheet" not in row
    after = [line for line in text.splitlines() if "after the game ended" in line]
    assert len(after) == 2 and all("(after the game ended, counting hand 10 NS +0 EW +2)" in line for line in after)
    out = io.StringIO()
    main([str(path), "--rules", "hoyle", "--format", "json"], out, io.StringIO())
    (game,) = json.loads(out.getvalue())["games"]
    assert game["open_counted"] == [{"hand": 10, "points": {"NS": 0, "EW": 2}}] and game["winner"] is None
    page = tmp_path / "ruling.html"
    main([str(path), "--rules", "hoyle", "--format", "html", "-o", str(page)], io.StringIO(), io.StringIO())
    html = page.read_text(encoding="utf-8")
    assert "Corrected score, counting hand 10 NS +0 EW +2</div>" in html
    assert "score not known; NS +0 EW +2 counted, nearest the sheet&#39;s" in html


def test_alternatives_that_end_the_game_alike_are_ruled_as_before() -> None:
    """Cut after hand 11, neither score of hand 10 ends the game: the audit counts the nearest, as it did."""
    cut = SLIPPED[:SLIPPED.index("hand 12 dealer")]
    (game,) = audit_text(cut, "hoyle")
    codes = [(f.code.code, f.hand) for f in game.all_findings()]
    assert "S024" not in {c for c, _ in codes}
    (p701,) = [f for f in game.all_findings() if f.code.code == "P701" and f.hand == 10]
    assert p701.proof[0] == "the corrected score counts hand 10 NS +0 EW +2, the score the cards allow nearest the sheet's"
    assert game.open_end is None and not game.finished and game.computed == (7, 9)


def test_alternatives_that_end_the_game_alike_with_a_winner_are_ruled_as_before() -> None:
    """To 7 points, EW has won in hand 9, before hand 10: nothing rests on hand 10, G801 stands."""
    (game,) = audit_text(SLIPPED, "hoyle", ["game.target=7"])
    assert (game.winner.value, game.won_in_hand) == ("EW", 9)
    assert ("G801", 10) in _errors(game)
    assert "S024" not in {f.code.code for f in game.all_findings()}


def test_a_sheet_entry_the_tricks_allow_decides() -> None:
    decided = SLIPPED.replace("score NS 9 EW 10", "score NS 9 EW 8")
    (game,) = audit_text(decided, "hoyle")
    codes = {(f.code.code, f.hand) for f in game.all_findings()}
    assert ("P701", 10) not in codes and "S024" not in {c for c, _ in codes}
    assert game.hands[9].points == (1, 0) and game.hands[9].from_sheet
    assert (game.winner.value, game.won_in_hand) == ("NS", 14) and ("G801", 13) not in codes


def test_the_replays_under_every_score_are_bounded() -> None:
    """Four open hands of two scores each are tried every way (16 endings, 15 replays beyond the audit's own);
    a fifth is past the bound, and nothing is tried further."""
    from auditor.model import Pos
    from auditor.replay.open_end import MOST_REPLAYS, Guess, Replay, every_score

    result = GameResult(1, Pos(1, 1), "hoyle")
    guesses = tuple(Guess(Pos(i, 1), i, ((1, 0), (0, 2)), (0, 2)) for i in range(1, 6))
    for count, ways in ((4, 16), (5, None)):
        made: list[object] = []
        first = Replay(result, guesses[:count], frozenset())

        def replay(forced, first=first, made=made) -> Replay:
            made.append(dict(forced))
            return first

        runs = every_score(first, replay)
        assert (len(runs) if runs is not None else None) == ways
        assert len(made) == (15 if ways else MOST_REPLAYS)
        assert len({tuple(sorted(f.items())) for f in made}) == len(made)  # no score tried twice


def test_a_hand_after_the_end_under_every_score_is_still_played_after_the_game(tmp_path) -> None:
    """Hand 14 written again as hand 15: after EW's end (hand 12) and after NS's (hand 14) alike.  Its row says
    so plainly; hands 13 and 14 are after the end only counting hand 10's guessed score, and their rows say that."""
    again = SLIPPED[SLIPPED.index("hand 14 dealer"):].replace("hand 14 dealer", "hand 15 dealer", 1)
    (game,) = audit_text(SLIPPED + "\n" + again, "hoyle")
    (g801,) = [f for f in game.all_findings() if f.code.code == "G801"]
    assert (g801.hand, g801.level) == (15, Severity.ERROR)
    assert g801.message == "hand 15 is recorded after the game's end, whichever score hand 10 had; it does not count"
    assert ("G801", 13) not in _errors(game) and game.winner is None
    path = tmp_path / "again.txt"
    path.write_text(SLIPPED + "\n" + again, encoding="utf-8")
    out = io.StringIO()
    main([str(path), "--rules", "hoyle"], out, io.StringIO())
    rows = {line.split()[0]: line for line in out.getvalue().splitlines() if re.match(r"\s+1[345]\s+\S\s", line)}
    assert all("(after the game ended, counting hand 10 NS +0 EW +2)" in rows[n] for n in ("13", "14"))
    assert "(after the game ended)" in rows["15"] and "counting" not in rows["15"]


def _also_open(text: str, numbers: set[int]) -> str:
    """``text`` with the hands ``numbers`` open too: each loses its second and third tricks, and the sheet
    gives each NS one point more than it wrote (a score none of them allows), the entries after it carrying it."""
    blocks = re.split(r"(?=^hand \d+ dealer)", text, flags=re.M)
    shift, out = 0, []
    for block in blocks:
        number = re.match(r"hand (\d+)", block)
        if number is not None and int(number.group(1)) in numbers:
            lines = block.split("\n")
            tricks = [i for i, line in enumerate(lines) if line.startswith("trick ")]
            block = "\n".join(line for i, line in enumerate(lines) if i not in tricks[1:3])
            shift += 1
        out.append(re.sub(r"score NS (\d+)", lambda m: f"score NS {int(m.group(1)) + shift}", block))
    return "".join(out)


# hand 10 alone: 2 scores; hands 3, 6 and 10: 8 ways, two of which end the game before hand 10 alike (7 endings)
@pytest.mark.parametrize(("numbers", "ways"), [(set(), 2), ({3, 6}, 7)])
def test_an_open_end_replays_each_hand_once_not_once_per_score(monkeypatch, numbers, ways) -> None:  # type: ignore[no-untyped-def]
    """Only the scoring pass runs again under each score the open hands allow: every hand's own replay (its play,
    the slips read around it) is made once.  (Before: the whole game once per ending, 2 and 7 times here.)"""
    text = _also_open(SLIPPED, numbers)
    replayed: list[int] = []
    real = game_hands.replay_hand

    def counting(record, *args, **kwargs):  # type: ignore[no-untyped-def]
        replayed.append(record.number)
        return real(record, *args, **kwargs)

    monkeypatch.setattr(game_hands, "replay_hand", counting)
    passes = [0]
    score = game_module.GameReplay.score

    def scoring(self, played):  # type: ignore[no-untyped-def]
        passes[0] += 1
        score(self, played)

    monkeypatch.setattr(game_module.GameReplay, "score", scoring)
    made = _count_replays(monkeypatch)
    (game,) = audit_text(text, "hoyle")
    (s024,) = [f for f in game.all_findings() if f.code.code == "S024"]
    endings = str(s024.message).split("does not show: ", 1)[1].split("; ")
    assert passes[0] == len(endings) == ways  # every score of every open hand scored
    assert replayed == list(range(1, 15))  # yet each hand replayed once, in order
    open_replays = made[0]
    made[0] = 0
    monkeypatch.setattr(game_module, "settle", lambda *args: None)  # the audit's own count alone: no score tried
    (alone,) = audit_text(text, "hoyle")
    assert "S024" not in {f.code.code for f in alone.all_findings()}
    assert made[0] == open_replays  # the hands' replays (slip search included) cost nothing more
    # the audit's own count stands: the other scores were counted on copies of the hands
    assert game.hands[9].points == (0, 2) and game.hands[9].from_sheet
    assert game.computed == game.hands[-1].totals


def test_past_the_bound_no_error_after_the_first_open_hand_rests_on_a_score() -> None:
    """Five open hands (2, 3, 4, 6 and 10: 32 ways, past the 16 tried): nothing is tried, the winner is open, and
    of the game's errors only those before the first open hand and the open hands' own sheet entries (proven
    whatever they count) stand; the rest are named in S024's proof as no ruling."""
    text = _also_open(SLIPPED, {2, 3, 4, 6})
    (game,) = audit_text(text, "hoyle")
    (clean,) = audit_text(CLEAN, "hoyle")
    (s024,) = [f for f in game.all_findings() if f.code.code == "S024"]
    assert s024.hand == 2 and "hands 2, 3, 4, 6 and 10's score" in s024.message
    assert "the record has too many open hands to try every score (more than 16 ways)" in s024.message
    assert (game.winner, game.won_in_hand, game.finished) == (None, None, False)
    open_hands = {2, 3, 4, 6, 10}
    game_errors = [f for f in game.findings if f.level is Severity.ERROR]
    assert {(f.code.code, f.hand) for f in game_errors} == {("P701", 1)} | {("P701", n) for n in open_hands}
    # the clean record's P701 of hand 9 rests on the running total the open hands make: named, not ruled
    assert ("P701", 9) in _errors(clean)
    assert any(line.startswith("counting hand 2 ") and " P701 at " in line and line.endswith("not a ruling)")
               for line in s024.proof)
    # what each hand's own record proves stands: the renege of hand 12, as in the clean record
    hand_errors = {(f.code.code, f.hand) for h in game.hands for f in h.findings if f.level is Severity.ERROR}
    assert ("R501", 12) in hand_errors and ("R501", 12) in _errors(clean)
