"""The bitmask core of the engine: meld tables and the searches over them.

A hand is a 52-bit int (bit ``card.index``). Every meld is a mask too (65 sets + 264 runs),
so "does the hand hold this meld" is one ``&``. The searches branch on the lowest undecided
card: it is either deadwood or the first card of one of its melds, and no other card can be
the first card of a meld holding it. At every step, cards that no meld of the remaining cards
can hold are counted as deadwood at once; the searches prune when the deadwood alone cannot
beat the best found so far (or passes the knock limit).

Everything here works on ints; :mod:`adjudication.melds` and friends turn the results into
cards and melds.
"""

from __future__ import annotations

__all__ = [
    "ALL_MELD_MASKS",
    "RUN_ENTRY",
    "RUN_STARTS",
    "SET_CARDS",
    "SET_ENTRY",
    "SET_FLAGS",
    "MELD_FLAGS",
    "MELD_PROBE",
    "PATTERN_POINTS",
    "card_tally",
    "components",
    "search_packing",
    "best_discard",
    "best_packing",
    "flood",
    "highest_card",
    "meldable",
    "packings",
    "points",
    "quick_deadwood",
]

SUIT_BITS = 0x1FFF
FULL = (1 << 52) - 1
CARD_POINTS: tuple[int, ...] = tuple(min(i % 13 + 1, 10) for i in range(52))

# Points of every 13-bit suit pattern, so a hand's points are four look-ups.
_SEG_POINTS: list[int] = [0] * (1 << 13)
for _pattern in range(1, 1 << 13):
    _low = _pattern & -_pattern
    _SEG_POINTS[_pattern] = _SEG_POINTS[_pattern ^ _low] + CARD_POINTS[_low.bit_length() - 1]
PATTERN_POINTS = _SEG_POINTS
"""The points of each 13-bit pattern of one suit: :func:`points` by hand, where the engine's
hottest path cannot afford the call."""

_NOT_KING = FULL & ~sum(1 << (s * 13 + 12) for s in range(4))
_NOT_ACE = FULL & ~sum(1 << (s * 13) for s in range(4))
# Bits where a run of 3 may start without crossing into the next suit (rank A..J).
_RUN_START = sum(1 << (s * 13 + r) for s in range(4) for r in range(11))
_REPLICATE = 1 | 1 << 13 | 1 << 26 | 1 << 39
RUN_STARTS = _RUN_START
"""The cards a run of 3 may start from (ranks A to J): ``h & h >> 1 & h >> 2 & RUN_STARTS``
is the first card of every 3 in a row in hand ``h``."""


# A card's tally is its bit, plus one in a counter for its rank and one in a counter for each
# 3 in a row of its suit that holds it, above the 52 card bits. Distinct cards' tallies add up
# without a carry, so a hand's tally (the sum of its cards') is its mask in the low 52 bits and
# its counts above: a rank counter reaches 3 with a set, a run counter 3 with a run. Adding 5
# to a 4-bit rank counter (0..4) or 1 to a 3-bit run counter (0..3) sets its top bit exactly
# then, and never carries into the next counter.
_RANK_COUNTER = 52  # 13 ranks x 4 bits
_RUN_COUNTER = _RANK_COUNTER + 13 * 4  # 4 suits x 11 starts (A..J) x 3 bits


def card_tally(index: int) -> int:
    """Return the tally of the card with this index (see ``Card.tally``).

    >>> card_tally(0) == 1 | 1 << 52 | 1 << 104
    True
    """
    suit, rank = divmod(index, 13)
    tally = 1 << index | 1 << (_RANK_COUNTER + 4 * rank)
    for start in range(max(rank - 2, 0), min(rank, 10) + 1):
        tally |= 1 << (_RUN_COUNTER + 3 * (suit * 11 + start))
    return tally


