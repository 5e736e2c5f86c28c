"""The ruleset schema: every rule that varies between clubs, as typed data.

Each field's description is its documentation (``docs/rulesets.md`` is checked
against these models by a test).  Models forbid unknown keys, so a misspelt
key is an error, not a silently ignored rule.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated

from pydantic import Field, ValidationInfo, field_validator, model_validator

from ..findings import Severity  # one severity scale for findings and the rules that grade them
from .deck import DeckRules, RankName
from .seating import SeatName, Sides, TableRules
from .standings_rules import StandingsRules
from .strict import Strict as _Strict

__all__ = ["DeckRules", "RankName", "SeatName", "Sides", "TableRules"]  # the deck and the table live in .deck and .seating


class FailedClaim(str, Enum):
    DISPUTED_TO_OPPONENTS = "disputed-to-opponents"
    """The claimer's side keeps the tricks it is sure of against every defence; the opponents take the rest."""
    ALL_TO_OPPONENTS = "all-to-opponents"
    """The opponents take every trick the claim was about."""
    AS_CLAIMED = "as-claimed"
    """The claim stands as the table accepted it; the failure is a warning."""


class FirstLead(str, Enum):
    DEALER_LEFT = "dealer-left"
    """The player on the dealer's left, or the next active player after them."""
    LONER_LEFT = "loner-left"
    """The player on the lone player's left."""


class AfterThrowIn(str, Enum):
    NEXT_DEALER = "next-dealer"
    SAME_DEALER = "same-dealer"


class Misdeal(str, Enum):
    NONE = "none"
    """No hand is a misdeal for its cards."""
    CAN = "can"
    """A player dealt a qualifying hand may declare a misdeal."""
    MUST = "must"
    """A player dealt a qualifying hand must declare it: playing it is a finding."""


class MisdealHand(str, Enum):
    NINES_AND_TENS = "nines-and-tens"
    """Seed 003: 'A player dealt all 9's and 10's'."""
    ACE_WITH_NINES_AND_TENS = "ace-with-nines-and-tens"
    """Seed 003: 'a single ace with the remainder of the hand comprised of 9's and 10's'."""


class GoUnderHand(str, Enum):
    THREE_NINES_AND_TENS = "three-nines-and-tens"
    """EGN: 'three 9s and 10s': at least three of the hand's cards are 9s and 10s."""
    NO_FACE_CARDS = "no-face-cards"
    """EGN: 'no face cards': no jack, queen or king (nor the joker); an ace is not a face card."""


class PartnersBestCard(str, Enum):
    ANY = "any"
    """The partner passes any card: which one is 'best' is the partner's judgement."""
    HIGHEST_TRUMP = "highest-trump"
    """The partner passes their highest trump when they hold one (any card when they hold none)."""


class JokerUp(str, Enum):
    DEALER_NAMES = "dealer-names"
    """The dealer names the trump suit before looking at their hand (written `up JK H`)."""
    MAKER_NAMES = "maker-names"
    """Whoever orders the joker up names the suit (written `N order H`)."""


class NoTrumpCall(str, Enum):
    HIGH = "high"
    """No trump; the highest card of the suit led wins."""
    LOW = "low"
    """No trump; the lowest card of the suit led wins."""


