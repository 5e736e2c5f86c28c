"""The codes of the bidding and the dealer's discard."""

from __future__ import annotations

from .registry import CLEAN_DEAL, Category, E, THREE_RULES, W, register

# --- bid ------------------------------------------------------------------
BID_OUT_OF_TURN = register(
    "B201", "bid-out-of-turn", Category.BID, E,
    "A player bids when it is not their turn.",
    "Bidding goes clockwise from the dealer's left; a bid out of turn gives away information.",
    "hand 1 dealer N\nup AD\nbid E pass, W order\n",
)
BID_AFTER_CLOSE = register(
    "B202", "bid-after-close", Category.BID, E,
    "A bid is written after trump was made (or after eight passes).",
    "Bidding ends when someone orders up or names trump.",
    "hand 1 dealer N\nup AD\nbid E order, S pass\ndiscard TD\n",
)
ORDER_IN_ROUND_TWO = register(
    "B203", "order-in-round-two", Category.BID, E,
    "`order` after the up card was turned down.",
    "In round 2 the up card is gone; a player must name a suit.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E order\n",
)
CALL_IN_ROUND_ONE = register(
    "B204", "call-in-round-one", Category.BID, E,
    "A suit is named in round 1, where only the up card's suit may be ordered.",
    "Round 1 decides only whether the up card's suit is trump.",
    "hand 1 dealer N\nup AD\nbid E call S\n",
)
TURNED_DOWN_SUIT = register(
    "B205", "turned-down-suit", Category.BID, E,
    "In round 2 a player names the suit of the card that was turned down.",
    "That suit was refused by everyone in round 1.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E call D\n",
)
ALONE_NOT_ALLOWED = register(
    "B206", "alone-not-allowed", Category.BID, E,
    "A player goes alone where the ruleset does not allow it.",
    "Some rulesets allow a lone hand only in one round, or not at all.",
    "# with a ruleset whose bidding.alone_on_call is false\nhand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E call S alone\n",
    rules=("bidding.alone_on_call=false",),
)
DEALER_MUST_CALL = register(
    "B207", "dealer-must-call", Category.BID, E,
    "Under stick-the-dealer, the dealer passes after everyone else passed in round 2.",
    "Where the dealer is stuck, the dealer must name trump.",
    "# with the stick-the-dealer ruleset\nhand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n",
    rules=("bidding.stick_the_dealer=true",),
)
BIDDING_INCOMPLETE = register(
    "B208", "bidding-incomplete", Category.BID, E,
    "Cards are played although the bidding as written never made trump.",
    "Without a maker and a trump suit the hand cannot be judged.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass\ntrick E:KD S:JD W:KC N:JH\n",
)
DEFEND_ALONE_NOT_ALLOWED = register(
    "B209", "defend-alone-not-allowed", Category.BID, E,
    "A defender defends alone where the ruleset does not allow it, or against a maker who is not alone where it is allowed only against a lone maker.",
    "Defending alone is a variation (bidding.defend_alone); it doubles what a euchre is worth.",
    "# hoyle has no defending alone\nhand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N order alone, E defend alone\n",
)
PARTNER_ORDER_NOT_ALONE = register(
    "B210", "partner-order-not-alone", Category.BID, E,
    "Under the Canadian loner, the dealer's partner orders up without going alone.",
    "Where the rule holds (bidding.dealer_partner_order_alone), the dealer's partner may order up only to play alone.",
    "# with a ruleset whose bidding.dealer_partner_order_alone is true\nhand 1 dealer N\nup AD\nbid E pass, S order\n",
    rules=("bidding.dealer_partner_order_alone=true",),
)
DEFEND_ALONE_MISPLACED = register(
    "B211", "defend-alone-misplaced", Category.BID, E,
    "`defend alone` is declared before trump was made, in a hand nobody made, or by the makers' side.",
    "Only a defender may defend alone, and only once the declarer has been decided.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, E defend alone, W pass, N order alone\n",
)

