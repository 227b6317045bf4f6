"""The opponent's reply to a knock: own melds and layoffs chosen together (``/rules/#layoffs``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from adjudication.cards import Card, hand_mask
from adjudication.errors import CardInBothHandsError, DuplicateCardError
from adjudication.melds import Arrangement, Meld, arrangement_of
from adjudication.search import (
    ALL_MELD_MASKS,
    FULL,
    RUN_ENTRY,
    SET_ENTRY,
    best_packing,
    flood,
    packings,
    points,
)

__all__ = ["Layoff", "OpponentPlay", "OpponentSolver", "best_reply"]


@dataclass(frozen=True)
class Layoff:
    """One card the opponent lays off, and the knocker's meld (as laid down) it goes onto."""

    card: Card
    onto: Meld

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"card": "8S", "onto": ["5S", "6S", "7S"]}``."""
        return {"card": self.card.text, "onto": [c.text for c in self.onto.cards]}


@dataclass(frozen=True)
class OpponentPlay:
    """The opponent's spread: own melds, cards laid off, and the deadwood left."""

    melds: tuple[Meld, ...]
    layoffs: tuple[Layoff, ...]
    deadwood: tuple[Card, ...]

    @property
    def deadwood_points(self) -> int:
        """Return the deadwood value left after the layoffs."""
        return sum(card.points for card in self.deadwood)

    def to_dict(self) -> dict[str, Any]:
        """Return the ``opponent`` part of the command-line deal answer."""
        return {
            "melds": [[c.text for c in meld.cards] for meld in self.melds],
            "layoffs": [layoff.to_dict() for layoff in self.layoffs],
            "deadwood": [c.text for c in self.deadwood],
            "deadwood_points": self.deadwood_points,
        }


def entries(melds: Iterable[int]) -> tuple[int, int]:
    """Return (run entries, set entries): cards that can go straight onto these melds."""
    run_entry = set_entry = 0
    for m in melds:
        run_entry |= RUN_ENTRY.get(m, 0)
        set_entry |= SET_ENTRY.get(m, 0)
    return run_entry, set_entry


ENTRY: dict[int, int] = {
    meld: RUN_ENTRY.get(meld, 0) | SET_ENTRY.get(meld, 0) << 52 for meld in ALL_MELD_MASKS
}
"""For each meld, :func:`entries` of it as one int: run entries | set entries << 52 (the
entries of several melds are the ``|`` of theirs)."""


def laid_off(rest: int, run_entry: int, set_entry: int) -> int:
    """Return the cards of ``rest`` that can be laid off: chains along runs, 4th set cards.

    Every card of the union can be placed at once: a card two chains reach fills the gap
    between two runs, and a 3-card set takes only its one missing card.
    """
    return flood(run_entry & rest, rest) | (set_entry & rest)


class OpponentSolver:
    """The opponent's best reply to any knocker melds, for one opponent hand.

    When the knocker's melds take none of the opponent's cards directly, nothing can be laid
    off and the hand's own best packing is the reply: that is most knocks, and needs no more.
    Otherwise every packing of the hand is listed once (on first need); a reply is then the
    first packing, in search order, with the lowest deadwood once everything that can be is
    laid off. Replies are cached by the only thing that matters about the knocker's melds:
    which opponent cards they accept directly.
    """

    def __init__(self, hand: int) -> None:
        self.hand = hand
        self._both = hand | hand << 52  # the hand in both halves of an ENTRY int
        self.own_best, self._own_melds = best_packing(hand)
        # The first packing (in search order) of each distinct set of cards left unmelded, as
        # (rest, its points, melds): later packings with the same rest never reply better.
        self._packings: list[tuple[int, int, tuple[int, ...]]] = []
        self._cache: dict[int, tuple[int, tuple[int, ...], int]] = {}

    def reply(self, knocker_melds: Sequence[Meld]) -> OpponentPlay:
        """Return :func:`best_reply` to these knocker melds (their cards not in the hand)."""
        entry = 0
        for meld in knocker_melds:
            entry |= ENTRY[meld.mask]
        key = entry & self._both
        if not key:
            # Nothing to lay off: the first packing of the lowest deadwood, as best_packing
            # finds it (packings list in the same search order), already found.
            arrangement = arrangement_of(self.hand, self._own_melds)
            return OpponentPlay(arrangement.melds, (), arrangement.deadwood)
        _, melds, laid = self._best(key & FULL, key >> 52)
        return _reply_of(self.hand, knocker_melds, melds, laid)

    def deadwood(self, run_entry: int, set_entry: int) -> int:
        """Return the opponent's lowest deadwood when these cards can be laid off directly."""
        return self.deadwood_of(run_entry | set_entry << 52)

    def deadwood_of(self, entry: int) -> int:
        """:meth:`deadwood` for the entries as one int (the ``|`` of the melds' ``ENTRY``):
        the knocker's choice asks this for each packing, so it reads the cache itself."""
        key = entry & self._both
        if not key:
            return self.own_best
        best = self._cache.get(key)
        if best is None:
            best = self._cache[key] = self._solve(key & FULL, key >> 52)
        return best[0]

    def _best(self, run_entry: int, set_entry: int) -> tuple[int, tuple[int, ...], int]:
        key = run_entry | set_entry << 52
        best = self._cache.get(key)
        if best is None:
            best = self._cache[key] = self._solve(run_entry, set_entry)
        return best

    def _solve(self, run_entry: int, set_entry: int) -> tuple[int, tuple[int, ...], int]:
        """(deadwood, melds, cards laid off) of the first packing with the lowest deadwood."""
        if not self._packings:
            hand = self.hand
            first: dict[int, tuple[int, int, tuple[int, ...]]] = {}
            for melds, rest_points in packings(hand):  # the points of the cards left
                used = 0
                for m in melds:
                    used |= m
                rest = hand ^ used
                if rest not in first:
                    first[rest] = (rest, rest_points, melds)
            self._packings = list(first.values())
        reach = flood(run_entry, self.hand) | set_entry
        # The own best packing lays off nothing or more: some packing does at least as well.
        best: tuple[int, tuple[int, ...], int] = (self.own_best + 1, (), 0)
        for rest, rest_points, melds in self._packings:
            if rest_points - points(rest & reach) >= best[0]:
                continue  # not even laying off every card it reaches would beat the best
            laid = laid_off(rest, run_entry, set_entry)
            value = rest_points - points(laid)
            if value < best[0]:
                best = (value, melds, laid)
                if not value:
                    break
        return best


