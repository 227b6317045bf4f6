"""The engine's own errors: ValueError subclasses, split by cause.

The web app turns them into form errors at one boundary; the CLI and the API turn them into
error lines. Every message is plain English and names the problem, and every error carries
the offending values as attributes, so that a caller can say the same in another language
without reading the message (as python-chess's move errors do).

An illegal knock is not an error: ``adjudicate()`` returns a verdict with ``legal=False``.
"""

from __future__ import annotations

from typing import Any, Protocol


class Card(Protocol):
    """What an error needs of a card: its label. (Errors import nothing of the engine, so
    that the modules that raise them can import them without a cycle.)"""

    @property
    def label(self) -> str: ...


__all__ = [
    "AdjudicationError",
    "BigGinDeadwoodError",
    "CardInBothHandsError",
    "CardIndexError",
    "CardTextError",
    "DealPointsError",
    "DealRequestError",
    "DrawPointsError",
    "DuplicateCardError",
    "FieldRangeError",
    "FieldTypeError",
    "HandMaskError",
    "MatchError",
    "MeldMaskError",
    "MissingKeyError",
    "MultiplierError",
    "NegativeDeadwoodError",
    "NotASeatError",
    "NotAMeldError",
    "RequestError",
    "RequestTypeError",
    "TooManyDealsError",
    "RuleRangeError",
    "RuleTypeError",
    "RulesError",
    "RulesTypeError",
    "UnknownKeyError",
    "UnknownRequestError",
    "UnknownRuleError",
    "VerdictFormatError",
    "WrongCountError",
]


class AdjudicationError(ValueError):
    """Base class of every error the engine raises on bad input."""


# --- cards and hands ---------------------------------------------------------------------------


class CardTextError(AdjudicationError):
    """A token is not a card. ``.token`` holds the text that could not be read.

    Raised by the card parsers (``Card.parse``, ``parse_cards``) and everything that reads
    card text.

    >>> str(CardTextError("1X"))
    "unknown card '1X'"
    """

    def __init__(self, token: str) -> None:
        self.token = token
        super().__init__(f"unknown card {token!r}")


class DuplicateCardError(AdjudicationError):
    """The same card was entered twice in one hand. ``.card`` is that card.

    >>> from adjudication import Card
    >>> DuplicateCardError(Card.parse("7S")).card
    Card.parse('7S')
    """

    def __init__(self, card: Card) -> None:
        self.card = card
        super().__init__(f"card {card.label} entered twice")


class CardInBothHandsError(AdjudicationError):
    """A card was entered in the knocker's and in the opponent's hand. ``.card`` is that card.

    Raised by ``adjudicate`` and ``best_reply``.
    """

    def __init__(self, card: Card) -> None:
        self.card = card
        super().__init__(f"card {card.label} is in both hands")


class WrongCountError(AdjudicationError):
    """A hand has the wrong number of cards: ``.expected`` (allowed counts) and ``.got``.

    ``.what`` names the hand ("knocker", "opponent") or is empty. Raised by ``analyse_hand``
    and ``adjudicate``.

    >>> str(WrongCountError((10,), 9, "opponent"))
    'opponent: expected 10 cards, got 9'
    """

    def __init__(self, expected: tuple[int, ...], got: int, what: str = "") -> None:
        self.expected = tuple(expected)
        self.got = got
        self.what = what
        allowed = " or ".join(str(n) for n in self.expected)
        prefix = f"{what}: " if what else ""
        super().__init__(f"{prefix}expected {allowed} cards, got {got}")


class CardIndexError(AdjudicationError):
    """A card index outside 0..51, given to ``Card.from_index``. ``.index`` is the index.

    >>> CardIndexError(52).index
    52
    """

    def __init__(self, index: int) -> None:
        self.index = index
        super().__init__(f"card index {index} is not in 0..51")


class HandMaskError(AdjudicationError):
    """An int that is no 52-bit hand mask, given to ``mask_to_cards``. ``.mask`` is the int."""

    def __init__(self, mask: int) -> None:
        self.mask = mask
        super().__init__(f"not a hand mask: {mask}")


# --- melds -------------------------------------------------------------------------------------