class DealRules(_Strict):
    after_throw_in: AfterThrowIn = Field(
        default=AfterThrowIn.NEXT_DEALER,
        description="Who deals after all players pass: the next player (`next-dealer`) or the same dealer again (`same-dealer`).",
    )
    out_of_rotation: Severity = Field(
        default=Severity.ERROR,
        description="Severity of a dealer out of rotation (D105) other than a stolen deal: `error`, or `warning` "
        "where any wrong dealer stands when nobody notices.",
    )
    stealing: bool = Field(
        default=False,
        description="Stealing the deal (seed 002 line 19): the partner of the last dealer who deals in place of the "
        "next dealer has stolen the deal, which stands when nobody notices (D114, a warning). Other dealers out of "
        "rotation are still D105.",
    )
    misdeal: Misdeal = Field(
        default=Misdeal.NONE,
        description="Whether a player dealt a hand of `misdeal_hands` `can` or `must` declare a misdeal (written `misdeal <seat>`); "
        "the deal passes to the next player (seed 003 lines 16-21).",
    )
    misdeal_hands: list[MisdealHand] = Field(
        default=[MisdealHand.NINES_AND_TENS, MisdealHand.ACE_WITH_NINES_AND_TENS],
        max_length=2,
        description="The hands that are a misdeal: `nines-and-tens` (all 9s and 10s), `ace-with-nines-and-tens` "
        "(one ace, the rest 9s and 10s).",
    )
    farmers_hand: bool = Field(
        default=False,
        description="The farmer's hand: a player dealt three 9s and 10s may exchange them for the three face-down cards "
        "of the kitty before bidding, the first to the dealer's left first (written `farmer <seat>: <three cards>`; "
        "seed 003 lines 45-49).",
    )
    go_under: bool = Field(
        default=False,
        description="Going under (EGN's `go_under`, 'Defend the Left', 'Bottoms'): a player dealt a hand of "
        "`go_under_hands` may exchange three cards for the three face-down cards of the kitty before bidding, once a hand "
        "(written `under <seat>: <three cards>`).",
    )
    go_under_hands: list[GoUnderHand] = Field(
        default=[GoUnderHand.THREE_NINES_AND_TENS, GoUnderHand.NO_FACE_CARDS],
        min_length=1,
        max_length=2,
        description="The hands that may go under: `three-nines-and-tens` (three or more 9s and 10s), `no-face-cards` "
        "(no jack, queen or king; EGN's two examples of 'a remarkably poor hand').",
    )


class BiddingRules(_Strict):
    stick_the_dealer: bool = Field(
        default=False,
        description="When the first three players pass in round 2, the dealer must name trump; a dealer pass there is an illegal bid.",
    )
    alone_on_order: bool = Field(default=True, description="A player who orders up (round 1) may go alone.")
    alone_on_call: bool = Field(default=True, description="A player who names trump (round 2) may go alone.")
    dealer_may_discard_up_card: bool = Field(
        default=True, description="The dealer who takes the up card may discard that same card."
    )
    dealer_partner_order_alone: bool = Field(
        default=False,
        description="The Canadian loner: the dealer's partner who orders up (round 1) must go alone ('I order it down').",
    )
    defend_alone: bool = Field(
        default=False,
        description="Once trump is made, either defender may declare that they defend alone; their partner's cards are not played.",
    )
    defend_alone_only_against_lone: bool = Field(
        default=False, description="Defending alone is allowed only against a lone maker."
    )
    may_name_turned_down_suit: bool = Field(
        default=False,
        description="In round 2 a player may name the suit turned down in round 1 (four seeds forbid it; seed 002 does not say).",
    )
    dealer_needs_another_trump: bool = Field(
        default=False,
        description="The dealer may not take the up card up (by ordering it, or 'I take it') if it would be the dealer's "
        "only trump (seed 003 line 23).",
    )
    order_needs_the_suit: bool = Field(
        default=False,
        description="No player may order up (or take up) the up card without already holding a card of its suit; the "
        "left bower does not count (seed 003 lines 24-26).",
    )
    sitting_out_dealer_takes_up: bool = Field(
        default=True,
        description="A dealer who sits out (the partner plays alone, or defends alone) still takes the up card and "
        "discards (seed 003 line 8 makes no exception); `false`: that dealer takes no card, and a discard is X303.",
    )
    misdeal_when_round_two_reaches_dealer: bool = Field(
        default=False,
        description="When the three players before the dealer pass in round 2, the hand is a misdeal (the dealer may not "
        "name trump) and the next hand is dealt by `deal.after_throw_in` (seed 002 line 33).",
    )
    joker_up: JokerUp = Field(
        default=JokerUp.DEALER_NAMES,
        description="When the joker is the up card: the dealer names the trump suit before looking (`dealer-names`, "
        "written `up JK H`), or whoever orders it up names the suit (`maker-names`, written `N order H`).",
    )
    no_trump_calls: list[NoTrumpCall] = Field(
        default=[],
        max_length=2,
        description="No-trump bids allowed in round 2 instead of a suit, also alone: `high` (the highest card of the suit "
        "led wins) and `low` (the lowest wins); jacks rank in their own suit (seed 003 lines 36-41; EGN's `allow_no_trump`: `high`).",
    )
    partners_best: bool = Field(
        default=False,
        description="Partner's best (EGN's `partners_best`, 'call for best'): once a player makes trump alone, their "
        "partner may pass them a card face down and the lone player discards one (written `best <partner>: <card> "
        "discard <card>`).",
    )
    partners_best_card: PartnersBestCard = Field(
        default=PartnersBestCard.ANY,
        description="Which card the partner passes for partner's best: `any` (the partner's judgement) or "
        "`highest-trump` (their highest trump, when they hold one).",
    )


