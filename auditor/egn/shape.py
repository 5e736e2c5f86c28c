"""Check that a JSON document has the shape of EGN (or EMN) before reading it.

This follows EGN's JSON schema (``egn-schema-v1.json``, version 1.4) for
every field the auditor reads: required fields, types, the card spelling, the
call words and the size limits.  It is lenient where real files are: version
1.x, and the older keys ``player_cards``, ``kitty``, ``initialLead`` and
``calls_annotations`` written by EGN's first tools.  Fields the auditor does
not read (annotations, alternative lines) are checked only for their type.
The first problem found is raised as :class:`ShapeError` with its position.
"""

from __future__ import annotations

from contextvars import ContextVar

import re
from collections.abc import Callable, Iterable

from .jsonpos import DocumentError, Node, kind_of

EGN_FILE_TYPE = "Euchre Game Notation"
EMN_FILE_TYPE = "Euchre Match Notation"

_VERSION = re.compile(r"1\.\d{1,3}(?:\.\d{1,3})?\Z")
_CARD = re.compile(r"(?:[78N9TJQKAX][SsHhCcDdxtngh]|[LRB])\Z")
_CALLS = {"Pass", "Order", "s", "h", "d", "c", "n", "x"}
_BASE64 = re.compile(r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]*+={0,2}\Z")
_RULESET_TYPES: dict[str, type | tuple[type, ...]] = {
    "std": bool, "min_rank": int, "winning_score": int, "num_deals": int, "canadian": bool,
    "loner_lead": str, "loner_march_score": int, "loner_euchred_score": int, "defend_alone": bool,
    "farmers": bool, "partners_best": bool, "go_under": bool, "joker": bool, "num_players": int,
    "allow_no_trump": bool, "fast_break": bool, "four_trick_tokens": bool,
}
_MAX_DEALS = 100
#: the most games of an EMN match this auditor reads (its writer writes no more)
MAX_GAMES = 1000
#: an annotation's key is the number of an action of its deal (a few dozen at most)
MAX_ACTION_DIGITS = 4


class ShapeError(DocumentError):
    """JSON that is not an EGN game or EMN match."""


def _fail(node: Node, message: str) -> ShapeError:
    return ShapeError(message, node.pos)


def _expect(node: Node | None, parent: Node, name: str, kind: type | tuple[type, ...], *, required: bool = True) -> Node | None:
    """The member ``name`` of ``parent`` if it has the right JSON type."""
    if node is None:
        if required:
            raise _fail(parent, f"{name} is missing")
        return None
    value = node.value
    ok = (isinstance(value, int) and not isinstance(value, bool)) if kind is int else isinstance(value, kind)
    if not ok:
        want = {dict: "an object", list: "an array", str: "a string", int: "a whole number", bool: "true or false"}
        wanted = want.get(kind, "a value") if isinstance(kind, type) else "a value"
        raise _fail(node, f"{name} must be {wanted}, not {kind_of(value)}")
    return node


def _member(parent: Node, key: str, kind: type, *, required: bool = True, where: str = "") -> Node | None:
    return _expect(parent.get(key), parent, f"{where}{key}", kind, required=required)


#: the largest hand number or score EGN may hold: the notation's six digits, so that either form
#: reads the same games (and the stats tables' 32-bit columns hold every value)
MAX_NUMBER = 999_999


def _in_range(node: Node, name: str, low: int, high: int = MAX_NUMBER) -> None:
    if not low <= node.value <= high:
        raise _fail(node, f"{name} must be from {low:,} to {high:,}, not {node.value:,}")


def _max_items(node: Node, name: str, limit: int) -> None:
    if len(node.value) > limit:
        raise _fail(node, f"{name} has {len(node.value)} items; EGN allows at most {limit}")


def _max_length(node: Node | None, name: str, limit: int) -> None:
    if node is not None and len(node.value) > limit:
        raise _fail(node, f"{name} is {len(node.value)} characters long; EGN allows at most {limit}")


def _cards(node: Node, name: str, limit: int = 10) -> None:
    _expect(node, node, name, list)
    _max_items(node, name, limit)
    for item in node.value:
        _card(item, f"a card of {name}")


def _card(node: Node, name: str) -> None:
    _expect(node, node, name, str)
    if not _CARD.match(node.value):
        raise _fail(node, f"{node.value!r} is not an EGN card (rank 7-9, T, J, Q, K, A then suit s, h, d, c, e.g. \"Jd\")")


#: unknown keys met by the check under way (EGN's own tools add a few, e.g. "timings");
#: a context variable, so that checks on different threads never share a list
_NOTES: ContextVar[list[str]] = ContextVar("egn_shape_notes")


def _unknown(node: Node, known: Iterable[str], where: str) -> None:
    """An unknown key is not an error (EGN tools add their own) but is named in a note."""
    allowed = set(known)
    for key in node.value:
        if key not in allowed:
            note = f"EGN: {where} has a key {key!r} that is not part of EGN 1.4; it is not audited"
            notes = _NOTES.get()
            if note not in notes:
                notes.append(note)


