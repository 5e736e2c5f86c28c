"""The one registry of finding codes, and the finding record itself.

Every code has a stable identifier (a category letter and three digits, as
ruff and pylint number their rules), a readable name, a category, a default
severity, a one-line summary, the reason it matters and an example hand in
the notation that triggers it.  ``docs/findings.md`` is generated from this
registry, and a test audits every example to prove it triggers its own code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from .cards import Card, Seat, Side
from .model import Pos


class Category(str, Enum):
    SYNTAX = "syntax"
    DEAL = "deal"
    BID = "bid"
    DISCARD = "discard"
    TURN = "turn"
    RENEGE = "renege"
    LEFT_BOWER = "left-bower"
    SCORE = "score"
    GAME = "game"
    CLAIM = "claim"
    EVENT = "event"  # across the games of a night or a season (the Round and Table tags)


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    name: str
    category: Category
    severity: Severity
    summary: str
    why: str
    example: str  # a hand (or game) in the notation that triggers this code
    #: ``--set`` overrides of hoyle under which ``example`` triggers this code
    #: (e.g. ``bidding.stick_the_dealer=true``); empty: hoyle as it is
    rules: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.code


REGISTRY: dict[str, Code] = {}


def _code(
    code: str, name: str, category: Category, severity: Severity, summary: str, why: str, example: str,
    rules: tuple[str, ...] = (),
) -> Code:
    if code in REGISTRY or any(c.name == name for c in REGISTRY.values()):
        raise ValueError(f"finding code {code} / {name} registered twice")
    entry = Code(code, name, category, severity, summary, why, example.strip("\n") + "\n", rules)
    REGISTRY[code] = entry
    return entry


E, W = Severity.ERROR, Severity.WARNING

# A complete, legal hand that the examples below vary.  N deals, E leads.
_CLEAN_DEAL = "deal E: KD QS TH 9C QD  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH"

# --- syntax ---------------------------------------------------------------
SYNTAX_ERROR = _code(
    "S001", "syntax-error", Category.SYNTAX, E,
    "The text does not follow the notation's grammar.",
    "A hand that cannot be read cannot be audited; the rest of the file still is.",
    "hand 1 dealer N\nup AD\nbid E pass, S pas\n",
)
STATEMENT_REPEATED = _code(
    "S002", "statement-repeated", Category.SYNTAX, E,
    "A statement that a hand has once (up, discard, score, tricks) is written twice.",
    "Two up cards or two scores for one hand make the record ambiguous; the first is used.",
    "hand 1 dealer N\nup AD\nup KC\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n",
)

UNUSUAL_SPELLING = _code(
    "S003", "unusual-spelling", Category.SYNTAX, W,
    "A line written in a spelling the notation does not have, whose meaning is plain (`score 6-0`, commas between plays, `dealer East`); it is read as meant, and the line to write is shown.",
    "The line counts, so nothing is lost; fixing the spelling keeps the record readable by every tool.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\nscore 0-0\n",
)
LOOKALIKE_CHARACTER = _code(
    "S004", "look-alike-character", Category.SYNTAX, W,
    "A character that looks like one of the notation's but is not (a no-break space, a Cyrillic or Greek letter, a curly quote); it is named by its Unicode name and read as the character it stands for.",
    "Invisible differences make a line unreadable to other tools and to a later audit; a word processor or a phone keyboard usually put them in.",
    "hand 1 dealer N\nup\u00a0AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n",
)
SEAT_WRITTEN_TWICE = _code(
    "S005", "seat-written-twice", Category.SYNTAX, W,
    "A trick names one seat twice and another not at all: the seat that was meant is named (the order of play shows it), and the card is counted for it and not judged.",
    "A seat letter mistyped would otherwise make one player play twice and another not at all, and accuse the wrong player.",
    f"hand 1 dealer N\n{_CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:KD E:JD W:KC N:JH\n",
)
UP_CARD_MISSING = _code(
    "S006", "up-card-missing", Category.SYNTAX, W,
    "No `up` line where the ruling needs the up card (trump was ordered up); with the deal written it is worked out from the card the dealer took.",
    "Without the up card neither trump nor the dealer's pickup is known, and every ruling that depends on them would rest on a guess.",
    f"hand 1 dealer N\n{_CLEAN_DEAL}\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:KD S:JD W:KC N:JH\ntrick S:AS W:JS N:KS E:QS\ntrick S:9H W:QH N:KH E:TH\n"
    "trick N:AD E:QD S:JC W:TS\ntrick N:TD E:9C S:AC W:QC\n",
)

# --- deal -----------------------------------------------------------------
CARD_NOT_IN_DECK = _code(
    "D101", "card-not-in-deck", Category.DEAL, E,
    "A card that the ruleset's deck does not have (a 7 or 8 in a 24-card game).",
    "A card that does not exist in the game was misread or mistyped.",
    "hand 1 dealer N\nup 8D\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n",
)
DUPLICATE_CARD = _code(
    "D102", "duplicate-card", Category.DEAL, E,
    "A card dealt twice, or played twice in one hand.",
    "Each card exists once; a second copy means the record is wrong somewhere.",
    "hand 1 dealer N\ndeal E: KD QS TH 9C QD  S: KD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH\nup AD\n"
    "bid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n",
)
CARD_NOT_HELD = _code(
    "D103", "card-not-held", Category.DEAL, E,
    "A seat plays (or discards) a card that the recorded deal did not give it.",
    "Either the deal or the play is written wrongly, or a player played from another hand.",
    f"hand 1 dealer N\n{_CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:AH S:JD W:KC N:JH\n",
)
WRONG_HAND_SIZE = _code(
    "D104", "wrong-hand-size", Category.DEAL, E,
    "A seat is dealt more or fewer cards than the ruleset deals.",
    "A misdeal: the hand should have been redealt.",
    "hand 1 dealer N\ndeal E: KD QS TH 9C  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH\nup AD\n"
    "bid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n",
)
DEALER_OUT_OF_ROTATION = _code(
    "D105", "dealer-out-of-rotation", Category.DEAL, E,
    "The dealer is not the one the rotation of the deal gives ('stealing the deal').",
    "The deal passes by a fixed rule; a wrong dealer changes who bids and leads first.",
    "hand 1 dealer N\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n"
    "hand 2 dealer S\nbid W pass, N pass, E pass, S pass, W pass, N pass, E pass, S pass\n",
)
UP_CARD_IN_HAND = _code(
    "D106", "up-card-in-hand", Category.DEAL, E,
    "The turned-up card is also written in a player's hand.",
    "The up card comes from the kitty; it cannot also have been dealt.",
    f"hand 1 dealer N\n{_CLEAN_DEAL}\nup KD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n",
)

MISDEAL_DECLARED = _code(
    "D107", "misdeal-declared", Category.DEAL, E,
    "A misdeal is declared where the ruleset has none for the cards dealt, or for a hand that is not one that allows it.",
    "Seed 003's variation: a hand of 9s and 10s (or one ace and 9s and 10s) can or must be declared a misdeal; another cannot.",
    "# hoyle has no misdeal for the cards dealt (and E's hand would not allow one)\n"
    f"hand 1 dealer N\n{_CLEAN_DEAL}\nup AD\nmisdeal E\n",
)
MISDEAL_NOT_DECLARED = _code(
    "D108", "misdeal-not-declared", Category.DEAL, E,
    "Where a misdeal must be declared, a qualifying hand was dealt and the hand was played (shown only with the deal written).",
    "Under `deal.misdeal: must` the hand is not played: the deal passes to the next player.",
    "# with a ruleset whose deal.misdeal is must\n"
    "hand 1 dealer N\ndeal E: 9C 9D TH TC 9S  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH KD JH\nup AD\n"
    "bid E pass, S pass, W pass, N order\ndiscard TD\n",
    rules=("deal.misdeal=must",),
)
FARMER_EXCHANGE = _code(
    "D109", "farmer-exchange", Category.DEAL, E,
    "A farmer's hand exchange where the ruleset has none, of cards that are not three 9s and 10s, of cards the player does not hold, for cards that are not the kitty's face-down cards, or after the kitty was already exchanged in the hand.",
    "Seed 003's variation: a player dealt three 9s and 10s may exchange them for the three face-down cards, once.",
    "# hoyle has no farmer's hand (and KD QS TH are not three 9s and 10s)\n"
    f"hand 1 dealer N\n{_CLEAN_DEAL}\nup AD\nfarmer E: KD QS TH\n",
)
UNDER_EXCHANGE = _code(
    "D110", "go-under-exchange", Category.DEAL, E,
    "A player goes under where the ruleset has none, with a hand that may not go under (`deal.go_under_hands`), giving other than three cards or cards they do not hold, taking cards that are not the kitty's face-down cards, or after the kitty was already exchanged in the hand.",
    "EGN's `go_under`: a player with a remarkably poor hand may swap three cards with the kitty, once; other cards in a hand change what every later card proves.",
    "# hoyle has no going under (and E's hand has face cards and only two 9s and 10s)\n"
    f"hand 1 dealer N\n{_CLEAN_DEAL}\nup AD\nunder E: KD QS TH\n",
)
BEST_EXCHANGE = _code(
    "D111", "partners-best-exchange", Category.DEAL, E,
    "A card passed for partner's best where the ruleset has none, where nobody made trump alone or not by the lone maker's partner, a card the partner does not hold (or not their highest trump where `bidding.partners_best_card` asks for it), or a lone maker's discard they do not hold (or none, with their cards written).",
    "EGN's `partners_best`: the lone maker's partner passes one card face down and the lone maker discards one; another card in the lone hand changes what every later card proves.",
    "# hoyle has no partner's best\n"
    f"hand 1 dealer N\n{_CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order alone\ndiscard TC\nbest S: JD discard KH\n",
)

#: seed 003's two-handed game with the tableau, as --set overrides of hoyle (the bundled two-handed-tableau
#: ruleset also scores by 7, 10 and 13 tricks)
_TABLEAU = ("table.seats=[N, S]", "table.sides=each", "deck.ranks=[7, 8, 9, T, J, Q, K, A]", "deck.tableau=4",
            "deck.kitty=6")
#: seed 003's three-handed game, as --set overrides of hoyle
_THREE = ("table.seats=[N, E, W]", "table.sides=each")
PLAYED_FACE_DOWN = _code(
    "D112", "played-face-down", Category.DEAL, E,
    "With a tableau (`deck.tableau`), a player plays a card that still lies face down under another card: it comes into play only once the card on it has been played.",
    "Seed 003's two-handed game: 'When a face-up card is played, the face-down card beneath it (if any) is turned up and is then in play'; before that the player does not have it.",
    "# two-handed with the tableau: 7D lies face down under AD\n"
    "hand 1 dealer N\ndeal S: AS KS QS JS TS  N: AH KH QH JH TH\n"
    "tableau S: AD/7D KD/8D QD/9D JD/TD  N: AC/7C KC/8C QC/9C JC/TC\nup 9S\nbid S order\ndiscard TH\n"
    "trick S:7D N:AC\n",
    rules=_TABLEAU,
)
SEAT_NOT_AT_TABLE = _code(
    "D113", "seat-not-at-table", Category.DEAL, E,
    "A statement names a seat the ruleset's table does not have (`S` in a three-handed game of N, E and W): the statement is read as lost, and nothing rests on it.",
    "A seat letter that nobody sits at is a slip of the pen; which seat was meant is not known, so no ruling may rest on the line.",
    "# three-handed (N, E, W): nobody sits at S\nhand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass\n",
    rules=_THREE,
)

# --- bid ------------------------------------------------------------------
BID_OUT_OF_TURN = _code(
    "B201", "bid-out-of-turn", Category.BID, E,
    "A player bids when it is not their turn.",
    "Bidding goes clockwise from the dealer's left; a bid out of turn gives away information.",
    "hand 1 dealer N\nup AD\nbid S pass, E pass, W pass, N pass, E pass, S pass, W pass, N pass\n",
)
BID_AFTER_CLOSE = _code(
    "B202", "bid-after-close", Category.BID, E,
    "A bid is written after trump was made (or after eight passes).",
    "Bidding ends when someone orders up or names trump.",
    "hand 1 dealer N\nup AD\nbid E order, S pass\ndiscard TD\n",
)
ORDER_IN_ROUND_TWO = _code(
    "B203", "order-in-round-two", Category.BID, E,
    "`order` after the up card was turned down.",
    "In round 2 the up card is gone; a player must name a suit.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E order\n",
)
CALL_IN_ROUND_ONE = _code(
    "B204", "call-in-round-one", Category.BID, E,
    "A suit is named in round 1, where only the up card's suit may be ordered.",
    "Round 1 decides only whether the up card's suit is trump.",
    "hand 1 dealer N\nup AD\nbid E call S\n",
)
TURNED_DOWN_SUIT = _code(
    "B205", "turned-down-suit", Category.BID, E,
    "In round 2 a player names the suit of the card that was turned down.",
    "That suit was refused by everyone in round 1.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E call D\n",
)
ALONE_NOT_ALLOWED = _code(
    "B206", "alone-not-allowed", Category.BID, E,
    "A player goes alone where the ruleset does not allow it.",
    "Some rulesets allow a lone hand only in one round, or not at all.",
    "# with a ruleset whose bidding.alone_on_call is false\nhand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E call S alone\n",
    rules=("bidding.alone_on_call=false",),
)
DEALER_MUST_CALL = _code(
    "B207", "dealer-must-call", Category.BID, E,
    "Under stick-the-dealer, the dealer passes after everyone else passed in round 2.",
    "Where the dealer is stuck, the dealer must name trump.",
    "# with the stick-the-dealer ruleset\nhand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n",
    rules=("bidding.stick_the_dealer=true",),
)
BIDDING_INCOMPLETE = _code(
    "B208", "bidding-incomplete", Category.BID, E,
    "Cards are played although the bidding as written never made trump.",
    "Without a maker and a trump suit the hand cannot be judged.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass\ntrick E:KD S:JD W:KC N:JH\n",
)
DEFEND_ALONE_NOT_ALLOWED = _code(
    "B209", "defend-alone-not-allowed", Category.BID, E,
    "A defender defends alone where the ruleset does not allow it, or against a maker who is not alone where it is allowed only against a lone maker.",
    "Defending alone is a variation (bidding.defend_alone); it doubles what a euchre is worth.",
    "# hoyle has no defending alone\nhand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N order alone, E defend alone\n",
)
PARTNER_ORDER_NOT_ALONE = _code(
    "B210", "partner-order-not-alone", Category.BID, E,
    "Under the Canadian loner, the dealer's partner orders up without going alone.",
    "Where the rule holds (bidding.dealer_partner_order_alone), the dealer's partner may order up only to play alone.",
    "# with a ruleset whose bidding.dealer_partner_order_alone is true\nhand 1 dealer N\nup AD\nbid E pass, S order\n",
    rules=("bidding.dealer_partner_order_alone=true",),
)
DEFEND_ALONE_MISPLACED = _code(
    "B211", "defend-alone-misplaced", Category.BID, E,
    "`defend alone` is declared before trump was made, in a hand nobody made, or by the makers' side.",
    "Only a defender may defend alone, and only once the declarer has been decided.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, E defend alone, W pass, N order alone\n",
)

NO_TRUMP_NOT_ALLOWED = _code(
    "B212", "no-trump-not-allowed", Category.BID, E,
    "A player bids `high` or `low` (no trump) where the ruleset does not allow that bid.",
    "No-trump bids are a variation (bidding.no_trump_calls, seed 003); where they are not played, the bid is illegal.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E call high\n",
)
DEALER_TAKES_ONLY_TRUMP = _code(
    "B213", "dealer-takes-only-trump", Category.BID, E,
    "The dealer takes the up card up although it would be the dealer's only trump, where the ruleset forbids it.",
    "Seed 003's variation: 'Dealer may not pick up face up card if it would be his only trump.'",
    "# with a ruleset whose bidding.dealer_needs_another_trump is true: N holds no diamond and not JH\n"
    "hand 1 dealer N\ndeal E: KD QD TD 9C QS  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: 9S KS KH TC AH\nup AD\n"
    "bid E pass, S pass, W pass, N order\ndiscard 9S\n",
    rules=("bidding.dealer_needs_another_trump=true",),
)
ORDER_WITHOUT_THE_SUIT = _code(
    "B214", "order-without-the-suit", Category.BID, E,
    "A player orders up (or the dealer takes up) the up card without holding a card of its suit, where the ruleset requires one; the left bower does not count.",
    "Seed 003's variation: 'No player may order up or pick up the face up card unless they already have that suit in their hand.'",
    "# with a ruleset whose bidding.order_needs_the_suit is true: W holds no diamond\n"
    f"hand 1 dealer N\n{_CLEAN_DEAL}\nup AD\nbid E pass, S pass, W order\ndiscard TC\n",
    rules=("bidding.order_needs_the_suit=true",),
)
JOKER_SUIT = _code(
    "B215", "joker-suit", Category.BID, E,
    "The suit of a joker turned up is not named as the ruleset says (by the dealer, `up JK H`; or by the maker, `N order H`), or a suit is named for another up card.",
    "With the joker turned up, the named suit is the suit of round 1; without it nobody knows what was ordered.",
    "# a suit named with an up card that is not the joker\nhand 1 dealer N\nup AD H\n"
    "bid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n",
)

ALONE_WITHOUT_PARTNERS = _code(
    "B216", "alone-without-partners", Category.BID, W,
    "`alone` is written in a game without partnerships (`table.sides: each`), where every player plays alone: it changes nobody's play and earns no lone bonus.",
    "Seed 003 line 52: 'There is no bonus for going alone (since players will always be going alone)'; the hand is scored as the ruleset's plain make, march or euchre.",
    "# three-handed (N, E, W)\nhand 1 dealer N\nup AD\nbid E order alone\ndiscard 9C\n",
    rules=_THREE,
)

# --- discard --------------------------------------------------------------
DISCARD_MISSING = _code(
    "X301", "discard-missing", Category.DISCARD, E,
    "The dealer took the up card but no discard is written (deal recorded).",
    "The dealer must discard one card; without it the dealer holds six.",
    f"hand 1 dealer N\n{_CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\n",
)
DISCARD_NOT_HELD = _code(
    "X302", "discard-not-held", Category.DISCARD, E,
    "The dealer discards a card they do not hold.",
    "Only a card from the dealer's hand (or the up card) can be discarded.",
    f"hand 1 dealer N\n{_CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard AH\n",
)
DISCARD_WITHOUT_PICKUP = _code(
    "X303", "discard-without-pickup", Category.DISCARD, E,
    "A discard is written although the dealer took no card.",
    "Only the dealer who takes the up card discards.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E call S\ndiscard TC\n",
)
DISCARD_UP_CARD = _code(
    "X304", "discard-up-card", Category.DISCARD, E,
    "The dealer discards the up card where the ruleset forbids it.",
    "Some rules require the dealer to keep the card they took.",
    "# with a ruleset whose bidding.dealer_may_discard_up_card is false\nhand 1 dealer N\nup AD\nbid E order\ndiscard AD\n",
    rules=("bidding.dealer_may_discard_up_card=false",),
)

# --- turn -----------------------------------------------------------------
WRONG_LEADER = _code(
    "T401", "wrong-leader", Category.TURN, E,
    "A trick is led by the wrong player.",
    "The first lead is fixed by the ruleset; later tricks are led by the previous winner.",
    f"hand 1 dealer N\n{_CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick S:JD W:KC N:JH E:KD\ntrick S:AS W:JS N:KS E:QS\ntrick S:9H W:QH N:KH E:TH\n"
    "trick N:AD E:QD S:JC W:TS\ntrick N:TD E:9C S:AC W:QC\n",
)
PLAY_OUT_OF_TURN = _code(
    "T402", "play-out-of-turn", Category.TURN, E,
    "A card is played out of clockwise order, or a seat plays twice to one trick.",
    "Play goes clockwise from the leader.",
    f"hand 1 dealer N\n{_CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:KD W:KC S:JD N:JH\n",
)
LONE_PARTNER_PLAYED = _code(
    "T403", "lone-partner-played", Category.TURN, E,
    "The partner of a lone player (a lone maker or a lone defender) plays a card.",
    "The partner's hand is out of play when someone goes alone or defends alone.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N call S alone\n"
    "trick E:9D S:TD W:QD N:AD\n",
)
TRICK_SIZE = _code(
    "T404", "trick-size", Category.TURN, E,
    "A trick has more or fewer cards than there are players in the hand.",
    "Every active player plays exactly one card to each trick.",
    f"hand 1 dealer N\n{_CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:KD S:JD W:KC\n",
)
TRICKS_MISSING = _code(
    "T405", "tricks-missing", Category.TURN, W,
    "Fewer tricks than the hand has are written, and no trick count is given.",
    "The hand cannot be scored from the record; the sheet's entry is taken as it is.",
    f"hand 1 dealer N\n{_CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:KD S:JD W:KC N:JH\nscore NS 1 EW 0\n",
)
TOO_MANY_TRICKS = _code(
    "T406", "too-many-tricks", Category.TURN, E,
    "More tricks are written than a hand has.",
    "A hand has as many tricks as cards in each hand.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\ntrick E:KD S:JD W:KC N:JH\n",
)

# --- renege ---------------------------------------------------------------
RENEGE = _code(
    "R501", "renege", Category.RENEGE, E,
    "A player did not follow the suit led although they held a card of it.",
    "Following suit when able is the central rule of play; the table may call it for a penalty.",
    "hand 1 dealer E\nup KC\nbid S pass, W pass, N pass, E pass, S call S\n"
    "trick S:JC W:9S N:JS E:QS\ntrick N:AH E:JH S:KH W:KD\ntrick N:9H E:TS S:AS W:QH\n"
    "trick S:QD W:TH N:AD E:JD\ntrick N:TD E:AC S:KS W:QC\n",
)
RENEGE_UNPROVEN = _code(
    "R502", "renege-unproven", Category.RENEGE, W,
    "The table called a renege that the record can neither prove nor disprove.",
    "Without the deal the auditor cannot see every card a player held; the table's ruling stands.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N order\n"
    "trick E:KD S:JD W:KC N:JH\ntrick S:AS W:JS N:KS E:QS\ntrick S:9H W:QH N:KH E:TH\n"
    "trick N:AD E:QD S:JC W:TS\ntrick N:TD E:9C S:AC W:QC\nrenege W\n",
)
RENEGE_DISPROVEN = _code(
    "R503", "renege-disproven", Category.RENEGE, E,
    "The table called a renege, but the recorded deal shows the player could not follow.",
    "A penalty was given for a renege that did not happen; the hand is scored as played.",
    f"hand 1 dealer N\n{_CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:KD S:JD W:KC N:JH\ntrick S:AS W:JS N:KS E:QS\ntrick S:9H W:QH N:KH E:TH\n"
    "trick N:AD E:QD S:JC W:TS\ntrick N:TD E:9C S:AC W:QC\nrenege W\n",
)

# --- left bower -----------------------------------------------------------
LEFT_BOWER_ON_ITS_SUIT = _code(
    "L601", "left-bower-on-printed-suit", Category.LEFT_BOWER, E,
    "The left bower was played to a lead of its printed suit while the player held that suit.",
    "The left bower is a trump, not a card of its printed suit: it does not follow that suit.",
    "hand 1 dealer N\ndeal E: 9D TD 9S 9C KC  S: QD JH KD TS AH  W: QH QC JC AS JD  N: 9H TC TH QS KS\nup JS\n"
    "bid E pass, S pass, W pass, N order\ndiscard 9H\ntrick E:KC S:AH W:JC N:TC\ntrick W:JD N:TH E:9D S:QD\n"
    "trick S:JH W:QH N:QS E:TD\ntrick N:KS E:9S S:TS W:AS\ntrick W:QC N:JS E:9C S:KD\n",
)
LEFT_BOWER_LED = _code(
    "L602", "left-bower-led", Category.LEFT_BOWER, E,
    "The left bower was led (so trump was led) and a player who held trump did not play one.",
    "Leading the left bower leads trump; it asks for trump, not for its printed suit.",
    "hand 1 dealer N\ndeal E: JC TD 9S 9C KC  S: QD JH KD TS AH  W: QH QC 9D AS JD  N: 9H TC TH QS KS\nup JS\n"
    "bid E pass, S pass, W pass, N order\ndiscard 9H\ntrick E:JC S:AH W:QC N:TC\ntrick E:9C S:QD W:QH N:TH\n"
    "trick E:TD S:KD W:9D N:QS\ntrick N:KS E:9S S:TS W:AS\ntrick W:JD N:JS E:KC S:JH\n",
)
LEFT_BOWER_ONLY_TRUMP = _code(
    "L603", "left-bower-only-trump", Category.LEFT_BOWER, E,
    "Trump was led and the player's only trump, the left bower, was not played.",
    "The left bower counts as trump for following: holding it means holding trump.",
    "hand 1 dealer N\ndeal E: 9D TD JC 9C KC  S: QD JH KD TS AH  W: QH 9S QC AS JD  N: 9H TC TH QS KS\nup JS\n"
    "bid E pass, S pass, W pass, N order\ndiscard 9H\ntrick E:9D S:KD W:JD N:JS\ntrick N:KS E:TD S:TS W:AS\n"
    "trick W:QH N:TH E:9C S:JH\ntrick W:QC N:TC E:KC S:QD\ntrick E:JC S:AH W:9S N:QS\n",
)

# --- score ----------------------------------------------------------------
SCORE_MISMATCH = _code(
    "P701", "score-mismatch", Category.SCORE, E,
    "The score sheet gives a hand different points than the rules do.",
    "A wrong entry carries forward to every later hand; it is reported once, where it was made.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\nscore NS 1 EW 0\n",
)
TRICK_COUNT_MISMATCH = _code(
    "P702", "trick-count-mismatch", Category.SCORE, E,
    "The written trick count differs from the tricks played.",
    "The trick count decides the points; the played cards are the better evidence.",
    f"hand 1 dealer N\n{_CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:KD S:JD W:KC N:JH\ntrick S:AS W:JS N:KS E:QS\ntrick S:9H W:QH N:KH E:TH\n"
    "trick N:AD E:QD S:JC W:TS\ntrick N:TD E:9C S:AC W:QC\ntricks NS 4 EW 1\n",
)

SCORE_SIDES = _code(
    "P703", "score-sides", Category.SCORE, E,
    "A score (or trick count, or initial score) names sides the game does not have (`NS` and `EW` in a three-handed game, a player twice), so it cannot be read.",
    "Scores are kept per side: per partnership, or per player where each plays for himself (`score N 4 E 2 W 7`); an entry for other sides says nothing the audit can check.",
    "# three-handed (N, E, W): the sides are N, E and W\nhand 1 dealer N\nup AD\nbid E pass, W pass, N pass, E pass, W pass, N pass\n"
    "score NS 0 EW 0\n",
    rules=_THREE,
)

# --- game -----------------------------------------------------------------
PLAYED_AFTER_GAME = _code(
    "G801", "played-after-game", Category.GAME, E,
    "Hands are recorded after a side had already won the game.",
    "A game ends after the hand in which a side reaches the target; later hands do not count.",
    "hand 1 dealer N\ntricks NS 5 EW 0\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N call S alone\n"
    "score NS 4 EW 0\nhand 2 dealer E\nbid S pass, W pass, N pass, E pass, S pass, W pass, N call D alone\ntricks NS 5 EW 0\n"
    "score NS 8 EW 0\nhand 3 dealer S\nbid W pass, N pass, E pass, S pass, W pass, N call H alone\ntricks NS 5 EW 0\n"
    "score NS 12 EW 0\nhand 4 dealer W\nbid N pass, E pass, S pass, W pass, N pass, E pass, S pass, W pass\n",
)
WRONG_WINNER = _code(
    "G802", "wrong-winner", Category.GAME, E,
    "The game's recorded winner (a `Winner` tag) is not the side that won by the rules.",
    "The result of the game is what a tournament records.",
    '[Winner "EW"]\nhand 1 dealer N\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N call S alone\ntricks NS 5 EW 0\n',
)
HAND_NUMBER_REPEATED = _code(
    "G803", "hand-number-repeated", Category.GAME, W,
    "Two hands of one game carry the same number.",
    "A repeated number usually means a hand was copied or mis-numbered.",
    "hand 1 dealer N\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n"
    "hand 1 dealer E\nbid S pass, W pass, N pass, E pass, S pass, W pass, N pass, E pass\n",
)
HAND_MISSING = _code(
    "G804", "hand-missing", Category.GAME, W,
    "The hand numbers skip: a hand of the game is not in the record.",
    "A missing hand may hold points; the audit goes on from the sheet's score.",
    "hand 1 dealer N\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n"
    "hand 3 dealer S\nbid W pass, N pass, E pass, S pass, W pass, N pass, E pass, S pass\n",
)

GAME_UNFINISHED = _code(
    "G805", "game-unfinished", Category.GAME, W,
    "A record that claims the whole game (EGN, or a `[Complete \"yes\"]` tag) ends before a side has won.",
    "The hands that finish the game are missing; the audit covers only what was recorded.",
    '[Complete "yes"]\nhand 1 dealer N\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n',
)
RULE_NOT_HONOURED = _code(
    "G806", "rule-not-honoured", Category.GAME, W,
    "The record's own rules (an EGN ruleset object) include one the auditor cannot apply: `num_players` other than 2, 3 or 4, a value out of range, or both a winning score and a number of deals.",
    "The game is replayed without that rule, so rulings that depend on it may differ from the table's.",
    '{"fileType": "Euchre Game Notation", "version": "1.4",\n'
    ' "metadata": {"players": ["A", "B", "C", "D"], "initialScore": [0, 0], "ruleset": {"num_players": 5}},\n'
    ' "deals": [{"dealNumber": 0, "initialState": {"dealer": 0, "upCard": "Ad"},\n'
    '            "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING",\n'
    '                        "calls": ["Pass", "Pass", "Pass", "Pass", "Pass", "Pass", "Pass", "Pass"]}]}]}\n',
)

HAND_NUMBER_OUT_OF_SEQUENCE = _code(
    "G807", "hand-number-out-of-sequence", Category.GAME, W,
    "A hand number goes backwards, or is out of step with the hands around it (`hand 6` between hands 3 and 5): the number it most likely is is named.",
    "A numbering slip is a slip of the pen; the deal's rotation is judged by the order of the hands in the file, never by their numbers.",
    "hand 1 dealer N\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n"
    "hand 5 dealer E\nbid S pass, W pass, N pass, E pass, S pass, W pass, N pass, E pass\n"
    "hand 3 dealer S\nbid W pass, N pass, E pass, S pass, W pass, N pass, E pass, S pass\n",
)


# --- claims ---------------------------------------------------------------
_CLAIM_HAND = (
    "hand 1 dealer N\n"
    "deal N: 9C 9D AD QC TH  E: 9H 9S KC KH KS  S: AC AS JD JH QS  W: AH JC KD QD TC\nup JS\n"
    "bid E pass, S pass, W pass, N pass, E pass, S call H\n"
    "trick E:9H S:JD W:AH N:TH\ntrick S:AC W:JC N:9C E:KC\ntrick S:AS W:KD N:9D E:9S\n"
)
CLAIM_FAILS = _code(
    "C901", "claim-fails", Category.CLAIM, E,
    "A claim (`claim <seat> [<n>]`) that some defence beats: with the whole deal written, the claimer's side is not sure "
    "of the tricks it claimed; the finding shows the line of play that beats it, in the players' names.",
    "A claim is scored as if the tricks had been played; one the cards do not back takes tricks the claimer's side "
    "might not have won, and `claims.failed` says who gets them.",
    _CLAIM_HAND + "claim S\n",
)
CLAIM_MISPLACED = _code(
    "C902", "claim-misplaced", Category.CLAIM, E,
    "A claim that cannot be: more tricks than are left, after every trick was written, in a hand nobody played, "
    "or after a trick that is not whole.",
    "The claim says nothing the record can score; the hand is scored from what was played.",
    _CLAIM_HAND + "claim S 3\n",
)


# --- event (across the games of a night) -------------------------------------
_NIGHT_TABLE = (
    '[Event "Legion Hall Progressive"]\n[Date "2026-12-08"]\n[Round "3"]\n[Table "{table}"]\n'
    '[North "{north}"]\n[East "Bob"]\n[South "{south}"]\n[West "{west}"]\n[Rules "progressive"]\n'
    "hand 1 dealer N\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N call S\n"
)
PLAYER_AT_TWO_TABLES = _code(
    "E901", "player-at-two-tables", Category.EVENT, E,
    "A player is named at two tables in the same round of a night (the same `Event`, `Date` and `Round` tags, two `Table` tags).",
    "Nobody plays two tables at once: one of the two seats is written under the wrong name, or a player moved "
    "before the round ended; either way the night's standings credit that player twice until the director says which seat was theirs.",
    _NIGHT_TABLE.format(table=1, north="Alice", south="Carol", west="Dan")
    + _NIGHT_TABLE.format(table=2, north="Erin", south="Gail", west="Hank"),
)


class Role(str, Enum):
    """What a card does in a finding."""

    FAULT = "fault"  # the card at fault: played, discarded or dealt where it should not be
    PROOF = "proof"  # a card that proves it: held when the fault was made, or played later


class MarkedCard(NamedTuple):
    """A card a finding rests on, and the seat that held it (when known)."""

    card: Card
    role: Role
    seat: Seat | None = None


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem found in a record, with the evidence for it.

    ``message`` and ``proof`` lines are often :class:`~auditor.said.Said`
    sentences (plain strings that know where they name a seat or a card).
    ``cards`` are the cards the finding rests on; ``points`` is what each
    side scores for the hand (``((NS, 2), (EW, 0))``) under the finding's
    ruling, where the finding decides or corrects the hand's points.
    """

    code: Code
    message: str
    pos: Pos
    game: int
    hand: int | None = None
    trick: int | None = None
    seat: Seat | None = None
    proof: tuple[str, ...] = field(default=())
    severity: Severity | None = None  # None: the code's own severity
    cards: tuple[MarkedCard, ...] = ()
    points: tuple[tuple[Side, int], ...] | None = None

    @property
    def level(self) -> Severity:
        return self.severity or self.code.severity

    @property
    def category(self) -> Category:
        return self.code.category

    def sort_key(self) -> tuple[int, int, int, str]:
        return (self.game, self.pos.line, self.pos.column, self.code.code)