def _run_chains(laid: int, meld: Meld) -> tuple[list[Card], list[Card]]:
    """The laid-off cards chaining onto a run: down from its low end, and up from its top."""
    low, high = meld.cards[0], meld.cards[-1]
    chains: tuple[list[Card], list[Card]] = ([], [])
    for chain, step, edge, room in (
        (chains[0], -1, low, low.rank - 1),
        (chains[1], 1, high, 13 - high.rank),
    ):
        for distance in range(1, room + 1):
            card = Card.from_index(edge.index + step * distance)
            if not laid & card.bit:
                break
            chain.append(card)
    return chains


def _assign(laid: int, knocker_melds: Sequence[Meld]) -> list[Layoff]:
    """Put each laid-off card onto one knocker meld: runs first (chains), then sets."""
    if not laid:
        return []
    placed: dict[Card, Meld] = {}
    for meld in knocker_melds:
        # A run's chains start from the cards just past its ends (RUN_ENTRY; a set has none
        # there): when neither is laid off, both chains are empty.
        if RUN_ENTRY.get(meld.mask, 0) & laid:
            for chain in _run_chains(laid, meld):
                for card in chain:
                    # A gap filled between two runs goes whole to the first run reaching it.
                    if card in placed:
                        break
                    placed[card] = meld
    for meld in knocker_melds:
        fourth = SET_ENTRY.get(meld.mask, 0) & laid
        if fourth:
            placed.setdefault(Card.from_index(fourth.bit_length() - 1), meld)
    order = {meld: n for n, meld in enumerate(knocker_melds)}
    return [Layoff(card, meld) for card, meld in sorted(placed.items(), key=lambda x: order[x[1]])]


def best_reply(
    opponent_cards: str | Iterable[str | Card],
    knocker_melds: Sequence[Meld],
    allow_layoffs: bool = True,
) -> OpponentPlay:
    """Return the opponent's play with the lowest deadwood against the knocker's melds.

    Own melds and layoffs are chosen together: layoffs chain along runs at both ends, a 4th
    card goes onto a set of 3, and the opponent breaks a meld of their own when laying its
    cards off leaves less deadwood. Each laid-off card goes onto one meld. Without layoffs
    (against gin) this is the hand's best arrangement. Ties go to the first packing in the
    search order (own melds before layoffs). Raises CardTextError, DuplicateCardError, or
    CardInBothHandsError when a card is in the opponent's hand and a knocker meld.

    >>> play = best_reply("8S 9S 4S 2H 2D 2C KH QH JD 5C", [Meld.parse("5S 6S 7S")])
    >>> [str(layoff.card) for layoff in play.layoffs], play.deadwood_points
    (['4S', '8S', '9S'], 35)
    """
    hand = hand_mask(opponent_cards)
    taken = 0
    for meld in knocker_melds:
        if taken & meld.mask:
            raise DuplicateCardError(Card.from_index((taken & meld.mask).bit_length() - 1))
        if hand & meld.mask:
            raise CardInBothHandsError(Card.from_index((hand & meld.mask).bit_length() - 1))
        taken |= meld.mask
    if not allow_layoffs or not knocker_melds:
        return _reply_alone(hand)
    return _reply_with_layoffs(hand, knocker_melds, _packed(hand))


def _reply_alone(hand: int) -> OpponentPlay:
    """The opponent's own best arrangement, nothing laid off."""
    arrangement = arrangement_of(hand, best_packing(hand)[1])
    return OpponentPlay(arrangement.melds, (), arrangement.deadwood)


def _packed(hand: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every packing of ``hand`` in search order, with the cards it leaves unmelded."""
    for melds, _ in packings(hand):
        used = 0
        for m in melds:
            used |= m
        yield melds, hand & ~used


def _reply_with_layoffs(
    hand: int, knocker_melds: Sequence[Meld], packed: Iterable[tuple[tuple[int, ...], int]]
) -> OpponentPlay:
    """The best reply over these packings (melds, rest) of ``hand``: the first of the lowest."""
    run_entry, set_entry = entries(meld.mask for meld in knocker_melds)
    best: tuple[int, tuple[int, ...], int] | None = None
    for melds, rest in packed:
        laid = laid_off(rest, run_entry, set_entry)
        value = points(rest & ~laid)
        if best is None or value < best[0]:
            best = (value, melds, laid)
    assert best is not None
    return _reply_of(hand, knocker_melds, best[1], best[2])


def _reply_of(
    hand: int, knocker_melds: Sequence[Meld], melds: tuple[int, ...], laid: int
) -> OpponentPlay:
    """The reply with these own melds (masks) and these cards laid off."""
    own = Arrangement.from_masks(hand & ~laid, melds)
    layoffs = tuple(_assign(laid, knocker_melds))
    if sum(layoff.card.bit for layoff in layoffs) != laid:
        raise AssertionError("every card that can be laid off has a meld to go onto")
    return OpponentPlay(own.melds, layoffs, own.deadwood)
