"""The engine's own errors: ValueError subclasses, split by cause.

The web app turns them into form errors at one boundary; the CLI turns them into error lines.
Every message is plain English and names the problem.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from adjudication.cards import Card


class AdjudicationError(ValueError):
    """Base class of every error the engine raises on bad input."""


class CardTextError(AdjudicationError):
    """A token is not a card. ``.token`` holds the text that could not be read.

    >>> str(CardTextError("1X"))
    "unknown card '1X'"
    """

    def __init__(self, token: str) -> None:
        self.token = token
        super().__init__(f"unknown card {token!r}")


class DuplicateCardError(AdjudicationError):
    """The same card was entered twice in one hand. ``.card`` is that card."""

    def __init__(self, card: Card) -> None:
        self.card = card
        super().__init__(f"card {card.label} entered twice")


class CardInBothHandsError(AdjudicationError):
    """A card was entered in the knocker's and in the opponent's hand. ``.card`` is that card."""

    def __init__(self, card: Card) -> None:
        self.card = card
        super().__init__(f"card {card.label} is in both hands")


class WrongCountError(AdjudicationError):
    """A hand has the wrong number of cards: ``.expected`` (allowed counts) and ``.got``."""

    def __init__(self, expected: tuple[int, ...], got: int, what: str = "") -> None:
        self.expected = tuple(expected)
        self.got = got
        allowed = " or ".join(str(n) for n in self.expected)
        prefix = f"{what}: " if what else ""
        super().__init__(f"{prefix}expected {allowed} cards, got {got}")


class IllegalKnockError(AdjudicationError):
    """A knock whose best deadwood is over the knock limit.

    ``adjudicate()`` does not raise it (it returns an ILLEGAL verdict); it is here for callers
    that prefer an exception. ``.deadwood`` and ``.limit`` hold the figures.
    """

    def __init__(self, deadwood: int, limit: int) -> None:
        self.deadwood = deadwood
        self.limit = limit
        super().__init__(f"deadwood {deadwood} > limit {limit}")
