"""EGN's ``metadata.ruleset`` object <-> our ruleset keys.

An EGN game is audited under hoyle with the EGN keys laid over it.  Each key
maps onto one or more of our keys (``loner_lead`` -> ``play.first_lead_alone``,
``num_deals`` -> ``game.deals``, ``go_under`` -> ``deal.go_under``...) or, when
we cannot honour it (``num_players`` other than 4, a value out of range),
becomes a note that the report shows once per game: never silently ignored.

The overrides travel in the game's ``[Set "..."]`` tag (the same
``KEY=VALUE`` form as ``--set``), so that the text notation holds them too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..model import GameRecord
from ..rules.loader import RulesetError, load_ruleset
from ..rules.loader import apply_overrides as loader_apply_overrides
from ..rules.schema import FirstLead, Ruleset

SET_TAG = "Set"

#: EGN's documented defaults (docs/alternate-rules.md of EGN).
EGN_DEFAULTS: dict[str, Any] = {
    "std": True,
    "min_rank": 9,
    "winning_score": 10,
    "num_deals": 0,
    "canadian": False,
    "loner_lead": "LEFT_OF_DEALER",
    "loner_march_score": 4,
    "loner_euchred_score": 2,
    "defend_alone": False,
    "farmers": False,
    "partners_best": False,
    "go_under": False,
    "joker": False,
    "num_players": 4,
    "allow_no_trump": False,
    "fast_break": False,
    "four_trick_tokens": False,
}

_LONER_LEAD = {"LEFT_OF_DEALER": FirstLead.DEALER_LEFT, "LEFT_OF_LONER": FirstLead.LONER_LEFT}
_RANKS_FROM = {9: ["9", "T", "J", "Q", "K", "A"], 8: ["8", "9", "T", "J", "Q", "K", "A"], 7: ["7", "8", "9", "T", "J", "Q", "K", "A"]}

#: EGN's four_trick_tokens: "If, at any point in the game, they get to 4 tokens, they turn all their tokens in".
EGN_TOKENS_PER_POINT = 4
#: EGN's allow_no_trump: "tricks are won strictly by the highest card of the lead suit".
EGN_NO_TRUMP = ["high"]
#: EGN's house rules that are one of our keys each (true <-> true).
_SWITCHES = {
    "joker": "deck.joker",
    "farmers": "deal.farmers_hand",
    "go_under": "deal.go_under",
    "partners_best": "bidding.partners_best",
    "fast_break": "scoring.fast_break",
}


@dataclass
class Mapped:
    """What an EGN ruleset object becomes: overrides of hoyle, and notes."""

    overrides: dict[str, str] = field(default_factory=dict)  # dotted key -> value text
    notes: list[str] = field(default_factory=list)

    def set_tag(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.overrides.items())


def from_egn(ruleset: Mapping[str, Any], base: Ruleset) -> Mapped:
    """Map EGN's keys (with EGN's defaults for absent ones) onto overrides of ``base``."""
    values = {**EGN_DEFAULTS, **ruleset}
    out = Mapped()

    def put(path: str, value: Any, current: Any) -> None:
        if value != current:
            out.overrides[path] = _text(value)

    for key in ruleset:
        if key not in EGN_DEFAULTS:
            out.notes.append(f"EGN ruleset key {key!r} is not an EGN key this auditor knows; it is not applied")
    put("bidding.stick_the_dealer", bool(values["std"]), base.bidding.stick_the_dealer)
    lead = _LONER_LEAD.get(str(values["loner_lead"]))
    if lead is None:
        out.notes.append(f"EGN loner_lead {values['loner_lead']!r} is unknown; the lead against a loner follows {base.name}")
    else:
        put("play.first_lead_alone", lead.value, base.play.first_lead_alone.value)
    players = _players(values, base, out)
    ranks = _RANKS_FROM.get(values["min_rank"]) if isinstance(values["min_rank"], int) else None
    if ranks is None:
        out.notes.append(f"EGN min_rank {values['min_rank']!r} cannot be honoured (7, 8 or 9 only); the deck is 9 to A")
        ranks = [r.value for r in base.deck.ranks]
    current = [r.value for r in base.deck.ranks]
    if ranks != current:
        out.overrides["deck.ranks"] = "[" + ", ".join(ranks) + "]"
    if ranks != current or players != len(base.table.seats):
        # every card is dealt or in the kitty: 5 each from 32 cards leaves 12; three players from 24 leave 9
        put("deck.kitty", len(ranks) * 4 + (1 if base.deck.joker else 0) - players * base.deck.hand_size, base.deck.kitty)
    _scores(values, base, out, put)
    _completion(values, ruleset, base, out, put)
    _loners(values, base, out, put)
    _house_rules(values, base, out, put)
    if players != 4:  # every player for himself: the partnership rules EGN may name cannot apply
        for key in ("bidding.dealer_partner_order_alone", "bidding.defend_alone", "bidding.partners_best"):
            if out.overrides.pop(key, "false") == "true":
                out.notes.append(f"EGN's {_EGN_NAME[key]} is a rule about partners, which a {players}-handed game "
                                 "has none of: it is not applied")
    return out


#: EGN's num_players -> the seats in play (every player for himself): seed 003's games of two and three
EGN_SEATS = {3: "[N, E, W]", 2: "[N, S]"}
_EGN_NAME = {"bidding.dealer_partner_order_alone": "canadian", "bidding.defend_alone": "defend_alone",
             "bidding.partners_best": "partners_best"}


def _players(values: dict[str, Any], base: Ruleset, out: Mapped) -> int:
    """EGN's ``num_players``: 4 (partners), or 3 and 2 (each for himself, seats N E W and N S); another
    count cannot be honoured and the game is replayed as four-handed."""
    count = values["num_players"]
    if count == 4 or isinstance(count, bool) or count not in EGN_SEATS:
        if count != 4:
            out.notes.append(f"EGN num_players: {count!r} cannot be honoured (2, 3 or 4); the games are replayed as four-handed")
        return len(base.table.seats)
    out.overrides["table.seats"] = EGN_SEATS[count]
    out.overrides["table.sides"] = "each"
    return count


def _scores(values: dict[str, Any], base: Ruleset, out: Mapped, put: Any) -> None:
    for key, path, current in (
        ("loner_march_score", "scoring.lone_march", base.scoring.lone_march),
        ("loner_euchred_score", "scoring.lone_euchre", base.scoring.lone_euchre),
    ):
        value = values[key]
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100:
            put(path, value, current)
        else:
            out.notes.append(f"EGN {key}: {value!r} cannot be honoured (0 to 100); {base.name}'s {current} is used")


def _completion(values: dict[str, Any], ruleset: Mapping[str, Any], base: Ruleset, out: Mapped, put: Any) -> None:
    """``winning_score`` and ``num_deals``: EGN's one completion condition, our ``game.target`` or ``game.deals``."""
    target, deals = values["winning_score"], values["num_deals"]
    if isinstance(deals, int) and 1 <= deals <= 1000:
        if "winning_score" in ruleset and target != 0:  # EGN: "not both"; its schema's text: "either limit"
            out.notes.append(f"EGN winning_score: {target!r} and num_deals: {deals} are both set, but a game ends one way "
                             f"only; the game is audited as a game of {deals} deals")
        put("game.target", 0, base.game.target)
        put("game.deals", deals, base.game.deals)
        return
    if deals != 0:
        out.notes.append(f"EGN num_deals: {deals!r} cannot be honoured (1 to 1000 deals); the game ends by its target")
    put("game.deals", 0, base.game.deals)
    if isinstance(target, int) and 1 <= target <= 1000:
        put("game.target", target, base.game.target)
    elif target == 0:
        out.notes.append(f"EGN winning_score: 0 with no num_deals leaves the game no way to end; a game ends at {base.game.target}")
    else:
        out.notes.append(f"EGN winning_score: {target!r} cannot be honoured; a game ends at {base.game.target}")


