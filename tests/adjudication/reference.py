"""A naive, brute-force reference for Oklahoma Gin adjudication (``/rules/``: #cards to #scoring).

It exists only to cross-check the real engine, so it shares no code and no cleverness with
``adjudication``: cards are plain ``(rank, suit)`` tuples (rank 1-13, suit one of ``"SHDC"``),
melds are frozensets of such tuples, and every answer comes from exhaustive enumeration with
``itertools``. It is slow on purpose, but fast enough for 10- and 11-card hands.

>>> min_deadwood(parse("AS 2S 3S 7H 7D 7C KD KC 9H 5C"))
34
>>> knock_limit(parse("AS")[0])
1
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

RefCard = tuple[int, str]
RefMeld = frozenset[RefCard]

SUITS = "SHDC"
RANK_TEXT = "A23456789TJQK"
_SUIT_ALIASES = {
    "S": "S", "♠": "S", "♤": "S",
    "H": "H", "♥": "H", "♡": "H",
    "D": "D", "♦": "D", "♢": "D",
    "C": "C", "♣": "C", "♧": "C",
}  # fmt: skip
_TOKEN = re.compile(r"(10|[2-9TJQKA])([SHDC♠♤♥♡♦♢♣♧])", re.IGNORECASE)


def parse(text: str) -> tuple[RefCard, ...]:
    """Return the cards in ``text`` ("TH 10h,7♥8♥"), in order; raise ValueError on junk."""
    squashed = re.sub(r"[\s,]+", "", text)
    cards: list[RefCard] = []
    pos = 0
    while pos < len(squashed):
        match = _TOKEN.match(squashed, pos)
        if match is None:
            raise ValueError(f"cannot read a card at {squashed[pos:]!r}")
        rank_text = match.group(1).upper()
        rank = 10 if rank_text == "10" else RANK_TEXT.index(rank_text) + 1
        cards.append((rank, _SUIT_ALIASES[match.group(2).upper()]))
        pos = match.end()
    if len(set(cards)) != len(cards):
        raise ValueError("duplicate card")
    return tuple(cards)


def text(card: RefCard) -> str:
    """Return the canonical text of a card, e.g. ``"TH"``."""
    return RANK_TEXT[card[0] - 1] + card[1]


def points(card: RefCard) -> int:
    """Return the card's deadwood points: ace 1, number cards face value, T/J/Q/K 10."""
    return min(card[0], 10)


def total(cards: Iterable[RefCard]) -> int:
    """Return the sum of the cards' points."""
    return sum(points(card) for card in cards)


def is_meld(cards: Iterable[RefCard]) -> bool:
    """Return whether the cards form a set (3-4 of a rank) or a run (3+ in a row, one suit)."""
    cards = list(cards)
    if len(cards) < 3:
        return False
    ranks = sorted(rank for rank, _ in cards)
    suits = {suit for _, suit in cards}
    if len(set(ranks)) == 1:
        return len(cards) <= 4
    return len(suits) == 1 and ranks == list(range(ranks[0], ranks[0] + len(ranks)))


@lru_cache(maxsize=200_000)
def melds_in(hand: frozenset[RefCard]) -> tuple[RefMeld, ...]:
    """Return every meld made of cards of ``hand`` (all subsets of 3+ cards that meld)."""
    ordered = sorted(hand)
    found = []
    for size in range(3, len(ordered) + 1):
        for combo in itertools.combinations(ordered, size):
            if is_meld(combo):
                found.append(frozenset(combo))
    return tuple(found)


@lru_cache(maxsize=200_000)
def packings(hand: frozenset[RefCard]) -> tuple[tuple[RefMeld, ...], ...]:
    """Return every collection of pairwise disjoint melds from ``hand`` (the empty one too)."""
    candidates = melds_in(hand)
    result: list[tuple[RefMeld, ...]] = []

    def extend(start: int, chosen: tuple[RefMeld, ...], used: frozenset[RefCard]) -> None:
        result.append(chosen)
        for i in range(start, len(candidates)):
            if not candidates[i] & used:
                extend(i + 1, (*chosen, candidates[i]), used | candidates[i])

    extend(0, (), frozenset())
    return tuple(result)


@lru_cache(maxsize=200_000)
def _min_deadwood(hand: frozenset[RefCard]) -> int:
    return min(total(hand.difference(*packing)) for packing in packings(hand))


def min_deadwood(cards: Iterable[RefCard]) -> int:
    """Return the lowest deadwood any arrangement of ``cards`` leaves (any number of cards)."""
    return _min_deadwood(frozenset(cards))


