"""The known hands the app's tests play, named once.

Each pair is a knocker's ten cards and the opponent's ten. The comments give what the pair adds
up to under an upcard of 10♣ (knock limit 10) unless they say otherwise. Engine tests in
tests/adjudication/ write their hands out where they read better that way.
"""

# A knock with 4♦ against 39: 9-10-J♦ melded, 5+6+8+2+3+10+5 left; a knock worth 35.
KNOCK_4 = "AS 2S 3S 7H 8H 9H KC KD KH 4D"
OPP_39 = "5C 6C 8C 9D TD JD 2H 3H QS 5S"

# The same knock with 5♦ (illegal under a 3, limit 3); against OPP_5 (5♠ left) a tie:
# an undercut worth 10.
KNOCK_5 = "AS 2S 3S 7H 8H 9H KC KD KH 5D"
OPP_5 = "4C 5C 6C 9D TD JD 2H 3H 4H 5S"

# Gin against 5♣ left: gin worth 30.
GIN = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS"
OPP_TO_GIN = "KH KD KC QS QD QC 2D 3D 4D 5C"

# The rules page's layoff example: the opponent lays 2♠ off onto the knocker's 3-4-5♠;
# an undercut worth 12.
LAYOFF_KNOCKER = "AS 3S 4S 5S AC 2D 3D 4D 5D 3H"
LAYOFF_OPPONENT = "2S 3C 4C 5C 6C 6D 2H 4H 5H 6H"

# Alice knocks under 10♣ with A♣ (1); Bob lays off 8♠ 9♠ and keeps 30: Alice scores 29.
ALICE_KNOCKS_WITH_1 = "5S 6S 7S KH KD KC 2H 3H 4H AC"
BOB_LAYS_OFF = "8S 9S QD QC QH 2D 4D 6D 8D TD"
