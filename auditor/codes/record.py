"""The codes of the record itself: its syntax and slips, and the deal (cards, hands, the dealer, misdeals, exchanges, the table)."""

from __future__ import annotations

from .registry import CLEAN_DEAL, Category, E, TABLEAU_RULES, THREE_RULES, W, register

# --- syntax ---------------------------------------------------------------
SYNTAX_ERROR = register(
    "S001", "syntax-error", Category.SYNTAX, E,
    "The text does not follow the notation's grammar.",
    "A hand that cannot be read cannot be audited; the rest of the file still is.",
    "hand 1 dealer N\nup AD\nbid E pass, S pas\n",
)
STATEMENT_REPEATED = register(
    "S002", "statement-repeated", Category.SYNTAX, E,
    "A statement that a hand has once (up, discard, score, tricks) is written twice.",
    "Two up cards or two scores for one hand make the record ambiguous; the first is used.",
    "hand 1 dealer N\nup AD\nup KC\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n",
)

UNUSUAL_SPELLING = register(
    "S003", "unusual-spelling", Category.SYNTAX, W,
    "A line written in a spelling the notation does not have, whose meaning is plain (`score 6-0`, commas between plays, `dealer East`); it is read as meant, and the line to write is shown.",
    "The line counts, so nothing is lost; fixing the spelling keeps the record readable by every tool.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\nscore 0-0\n",
)
LOOKALIKE_CHARACTER = register(
    "S004", "look-alike-character", Category.SYNTAX, W,
    "A character that looks like one of the notation's but is not (a no-break space, a Cyrillic or Greek letter, a curly quote); it is named by its Unicode name and read as the character it stands for.",
    "Invisible differences make a line unreadable to other tools and to a later audit; a word processor or a phone keyboard usually put them in.",
    "hand 1 dealer N\nup\u00a0AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n",
)
SEAT_WRITTEN_TWICE = register(
    "S005", "seat-written-twice", Category.SYNTAX, W,
    "A trick names one seat twice and another not at all: the seat that was meant is named (the order of play shows it), and the card is counted for it and not judged.",
    "A seat letter mistyped would otherwise make one player play twice and another not at all, and accuse the wrong player.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:KD E:JD W:KC N:JH\n",
)
UP_CARD_MISSING = register(
    "S006", "up-card-missing", Category.SYNTAX, W,
    "No `up` line where the ruling needs the up card (trump was ordered up); with the deal written it is worked out from the card the dealer took.",
    "Without the up card neither trump nor the dealer's pickup is known, and every ruling that depends on them would rest on a guess.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:KD S:JD W:KC N:JH\ntrick S:AS W:JS N:KS E:QS\ntrick S:9H W:QH N:KH E:TH\n"
    "trick N:AD E:QD S:JC W:TS\ntrick N:TD E:9C S:AC W:QC\n",
)
SEATS_SWAPPED = register(
    "S007", "seats-swapped", Category.SYNTAX, W,
    "A trick names two seats the wrong way round: each card was dealt to the other seat, and read the other way the trick goes round the table in order; the two cards are counted for the seats the deal gives them, and the trick is judged so read.",
    "Two seat letters typed the wrong way round would otherwise make both players play cards they never held, out of turn, and keep the cards they did hold for a false renege later.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:KD W:JD S:KC N:JH\n",
)

# --- deal -----------------------------------------------------------------
CARD_NOT_IN_DECK = register(
    "D101", "card-not-in-deck", Category.DEAL, E,
    "A card that the ruleset's deck does not have (a 7 or 8 in a 24-card game).",
    "A card that does not exist in the game was misread or mistyped.",
    "hand 1 dealer N\nup 8D\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n",
)
DUPLICATE_CARD = register(
    "D102", "duplicate-card", Category.DEAL, E,
    "A card dealt twice, or played twice in one hand.",
    "Each card exists once; a second copy means the record is wrong somewhere.",
    "hand 1 dealer N\ndeal E: KD QS TH 9C QD  S: KD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH\nup AD\n"
    "bid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n",
)
CARD_NOT_HELD = register(
    "D103", "card-not-held", Category.DEAL, E,
    "A seat plays (or discards) a card that the recorded deal did not give it.",
    "Either the deal or the play is written wrongly, or a player played from another hand.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:AH S:JD W:KC N:JH\n",
)
WRONG_HAND_SIZE = register(
    "D104", "wrong-hand-size", Category.DEAL, E,
    "A seat is dealt more cards than the ruleset deals where the record does not show one card of the line to be written too many (S019), or fewer where the cards that seat plays do not fit them as the start of its hand (a line cut short is S018). A seat written twice in the deal is a slip (S021).",
    "A misdeal: the hand should have been redealt.",
    "hand 1 dealer N\ndeal E: KD QS TH 9C QD 9D  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH\nup AD\n"
    "bid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n",
)
DEALER_OUT_OF_ROTATION = register(
    "D105", "dealer-out-of-rotation", Category.DEAL, E,
    "The dealer is not the one the rotation of the deal gives ('stealing the deal').",
    "The deal passes by a fixed rule; a wrong dealer changes who bids and leads first.",
    "hand 1 dealer N\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n"
    "hand 2 dealer S\nbid W pass, N pass, E pass, S pass, W pass, N pass, E pass, S pass\n",
)
UP_CARD_IN_HAND = register(
    "D106", "up-card-in-hand", Category.DEAL, E,
    "The turned-up card is also written in a player's hand.",
    "The up card comes from the kitty; it cannot also have been dealt.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup KD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n",
)