#: What EGN's ``defend_alone`` scores: "a lone defender who euchres a lone maker: 4" (EGN's rules).
EGN_DEFEND_ALONE_EUCHRE = 4


def _loners(values: dict[str, Any], base: Ruleset, out: Mapped, put: Any) -> None:
    """``canadian`` and ``defend_alone``: EGN's defending alone is against a lone maker only."""
    bidding = base.bidding
    put("bidding.dealer_partner_order_alone", bool(values["canadian"]), bidding.dealer_partner_order_alone)
    defend = bool(values["defend_alone"])
    put("bidding.defend_alone", defend, bidding.defend_alone)
    if defend:
        put("bidding.defend_alone_only_against_lone", True, bidding.defend_alone_only_against_lone)
        put("scoring.defend_alone_euchre", EGN_DEFEND_ALONE_EUCHRE, base.scoring.defend_alone_euchre)


def _house_rules(values: dict[str, Any], base: Ruleset, out: Mapped, put: Any) -> None:
    """EGN's alternate rules that are switches: the joker, the farmer's hand, going under, partner's best,
    the fast break, no-trump (``[high]``) and four-trick tokens (4 a point)."""
    current = base.model_dump(mode="json")
    for key, path in _SWITCHES.items():
        section, name = path.split(".")
        put(path, bool(values[key]), current[section][name])
    calls = EGN_NO_TRUMP if values["allow_no_trump"] else []
    if calls != current["bidding"]["no_trump_calls"]:
        out.overrides["bidding.no_trump_calls"] = "[" + ", ".join(calls) + "]"
    put("scoring.four_trick_tokens", EGN_TOKENS_PER_POINT if values["four_trick_tokens"] else 0, base.scoring.four_trick_tokens)


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@lru_cache(maxsize=1)
def hoyle_ruleset() -> Ruleset:
    """The bundled ruleset EGN's object is laid over, read once (a Ruleset is frozen): reading its
    YAML for each game made ``convert --to egn`` of 2,000 short games take 20 s."""
    return load_ruleset("hoyle")


