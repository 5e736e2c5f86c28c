"""A JSON form of the parsed model (``euchre-audit convert --to json``).

The document (documented in ``docs/egn.md``) is::

    {"format": "euchre-audit model", "version": 1, "games": [GAME, ...]}

    GAME = {"game": 1, "tags": [{"name": "Event", "value": "..."}],
            "initial_score": {"NS": 0, "EW": 0}, "notes": ["..."],
            "comments": [COMMENT], "hands": [HAND or BROKEN, ...]}
    HAND = {"hand": 1, "dealer": "N",
            "deal": [{"seat": "E", "cards": ["KD", "QS", ...]}, ...],
            "tableau": [{"seat": "N", "piles": [["AS", "7H"], ...]}],  (only with a tableau: face up, face down)
            "up": "AD" | null,
            "calls": [{"seat": "E", "call": "pass"},
                      {"seat": "N", "call": "order", "alone": false},
                      {"seat": "S", "call": "call", "suit": "S", "alone": true}],
                      (also "high" and "low"; an "order" may have the "suit" named for a joker)
            "defend_alone": {"seat": "E", "after": 4},  (only when a defender defends alone:
                            the seat, and how many calls were written before it)
            "up_suit": "H",  (only with a suit named for the joker turned up; "?": the record does not say which)
            "misdeals": ["E"],  (only when a misdeal is declared)
            "exchanges": [{"kind": "farmer" | "under" | "best", "seat": "S", "cards": ["9C", ...],
                           "received": ["AS", ...], "discard": "9C" | null}],  (only with exchanges)
            "tricks_in_order": true,  (only when the tricks are known to be the first ones, in order: EGN's)
            "repeated": ["score"],  (only when a statement the hand holds once is written again: the
                                     statement's keyword, once per repeat; the repeat itself is not used)
            "discard": "TC" | null,
            "tricks": [[{"seat": "E" | null, "card": "KD"}, ...], ...],
            "claim": {"seat": "N", "tricks": 2 | null},  (only when the tricks after the written ones were claimed)
            "reneges": ["E"], "trick_counts": {"NS": 4, "EW": 1} | null,
            "score": {"NS": 2, "EW": 0} | null, "comments": [COMMENT]}
    (per player where each plays for himself: {"N": 4, "E": 2, "W": 7})
    BROKEN = {"broken": "the reason", "hand": 3 | null, "line": 12, "column": 5}
    COMMENT = {"text": "# ...", "anchor": "bid", "trailing": false}

Positions are not part of the form: reading it back (the auditor accepts it
as input) takes the positions in the JSON text itself, so findings point at
the JSON file.  Without positions, two models are equal exactly when their
JSON forms are: the round-trip tests compare models this way.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from .textfile import InputError
from .cards import Card, Seat, Side, Suit
from .egn.jsonpos import DocumentError, JsonError, Node, parse
from .model import (
    NOT_RECORDED,
    BrokenHand,
    Call,
    CallKind,
    Claim,
    Comment,
    Exchange,
    ExchangeKind,
    GameRecord,
    HandRecord,
    Holding,
    LoneDefense,
    MisdealCall,
    Pile,
    Play,
    Pos,
    RenegeCall,
    SidePoints,
    Tableau,
    Tag,
    TrickRecord,
)

FORMAT = "euchre-audit model"
VERSION = 1


# ---------------------------------------------------------------- model -> JSON
def _points(p: SidePoints | None) -> dict[str, int] | None:
    return {side.value: value for side, value in p.canonical} if p is not None else None


def _comment(c: Comment) -> dict[str, Any]:
    return {"text": c.text, "anchor": c.anchor, "trailing": c.trailing}


def _call(c: Call) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": c.seat.name, "call": c.kind.value}
    if c.kind is CallKind.CALL or (c.kind is CallKind.ORDER and c.suit is not None):
        out["suit"] = c.suit.letter if c.suit is not None else None
    if c.kind is not CallKind.PASS:
        out["alone"] = c.alone
    return out


def _defense(d: LoneDefense) -> dict[str, Any]:
    return {"seat": d.seat.name, "after": d.after}


def _exchange(e: Exchange) -> dict[str, Any]:
    return {"kind": e.kind.value, "seat": e.seat.name, "cards": [str(c) for c in e.cards],
            "received": [str(c) for c in e.received], "discard": str(e.discard) if e.discard is not None else None}


def _variations(hand: HandRecord) -> dict[str, Any]:
    """The statements of rule variations, present only in hands that have them."""
    out: dict[str, Any] = {}
    if hand.up_suit is not None:
        out["up_suit"] = hand.up_suit.letter
    elif hand.up_suit_unknown:
        out["up_suit"] = NOT_RECORDED
    if hand.misdeals:
        out["misdeals"] = [m.seat.name for m in hand.misdeals]
    if hand.exchanges:
        out["exchanges"] = [_exchange(e) for e in hand.exchanges]
    if hand.tricks_in_order:
        out["tricks_in_order"] = True
    if hand.repeated:  # no play can write a statement twice: the replay weighs it when it reads a slip
        out["repeated"] = [statement for statement, _ in hand.repeated]
    return out


def hand_json(hand: HandRecord | BrokenHand) -> dict[str, Any]:
    if isinstance(hand, BrokenHand):
        return {"broken": hand.message, "hand": hand.number, "line": hand.pos.line, "column": hand.pos.column}
    return {
        "hand": hand.number,
        "dealer": hand.dealer.name,
        "deal": [{"seat": h.seat.name, "cards": [str(c) for c in h.cards]} for h in hand.deal],
        **({"tableau": [{"seat": t.seat.name, "piles": [[str(p.up), str(p.down)] for p in t.piles]} for t in hand.tableau]}
           if hand.tableau else {}),
        "up": str(hand.up) if hand.up is not None else None,
        **_variations(hand),
        "calls": [_call(c) for c in hand.calls],
        **({"defend_alone": _defense(hand.lone_defense)} if hand.lone_defense is not None else {}),
        "discard": str(hand.discard) if hand.discard is not None else None,
        "tricks": [[{"seat": p.seat.name if p.seat is not None else None, "card": str(p.card)} for p in t.plays] for t in hand.tricks],
        **({"claim": {"seat": hand.claim.seat.name, "tricks": hand.claim.tricks}} if hand.claim is not None else {}),
        "reneges": [r.seat.name for r in hand.reneges],
        "trick_counts": _points(hand.trick_counts),
        "score": _points(hand.score),
        "comments": [_comment(c) for c in hand.comments],
    }


def game_json(game: GameRecord) -> dict[str, Any]:
    return {
        "game": game.index,
        "tags": [{"name": t.name, "value": t.value} for t in game.tags],
        "initial_score": _points(game.initial_score) or {"NS": 0, "EW": 0},
        "notes": list(game.notes),
        "unhonoured_rules": list(game.unhonoured_rules),
        "comments": [_comment(c) for c in game.comments],
        "hands": [hand_json(h) for h in game.hands],
    }


def to_json(games: Iterable[GameRecord]) -> str:
    document = {"format": FORMAT, "version": VERSION, "games": [game_json(g) for g in games]}
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------- JSON -> model
class _Bad(DocumentError):
    """JSON that is not the model's JSON form."""