def _with_notes(check: Callable[[Node], None], root: Node) -> list[str]:
    """Run one check with its own list of notes, and return them."""
    notes: list[str] = []
    token = _NOTES.set(notes)
    try:
        check(root)
    finally:
        _NOTES.reset(token)
    return notes


def check_egn(root: Node) -> list[str]:
    """Raise :class:`ShapeError` unless ``root`` is an EGN game; return notes on keys not read."""
    return _with_notes(_check_egn, root)


def _check_egn(root: Node) -> None:
    if not isinstance(root.value, dict):
        raise _fail(root, f"the file holds {kind_of(root.value)}; an EGN file is a JSON object with fileType \"{EGN_FILE_TYPE}\"")
    file_type = _member(root, "fileType", str)
    assert file_type is not None
    if file_type.value != EGN_FILE_TYPE:
        raise _fail(file_type, f"fileType is {file_type.value!r}; an EGN file has \"{EGN_FILE_TYPE}\"")
    _metadata(_header(root, "EGN", "deals", "the file"))
    deals = _member(root, "deals", list)
    assert deals is not None
    _max_items(deals, "deals", _MAX_DEALS)
    for deal in deals.value:
        if isinstance(deal.value, str):
            if not _BASE64.match(deal.value):
                raise _fail(deal, "a deal written as a string must be EGN's base64 binary form")
            continue
        _deal(deal)


def _header(root: Node, kind: str, body: str, what: str) -> Node:
    """Check the members an EGN file and an EMN match file share; return the metadata object."""
    version = _member(root, "version", str)
    assert version is not None
    if not _VERSION.match(version.value):
        raise _fail(version, f"version {version.value!r} is not an {kind} version (1.x)")
    _unknown(root, ("fileType", "version", "metadata", body), what)
    meta = _member(root, "metadata", dict)
    assert meta is not None
    return meta


def _metadata(meta: Node) -> None:
    _unknown(meta, ("gameId", "title", "description", "players", "initialScore", "finalScore", "date", "ruleset"), "metadata")
    for key, limit in (("gameId", 64), ("title", 128), ("description", 1024), ("date", 64)):
        _max_length(_member(meta, key, str, required=False, where="metadata."), f"metadata.{key}", limit)
    players = _member(meta, "players", list, where="metadata.")
    assert players is not None
    _max_items(players, "metadata.players", 10)
    for player in players.value:
        if isinstance(player.value, str):
            _max_length(player, "a player name", 64)
            continue
        _expect(player, player, "a player", dict)
        _unknown(player, ("id", "name", "playerIds"), "a player")
        _max_length(_member(player, "name", str, where="a player's "), "a player name", 64)
        _member(player, "id", str, required=False, where="a player's ")
        _member(player, "playerIds", list, required=False, where="a player's ")
    for key in ("initialScore", "finalScore"):
        scores = _member(meta, key, list, required=key == "initialScore", where="metadata.")
        if scores is None:
            continue
        _max_items(scores, f"metadata.{key}", 2)
        for item in scores.value:
            _expect(item, item, f"a score of metadata.{key}", int)
            _in_range(item, f"a score of metadata.{key}", -MAX_NUMBER)
    ruleset = _member(meta, "ruleset", dict, required=False, where="metadata.")
    if ruleset is not None:
        for key, node in ruleset.value.items():
            kind = _RULESET_TYPES.get(key)
            if kind is not None:
                _expect(node, ruleset, f"ruleset.{key}", kind)


def _deal(deal: Node) -> None:
    _expect(deal, deal, "a deal", dict)
    _unknown(deal, ("dealNumber", "initialState", "phases", "alternativeLines"), "a deal")
    number = _member(deal, "dealNumber", int)
    assert number is not None
    _in_range(number, "dealNumber", 0)
    state = _member(deal, "initialState", dict)
    assert state is not None
    _unknown(state, ("dealer", "upCard", "playerCards", "player_cards", "kitty"), "initialState")
    dealer = _member(state, "dealer", int)
    assert dealer is not None
    if not 0 <= dealer.value <= 9:
        raise _fail(dealer, "dealer must be a seat number from 0 to 9")
    up = state.get("upCard")
    if up is None:
        raise _fail(state, "initialState.upCard is missing")
    _card(up, "upCard")
    for key in ("playerCards", "player_cards"):
        hands = _member(state, key, list, required=False)
        if hands is not None:
            _max_items(hands, key, 10)
            for hand in hands.value:
                _cards(hand, key)
    kitty = _member(state, "kitty", list, required=False)
    if kitty is not None:  # an older key; its unknown cards are written ""
        _max_items(kitty, "kitty", 10)
        for item in kitty.value:
            if item.value != "":
                _card(item, "a card of kitty")
    phases = _member(deal, "phases", list)
    assert phases is not None
    _max_items(phases, "phases", 2)
    for phase in phases.value:
        _phase(phase)
    lines = _member(deal, "alternativeLines", list, required=False)
    if lines is not None:
        _max_items(lines, "alternativeLines", 50)


