"""Read EGN (one game) and EMN (a match of EGN games) into :mod:`auditor.model`.

Every call and card keeps the line and column where the JSON text wrote it,
so a renege found in an EGN file points at the card.  The document is checked
against the shape EGN's schema gives before any game is returned: a file that
is not EGN (``invalid1.json``, ``invalid2.json``) is refused with one clear
reason (:class:`~auditor.audit.InputError`, exit status 2).  Within a valid
document, a deal that cannot be audited (a hidden card, the joker ordered up
without its suit, card exchanges no convention reads) becomes a
:class:`~auditor.model.BrokenHand` and the rest is still audited.  EGN's
alternate rules are read as our keys (:mod:`.rules`), its ``n`` call as
``call high``, ``B`` as the joker and ``cardExchanges`` as exchanges.

EGN leaves the seats of the cards implicit ("the leader follows from the
rules"); plays are read with ``seat=None`` and the replay seats them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ..textfile import InputError
from ..cards import Card, Seat, Suit
from ..model import (
    NOWHERE, BrokenHand, Call, CallKind, Comment, GameRecord, HandRecord, Holding, LoneDefense, Play, SidePoints, Tag, TrickRecord,
)
from ..table import FOUR, SEAT_WORDS, Table, make_table, spelled
from ..rules.loader import load_ruleset
from .annotations import call_comment, comment_itself, play_comment, points_of, read_statement
from .carried import Carried, read_description, ruleset_digest
from .exchanges import read_exchanges
from .jsonpos import JsonError, Node, parse
from .rules import EGN_DEFAULTS, SET_TAG, from_egn, hoyle_ruleset
from .shape import EMN_FILE_TYPE, ShapeError, check_egn, check_emn

#: Largest EGN/EMN text read (an EMN of many games stays far below this).
MAX_EGN_CHARS = 16 * 1024 * 1024

_SUIT_CALLS = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}
SEAT_TAGS = ("North", "East", "South", "West")
#: EGN's ``num_players`` -> the seats its seat indexes 0, 1, ... stand for (clockwise); two players sit face to face
EGN_TABLES: dict[int, Table] = {
    4: FOUR,
    3: make_table((Seat.N, Seat.E, Seat.W), False),
    2: make_table((Seat.N, Seat.S), False),
}


class EgnError(InputError):
    """A document that is not usable EGN/EMN (exit status 2)."""


def read_egn(text: str, label: str = "<egn>") -> Iterator[GameRecord]:
    """The games of an EGN or EMN text; :class:`EgnError` if it is not one."""
    return iter(read_egn_games(text, label))


def read_egn_games(text: str, label: str = "<egn>") -> list[GameRecord]:
    if len(text) > MAX_EGN_CHARS:
        raise EgnError(f"{label}: {len(text)} characters of JSON; the limit is {MAX_EGN_CHARS}")
    try:
        root = parse(text)
    except JsonError as err:
        raise EgnError(f"{label}:{err.pos}: {err.summary}: {err.message}") from None
    try:
        file_type = root.get("fileType")
        if file_type is not None and file_type.value == EMN_FILE_TYPE:
            notes = check_emn(root)
            games = _read_match(root)
        else:
            notes = check_egn(root)
            games = [_read_game(root, 1)]
    except ShapeError as err:
        raise EgnError(f"{label}:{err.pos}: not an EGN file: {err.message}") from None
    for game in games:
        game.notes.extend(n for n in notes if n not in game.notes)
    return games


def _read_match(root: Node) -> list[GameRecord]:
    meta = root.value["metadata"]
    names: dict[str, str] = {}
    for player in meta.value["players"].value:
        pid, name = player.get("id"), player.get("name")
        if pid is not None and name is not None:
            names[pid.value] = name.value
    games = []
    for index, entry in enumerate(root.value["games"].value, 1):
        game = _read_game(entry.value["gameData"], index)
        seats = entry.get("players") or entry.get("playersOverride")
        if seats is not None:
            game.tags = [t for t in game.tags if t.name not in SEAT_TAGS]
            table = _table_of(entry.value["gameData"])
            for index, pid in enumerate(seats.value[: table.players]):
                name = names.get(pid.value, pid.value)
                if name:
                    game.tags.append(Tag(SEAT_WORDS[table.seats[index]], name, pid.pos))
        title = meta.get("title")
        if title is not None:
            game.tags.insert(0, Tag("Match", title.value, title.pos))
        games.append(game)
    return games


@dataclass
class _GameBuilder:
    game: GameRecord
    notes: list[str] = field(default_factory=list)
    #: the game's EGN ruleset says which house rule an exchange with the kitty is (farmers, go_under)
    farmers: bool = False
    go_under: bool = False
    #: the seats EGN's seat indexes stand for (``num_players``)
    table: Table = FOUR

    def seat(self, index: int) -> Seat | None:
        """The seat of EGN's seat ``index``; None where the game has no such seat."""
        return self.table.seats[index] if 0 <= index < self.table.players else None

    def after(self, dealer: Seat, steps: int) -> Seat:
        return self.table.after(dealer, steps)

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    @property
    def seats_text(self) -> str:
        return f"a {self.table.players}-handed game has seats 0-{self.table.players - 1}"