SET_FLAGS = sum(8 << (_RANK_COUNTER + 4 * rank) for rank in range(13))
"""The top bit of each rank counter in a tally."""
MELD_FLAGS = SET_FLAGS | sum(4 << (_RUN_COUNTER + 3 * window) for window in range(44))
"""The top bit of each rank and run counter in a tally."""
MELD_PROBE = sum(5 << (_RANK_COUNTER + 4 * rank) for rank in range(13)) | sum(
    1 << (_RUN_COUNTER + 3 * window) for window in range(44)
)
"""``tally + MELD_PROBE & MELD_FLAGS``: nonzero exactly when the hand holds a meld, and its
``& SET_FLAGS`` flags the ranks the hand holds 3 or 4 of."""
SET_CARDS: dict[int, int] = {
    sum(8 << (_RANK_COUNTER + 4 * rank) for rank in range(13) if ranks >> rank & 1): ranks
    * _REPLICATE
    for ranks in range(1 << 13)
}
"""For each value of ``tally + MELD_PROBE & SET_FLAGS``: every card of the ranks it flags (the
hand's sets are these cards ``&`` the hand)."""


def _build_tables() -> tuple[
    tuple[int, ...], tuple[tuple[int, ...], ...], dict[int, int], dict[int, int]
]:
    sets_from: list[list[int]] = [[] for _ in range(52)]
    all_masks: list[int] = []
    set_entry: dict[int, int] = {}
    run_entry: dict[int, int] = {}
    for rank in range(13):
        four = [1 << (s * 13 + rank) for s in range(4)]
        full = sum(four)
        group = [full] + [full ^ four[missing] for missing in (3, 2, 1, 0)]
        for mask in group:
            all_masks.append(mask)
            sets_from[(mask & -mask).bit_length() - 1].append(mask)
            set_entry[mask] = full ^ mask
    for suit in range(4):
        for start in range(13):
            for length in range(3, 14 - start):
                mask = ((1 << length) - 1) << (suit * 13 + start)
                all_masks.append(mask)
                entry = 0
                if start > 0:
                    entry |= 1 << (suit * 13 + start - 1)
                if start + length < 13:
                    entry |= 1 << (suit * 13 + start + length)
                run_entry[mask] = entry
    return tuple(all_masks), tuple(tuple(s) for s in sets_from), set_entry, run_entry


ALL_MELD_MASKS, _SETS_FROM, SET_ENTRY, RUN_ENTRY = _build_tables()
"""Every meld as a mask (sets by rank, then runs by suit, start and length); for each meld,
the opponent's cards that can be laid off directly onto it: the 4th card of a 3-card set
(``SET_ENTRY``; 0 for a 4-card set) and the cards just past either end of a run
(``RUN_ENTRY``)."""

# The cards of each 13-bit pattern of one suit that make a run of 3 or more within it.
_RUN_CARDS: list[int] = [0] * (1 << 13)
for _pattern in range(1 << 13):
    _starts = _pattern & _pattern >> 1 & _pattern >> 2
    _RUN_CARDS[_pattern] = _starts | _starts << 1 | _starts << 2

_RUN_ROOM = tuple((1 << (13 - i % 13)) - 1 for i in range(52))
# For each card i and each length n of the straight from i: the runs from i inside it, longest
# first (none when n < 3).
_RUNS_DOWN = tuple(
    tuple(tuple(((1 << length) - 1) << i for length in range(n, 2, -1)) for n in range(14 - i % 13))
    for i in range(52)
)