class PlayRules(_Strict):
    first_lead: FirstLead = Field(
        default=FirstLead.DEALER_LEFT, description="Who leads the first trick when nobody is alone."
    )
    first_lead_alone: FirstLead = Field(
        default=FirstLead.LONER_LEFT,
        description="Who leads the first trick against a lone player, and at a table without partners (every maker "
        "plays alone). With `dealer-left`, the next active player when that seat sits out.",
    )

    def first_lead_for(self, alone: bool, partnerships: bool) -> FirstLead:
        """The rule for the first lead of a hand: ``first_lead_alone`` against a lone maker, and at a table
        without partners, where every maker plays alone (seed 003 line 52: "players will always be going
        alone"; line 9: "If a player is going alone, the person to their left leads to the first trick")."""
        return self.first_lead_alone if alone or not partnerships else self.first_lead


class PointsTable(_Strict):
    """What a hand scores, by how it went: for trump hands, and for no-trump hands where they differ."""

    make: int = Field(default=1, ge=0, le=100, description="Points for makers who take a majority but not every trick.")
    march: int = Field(default=2, ge=0, le=100, description="Points for makers who take every trick.")
    lone_make: int = Field(default=1, ge=0, le=100, description="Points for a lone player who takes a majority but not every trick.")
    lone_march: int = Field(default=4, ge=0, le=100, description="Points for a lone player who takes every trick.")
    euchre: int = Field(default=2, ge=0, le=100, description="Points for defenders who hold the makers under the majority.")
    lone_euchre: int = Field(default=2, ge=0, le=100, description="Points for defenders who euchre a lone player.")
    by_tricks: dict[Annotated[int, Field(ge=1, le=24)], Annotated[int, Field(ge=0, le=100)]] | None = Field(
        default=None, max_length=24,
        description="Points for makers who are not alone by the tricks they take, in place of `make` and `march`: the "
        "points of the largest count reached; its smallest count is `majority` (seed 003 lines 64-66: 7 tricks 1, "
        "10 tricks 2, all 13 tricks 4). Absent: `majority` scores `make` and every trick `march`.",
    )


class ScoringRules(PointsTable):
    majority: int = Field(default=3, ge=1, le=24, description="Tricks the makers need to avoid a euchre.")
    defend_alone_euchre: int = Field(default=4, ge=0, le=100, description="Points for a lone defender who euchres the makers (alone or not); only where `bidding.defend_alone` allows defending alone.")
    no_trump: PointsTable | None = Field(
        default=None,
        description="Points for a no-trump hand (high or low); absent: as for a trump hand.",
    )
    fast_break: bool = Field(
        default=False,
        description="The fast break (EGN's `fast_break`): defenders who take the first two tricks and then lose every "
        "other trick leave the hand scoring nothing for either side.",
    )
    fast_break_alone: bool = Field(
        default=True,
        description="The fast break also applies against a lone maker (EGN's text makes no exception).",
    )
    four_trick_tokens: int = Field(
        default=0, ge=0, le=100,
        description="Four-trick tokens (EGN's `four_trick_tokens`: 4): makers, not alone, who take every trick but one "
        "(4 of 5) get a token besides their points; this many tokens are turned in for one more point. 0: no tokens.",
    )