def _table_of(root: Node) -> Table:
    """The table EGN's ``num_players`` gives (four players unless it says two or three)."""
    meta = root.get("metadata")
    ruleset = meta.get("ruleset") if meta is not None else None
    players = ruleset.get("num_players") if ruleset is not None else None
    count = players.value if players is not None else 4
    return EGN_TABLES.get(count, FOUR) if isinstance(count, int) and not isinstance(count, bool) else FOUR


def _read_game(root: Node, index: int) -> GameRecord:
    meta = root.value["metadata"]
    game = GameRecord(index, root.pos)
    builder = _GameBuilder(game, table=_table_of(root))
    _read_tags(meta, game, builder)
    for deal in root.value["deals"].value:
        game.hands.append(_read_deal(deal, builder))
    version = root.get("version")
    if version is not None and not version.value.startswith(("1.2", "1.3", "1.4")):
        builder.note(f"EGN version {version.value}: read as version 1.4 (older keys are accepted where their meaning is clear)")
    game.notes.extend(n for n in builder.notes if n not in game.notes)
    return game


def _read_tags(meta: Node, game: GameRecord, builder: _GameBuilder) -> None:
    tags = game.tags
    description = meta.get("description")
    carried = read_description(description.value, description.pos) if description is not None else Carried("")
    for key, tag in (("title", "Event"), ("description", "Description"), ("date", "Date"), ("gameId", "GameId")):
        node = meta.get(key)
        value = carried.text if key == "description" else node.value if node is not None else ""
        if node is not None and value != "":
            tags.append(Tag(tag, value, node.pos))
    players = meta.value["players"]
    for index, player in enumerate(players.value):
        name = player.value if isinstance(player.value, str) else player.value["name"].value
        seat = builder.seat(index)
        if seat is not None:
            if name:
                tags.append(Tag(SEAT_WORDS[seat], name, player.pos))
        else:
            builder.note(f"EGN player {index} ({name}) has no seat in a {builder.table.players}-handed game")
        if isinstance(player.value, dict) and ("id" in player.value or "playerIds" in player.value):
            builder.note("EGN player ids (id, playerIds) are not kept; only the names are")
    if not carried.present:
        tags.append(Tag("Complete", "yes", meta.pos))  # an EGN file records a game to its end
    sides = builder.table.sides
    initial = meta.value["initialScore"]
    values = [n.value for n in initial.value]
    if len(sides) == 2:  # EGN: "[Team 0/2 Score, Team 1/3 Score]": two players are seats 0 and 1
        pair = (tuple(values) + (0, 0))[:2]
        if any(pair):
            game.initial_score = SidePoints(sides, pair, initial.pos)
            tags.append(Tag("InitialScore", spelled(sides, pair), initial.pos))
    elif any(values):
        builder.game.unhonoured_rules.append(f"EGN initialScore {values} holds two teams' scores; a {len(sides)}-handed "
                                             "game keeps one per player, so the game starts from 0")
    final = meta.get("finalScore")
    if final is not None and len(final.value) == 2 and len(sides) == 2:
        tags.append(Tag("FinalScore", spelled(sides, (final.value[0].value, final.value[1].value)), final.pos))
    ruleset = meta.get("ruleset")
    plain = ruleset.plain() if ruleset is not None else {}
    flags = {**EGN_DEFAULTS, **plain}
    builder.farmers, builder.go_under = bool(flags["farmers"]), bool(flags["go_under"])
    own_rules = carried.digest is not None and carried.digest == ruleset_digest(plain)
    if carried.digest is not None and not own_rules:
        builder.note("EGN's ruleset object was changed after the game's Rules and Set tags were written in its description; "
                     "the object is used, and those tags are not")
    for tag in carried.tags:
        if own_rules or tag.name.lower() not in {"rules", "set"}:
            tags.append(tag)
        if tag.name.lower() == "initialscore" and game.initial_score is None:
            game.initial_score = points_of(tag.value, tag.pos)
    game.comments.extend(carried.comments)
    for line in carried.unread:
        builder.note(f"a line of the description after the tags it carries is not a tag or a comment: {line[:80]!r}")
    if own_rules:
        return
    mapped = from_egn(plain, hoyle_ruleset())
    if mapped.overrides:
        tags.append(Tag(SET_TAG, mapped.set_tag(), ruleset.pos if ruleset is not None else meta.pos))
    builder.game.unhonoured_rules.extend(n for n in mapped.notes if n not in builder.game.unhonoured_rules)