def _need(node: Node | None, parent: Node, name: str, kind: type | tuple[type, ...], optional: bool = False) -> Any:
    if node is None or (optional and node.value is None):
        if optional:
            return None
        raise _Bad(f"{name} is missing", parent.pos)
    value = node.value
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        raise _Bad(f"{name} has the wrong type", node.pos)
    return value


def _seat(node: Node, name: str) -> Seat:
    if not isinstance(node.value, str) or node.value not in Seat.__members__:
        raise _Bad(f"{name} must be N, E, S or W", node.pos)
    return Seat[node.value]


def _card(node: Node, name: str) -> Card:
    try:
        return Card.parse(node.value) if isinstance(node.value, str) else Card.parse("")
    except ValueError:
        raise _Bad(f"{name} {node.value!r} is not a card", node.pos) from None


def _team_points(node: Node | None, parent: Node, name: str) -> SidePoints | None:
    value = _need(node, parent, name, dict, optional=True)
    if value is None:
        return None
    assert node is not None
    if not 2 <= len(value) <= 4 or any(key not in Side.__members__ for key in value):
        raise _Bad(f"{name} has a number per side: NS and EW, or N, E, S and W (two to four of them)", node.pos)
    sides = tuple(Side[key] for key in value)
    return SidePoints(sides, tuple(_need(value.get(s.value), node, f"{name}.{s.value}", int) for s in sides), node.pos)


def _comments(node: Node | None, parent: Node) -> tuple[Comment, ...]:
    out = []
    for c in _need(node, parent, "comments", list, optional=True) or []:
        text = _need(c.get("text"), c, "comment text", str)
        if not text.startswith("#") or "\n" in text:
            raise _Bad("a comment is one line starting with '#'", c.pos)
        anchor = _need(c.get("anchor"), c, "comment anchor", str)
        trailing = _need(c.get("trailing"), c, "comment trailing", bool, optional=True) or False
        out.append(Comment(text, anchor, trailing, c.pos))
    return tuple(out)


