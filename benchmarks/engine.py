"""Speed of the rules engine: microseconds per hand, typical and worst case.

Run from the repository root: ``python benchmarks/engine.py`` (or ``make bench``).

Figures:
- 10-card best arrangement, against a straightforward enumeration of meld combinations
  written here (the ratio is the speed-up);
- 11-card best discard (``analyse_hand``);
- full deal adjudication (``adjudicate``: the knocker's search against the opponent's best
  reply), on random deals and on deals where both hands are meld-rich;
- the worst case found for each, by a seeded hill climb from hands built to be hard
  (overlapping sets and runs).

Seeds are fixed, so every run times the same hands. Timings are the best of a few repeats.
"""

from __future__ import annotations

import itertools
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adjudication import (  # noqa: E402
    ALL_CARDS,
    ALL_MELDS,
    Card,
    adjudicate,
    analyse_hand,
    best_arrangement,
    cards_to_mask,
)
from adjudication.search import best_packing  # noqa: E402

SEED = 20261129
SHORT_MELDS = [meld for meld in ALL_MELDS if len(meld.cards) <= 4]


# --- the naive enumeration this engine is compared with ---------------------------------------


def naive_min_deadwood(cards: Sequence[tuple[int, str]]) -> int:
    """Lowest deadwood by listing every meld in the hand, then every combination of them."""
    points = {card: min(card[0], 10) for card in cards}
    melds: list[frozenset[tuple[int, str]]] = []
    for rank in {card[0] for card in cards}:
        same = [card for card in cards if card[0] == rank]
        for size in (3, 4):
            melds.extend(frozenset(combo) for combo in itertools.combinations(same, size))
    for suit in {card[1] for card in cards}:
        ranks = sorted(card[0] for card in cards if card[1] == suit)
        for start, end in itertools.combinations(range(len(ranks)), 2):
            span = ranks[start : end + 1]
            if len(span) >= 3 and span[-1] - span[0] == len(span) - 1:
                melds.append(frozenset((rank, suit) for rank in span))
    total = sum(points.values())
    best = total
    for count in range(1, 4):  # 10 cards hold at most 3 melds
        for combo in itertools.combinations(melds, count):
            used = frozenset().union(*combo)
            if len(used) == sum(len(meld) for meld in combo):
                best = min(best, total - sum(points[card] for card in used))
    return best


def as_pairs(cards: Sequence[Card]) -> list[tuple[int, str]]:
    return [(int(card.rank), card.suit.value) for card in cards]


# --- hands -------------------------------------------------------------------------------------


def random_hand(rng: random.Random, size: int, taken: frozenset[Card] = frozenset()) -> list[Card]:
    return rng.sample([card for card in ALL_CARDS if card not in taken], size)


def meld_rich_hand(
    rng: random.Random, size: int, taken: frozenset[Card] = frozenset(), melded: int = 6
) -> list[Card]:
    """At least ``melded`` cards in random disjoint melds (of 3 or 4), the rest random."""
    hand: set[Card] = set()
    while len(hand) < melded:
        meld = rng.choice(SHORT_MELDS)
        if len(hand) + len(meld.cards) <= size and not set(meld.cards) & (hand | taken):
            hand.update(meld.cards)
    hand.update(random_hand(rng, size - len(hand), taken | frozenset(hand)))
    return sorted(hand)


def deal(
    rng: random.Random, knocker: list[Card], opponent_maker: Callable[[frozenset[Card]], list[Card]]
) -> tuple[Card, list[Card], list[Card]]:
    opponent = opponent_maker(frozenset(knocker))
    rest = [card for card in ALL_CARDS if card not in knocker and card not in opponent]
    return rng.choice(rest), knocker, opponent


# --- timing ------------------------------------------------------------------------------------
# CPU time of this process: other work on a shared machine does not count against the engine.
clock = time.process_time


def per_call(function: Callable, cases: Sequence[tuple], repeat: int = 3) -> float:
    """Best-of-``repeat`` microseconds per call over all cases."""
    best = float("inf")
    for _ in range(repeat):
        start = clock()
        for case in cases:
            function(*case)
        best = min(best, clock() - start)
    return best / len(cases) * 1e6


