"""``euchre-audit fmt``: the canonical form of the notation.

Guarantees tested over every sample and over generated games written in
every style the notation allows: formatting keeps the model (positions
aside), keeps the findings (codes, hands, tricks, seats), and formatting a
canonical file changes nothing.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gen_games as gen
from auditor.cli import main
from auditor.modeljson import game_json
from auditor.notation.reader import read_text
from auditor.notation.writer import format_text
from conftest import SAMPLES, audit_text

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _by_anchor(comments: list[dict]) -> list[dict]:
    """Comments keep their statement, not their line: order them by statement (stable within one)."""
    return sorted(comments, key=lambda c: (c["anchor"], c["trailing"]))


def model(text: str) -> list[dict]:
    """The parsed model without positions (its JSON form), comments grouped by statement."""
    games = [game_json(g) for g in read_text(text)]
    for game in games:
        game["comments"] = _by_anchor(game["comments"])
        for hand in game["hands"]:
            if "comments" in hand:
                hand["comments"] = _by_anchor(hand["comments"])
    return games


def findings(text: str) -> list[tuple]:
    return sorted((f.code.code, f.game, f.hand, f.trick, f.seat) for g in audit_text(text) for f in g.all_findings())


def assert_format_keeps_everything(text: str) -> str:
    canonical = format_text(text)
    assert canonical.problems == []
    assert model(canonical.text) == model(text)
    assert findings(canonical.text) == findings(text)
    assert format_text(canonical.text).text == canonical.text, "formatting a canonical file changes nothing"
    return canonical.text


def test_every_sample_formats_without_changing_its_model_or_findings() -> None:
    samples = sorted(SAMPLES.glob("*.txt"))
    assert samples
    for path in samples:
        assert_format_keeps_everything(path.read_text(encoding="utf-8"))


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_generated_games_in_any_style_format_to_the_same_model(rng: random.Random) -> None:
    game = gen.random_game(rng, max_hands=6)
    text = gen.game_text(game, gen.Style.random(rng))
    mutated = gen.mutate(game, rng)
    if mutated is not None and rng.random() < 0.5:  # a game with a renege in it, too
        text = gen.game_text(mutated[0], gen.Style.random(rng))
    assert_format_keeps_everything(text)


def test_the_canonical_spelling() -> None:
    messy = (
        "[event   \"Club\"]\n"
        "HAND 7 Dealer n   # late\n"
        "deal e: kd 10s th 9c qd s: jd jc as 9h ac  w:qc js qh kc ts n:td ks kh tc jh\n"
        "UP ad\n"
        "bid e PASS,s pass ,  w pass, n ORDER alone\n"
        "discard tc\n"
        "trick e:kd   s:jd w:kc\n"
        "score ns 0 ew 2\n"
    )
    expected = (
        '[event "Club"]\n'
        "\n"
        "hand 7 dealer N  # late\n"
        "deal E: KD TS TH 9C QD  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH\n"
        "up AD\n"
        "bid E pass, S pass, W pass, N order alone\n"
        "discard TC\n"
        "trick E:KD S:JD W:KC\n"
        "score NS 0 EW 2\n"
    )
    assert format_text(messy).text == expected


def test_statements_take_their_fixed_order_and_comments_move_with_them() -> None:
    text = (
        "hand 1 dealer N\n"
        "score NS 1 EW 0   # sheet\n"
        "# the bidding\n"
        "bid E pass, S pass   # round one\n"
        "bid W pass, N order\n"
        "up AD\n"
        "# the end\n"
    )
    expected = (
        "hand 1 dealer N\n"
        "up AD\n"
        "# the bidding\n"
        "bid E pass, S pass  # round one\n"
        "bid W pass, N order\n"
        "score NS 1 EW 0  # sheet\n"
        "# the end\n"
    )
    assert format_text(text).text == expected
    assert_format_keeps_everything(text)


def test_bid_lines_join_unless_a_comment_ends_one_of_them() -> None:
    text = "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass\nbid E pass, S call S\n"
    assert format_text(text).text == "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E pass, S call S\n"
    two_comments = "hand 1 dealer N\nup AD\nbid E pass, S pass  # a\nbid W pass, N pass  # b\nbid E pass, S call S\n"
    assert format_text(two_comments).text == two_comments
    assert_format_keeps_everything(two_comments)


def test_a_hand_that_cannot_be_read_is_left_exactly_as_written() -> None:
    text = "hand 1   dealer N\nup AD\nbid E pass, S pas\n\nhand 2 dealer E\nUP kc\n"
    result = format_text(text)
    assert result.text == "hand 1   dealer N\nup AD\nbid E pass, S pas\n\nhand 2 dealer E\nup KC\n"
    assert len(result.problems) == 1 and result.problems[0].startswith("3:")


def test_a_statement_written_twice_keeps_its_hand_as_written() -> None:
    text = "hand 1 dealer N\nup AD\nup  KC\n"
    result = format_text(text)
    assert result.text == text and "written twice" in result.problems[0]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def test_cli_prints_checks_and_writes(tmp_path: Path) -> None:
    messy = tmp_path / "night.txt"
    messy.write_text("hand 1 dealer n\nup ad\nbid e pass,s pass,w pass,n pass,e pass,s pass,w pass,n pass\n", encoding="utf-8")
    canonical = "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n"
    status, out, _ = run("fmt", str(messy))
    assert (status, out) == (0, canonical)
    status, out, err = run("fmt", "--check", str(messy))
    assert status == 1 and out == "" and str(messy) in err
    assert messy.read_text(encoding="utf-8") != canonical  # --check writes nothing
    status, _, _ = run("fmt", "--write", str(messy))
    assert status == 0 and messy.read_text(encoding="utf-8") == canonical
    assert run("fmt", "--check", str(messy))[0] == 0


def test_cli_refuses_what_it_cannot_format(tmp_path: Path) -> None:
    egn = tmp_path / "game.egn"
    egn.write_text('{"fileType": "Euchre Game Notation"}', encoding="utf-8")
    status, _, err = run("fmt", str(egn))
    assert status == 2 and "convert" in err
    assert run("fmt", str(tmp_path / "missing.txt"))[0] == 2
    broken = tmp_path / "broken.txt"
    broken.write_text("hand 1 dealer N\nbid E pas\n", encoding="utf-8")
    status, out, err = run("fmt", str(broken))
    assert status == 2 and out == "hand 1 dealer N\nbid E pas\n" and f"{broken}:2:" in err


def test_the_issue_example_is_already_canonical_but_for_one_comment(club_night: str) -> None:
    canonical = assert_format_keeps_everything(club_night)
    changed = [(a, b) for a, b in zip(club_night.splitlines(), canonical.splitlines(), strict=True) if a != b]
    assert changed == [("hand 2 dealer E          # nobody wrote the deal down for this one",
                        "hand 2 dealer E  # nobody wrote the deal down for this one")]


def test_fmt_writes_a_plain_slip_in_the_notation_and_says_so(tmp_path: Path) -> None:
    """A line read as meant (S003, S004) is written canonically, each rewrite named on stderr; a line
    that cannot be read keeps its hand as written."""
    path = tmp_path / "night.txt"
    path.write_text("hand 1 dealer East\nup\u00a0AD\nbid S pass\nscore 0-0\n\nhand 2 dealer S\nup AX\n", encoding="utf-8")
    status, out, err = run("fmt", str(path))
    assert out == "hand 1 dealer E\nup AD\nbid S pass\nscore NS 0 EW 0\n\nhand 2 dealer S\nup AX\n"
    assert status == 2 and f"{path}:7:4: unexpected 'AX'; the hand is left as written" in err
    assert f"{path}:2:3: rewritten as 'up AD': U+00A0 NO-BREAK SPACE at column 3" in err
    assert f"{path}:4:1: rewritten as 'score NS 0 EW 0'" in err