NO_TRUMP_NOT_ALLOWED = register(
    "B212", "no-trump-not-allowed", Category.BID, E,
    "A player bids `high` or `low` (no trump) where the ruleset does not allow that bid.",
    "No-trump bids are a variation (bidding.no_trump_calls, seed 003); where they are not played, the bid is illegal.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E call high\n",
)
DEALER_TAKES_ONLY_TRUMP = register(
    "B213", "dealer-takes-only-trump", Category.BID, E,
    "The dealer takes the up card up although it would be the dealer's only trump, where the ruleset forbids it.",
    "Seed 003's variation: 'Dealer may not pick up face up card if it would be his only trump.'",
    "# with a ruleset whose bidding.dealer_needs_another_trump is true: N holds no diamond and not JH\n"
    "hand 1 dealer N\ndeal E: KD QD TD 9C QS  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: 9S KS KH TC AH\nup AD\n"
    "bid E pass, S pass, W pass, N order\ndiscard 9S\n",
    rules=("bidding.dealer_needs_another_trump=true",),
)
ORDER_WITHOUT_THE_SUIT = register(
    "B214", "order-without-the-suit", Category.BID, E,
    "A player orders up (or the dealer takes up) the up card without holding a card of its suit, where the ruleset requires one; the left bower does not count.",
    "Seed 003's variation: 'No player may order up or pick up the face up card unless they already have that suit in their hand.'",
    "# with a ruleset whose bidding.order_needs_the_suit is true: W holds no diamond\n"
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W order\ndiscard TC\n",
    rules=("bidding.order_needs_the_suit=true",),
)
JOKER_SUIT = register(
    "B215", "joker-suit", Category.BID, E,
    "The suit of a joker turned up is not named as the ruleset says (by the dealer, `up JK H`; or by the maker, `N order H`), or a suit is named for another up card.",
    "With the joker turned up, the named suit is the suit of round 1; without it nobody knows what was ordered. "
    "A record that says it does not show the suit (`up JK ?`, and EGN, which has no place for it) is not faulted: "
    "a hand ordered up on it is read with each suit, and only what every suit makes is a finding.",
    "# a suit named with an up card that is not the joker\nhand 1 dealer N\nup AD H\n"
    "bid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n",
)

ALONE_WITHOUT_PARTNERS = register(
    "B216", "alone-without-partners", Category.BID, W,
    "`alone` is written in a game without partnerships (`table.sides: each`), where every player plays alone: it changes nobody's play and earns no lone bonus.",
    "Seed 003 line 52: 'There is no bonus for going alone (since players will always be going alone)'; the hand is scored as the ruleset's plain make, march or euchre.",
    "# three-handed (N, E, W)\nhand 1 dealer N\nup AD\nbid E order alone\ndiscard 9C\n",
    rules=THREE_RULES,
)

# --- discard --------------------------------------------------------------
DISCARD_MISSING = register(
    "X301", "discard-missing", Category.DISCARD, W,
    "The dealer took the up card but no discard line is written (deal recorded): a line the record lost, named as the slip, not an offence; where the deal and the tricks show the discard (the dealer's one card never played), the hand is read with it.",
    "The dealer must discard one card; the record that leaves the line out cannot show that the dealer did not.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\n",
)
DISCARD_NOT_HELD = register(
    "X302", "discard-not-held", Category.DISCARD, E,
    "The dealer discards a card they do not hold.",
    "Only a card from the dealer's hand (or the up card) can be discarded.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard AH\n",
)
DISCARD_WITHOUT_PICKUP = register(
    "X303", "discard-without-pickup", Category.DISCARD, E,
    "A discard is written although the dealer took no card.",
    "Only the dealer who takes the up card discards.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E call S\ndiscard TC\n",
)
DISCARD_UP_CARD = register(
    "X304", "discard-up-card", Category.DISCARD, E,
    "The dealer discards the up card where the ruleset forbids it.",
    "Some rules require the dealer to keep the card they took.",
    "# with a ruleset whose bidding.dealer_may_discard_up_card is false\nhand 1 dealer N\nup AD\nbid E order\ndiscard AD\n",
    rules=("bidding.dealer_may_discard_up_card=false",),
)