def discard_order_key(card: RefCard) -> tuple[int, int, int]:
    """Sort key: the preferred discard (highest points, highest rank, then S,H,D,C) first."""
    return (-points(card), -card[0], SUITS.index(card[1]))


def best_discard(cards: Iterable[RefCard]) -> tuple[int, RefCard]:
    """Return (deadwood, discard) for 11 cards: lowest deadwood, then the engine's tie order."""
    hand = frozenset(cards)
    options = [(min_deadwood(hand - {card}), discard_order_key(card), card) for card in hand]
    deadwood, _, card = min(options)
    return deadwood, card


def knock_limit(upcard: RefCard, ace_means_gin: bool = False) -> int:
    """Return the knock limit set by the upcard: A=1 (0 with ace means gin), 2-9, T-K=10."""
    if upcard[0] == 1 and ace_means_gin:
        return 0
    return points(upcard)


def _run_extensions(meld: RefMeld, opponent: frozenset[RefCard]) -> Iterator[frozenset[RefCard]]:
    """Yield every run of cards the opponent holds that chains onto either end of ``meld``."""
    ranks = sorted(rank for rank, _ in meld)
    suit = next(iter(meld))[1]
    low, high = ranks[0], ranks[-1]
    for below in range(low):
        lower = {(rank, suit) for rank in range(low - below, low)}
        if not lower <= opponent:
            break
        for above in range(14 - high):
            upper = {(rank, suit) for rank in range(high + 1, high + 1 + above)}
            if not upper <= opponent:
                break
            yield frozenset(lower | upper)


def layoff_options(meld: RefMeld, opponent: frozenset[RefCard]) -> list[frozenset[RefCard]]:
    """Return every set of opponent cards that can be laid off onto this one knocker meld."""
    ranks = {rank for rank, _ in meld}
    if len(ranks) == 1:
        rank = next(iter(ranks))
        options = [frozenset()]
        if len(meld) == 3:
            fourth = {(rank, suit) for suit in SUITS} - meld
            if fourth <= opponent:
                options.append(frozenset(fourth))
        return options
    return list(_run_extensions(meld, opponent))


@dataclass(frozen=True)
class Reply:
    """The opponent's best reply: deadwood points and one witness play reaching it."""

    deadwood: int
    layoffs: tuple[tuple[RefCard, ...], ...]  # per knocker meld, in the melds' order
    melds: tuple[RefMeld, ...]


def best_reply(
    opponent: Iterable[RefCard], knocker_melds: Iterable[Iterable[RefCard]], layoffs: bool = True
) -> Reply:
    """Return the opponent's lowest deadwood after layoffs onto ``knocker_melds`` + own melds."""
    return _best_reply(frozenset(opponent), tuple(frozenset(m) for m in knocker_melds), layoffs)


@lru_cache(maxsize=200_000)
def _best_reply(
    opponent: frozenset[RefCard], knocker_melds: tuple[RefMeld, ...], layoffs: bool
) -> Reply:
    per_meld = [
        layoff_options(meld, opponent) if layoffs else [frozenset()] for meld in knocker_melds
    ]
    best: Reply | None = None
    for choice in itertools.product(*per_meld):
        laid = frozenset().union(*choice)
        if sum(len(part) for part in choice) != len(laid):
            continue  # one card laid onto two melds
        rest = opponent - laid
        deadwood = _min_deadwood(rest)
        if best is None or deadwood < best.deadwood:
            packing = min(packings(rest), key=lambda p: total(rest.difference(*p)))
            best = Reply(deadwood, tuple(tuple(sorted(part)) for part in choice), packing)
    assert best is not None
    return best


@dataclass(frozen=True)
class RefRules:
    """The rule switches that change a deal's verdict (``/rules/#limits``, ``/rules/#scoring``)."""

    gin_bonus: int = 25
    undercut_bonus: int = 10
    big_gin: bool = False
    big_gin_bonus: int = 31
    ace_means_gin: bool = False
    spades_double: bool = False


@dataclass(frozen=True)
class RefVerdict:
    """The values a deal's verdict must have: outcome, winner, points and both deadwoods."""

    limit: int
    legal: bool
    outcome: str  # "knock", "undercut", "gin", "big_gin" or "illegal"
    winner: str | None  # "knocker", "opponent" or None
    points: int
    knocker_deadwood: int
    opponent_deadwood: int | None
    multiplier: int
    # One arrangement reaching the verdict (others may tie): discard, melds, reply.
    discard: RefCard | None = None
    melds: tuple[RefMeld, ...] = ()
    reply: Reply | None = None


