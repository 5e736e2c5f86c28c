"""The codes that name a slip of the pen the audit reads as meant: each a warning, never an accusation.

Each is one edit of the record (a line not written, two lines or two words in
the wrong order, a letter or a card written for another, words added): the
finding says what is written, what was most likely meant and the line to
write, and the hand is ruled as meant (docs/slips.md).
"""

from __future__ import annotations

from .registry import CLEAN_DEAL, Category, W, register

_CLEAN_PLAY = ("up AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
               "trick E:KD S:JD W:KC N:JH\ntrick S:AS W:JS N:KS E:QS\ntrick S:9H W:QH N:KH E:TH\n"
               "trick N:AD E:QD S:JC W:TS\ntrick N:TD E:9C S:AC W:QC\n")
_FIRST_HAND = f"hand 1 dealer N\n{CLEAN_DEAL}\n{_CLEAN_PLAY}score NS 2 EW 0\n"
#: the first hand turned one seat round the table: E deals it, and EW march
_SECOND_HAND_BODY = (
    "deal S: KD QS TH 9C QD  W: JD JC AS 9H AC  N: QC JS QH KC TS  E: TD KS KH TC JH\n"
    "up AD\nbid S pass, W pass, N pass, E order\ndiscard TC\n"
    "trick S:KD W:JD N:KC E:JH\ntrick W:AS N:JS E:KS S:QS\ntrick W:9H N:QH E:KH S:TH\n"
    "trick E:AD S:QD W:JC N:TS\ntrick E:TD S:9C W:AC N:QC\nscore NS 2 EW 2\n"
)

