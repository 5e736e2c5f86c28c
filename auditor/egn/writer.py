"""Write the model as EGN (one game) or EMN (several games), naming what EGN cannot hold.

EGN holds: the players, title, description, date, game id, the initial and
final score, the ruleset keys it has (``std``, ``loner_lead``,
``winning_score`` or ``num_deals``, ``loner_march_score``, ``loner_euchred_score``,
``min_rank``, ``canadian``, ``defend_alone`` and the house rules ``joker``,
``farmers``, ``go_under``, ``partners_best``, ``allow_no_trump``, ``fast_break``,
``four_trick_tokens``), and per deal the dealer, up card, dealt cards, calls
(in turn order from the dealer's left; no trump as ``n``), who went alone, who
defended alone (``aloneDefender``), the discard, the exchanges of cards
(``cardExchanges``, as docs/egn.md sets out), the cards of each trick in play
order, and annotations of a call or a card.

It does not hold: who played each card (the rules say it), the score sheet's
running score, tricks counts, called reneges, any other tag, comments other
than annotations, and ruleset keys of ours it has no key for.  Each is named
in a warning when a record has it.
"""

from __future__ import annotations

import functools

import json
from collections.abc import Callable, Sequence
from typing import Any

from ..cards import Seat
from ..model import BrokenHand, CallKind, Exchange, GameRecord, HandRecord
from ..rules.schema import Ruleset
from ..table import SEAT_WORDS, Table, spelled, table_of
from ..textfile import InputError
from .annotations import claim_annotation, parse_call_comment, parse_play_comment
from .exchanges import kitty_kind
from .rules import SET_TAG, to_egn
from .seating import seats_by_rules
from .shape import EGN_FILE_TYPE, EMN_FILE_TYPE

EGN_VERSION = "1.4"
EMN_VERSION = "1.0"

#: tags that EGN holds (in metadata) or that this writer turns into EGN's own fields
_HELD_TAGS = {"event", "description", "date", "gameid", "north", "east", "south", "west", "initialscore",
              "finalscore", "set", "rules", "complete", "match"}
_LIMITS = {"title": 128, "description": 1024, "date": 64, "gameId": 64}


def _score_pair(text: str, table: Table) -> list[int] | None:
    """``NS 10 EW 7`` (two players: ``N 10 S 7``) as EGN's pair of scores; None for anything else."""
    parts = text.split()
    sides = [side.value for side in table.sides]
    if len(sides) == 2 and len(parts) == 4 and [p.upper() for p in parts[0::2]] == sides and all(p.isascii() and p.isdigit() for p in parts[1::2]):
        return [int(parts[1]), int(parts[3])]
    return None


