"""Lines longer than the parser's limit are reported, never cut short in silence.

A line the parser will not take (more than 4000 characters) used to be cut at
the limit: the audit then reported a misleading syntax error in the middle of a
word, and ``fmt`` wrote the cut line back, losing the rest of what the user
wrote.  Now the line is one syntax finding that names the line and the limit
(only that line is lost: the rest of its hand is audited), and ``fmt`` keeps
the text as written.
"""

from __future__ import annotations

import io

from auditor.cli import main
from auditor.notation.writer import format_text
from conftest import audit_text

LIMIT = 4000
LONG_COMMENT = "# " + "the long story of hand two, " * 200  # far past the limit
assert len(LONG_COMMENT) > LIMIT


def _with_long_line(club_night: str) -> tuple[str, int]:
    """The club night with a very long comment after hand 2's up card; and that line's number."""
    text = club_night.replace("up KC\n", f"up KC  {LONG_COMMENT}\n", 1)
    number = text.splitlines().index(f"up KC  {LONG_COMMENT}") + 1
    return text, number


def test_a_long_line_is_one_clear_syntax_finding_and_costs_only_itself(club_night: str) -> None:
    text, number = _with_long_line(club_night)
    (game,) = audit_text(text, "hoyle")
    syntax = [f for f in game.all_findings() if f.category.value == "syntax"]
    assert len(syntax) == 1
    (finding,) = syntax
    assert finding.pos.line == number and finding.hand == 2
    assert f"longer than {LIMIT} characters" in finding.message
    # the lost line was hand 2's `up KC`: trump was named in round 2, so nothing rests on it
    assert any("up card is not known" in line for line in finding.proof)
    # every other finding is still made, hand 2's own renege included
    rest = [(f.hand, f.code.code) for f in game.all_findings() if f is not finding]
    assert rest == [(2, "R501"), (3, "P701"), (5, "L603")]
    assert game.computed == (10, 0)


def test_fmt_keeps_a_long_comment_line_whole() -> None:
    text = f"{LONG_COMMENT.rstrip()}\n[Event \"x\"]\n\nhand 1 dealer N\nup AD\n"
    formatted = format_text(text)
    assert LONG_COMMENT.rstrip() in formatted.text.splitlines()


def test_fmt_leaves_a_hand_with_a_long_line_as_written(tmp_path, club_night: str) -> None:
    text, number = _with_long_line(club_night)
    path = tmp_path / "night.txt"
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = main(["fmt", str(path)], out, err)
    assert status == 2  # a hand that cannot be read: fmt says so
    assert f"up KC  {LONG_COMMENT}" in out.getvalue().splitlines()
    assert f":{number}:" in err.getvalue() and "Traceback" not in err.getvalue()


def test_an_enormous_line_is_never_held_whole(tmp_path) -> None:
    """Input bounds what the reader allocates: a 20 MB line costs far less than 20 MB."""
    import tracemalloc

    from auditor.sources import open_games

    path = tmp_path / "huge.txt"
    path.write_text("hand 1 dealer N\n# " + "x" * 20_000_000 + "\nup AD\n", encoding="utf-8")
    warm_up = tmp_path / "warm-up.txt"
    warm_up.write_text("hand 1 dealer N\n", encoding="utf-8")
    list(open_games(warm_up))  # build the parser before measuring
    tracemalloc.start()
    try:
        games = list(open_games(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000, peak
    # a comment line is free however long: the hand is read whole, the comment is not held
    (hand,) = games[0].hands
    assert hand.lost == () and str(hand.up) == "AD"


def test_an_endless_run_of_comment_lines_is_skipped_without_being_held() -> None:
    """Blank and comment lines are free (docs/notation.md): a million of them after a hand cost it nothing,
    and the reader keeps no more than MAX_FREE_LINES of them."""
    from auditor.model import BrokenHand
    from auditor.notation.reader import MAX_FREE_LINES, iter_chunks, read_games

    def lines():
        yield '[Event "endless"]\n'
        yield "hand 1 dealer N\n"
        yield "up AD\n"
        for _ in range(1_000_000):
            yield "# and then...\n"
        yield "score NS 0 EW 0\n"
        yield "hand 2 dealer E\n"
        yield "up AD\n"

    chunks = iter_chunks(lines())
    sizes = [(c.first_line, len(c.lines), c.last_line) for c in chunks]
    assert sizes[1] == (2, 2 + MAX_FREE_LINES + 1, 1_000_004)
    (game,) = read_games(lines())
    first, second = game.hands
    assert not isinstance(first, BrokenHand) and first.score is not None and first.score.pos.line == 1_000_004
    assert not isinstance(second, BrokenHand) and second.number == 2 and second.pos.line == 1_000_005


def test_a_hand_of_too_many_statements_is_refused_without_being_held_whole() -> None:
    """More than MAX_CHUNK_LINES statement lines make the hand one syntax finding; only the limit is kept."""
    from auditor.model import BrokenHand
    from auditor.notation.reader import MAX_CHUNK_LINES, iter_chunks, read_games

    def lines():
        yield "hand 1 dealer N\n"
        for _ in range(100_000):
            yield "renege N\n"
        yield "hand 2 dealer E\n"

    sizes = [(c.first_line, len(c.lines), c.last_line) for c in iter_chunks(lines())]
    assert sizes[0] == (1, MAX_CHUNK_LINES + 1, 100_001)
    (game,) = read_games(lines())
    first, second = game.hands
    assert isinstance(first, BrokenHand) and first.end_line == 100_001
    assert f"more than {MAX_CHUNK_LINES} statement lines" in first.message
    assert not isinstance(second, BrokenHand) and second.pos.line == 100_002


def test_a_game_keeps_at_most_its_limit_of_hands_and_names_the_rest() -> None:
    """One game of a million short hands once held them all (MemoryError at 1 GB): a game keeps
    MAX_GAME_HANDS, counts the rest, and says which lines it did not audit."""
    from auditor.notation import reader

    extra = 1500

    def lines():
        yield '[Event "endless"]\n'
        for number in range(1, reader.MAX_GAME_HANDS + extra + 1):
            yield f"hand {number} dealer N\n"
        yield '[Event "next"]\n'
        yield "hand 1 dealer N\n"

    first, second = reader.read_games(lines())
    assert len(first.hands) == reader.MAX_GAME_HANDS and len(second.hands) == 1
    (lost,) = first.lost
    last = reader.MAX_GAME_HANDS + extra + 1
    assert lost.pos.line == reader.MAX_GAME_HANDS + 2
    assert f"the {extra} hands from line {reader.MAX_GAME_HANDS + 2} to line {last} are not audited" in lost.message
