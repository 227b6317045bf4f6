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
from adjudication.search import FULL, card_tally

__all__ = [
    "ALL_CARDS",
    "PATTERN_CARDS",
    "Card",
    "Rank",
    "Suit",
    "cards_to_mask",
    "format_cards",
    "hand_mask",
    "hand_tally",
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
    bit: int = field(init=False, repr=False, compare=False)
    """``1 << index``: the card as a one-card hand mask."""
    points: int = field(init=False, repr=False, compare=False)
    """The card's deadwood value (``/rules/#cards``)."""
    text: str = field(init=False, repr=False, compare=False)
    """The canonical text, as :func:`str` gives it: ``TH``."""
    tally: int = field(init=False, repr=False, compare=False)
    """:attr:`bit`, and above the 52 card bits one in the counter of the card's rank and of
    each 3 in a row that holds it: summed over a hand, the mask and whether it holds a meld
    (:func:`adjudication.search.card_tally`)."""

    def __post_init__(self) -> None:
        try:
            rank, suit = Rank(self.rank), Suit(self.suit)
        except ValueError:
            raise CardTextError(f"{self.rank}{self.suit}") from None
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        index = suit.order * 13 + rank - 1
        object.__setattr__(self, "index", index)
        # Stored rather than computed: hands become masks and deadwood points all the time.
        object.__setattr__(self, "bit", 1 << index)
        object.__setattr__(self, "points", rank.points)
        object.__setattr__(self, "text", rank.text + suit.value)
        object.__setattr__(self, "tally", card_tally(index))

    def __hash__(self) -> int:
        return self.index

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __str__(self) -> str:
        return self.text

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
            # One card on its own ("TH", as a page's grid posts it) is a look-up; anything else
            # is read piece by piece.
            card = _SPELT.get(token)
            if card is not None:
                cards.append(card)
                continue
            for piece in _SEPARATORS.split(_clean(token)):
                card = _SPELT.get(piece)
                if card is None:
                    cards.extend(_parse_piece(piece))
                else:
                    cards.append(card)
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
    return " ".join([card.text for card in cards])


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

    Raises CardTextError or DuplicateCardError.

    >>> hand_mask("2S AS") == hand_mask([Card.parse("AS"), Card.parse("2S")]) == 0b11
    True
    """
    if type(cards) not in _SEQUENCES:
        if isinstance(cards, str):
            mask = _text_mask(cards)
            return cards_to_mask(parse_cards(cards)) if mask is None else mask
        cards = tuple(cards)
    try:
        # Distinct bits add up without a carry, so a sum with as many bits set as there are
        # cards has no duplicate; anything else takes the parser, which names the problem.
        mask = 0
        for card in cards:  # a loop costs less than sum() of a list, for a hand of cards
            mask += card.bit
    except (AttributeError, TypeError):
        if all(isinstance(token, str) for token in cards):
            text_mask = _text_mask(" ".join(cards))
            if text_mask is not None:
                return text_mask
    else:
        if mask.bit_count() == len(cards):
            return mask
    return cards_to_mask(parse_cards(cards))


_SEQUENCES = frozenset({list, tuple})


def hand_tally(cards: str | Iterable[str | Card]) -> int | None:
    """Return the sum of the cards' :attr:`Card.tally` when ``cards`` is a list or tuple of
    distinct Card objects, else None (for :func:`hand_mask` to read, or to name the problem).

    >>> hand_tally(parse_cards("AS 2S")) & (1 << 52) - 1 == 0b11
    True
    >>> hand_tally("AS 2S"), hand_tally(["AS", "2S"]), hand_tally([Card.parse("AS")] * 2)
    (None, None, None)
    """
    if type(cards) not in _SEQUENCES:
        return None
    try:
        if len(cards) == 11:  # a hand before its discard, added up without a loop
            c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10 = cards
            tally = (
                c0.tally + c1.tally + c2.tally + c3.tally + c4.tally + c5.tally
                + c6.tally + c7.tally + c8.tally + c9.tally + c10.tally
            )  # fmt: skip
        elif len(cards) == 10:
            c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 = cards
            tally = (
                c0.tally + c1.tally + c2.tally + c3.tally + c4.tally
                + c5.tally + c6.tally + c7.tally + c8.tally + c9.tally
            )  # fmt: skip
        else:
            tally = 0
            for card in cards:
                tally += card.tally
    except (AttributeError, TypeError):
        return None
    # Distinct cards add up without a carry: as many bits as cards proves there is no duplicate.
    return tally if (tally & FULL).bit_count() == len(cards) else None


def _text_mask(text: str) -> int | None:
    """The mask of ``text`` when it is distinct cards each written apart, else None.

    A fast path for the common case: anything else (cards run together, emoji selectors,
    mistakes) is left to :func:`parse_cards`.
    """
    pieces = text.replace(",", " ").split()
    try:
        mask = sum(map(_SPELLINGS.__getitem__, pieces))
    except KeyError:
        return None
    return mask if mask.bit_count() == len(pieces) else None


def _spellings() -> dict[str, int]:
    """Every way :func:`Card.parse` reads one card on its own, with the card's bit."""
    spellings = {}
    for card in ALL_CARDS:
        rank = card.rank.text
        ranks = {rank, rank.lower(), "10"} if card.rank == Rank.TEN else {rank, rank.lower()}
        suits = [text for text, suit in _SUIT_LETTERS.items() if suit is card.suit]
        for suit in suits:
            for rank_text in ranks:
                spellings[rank_text + suit] = spellings[rank_text + suit.lower()] = card.bit
                if suit in _SYMBOL_CLASS:
                    spellings[suit + rank_text] = card.bit
    return spellings


_SPELLINGS = _spellings()
_SPELT = {text: ALL_CARDS[bit.bit_length() - 1] for text, bit in _SPELLINGS.items()}


def mask_to_cards(mask: int) -> tuple[Card, ...]:
    """Return the cards of a 52-bit mask in index order; raise HandMaskError if invalid.

    >>> format_cards(mask_to_cards(0b101))
    'AS 3S'
    """
    if not 0 <= mask < 1 << 52:
        raise HandMaskError(mask)
    return cards_of(mask)


def cards_of(mask: int) -> tuple[Card, ...]:
    """Return the cards of a mask known to be a hand mask (0 <= mask < 2**52), in index order."""
    return (
        _SPADES[mask & 0x1FFF]
        + _HEARTS[mask >> 13 & 0x1FFF]
        + _DIAMONDS[mask >> 26 & 0x1FFF]
        + _CLUBS[mask >> 39]
    )


def _suit_cards(suit: int) -> list[tuple[Card, ...]]:
    """The cards of each 13-bit pattern of one suit, indexed by the pattern."""
    first = ALL_CARDS[suit * 13 : suit * 13 + 13]
    table: list[tuple[Card, ...]] = [()] * (1 << 13)
    for pattern in range(1, 1 << 13):
        low = pattern & -pattern
        table[pattern] = (first[low.bit_length() - 1], *table[pattern ^ low])
    return table


# Every pattern, built once at import (a few ms, 3 MB): a hand's cards are then four look-ups.
_SPADES, _HEARTS, _DIAMONDS, _CLUBS = (_suit_cards(suit) for suit in range(4))
PATTERN_CARDS = (_SPADES, _HEARTS, _DIAMONDS, _CLUBS)
"""For each suit in order, the cards of each 13-bit pattern: :func:`cards_of` by hand, where
the engine's hottest path cannot afford the call."""
