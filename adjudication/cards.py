"""Cards: ranks, suits, the 52 cards, and their text (``/rules/#cards``, ``/rules/#notation``).

Canonical text is a rank from ``A 2 3 4 5 6 7 8 9 T J Q K`` followed by a suit from
``S H D C``. Input also accepts ``10``, lower case, the suit symbols (plain and outlined, also
before the rank), and spaces, commas or nothing between cards.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, IntEnum

from adjudication.errors import CardIndexError, CardTextError, DuplicateCardError, HandMaskError

__all__ = [
    "ALL_CARDS",
    "Card",
    "Rank",
    "Suit",
    "cards_to_mask",
    "format_cards",
    "hand_mask",
    "mask_to_cards",
    "parse_cards",
    "pretty_cards",
]


class Suit(Enum):
    """The four suits, in the engine's fixed order S, H, D, C."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """Return the suit symbol shown on pages: ``♠ ♥ ♦ ♣``."""
        return _SYMBOLS[self]

    @property
    def order(self) -> int:
        """Return the suit's position in the fixed order S, H, D, C (0..3)."""
        return _SUIT_ORDER[self]


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_ORDER = {suit: n for n, suit in enumerate(Suit)}


class Rank(IntEnum):
    """The thirteen ranks. The ace is always low (``/rules/#cards``)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def text(self) -> str:
        """Return the canonical one-letter rank: ``A``, ``2``..``9``, ``T``, ``J``, ``Q``, ``K``."""
        return "A23456789TJQK"[self - 1]

    @property
    def label(self) -> str:
        """Return the rank as pages show it: like :attr:`text`, but ``10`` for the ten."""
        return "10" if self == Rank.TEN else self.text

    @property
    def points(self) -> int:
        """Return the deadwood value: ace 1, number cards their value, T J Q K 10."""
        return min(int(self), 10)


@dataclass(frozen=True, order=True)
class Card:
    """One card. Cards order by :attr:`index` (suit order S, H, D, C, then rank).

    >>> Card.parse("th")
    Card.parse('TH')
    >>> str(Card(Rank.TEN, Suit.HEARTS)), Card.parse("10♥").label
    ('TH', '10♥')
    >>> Card.parse("AS") < Card.parse("KS") < Card.parse("AH")
    True
    """

    # Declared first so that the generated ordering compares the index and nothing else.
    index: int = field(init=False, repr=False, compare=True)
    rank: Rank
    suit: Suit

    def __post_init__(self) -> None:
        try:
            rank, suit = Rank(self.rank), Suit(self.suit)
        except ValueError:
            raise CardTextError(f"{self.rank}{self.suit}") from None
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "index", suit.order * 13 + rank - 1)

    def __hash__(self) -> int:
        return self.index

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __str__(self) -> str:
        return self.rank.text + self.suit.value

    @property
    def points(self) -> int:
        """Return the card's deadwood value (``/rules/#cards``)."""
        return self.rank.points

    @property
    def bit(self) -> int:
        """Return ``1 << index``: the card as a one-card hand mask."""
        return 1 << self.index

    @property
    def label(self) -> str:
        """Return the card as pages show it, e.g. ``10♥`` or ``A♠``."""
        return self.rank.label + self.suit.symbol

    @classmethod
    def from_index(cls, index: int) -> Card:
        """Return the card with this index (0..51); raise CardIndexError outside that range.

        >>> Card.from_index(0), Card.from_index(51)
        (Card.parse('AS'), Card.parse('KC'))
        """
        if not 0 <= index < 52:
            raise CardIndexError(index)
        return ALL_CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Return the one card written in ``text``; raise CardTextError for anything else.

        >>> Card.parse(" 10d "), Card.parse("♤a"), Card.parse("qc")
        (Card.parse('TD'), Card.parse('AS'), Card.parse('QC'))
        >>> Card.parse("1X")
        Traceback (most recent call last):
        ...
        adjudication.errors.CardTextError: unknown card '1X'
        """
        if not isinstance(text, str):
            raise CardTextError(repr(text))
        match = _CARD_RE.fullmatch(_clean(text).strip())
        if match is None:
            raise CardTextError(text)
        return _from_match(match)


ALL_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)

_RANK_PATTERN = r"10|[2-9atjqk]"
_SUIT_LETTERS = {
    "S": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
    "H": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "D": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "C": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}  # fmt: skip
_SYMBOL_CLASS = "♠♤♥♡♦♢♣♧"
# A card is a rank then a suit, or (with a symbol only) a suit symbol then a rank: "♤A".
_CARD_RE = re.compile(
    rf"(?P<rank>{_RANK_PATTERN})(?P<suit>[shdc{_SYMBOL_CLASS}])"
    rf"|(?P<symbol>[{_SYMBOL_CLASS}])(?P<rank2>{_RANK_PATTERN})",
    re.IGNORECASE,
)
_SEPARATORS = re.compile(r"[\s,]+")
# Emoji presentation selectors that phones append to suit symbols ("♥️").
_VARIATION_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")


def _clean(text: str) -> str:
    return text.translate(_VARIATION_SELECTORS)


def _from_match(match: re.Match[str]) -> Card:
    rank_text = match["rank"] or match["rank2"]
    suit_text = match["suit"] or match["symbol"]
    rank = 10 if rank_text == "10" else "A23456789TJQK".index(rank_text.upper()) + 1
    return ALL_CARDS[_SUIT_LETTERS[suit_text.upper()].order * 13 + rank - 1]


def _parse_piece(piece: str) -> list[Card]:
    """Read the cards written without separators in ``piece`` ("7h8h9h")."""
    cards = []
    pos = 0
    while pos < len(piece):
        match = _CARD_RE.match(piece, pos)
        if match is None:
            raise CardTextError(piece[pos:] if pos else piece)
        cards.append(_from_match(match))
        pos = match.end()
    return cards


def _tokens(text: str | Iterable[str | Card]) -> Iterable[str | Card]:
    if isinstance(text, str):
        return [text]
    return text


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Return the cards in ``text``, in input order.

    ``text`` is one string, or an iterable of strings (each may hold several cards; Card
    objects pass through). Raises CardTextError naming the token it could not read, and
    DuplicateCardError for a card given twice.

    >>> format_cards(parse_cards("7h8h9h, 10♥ j♥ ♤A"))
    '7H 8H 9H TH JH AS'
    >>> parse_cards(["2c 3c", "4C"])
    (Card.parse('2C'), Card.parse('3C'), Card.parse('4C'))
    >>> parse_cards("7h 7H")
    Traceback (most recent call last):
    ...
    adjudication.errors.DuplicateCardError: card 7♥ entered twice
    """
    cards: list[Card] = []
    for token in _tokens(text):
        if isinstance(token, Card):
            cards.append(token)
        elif isinstance(token, str):
            for piece in _SEPARATORS.split(_clean(token)):
                cards.extend(_parse_piece(piece))
        else:
            raise CardTextError(repr(token))
    seen = 0
    for card in cards:
        if seen & card.bit:
            raise DuplicateCardError(card)
        seen |= card.bit
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    """Return the cards as canonical text, space separated, in the given order.

    >>> format_cards(parse_cards("10♥ j♥ Q♥"))
    'TH JH QH'
    """
    return " ".join(str(card) for card in cards)