def _melds_from_table() -> tuple[tuple[dict[int, tuple[int, ...]], ...], ...]:
    table = []
    for i in range(52):
        rank = i % 13
        # The cards of i's rank that a hand holding i may hold, as bits 0, 13, 26 and 39.
        held = [
            sum(1 << (13 * suit) for suit in range(4) if pattern >> suit & 1)
            for pattern in range(16)
            if pattern >> (i // 13) & 1
        ]
        sets = {
            same_rank: tuple(m for m in _SETS_FROM[i] if (m >> rank) & ~same_rank == 0)
            for same_rank in held
        }
        table.append(
            tuple(
                {same_rank: runs + sets[same_rank] for same_rank in held} for runs in _RUNS_DOWN[i]
            )
        )
    return tuple(table)


_MELDS_FROM = _melds_from_table()
"""The melds whose lowest card is i inside a hand whose lowest card is i, as
``_MELDS_FROM[i][n][hand >> i % 13 & _REPLICATE]``, with n the length of the straight from i
in the hand: runs longest first, then sets with the 4-card set first. The searches keep the
first of equally good answers, so this order is the engine's deterministic tie-break."""


def points(mask: int) -> int:
    """Return the deadwood value of the cards in ``mask``.

    >>> points(0b111), points(1 << 12)
    (6, 10)
    """
    return (
        _SEG_POINTS[mask & SUIT_BITS]
        + _SEG_POINTS[(mask >> 13) & SUIT_BITS]
        + _SEG_POINTS[(mask >> 26) & SUIT_BITS]
        + _SEG_POINTS[mask >> 39]
    )


_MELD_POINTS = {meld: points(meld) for meld in ALL_MELD_MASKS}
"""Every meld's points: a hand with one meld's deadwood is its total less these."""


def meldable(mask: int) -> int:
    """Return the cards of ``mask`` that belong to at least one meld inside ``mask``.

    >>> bin(meldable(0b1111 | 1 << 20))
    '0b1111'
    """
    starts = mask & (mask >> 1) & (mask >> 2) & _RUN_START
    runs = starts | (starts << 1) | (starts << 2)
    a = mask & SUIT_BITS
    b = (mask >> 13) & SUIT_BITS
    c = (mask >> 26) & SUIT_BITS
    d = mask >> 39
    ranks = (a & b & (c | d)) | (c & d & (a | b))
    return runs | (ranks * _REPLICATE & mask)


def _melds_from(i: int, rem: int) -> tuple[int, ...]:
    """Melds inside ``rem`` whose lowest card is ``i`` (the lowest card of ``rem``), in the
    search order (see ``_MELDS_FROM``)."""
    x = (rem >> i) & _RUN_ROOM[i]
    return _MELDS_FROM[i][(~x & (x + 1)).bit_length() - 1][rem >> i % 13 & _REPLICATE]


def _min_deadwood(rem: int, bound: int) -> tuple[int, tuple[int, ...]]:
    """Lowest deadwood of ``rem`` and its melds, or a value >= ``bound`` if none beats it.

    Cards that no meld inside ``rem`` can hold any more are deadwood whatever comes next:
    they are counted at once, which also prunes when they alone reach the bound.
    """
    # meldable() and points(), inlined: this is the search's inner loop.
    starts = rem & (rem >> 1) & (rem >> 2) & _RUN_START
    a = rem & SUIT_BITS
    b = (rem >> 13) & SUIT_BITS
    c = (rem >> 26) & SUIT_BITS
    d = rem >> 39
    ranks = (a & b & (c | d)) | (c & d & (a | b))
    melded = starts | (starts << 1) | (starts << 2) | (ranks * _REPLICATE & rem)
    forced = 0
    if melded != rem:
        rest = rem ^ melded
        forced = (
            _SEG_POINTS[rest & SUIT_BITS]
            + _SEG_POINTS[(rest >> 13) & SUIT_BITS]
            + _SEG_POINTS[(rest >> 26) & SUIT_BITS]
            + _SEG_POINTS[rest >> 39]
        )
        if forced >= bound or not melded:
            return forced, ()
        bound -= forced
    elif not rem:
        return 0, ()
    low = melded & -melded
    i = low.bit_length() - 1
    best = bound
    best_melds: tuple[int, ...] = ()
    x = (melded >> i) & _RUN_ROOM[i]
    for m in _MELDS_FROM[i][(~x & (x + 1)).bit_length() - 1][melded >> i % 13 & _REPLICATE]:
        value, melds = _min_deadwood(melded ^ m, best)
        if value < best:
            best, best_melds = value, (m, *melds)
            if not best:
                return forced, best_melds
    p = CARD_POINTS[i]
    if p < best:
        value, melds = _min_deadwood(melded ^ low, best - p)
        if value + p < best:
            best, best_melds = value + p, melds
    return best + forced, best_melds


def best_packing(mask: int) -> tuple[int, tuple[int, ...]]:
    """Return (lowest deadwood, melds as masks) for the cards in ``mask``.

    Ties go to the first packing in search order: the lowest card melded before left as
    deadwood, longer runs before shorter, runs before sets.

    >>> best_packing(0b1111)
    (0, (15,))
    """
    # Most hands need no search: 94% of random 10-card hands hold no meld at all, or cards
    # that make exactly one meld, whose only best packing is that meld (a long run also splits
    # into shorter ones, but the search tries the longest run first). Inlined: it is the path
    # nearly every hand takes.
    starts = mask & (mask >> 1) & (mask >> 2) & _RUN_START
    a = mask & SUIT_BITS
    b = (mask >> 13) & SUIT_BITS
    c = (mask >> 26) & SUIT_BITS
    d = mask >> 39
    total = _SEG_POINTS[a] + _SEG_POINTS[b] + _SEG_POINTS[c] + _SEG_POINTS[d]
    ranks = (a & b & (c | d)) | (c & d & (a | b))
    if not starts and not ranks:
        return total, ()
    runs = starts | (starts << 1) | (starts << 2)
    sets = ranks * _REPLICATE & mask
    melded = runs | sets
    meld_points = _MELD_POINTS.get(melded)
    if meld_points is not None:
        return total - meld_points, (melded,)
    if not runs & sets:
        # No card fits both a run and a set: each straight and each rank group is a meld of
        # its own, and together they leave no melded card as deadwood.
        return total - points(melded), components(runs, sets)
    return _min_deadwood(mask, total + 1)  # as search_packing, with the total at hand


def quick_deadwood(mask: int, discard: bool) -> int | None:
    """Return the lowest deadwood of ``mask`` (after discarding, with ``discard``) when no card
    fits both a run and a set, as for nearly every hand; None when only a search can tell.

    Then the meldable cards all pack with no deadwood, and the discard is the highest card
    left (:func:`highest_card`). With all 11 cards meldable, a discard breaks a meld: None.

    >>> quick_deadwood(0b111 | 1 << 20 | 1 << 51, True), quick_deadwood(0b1111, True)
    (8, None)
    """
    # meldable() and points(), inlined as in the searches: every deal glances here first.
    starts = mask & (mask >> 1) & (mask >> 2) & _RUN_START
    a = mask & SUIT_BITS
    b = (mask >> 13) & SUIT_BITS
    c = (mask >> 26) & SUIT_BITS
    d = mask >> 39
    ranks = (a & b & (c | d)) | (c & d & (a | b))
    runs = starts | (starts << 1) | (starts << 2)
    sets = ranks * _REPLICATE & mask
    if runs & sets:
        return None
    rest = mask ^ runs ^ sets
    a, b, c, d = rest & SUIT_BITS, (rest >> 13) & SUIT_BITS, (rest >> 26) & SUIT_BITS, rest >> 39
    value = _SEG_POINTS[a] + _SEG_POINTS[b] + _SEG_POINTS[c] + _SEG_POINTS[d]
    if not discard:
        return value
    return value - CARD_POINTS[(a | b | c | d).bit_length() - 1] if rest else None


def search_packing(mask: int) -> tuple[int, tuple[int, ...]]:
    """:func:`best_packing` by the search alone, with no shortcut (for hands that need it).

    >>> search_packing(0b1111)
    (0, (15,))
    """
    return _min_deadwood(mask, points(mask) + 1)


def components(runs: int, sets: int) -> tuple[int, ...]:
    """Return the longest straights in ``runs`` and the rank groups in ``sets``, as melds in
    the order the search finds them (by their lowest card).

    When no card is in both (``runs & sets == 0``), these are the best packing of the cards.

    >>> components(0b1111, 1 << 20 | 1 << 33 | 1 << 46) == (0b1111, 1 << 20 | 1 << 33 | 1 << 46)
    True
    """
    melds = []
    while runs:
        i = (runs & -runs).bit_length() - 1
        x = (runs >> i) & _RUN_ROOM[i]
        run = _RUNS_DOWN[i][(~x & (x + 1)).bit_length() - 1][0]
        melds.append(run)
        runs ^= run
    while sets:
        group = sets & (_REPLICATE << ((sets & -sets).bit_length() - 1) % 13)
        melds.append(group)
        sets ^= group
    if len(melds) > 1:
        melds.sort(key=_LOWEST_BIT.__getitem__)
    return tuple(melds)


_LOWEST_BIT = {meld: meld & -meld for meld in ALL_MELD_MASKS}


def highest_card(mask: int) -> int:
    """Return the index of the card an 11-card hand discards from deadwood ``mask``.

    That is the highest rank (so also the most points), and of equal ranks the first suit in
    the order S, H, D, C. ``mask`` must not be empty.

    >>> highest_card(1 << 12 | 1 << 25)
    12
    """
    if not mask:
        raise ValueError("empty deadwood")
    rank = ((mask | mask >> 13 | mask >> 26 | mask >> 39) & SUIT_BITS).bit_length() - 1
    suits = mask >> rank & _REPLICATE  # the suits holding that rank, as bits 0, 13, 26, 39
    return rank + (suits & -suits).bit_length() - 1


def _discard_search(
    rem: int, dead: int, dw: int, top: int, best: list[int]
) -> tuple[int, int, tuple[int, ...]] | None:
    """Best (key, discard, melds) over packings of ``rem``, given the deadwood so far.

    ``top`` is the most points of a deadwood card so far: the discard takes it away, so
    ``dw - top`` can only grow as the search goes deeper, and it bounds the search.
    """
    melded = meldable(rem)
    if melded != rem:
        forced = rem ^ melded
        dead |= forced
        dw += points(forced)
        top = max(top, CARD_POINTS[highest_card(forced)])
        if (dw - top) * 64 > best[0]:
            return None
        rem = melded
    if not rem:
        if not dead:
            return None  # all 11 melded: a discard breaks a meld, another packing covers it
        d = highest_card(dead)
        # Lower value first; of equal values, the discard key: higher rank, then suit order.
        key = (dw - CARD_POINTS[d]) * 64 + (12 - d % 13) * 4 + d // 13
        if key < best[0]:
            best[0] = key
            return key, d, ()
        return None
    low = rem & -rem
    i = low.bit_length() - 1
    found: tuple[int, int, tuple[int, ...]] | None = None
    for m in _melds_from(i, rem):
        result = _discard_search(rem ^ m, dead, dw, top, best)
        if result is not None:
            found = (result[0], result[1], (m, *result[2]))
    p = CARD_POINTS[i]
    ndw, ntop = dw + p, max(top, p)
    if (ndw - ntop) * 64 <= best[0]:
        result = _discard_search(rem ^ low, dead | low, ndw, ntop, best)
        if result is not None:
            found = result
    return found


def best_discard(mask: int) -> tuple[int, int, tuple[int, ...]]:
    """For 11 cards, return (deadwood after the discard, discard index, melds of the rest).

    The discard leaves the lowest deadwood; of equal choices it is the card with the most
    points, then the highest rank, then the first suit in the order S, H, D, C.

    >>> value, discard, melds = best_discard(0b111 | 1 << 13 | 1 << 14 | 1 << 15 | 1 << 51)
    >>> value, discard
    (0, 51)
    """
    melded = meldable(mask)
    forced = mask ^ melded
    if not forced:
        return _best_discard_search(mask)
    # Discarding a card no meld can hold leaves the melded cards' best packing; the highest
    # such card saves the most. Any discard from the melded cards keeps all the forced
    # deadwood, so when that is already more, that is the answer (nearly every hand: it
    # always is when the melded cards pack with no deadwood).
    value, melds = best_packing(melded)
    discard = highest_card(forced)
    dead = points(forced)
    if value < CARD_POINTS[discard]:
        return dead - CARD_POINTS[discard] + value, discard, melds
    # Else a melded card may be the better discard, with the best packing of the other melded
    # cards: a few small searches (the melded cards are 5 to 8 in nearly every such hand),
    # each bounded by the best so far, instead of one over all 11. Taking a card away lowers
    # the melded cards' deadwood by at most its points, so only a card with as many points as
    # the forced discard can do as well.
    top = CARD_POINTS[discard]
    best = (dead - top + value) * 64 + _DISCARD_ORDER[discard]
    found = discard, melds
    rest = melded
    while rest:
        low = rest & -rest
        rest ^= low
        card = low.bit_length() - 1
        if CARD_POINTS[card] < top:
            continue
        # A tie in value goes to the better discard order, so a tie must be found too.
        value, melds = _min_deadwood(melded ^ low, (best >> 6) - dead + 1)
        key = (dead + value) * 64 + _DISCARD_ORDER[card]
        if key < best:
            best, found = key, (card, melds)
    return best >> 6, *found


_DISCARD_ORDER = tuple((12 - i % 13) * 4 + i // 13 for i in range(52))
"""The discard tie-break of each card: higher rank first, then the suit order S, H, D, C."""


def _best_discard_search(mask: int) -> tuple[int, int, tuple[int, ...]]:
    """:func:`best_discard` by the full search over packings, for any 11 cards."""
    best = [(points(mask) + 1) * 64]
    result = _discard_search(mask, 0, 0, 0, best)
    assert result is not None
    key, discard, _ = result
    value, melds = best_packing(mask ^ (1 << discard))
    assert value == key // 64
    return value, discard, melds


# The knocker's and the opponent's enumerations are most of the time a deal takes, so they
# are written for speed: one function without the discard and one with it; each is called
# only for a nonempty remainder whose cards are all meldable, and works out each child's
# meldable cards and forced deadwood (meldable() and points(), inlined) before calling it, so
# a child that is pruned, or left with no meldable card (a packing complete), costs no call.


def _enumerate(rem: int, melds: tuple[int, ...], dw: int, limit: int, out: list) -> None:
    """Append every packing of ``rem`` (nonempty, every card meldable) within ``limit``, in
    search order, with ``melds`` and ``dw`` (deadwood points) so far."""
    low = rem & -rem
    i = low.bit_length() - 1
    x = (rem >> i) & _RUN_ROOM[i]
    for m in _MELDS_FROM[i][(~x & (x + 1)).bit_length() - 1][rem >> i % 13 & _REPLICATE]:
        child = rem ^ m
        if not child:  # the last cards make this meld
            out.append(((*melds, m), dw))
            continue
        a = child & SUIT_BITS
        b = (child >> 13) & SUIT_BITS
        c = (child >> 26) & SUIT_BITS
        d = child >> 39
        ranks = (a & b & (c | d)) | (c & d & (a | b))
        ma = _RUN_CARDS[a] | ranks & a
        mb = _RUN_CARDS[b] | ranks & b
        mc = _RUN_CARDS[c] | ranks & c
        md = _RUN_CARDS[d] | ranks & d
        if ma == a and mb == b and mc == c and md == d:
            _enumerate(child, (*melds, m), dw, limit, out)
            continue
        cdw = (
            dw
            + _SEG_POINTS[a ^ ma]
            + _SEG_POINTS[b ^ mb]
            + _SEG_POINTS[c ^ mc]
            + _SEG_POINTS[d ^ md]
        )
        if cdw <= limit:
            melded = ma | mb << 13 | mc << 26 | md << 39
            if melded:
                _enumerate(melded, (*melds, m), cdw, limit, out)
            else:
                out.append(((*melds, m), cdw))
    dw += CARD_POINTS[i]  # the lowest card left as deadwood
    if dw > limit:
        return
    child = rem ^ low
    if not child:
        out.append((melds, dw))
        return
    a = child & SUIT_BITS
    b = (child >> 13) & SUIT_BITS
    c = (child >> 26) & SUIT_BITS
    d = child >> 39
    ranks = (a & b & (c | d)) | (c & d & (a | b))
    ma = _RUN_CARDS[a] | ranks & a
    mb = _RUN_CARDS[b] | ranks & b
    mc = _RUN_CARDS[c] | ranks & c
    md = _RUN_CARDS[d] | ranks & d
    if ma == a and mb == b and mc == c and md == d:
        _enumerate(child, melds, dw, limit, out)
        return
    dw += _SEG_POINTS[a ^ ma] + _SEG_POINTS[b ^ mb] + _SEG_POINTS[c ^ mc] + _SEG_POINTS[d ^ md]
    if dw <= limit:
        melded = ma | mb << 13 | mc << 26 | md << 39
        if melded:
            _enumerate(melded, melds, dw, limit, out)
        else:
            out.append((melds, dw))


def _enumerate_discard(
    rem: int, melds: tuple[int, ...], dw: int, top: int, limit: int, out: list
) -> None:
    """:func:`_enumerate` for 11 cards: ``top`` is the most points of a deadwood card so far
    (the discard), and a packing's deadwood is counted without it. A packing with no deadwood
    at all is left out: its discard breaks a meld, which another packing covers."""
    low = rem & -rem
    i = low.bit_length() - 1
    x = (rem >> i) & _RUN_ROOM[i]
    for m in _MELDS_FROM[i][(~x & (x + 1)).bit_length() - 1][rem >> i % 13 & _REPLICATE]:
        child = rem ^ m
        if not child:  # the last cards make this meld
            if top:
                out.append(((*melds, m), dw - top))
            continue
        a = child & SUIT_BITS
        b = (child >> 13) & SUIT_BITS
        c = (child >> 26) & SUIT_BITS
        d = child >> 39
        ranks = (a & b & (c | d)) | (c & d & (a | b))
        ma = _RUN_CARDS[a] | ranks & a
        mb = _RUN_CARDS[b] | ranks & b
        mc = _RUN_CARDS[c] | ranks & c
        md = _RUN_CARDS[d] | ranks & d
        if ma == a and mb == b and mc == c and md == d:
            _enumerate_discard(child, (*melds, m), dw, top, limit, out)
            continue
        a ^= ma  # the forced deadwood, suit by suit
        b ^= mb
        c ^= mc
        d ^= md
        cdw = dw + _SEG_POINTS[a] + _SEG_POINTS[b] + _SEG_POINTS[c] + _SEG_POINTS[d]
        ctop = CARD_POINTS[(a | b | c | d).bit_length() - 1]  # the highest forced card's
        if ctop < top:
            ctop = top
        if cdw - ctop <= limit:
            melded = ma | mb << 13 | mc << 26 | md << 39
            if melded:
                _enumerate_discard(melded, (*melds, m), cdw, ctop, limit, out)
            else:
                out.append(((*melds, m), cdw - ctop))
    p = CARD_POINTS[i]  # the lowest card left as deadwood
    dw += p
    if p > top:
        top = p
    if dw - top > limit:
        return
    child = rem ^ low
    if not child:
        out.append((melds, dw - top))
        return
    a = child & SUIT_BITS
    b = (child >> 13) & SUIT_BITS
    c = (child >> 26) & SUIT_BITS
    d = child >> 39
    ranks = (a & b & (c | d)) | (c & d & (a | b))
    ma = _RUN_CARDS[a] | ranks & a
    mb = _RUN_CARDS[b] | ranks & b
    mc = _RUN_CARDS[c] | ranks & c
    md = _RUN_CARDS[d] | ranks & d
    if ma == a and mb == b and mc == c and md == d:
        _enumerate_discard(child, melds, dw, top, limit, out)
        return
    a ^= ma  # the forced deadwood, suit by suit
    b ^= mb
    c ^= mc
    d ^= md
    dw += _SEG_POINTS[a] + _SEG_POINTS[b] + _SEG_POINTS[c] + _SEG_POINTS[d]
    p = CARD_POINTS[(a | b | c | d).bit_length() - 1]
    if p > top:
        top = p
    if dw - top <= limit:
        melded = ma | mb << 13 | mc << 26 | md << 39
        if melded:
            _enumerate_discard(melded, melds, dw, top, limit, out)
        else:
            out.append((melds, dw - top))


def packings(
    mask: int, limit: int | None = None, *, discard: bool = False
) -> list[tuple[tuple[int, ...], int]]:
    """Return every packing of ``mask`` into disjoint melds, as (melds, deadwood points).

    Packings that leave meldable cards unmelded are included. With ``limit``, only packings
    whose deadwood is at most ``limit``. With ``discard``, the deadwood counted is what is
    left after discarding the highest deadwood card (see :func:`highest_card`), for 11-card
    hands. The list is in search order (see :func:`best_packing`).

    >>> [(len(m), dw) for m, dw in packings(0b1111)]
    [(1, 0), (1, 4), (1, 1), (0, 10)]
    """
    if limit is None:
        limit = points(mask)
    out: list[tuple[tuple[int, ...], int]] = []
    melded = meldable(mask)
    forced = mask ^ melded
    dw = top = 0
    if forced:  # cards no meld can hold: deadwood in every packing
        dw = points(forced)
        if discard:
            top = CARD_POINTS[highest_card(forced)]
        if dw - top > limit:
            return out
    if melded:
        if discard:
            _enumerate_discard(melded, (), dw, top, limit, out)
        else:
            _enumerate(melded, (), dw, limit, out)
    elif not discard:
        out.append(((), dw))
    elif top:  # with no deadwood at all, the discard breaks a meld: no packing
        out.append(((), dw - top))
    return out


def flood(seed: int, hand: int) -> int:
    """Return the cards of ``hand`` reachable from ``seed`` by steps to same-suit neighbours.

    This is how layoffs chain along a run: with ``seed`` the cards just past the run's ends,
    8♠ then 9♠ both go onto 5♠-6♠-7♠.

    >>> bin(flood(1 << 7, 0b1110000000 | 1 << 11))
    '0b1110000000'
    """
    laid = frontier = seed & hand
    while frontier:
        frontier = (((frontier & _NOT_KING) << 1) | ((frontier & _NOT_ACE) >> 1)) & hand & ~laid
        laid |= frontier
    return laid