def game_to_egn(game: GameRecord, rules: Ruleset, warn: Callable[[str], None]) -> dict[str, Any]:
    """The EGN object of one game; ``warn`` is told everything EGN cannot hold.  A game with seed 003's tableau
    cannot be EGN (13 tricks where EGN holds 10, and no place for the cards on the table): :class:`InputError`."""
    where = f"game {game.index}"
    table = table_of(rules)
    if table.tableau or table.tricks > 10:
        raise InputError((f"{where}: EGN cannot hold this game: it has {table.tricks} tricks a hand (EGN holds 10) "
                          + ("and cards dealt face down and face up on the table (deck.tableau), which EGN has no place for"
                             if table.tableau else "")).strip())
    meta: dict[str, Any] = {}
    for tag, key in (("Event", "title"), ("Description", "description"), ("Date", "date"), ("GameId", "gameId")):
        value = game.tag(tag)
        if value is not None:
            if len(value) > _LIMITS[key]:
                warn(f"{where}: the {tag} tag is cut to EGN's {_LIMITS[key]} characters")
                value = value[: _LIMITS[key]]
            meta[key] = value
    meta["players"] = [game.tag(SEAT_WORDS[seat]) or "" for seat in table.seats]
    initial = game.initial_score.in_order(table.sides) if game.initial_score is not None else table.zeros
    if initial is not None and len(initial) == 2:
        meta["initialScore"] = list(initial)
    else:
        meta["initialScore"] = []  # EGN keeps two teams' scores: a game of three starts from 0
        if initial is None or any(initial):
            warn(f"{where}: EGN's initialScore holds two teams' scores; this game's "
                 f"({spelled(*zip(*game.initial_score.canonical)) if game.initial_score else ''}) is not kept")  # type: ignore[arg-type]
    final = game.tag("FinalScore")
    if final is not None:
        pair = _score_pair(final, table)
        if pair is None:
            warn(f"{where}: the FinalScore tag {final!r} is not a score of two sides such as \"NS 10 EW 7\"; it is not kept")
        else:
            meta["finalScore"] = pair
    ruleset, lost = to_egn(rules)
    meta["ruleset"] = ruleset
    for key in lost:
        warn(f"{where}: the ruleset key {key} has no EGN key; EGN readers will assume otherwise")
    if game.tag("Rules") is not None:
        warn(f"{where}: the Rules tag {game.tag('Rules')!r} is written as EGN's ruleset object (its name is not kept)")
    for written in game.tags:
        if written.name.lower() not in _HELD_TAGS:
            warn(f"{where}: EGN has no place for the tag [{written.name} \"{written.value}\"]; it is not kept")
    if game.tag("Complete") is None:
        warn(f"{where}: an EGN file records a whole game; if this game stops before a side wins, its audit will say so (G805)")
    for comment in game.comments:
        warn(f"{where}: EGN has no place for the comment {comment.text!r}; it is not kept")
    deals = []
    for hand in game.hands:
        if isinstance(hand, BrokenHand):
            warn(f"{where}: the hand at line {hand.pos.line} could not be read ({hand.message}); it is left out")
            continue
        deal = _deal(hand, rules, table, functools.partial(_warn_hand, warn, f"{where}, hand {hand.number}"))
        if deal is not None:
            deals.append(deal)
    if len(deals) > 100:
        warn(f"{where}: EGN holds at most 100 deals; the deals after the 100th are left out")
        deals = deals[:100]
    return {"fileType": EGN_FILE_TYPE, "version": EGN_VERSION, "metadata": meta, "deals": deals}


def _warn_hand(warn: Callable[[str], None], where: str, text: str) -> None:
    warn(f"{where}: {text}")


def _deal(hand: HandRecord, rules: Ruleset, table: Table, warn: Callable[[str], None]) -> dict[str, Any] | None:
    if hand.up is None:
        warn("EGN needs the up card of every deal; this hand has none and is left out")
        return None
    if not table.in_play[hand.dealer]:
        warn(f"the dealer {hand.dealer} is not at this table ({table.described()}); the hand is left out")
        return None
    state: dict[str, Any] = {"dealer": table.seats.index(hand.dealer), "upCard": _card(hand.up)}
    if hand.up_suit is not None:
        warn(f"EGN has no place for the suit named for the joker turned up ({hand.up_suit.letter}); it is not kept")
    for misdeal in hand.misdeals:
        warn(f"EGN has no place for a misdeal declared for the cards dealt (misdeal {misdeal.seat}); it is not kept")
    if hand.deal:
        cards: list[list[str]] = [[] for _ in table.seats]
        for holding in hand.deal:
            if not table.in_play[holding.seat]:
                warn(f"{holding.seat} is not at this table; its cards are left out")
                continue
            index = table.seats.index(holding.seat)
            if cards[index]:
                warn(f"{holding.seat}'s cards are written twice; the second holding is left out")
                continue
            cards[index] = [_card(c) for c in holding.cards]
        state["playerCards"] = cards
    phases: list[dict[str, Any]] = []
    if hand.calls or hand.discard is not None or hand.lone_defense is not None or hand.exchanges:
        phases.append(_bidding(hand, rules, table, warn))
    if hand.tricks:
        phases.append(_trick_play(hand, rules, warn, len(phases)))
    if hand.claim is not None and not hand.tricks and not hand.calls:
        warn(f"EGN carries a claim on the last card or call, and this hand has neither ({claim_annotation(hand.claim)}); it is not kept")
    if hand.reneges:
        warn("EGN has no place for a renege called at the table (renege " + ", ".join(str(r.seat) for r in hand.reneges) + "); it is not kept")
    if hand.score is not None:
        warn(f"EGN has no place for the score sheet's entry (score {spelled(*zip(*hand.score.canonical))}); it is not kept")  # type: ignore[arg-type]
    if hand.trick_counts is not None:
        warn("EGN has no place for a trick count (tricks NS .. EW ..); it is not kept")
    for comment in hand.comments:
        kept = (comment.anchor == "bid" and parse_call_comment(comment.text)) or (
            comment.anchor.startswith("trick") and parse_play_comment(comment.text))
        if not kept:
            warn(f"EGN has no place for the comment {comment.text!r} (only '# call N: ...' and '# trick T card C: ...' become annotations)")
    return {"dealNumber": hand.number, "initialState": state, "phases": phases}