def _card(node: Node) -> Card | None:
    try:
        return Card.parse(node.value)
    except ValueError:
        return None


def _broken(deal: Node, at: Node, message: str) -> BrokenHand:
    number = deal.get("dealNumber")
    return BrokenHand(at.pos, at.pos.line, message, (), number.value if number is not None else None)


def _read_deal(deal: Node, builder: _GameBuilder) -> HandRecord | BrokenHand:
    if isinstance(deal.value, str):
        return BrokenHand(deal.pos, deal.pos.line, "a deal in EGN's binary (base64) form cannot be audited", ())
    number = deal.value["dealNumber"]
    state = deal.value["initialState"]
    dealer_node = state.value["dealer"]
    dealer = builder.seat(dealer_node.value)
    if dealer is None:
        return _broken(deal, dealer_node, f"dealer seat {dealer_node.value} does not exist in a {builder.table.players}-handed game")
    up_node = state.value["upCard"]
    up = _card(up_node)
    if up is None and up_node.value != "Xx":  # a card wholly unknown is an up card not recorded, as a hand without `up`
        return _broken(deal, up_node, f"the up card {up_node.value!r} cannot be audited (a hidden card or a bower by name)")
    hand = HandRecord(number.value, dealer, deal.key_pos("dealNumber"), up=up, up_pos=up_node.pos if up is not None else NOWHERE,
                      tricks_in_order=True,
                      up_suit_unknown=up is not None and up.is_joker)  # EGN has no place for the suit named for a joker turned up
    holdings = state.get("playerCards") or state.get("player_cards")
    if holdings is not None:
        deal_or_error = _holdings(deal, holdings, builder)
        if isinstance(deal_or_error, BrokenHand):
            return deal_or_error
        hand.deal = deal_or_error
    kitty = state.get("kitty")
    if kitty is not None and any(c.value for c in kitty.value):
        builder.note("EGN kitty (the undealt cards, an older key) is not audited")
    comments: list[Comment] = []
    bidding = [p for p in deal.value["phases"].value if p.value["type"].value == "EUCHRE_BIDDING"]
    playing = [p for p in deal.value["phases"].value if p.value["type"].value == "TRICK_PLAY"]
    if len(bidding) > 1 or len(playing) > 1:
        return _broken(deal, deal.value["phases"], "a deal has two bidding or two trick-play phases")
    alone = False
    cards_played = bool(playing) and any(trick.value for trick in playing[0].value["tricks"].value)
    if bidding:
        result = _bidding(deal, bidding[0], hand, comments, builder, not cards_played)
        if result is not None:
            return result
        alone = any(c.alone for c in hand.calls)
    if playing:
        result = _playing(deal, playing[0], hand, comments, builder, alone)
        if result is not None:
            return result
    if deal.get("alternativeLines") is not None:
        builder.note("EGN alternativeLines (analysis of other ways to play) are not audited")
    hand.comments = tuple(comments)
    return hand


def _holdings(deal: Node, holdings: Node, builder: _GameBuilder) -> tuple[Holding, ...] | BrokenHand:
    out = []
    for index, cards_node in enumerate(holdings.value):
        if not cards_node.value:
            continue
        seat = builder.seat(index)
        if seat is None:
            return _broken(deal, cards_node, f"cards are dealt to seat {index}; {builder.seats_text}")
        cards = [_card(c) for c in cards_node.value]
        if any(c is None for c in cards):
            builder.note("EGN hidden cards in playerCards are not audited; that seat's holding is taken as unknown")
            continue
        where = tuple(c.pos for c in cards_node.value)
        out.append(Holding(seat, tuple(c for c in cards if c is not None), where[0], where))
    return tuple(out)