class NotAMeldError(AdjudicationError):
    """Cards that are neither a set nor a run, given to ``Meld``. ``.cards`` holds them.

    >>> from adjudication import parse_cards
    >>> str(NotAMeldError(parse_cards("QS KS AS")))
    'not a meld: Q♠ K♠ A♠'
    """

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = tuple(cards)
        super().__init__("not a meld: " + " ".join(card.label for card in self.cards))


class MeldMaskError(AdjudicationError):
    """A mask that is no meld's, given to ``Meld.from_mask`` or ``Arrangement.from_masks``.

    ``.mask`` is the mask.
    """

    def __init__(self, mask: int) -> None:
        self.mask = mask
        super().__init__(f"not a meld mask: {mask}")


# --- rules -------------------------------------------------------------------------------------


class RulesError(AdjudicationError):
    """Base class of the errors in a set of rules (``Rules``, ``Rules.from_dict``)."""


class RuleTypeError(RulesError):
    """A rule has a value of the wrong type: ``.rule`` (its name), ``.value``, and
    ``.expected``, the type it needs (``bool`` or ``int``).

    >>> str(RuleTypeError("target", "100", int))
    "rule 'target' must be a whole number, got '100'"
    """

    def __init__(self, rule: str, value: Any, expected: type) -> None:
        self.rule = rule
        self.value = value
        self.expected = expected
        kind = "true or false" if expected is bool else "a whole number"
        super().__init__(f"rule {rule!r} must be {kind}, got {value!r}")


class RuleRangeError(RulesError):
    """A rule's number is below its least value: ``.rule``, ``.value`` and ``.least``.

    >>> str(RuleRangeError("target", 0, 1))
    "rule 'target' must be at least 1, got 0"
    """

    def __init__(self, rule: str, value: int, least: int) -> None:
        self.rule = rule
        self.value = value
        self.least = least
        super().__init__(f"rule {rule!r} must be at least {least}, got {value}")


class UnknownRuleError(RulesError):
    """``Rules.from_dict`` met a key that names no rule. ``.rule`` is that key."""

    def __init__(self, rule: Any) -> None:
        self.rule = rule
        super().__init__(f"unknown rule {rule!r}")


class RulesTypeError(RulesError):
    """``Rules.from_dict`` was given something other than a dict. ``.data`` is that value."""

    def __init__(self, data: Any) -> None:
        self.data = data
        super().__init__(f"rules must be an object, got {data!r}")


# --- scoring -----------------------------------------------------------------------------------


class NegativeDeadwoodError(AdjudicationError):
    """A deadwood count below 0 was given to ``score_knock``.

    ``.knocker_deadwood`` and ``.opponent_deadwood`` are the two counts.
    """

    def __init__(self, knocker_deadwood: int, opponent_deadwood: int) -> None:
        self.knocker_deadwood = knocker_deadwood
        self.opponent_deadwood = opponent_deadwood
        super().__init__(f"deadwood cannot be negative: {knocker_deadwood}, {opponent_deadwood}")


class MultiplierError(AdjudicationError):
    """A score multiplier below 1 was given to ``score_knock``. ``.multiplier`` is it."""

    def __init__(self, multiplier: int) -> None:
        self.multiplier = multiplier
        super().__init__(f"multiplier must be at least 1, got {multiplier}")


class BigGinDeadwoodError(AdjudicationError):
    """Big gin was scored with knocker deadwood. ``.deadwood`` is the knocker's count.

    Raised by ``score_knock``: big gin melds all 11 cards, so it has none.
    """

    def __init__(self, deadwood: int) -> None:
        self.deadwood = deadwood
        super().__init__("big gin has no deadwood")


# --- matches -----------------------------------------------------------------------------------


class MatchError(AdjudicationError):
    """Base class of the errors in a match's deals and first dealer (``DealResult``,
    ``play_match``)."""


class NotASeatError(MatchError):
    """A player's seat that is not 0 or 1: ``.what`` names whose seat ("deal winner", "deal
    dealer", "first dealer") and ``.value`` is what was given.

    Raised by ``DealResult`` and ``play_match``. Only the ints 0 and 1 are seats (not True,
    nor 0.0).

    >>> str(NotASeatError("first dealer", 2))
    'first dealer must be player 0 or 1, got 2'
    """

    def __init__(self, what: str, value: Any) -> None:
        self.what = what
        self.value = value
        super().__init__(f"{what} must be player 0 or 1, got {value!r}")