MISDEAL_DECLARED = register(
    "D107", "misdeal-declared", Category.DEAL, E,
    "A misdeal is declared where the ruleset has none for the cards dealt, or for a hand that is not one that allows it.",
    "Seed 003's variation: a hand of 9s and 10s (or one ace and 9s and 10s) can or must be declared a misdeal; another cannot.",
    "# hoyle has no misdeal for the cards dealt (and E's hand would not allow one)\n"
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nmisdeal E\n",
)
MISDEAL_NOT_DECLARED = register(
    "D108", "misdeal-not-declared", Category.DEAL, E,
    "Where a misdeal must be declared, a qualifying hand was dealt and the hand was played (shown only with the deal written).",
    "Under `deal.misdeal: must` the hand is not played: the deal passes to the next player.",
    "# with a ruleset whose deal.misdeal is must\n"
    "hand 1 dealer N\ndeal E: 9C 9D TH TC 9S  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH KD JH\nup AD\n"
    "bid E pass, S pass, W pass, N order\ndiscard TD\n",
    rules=("deal.misdeal=must",),
)
FARMER_EXCHANGE = register(
    "D109", "farmer-exchange", Category.DEAL, E,
    "A farmer's hand exchange where the ruleset has none, of cards that are not three 9s and 10s, of cards the player does not hold, for cards that are not the kitty's face-down cards, or after the kitty was already exchanged in the hand.",
    "Seed 003's variation: a player dealt three 9s and 10s may exchange them for the three face-down cards, once.",
    "# hoyle has no farmer's hand (and KD QS TH are not three 9s and 10s)\n"
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nfarmer E: KD QS TH\n",
)
UNDER_EXCHANGE = register(
    "D110", "go-under-exchange", Category.DEAL, E,
    "A player goes under where the ruleset has none, with a hand that may not go under (`deal.go_under_hands`), giving other than three cards or cards they do not hold, taking cards that are not the kitty's face-down cards, or after the kitty was already exchanged in the hand; where only the cards taken are written, a card taken that is never played (a card given up was played).",
    "EGN's `go_under`: a player with a remarkably poor hand may swap three cards with the kitty, once; other cards in a hand change what every later card proves.",
    "# hoyle has no going under (and E's hand has face cards and only two 9s and 10s)\n"
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nunder E: KD QS TH\n",
)
BEST_EXCHANGE = register(
    "D111", "partners-best-exchange", Category.DEAL, E,
    "A card passed for partner's best where the ruleset has none, where nobody made trump alone or not by the lone maker's partner, a card the partner does not hold (or not their highest trump where `bidding.partners_best_card` asks for it), or a lone maker's discard they do not hold (a discard not written is no offence: the tricks show it, or nothing rests on it).",
    "EGN's `partners_best`: the lone maker's partner passes one card face down and the lone maker discards one; another card in the lone hand changes what every later card proves.",
    "# hoyle has no partner's best\n"
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order alone\ndiscard TC\nbest S: JD discard KH\n",
)

PLAYED_FACE_DOWN = register(
    "D112", "played-face-down", Category.DEAL, E,
    "With a tableau (`deck.tableau`), a player plays a card that still lies face down under another card: it comes into play only once the card on it has been played.",
    "Seed 003's two-handed game: 'When a face-up card is played, the face-down card beneath it (if any) is turned up and is then in play'; before that the player does not have it.",
    "# two-handed with the tableau: 7D lies face down under AD\n"
    "hand 1 dealer N\ndeal S: AS KS QS JS TS  N: AH KH QH JH TH\n"
    "tableau S: AD/7D KD/8D QD/9D JD/TD  N: AC/7C KC/8C QC/9C JC/TC\nup 9S\nbid S order\ndiscard TH\n"
    "trick S:7D N:AC\n",
    rules=TABLEAU_RULES,
)
SEAT_NOT_AT_TABLE = register(
    "D113", "seat-not-at-table", Category.DEAL, E,
    "A statement names a seat the ruleset's table does not have (`S` in a three-handed game of N, E and W): the statement is read as lost, and nothing rests on it.",
    "A seat letter that nobody sits at is a slip of the pen; which seat was meant is not known, so no ruling may rest on the line.",
    "# three-handed (N, E, W): nobody sits at S\nhand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass\n",
    rules=THREE_RULES,
)
DEAL_STOLEN = register(
    "D114", "deal-stolen", Category.DEAL, W,
    "The partner of the last dealer deals in place of the next dealer, where the ruleset lets a stolen deal stand (`deal.stealing`).",
    "Seed 002 line 19: 'This happens when the partner of the person who dealt the last hand picks up the cards and starts "
    "shuffling. The player can have successfully stolen the deal if the opponents do not notice or complain'. The hand "
    "stands; the deal goes on from the thief.",
    "# a ruleset with stealing the deal: S, N's partner, deals where it was E's turn\n"
    "hand 1 dealer N\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n"
    "hand 2 dealer S\nbid W pass, N pass, E pass, S pass, W pass, N pass, E pass, S pass\n",
    rules=("deal.stealing=true",),
)