class RenegeRules(_Strict):
    points: int = Field(default=2, ge=0, le=100, description="Points the other side scores for a called renege.")
    points_alone: int = Field(default=4, ge=0, le=100, description="The same when someone was playing alone in the hand.")
    hand_stands: bool = Field(
        default=False,
        description="`false`: the offending side scores nothing for the hand (see `innocent_side_keeps`); `true`: the hand is scored as played and the penalty is added.",
    )
    innocent_side_keeps: bool = Field(
        default=True,
        description="With `hand_stands: false`: `true`, the other side keeps its points for the hand and the penalty is added "
        "(seed 004: 'adding two points to his opponents' score'); `false`, the penalty replaces them (seed 000: 'the "
        "opposing team gets 4 points').",
    )
    restore_equity: bool = Field(
        default=False,
        description="The tricks a renege or an illegal left-bower follow gained its side (double dummy, with the whole deal "
        "written) go to the other side, and the hand is scored on them, called or not (bridge's Laws of Duplicate Bridge "
        "2017, Law 64C: equity is restored; the seeds are silent).",
    )


class ClaimRules(_Strict):
    failed: FailedClaim = Field(
        default=FailedClaim.DISPUTED_TO_OPPONENTS,
        description="How a claim that fails against some defence is scored: `disputed-to-opponents` (the claimer's side "
        "keeps the tricks it is sure of; the common club rule, as bridge's Law 70A resolves doubtful points against the "
        "claimer), `all-to-opponents` (the opponents take every trick claimed), or `as-claimed` (the table accepted it: "
        "it stands, as bridge's Law 69A has an acquiesced claim stand).",
    )


class GameRules(_Strict):
    target: int = Field(default=10, ge=0, le=1000, description="Points that win the game (0: no target; `deals` ends the game).")
    win_by: int = Field(default=1, ge=1, le=100, description="The winners must lead by at least this many points (Australian option: 2).")
    max_score: int = Field(
        default=0, ge=0, le=1000,
        description="A side's score never passes this (0: no cap); Bicycle's Euchre Club of Chicago: 'you can score up to 13 points'.",
    )
    deals: int = Field(
        default=0, ge=0, le=1000,
        description="A game of this many deals (EGN's `num_deals`; progressive Euchre): the side ahead after the last "
        "deal wins, equal scores are a tie. 0: no limit (`target` ends the game).",
    )

    @model_validator(mode="after")
    def _one_way_to_end(self) -> GameRules:
        """EGN: 'A game must have a single defined completion condition': a target score or a number of deals."""
        if self.target == 0 and self.deals == 0:
            raise ValueError("game.target and game.deals are both 0: a game needs one way to end (a target score, or a number of deals)")
        if self.target and self.deals:
            raise ValueError(
                f"game.target is {self.target} and game.deals is {self.deals}: a game ends one way only; "
                f"write game.target: 0 for a game of {self.deals} deals, or game.deals: 0 for a game to {self.target}"
            )
        return self


class DrinkRules(_Strict):
    """Drinking-game rules (seed 000, rules 1-8); absent in most rulesets."""

    trump_caller_others: int = Field(default=1, ge=0, le=100, description="Rule 1: every player but the one who made trump drinks this many.")
    trick_lost: int = Field(default=1, ge=0, le=100, description="Rule 2: each player of the side that lost a trick drinks this many.")
    per_point_conceded: int = Field(default=1, ge=0, le=100, description="Rule 3: each player of the side that did not score drinks this many per point the other side scored.")
    failed_to_follow: int = Field(default=1, ge=0, le=100, description="Rule 4: a player who cannot follow suit drinks this many (a renege is not a card the player could not follow).")
    renege_per_point: int = Field(default=4, ge=0, le=100, description="Rule 5: each player of a side caught reneging drinks this many per penalty point.")
    renege_extra: int = Field(default=1, ge=0, le=100, description="Rule 5: the player who reneged drinks this many more.")
    up_card_turned_down: int = Field(default=1, ge=0, le=100, description="Rule 6: every player drinks this many when the up card is turned down.")
    euchred: int = Field(default=4, ge=0, le=100, description="Rule 7: each player of the side that was euchred drinks this many.")
    lone_partner: int = Field(default=1, ge=0, le=100, description="Rule 8: the lone player's partner drinks this many.")
    lone_extra: int = Field(default=1, ge=0, le=100, description="Rule 8: the lone player drinks this many more every time they drink.")
    lone_success_extra: int = Field(default=1, ge=0, le=100, description="Rule 8: each opponent drinks this many more when a lone player makes the hand.")
    lone_failure: int = Field(default=5, ge=0, le=100, description="Rule 8: a lone player who is euchred drinks this many, in place of rule 7's drinks and the lone extra.")


