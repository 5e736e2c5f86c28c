"""Converting never changes the ruling silently.

`convert` carries everything the target holds (EGN: its fields, its annotations for the statements
it has no field for, its description for the tags and comments its metadata has no key for), reads
the converted text back and audits it beside the source.  "The same ruling" is auditor/verdicts.py's:
each finding's code, severity, hand, trick, seat and points (syntax findings aside), each hand's
points and running score, the corrected score, the tokens, the winner and the hand that ended the
game.  Where the ruling would change, nothing is written and one message names what is lost and
each verdict it changes (exit 2); `--lossy` writes it all the same.

Checked over every sample, every finding's documented example, the EGN corpus and generated games:
tests/gen_games.py's (an independent referee) and the simulator's under every ruleset and variation.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gen_games as gen
from auditor.audit import RulesetChooser
from auditor.cli import main
from auditor.convert import convert, read_back, ruling_changes, rulings
from auditor.egn.reader import read_egn_games
from auditor.findings import REGISTRY, Code
from auditor.model import GameRecord, HandRecord
from auditor.notation.reader import read_text
from auditor.rules.loader import load_ruleset
from auditor.simulate import simulate, write_games
from auditor.sources import open_games
from auditor.verdicts import GameVerdicts
from conftest import EGN, SAMPLES

TARGETS = ("egn", "text", "json")
SAMPLE_FILES = sorted(SAMPLES.rglob("*.txt"))
CORPUS = sorted(p for p in (EGN / "examples").rglob("*") if p.suffix in (".egn", ".emn"))


def ruling(games: list[GameRecord], overrides: tuple[str, ...] = ()) -> list[GameVerdicts]:
    verdicts, skipped = rulings(games, RulesetChooser(None, list(overrides)))
    assert skipped == []
    return verdicts


def converted(games: list[GameRecord], target: str, overrides: tuple[str, ...] = ()) -> tuple[str, list[str], list[str]]:
    """(the converted text, what the target cannot hold, how the ruling would change)."""
    warnings: list[str] = []
    text = convert(games, target, RulesetChooser(None, list(overrides)).for_game, warnings.append, bool(overrides), lambda _: None)
    changes = ruling_changes(games, text, target, RulesetChooser(None, list(overrides)), RulesetChooser(None, list(overrides)))
    return text, warnings, changes


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), out, err)
    assert "Traceback" not in err.getvalue()
    return code, out.getvalue(), err.getvalue()


# ---------------------------------------------------------------- the club night
def test_the_club_night_in_egn_keeps_the_called_renege_the_sheet_the_tags_and_the_comments(tmp_path: Path) -> None:
    source = SAMPLES / "club-night.txt"
    out = tmp_path / "night.egn"
    assert run("convert", str(source), "--to", "egn", "-o", str(out)) == (0, "", "")  # nothing lost: no warning
    document = json.loads(out.read_text(encoding="utf-8"))
    last_deal = document["deals"][-1]["phases"][1]
    assert last_deal["playAnnotations"] == {"19": ["renege E", "score NS 8 EW 0"]}  # on the last card of hand 5
    description = document["metadata"]["description"]
    assert '[Date "2026-11-24"]' in description and '[Rules "hoyle"]' in description  # a date without a time is no EGN date
    assert "# Legion Hall, Tuesday 24 November, table 4 -- score kept by Carol" in description
    assert document["deals"][1]["phases"][0]["callAnnotations"] == {"0": ["# nobody wrote the deal down for this one"]}

    text_games, egn_games = list(open_games(source)), read_egn_games(out.read_text(encoding="utf-8"))
    assert ruling(egn_games) == ruling(text_games)
    (night,) = ruling(egn_games)
    assert (night.score, night.winner and night.winner.value, night.won_in_hand) == ((10, 0), "NS", 5)
    assert [(f.code, f.hand, f.seat) for f in night.findings] == [("R501", 2, "W"), ("P701", 3, None), ("L603", 5, "E")]
    # and back to the notation: every statement of every hand, every tag
    back = read_text(convert(egn_games, "text", RulesetChooser().for_game, _no_warning))
    assert [_statements(h) for h in back[0].hands] == [_statements(h) for h in text_games[0].hands]
    assert sorted((t.name, t.value) for t in back[0].tags) == sorted((t.name, t.value) for t in text_games[0].tags)
    assert sorted(c.text for c in back[0].comments) == sorted(c.text for c in text_games[0].comments)


def _no_warning(text: str) -> None:
    raise AssertionError(f"unexpected warning: {text}")


def _statements(hand: HandRecord | object) -> tuple:
    assert isinstance(hand, HandRecord)
    return (hand.number, hand.dealer, hand.up, sorted((h.seat, h.cards) for h in hand.deal), hand.calls and
            tuple((c.seat, c.kind, c.suit, c.alone) for c in hand.calls), hand.discard,
            tuple(tuple((p.seat, p.card) for p in t.plays) for t in hand.tricks), tuple(r.seat for r in hand.reneges),
            hand.score and hand.score.canonical, hand.trick_counts and hand.trick_counts.canonical,
            hand.claim and (hand.claim.seat, hand.claim.tricks), tuple(m.seat for m in hand.misdeals))


# ---------------------------------------------------------------- every sample, the corpus
@pytest.mark.parametrize("path", SAMPLE_FILES, ids=lambda p: p.name)
def test_every_sample_keeps_its_ruling_in_every_target_and_through_egn_and_back(path: Path) -> None:
    games = list(open_games(path))
    expected = ruling(games)
    for target in TARGETS:
        text, _, changes = converted(games, target)
        assert changes == [], (target, changes)
    egn, _, _ = converted(games, "egn")
    text, _, changes = converted(read_back(egn, "egn"), "text")
    assert changes == [] and ruling(read_text(text)) == expected


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_every_corpus_file_keeps_its_ruling_in_every_target(path: Path) -> None:
    """EGN -> text -> audit (and EGN -> EGN, EGN -> JSON) rules as the EGN file does."""
    games = list(open_games(path))
    for target in TARGETS:
        assert converted(games, target)[2] == [], target


# ---------------------------------------------------------------- every finding's example
#: the examples whose record the target cannot hold, and why (each refused, naming it)
REFUSED = {
    "egn": {
        "D103": "one trick of five: EGN's tricks are the first, the notation's may be any",
        "D109": "EGN does not say which rule an exchange with the kitty is",
        "D112": "the tableau: EGN has no place for it",
        "D113": "calls out of turn",
        "B201": "calls out of turn",
        "B211": "a lone defender before the calls",
        "T401": "cards played by other seats than the rules give",
        "T402": "cards played by other seats than the rules give",
        "T403": "one trick of five, and cards played by other seats than the rules give",
        "T404": "one trick of five",
        "S011": "a card written for another, read two ways (trick 1's KC or trick 5's is QC): EGN holds one record",
        "G806": "a rule of the EGN source that cannot be honoured",
    },
    "text": {"G806": "a rule of the EGN source that cannot be honoured"},
    "json": {},
}


def _example_file(code: Code, tmp_path: Path) -> Path:
    egn = code.example.lstrip().startswith("{")
    path = tmp_path / f"{code.code}.{'egn' if egn else 'txt'}"
    path.write_text(code.example, encoding="utf-8")
    return path


@pytest.mark.parametrize("code", list(REGISTRY.values()), ids=list(REGISTRY))
def test_every_finding_example_keeps_its_ruling_or_is_refused_with_what_it_would_lose(code: Code, tmp_path: Path) -> None:
    source = _example_file(code, tmp_path)
    rules = [arg for change in code.rules for arg in ("--set", change)]
    for target in TARGETS:
        out = tmp_path / f"out.{target}"
        status, _, err = run("convert", str(source), "--to", target, "-o", str(out), *rules)
        if code.code in ("S001", "S008"):  # a hand that cannot be read, or whose hand line is lost, is never converted
            assert status == 2 and "unreadable" in err and not out.exists()
            continue
        if code.code in REFUSED[target]:
            assert status == 2 and not out.exists(), err
            assert "not converted" in err or "EGN cannot hold this game" in err
            if "not converted" in err:
                assert "how the ruling would change:\n    - game 1" in err and "nothing was named" not in err
                status, _, err = run("convert", str(source), "--to", target, "-o", str(out), "--lossy", *rules)
                assert status == 0 and out.exists() and "written with --lossy" in err
            continue
        assert status == 0, err
        before, after = list(open_games(source)), list(open_games(out))
        assert ruling(after, code.rules) == ruling(before, code.rules), target
        if target == "egn":  # and on to the notation
            text, _, changes = converted(after, "text", code.rules)
            assert changes == [] and ruling(read_text(text), code.rules) == ruling(before, code.rules)


# ---------------------------------------------------------------- generated games
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.randoms(use_true_random=False), st.sampled_from(["legal", "renege", "called"]))
def test_generated_games_go_to_egn_and_back_with_their_ruling(rng: random.Random, kind: str) -> None:
    """tests/gen_games.py's games, written in any style (hands without their deal, with trick counts only,
    comments), legal, with a renege, or with a renege the table called: text -> EGN -> text."""
    game = gen.random_game(rng, max_hands=12)
    mutated = gen.mutate(game, rng) if kind != "legal" else None
    if mutated is not None:
        game, where = mutated
        if kind == "called":
            before = game.hands[where.hand_index - 1].total if where.hand_index else (0, 0)
            called = gen.apply_called_renege(game.hands[where.hand_index], where.seat, before)
            game = gen.Game([*game.hands[: where.hand_index], called], game.first_dealer)
    games = read_text(gen.game_text(game, gen.Style.random(rng, sparse=True)))
    expected = ruling(games)
    egn, warnings, changes = converted(games, "egn")
    if changes:  # the illegal card changed who won a trick: the text's later leaders are not the rules' (T401)
        assert warnings and all("by the rules the cards were played by" in w for w in warnings), warnings
        assert any("T401" in c for c in changes)
        return
    assert warnings == []
    assert ruling(read_back(egn, "egn")) == expected
    text, warnings, changes = converted(read_back(egn, "egn"), "text")
    assert (warnings, changes) == ([], []) and ruling(read_text(text)) == expected
    assert converted(games, "json")[2] == []


#: every bundled ruleset that EGN can hold a game of, and each variation the simulator plays
VARIATIONS = [
    ("hoyle", ()), ("stick-the-dealer", ()), ("australian", ()), ("australian-win-by-2", ()), ("bicycle", ()),
    ("casual", ()), ("drinking", ()), ("euchre28", ()), ("euchre32", ()), ("euchre32-five", ()), ("progressive", ()),
    ("redeal", ()), ("three-handed", ()), ("two-handed", ()),
    ("joker", ("bidding.joker_up=dealer-names",)), ("joker", ("bidding.joker_up=maker-names",)), ("joker", ("bidding.no_trump_calls=[high]",)),
    ("hoyle", ("bidding.no_trump_calls=[high, low]",)),
    ("hoyle", ("deal.farmers_hand=true", "deal.misdeal=can")), ("redeal", ("deal.misdeal=must",)),
    ("hoyle", ("deal.go_under=true", "bidding.partners_best=true")),
    ("hoyle", ("scoring.fast_break=true", "scoring.four_trick_tokens=4")),
    ("hoyle", ("game.target=0", "game.deals=4", "bidding.defend_alone=true")),
    ("hoyle", ("bidding.defend_alone=true", "bidding.defend_alone_only_against_lone=true")),
    ("hoyle", ("bidding.may_name_turned_down_suit=true", "bidding.dealer_partner_order_alone=true")),
]


@pytest.mark.parametrize("variation", VARIATIONS, ids=lambda v: " ".join((v[0], *v[1])))
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_simulated_games_of_every_variation_keep_their_ruling_in_egn_and_back(variation: tuple[str, tuple[str, ...]], seed: int) -> None:
    """The simulator's games under each ruleset and variation, with wrong cards, some called at the table:
    the EGN audits as the text does, and so does its text again; only a no-trump bid played low (EGN's `n`
    is high) is refused, and named."""
    rules, overrides = variation
    out = io.StringIO()
    write_games(simulate(load_ruleset(rules, list(overrides)), 2, seed, 0.3, rules_name=rules, overrides=overrides, called=0.5), out)
    for game in read_text(out.getvalue()):  # one at a time: an EMN match holds games of four players only
        expected = ruling([game])
        egn, warnings, changes = converted([game], "egn")
        if changes:
            assert "low" in str(overrides) and any("'call low' is written 'n'" in w for w in warnings), (warnings, changes)
            continue
        assert all("call low" not in w for w in warnings)
        back = read_back(egn, "egn")
        assert ruling(back) == expected
        text, _, changes = converted(back, "text")
        assert changes == [] and ruling(read_text(text)) == expected
        assert converted([game], "json")[2] == []


# ---------------------------------------------------------------- the refusal, --lossy, and what EGN's tools may change
def test_a_conversion_that_would_change_the_ruling_writes_nothing_and_says_why_once(tmp_path: Path) -> None:
    """A trick written for other seats than the rules give: EGN keeps only the order of the cards."""
    source = tmp_path / "night.txt"
    source.write_text(REGISTRY["T401"].example, encoding="utf-8")
    out = tmp_path / "night.egn"
    status, written, err = run("convert", str(source), "--to", "egn", "-o", str(out))
    assert (status, written, out.exists()) == (2, "", False)
    assert err.count("euchre-audit:") == 1  # one message
    assert "trick 1 is written S:JD W:KC N:JH E:KD, but by the rules the cards were played by E S W N" in err
    assert "game 1: the corrected score NS 2 EW 0 becomes NS 0 EW 2" in err
    assert "finding T401 (hand 1, trick 1, S, error) is lost" in err
    status, _, err = run("convert", str(source), "--to", "egn", "-o", str(out), "--lossy")
    assert status == 0 and out.exists()
    assert "warning: game 1, hand 1: trick 1 is written" in err and "game 1: the corrected score NS 2 EW 0 becomes NS 0 EW 2" in err


def test_egn_s_ruleset_object_changed_by_another_tool_has_the_last_word() -> None:
    """The Rules and Set tags carried in the description stand for the ruleset object they were written with;
    once another tool changes the object, the object is what the game is audited under, and a note says so."""
    text = '[Rules "hoyle"]\n[Set "game.target=5"]\n\n' + REGISTRY["T401"].example.replace("S:JD W:KC N:JH E:KD", "E:KD S:JD W:KC N:JH")
    games = read_text(text)
    egn, _, changes = converted(games, "egn")
    assert changes == []
    document = json.loads(egn)
    assert document["metadata"]["ruleset"]["winning_score"] == 5
    (kept,) = read_egn_games(egn)
    assert (kept.tag("Rules"), kept.tag("Set")) == ("hoyle", "game.target=5")
    document["metadata"]["ruleset"]["winning_score"] = 7
    (changed,) = read_egn_games(json.dumps(document))
    assert changed.tag("Rules") is None and changed.tag("Set") == "game.target=7"
    assert any("ruleset object was changed" in note for note in changed.notes)


def test_a_hand_without_its_up_card_is_egn_s_unknown_card_and_reads_back_without_one() -> None:
    """EGN needs an up card; a hand whose record does not show it (a score sheet's hand) is written `Xx`,
    EGN's card of unknown rank and suit, and read back as a hand without an `up` line."""
    text = REGISTRY["G801"].example
    games = read_text(text)
    egn, warnings, changes = converted(games, "egn")
    assert (warnings, changes) == ([], [])
    assert {d["initialState"]["upCard"] for d in json.loads(egn)["deals"]} == {"Xx"}
    assert all(isinstance(h, HandRecord) and h.up is None for h in read_egn_games(egn)[0].hands)


def test_egn_s_missing_tricks_are_the_last_which_the_json_form_keeps_and_the_notation_cannot(tmp_path: Path) -> None:
    """EGN's tricks are the first ones in order; the notation does not say which tricks a hand lacks. One trick
    of five where E plays a heart he was not dealt: in EGN it is trick 1, whose lead S and W did not follow."""
    source = tmp_path / "one.txt"
    source.write_text(REGISTRY["D103"].example, encoding="utf-8")
    egn = tmp_path / "one.egn"
    assert run("convert", str(source), "--to", "egn", "-o", str(egn))[0] == 2  # the text's trick may be any of five
    assert run("convert", str(source), "--to", "egn", "-o", str(egn), "--lossy")[0] == 0
    games = list(open_games(egn))
    assert {(f.code, f.trick, f.seat) for f in ruling(games)[0].findings} >= {("D103", 1, "E"), ("R501", 1, "S"), ("R501", 1, "W")}
    as_json, _, changes = converted(games, "json")
    assert changes == [] and '"tricks_in_order": true' in as_json
    status, _, err = run("convert", str(egn), "--to", "text", "-o", str(tmp_path / "back.txt"))
    assert status == 2 and "4 of its tricks are not written; the source says they are the last, and the notation cannot" in err
    assert "finding R501 (hand 1, trick 1, S, error) is lost" in err