def cost(function: Callable, case: tuple, calls: int) -> float:
    """Microseconds for one case: the best of 3 batches of ``calls`` calls.

    A single call of a few microseconds is mostly timer noise, and a search for the slowest
    case would only find the noisiest moment; batches make the figure the hand's own.
    """
    return per_call(function, [case] * calls) if calls > 1 else per_call(function, [case], 5)


def climb(
    function: Callable,
    seeds: Sequence[tuple],
    mutate: Callable,
    rng: random.Random,
    steps: int,
    calls: int,
) -> tuple[float, tuple]:
    """Hill-climb from the slowest seed: keep a random change when it makes the call slower."""
    case = max(seeds, key=lambda seed: cost(function, seed, calls))
    slowest = cost(function, case, calls)
    for _ in range(steps):
        candidate = mutate(case, rng)
        elapsed = cost(function, candidate, calls)
        if elapsed > slowest:
            case, slowest = candidate, elapsed
    # Measured once more, longer, so that the figure printed is not the luckiest draw.
    return cost(function, case, calls * 10), case


def slowest_single(function: Callable, cases: Sequence[tuple]) -> float:
    """The slowest of these cases, each timed alone (best of 3)."""
    return max(min(per_call(function, [case], 1) for _ in range(3)) for case in cases)


def low_cards(rng: random.Random, size: int, taken: frozenset[Card] = frozenset()) -> list[Card]:
    """Cards from a narrow window of low ranks: the hands with most melds within a limit."""
    low = rng.randrange(1, 6)
    pool = [c for c in ALL_CARDS if low <= c.rank < low + 6 and c not in taken]
    return rng.sample(pool, size)


def swap_card(cards: list[Card], rng: random.Random, taken: set[Card]) -> list[Card]:
    out = list(cards)
    out[rng.randrange(len(out))] = rng.choice([c for c in ALL_CARDS if c not in taken])
    return out


def mutate_hand(case: tuple, rng: random.Random) -> tuple:
    (cards,) = case
    return (swap_card(cards, rng, set(cards)),)


def mutate_deal(case: tuple, rng: random.Random) -> tuple:
    upcard, knocker, opponent = case
    taken = set(knocker) | set(opponent)
    roll = rng.random()
    if roll < 0.45:
        knocker = swap_card(knocker, rng, taken)
    elif roll < 0.9:
        opponent = swap_card(opponent, rng, taken)
    else:
        upcard = rng.choice(ALL_CARDS)
    return upcard, knocker, opponent


# --- report ------------------------------------------------------------------------------------


def row(label: str, micros: float, note: str = "") -> None:
    print(f"  {label:<46} {micros:>9.1f} µs  {note}")