class Ruleset(_Strict):
    name: str = Field(default="", max_length=64, description="Short name (defaults to the file name).")
    description: str = Field(default="", max_length=500, description="One line shown by `euchre-audit rules`.")
    source: str = Field(default="", max_length=500, description="Where these rules come from.")
    extends: str | None = Field(default=None, max_length=500, description="A bundled ruleset name or a path whose rules this file changes.")
    table: TableRules = Field(default_factory=TableRules, description="The players: the seats in play and the sides.")
    deck: DeckRules = Field(default_factory=DeckRules, description="The cards and the deal.")
    deal: DealRules = Field(default_factory=DealRules, description="The rotation of the deal.")
    bidding: BiddingRules = Field(default_factory=BiddingRules, description="Making trump and going alone.")
    play: PlayRules = Field(default_factory=PlayRules, description="The play of the tricks.")
    scoring: ScoringRules = Field(default_factory=ScoringRules, description="Points per hand.")
    renege: RenegeRules = Field(default_factory=RenegeRules, description="The penalty for a called renege.")
    claims: ClaimRules = Field(default_factory=ClaimRules, description="Claims of the tricks not played.")
    game: GameRules = Field(default_factory=GameRules, description="The end of a game.")
    standings: StandingsRules = Field(default_factory=StandingsRules, description="How players are ranked over a night or a season.")
    drinks: DrinkRules | None = Field(default=None, description="Drinking-game rules; the report counts drinks only when present.")

    @field_validator("deck")
    @classmethod
    def _deck_deals_every_player(cls, deck: DeckRules, info: ValidationInfo) -> DeckRules:
        table = info.data.get("table")  # absent when the table itself is invalid
        players = len(table.seats) if table is not None else 4
        needed = players * deck.tricks + deck.kitty
        if deck.cards < needed:
            dealt = f"{deck.hand_size} cards" + (f" and {deck.tableau} piles of two" if deck.tableau else "")
            raise ValueError(f"a deck of {deck.cards} cards cannot deal {dealt} to {players} players and a kitty of {deck.kitty}")
        return deck

    @field_validator("scoring")
    @classmethod
    def _majority_fits_the_hand(cls, scoring: ScoringRules, info: ValidationInfo) -> ScoringRules:
        deck = info.data.get("deck")  # absent when the deck itself is invalid
        if deck is None:
            return scoring
        if scoring.majority > deck.tricks:
            raise ValueError(f"scoring.majority is {scoring.majority} but a hand has only {deck.tricks} tricks")
        for name, table in (("by_tricks", scoring), ("no_trump.by_tricks", scoring.no_trump)):
            counts = sorted(table.by_tricks) if table is not None and table.by_tricks else []
            if counts and counts[0] != scoring.majority:
                raise ValueError(f"scoring.{name}: its smallest count is {counts[0]}, but scoring.majority is "
                                 f"{scoring.majority}: the makers score from the majority up")
            if counts and counts[-1] > deck.tricks:
                raise ValueError(f"scoring.{name}: {counts[-1]} tricks, but a hand has only {deck.tricks}")
        return scoring

    @model_validator(mode="after")
    def _partnership_rules_need_partners(self) -> Ruleset:
        """Rules about a partner mean nothing where every player is on their own."""
        if self.table.sides is Sides.PARTNERS:
            return self
        partnered = [key for key, on in (
            ("bidding.defend_alone", self.bidding.defend_alone),
            ("bidding.dealer_partner_order_alone", self.bidding.dealer_partner_order_alone),
            ("bidding.partners_best", self.bidding.partners_best),
            ("deal.stealing", self.deal.stealing),
            ("drinks", self.drinks is not None),
        ) if on]
        if partnered:
            raise ValueError(f"{', '.join(partnered)}: a rule about partners, but table.sides is each (every player "
                             "for himself); turn it off, or play with table.sides: partners")
        return self