def _card(card: Any) -> str:
    if card.is_joker:
        return "B"  # EGN's joker
    text = str(card)
    return text[:-1] + text[-1].lower()


def _bidding(hand: HandRecord, rules: Ruleset, table: Table, warn: Callable[[str], None]) -> dict[str, Any]:
    words: list[str] = []
    alone = False
    maker_seen = False
    for i, call in enumerate(hand.calls):
        in_turn = table.after(hand.dealer, 1 + i)
        if call.seat is not in_turn:
            warn(f"call {i + 1} is written for {call.seat}, but EGN's calls go in turn from the dealer's left ({in_turn}); EGN cannot hold a bid out of turn")
        if call.kind is CallKind.PASS:
            words.append("Pass")
            continue
        if call.kind is CallKind.ORDER:
            words.append("Order")
            if call.suit is not None:
                warn(f"EGN has no place for the suit {call.seat} names with the order ({call.suit.letter}); it is not kept")
        elif call.kind in (CallKind.HIGH, CallKind.LOW):
            words.append("n")  # EGN's no trump is played high
            if call.kind is CallKind.LOW:
                warn(f"EGN's no-trump call is played high; {call.seat}'s 'call low' is written 'n' and reads back as 'call high'")
        else:
            words.append(call.suit.letter.lower() if call.suit is not None else "Pass")
        if not maker_seen:
            alone = call.alone
            maker_seen = True
        elif call.alone:
            warn(f"call {i + 1} goes alone after trump was made; EGN holds 'alone' only for the maker")
    phase: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": words, "isAlone": alone}
    defense = hand.lone_defense
    if defense is not None and table.in_play[defense.seat]:
        phase["aloneDefender"] = table.seats.index(defense.seat)
        if defense.after != len(hand.calls):
            warn(f"{defense.seat} defends alone before call {defense.after + 1}; EGN holds the lone defender only after the calls")
    if hand.discard is not None:
        phase["discard"] = _card(hand.discard)
    exchanges = card_exchanges(hand.exchanges, rules, warn, table)
    if exchanges:
        phase["cardExchanges"] = exchanges
    notes: dict[str, list[str]] = {}
    for comment in hand.comments:
        parsed = parse_call_comment(comment.text) if comment.anchor == "bid" else None
        if parsed is not None:
            notes.setdefault(str(parsed[0]), []).append(parsed[1])
    if hand.claim is not None and not hand.tricks and hand.calls:  # no card played: the claim goes on the last call
        notes.setdefault(str(len(hand.calls) - 1), []).append(claim_annotation(hand.claim))
    if notes:
        phase["callAnnotations"] = notes
    return phase


def card_exchanges(exchanges: Sequence[Exchange], rules: Ruleset, warn: Callable[[str], None],
                   table: Table | None = None) -> list[dict[str, Any]]:
    """EGN's ``cardExchanges`` (docs/egn.md): a seat giving cards up to the kitty is its own sender and
    receiver, the kitty's cards it takes have no sender; partner's best is a pass from the partner to the
    lone maker, and the lone maker's discard given up as to the kitty.  Kitty exchanges come first."""
    out: list[dict[str, Any]] = []
    table = table if table is not None else table_of(rules)
    for exchange in sorted(exchanges, key=lambda e: not e.with_kitty):
        if not table.in_play[exchange.seat]:
            warn(f"{exchange.seat} is not at this table; its exchange is left out")
            continue
        seat = table.seats.index(exchange.seat)
        if exchange.with_kitty:
            out.append({"sender": seat, "receiver": seat, "cards": [_card(c) for c in exchange.cards]})
            if exchange.received:
                out.append({"receiver": seat, "cards": [_card(c) for c in exchange.received]})
            read_as = kitty_kind(list(exchange.cards), rules.deal.farmers_hand, rules.deal.go_under)
            if read_as is not exchange.kind:
                warn(f"EGN does not say which rule an exchange with the kitty is: {exchange.seat}'s "
                     f"'{exchange.kind.value}' reads back as '{read_as.value}' under this ruleset")
            continue
        partner = table.partner[exchange.seat]
        if partner is None:
            warn(f"{exchange.seat} has no partner to pass a card to; the exchange is left out")
            continue
        loner = table.seats.index(partner)
        out.append({"sender": seat, "receiver": loner, "cards": [_card(c) for c in exchange.cards]})
        if exchange.discard is not None:
            out.append({"sender": loner, "receiver": loner, "cards": [_card(exchange.discard)]})
    if len(out) > 4:
        warn("EGN holds at most 4 card exchanges in a deal; the rest are left out")
        out = out[:4]
    return out


