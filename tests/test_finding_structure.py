"""What a ruling shows besides words: the seats and cards a sentence names, the cards a finding rests
on, the points it decides, and the cards of the hand, all carried as data by the replay."""

from __future__ import annotations

import io
import json
import pickle

from auditor.cards import Seat, Team, card, cards
from auditor.cli import main
from auditor.findings import REGISTRY, Role
from auditor.said import Said, Span, pieces, said
from conftest import SAMPLES, audit_text


def test_said_is_its_words_and_knows_what_it_names() -> None:
    text = said("{seat} did not follow {led} in trick {t} although holding {could}; {seat}'s turn",
                seat=Seat.W, led="hearts", t=2, could=cards("QH TH"))
    assert text == "W did not follow hearts in trick 2 although holding QH TH; W's turn"
    assert [(text[s.start:s.end], s.value) for s in text.spans] == [
        ("W", Seat.W), ("QH", card("QH")), ("TH", card("TH")), ("W", Seat.W)]
    assert json.loads(json.dumps(text)) == str(text)
    back = pickle.loads(pickle.dumps(text))  # results travel from worker processes
    assert isinstance(back, Said) and back == text and back.spans == text.spans


def test_said_keeps_the_spans_of_a_sentence_inside_it() -> None:
    inner = said("{team} won", team=Team.NS)
    outer = said("so {why} ({n})", why=inner, n=3)
    assert outer == "so NS won (3)" and outer.spans == (Span(3, 5, Team.NS),)
    assert said("{cards}", cards=()) == ""


def test_pieces_of_plain_and_named_text() -> None:
    assert list(pieces("plain words")) == [("plain words", None)]
    assert list(pieces(said("{c}!", c=card("AS")))) == [("AS", card("AS")), ("!", None)]


def test_a_value_with_braces_is_never_read_as_a_field() -> None:
    # a tag value or a comment may hold braces: only the template's own fields are formatted
    assert said("{name} plays", name="{seat}") == "{seat} plays"


def test_a_renege_marks_the_card_at_fault_and_the_cards_that_prove_it(club_night: str) -> None:
    (game,) = audit_text(club_night, "hoyle")
    renege, mismatch, left = game.all_findings()
    # hand 2, no deal written: W played KD on a heart lead and later played QH and TH
    assert [(m.card, m.role, m.seat) for m in renege.cards] == [
        (card("KD"), Role.FAULT, Seat.W), (card("QH"), Role.PROOF, Seat.W), (card("TH"), Role.PROOF, Seat.W)]
    assert [s.value for s in renege.message.spans] == [Seat.W, card("QH"), card("TH")]
    assert renege.points is None  # nobody called it: no points change hands
    # hand 5, the deal written: E held JC (the left bower, E's only trump) and played TD
    assert [(m.card, m.role) for m in left.cards] == [(card("TD"), Role.FAULT), (card("JC"), Role.PROOF)]
    assert left.points == ((Team.NS, 2), (Team.EW, 0))  # called at the table: NS 2, EW nothing for the hand
    assert mismatch.points == ((Team.NS, 4), (Team.EW, 0)) and mismatch.cards == ()


def test_the_hand_result_carries_the_cards_the_record_gives(club_night: str) -> None:
    (game,) = audit_text(club_night, "hoyle")
    first, second = game.hands[0], game.hands[1]
    assert {h.seat: h.cards for h in first.deal}[Seat.N] == cards("TD KS KH TC JH")
    assert first.discard == card("TC") and first.up == card("AD")
    assert [(c.seat, c.kind.value) for c in first.calls] == [(Seat.E, "pass"), (Seat.S, "pass"), (Seat.W, "pass"), (Seat.N, "order")]
    assert second.deal == ()  # nobody wrote hand 2's deal: only its plays are known
    assert len(second.plays) == 20


def test_json_adds_cards_and_points_and_keeps_its_fields() -> None:
    out = io.StringIO()
    assert main([str(SAMPLES / "club-night.txt"), "--format", "json"], out, io.StringIO()) == 1
    renege, mismatch, left = json.loads(out.getvalue())["findings"]
    assert renege["message"] == "W did not follow hearts in trick 2 although holding QH TH"
    assert renege["cards"] == [{"card": "KD", "role": "fault", "seat": "W"}, {"card": "QH", "role": "proof", "seat": "W"},
                               {"card": "TH", "role": "proof", "seat": "W"}]
    assert renege["points"] is None and left["points"] == {"NS": 2, "EW": 0} and mismatch["points"] == {"NS": 4, "EW": 0}


def test_every_code_that_blames_a_card_names_it() -> None:
    """The registry's examples: a finding about a card played or dealt carries that card as at fault."""
    from test_finding_examples import audit_example

    blamed = {"D102", "D103", "T401", "T402", "T403", "R501", "L601", "L602", "L603", "X302"}
    for code in blamed:
        found = [f for g in audit_example(REGISTRY[code]) for f in g.all_findings() if f.code.code == code]
        assert found and all(any(m.role is Role.FAULT for m in f.cards) for f in found), code


def test_a_sentence_made_again_is_the_same_sentence_and_equal_values_of_other_kinds_are_not_confused() -> None:
    """A sentence is kept once made (the search for slips words the same findings in every replay it weighs):
    made again it is the same words and spans; but values that are equal keys and are written apart (1 and
    True), a sentence within a sentence, and a list of cards are never answered from another's words."""
    from auditor.cards import Card, Seat
    from auditor.said import said

    first = said("{seat} plays {card} in trick {n}", seat=Seat.E, card=Card.parse("QH"), n=1)
    again = said("{seat} plays {card} in trick {n}", seat=Seat.E, card=Card.parse("QH"), n=1)
    assert again == first == "E plays QH in trick 1" and again.spans == first.spans
    assert [span.value for span in first.spans] == [Seat.E, Card.parse("QH")]
    assert said("{seat} plays {card} in trick {n}", seat=Seat.E, card=Card.parse("QH"), n=True) == "E plays QH in trick True"
    inner = said("{card}", card=Card.parse("AS"))
    plain = said("led {x}", x="AS")
    assert plain.spans == () and said("led {x}", x=inner).spans[0].value == Card.parse("AS")
    cards = said("holds {cards}", cards=[Card.parse("9C"), Card.parse("TC")])
    assert cards == "holds 9C TC" and len(cards.spans) == 2