def _phase(phase: Node) -> None:
    _expect(phase, phase, "a phase", dict)
    kind = _member(phase, "type", str)
    assert kind is not None
    number = _member(phase, "phaseNumber", int)
    assert number is not None
    _in_range(number, "phaseNumber", 0)
    if kind.value == "EUCHRE_BIDDING":
        _unknown(phase, ("phaseNumber", "type", "calls", "isAlone", "aloneDefender", "discard", "cardExchanges", "callAnnotations", "calls_annotations"), "a bidding phase")
        calls = _member(phase, "calls", list)
        assert calls is not None
        _max_items(calls, "calls", 16)
        for call in calls.value:
            _expect(call, call, "a call", str)
            if call.value not in _CALLS:
                raise _fail(call, f"{call.value!r} is not an EGN call (Pass, Order, or a suit letter s, h, d, c)")
        _member(phase, "isAlone", bool, required=False)
        _member(phase, "aloneDefender", int, required=False)
        discard = phase.get("discard")
        if discard is not None:
            _card(discard, "discard")
        exchanges = _member(phase, "cardExchanges", list, required=False)
        if exchanges is not None:
            _max_items(exchanges, "cardExchanges", 4)
            for exchange in exchanges.value:
                _exchange(exchange)
        for key in ("callAnnotations", "calls_annotations"):
            _annotations(_member(phase, key, dict, required=False), key)
    elif kind.value == "TRICK_PLAY":
        _unknown(phase, ("phaseNumber", "type", "tricks", "isAlone", "playAnnotations", "initialLead"), "a trick-play phase")
        tricks = _member(phase, "tricks", list)
        assert tricks is not None
        _max_items(tricks, "tricks", 10)
        for trick in tricks.value:
            _cards(trick, "a trick")
        _member(phase, "isAlone", bool, required=False)
        _member(phase, "initialLead", int, required=False)
        _annotations(_member(phase, "playAnnotations", dict, required=False), "playAnnotations")
    else:
        raise _fail(kind, f"phase type {kind.value!r} is not EUCHRE_BIDDING or TRICK_PLAY")


def _exchange(entry: Node) -> None:
    """One of ``cardExchanges``: ``{"sender"?: seat, "receiver": seat, "cards": [...]}``."""
    _expect(entry, entry, "a card exchange", dict)
    _unknown(entry, ("sender", "receiver", "cards"), "a card exchange")
    for key, required in (("sender", False), ("receiver", True)):
        seat = _member(entry, key, int, required=required, where="a card exchange's ")
        if seat is not None and not 0 <= seat.value <= 9:
            raise _fail(seat, f"a card exchange's {key} must be a seat number from 0 to 9")
    cards = _member(entry, "cards", list, where="a card exchange's ")
    assert cards is not None
    _cards(cards, "a card exchange's cards")


def _annotations(node: Node | None, name: str) -> None:
    if node is None:
        return
    for key, texts in node.value.items():
        if not (key.isascii() and key.isdigit()) or len(key) > MAX_ACTION_DIGITS:  # not `²`, nor 5,000 digits
            raise ShapeError(f"{name} keys are action numbers (at most {MAX_ACTION_DIGITS} digits 0-9); {key[:20]!r} is not",
                             node.key_pos(key))
        _expect(texts, texts, f"{name}[{key}]", list)
        _max_items(texts, f"{name}[{key}]", 50)
        for text in texts.value:
            _expect(text, text, f"an annotation of {name}", str)
            _max_length(text, "an annotation", 1024)


def check_emn(root: Node) -> list[str]:
    """Raise :class:`ShapeError` unless ``root`` is an EMN match of EGN games; return notes."""
    return _with_notes(_check_emn, root)


def _check_emn(root: Node) -> None:
    meta = _header(root, "EMN", "games", "the match file")
    players = _member(meta, "players", list, where="metadata.")
    assert players is not None
    for player in players.value:
        _expect(player, player, "a match player", dict)
        _member(player, "id", str, where="a match player's ")
        _member(player, "name", str, where="a match player's ")
    games = _member(root, "games", list)
    assert games is not None
    _max_items(games, "games", MAX_GAMES)
    for game in games.value:
        _expect(game, game, "a game of the match", dict)
        seats = game.get("players") or game.get("playersOverride")
        if seats is None:
            raise _fail(game, "a game of the match has no players (the four seats' player ids)")
        _expect(seats, game, "players", list)
        if not 2 <= len(seats.value) <= 4 or not all(isinstance(s.value, str) for s in seats.value):
            raise _fail(seats, "players must be the seats' player ids (four, or two or three with num_players)")
        data = _member(game, "gameData", dict)
        assert data is not None
        _check_egn(data)
