"""The codes of the play: whose turn it is, reneges and the left bower."""

from __future__ import annotations

from .registry import CLEAN_DEAL, Category, E, W, register

# --- turn -----------------------------------------------------------------
WRONG_LEADER = register(
    "T401", "wrong-leader", Category.TURN, E,
    "A trick is led by the wrong player.",
    "The first lead is fixed by the ruleset; later tricks are led by the previous winner.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick S:JD W:KC N:JH E:KD\ntrick S:AS W:JS N:KS E:QS\ntrick S:9H W:QH N:KH E:TH\n"
    "trick N:AD E:QD S:JC W:TS\ntrick N:TD E:9C S:AC W:QC\n",
)
PLAY_OUT_OF_TURN = register(
    "T402", "play-out-of-turn", Category.TURN, E,
    "A card is played out of clockwise order, or a seat plays twice to one trick.",
    "Play goes clockwise from the leader.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:KD W:KC S:JD N:JH\n",
)
LONE_PARTNER_PLAYED = register(
    "T403", "lone-partner-played", Category.TURN, E,
    "The partner of a lone player (a lone maker or a lone defender) plays a card.",
    "The partner's hand is out of play when someone goes alone or defends alone.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N call S alone\n"
    "trick E:9D S:TD W:QD N:AD\n",
)
TRICK_SIZE = register(
    "T404", "trick-size", Category.TURN, E,
    "A trick has more or fewer cards than there are players in the hand.",
    "Every active player plays exactly one card to each trick.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:KD S:JD W:KC\n",
)
TRICKS_MISSING = register(
    "T405", "tricks-missing", Category.TURN, W,
    "Fewer tricks than the hand has are written, and no trick count is given.",
    "The hand cannot be scored from the record; the sheet's entry is taken as it is.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:KD S:JD W:KC N:JH\nscore NS 1 EW 0\n",
)
TOO_MANY_TRICKS = register(
    "T406", "too-many-tricks", Category.TURN, E,
    "More tricks are written than a hand has.",
    "A hand has as many tricks as cards in each hand.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\ntrick E:KD S:JD W:KC N:JH\n",
)

# --- renege ---------------------------------------------------------------
RENEGE = register(
    "R501", "renege", Category.RENEGE, E,
    "A player did not follow the suit led although they held a card of it.",
    "Following suit when able is the central rule of play; the table may call it for a penalty.",
    "hand 1 dealer E\nup KC\nbid S pass, W pass, N pass, E pass, S call S\n"
    "trick S:JC W:9S N:JS E:QS\ntrick N:AH E:JH S:KH W:KD\ntrick N:9H E:TS S:AS W:QH\n"
    "trick S:QD W:TH N:AD E:JD\ntrick N:TD E:AC S:KS W:QC\n",
)
RENEGE_UNPROVEN = register(
    "R502", "renege-unproven", Category.RENEGE, W,
    "The table called a renege that the record can neither prove nor disprove.",
    "Without the deal the auditor cannot see every card a player held; the table's ruling stands.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N order\n"
    "trick E:KD S:JD W:KC N:JH\ntrick S:AS W:JS N:KS E:QS\ntrick S:9H W:QH N:KH E:TH\n"
    "trick N:AD E:QD S:JC W:TS\ntrick N:TD E:9C S:AC W:QC\nrenege W\n",
)
RENEGE_DISPROVEN = register(
    "R503", "renege-disproven", Category.RENEGE, E,
    "The table called a renege, but the recorded deal shows the player could not follow.",
    "A penalty was given for a renege that did not happen; the hand is scored as played.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:KD S:JD W:KC N:JH\ntrick S:AS W:JS N:KS E:QS\ntrick S:9H W:QH N:KH E:TH\n"
    "trick N:AD E:QD S:JC W:TS\ntrick N:TD E:9C S:AC W:QC\nrenege W\n",
)

# --- left bower -----------------------------------------------------------
LEFT_BOWER_ON_ITS_SUIT = register(
    "L601", "left-bower-on-printed-suit", Category.LEFT_BOWER, E,
    "The left bower was played to a lead of its printed suit while the player held that suit.",
    "The left bower is a trump, not a card of its printed suit: it does not follow that suit.",
    "hand 1 dealer N\ndeal E: 9D TD 9S 9C KC  S: QD JH KD TS AH  W: QH QC JC AS JD  N: 9H TC TH QS KS\nup JS\n"
    "bid E pass, S pass, W pass, N order\ndiscard 9H\ntrick E:KC S:AH W:JC N:TC\ntrick W:JD N:TH E:9D S:QD\n"
    "trick S:JH W:QH N:QS E:TD\ntrick N:KS E:9S S:TS W:AS\ntrick W:QC N:JS E:9C S:KD\n",
)
LEFT_BOWER_LED = register(
    "L602", "left-bower-led", Category.LEFT_BOWER, E,
    "The left bower was led (so trump was led) and a player who held trump did not play one.",
    "Leading the left bower leads trump; it asks for trump, not for its printed suit.",
    "hand 1 dealer N\ndeal E: JC TD 9S 9C KC  S: QD JH KD TS AH  W: QH QC 9D AS JD  N: 9H TC TH QS KS\nup JS\n"
    "bid E pass, S pass, W pass, N order\ndiscard 9H\ntrick E:JC S:AH W:QC N:TC\ntrick E:9C S:QD W:QH N:TH\n"
    "trick E:TD S:KD W:9D N:QS\ntrick N:KS E:9S S:TS W:AS\ntrick W:JD N:JS E:KC S:JH\n",
)
LEFT_BOWER_ONLY_TRUMP = register(
    "L603", "left-bower-only-trump", Category.LEFT_BOWER, E,
    "Trump was led and the player's only trump, the left bower, was not played.",
    "The left bower counts as trump for following: holding it means holding trump.",
    "hand 1 dealer N\ndeal E: 9D TD JC 9C KC  S: QD JH KD TS AH  W: QH 9S QC AS JD  N: 9H TC TH QS KS\nup JS\n"
    "bid E pass, S pass, W pass, N order\ndiscard 9H\ntrick E:9D S:KD W:JD N:JS\ntrick N:KS E:TD S:TS W:AS\n"
    "trick W:QH N:TH E:9C S:JH\ntrick W:QC N:TC E:KC S:QD\ntrick E:JC S:AH W:9S N:QS\n",
)
