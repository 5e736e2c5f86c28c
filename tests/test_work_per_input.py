"""Work that must not be repeated per game, per hand or per reading (found by the fuzzer as slow
runs: linear, but at 50 to 300 s per MB).  The tests count the work, never the time."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import auditor.egn.rules as egn_rules
from auditor.cli import main
from conftest import SAMPLES


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), out, err)
    assert "Traceback" not in err.getvalue()
    return code, out.getvalue(), err.getvalue()


def short_games(count: int) -> str:
    """``count`` games of the clean sample's first hand, each under its own tags."""
    text = (SAMPLES / "clean-game.txt").read_text(encoding="utf-8")
    first = text[text.index("hand 1"):text.index("hand 2")]
    return "".join(f'[Event "Game {i}"]\n[Rules "hoyle"]\n\n{first}' for i in range(count))


def test_convert_to_egn_reads_the_bundled_ruleset_once_for_every_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """EGN's ruleset object is read back over hoyle for each game; loading hoyle's YAML each time made
    2,000 short games (533 KB) take 25 s, in PyYAML."""
    calls: list[str] = []
    real = egn_rules.load_ruleset
    monkeypatch.setattr(egn_rules, "load_ruleset", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    egn_rules.hoyle_ruleset.cache_clear()
    path = tmp_path / "many.txt"
    path.write_text(short_games(40), encoding="utf-8")
    code, out, err = run("convert", str(path), "--to", "egn")
    assert code == 0 and out.count('"fileType": "Euchre Game Notation"') == 40
    assert calls == ["hoyle"]


def test_each_reading_of_a_hand_with_gaps_is_replayed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand with no up line, no deal and a trick not written has about 60 readings (the up card
    times the missing trick's places); ranking the places replayed each, and the merge again."""
    from auditor.replay import hand as hand_module
    from auditor.replay import readings as readings_module

    played: list[int] = []
    prepared: list[int] = []
    plans: list[int] = []
    real_play, real_prepare, real_plan = hand_module.HandReplay.play_tricks, hand_module.HandReplay.prepare, readings_module.make_plan

    def counted_play(self: hand_module.HandReplay) -> object:
        played.append(1)
        return real_play(self)

    def counted_prepare(self: hand_module.HandReplay) -> None:
        if not self.prepared:
            prepared.append(1)
        real_prepare(self)

    def counted_plan(*args: object, **kwargs: object) -> object:
        plan = real_plan(*args, **kwargs)  # type: ignore[arg-type]
        plans.append(len(plan.readings) if plan is not None else 0)
        return plan

    monkeypatch.setattr(hand_module.HandReplay, "play_tricks", counted_play)
    monkeypatch.setattr(hand_module.HandReplay, "prepare", counted_prepare)
    monkeypatch.setattr(readings_module, "make_plan", counted_plan)
    text = "\n".join([
        "hand 1 dealer N", "bid E pass, S order", "discard 9S",
        "trick E:JD S:TD W:9D N:KD", "trick N:JH E:KH S:AS W:9H", "trick E:JS S:9C W:AC N:TC",
        "trick E:QH S:QS W:TH N:AH", "score NS 0 EW 2", "",
    ])
    from conftest import audit_text

    (game,) = audit_text(text)
    assert plans and plans[0] > 10
    assert len(played) == 1 + plans[0]  # the hand as written, then each reading once
    # ... and prepared once for the five places its missing trick can stand among the four written (they differ
    # in nothing the deal and the bidding read): preparing it to rebuild the trick serves the replays too
    assert plans[0] % 5 == 0
    assert len(prepared) == 1 + plans[0] // 5
    assert game.hands[0].points == (0, 2) or game.hands[0].points[0] == 0


def test_a_template_is_cut_into_fields_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from auditor import said as said_module
    from auditor.cards import Seat

    cut: list[str] = []
    real = said_module._FORMATTER.parse
    monkeypatch.setattr(said_module._FORMATTER, "parse", lambda t: cut.append(t) or real(t))
    said_module._parsed.cache_clear()
    first = said_module.said("{seat} plays {n} times", seat=Seat.N, n=3)
    again = said_module.said("{seat} plays {n} times", seat=Seat.E, n=4)
    assert (first, again) == ("N plays 3 times", "E plays 4 times")
    assert [s.value for s in again.spans] == [Seat.E]
    assert cut == ["{seat} plays {n} times"]


def test_the_json_report_is_written_as_the_audits_come_and_reads_as_json_dump_writes_it() -> None:
    """The JSON report held every finding and game as dicts until the end (190 MB for a 570 KB game
    whose report is 32 MB: the fuzzer's memory judgement, input 747641); now each finding is written
    when its game's audit comes, and the document is exactly what json.dump(indent=2) made."""
    import json

    from auditor.formats.document import JsonDocument
    from conftest import audit_text

    games = audit_text((SAMPLES / "club-night.txt").read_text(encoding="utf-8"))
    assert sum(len(g.all_findings()) for g in games) > 0
    document, out = JsonDocument(), io.StringIO()
    document.head(out)
    stream = document.wrap(out)
    for game in games:
        stream.write(document.game("a.txt", game))
    seen = out.tell()  # what was written before the next file's audit came
    for game in games:
        stream.write(document.game("c.txt", game))
    document.foot(stream, ["b.txt: no game found"])
    text = out.getvalue()
    parsed = json.loads(text)
    assert text == json.dumps(parsed, indent=2, ensure_ascii=False) + "\n"
    assert parsed["errors"] == ["b.txt: no game found"]
    assert len(parsed["games"]) == 2 * len(games)
    first = [f for f in parsed["findings"] if f["path"] == "a.txt"]
    assert first and seen >= len(json.dumps(first, indent=2))  # a.txt's findings were out before c.txt came


def test_a_json_report_of_nothing_is_what_json_dump_writes() -> None:
    import json

    from auditor.formats.document import JsonDocument

    document, out = JsonDocument(), io.StringIO()
    document.head(out)
    document.foot(document.wrap(out), [])
    assert out.getvalue() == json.dumps({"findings": [], "games": [], "errors": []}, indent=2) + "\n"