def _trick_play(hand: HandRecord, rules: Ruleset, warn: Callable[[str], None], number: int) -> dict[str, Any]:
    by_rules = seats_by_rules(hand, rules)
    tricks = []
    for t, trick in enumerate(hand.tricks, 1):
        tricks.append([_card(p.card) for p in trick.plays])
        written: Sequence[Seat | None] = [p.seat for p in trick.plays]
        ruled = by_rules.get(t)
        if ruled is not None and any(w is not None and w is not r for w, r in zip(written, ruled, strict=False)):
            shown = " ".join(f"{p.seat}:{p.card}" for p in trick.plays)
            warn(f"trick {t} is written {shown}, but by the rules the cards were played by {' '.join(str(s) for s in ruled)}; EGN holds only the order of the cards")
    if len(tricks) > 10:
        warn("EGN holds at most 10 tricks; the rest are left out")
        tricks = tricks[:10]
    phase: dict[str, Any] = {"phaseNumber": number, "type": "TRICK_PLAY", "tricks": tricks}
    sizes = [len(t) for t in tricks]
    notes: dict[str, list[str]] = {}
    for comment in hand.comments:
        parsed = parse_play_comment(comment.text) if comment.anchor.startswith("trick") else None
        if parsed is not None:
            trick_no, card_no, text = parsed
            index = sum(sizes[: trick_no - 1]) + card_no - 1
            notes.setdefault(str(index), []).append(text)
    if hand.claim is not None and sizes:
        notes.setdefault(str(sum(sizes) - 1), []).append(claim_annotation(hand.claim))
    if notes:
        phase["playAnnotations"] = notes
    return phase


def games_to_egn(games: Sequence[GameRecord], rules_of: Callable[[GameRecord], Ruleset], warn: Callable[[str], None]) -> str:
    """EGN text for one game, EMN (a match) for several."""
    objects = [game_to_egn(g, rules_of(g), warn) for g in games]
    if len(objects) == 1:
        return json.dumps(objects[0], indent=2, ensure_ascii=False) + "\n"
    for index, obj in enumerate(objects):
        if len(obj["metadata"]["players"]) != 4:  # EMN: "Array of 4 player IDs mapped to [Seat 0: North, ...]"
            raise InputError(f"game {games[index].index}: an EMN match holds games of four players, and this game has "
                             f"{len(obj['metadata']['players'])}: convert each game on its own, as EGN")
    registry: dict[str, str] = {}  # id -> name
    by_name: dict[str, str] = {}
    entries = []
    for index, obj in enumerate(objects):
        seat_ids: list[str] = []
        for seat, name in enumerate(obj["metadata"]["players"]):
            sid = by_name.get(name) if name else None
            if sid is None or sid in seat_ids:
                sid = f"p-{len(registry) + 1:02d}"
                registry[sid] = name
                if name and name not in by_name:
                    by_name[name] = sid
            seat_ids.append(sid)
        entries.append({"gameIndex": index, "players": seat_ids, "gameData": obj})
    players = [{"id": sid, "name": name} for sid, name in registry.items()]
    meta: dict[str, Any] = {"players": players}
    match = games[0].tag("Match")
    if match is not None:
        meta["title"] = match[:128]
    document = {"fileType": EMN_FILE_TYPE, "version": EMN_VERSION, "metadata": meta, "games": entries}
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


__all__ = ["SET_TAG", "game_to_egn", "games_to_egn"]
