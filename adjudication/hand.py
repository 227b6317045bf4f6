"""One player's hand of 10 or 11 cards: best arrangement, best discard, knock and gin.

The rules: ``/rules/#knocking`` and ``/rules/#gin``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from adjudication.cards import ALL_CARDS, Card, hand_mask, hand_tally
from adjudication.errors import WrongCountError
from adjudication.melds import (
    MELD_OF_MASK,
    Arrangement,
    Meld,
    arrangement_of,
    lazy_arrangement,
    mask_spread,
    melds_from_masks,
)
from adjudication.rules import DEFAULT_RULES, HAND_SIZE, KNOCKING_HAND_SIZE, Rules
from adjudication.search import (
    FULL,
    MELD_FLAGS,
    MELD_PROBE,
    PATTERN_POINTS,
    RUN_STARTS,
    SET_CARDS,
    SET_FLAGS,
    best_discard,
    best_packing,
    components,
    meldable,
)

__all__ = ["HandAnalysis", "analyse_hand"]


@dataclass(frozen=True, init=False)
class HandAnalysis:
    """What a hand can do: its best arrangement (after the best discard for 11 cards).

    ``arrangement`` covers the 10 kept cards, or all 11 for big gin. ``rules`` are the rules
    the hand was analysed under (they decide whether the answer mentions big gin).
    """

    knock_limit: int
    discard: Card | None
    arrangement: Arrangement
    can_knock: bool
    gin: bool
    big_gin: bool
    rules: Rules = DEFAULT_RULES

    def __init__(
        self,
        knock_limit: int,
        discard: Card | None,
        arrangement: Arrangement,
        can_knock: bool,
        gin: bool,
        big_gin: bool,
        rules: Rules = DEFAULT_RULES,
    ) -> None:
        # Filling the instance dict directly: a frozen dataclass's own __init__ costs twice
        # as much, and one is built for every hand analysed.
        fields = self.__dict__
        fields["knock_limit"] = knock_limit
        fields["discard"] = discard
        fields["arrangement"] = arrangement
        fields["can_knock"] = can_knock
        fields["gin"] = gin
        fields["big_gin"] = big_gin
        fields["rules"] = rules

    def to_dict(self) -> dict[str, Any]:
        """Return the command-line answer to a hand request (cards as canonical text)."""
        answer: dict[str, Any] = {"knock_limit": self.knock_limit}
        answer.update(self.arrangement.to_dict())
        answer["discard"] = None if self.discard is None else self.discard.text
        answer["can_knock"] = self.can_knock
        answer["gin"] = self.gin
        if self.rules.big_gin:
            answer["big_gin"] = self.big_gin
        return answer


def read_hand(cards: str | Iterable[str | Card], counts: tuple[int, ...], what: str) -> int:
    """Return the hand as a mask after checking its cards and count.

    Raises CardTextError, DuplicateCardError, or WrongCountError (naming ``what``).
    """
    mask = hand_mask(cards)
    if mask.bit_count() not in counts:
        raise WrongCountError(counts, mask.bit_count(), what)
    return mask


def analyse_hand(
    cards: str | Iterable[str | Card], upcard: Card | None = None, rules: Rules = DEFAULT_RULES
) -> HandAnalysis:
    """Return the hand's best arrangement, discard, and whether it can knock or go gin.

    ``cards`` are 10 cards (the hand after the discard) or 11 (the engine picks the discard
    that leaves the lowest deadwood; of equal ones, the card with the most points, then the
    highest rank, then the first suit in S, H, D, C). Without an upcard the limit is 10.
    Raises CardTextError, DuplicateCardError, or WrongCountError for other than 10 or 11.

    >>> hand = analyse_hand("AS 2S 3S 4H 5H 6H 7C 7D 7S 9H KC", Card.parse("9D"))
    >>> str(hand.discard), hand.arrangement.deadwood_points, hand.can_knock, hand.gin
    ('KC', 9, True, False)
    >>> analyse_hand("AS 2S 3S")
    Traceback (most recent call last):
    ...
    adjudication.errors.WrongCountError: expected 10 or 11 cards, got 3
    """
    tally = hand_tally(cards)
    if tally is None:
        mask = hand_mask(cards)  # text, or not a hand of distinct cards (then it raises)
        count = mask.bit_count()
    else:
        mask = tally & FULL
        count = len(cards)  # a list or tuple: hand_tally read it
    if count != HAND_SIZE and count != KNOCKING_HAND_SIZE:
        raise WrongCountError((HAND_SIZE, KNOCKING_HAND_SIZE), count)
    limit = rules.knock_limit(upcard)
    if tally is not None:
        # mask_spread() read from the tally, inlined: this is the path of nearly every hand.
        flags = tally + MELD_PROBE & MELD_FLAGS
        if not flags:
            return _spread(mask, (), count == KNOCKING_HAND_SIZE, limit, rules)
        starts = mask & mask >> 1 & mask >> 2 & RUN_STARTS
        runs = starts | starts << 1 | starts << 2
        sets = SET_CARDS[flags & SET_FLAGS] & mask
        melded = runs | sets
        # With all 11 cards meldable, a discard breaks a meld (or big gin): the search decides.
        if count == HAND_SIZE or melded != mask:
            meld = MELD_OF_MASK.get(melded)
            if meld is not None:
                return _spread(mask ^ melded, (meld,), count == KNOCKING_HAND_SIZE, limit, rules)
            if not runs & sets:  # else a card fits both a run and a set: a search decides
                melds = melds_from_masks(components(runs, sets))
                return _spread(mask ^ melded, melds, count == KNOCKING_HAND_SIZE, limit, rules)
    return analyse_mask(mask, limit, rules)


def _spread(
    rest: int, melds: tuple[Meld, ...], eleven: bool, limit: int, rules: Rules
) -> HandAnalysis:
    """The analysis of nearly every hand, with no search: its meldable cards pack with no
    deadwood (:func:`adjudication.melds.mask_spread`, or its copy inlined in analyse_hand)
    and ``rest`` is the other cards.

    That packing is the best, and with 11 cards the discard is the highest card of ``rest``
    (as :func:`adjudication.search.highest_card` picks it): any other discard breaks a meld
    and keeps that card. Suit by suit, in small ints: this is the path of nearly every hand.
    """
    a, b, c, d = rest & 0x1FFF, rest >> 13 & 0x1FFF, rest >> 26 & 0x1FFF, rest >> 39
    discard = None
    if eleven:
        rank = (a | b | c | d).bit_length() - 1
        bit = 1 << rank
        if a & bit:
            a ^= bit
        elif b & bit:
            b ^= bit
            rank += 13
        elif c & bit:
            c ^= bit
            rank += 26
        else:
            d ^= bit
            rank += 39
        discard = ALL_CARDS[rank]
    value = PATTERN_POINTS[a] + PATTERN_POINTS[b] + PATTERN_POINTS[c] + PATTERN_POINTS[d]
    arrangement = lazy_arrangement(melds, a | b << 13 | c << 26 | d << 39)
    return HandAnalysis(limit, discard, arrangement, value <= limit, value == 0, False, rules)


def analyse_mask(mask: int, limit: int, rules: Rules) -> HandAnalysis:
    """Return the analysis of a 10- or 11-card hand mask under a known knock limit."""
    eleven = mask.bit_count() == KNOCKING_HAND_SIZE
    spread = mask_spread(mask)
    if spread is not None and (not eleven or spread[0] != mask):
        return _spread(mask ^ spread[0], spread[1], eleven, limit, rules)
    if eleven:
        if rules.big_gin and meldable(mask) == mask:  # else some card is deadwood: no big gin
            value, melds = best_packing(mask)
            if value == 0:
                arrangement = Arrangement.from_masks(mask, melds)
                return HandAnalysis(limit, None, arrangement, True, True, True, rules)
        value, discard_index, melds = best_discard(mask)
        discard: Card | None = ALL_CARDS[discard_index]
        kept = mask ^ (1 << discard_index)
    else:
        value, melds = best_packing(mask)
        discard, kept = None, mask
    arrangement = arrangement_of(kept, melds)
    return HandAnalysis(limit, discard, arrangement, value <= limit, value == 0, False, rules)
