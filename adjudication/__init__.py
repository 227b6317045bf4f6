"""The rules of Oklahoma Gin: pure Python, standard library only, no I/O.

Parse cards, find a hand's best arrangement and discard, adjudicate a knock against the
opponent's best reply, score it, and derive a match from its deals. ``python -m adjudication``
is the command line (JSON lines, :mod:`adjudication.protocol`). The rules are the site's rules
page, ``/rules/``, which the docstrings cite by anchor (``/rules/#layoffs``). The one import to
start with:

>>> from adjudication import adjudicate
>>> verdict = adjudicate("6D", "7H 8H 9H 2C 3C 4C KS KD KC 5S", "AS 2S 3S 4H 5H 6H 7C 7D 9D QH")
>>> verdict.outcome, verdict.winner, verdict.points
(<Outcome.KNOCK: 'knock'>, <Side.KNOCKER: 'knocker'>, 28)
"""

from adjudication.cards import (
    ALL_CARDS,
    Card,
    Rank,
    Suit,
    cards_to_mask,
    format_cards,
    mask_to_cards,
    parse_cards,
    pretty_cards,
)
from adjudication.errors import (
    AdjudicationError,
    BigGinDeadwoodError,
    CardInBothHandsError,
    CardIndexError,
    CardTextError,
    DealPointsError,
    DrawPointsError,
    DuplicateCardError,
    FieldTypeError,
    HandMaskError,
    MatchError,
    MeldMaskError,
    MissingKeyError,
    MultiplierError,
    NegativeDeadwoodError,
    NotAMeldError,
    NotASeatError,
    RequestError,
    RequestTypeError,
    RuleRangeError,
    RulesError,
    RulesTypeError,
    RuleTypeError,
    UnknownKeyError,
    UnknownRequestError,
    UnknownRuleError,
    VerdictFormatError,
    WrongCountError,
)
from adjudication.hand import HandAnalysis, analyse_hand
from adjudication.layoffs import Layoff, OpponentPlay, best_reply
from adjudication.match import DealLine, DealResult, MatchState, play_match
from adjudication.melds import (
    ALL_MELDS,
    Arrangement,
    Meld,
    MeldKind,
    arrangements,
    best_arrangement,
)
from adjudication.protocol import answer
from adjudication.quick import QuickVerdict, score_quick
from adjudication.rules import DEFAULT_RULES, RULE_SPECS, Rules, RuleSpec
from adjudication.scoring import Basis, Outcome, Score, Side, basis_of, score_knock
from adjudication.verdict import IllegalReason, KnockerPlay, Verdict, adjudicate

__all__ = [
    "ALL_CARDS",
    "ALL_MELDS",
    "DEFAULT_RULES",
    "RULE_SPECS",
    "AdjudicationError",
    "Arrangement",
    "Basis",
    "BigGinDeadwoodError",
    "Card",
    "CardInBothHandsError",
    "CardIndexError",
    "CardTextError",
    "DealLine",
    "DealPointsError",
    "DealResult",
    "DrawPointsError",
    "DuplicateCardError",
    "FieldTypeError",
    "HandAnalysis",
    "HandMaskError",
    "IllegalReason",
    "KnockerPlay",
    "Layoff",
    "MatchError",
    "MatchState",
    "Meld",
    "MeldKind",
    "MeldMaskError",
    "MissingKeyError",
    "MultiplierError",
    "NegativeDeadwoodError",
    "NotAMeldError",
    "NotASeatError",
    "OpponentPlay",
    "Outcome",
    "QuickVerdict",
    "Rank",
    "RequestError",
    "RequestTypeError",
    "RuleRangeError",
    "RuleSpec",
    "RuleTypeError",
    "Rules",
    "RulesError",
    "RulesTypeError",
    "Score",
    "Side",
    "Suit",
    "UnknownKeyError",
    "UnknownRequestError",
    "UnknownRuleError",
    "Verdict",
    "VerdictFormatError",
    "WrongCountError",
    "adjudicate",
    "analyse_hand",
    "answer",
    "arrangements",
    "basis_of",
    "best_arrangement",
    "best_reply",
    "cards_to_mask",
    "format_cards",
    "mask_to_cards",
    "parse_cards",
    "play_match",
    "pretty_cards",
    "score_knock",
    "score_quick",
]