def _suit(node: Node | None, parent: Node, name: str) -> Suit:
    letter = _need(node, parent, name, str)
    if letter not in {"C", "D", "H", "S"}:
        raise _Bad(f"{name} must be C, D, H or S, not {letter!r}", (node or parent).pos)
    return Suit.parse(letter)


def _read_exchange(node: Node) -> Exchange:
    kind_text = _need(node.get("kind"), node, "an exchange's kind", str)
    if kind_text not in {k.value for k in ExchangeKind}:
        raise _Bad(f"an exchange's kind must be farmer, under or best, not {kind_text!r}", node.pos)
    seat = _seat(node.get("seat") or node, "an exchange's seat")
    cards = tuple(_card(c, "an exchanged card") for c in _need(node.get("cards"), node, "an exchange's cards", list))
    received = tuple(_card(c, "a card taken") for c in _need(node.get("received"), node, "received", list, optional=True) or [])
    discard = node.get("discard")
    lone_discard = _card(discard, "discard") if discard is not None and discard.value is not None else None
    return Exchange(ExchangeKind(kind_text), seat, cards, node.pos, received=received, discard=lone_discard)


def _read_call(node: Node) -> Call:
    seat = _seat(node.get("seat") or node, "a call's seat")
    kind_text = _need(node.get("call"), node, "call", str)
    try:
        kind = CallKind(kind_text)
    except ValueError:
        raise _Bad(f"call must be pass, order, call, high or low, not {kind_text!r}", node.pos) from None
    suit = None
    if kind is CallKind.CALL or (kind is CallKind.ORDER and node.get("suit") is not None):
        suit = _suit(node.get("suit"), node, "suit")
    alone = _need(node.get("alone"), node, "alone", bool, optional=True) or False
    return Call(seat, kind, node.pos, suit, alone)


#: the statements a hand holds once (and a trick or a lone defence written twice), by the notation's keyword
_REPEATABLE = frozenset({"up", "discard", "score", "tricks", "claim", "trick", "defend"})


def _repeat(node: Node) -> tuple[str, Pos]:
    if not isinstance(node.value, str) or node.value not in _REPEATABLE:
        raise _Bad(f"repeated names a statement a hand holds once ({', '.join(sorted(_REPEATABLE))}), not {node.value!r}", node.pos)
    return node.value, node.pos


def _read_hand(node: Node) -> HandRecord | BrokenHand:
    if node.get("broken") is not None:
        message = _need(node.get("broken"), node, "broken", str)
        number = _need(node.get("hand"), node, "hand", int, optional=True)
        return BrokenHand(node.pos, node.pos.line, message, (), number)
    number = _need(node.get("hand"), node, "hand", int)
    hand = HandRecord(number, _seat(node.get("dealer") or node, "dealer"), node.pos)
    holdings = []
    for h in _need(node.get("deal"), node, "deal", list, optional=True) or []:
        cards = tuple(_card(c, "a dealt card") for c in _need(h.get("cards"), h, "cards", list))
        holdings.append(Holding(_seat(h.get("seat") or h, "a holding's seat"), cards, h.pos))
    hand.deal = tuple(holdings)
    rows = []
    for t in _need(node.get("tableau"), node, "tableau", list, optional=True) or []:
        piles = []
        for pile in _need(t.get("piles"), t, "piles", list):
            pair = _need(pile, t, "a pile", list)
            if len(pair) != 2:
                raise _Bad("a pile is two cards: the face-up card and the one face down under it", pile.pos)
            piles.append(Pile(_card(pair[0], "a face-up card"), _card(pair[1], "a face-down card")))
        rows.append(Tableau(_seat(t.get("seat") or t, "a tableau's seat"), tuple(piles), t.pos))
    hand.tableau = tuple(rows)
    up = node.get("up")
    if up is not None and up.value is not None:
        hand.up, hand.up_pos = _card(up, "up"), up.pos
    if node.get("up_suit") is not None:
        if node.get("up_suit").value == NOT_RECORDED:
            hand.up_suit_unknown = True
        else:
            hand.up_suit = _suit(node.get("up_suit"), node, "up_suit")
    hand.misdeals = tuple(MisdealCall(_seat(m, "a misdeal's seat"), m.pos)
                          for m in _need(node.get("misdeals"), node, "misdeals", list, optional=True) or [])
    hand.exchanges = tuple(_read_exchange(e) for e in _need(node.get("exchanges"), node, "exchanges", list, optional=True) or [])
    hand.calls = tuple(_read_call(c) for c in _need(node.get("calls"), node, "calls", list, optional=True) or [])
    defense = node.get("defend_alone")
    if defense is not None and _need(defense, node, "defend_alone", dict, optional=True) is not None:
        after = _need(defense.value.get("after"), defense, "defend_alone.after", int)
        if not 0 <= after <= len(hand.calls):
            raise _Bad(f"defend_alone.after must be 0 to {len(hand.calls)} (the number of calls)", defense.pos)
        hand.lone_defense = LoneDefense(_seat(defense.value.get("seat") or defense, "defend_alone.seat"), defense.pos, after)
    discard = node.get("discard")
    if discard is not None and discard.value is not None:
        hand.discard, hand.discard_pos = _card(discard, "discard"), discard.pos
    tricks = []
    for t in _need(node.get("tricks"), node, "tricks", list, optional=True) or []:
        plays = []
        for p in _need(t, t, "a trick", list):
            seat_node = p.get("seat")
            seat = _seat(seat_node, "a play's seat") if seat_node is not None and seat_node.value is not None else None
            card_node = p.get("card")
            if card_node is None:
                raise _Bad("a play has no card", p.pos)
            plays.append(Play(seat, _card(card_node, "a played card"), card_node.pos))
        tricks.append(TrickRecord(tuple(plays), plays[0].pos if plays else t.pos))
    hand.tricks = tuple(tricks)
    hand.tricks_in_order = _need(node.get("tricks_in_order"), node, "tricks_in_order", bool, optional=True) is True
    hand.repeated = tuple(_repeat(r) for r in _need(node.get("repeated"), node, "repeated", list, optional=True) or [])
    claim = node.get("claim")
    if claim is not None and _need(claim, node, "claim", dict, optional=True) is not None:
        claimed = claim.value.get("tricks")
        tricks_claimed = _need(claimed, claim, "claim.tricks", int, optional=True) if claimed is not None else None
        if tricks_claimed is not None and not 0 <= tricks_claimed <= 99:
            raise _Bad("claim.tricks must be 0 to 99, or null for all the rest", claim.pos)
        hand.claim = Claim(_seat(claim.value.get("seat") or claim, "claim.seat"), claim.pos, tricks_claimed)
    hand.reneges = tuple(RenegeCall(_seat(r, "a renege's seat"), r.pos) for r in _need(node.get("reneges"), node, "reneges", list, optional=True) or [])
    hand.trick_counts = _team_points(node.get("trick_counts"), node, "trick_counts")
    hand.score = _team_points(node.get("score"), node, "score")
    hand.comments = _comments(node.get("comments"), node)
    return hand