def pretty_cards(cards: Iterable[Card]) -> str:
    """Return the cards as pages show them, with suit symbols: ``10♥ J♥ Q♥``.

    >>> pretty_cards(parse_cards("TH JH QH"))
    '10♥ J♥ Q♥'
    """
    return " ".join(card.label for card in cards)


def cards_to_mask(cards: Iterable[Card]) -> int:
    """Return the hand as a 52-bit mask (bit ``card.index`` set for each card).

    Raises DuplicateCardError when a card appears twice.

    >>> cards_to_mask(parse_cards("AS 2S")) == 0b11
    True
    """
    mask = 0
    for card in cards:
        bit = 1 << card.index
        if mask & bit:
            raise DuplicateCardError(card)
        mask |= bit
    return mask


def hand_mask(cards: str | Iterable[str | Card]) -> int:
    """Return the mask of cards given as text or as Card objects (see :func:`parse_cards`).

    Card objects take a fast path. Raises CardTextError or DuplicateCardError.

    >>> hand_mask("2S AS") == hand_mask([Card.parse("AS"), Card.parse("2S")]) == 0b11
    True
    """
    if not isinstance(cards, str):
        if not isinstance(cards, (list, tuple)):  # noqa: UP038 (the tuple form is faster)
            cards = tuple(cards)
        mask = 0
        card_type = Card
        for card in cards:
            if type(card) is not card_type:
                break
            bit = 1 << card.index
            if mask & bit:
                raise DuplicateCardError(card)
            mask |= bit
        else:
            return mask
    return cards_to_mask(parse_cards(cards))


def mask_to_cards(mask: int) -> tuple[Card, ...]:
    """Return the cards of a 52-bit mask in index order; raise HandMaskError if invalid.

    >>> format_cards(mask_to_cards(0b101))
    'AS 3S'
    """
    if not 0 <= mask < 1 << 52:
        raise HandMaskError(mask)
    return (
        _SUIT_CARDS[0][mask & 0x1FFF]
        + _SUIT_CARDS[1][mask >> 13 & 0x1FFF]
        + _SUIT_CARDS[2][mask >> 26 & 0x1FFF]
        + _SUIT_CARDS[3][mask >> 39]
    )


class _SuitCards(dict[int, tuple[Card, ...]]):
    """The cards of each 13-bit pattern of one suit, worked out once when first needed."""

    def __init__(self, suit: int) -> None:
        super().__init__()
        self.first = suit * 13

    def __missing__(self, pattern: int) -> tuple[Card, ...]:
        cards = tuple(ALL_CARDS[self.first + r] for r in range(13) if pattern >> r & 1)
        self[pattern] = cards
        return cards


# At most 4 x 8192 small tuples, and in practice the few patterns hands really hold.
_SUIT_CARDS = tuple(_SuitCards(suit) for suit in range(4))
