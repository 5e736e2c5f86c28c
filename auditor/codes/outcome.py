"""The codes of what a hand and a game come to: the score, the game, claims, and the events of a night."""

from __future__ import annotations

from .registry import CLEAN_DEAL, Category, E, THREE_RULES, W, register

# --- score ----------------------------------------------------------------
SCORE_MISMATCH = register(
    "P701", "score-mismatch", Category.SCORE, E,
    "The score sheet gives a hand different points than the rules do.",
    "A wrong entry carries forward to every later hand; it is reported once, where it was made.",
    "hand 1 dealer N\nup AD\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\nscore NS 1 EW 0\n",
)
TRICK_COUNT_MISMATCH = register(
    "P702", "trick-count-mismatch", Category.SCORE, E,
    "The written trick count differs from the tricks played.",
    "The trick count decides the points; the played cards are the better evidence.",
    f"hand 1 dealer N\n{CLEAN_DEAL}\nup AD\nbid E pass, S pass, W pass, N order\ndiscard TC\n"
    "trick E:KD S:JD W:KC N:JH\ntrick S:AS W:JS N:KS E:QS\ntrick S:9H W:QH N:KH E:TH\n"
    "trick N:AD E:QD S:JC W:TS\ntrick N:TD E:9C S:AC W:QC\ntricks NS 4 EW 1\n",
)

SCORE_SIDES = register(
    "P703", "score-sides", Category.SCORE, E,
    "A score (or trick count, or initial score) names sides the game does not have (`NS` and `EW` in a three-handed game, a player twice), so it cannot be read.",
    "Scores are kept per side: per partnership, or per player where each plays for himself (`score N 4 E 2 W 7`); an entry for other sides says nothing the audit can check.",
    "# three-handed (N, E, W): the sides are N, E and W\nhand 1 dealer N\nup AD\nbid E pass, W pass, N pass, E pass, W pass, N pass\n"
    "score NS 0 EW 0\n",
    rules=THREE_RULES,
)

# --- game -----------------------------------------------------------------
PLAYED_AFTER_GAME = register(
    "G801", "played-after-game", Category.GAME, E,
    "Hands are recorded after a side had already won the game.",
    "A game ends after the hand in which a side reaches the target; later hands do not count.",
    "hand 1 dealer N\ntricks NS 5 EW 0\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N call S alone\n"
    "score NS 4 EW 0\nhand 2 dealer E\nbid S pass, W pass, N pass, E pass, S pass, W pass, N call D alone\ntricks NS 5 EW 0\n"
    "score NS 8 EW 0\nhand 3 dealer S\nbid W pass, N pass, E pass, S pass, W pass, N call H alone\ntricks NS 5 EW 0\n"
    "score NS 12 EW 0\nhand 4 dealer W\nbid N pass, E pass, S pass, W pass, N pass, E pass, S pass, W pass\n",
)
WRONG_WINNER = register(
    "G802", "wrong-winner", Category.GAME, E,
    "The game's recorded winner (a `Winner` tag) is not the side that won by the rules.",
    "The result of the game is what a tournament records.",
    '[Winner "EW"]\nhand 1 dealer N\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N call S alone\ntricks NS 5 EW 0\n',
)
HAND_NUMBER_REPEATED = register(
    "G803", "hand-number-repeated", Category.GAME, W,
    "Two hands of one game carry the same number.",
    "A repeated number usually means a hand was copied or mis-numbered.",
    "hand 1 dealer N\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n"
    "hand 1 dealer E\nbid S pass, W pass, N pass, E pass, S pass, W pass, N pass, E pass\n",
)
HAND_MISSING = register(
    "G804", "hand-missing", Category.GAME, W,
    "The hand numbers skip: a hand of the game is not in the record.",
    "A missing hand may hold points; the audit goes on from the sheet's score.",
    "hand 1 dealer N\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n"
    "hand 3 dealer S\nbid W pass, N pass, E pass, S pass, W pass, N pass, E pass, S pass\n",
)

GAME_UNFINISHED = register(
    "G805", "game-unfinished", Category.GAME, W,
    "A record that claims the whole game (EGN, or a `[Complete \"yes\"]` tag) ends before a side has won.",
    "The hands that finish the game are missing; the audit covers only what was recorded.",
    '[Complete "yes"]\nhand 1 dealer N\nbid E pass, S pass, W pass, N pass, E pass, S pass, W pass, N pass\n',
)
RULE_NOT_HONOURED = register(
    "G806", "rule-not-honoured", Category.GAME, W,
    "The record's own rules (an EGN ruleset object) include one the auditor cannot apply: `num_players` other than 2, 3 or 4, a value out of range, or both a winning score and a number of deals.",
    "The game is replayed without that rule, so rulings that depend on it may differ from the table's.",
    '{"fileType": "Euchre Game Notation", "version": "1.4",\n'
    ' "metadata": {"players": ["A", "B", "C", "D"], "initialScore": [0, 0], "ruleset": {"num_players": 5}},\n'
    ' "deals": [{"dealNumber": 0, "initialState": {"dealer": 0, "upCard": "Ad"},\n'
    '            "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING",\n'
    '                        "calls": ["Pass", "Pass", "Pass", "Pass", "Pass", "Pass", "Pass", "Pass"]}]}]}\n',
)

HAND_NUMBER_OUT_OF_SEQUENCE = register(
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
CLAIM_FAILS = register(
    "C901", "claim-fails", Category.CLAIM, E,
    "A claim (`claim <seat> [<n>]`) that some defence beats: with the whole deal written, the claimer's side is not sure "
    "of the tricks it claimed; the finding shows the line of play that beats it, in the players' names.",
    "A claim is scored as if the tricks had been played; one the cards do not back takes tricks the claimer's side "
    "might not have won, and `claims.failed` says who gets them.",
    _CLAIM_HAND + "claim S\n",
)
CLAIM_MISPLACED = register(
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
PLAYER_AT_TWO_TABLES = register(
    "E901", "player-at-two-tables", Category.EVENT, E,
    "A player is named at two tables in the same round of a night (the same `Event`, `Date` and `Round` tags, two `Table` tags).",
    "Nobody plays two tables at once: one of the two seats is written under the wrong name, or a player moved "
    "before the round ended; either way the night's standings credit that player twice until the director says which seat was theirs.",
    _NIGHT_TABLE.format(table=1, north="Alice", south="Carol", west="Dan")
    + _NIGHT_TABLE.format(table=2, north="Erin", south="Gail", west="Hank"),
)