def _read_game(node: Node, index: int) -> GameRecord:
    _need(node, node, "a game", dict)
    game = GameRecord(index, node.pos)
    for t in _need(node.get("tags"), node, "tags", list, optional=True) or []:
        name = _need(t.get("name"), t, "a tag's name", str)
        value = _need(t.get("value"), t, "a tag's value", str)
        if not name.isidentifier() or len(name) > 40 or len(value) > 1000 or "\n" in value:
            raise _Bad("a tag has a name of letters, digits and _ and a one-line value", t.pos)
        game.tags.append(Tag(name, value, t.pos))
    initial = node.get("initial_score")
    points = _team_points(initial, node, "initial_score")
    if points is not None and any(points.values):
        game.initial_score = points
    game.notes = [str(n.value) for n in _need(node.get("notes"), node, "notes", list, optional=True) or []]
    game.unhonoured_rules = [
        str(n.value) for n in _need(node.get("unhonoured_rules"), node, "unhonoured_rules", list, optional=True) or []
    ]
    game.comments = list(_comments(node.get("comments"), node))
    game.hands = [_read_hand(h) for h in _need(node.get("hands"), node, "hands", list)]
    return game


def is_model_json(root: Node) -> bool:
    fmt = root.get("format")
    return fmt is not None and fmt.value == FORMAT


def read_model_json(text: str, label: str = "<json>") -> Iterator[GameRecord]:
    """Games from the JSON form; :class:`InputError` (exit 2) if it is not that form."""
    try:
        root = parse(text)
    except JsonError as err:
        raise InputError(f"{label}:{err.pos}: {err.summary}: {err.message}") from None
    try:
        if not isinstance(root.value, dict) or not is_model_json(root):
            raise _Bad(f'not the "{FORMAT}" JSON form', root.pos)
        version = _need(root.get("version"), root, "version", int)
        if version != VERSION:
            raise _Bad(f"version {version} of the JSON form is not known (this is version {VERSION})", root.pos)
        games = [_read_game(g, i) for i, g in enumerate(_need(root.get("games"), root, "games", list), 1)]
    except _Bad as err:
        raise InputError(f"{label}:{err.pos}: {err.message}") from None
    return iter(games)


__all__ = ["FORMAT", "game_json", "hand_json", "is_model_json", "read_model_json", "to_json"]