class DealPointsError(MatchError):
    """A deal's points that are not a whole number of at least 0. ``.points`` is the value.

    >>> str(DealPointsError(-3))
    'deal points must be a whole number >= 0: -3'
    """

    def __init__(self, points: Any) -> None:
        self.points = points
        super().__init__(f"deal points must be a whole number >= 0: {points!r}")


class DrawPointsError(MatchError):
    """A draw (no winner) given points. ``.points`` is how many.

    >>> str(DrawPointsError(5))
    'a draw scores nothing, got 5 points'
    """

    def __init__(self, points: int) -> None:
        self.points = points
        super().__init__(f"a draw scores nothing, got {points} points")


# --- stored verdicts ---------------------------------------------------------------------------


class VerdictFormatError(AdjudicationError):
    """``Verdict.from_dict`` was given something that is no verdict.

    ``.data`` is what was given, ``.error`` the problem met while reading it.
    """

    def __init__(self, data: Any, error: Exception) -> None:
        self.data = data
        self.error = error
        super().__init__(f"not a verdict: {error!r}")


# --- requests of the JSON protocol (the command line and the HTTP API) ------------------------


class RequestError(AdjudicationError):
    """Base class of the errors in the shape of a protocol request (``protocol.answer``)."""


class RequestTypeError(RequestError):
    """A request that is not a JSON object. ``.request`` is the decoded value.

    >>> str(RequestTypeError([1, 2]))
    'expected a JSON object, got list'
    """

    def __init__(self, request: Any) -> None:
        self.request = request
        super().__init__(f"expected a JSON object, got {type(request).__name__}")


class UnknownRequestError(RequestError):
    """An object that is neither a hand, a deal nor a match request. ``.keys`` lists its keys."""

    def __init__(self, keys: tuple[str, ...]) -> None:
        self.keys = tuple(keys)
        super().__init__(
            'expected a "hand" request, a deal with "knocker" and "opponent", '
            'or a match with "first_dealer" and "deals"'
        )


class UnknownKeyError(RequestError):
    """A request holds a key its kind does not take. ``.key`` is that key."""

    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(f"unknown key {key!r}")


class MissingKeyError(RequestError):
    """A request lacks a key its kind needs. ``.key`` is that key.

    >>> str(MissingKeyError("opponent"))
    'missing "opponent"'
    """

    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(f'missing "{key}"')


class FieldTypeError(RequestError):
    """A request's key holds a value of the wrong type: ``.key``, ``.value``, and
    ``.expected``, what it should hold, in words.

    >>> str(FieldTypeError("upcard", 6, "one card"))
    '"upcard" must be one card, got 6'
    """

    def __init__(self, key: str, value: Any, expected: str) -> None:
        self.key = key
        self.value = value
        self.expected = expected
        super().__init__(f'"{key}" must be {expected}, got {value!r}')


class FieldRangeError(RequestError):
    """A whole number of a request is above what the protocol takes: ``.key``, ``.value``
    and ``.most``.

    >>> str(FieldRangeError("points", 1001, 1000))
    '"points" must be at most 1000, got 1001'
    """

    def __init__(self, key: str, value: int, most: int) -> None:
        self.key = key
        self.value = value
        self.most = most
        super().__init__(f'"{key}" must be at most {most}, got {value}')


class TooManyDealsError(RequestError):
    """A match request lists more deals than the protocol takes: ``.count`` and ``.most``.

    >>> str(TooManyDealsError(10000, 9999))
    '"deals" holds 10000 deals: at most 9999'
    """

    def __init__(self, count: int, most: int) -> None:
        self.count = count
        self.most = most
        super().__init__(f'"deals" holds {count} deals: at most {most}')


class DealRequestError(RequestError):
    """One deal of a match request is malformed: ``.number`` (1-based) and the ``.error``
    found in it, whose message this one repeats after the deal's number.

    >>> str(DealRequestError(3, MissingKeyError("points")))
    'deal 3: missing "points"'
    """

    def __init__(self, number: int, error: AdjudicationError) -> None:
        self.number = number
        self.error = error
        super().__init__(f"deal {number}: {error}")
