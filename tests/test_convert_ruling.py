"""Converting never changes the ruling silently.

`convert` carries everything the target holds (EGN: its fields, its annotations for the statements
it has no field for, its description for the tags and comments its metadata has no key for), reads
the converted text back and audits it beside the source.  "The same ruling" is auditor/verdicts.py's:
each finding's code, severity, hand, trick, seat and points (syntax findings aside), each hand's
points and running score, the corrected score, the tokens, the winner and the hand that ended the
game.  Where the ruling would change, nothing is written and one message names what is lost and
each verdict it changes (exit 2); `--lossy` writes it all the same.

Checked over every sample, every finding's documented example, the EGN corpus and generated games:
tests/gen_games.py's (an independent referee) and the simulator's under every ruleset and variation;
and every slip of the pen of docs/slips.md's table: a slip EGN cannot hold as written goes there as the
audit read it, named in a warning and a note, and one the record reads several ways is refused, named.
"""

from __future__ import annotations

import io
import json
import random
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gen_games as gen
import test_slip_shapes as shapes
import test_slips as one_at_a_time
import test_slips_night as planted
from auditor.audit import RulesetChooser, audit_games
from auditor.cli import main
from auditor.convert import convert, read_back, ruling_changes, rulings, unreadable_lines
from auditor.egn.reader import read_egn_games
from auditor.cards import Card
from auditor.findings import REGISTRY, Code
from auditor.model import GameRecord, HandRecord
from auditor.notation.reader import read_text
from auditor.replay.as_read import hands_read
from auditor.rules.loader import load_ruleset
from auditor.simulate import simulate, write_games
from auditor.sources import open_games
from auditor.textfile import InputError
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
        "S016": "calls out of turn, and cards played by other seats than the rules give",
        "S024": "one trick of five and the up line lost: EGN's tricks are the first, the notation's may be any",
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
        # (or the hand reads as well with two trick lines in another order: the warning names each reading)
        assert warnings and all("by the rules the cards were played by" in w or "the record does not show which of" in w
                                for w in warnings), warnings
        assert any("T401" in c for c in changes) or any("the record does not show which of" in w for w in warnings), changes
        return
    # a hand the audit reads with two of its trick lines in another order (every lead right, the offence where it
    # was played) goes to EGN as read, with a warning naming the slip, and keeps its ruling (below); one that reads
    # as well in several orders goes as written, each reading named, where that changes no verdict
    assert all(("EGN cannot hold this slip as written; the hand is written as read: " in w and "(S010, line " in w)
               or "the record does not show which of" in w or "by the rules the cards were played by" in w
               for w in warnings), warnings
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


# ---------------------------------------------------------------- slips of the pen
@dataclass(frozen=True)
class Slipped:
    name: str
    code: str  # the code that names the slip
    text: str
    file: str = "club-night.txt"


#: slips of docs/slips.md's table that tests/test_slips.py and tests/test_slips_night.py do not type
MORE_SLIPS = [
    planted.Planted("no bid line", planted.deleted("bid E pass, S pass, W pass, N order"), "S015", ()),
    planted.Planted("a seat not at the table", planted.replaced("trick W:TS N:KH E:AS", "trick W:TS N:KH S:AS"), "D113", (),
                    planted.THREE, "three-handed"),
    planted.Planted("a seat written twice in the deal",
                    planted.replaced("deal E: KS JD QD QH JH  S: JS AS AD KD AH  W: TS TC TD 9C JC  N: KC KH 9S QS 9H",
                                     "deal E: KS JD QD QH JH  S: JS AS AD KD AH  S: JS AS AD KD AH  N: KC KH 9S QS 9H"),
                    "S021", ()),
]


def _slips() -> list[Slipped]:
    """Every slip typed into a night by the slip tests: one at a time into the sample night, and into the
    three-round night (and a three-handed game)."""
    night = (SAMPLES / "club-night.txt").read_text(encoding="utf-8")
    cases = [Slipped(s.name, s.adds[0][0], night.replace(s.old, s.new, 1)) for s in one_at_a_time.SLIPS]
    for s in [*planted.SLIPS, *MORE_SLIPS]:
        edited, _, _ = s.edit((planted.DATA / s.file).read_text(encoding="utf-8").split("\n"))
        cases.append(Slipped(s.name, s.code, "\n".join(edited), s.file))
    return cases