def score(knocker: int, opponent: int, rules: RefRules, big_gin: bool = False) -> tuple[str, int]:
    """Return (outcome, signed points for the knocker) before any multiplier (/rules/#scoring)."""
    if big_gin:
        return "big_gin", rules.big_gin_bonus + opponent
    if knocker == 0:
        return "gin", rules.gin_bonus + opponent
    if knocker < opponent:
        return "knock", opponent - knocker
    return "undercut", -(rules.undercut_bonus + knocker - opponent)


def _knocker_options(hand: frozenset[RefCard]) -> Iterator[tuple[RefCard | None, frozenset]]:
    if len(hand) == 10:
        yield None, hand
    else:
        for card in sorted(hand):
            yield card, hand - {card}


def adjudicate(
    upcard: RefCard,
    knocker: Iterable[RefCard],
    opponent: Iterable[RefCard],
    rules: RefRules = RefRules(),
) -> RefVerdict:
    """Return the verdict of a knocked deal, by trying every discard and every arrangement."""
    hand, opp = frozenset(knocker), frozenset(opponent)
    if len(hand) not in (10, 11) or len(opp) != 10 or hand & opp:
        raise ValueError("bad deal")
    limit = knock_limit(upcard, rules.ace_means_gin)
    multiplier = 2 if rules.spades_double and upcard[1] == "S" else 1

    # (signed score, -knocker deadwood) is maximised; the rest is a witness.
    best: tuple[tuple[int, int], str, int, int, RefCard | None, tuple, Reply] | None = None
    trials: list[tuple[RefCard | None, frozenset[RefCard], bool]] = [
        (discard, kept, False) for discard, kept in _knocker_options(hand)
    ]
    if rules.big_gin and len(hand) == 11:
        trials.append((None, hand, True))
    for discard, kept, big in trials:
        for packing in packings(kept):
            deadwood = total(kept.difference(*packing))
            if big and deadwood:
                continue
            if deadwood > limit:
                continue
            reply = _best_reply(opp, packing, deadwood > 0)
            outcome, signed = score(deadwood, reply.deadwood, rules, big)
            key = (signed, -deadwood)
            if best is None or key > best[0]:
                best = (key, outcome, deadwood, reply.deadwood, discard, packing, reply)

    if best is None:
        if len(hand) == 10:
            deadwood, discard = min_deadwood(hand), None
        else:
            deadwood, discard = best_discard(hand)
        return RefVerdict(limit, False, "illegal", None, 0, deadwood, None, multiplier, discard)
    (signed, _), outcome, k_dead, o_dead, discard, packing, reply = best
    winner = "opponent" if outcome == "undercut" else "knocker"
    return RefVerdict(
        limit,
        True,
        outcome,
        winner,
        abs(signed) * multiplier,
        k_dead,
        o_dead,
        multiplier,
        discard,
        packing,
        reply,
    )


def partition_problems(
    hand: Iterable[RefCard], melds: Iterable[Iterable[RefCard]], deadwood: Iterable[RefCard]
) -> list[str]:
    """Return what is wrong with melds + deadwood as a split of ``hand`` (empty when valid)."""
    hand, deadwood = list(hand), list(deadwood)
    melds = [list(meld) for meld in melds]
    problems = [f"not a meld: {sorted(meld)}" for meld in melds if not is_meld(meld)]
    placed = [card for meld in melds for card in meld] + deadwood
    if len(placed) != len(set(placed)):
        problems.append("a card is placed twice")
    if set(placed) != set(hand) or len(hand) != len(set(hand)):
        problems.append(f"cards placed {sorted(placed)} are not the hand {sorted(hand)}")
    return problems


def layoff_problems(
    knocker_melds: Iterable[Iterable[RefCard]], layoffs: Iterable[tuple[RefCard, Iterable[RefCard]]]
) -> list[str]:
    """Return what is wrong with (card, onto meld) layoffs (empty when every card fits).

    Cards laid onto one meld must, together with it, form one valid meld: a 4th card on a set of
    3, or a chain extending a run at either end.
    """
    targets = [frozenset(meld) for meld in knocker_melds]
    laid: dict[RefMeld, list[RefCard]] = {}
    problems = []
    for card, onto in layoffs:
        onto = frozenset(onto)
        if onto not in targets:
            problems.append(f"{card} laid onto {sorted(onto)}, not a knocker meld")
        laid.setdefault(onto, []).append(card)
    for onto, cards in laid.items():
        if len(set(cards)) != len(cards) or onto & set(cards) or not is_meld(onto | set(cards)):
            problems.append(f"{sorted(cards)} do not extend {sorted(onto)}")
    everything = [card for cards in laid.values() for card in cards]
    if len(everything) != len(set(everything)):
        problems.append("a card is laid off twice")
    return problems