def text(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


# The slowest cases that longer offline climbs of this same kind found, pinned as seeds.
HARD_10 = ["9C TS 8S 9H JS 7S 9S 5S 6S 4S", "QC 4S 4D 3S 6H 6C 4C 2D 2H 2S"]
HARD_11 = ["8S 6S TD 9S TS 7S 7H TC TH 8H 9H", "AS 6S 5H 7S 4S 2S 5D QC 3S 5S 8C"]
HARD_DEALS = [
    ("9H", "2S AS 2C 3H AH 5H AD 3S AC 2H 2D", "6H 4C 4H 3C 4D 6S 6D 5C 4S 6C"),
    ("KH", "AS 4D 3S 2D 4C AC 2S 3D 4S 3C AD", "3H 5C 6H 6S 5S 4H 5D 6D 6C 5H"),
    ("7D", "2H 3S 3H 2D 3C 2S AH 3D AD 4C 2C", "6S 5C 6C 4D AS 5D 5S 6H 6D 5H"),
]


def parsed(text: str) -> list[Card]:
    return [Card.parse(token) for token in text.split()]


def main() -> None:
    rng = random.Random(SEED)
    started = time.perf_counter()
    print(f"Oklahoma Gin engine benchmark (Python {sys.version.split()[0]}, seed {SEED})")
    print("CPU microseconds per call; averages are the best of 3 passes over all the hands.")

    random10 = [(random_hand(rng, 10),) for _ in range(4000)]
    rich10 = [(meld_rich_hand(rng, 10),) for _ in range(2000)]
    print("\n10-card best arrangement (best_arrangement, Card objects in, Arrangement out)")
    engine_random = per_call(best_arrangement, random10)
    engine_rich = per_call(best_arrangement, rich10)
    core_random = per_call(best_packing, [(cards_to_mask(cards),) for (cards,) in random10])
    naive = lambda cards: naive_min_deadwood(as_pairs(cards))  # noqa: E731
    naive_random = per_call(naive, random10[:1000], 1)
    naive_rich = per_call(naive, rich10[:500], 1)
    row("random hands", engine_random)
    row("meld-rich hands", engine_rich)
    row("random hands, bitmask core only", core_random, "(mask in, deadwood + meld masks out)")
    row(
        "naive enumeration, random hands",
        naive_random,
        f"-> engine {naive_random / engine_random:.1f}x faster",
    )
    row(
        "naive enumeration, meld-rich hands",
        naive_rich,
        f"-> engine {naive_rich / engine_rich:.1f}x faster",
    )
    seeds10 = [(parsed(text),) for text in HARD_10] + [(low_cards(rng, 10),) for _ in range(20)]
    worst10, case10 = climb(best_arrangement, seeds10, mutate_hand, rng, 150, 20)
    row("worst found", worst10, text(case10[0]))

    random11 = [(random_hand(rng, 11),) for _ in range(3000)]
    rich11 = [(meld_rich_hand(rng, 11, melded=7),) for _ in range(1500)]
    print("\n11-card best discard (analyse_hand)")
    row("random hands", per_call(analyse_hand, random11))
    row("meld-rich hands", per_call(analyse_hand, rich11))
    seeds11 = [(parsed(text),) for text in HARD_11] + [(low_cards(rng, 11),) for _ in range(20)]
    worst11, case11 = climb(analyse_hand, seeds11, mutate_hand, rng, 150, 10)
    row("worst found", worst11, text(case11[0]))

    print("\nFull deal adjudication (adjudicate: knocker search + opponent's best reply)")
    random_deals = [
        deal(rng, random_hand(rng, rng.choice((10, 11))), lambda t: random_hand(rng, 10, t))
        for _ in range(2000)
    ]
    rich_deals = [
        deal(rng, meld_rich_hand(rng, 11, melded=7), lambda t: meld_rich_hand(rng, 10, t))
        for _ in range(1000)
    ]
    verdicts = [adjudicate(*case) for case in rich_deals]
    rich_legal = [case for case, v in zip(rich_deals, verdicts, strict=True) if v.legal]
    rich_open = [
        case
        for case, v in zip(rich_deals, verdicts, strict=True)
        if v.legal and v.outcome.value != "gin"
    ]
    row("random deals (mostly illegal knocks)", per_call(adjudicate, random_deals))
    row("meld-rich deals, all", per_call(adjudicate, rich_deals))
    row(f"meld-rich deals, legal ({len(rich_legal)} of 1000)", per_call(adjudicate, rich_legal))
    row(f"meld-rich deals, legal, not gin ({len(rich_open)})", per_call(adjudicate, rich_open))
    row("slowest single deal of all those", slowest_single(adjudicate, rich_deals + random_deals))
    seeds_deal = [(Card.parse(up), parsed(k), parsed(o)) for up, k, o in HARD_DEALS]
    for _ in range(15):
        knocker = low_cards(rng, 11)
        seeds_deal.append(deal(rng, knocker, lambda t: low_cards(rng, 10, t)))
    worst_deal, case_deal = climb(adjudicate, seeds_deal, mutate_deal, rng, 150, 3)
    row("worst found", worst_deal, f"upcard {case_deal[0]}")
    print(f"  {'':<46}   knocker  {text(case_deal[1])}")
    print(f"  {'':<46}   opponent {text(case_deal[2])}")

    print(
        "\nGoals: 10-card >= 3x naive, ideally <= 5 µs; meld-rich deal < 1000 µs on average;"
        " no hand > 20000 µs."
    )
    print(f"Total time {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