SLIPS = _slips()
#: what a target that refuses a slip says of it, where it names it without its line
REFUSED_SLIPS = {("a trick line not written", "egn"): "hand 5: 1 of its tricks are not written, and the notation does not say which"}


def test_the_slips_converted_are_every_slip_of_the_docs_table() -> None:
    page = (SAMPLES.parent / "docs" / "slips.md").read_text(encoding="utf-8")
    table = page.split("## Every slip the reader knows", 1)[1].split("\n## ", 1)[0]
    documented = {code.strip() for row in table.splitlines() if row.startswith("| ") and row.count("|") > 4
                  for code in row.split("|")[3].split(",") if code.strip() not in ("code", "---")}
    assert documented and documented <= {s.code for s in SLIPS}, documented - {s.code for s in SLIPS}


@pytest.mark.parametrize("slip", SLIPS, ids=[s.name for s in SLIPS])
def test_every_slip_keeps_its_ruling_in_every_target_or_is_refused_naming_it(slip: Slipped, tmp_path: Path) -> None:
    """Each slip of docs/slips.md's table typed into a night, converted to EGN, the notation and the JSON form:
    the converted file rules as the source does (EGN: and its notation again), or nothing is written and the
    message names the slip (its line; a slip EGN cannot hold goes there as read, and is named so)."""
    source = tmp_path / "night.txt"
    source.write_text(slip.text, encoding="utf-8")
    before = list(open_games(source))
    (named,) = {f.pos.line for g in audit_games(iter(before), RulesetChooser()) for f in g.all_findings() if f.code.code == slip.code}
    for target in TARGETS:
        out = tmp_path / f"out.{target}"
        status, _, err = run("convert", str(source), "--to", target, "-o", str(out))
        if status == 0:
            after = list(open_games(out))
            assert ruling(after) == ruling(before), target
            if target == "egn":
                text, _, changes = converted(after, "text")
                assert changes == [] and ruling(read_text(text)) == ruling(before)
            continue
        assert status == 2 and not out.exists(), err
        if "unreadable" in err:  # a line that cannot be read: fix it first, at its line
            assert slip.code in ("S001", "S008") and f"{source}:{named}:" in err
        elif (slip.name, target) in REFUSED_SLIPS:
            assert REFUSED_SLIPS[slip.name, target] in err
        elif f"({slip.code}, line {named})" not in err:  # (a slip written as read is named with its line)
            # refused for what the game holds besides the slip: the three-handed game's leads out of turn
            assert slip.file == planted.THREE and target == "egn", err
            clean = tmp_path / "clean.txt"
            clean.write_text((planted.DATA / slip.file).read_text(encoding="utf-8"), encoding="utf-8")
            assert run("convert", str(clean), "--to", target, "-o", str(tmp_path / "clean.egn"))[0] == 2


def test_a_slip_goes_to_egn_as_read_named_in_a_warning_and_a_note(tmp_path: Path) -> None:
    """`hand 6 dealer W` for E: EGN's dealer is a position, and its calls and cards go round from it, so the hand
    goes there as dealt by E; the warning names the hand, the line, what is written and what is read, and a note
    in the hand says the same, which the notation reads back as a comment."""
    slip = next(s for s in SLIPS if s.code == "S009")
    source = tmp_path / "night.txt"
    source.write_text(slip.text, encoding="utf-8")
    out = tmp_path / "night.egn"
    status, _, err = run("convert", str(source), "--to", "egn", "-o", str(out))
    assert status == 0 and err.count("warning") == 1
    assert ("warning: game 1, hand 6: EGN cannot hold this slip as written; the hand is written as read: hand 6 is "
            "written as dealt by W; E most likely dealt it: write `hand 6 dealer E` (S009, line 60)") in err
    first = json.loads(out.read_text(encoding="utf-8"))["games"][0]["gameData"]  # three games: an EMN match
    (deal,) = [d for d in first["deals"] if d["dealNumber"] == 6]
    assert deal["initialState"]["dealer"] == 1  # E
    (note,) = [n for notes in deal["phases"][0]["callAnnotations"].values() for n in notes if "read as meant" in n]
    assert note == ("# read as meant: hand 6 is written as dealt by W; E most likely dealt it: write `hand 6 dealer E` "
                    "(S009, line 60 of the source)")
    back = read_text(convert(list(open_games(out)), "text", RulesetChooser().for_game, _no_warning))
    (hand,) = [h for h in back[0].hands if isinstance(h, HandRecord) and h.number == 6]
    assert hand.dealer.name == "E" and [c.text for c in hand.comments] == [note]