def _bidding(deal: Node, phase: Node, hand: HandRecord, comments: list[Comment], builder: _GameBuilder,
             statements: bool) -> BrokenHand | None:
    """The bidding phase into ``hand``; ``statements``: no card was played, so the annotations of the last call
    (of the empty list of calls) carry the hand's statements (:mod:`.annotations`)."""
    calls: list[Call] = []
    is_alone = phase.get("isAlone")
    alone = bool(is_alone.value) if is_alone is not None else False
    maker_seen = False
    players = builder.table.players
    for i, node in enumerate(phase.value["calls"].value):
        seat = builder.after(hand.dealer, 1 + i)
        word = node.value
        if word == "Pass":
            calls.append(Call(seat, CallKind.PASS, node.pos))
            continue
        if word == "Order":  # of a joker turned up, the suit named is not known (up_suit_unknown): each is read
            call = Call(seat, CallKind.ORDER, node.pos, alone=alone and not maker_seen)
        elif word in _SUIT_CALLS:
            call = Call(seat, CallKind.CALL, node.pos, _SUIT_CALLS[word], alone=alone and not maker_seen)
        elif word == "n":  # EGN's no trump: "won strictly by the highest card of the lead suit"
            call = Call(seat, CallKind.HIGH, node.pos, alone=alone and not maker_seen)
        else:
            return _broken(deal, node, f"the call {word!r} cannot be audited (EGN does not say what it means)")
        maker_seen = True
        calls.append(call)
    hand.calls = tuple(calls)
    if alone and not maker_seen:
        builder.note("EGN isAlone is true in a deal where nobody made trump; it is ignored")
    discard = phase.get("discard")
    if discard is not None:
        card = _card(discard)
        if card is None:
            return _broken(deal, discard, f"the discard {discard.value!r} cannot be audited")
        hand.discard, hand.discard_pos = card, discard.pos
    defender = phase.get("aloneDefender")
    if defender is not None and defender.value >= 0:  # -1: nobody defends alone
        defending = builder.seat(defender.value)
        if defending is None:
            return _broken(deal, defender, f"aloneDefender seat {defender.value} does not exist in a {players}-handed game")
        hand.lone_defense = LoneDefense(defending, defender.pos, len(calls))
    exchanges = phase.get("cardExchanges")
    if exchanges is not None and exchanges.value:
        read = read_exchanges(exchanges, builder.farmers, builder.go_under, builder.table)
        if isinstance(read, str):
            return _broken(deal, exchanges, read)
        hand.exchanges = read
    annotations = phase.get("callAnnotations") or phase.get("calls_annotations")
    if annotations is not None:
        last = max(len(calls) - 1, 0)
        for key, texts in annotations.value.items():
            index = int(key) if key.isascii() and key.isdigit() else 0
            seat = builder.after(hand.dealer, 1 + index)
            for text in texts.value:
                if statements and index == last and read_statement(hand, text.value, text.pos):
                    continue
                written = comment_itself(text.value) if index == 0 and text.value.startswith("#") else call_comment(index, seat, text.value)
                comments.append(Comment(written, "bid", False, text.pos))
    return None


def _playing(deal: Node, phase: Node, hand: HandRecord, comments: list[Comment], builder: _GameBuilder, alone: bool) -> BrokenHand | None:
    tricks: list[TrickRecord] = []
    lead = phase.get("initialLead")
    first_seat = builder.seat(lead.value) if lead is not None and isinstance(lead.value, int) else None
    sizes: list[int] = []
    for t_index, trick in enumerate(phase.value["tricks"].value):
        plays = []
        for p_index, node in enumerate(trick.value):
            card = _card(node)
            if card is None:
                return _broken(deal, node, f"the card {node.value!r} cannot be audited (a hidden card, a joker or a bower by name)")
            seat = None
            if t_index == 0 and first_seat is not None:
                seat = _seat_after(first_seat, p_index, hand, alone, builder.table)
            plays.append(Play(seat, card, node.pos))
        sizes.append(len(plays))
        tricks.append(TrickRecord(tuple(plays), plays[0].pos if plays else trick.pos))
    hand.tricks = tuple(tricks)
    flag = phase.get("isAlone")
    if flag is not None and bool(flag.value) != alone:
        builder.note("EGN isAlone of a trick-play phase differs from its bidding phase; the bidding phase is used")
    annotations = phase.get("playAnnotations")
    if annotations is not None:
        for key, texts in annotations.value.items():
            index = int(key) if key.isascii() and key.isdigit() else 0
            trick_no, card_no = _locate(index, sizes)
            for text in texts.value:
                if index == sum(sizes) - 1 and read_statement(hand, text.value, text.pos):  # the hand's statements
                    continue
                written = (comment_itself(text.value) if card_no == 1 and text.value.startswith("#")
                           else play_comment(trick_no, card_no, text.value))
                comments.append(Comment(written, f"trick{trick_no}", False, text.pos))
    return None


def _seat_after(first: Seat, steps: int, hand: HandRecord, alone: bool, table: Table) -> Seat:
    """The seat playing the ``steps``-th card after ``first``, skipping the partners of lone players."""
    maker = next((c.seat for c in hand.calls if c.kind is not CallKind.PASS), None)
    out_seats = {table.partner[maker]} if alone and maker is not None else set()
    if hand.lone_defense is not None:
        out_seats.add(table.partner[hand.lone_defense.seat])
    seat = first
    for _ in range(steps):
        seat = table.left[seat]
        while seat in out_seats:
            seat = table.left[seat]
    return seat


def _locate(index: int, sizes: list[int]) -> tuple[int, int]:
    """EGN's 0-based play index -> (trick, card) counted from 1."""
    for t, size in enumerate(sizes, 1):
        if index < size:
            return t, index + 1
        index -= size
    return max(len(sizes), 1), index + 1
