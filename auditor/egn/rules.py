"""EGN's ``metadata.ruleset`` object <-> our ruleset keys.

An EGN game is audited under hoyle with the EGN keys laid over it.  Each key
maps onto one of our keys (``loner_lead`` -> ``play.first_lead_alone``...) or,
when we cannot honour it (a joker, no-trump, card exchanges...), becomes a
note that the report shows once per game: never silently ignored.

The overrides travel in the game's ``[Set "..."]`` tag (the same
``KEY=VALUE`` form as ``--set``), so that the text notation holds them too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
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

#: EGN keys for variants the auditor does not replay, and what they mean.
_UNSUPPORTED = {
    "farmers": "farmer's hands (a card exchange)",
    "partners_best": "the lone player's partner passing a best card",
    "go_under": "going under (an exchange with the kitty)",
    "joker": "the joker (benny) as the highest trump",
    "allow_no_trump": "no-trump calls",
    "fast_break": "the fast-break scoring rule",
    "four_trick_tokens": "four-trick tokens",
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
    ranks = _RANKS_FROM.get(values["min_rank"]) if isinstance(values["min_rank"], int) else None
    if ranks is None:
        out.notes.append(f"EGN min_rank {values['min_rank']!r} cannot be honoured (7, 8 or 9 only); the deck is 9 to A")
    else:
        current = [r.value for r in base.deck.ranks]
        if ranks != current:
            out.overrides["deck.ranks"] = "[" + ", ".join(ranks) + "]"
            # every card is dealt or in the kitty: 5 each from 32 cards leaves 12
            put("deck.kitty", len(ranks) * 4 + (1 if base.deck.joker else 0) - 4 * base.deck.hand_size, base.deck.kitty)
    _scores(values, base, out, put)
    _loners(values, base, out, put)
    for key, what in _UNSUPPORTED.items():
        if values[key]:
            out.notes.append(f"EGN {key}: true ({what}) cannot be honoured; the games are replayed without it")
    if values["num_players"] != 4:
        out.notes.append(f"EGN num_players: {values['num_players']} cannot be honoured; the games are replayed as four-handed")
    return out


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
    target, deals = values["winning_score"], values["num_deals"]
    if isinstance(target, int) and 1 <= target <= 1000:
        put("game.target", target, base.game.target)
    elif target == 0:
        out.notes.append(f"EGN winning_score: 0 (no target score) cannot be honoured; a game ends at {base.game.target}")
    else:
        out.notes.append(f"EGN winning_score: {target!r} cannot be honoured; a game ends at {base.game.target}")
    if isinstance(deals, int) and deals > 0:
        out.notes.append(f"EGN num_deals: {deals} (a game of a fixed number of deals) cannot be honoured; the game ends when a side reaches the target")


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


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def to_egn(rules: Ruleset) -> tuple[dict[str, Any], list[str]]:
    """The EGN ruleset object for ``rules``, and what of ``rules`` EGN cannot hold."""
    out: dict[str, Any] = {
        "std": rules.bidding.stick_the_dealer,
        "loner_lead": "LEFT_OF_LONER" if rules.play.first_lead_alone is FirstLead.LONER_LEFT else "LEFT_OF_DEALER",
        "winning_score": rules.game.target,
        "loner_march_score": rules.scoring.lone_march,
        "loner_euchred_score": rules.scoring.lone_euchre,
    }
    ranks = [r.value for r in rules.deck.ranks]
    for low, names in _RANKS_FROM.items():
        if names == ranks:
            if low != 9:
                out["min_rank"] = low
            break
    out["canadian"] = rules.bidding.dealer_partner_order_alone
    if rules.bidding.defend_alone:
        out["defend_alone"] = True
    # what EGN cannot say: every key of ours that differs from hoyle read back from this object
    lost: list[str] = []
    hoyle = load_ruleset("hoyle")
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