def to_egn(rules: Ruleset) -> tuple[dict[str, Any], list[str]]:
    """The EGN ruleset object for ``rules``, and what of ``rules`` EGN cannot hold."""
    out: dict[str, Any] = {
        "std": rules.bidding.stick_the_dealer,
        "loner_lead": "LEFT_OF_LONER" if rules.play.first_lead_alone is FirstLead.LONER_LEFT else "LEFT_OF_DEALER",
    }
    if rules.game.deals:  # EGN: "omit winning_score ... and set num_deals"
        out["num_deals"] = rules.game.deals
    else:
        out["winning_score"] = rules.game.target
    out["loner_march_score"] = rules.scoring.lone_march
    out["loner_euchred_score"] = rules.scoring.lone_euchre
    ranks = [r.value for r in rules.deck.ranks]
    for low, names in _RANKS_FROM.items():
        if names == ranks:
            if low != 9:
                out["min_rank"] = low
            break
    out["canadian"] = rules.bidding.dealer_partner_order_alone
    seats = "[" + ", ".join(s.value for s in rules.table.seats) + "]"
    players = next((count for count, written in EGN_SEATS.items() if written == seats), None)
    if players is not None and rules.table.sides.value == "each":
        out["num_players"] = players
    if rules.bidding.defend_alone:
        out["defend_alone"] = True
    current = rules.model_dump(mode="json")
    for key, path in _SWITCHES.items():
        section, name = path.split(".")
        if current[section][name]:
            out[key] = True
    if "high" in current["bidding"]["no_trump_calls"]:
        out["allow_no_trump"] = True
    if rules.scoring.four_trick_tokens:
        out["four_trick_tokens"] = True
    # what EGN cannot say: every key of ours that differs from hoyle read back from this object
    lost: list[str] = []
    hoyle = hoyle_ruleset()
    back = from_egn(out, hoyle)
    rebuilt = apply_overrides(hoyle, back.overrides)
    for path, mine, theirs in _differences(rules.model_dump(mode="json"), rebuilt.model_dump(mode="json")):
        if path in {"name", "description", "source", "extends"}:
            continue
        lost.append(f"{path}={_text(mine) if not isinstance(mine, list) else mine}")
    if ranks not in _RANKS_FROM.values():
        lost.append(f"deck.ranks={ranks}")
    return out, lost


def _differences(a: Any, b: Any, prefix: str = "") -> list[tuple[str, Any, Any]]:
    if isinstance(a, dict) and isinstance(b, dict):
        found = []
        for key in a:
            found.extend(_differences(a[key], b.get(key), f"{prefix}.{key}" if prefix else key))
        return found
    return [] if a == b else [(prefix, a, b)]


def apply_overrides(base: Ruleset, overrides: Mapping[str, str] | list[str]) -> Ruleset:
    """``base`` with dotted ``KEY=VALUE`` overrides laid over it (the loader's one parser).

    :class:`ValueError` names the override that cannot be used.
    """
    texts = [f"{k}={v}" for k, v in overrides.items()] if isinstance(overrides, Mapping) else list(overrides)
    try:
        return loader_apply_overrides(base, texts)
    except RulesetError as err:
        raise ValueError("; ".join(err.problems)) from None


def parse_set_tag(value: str) -> list[str]:
    """``"a.b=1; c.d=x"`` -> ``["a.b=1", "c.d=x"]`` (the ``--set`` form)."""
    return [part.strip() for part in value.split(";") if part.strip()]


def game_overrides(game: GameRecord) -> list[str]:
    """The ``--set`` overrides a game's ``[Set]`` tag states."""
    value = game.tag(SET_TAG)
    return parse_set_tag(value) if value else []


def with_set_tag(base: Ruleset, game: GameRecord, cli: list[str] | None = None) -> Ruleset:
    """``base`` changed by the game's ``[Set]`` tag; the command line's ``--set`` has the last word."""
    overrides = game_overrides(game)
    if not overrides:
        return base
    try:
        rules = apply_overrides(base, overrides)
        if cli:
            rules = apply_overrides(rules, cli)
    except ValueError as err:
        raise RulesetError([f"line {game.tag_pos(SET_TAG)}: [{SET_TAG}] tag: {err}"]) from None
    return rules.model_copy(update={"name": f"{base.name} with the game's Set tag"[:64]})