def test_a_slip_read_two_ways_is_refused_naming_each_reading(tmp_path: Path) -> None:
    """W plays KC in tricks 1 and 5, and QC is W's one card not played: either KC is QC, and nothing shows which.
    EGN holds one record; written as written, its audit sees a card played twice (D102) where the source's
    judges neither: refused, naming both readings; --lossy writes it as written."""
    source = tmp_path / "S011.txt"
    source.write_text(REGISTRY["S011"].example, encoding="utf-8")
    out = tmp_path / "out.egn"
    status, _, err = run("convert", str(source), "--to", "egn", "-o", str(out))
    assert status == 2 and not out.exists()
    assert "game 1, hand 1: EGN cannot hold this slip as written, and the record does not show which of 2 readings was meant" in err
    assert "trick 1 gives W KC" in err and "(S011, line 6); or trick 5 gives W KC" in err and "(S011, line 10)" in err
    assert "finding D102 (hand 1, trick 5, W, error) is new" in err
    status, _, err = run("convert", str(source), "--to", "egn", "-o", str(out), "--lossy")
    assert status == 0 and "written with --lossy" in err
    (hand,) = next(iter(open_games(out))).hands
    assert isinstance(hand, HandRecord) and [p.card for t in hand.tricks for p in t.plays].count(Card.parse("KC")) == 2


def test_the_replay_says_which_hands_it_read_through_a_slip_and_how() -> None:
    """replay/as_read.py: the interface a converter uses; the hands as written are the game's own records."""
    rules = load_ruleset("hoyle")
    (game,) = read_text(REGISTRY["S009"].example)
    (read,) = hands_read(game, rules)
    assert read.written is game.hands[1] and read.meant is not None
    assert (read.meant.record.dealer.name, read.meant.record.number) == ("E", 2)
    assert [(m.code, m.pos.line) for m in read.meant.mends] == [("S009", 13)]
    (tie,) = hands_read(read_text(REGISTRY["S011"].example)[0], rules)
    assert tie.meant is None and [[m.trick for m in r.mends] for r in tie.readings] == [[1], [5]]
    assert hands_read(read_text(REGISTRY["T401"].example)[0], rules) == []  # a real lead out of turn is no slip


def test_bids_out_of_order_are_read_alike_on_one_line_or_two_and_in_the_json_form() -> None:
    """How the calls are split into lines is layout: the canonical notation writes them on one line, the JSON
    form in one list. `bid S pass, E pass` then `bid W pass, N order` (N deals) is the slip of one bid line."""
    one = REGISTRY["S014"].example
    two = one.replace("bid S pass, E pass, W pass, N order", "bid S pass, E pass\nbid W pass, N order")
    assert two != one
    for text in (one, two):
        games = read_text(text)
        (game,) = ruling(games)
        assert [f.code for f in game.findings] == []  # S014 (a warning of the syntax family) is no ruling
        (named,) = [f for g in audit_games(iter(games), RulesetChooser()) for f in g.all_findings()]
        assert named.code.code == "S014" and "write `bid E pass, S pass, W pass, N order`" in named.message
        for target in TARGETS:
            assert converted(games, target)[2] == [], target


