"""Melds and arrangements (``/rules/#melds``), and the search for the lowest deadwood."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from adjudication.cards import (
    Card,
    cards_of,
    cards_to_mask,
    format_cards,
    hand_mask,
    mask_to_cards,
    parse_cards,
)
from adjudication.errors import MeldMaskError, NotAMeldError
from adjudication.search import (
    ALL_MELD_MASKS,
    FULL,
    MELD_FLAGS,
    MELD_PROBE,
    PATTERN_POINTS,
    RUN_STARTS,
    SET_CARDS,
    SET_FLAGS,
    best_packing,
    components,
    packings,
    search_packing,
)

__all__ = [
    "ALL_MELDS",
    "Arrangement",
    "Meld",
    "MeldKind",
    "arrangement_of",
    "arrangements",
    "best_arrangement",
    "lazy_arrangement",
    "mask_spread",
    "melds_from_masks",
]


class MeldKind(Enum):
    """A set (3 or 4 cards of one rank) or a run (3+ consecutive cards of one suit)."""

    SET = "set"
    RUN = "run"


@dataclass(frozen=True)
class Meld:
    """A set or a run. ``cards`` are kept sorted by rank (a set's by suit order S, H, D, C).

    Raises NotAMeldError when the cards are not a meld.

    >>> meld = Meld(parse_cards("7S 5S 6S"))
    >>> str(meld), meld.kind
    ('5S 6S 7S', <MeldKind.RUN: 'run'>)
    >>> Meld(parse_cards("QS KS AS"))
    Traceback (most recent call last):
    ...
    adjudication.errors.NotAMeldError: not a meld: Q♠ K♠ A♠
    """

    cards: tuple[Card, ...]
    mask: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards = tuple(self.cards)
        mask = cards_to_mask(cards)
        if mask not in _MASK_SET:
            raise NotAMeldError(cards)
        object.__setattr__(self, "cards", tuple(sorted(cards, key=_rank_then_suit)))
        object.__setattr__(self, "mask", mask)

    def __hash__(self) -> int:
        # Equal melds have equal cards, so equal masks; hashing the mask spares hashing each
        # card through Card.__hash__ (melds key the layoff assignment's dicts).
        return self.mask

    def __str__(self) -> str:
        return format_cards(self.cards)

    @property
    def kind(self) -> MeldKind:
        """Return SET when all cards share a rank, else RUN."""
        return MeldKind.SET if self.cards[0].rank == self.cards[-1].rank else MeldKind.RUN

    @property
    def label(self) -> str:
        """Return the meld as pages show it: ``5♠ 6♠ 7♠``."""
        return " ".join(card.label for card in self.cards)

    @classmethod
    def parse(cls, text: str | Iterable[str | Card]) -> Meld:
        """Return the meld written in ``text``; raise CardTextError or NotAMeldError.

        >>> Meld.parse("kh ks kd").cards
        (Card.parse('KS'), Card.parse('KH'), Card.parse('KD'))
        """
        return cls(parse_cards(text))

    @classmethod
    def from_mask(cls, mask: int) -> Meld:
        """Return the meld with this mask; raise MeldMaskError when it is no meld."""
        try:
            return _BY_MASK[mask]
        except KeyError:
            raise MeldMaskError(mask) from None


def _rank_then_suit(card: Card) -> tuple[int, int]:
    return card.rank, card.suit.order


_MASK_SET = frozenset(ALL_MELD_MASKS)
ALL_MELDS: tuple[Meld, ...] = tuple(Meld(mask_to_cards(mask)) for mask in ALL_MELD_MASKS)
"""The 329 melds: 65 sets (by rank) then 264 runs (by suit, start, length)."""
_BY_MASK = {meld.mask: meld for meld in ALL_MELDS}
MELD_OF_MASK = _BY_MASK
"""Each meld by its mask (:meth:`Meld.from_mask` without the check), for paths that inline."""
_MELD_ORDER = {meld.mask: _rank_then_suit(meld.cards[0]) for meld in ALL_MELDS}
_DEADWOOD_MASK = "_deadwood_mask"


@dataclass(frozen=True, init=False)
class Arrangement:
    """A hand spread as melds and deadwood (the cards in no meld, in index order)."""

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]

    def __init__(self, melds: tuple[Meld, ...], deadwood: tuple[Card, ...]) -> None:
        # A frozen dataclass's own __init__ sets each field through object.__setattr__;
        # filling the instance dict is twice as fast, and every hand analysed builds one.
        fields = self.__dict__
        fields["melds"] = melds
        fields["deadwood"] = deadwood

    # The 10-card shortcut of best_arrangement leaves the deadwood as a mask (_DEADWOOD_MASK
    # in the instance dict) and the cards unbuilt: most callers never read them. The first
    # read builds them (Python calls __getattr__ only for a name the instance dict lacks), so
    # equality, hash, repr and to_dict see the same tuple as ever, and pickling stores the
    # fields alone, as it always has.

    def __getattr__(self, name: str) -> Any:
        if name == "deadwood":
            fields = self.__dict__
            mask = fields.get(_DEADWOOD_MASK)
            if mask is not None:
                deadwood = fields["deadwood"] = cards_of(mask)
                return deadwood
        raise AttributeError(
            f"{type(self).__name__!r} object has no attribute {name!r}", name=name, obj=self
        )

    def __getstate__(self) -> dict[str, Any]:
        return {"melds": self.melds, "deadwood": self.deadwood}

    @property
    def deadwood_points(self) -> int:
        """Return the deadwood value: the sum of the deadwood cards' points."""
        mask = self.__dict__.get(_DEADWOOD_MASK)
        if mask is not None:
            return (
                PATTERN_POINTS[mask & 0x1FFF]
                + PATTERN_POINTS[mask >> 13 & 0x1FFF]
                + PATTERN_POINTS[mask >> 26 & 0x1FFF]
                + PATTERN_POINTS[mask >> 39]
            )
        return sum(card.points for card in self.deadwood)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Return every card of the arrangement, in index order."""
        return tuple(sorted((*self.deadwood, *(c for m in self.melds for c in m.cards))))

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"melds": [[...]], "deadwood": [...], "deadwood_points": n}`` (canonical)."""
        return {
            "melds": [[c.text for c in meld.cards] for meld in self.melds],
            "deadwood": [c.text for c in self.deadwood],
            "deadwood_points": self.deadwood_points,
        }

    @classmethod
    def from_masks(cls, hand: int, melds: Iterable[int]) -> Arrangement:
        """Return the arrangement of ``hand`` with these meld masks; the rest is deadwood.

        Raises MeldMaskError for a mask that is no meld.
        """
        melds = tuple(melds)
        if not melds:
            return cls((), mask_to_cards(hand))
        used = 0
        for mask in melds:
            used |= mask
        return cls(melds_from_masks(melds), mask_to_cards(hand & ~used))


def arrangement_of(hand: int, melds: tuple[int, ...]) -> Arrangement:
    """Return the arrangement of ``hand`` with these melds from the search (so, no checks)."""
    if not melds:
        return Arrangement((), cards_of(hand))
    if len(melds) == 1:
        meld = melds[0]
        return Arrangement((_BY_MASK[meld],), cards_of(hand ^ meld))
    used = 0
    for meld in melds:
        used |= meld
    return Arrangement(melds_from_masks(melds), cards_of(hand ^ used))


def melds_from_masks(masks: Iterable[int]) -> tuple[Meld, ...]:
    """Return the melds with these masks, ordered by their first card: rank, then suit.

    Raises MeldMaskError for a mask that is no meld.
    """
    masks = tuple(masks)
    try:
        if len(masks) > 1:
            masks = tuple(sorted(masks, key=_MELD_ORDER.__getitem__))
        return tuple([_BY_MASK[mask] for mask in masks])
    except KeyError as error:
        raise MeldMaskError(error.args[0]) from None


def best_arrangement(cards: str | Iterable[str | Card]) -> Arrangement:
    """Return the arrangement with the lowest deadwood (``/rules/#melds``).

    ``cards`` are Card objects or card text. Ties go to a fixed order: the lowest card is
    melded before it is left as deadwood, in its longest run first, runs before sets.
    Raises CardTextError or DuplicateCardError on bad input.

    >>> arrangement = best_arrangement("AS 2S 3S 7H 7D 7C 9C KH QD 4S")
    >>> [str(m) for m in arrangement.melds], format_cards(arrangement.deadwood)
    (['AS 2S 3S 4S', '7H 7D 7C'], 'KH QD 9C')
    >>> arrangement.deadwood_points
    29
    """
    # The path of nearly every hand, in one function (a call costs as much as a few lines):
    # a list of distinct cards with no meld, or whose meldable cards make exactly one meld
    # (94% of random 10-card hands), as in best_packing. The sum of the cards' tallies gives
    # the mask and whether there is a meld at once. Distinct cards add up without a carry, so
    # a mask with as many bits as there are cards proves there is no duplicate.
    if type(cards) not in _SEQUENCES:
        return _searched(hand_mask(cards))
    try:
        if len(cards) == 10:  # the usual hand, added up without a loop
            c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 = cards
            tally = (
                c0.tally + c1.tally + c2.tally + c3.tally + c4.tally
                + c5.tally + c6.tally + c7.tally + c8.tally + c9.tally
            )  # fmt: skip
        else:
            tally = 0
            for card in cards:  # a loop costs less than sum() of a list
                tally += card.tally
    except (AttributeError, TypeError):
        return _searched(hand_mask(cards))
    mask = tally & FULL
    if mask.bit_count() != len(cards):
        return _searched(hand_mask(cards))  # a duplicate: hand_mask names it
    arrangement = _new(Arrangement)
    fields = arrangement.__dict__
    flags = tally + MELD_PROBE & MELD_FLAGS
    if flags:
        starts = mask & mask >> 1 & mask >> 2 & RUN_STARTS
        runs = starts | starts << 1 | starts << 2
        sets = SET_CARDS[flags & SET_FLAGS] & mask
        melded = runs | sets
        meld = _BY_MASK.get(melded)
        if meld is not None:
            fields["melds"] = (meld,)
        elif runs & sets:  # a card in both a run and a set: only a search can tell
            return arrangement_of(mask, search_packing(mask)[1])
        else:  # no card in both a run and a set: each straight, each rank group is a meld
            fields["melds"] = melds_from_masks(components(runs, sets))
        mask ^= melded
    else:
        fields["melds"] = ()
    fields[_DEADWOOD_MASK] = mask  # the cards are built on first read (see Arrangement)
    return arrangement


def mask_spread(mask: int) -> tuple[int, tuple[Meld, ...]] | None:
    """Return (melded cards, melds) for a hand's mask when the cards that fit a meld make no
    meld, one meld, or melds that share no card: then they pack with no deadwood, and these
    melds are the search's best packing of them. Return None when a card fits both a run and
    a set (only a search can tell).

    :func:`best_arrangement` and :func:`adjudication.hand.analyse_hand` keep a copy inline
    that reads the cards' tallies instead of the mask: it is the path of nearly every hand.

    >>> melded, melds = mask_spread(hand_mask("AS 2S 3S 7H KD"))
    >>> melded, [str(meld) for meld in melds]
    (7, ['AS 2S 3S'])
    """
    starts = mask & mask >> 1 & mask >> 2 & RUN_STARTS
    a, b, c, d = mask & 0x1FFF, mask >> 13 & 0x1FFF, mask >> 26 & 0x1FFF, mask >> 39
    ranks = a & b & (c | d) | c & d & (a | b)  # held 3 or 4 times
    if not starts and not ranks:
        return 0, ()
    return _apart(starts | starts << 1 | starts << 2, ranks * _REPLICATE & mask)


def _apart(runs: int, sets: int) -> tuple[int, tuple[Meld, ...]] | None:
    """The melds of cards that fit a run (``runs``) or a set (``sets``), when no card fits both."""
    melded = runs | sets
    meld = _BY_MASK.get(melded)
    if meld is not None:
        return melded, (meld,)
    if runs & sets:
        return None
    return melded, melds_from_masks(components(runs, sets))


_REPLICATE = 1 | 1 << 13 | 1 << 26 | 1 << 39


def lazy_arrangement(melds: tuple[Meld, ...], deadwood: int) -> Arrangement:
    """Return the arrangement of ``melds`` and of the cards of the mask ``deadwood``, those
    cards built when first read (see :class:`Arrangement`). :func:`best_arrangement` keeps a
    copy inline.

    >>> lazy_arrangement((), hand_mask("KD 2S")).deadwood_points
    12
    """
    arrangement = _new(Arrangement)
    fields = arrangement.__dict__
    fields["melds"] = melds
    fields[_DEADWOOD_MASK] = deadwood
    return arrangement


def _searched(mask: int) -> Arrangement:
    return arrangement_of(mask, best_packing(mask)[1])


_SEQUENCES = frozenset({list, tuple})
_new = object.__new__


def arrangements(cards: str | Iterable[str | Card], max_deadwood: int) -> Iterator[Arrangement]:
    """Yield every arrangement whose deadwood is at most ``max_deadwood``.

    Every choice of disjoint melds counts, including those that leave meldable cards as
    deadwood (a knocker may do that to deny a layoff). Raises CardTextError or
    DuplicateCardError on bad input.

    >>> [str(a.melds[0]) for a in arrangements("2D 3D 4D 5D", 5)]
    ['2D 3D 4D 5D', '2D 3D 4D', '3D 4D 5D']
    """
    mask = hand_mask(cards)
    for melds, _ in packings(mask, max_deadwood):
        yield Arrangement.from_masks(mask, melds)