HAND_LINE_NOT_WRITTEN = register(
    "S008", "hand-line-not-written", Category.SYNTAX, W,
    "A hand runs on into the next (a second deal or bid line after its tricks): the line that opens the next hand is not written. The two are read as two hands, the second dealt by the seat the rotation, the deal, the bidding and the lead agree on.",
    "Two deals, two biddings and ten tricks read as one hand would charge every player with bidding after the bidding closed and lose both hands' play.",
    f"{_FIRST_HAND}\n{_SECOND_HAND_BODY}",
)
DEALER_MISWRITTEN = register(
    "S009", "dealer-miswritten", Category.SYNTAX, W,
    "The hand line names a dealer whom the rotation, the deal, the bidding and the lead all contradict, and all agree on another seat: the hand is read as dealt by that seat.",
    "One wrong letter would otherwise charge every bidder with bidding out of turn, the first leader with leading out of turn, and the next, correct hand with a deal out of rotation.",
    f"{_FIRST_HAND}\nhand 2 dealer W\n{_SECOND_HAND_BODY}",
)
TRICKS_OUT_OF_ORDER = register(
    "S010", "tricks-out-of-order", Category.SYNTAX, W,
    "Two trick lines are written in the wrong order: each trick's winner leads the next only when they are read the other way round. The hand is read in that order, and every card is judged.",
    "Written out of order, two tricks would each look led by the wrong player.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:KD S:JD W:KC N:JH\ntrick S:AS W:JS N:KS E:QS\ntrick N:AD E:QD S:JC W:TS\n"
    "trick S:9H W:QH N:KH E:TH\ntrick N:TD E:9C S:AC W:QC\n",
)
CARD_MISWRITTEN = register(
    "S011", "card-miswritten", Category.SYNTAX, W,
    "A trick gives a player a card the player cannot have played (played twice, or dealt to another), and the deal leaves that player exactly the card most likely meant: the trick is read with it, and that card is not judged.",
    "One wrong letter in a card would otherwise make a card played twice, and a card never played look kept for a renege.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:KD S:JD W:KC N:JH\ntrick S:AS W:JS N:KS E:QS\ntrick S:9H W:QH N:KH E:TH\n"
    "trick N:AD E:QD S:JC W:TS\ntrick N:TD E:9C S:AC W:KC\n",
)
RUNNING_TOTAL_SLIP = register(
    "S012", "running-total-slip", Category.SYNTAX, W,
    "One running total on the score sheet is wrong and the next comes back to the right score: one slip of arithmetic in that entry, not two wrong hands.",
    "The sheet's next entry shows that the table kept the right score; only the line written is wrong.",
    f"{_FIRST_HAND.replace('score NS 2 EW 0', 'score NS 2 EW 1')}\nhand 2 dealer E\n{_SECOND_HAND_BODY}",
)
WORDS_AFTER_STATEMENT = register(
    "S013", "words-after-statement", Category.SYNTAX, W,
    "Words that are not the notation follow a statement that reads in full (a note written without '#'): the statement is read, and the words are left out as a note.",
    "A note typed after a trick would otherwise cost the trick, and any finding in it.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\n{_CLEAN_PLAY.replace('W:QC', 'W:QC  gus trumped')}",
)
BIDS_OUT_OF_ORDER = register(
    "S014", "bids-out-of-order", Category.SYNTAX, W,
    "The bids of a line are written in another order than they can have been made: read in the order of the table from the dealer's left, every bid is in turn. The bidding is read in that order.",
    "Bids written in the wrong order would otherwise charge each bidder with bidding out of turn.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\n" + _CLEAN_PLAY.replace("bid E pass, S pass", "bid S pass, E pass"),
)
BID_LINE_NOT_WRITTEN = register(
    "S015", "bid-line-not-written", Category.SYNTAX, W,
    "No bid line is written, yet cards are played: who made trump, and in which suit, is read every way the tricks allow, and no bidding finding is made.",
    "A line the record lost is not an offence: without the bidding, nobody's bid can be judged.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\n" + _CLEAN_PLAY.replace("bid E pass, S pass, W pass, N order\n", ""),
)
TOO_GARBLED = register(
    "S016", "too-garbled-to-read", Category.SYNTAX, W,
    "A hand so garbled that the search for the slips that would explain it ran past its bound of work, or that every player still plays cards the deal line did not give them on the search's likeliest reading (the deal line and the tricks are not of one deal; docs/slips.md): the hand is read as written, nobody is accused on it (what it would find is named in the proof, as no ruling), and its points are the score sheet's.",
    "What a garbled hand seems to show may be the trace of slips the search did not get to read: an accusation needs the record to prove it.",
    # the up line lost, and the tricks of another deal written under this one: every line can be the slip
    "hand 3 dealer E\ndeal S: KC KD QC QD TC  W: 9C 9D 9S AH QH  N: AD JC JH KH TD  E: 9H AC AS JD KS\n"
    "bid E order\ndiscard QS\ntrick E:9H S:AH W:QH N:KH\ntrick S:TS W:JC N:AS E:JS\ntrick N:9C E:QC S:KC W:TC\n"
    "trick S:JD W:9D N:AD E:QD\ntrick S:KD W:TD N:KS E:TH\nscore NS 2 EW 2\n",
)
DEAL_LINE_CUT_SHORT = register(
    "S018", "deal-line-cut-short", Category.SYNTAX, W,
    "A seat's cards in the deal line are fewer than the ruleset deals, and the rest of the record fits them as the start of the hand: the line is read as cut short, and the cards that seat plays (and, for the dealer, discards) fill it. A card still not known is not judged, and no finding rests on it.",
    "A line cut short is a slip of the record, not a misdeal: read as one, it would charge a player with a wrong hand and with playing every card it did not list.",
    "hand 1 dealer N\ndeal E: KD QS TH 9C QD  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD\n" + _CLEAN_PLAY,
)
DEAL_LINE_CARD_TOO_MANY = register(
    "S019", "deal-line-card-too-many", Category.SYNTAX, W,
    "A seat's cards in the deal line are one more than the ruleset deals, and the record shows which card is too many: the one card of the line also written elsewhere (another seat's line, the up card) that the seat never plays (a card written twice in the line, or the up card in the dealer's line, whether played or not), or the one card written nowhere else that the seat never plays while it plays (and, as the dealer, discards) the others. The line is read without that card.",
    "A hand of six is a misdeal the table would have seen at the first trick count: read as one, a slip of the pen would charge a player with a wrong hand, a card dealt twice, and a renege on the card never held. Where the seat plays the card, or the hand does not show which card is too many, the wrong hand size stands (D104).",
    "hand 1 dealer N\ndeal E: KD QS TH 9C QD  S: JD JC AS 9H AC  W: QC JS QH KC TS  N: TD KS KH TC JH QD\n" + _CLEAN_PLAY,
)
DEAL_SEAT_WRITTEN_TWICE = register(
    "S021", "deal-seat-written-twice", Category.SYNTAX, W,
    "The deal names one seat twice (a deal line copied, or a seat's letter written for another's): the seat's first entry is read, the second is read as no seat's, and the warning says what was most likely meant (a copy where the one seat the deal does not name belongs, or that seat's cards under the wrong letter). No finding rests on the cards the copy lost or on whose the second entry's cards are.",
    "No table deals a seat twice: the record lost a seat's cards or wrote its letter for another's. Judged as written, it charged the seat with a wrong hand (D104) on a slip of the pen.",
    "hand 1 dealer N\ndeal E: KD QS TH 9C QD  S: JD JC AS 9H AC  S: JD JC AS 9H AC  N: TD KS KH TC JH\n" + _CLEAN_PLAY,
)
GAME_END_OPEN = register(
    "S024", "game-end-open", Category.SYNTAX, W,
    "The hand the game is won in, or who wins it, rests on the score of a hand whose tricks are partly lost and whose sheet entry is none of the scores its tricks allow: each allowed score is named with the end it gives, and the winner is not ruled. A later hand is charged with being played after the game (G801), or with a score the game's end takes away (P701), only where that holds under every allowed score; the others are named as no ruling.",
    "The audit counts the allowed score nearest the sheet's entry, but that is a guess: resting the game's end on it would accuse hands of being played after a game that may not have been won.",
    "hand 1 dealer W\ndeal N: AS QS 9S TS JS  E: 9H QH QC KH QD  S: JC 9C KS JH AC  W: TD JD KD TC AD\nup KC\n"
    "bid N pass, E pass, S order\ndiscard TD\ntrick N:AS E:QC S:KS W:JD\n"
    "trick W:AD N:TS E:QH S:AC\ntrick S:JC W:KD N:QS E:KH\nscore NS 1 EW 2\n",
    rules=("game.target=2",),
)