def test_a_hand_whose_bidding_is_not_written_goes_from_egn_to_the_notation_seated_by_its_deal() -> None:
    """Without a bid line the rules cannot say who won each trick, so EGN's cards have no seats; the notation
    writes the seats the deal gives the cards (not clockwise from the dealer's left, which would make every
    later trick led out of turn), and rules as the source did."""
    games = read_text(REGISTRY["S015"].example)
    egn, _, changes = converted(games, "egn")
    assert changes == []
    text, warnings, changes = converted(read_back(egn, "egn"), "text")
    assert changes == [] and len(warnings) == 5
    assert all(w.endswith("the seats are written as the deal gives the cards") for w in warnings)
    assert [_statements(h) for h in read_text(text)[0].hands] == [_statements(h) for h in games[0].hands]


def test_the_json_form_keeps_a_statement_written_twice_which_the_reading_of_a_slip_weighs(tmp_path: Path) -> None:
    """A score written twice is a thing no play can do, and the search for the nearest record weighs it (the
    tricks out of order are still read as a slip: the leads find them). The JSON form keeps the repeat, so it
    rules alike; the notation's canonical form leaves the second score out, and says so (here no verdict rests on
    it, so the text is written)."""
    text = REGISTRY["S010"].example + "score NS 2 EW 0\nscore NS 2 EW 0\n"
    games = read_text(text)
    assert not [f for f in ruling(games)[0].findings if f.code == "T401"]  # the slip read, not two wrong leads
    as_json, warnings, changes = converted(games, "json")
    assert (warnings, changes) == ([], []) and '"repeated": [\n            "score"\n          ]' in as_json
    (hand,) = read_back(as_json, "json")[0].hands
    assert isinstance(hand, HandRecord) and [kind for kind, _ in hand.repeated] == ["score"]
    source = tmp_path / "twice.txt"
    source.write_text(text, encoding="utf-8")
    status, _, err = run("convert", str(source), "--to", "text", "-o", str(tmp_path / "out.txt"))
    assert status == 0 and "game 1, hand 1: the second 'score' (line 12) is left out" in err  # said, and no verdict moves
    bad = as_json.replace('"score"\n', '"bid"\n', 1)
    with pytest.raises(InputError, match="repeated names a statement a hand holds once"):
        read_back(bad, "json")


def _slipped_hand(clean: list[str], typed: list[str]) -> int:
    """The number of the hand in which ``typed`` first differs from ``clean`` (hand lines are not slipped here)."""
    number = 0
    for was, now in zip(clean, typed, strict=False):
        if was.startswith("hand "):
            number = int(was.split()[1])
        if was != now:
            return number
    return number


@settings(SETTINGS, derandomize=True)
@given(st.randoms(use_true_random=False), st.booleans())
def test_generated_games_with_a_slip_keep_their_ruling_in_every_target_or_are_refused_naming_it(rng: random.Random, offence: bool) -> None:
    """tests/gen_games.py's games, with a renege or not, and a slip of tests/test_slip_shapes.py typed into one
    hand (a card written as another of its suit, two bids in the other order, words after a trick): the
    notation and the JSON form keep the ruling; EGN keeps it (and so does its notation again) wherever it keeps
    the clean game's, or the conversion is refused with a warning naming the slipped hand (a trick line left out
    cannot be placed among EGN's tricks, which are in order; bids out of turn cannot be written in EGN's turns).
    The same examples every run, so that CI is reproducible."""
    game = gen.random_game(rng, max_hands=8)
    mutated = gen.mutate(game, rng) if offence else None
    game = mutated[0] if mutated is not None else game
    clean = gen.game_text(game)
    lines = clean.split("\n")
    typed = rng.choice(shapes.IN_A_HAND)(rng, lines, "hoyle", range(len(lines)))
    if typed is None:
        return
    games = read_text("\n".join(typed) + "\n")
    if unreadable_lines(games):  # `what a hand!` after a trick: `hand` is a keyword, and the line is lost
        return  # (convert writes nothing until it is fixed: tests above)
    slipped = _slipped_hand(lines, typed)
    for target in TARGETS:
        text, warnings, changes = converted(games, target)
        if changes:  # refused by default: the refusal names the slipped hand as what EGN cannot hold
            assert target == "egn", (warnings, changes)
            assert converted(read_text(clean), "egn")[2] or any(w.startswith(f"game 1, hand {slipped}:") for w in warnings), (warnings, changes)
        elif target == "egn":
            assert converted(read_back(text, "egn"), "text")[2] == []
