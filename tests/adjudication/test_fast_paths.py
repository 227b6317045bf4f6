"""The engine's shortcuts against its plain searches: both must give the very same answer.

The shortcuts (a hand with no meld or with one, independent melds, a card list's tally, an
11-card discard that needs no search or only small ones, a hand analysed with no search, a
knock's deadwood at a glance, card text read by table, the opponent's packings listed once per
deal) are where nearly every hand goes, so they must agree with the general search to the last
meld and tie-break, not only on the deadwood.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from adjudication import (
    ALL_CARDS,
    AdjudicationError,
    Arrangement,
    Card,
    HandAnalysis,
    Rules,
    analyse_hand,
    best_arrangement,
    best_reply,
    cards_to_mask,
    parse_cards,
)
from adjudication.cards import _SPELLINGS, hand_mask, hand_tally
from adjudication.hand import analyse_mask
from adjudication.layoffs import (
    ENTRY,
    Layoff,
    OpponentSolver,
    _assign,
    _run_chains,
    entries,
    laid_off,
)
from adjudication.melds import ALL_MELDS, MeldKind, arrangement_of
from adjudication.search import (
    CARD_POINTS,
    MELD_FLAGS,
    MELD_PROBE,
    SET_CARDS,
    SET_FLAGS,
    _best_discard_search,
    _melds_from,
    _min_deadwood,
    best_discard,
    best_packing,
    highest_card,
    meldable,
    packings,
    points,
    quick_deadwood,
    search_packing,
)

SHORT_MELDS = [meld.mask for meld in ALL_MELDS if len(meld.cards) <= 5]
MANY = settings(max_examples=400, deadline=None)


@st.composite
def masks(draw: st.DrawFn, low: int = 0, high: int = 13) -> int:
    """Hands of ``low``..``high`` cards: uniform, or from a few suits and a window of ranks,
    where melds overlap (sets across runs) and the general search has work to do."""
    count = draw(st.integers(low, high))
    kind = draw(st.sampled_from(["uniform", "window", "melds"]))
    if kind == "melds":  # a few melds, apart or overlapping, and random cards
        mask = 0
        for meld in draw(st.lists(st.sampled_from(SHORT_MELDS), max_size=4)):
            if (mask | meld).bit_count() <= count:
                mask |= meld
        free = [index for index in range(52) if not mask >> index & 1]
        extra = draw(st.permutations(free))[: count - mask.bit_count()]
        return mask | sum(1 << index for index in extra)
    if kind == "uniform":
        pool = list(range(52))
    else:
        suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
        first = draw(st.integers(0, 9))
        width = draw(st.integers(3, 13 - first))
        pool = [suit * 13 + rank for suit in suits for rank in range(first, first + width)]
    chosen = draw(st.permutations(pool))[: min(count, len(pool))]
    return sum(1 << index for index in chosen)


@MANY
@given(masks())
def test_best_packing_shortcuts_agree_with_the_search(mask: int) -> None:
    assert best_packing(mask) == _min_deadwood(mask, points(mask) + 1)


def cards_in(mask: int, data: st.DataObject) -> list[Card]:
    """The cards of ``mask`` in an order drawn by hypothesis."""
    return data.draw(st.permutations([card for card in ALL_CARDS if card.bit & mask]))


@MANY
@given(masks(), st.data())
def test_best_arrangement_of_a_card_list_is_the_search_s_arrangement(
    mask: int, data: st.DataObject
) -> None:
    cards = cards_in(mask, data)
    searched = Arrangement.from_masks(mask, _min_deadwood(mask, points(mask) + 1)[1])
    assert best_arrangement(cards) == searched
    assert best_arrangement(tuple(cards)) == searched


@MANY
@given(masks(), st.data())
def test_a_card_list_s_arrangement_reads_as_the_search_s_before_its_deadwood_is_built(
    mask: int, data: st.DataObject
) -> None:
    """best_arrangement may leave the deadwood cards to be built on first read: every way of
    reading the arrangement, each on a fresh one, must see what the searched one shows."""
    cards = cards_in(mask, data)
    searched = Arrangement.from_masks(mask, _min_deadwood(mask, points(mask) + 1)[1])
    readers = [
        lambda a: a.deadwood_points,
        lambda a: a.deadwood,
        lambda a: a.cards,
        lambda a: a.to_dict(),
        repr,
        hash,
        pickle.dumps,
        lambda a: pickle.loads(pickle.dumps(a)),
        lambda a: pickle.loads(pickle.dumps(a)).deadwood_points,
        copy.copy,
        copy.deepcopy,
        lambda a: dataclasses.asdict(a),
        lambda a: dataclasses.replace(a, melds=()),
    ]
    for read in readers:
        assert read(best_arrangement(cards)) == read(searched)
    assert searched == best_arrangement(cards)
    assert best_arrangement(cards) == searched
    assert sum(card.points for card in searched.deadwood) == best_arrangement(cards).deadwood_points
    with pytest.raises(AttributeError, match="'Arrangement' object has no attribute 'deadwoods'"):
        best_arrangement(cards).deadwoods  # noqa: B018


def cards_of_ranks_held_thrice(mask: int) -> int:
    """Every card of ``mask`` whose rank ``mask`` holds 3 or 4 of, counted card by card."""
    held = [card for card in ALL_CARDS if card.bit & mask]
    return sum(card.bit for card in held if sum(other.rank == card.rank for other in held) >= 3)


@MANY
@given(masks(0, 13), st.data())
def test_a_hand_s_tally_is_its_mask_and_flags_exactly_its_melds(
    mask: int, data: st.DataObject
) -> None:
    tally = sum(card.tally for card in cards_in(mask, data))
    flags = tally + MELD_PROBE & MELD_FLAGS
    assert tally & (1 << 52) - 1 == mask
    assert bool(flags) == bool(meldable(mask))
    assert SET_CARDS[flags & SET_FLAGS] & mask == cards_of_ranks_held_thrice(mask)


def summed_tally(cards: list) -> int | None:
    """The plain sum of the cards' tallies, or None when not all are distinct Card objects."""
    if not all(isinstance(card, Card) for card in cards) or len(set(cards)) != len(cards):
        return None
    return sum(card.tally for card in cards)


@MANY
@given(
    st.lists(st.sampled_from(ALL_CARDS), min_size=9, max_size=12),
    st.one_of(st.none(), st.integers(0, 11)),
)
def test_hand_tally_of_a_list_is_the_plain_sum_or_none(cards: list, text_at: int | None) -> None:
    """hand_tally adds 10 or 11 cards up without a loop: the same sum, the same None (for a
    duplicate, or card text in place of a card)."""
    if text_at is not None and text_at < len(cards):
        cards[text_at] = cards[text_at].text
    assert hand_tally(cards) == summed_tally(cards)
    assert hand_tally(tuple(cards)) == summed_tally(cards)


def arranged(cards) -> Arrangement | str:
    try:
        return best_arrangement(cards)
    except AdjudicationError as error:
        return f"{type(error).__name__}: {error}"


@MANY
@given(
    st.lists(
        st.one_of(st.sampled_from(ALL_CARDS), st.sampled_from(sorted(_SPELLINGS)), st.just("")),
        max_size=12,
    )
)
def test_best_arrangement_of_any_list_gives_the_parser_s_answer_or_its_error(
    tokens: list,
) -> None:
    """Duplicates and text among the cards leave the tally for the parser, which names them."""
    try:
        mask = cards_to_mask(parse_cards(tokens))
    except AdjudicationError as error:
        expected: Arrangement | str = f"{type(error).__name__}: {error}"
    else:
        expected = Arrangement.from_masks(mask, best_packing(mask)[1])
    assert arranged(tokens) == expected
    assert arranged(tuple(tokens)) == expected
    assert arranged(iter(tokens)) == expected


def discard_order(index: int) -> int:
    """The discard tie-break: most points, then highest rank, then the first suit."""
    return (12 - index % 13) * 4 + index // 13


def naive_best_discard(mask: int) -> tuple[int, int, tuple[int, ...]]:
    """Try each of the 11 discards with the 10-card search; keep the lowest, then the order."""
    options = []
    for index in range(52):
        if mask >> index & 1:
            value, melds = best_packing(mask ^ (1 << index))
            options.append(((value, discard_order(index)), (value, index, melds)))
    return min(options)[1]


@MANY
@given(masks(11, 11))
def test_best_discard_shortcut_agrees_with_the_search_and_with_every_discard(mask: int) -> None:
    found = best_discard(mask)
    assert found == _best_discard_search(mask) == naive_best_discard(mask)


@st.composite
def crossing_hands(draw: st.DrawFn) -> int:
    """11 cards where a run and a set share a card, and the rest random: the hands whose
    discard takes the small searches over the melded cards."""
    suit, start = draw(st.integers(0, 3)), draw(st.integers(0, 10))
    length = draw(st.integers(3, min(5, 13 - start)))
    rank = start + draw(st.integers(0, length - 1))
    other_suits = st.integers(0, 3).filter(lambda other: other != suit)
    others = draw(st.lists(other_suits, min_size=2, max_size=3, unique=True))
    mask = ((1 << length) - 1) << (suit * 13 + start)
    mask |= sum(1 << (other * 13 + rank) for other in others)
    free = [index for index in range(52) if not mask >> index & 1]
    extra = draw(st.permutations(free))[: 11 - mask.bit_count()]
    return mask | sum(1 << index for index in extra)


@MANY
@given(crossing_hands())
def test_best_discard_of_a_run_crossing_a_set_agrees_with_every_discard(mask: int) -> None:
    assert best_discard(mask) == _best_discard_search(mask) == naive_best_discard(mask)


def searched_analysis(mask: int, limit: int, rules: Rules) -> HandAnalysis:
    """A hand's analysis by the plain searches alone, with no shortcut."""
    if mask.bit_count() == 10:
        value, melds = search_packing(mask)
        arrangement = Arrangement.from_masks(mask, melds)
        return HandAnalysis(limit, None, arrangement, value <= limit, value == 0, False, rules)
    if rules.big_gin:
        value, melds = search_packing(mask)
        if value == 0:
            arrangement = Arrangement.from_masks(mask, melds)
            return HandAnalysis(limit, None, arrangement, True, True, True, rules)
    value, index, melds = _best_discard_search(mask)
    arrangement = Arrangement.from_masks(mask ^ 1 << index, melds)
    discard = ALL_CARDS[index]
    return HandAnalysis(limit, discard, arrangement, value <= limit, value == 0, False, rules)


@MANY
@given(
    st.one_of(masks(10, 11), crossing_hands()),
    st.data(),
    st.sampled_from([None, *ALL_CARDS]),
    st.sampled_from([Rules(), Rules(big_gin=True)]),
)
def test_analysis_of_cards_and_of_a_mask_is_the_searched_one(
    mask: int, data: st.DataObject, upcard: Card | None, rules: Rules
) -> None:
    assume(mask.bit_count() in (10, 11))  # a narrow window of ranks may hold fewer
    limit = rules.knock_limit(upcard)
    expected = searched_analysis(mask, limit, rules)
    assert analyse_mask(mask, limit, rules) == expected
    cards = cards_in(mask, data)
    assert analyse_hand(cards, upcard, rules) == expected
    assert analyse_hand(tuple(cards), upcard, rules) == expected


@MANY
@given(st.one_of(masks(10, 11), crossing_hands()), st.data())
def test_an_analysis_reads_as_the_searched_one_before_its_deadwood_is_built(
    mask: int, data: st.DataObject
) -> None:
    """An analysis with no search may leave its deadwood cards to be built on first read:
    every way of reading it, each on a fresh one, must see what the searched one shows."""
    assume(mask.bit_count() in (10, 11))
    cards = cards_in(mask, data)
    expected = searched_analysis(mask, 10, Rules())
    readers = [
        lambda h: h.arrangement.deadwood_points,
        lambda h: h.arrangement.deadwood,
        lambda h: h.arrangement.cards,
        lambda h: h.to_dict(),
        repr,
        hash,
        pickle.dumps,
        lambda h: pickle.loads(pickle.dumps(h)),
        copy.deepcopy,
        lambda h: dataclasses.asdict(h),
    ]
    for read in readers:
        assert read(analyse_hand(cards)) == read(expected)
        assert read(analyse_mask(mask, 10, Rules())) == read(expected)
    assert analyse_hand(cards) == expected
    assert expected == analyse_hand(cards)


@MANY
@given(masks(0, 13), masks(11, 11))
def test_quick_deadwood_is_the_searched_deadwood_or_none(mask: int, eleven: int) -> None:
    quick = quick_deadwood(mask, False)
    assert quick is None or quick == _min_deadwood(mask, points(mask) + 1)[0]
    quick = quick_deadwood(eleven, True)
    assert quick is None or quick == _best_discard_search(eleven)[0]


@MANY
@given(masks(11, 11))
def test_big_gin_is_found_exactly_when_all_eleven_cards_pack(mask: int) -> None:
    """Hands with a card no meld can hold skip the 11-card packing; none of them is big gin."""
    assume(mask.bit_count() == 11)  # a narrow window of ranks may hold fewer
    cards = [card for card in ALL_CARDS if card.bit & mask]
    hand = analyse_hand(cards, rules=Rules(big_gin=True))
    value, melds = best_packing(mask)
    assert hand.big_gin == (value == 0)
    if value:
        plain = analyse_hand(cards)
        assert (hand.discard, hand.arrangement) == (plain.discard, plain.arrangement)
    else:
        assert hand.arrangement == Arrangement.from_masks(mask, melds)


def spelled(draw: st.DrawFn, card: Card) -> str:
    """A way of writing ``card`` that the card parser reads."""
    return draw(st.sampled_from([text for text, bit in _SPELLINGS.items() if bit == card.bit]))


@st.composite
def card_texts(draw: st.DrawFn) -> str:
    """Hand text as people type it: any spelling, separators, sometimes cards run together."""
    cards = draw(st.lists(st.sampled_from(ALL_CARDS), max_size=12))
    separators = st.sampled_from([" ", ",", ", ", "  ", "\t", "\n", "", "\u00a0"])
    return "".join(spelled(draw, card) + draw(separators) for card in cards)


def parsed_mask(text) -> int | str:
    try:
        return cards_to_mask(parse_cards(text))
    except AdjudicationError as error:
        return f"{type(error).__name__}: {error}"


def read_mask(text) -> int | str:
    try:
        return hand_mask(text)
    except AdjudicationError as error:
        return f"{type(error).__name__}: {error}"


@MANY
@given(card_texts())
def test_card_text_shortcut_reads_what_the_parser_reads(text: str) -> None:
    assert read_mask(text) == parsed_mask(text)
    assert read_mask(text.split(" ")) == parsed_mask(text.split(" "))


@MANY
@given(st.text(alphabet="AaTt1023456789JjQqKkSsHhDdCc♠♤♥♡♦♢♣♧ ,\ufe0f\t", max_size=40))
def test_any_text_gets_the_parser_s_answer_or_its_error(text: str) -> None:
    assert read_mask(text) == parsed_mask(text)
    assert read_mask(text.split(",")) == parsed_mask(text.split(","))


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=12))
def test_card_lists_with_duplicates_name_the_first_one_given_twice(cards: list[Card]) -> None:
    assert read_mask(cards) == parsed_mask(cards)
    assert read_mask(iter(cards)) == parsed_mask(cards)


@MANY
@given(masks(0, 13))
def test_arrangement_of_search_melds_is_the_checked_arrangement(mask: int) -> None:
    _, melds = best_packing(mask)
    assert arrangement_of(mask, melds) == Arrangement.from_masks(mask, melds)


def plain_packings(mask: int, limit: int, discard: bool) -> list[tuple[tuple[int, ...], int]]:
    """Every packing by the plain walk: the lowest card in each of its melds (in the search's
    order), then as deadwood; the limit checked only at the end of each packing."""
    out: list[tuple[tuple[int, ...], int]] = []

    def walk(rem: int, melds: tuple[int, ...], dead: int) -> None:
        if not rem:
            value = points(dead)
            if discard:
                if not dead:
                    return  # all melded: a discard breaks a meld
                value -= CARD_POINTS[highest_card(dead)]
            if value <= limit:
                out.append((melds, value))
            return
        low = rem & -rem
        for meld in _melds_from(low.bit_length() - 1, rem):
            walk(rem ^ meld, (*melds, meld), dead)
        walk(rem ^ low, melds, dead | low)

    walk(mask, (), 0)
    return out


@MANY
@given(masks(0, 13), st.integers(0, 60), st.booleans())
def test_packings_are_the_plain_walk_s(mask: int, limit: int, discard: bool) -> None:
    """The enumeration works out each branch's meldable cards and forced deadwood before it
    goes down, and prunes there: the same packings, in the same order."""
    assert packings(mask, limit, discard=discard) == plain_packings(mask, limit, discard)
    assert packings(mask, discard=discard) == plain_packings(mask, points(mask), discard)


def draw_knocker_melds(data: st.DataObject, hand: int, *, touching: bool = True) -> list:
    """Up to 3 disjoint melds of cards outside ``hand``; with ``touching``, among those the
    hand can lay off onto (where the solver searches), when there are any."""
    outside = [meld for meld in ALL_MELDS if not meld.mask & hand]
    near = [meld for meld in outside if ENTRY[meld.mask] & (hand | hand << 52)]
    pool = (near if touching else []) or outside
    knocker = []
    used = 0
    for meld in data.draw(st.lists(st.sampled_from(pool), max_size=3)):
        if not meld.mask & used:
            knocker.append(meld)
            used |= meld.mask
    return knocker


@settings(max_examples=300, deadline=None)
@given(masks(10, 10), st.data())
def test_solver_reply_is_best_reply(hand: int, data: st.DataObject) -> None:
    knocker = draw_knocker_melds(data, hand, touching=False)
    cards = [card for card in ALL_CARDS if card.bit & hand]
    expected = best_reply(cards, knocker)
    solver = OpponentSolver(hand)
    assert solver.deadwood(*entries(meld.mask for meld in knocker)) == expected.deadwood_points
    assert solver.reply(knocker) == expected
    assert OpponentSolver(hand).reply(knocker) == expected  # replying before any deadwood


@MANY
@given(masks(10, 10), st.data())
def test_solver_deadwood_of_one_entry_int_is_the_best_reply_s(
    hand: int, data: st.DataObject
) -> None:
    """The knocker's melds as one int (the | of their ENTRY): the same entries as entries()
    gives, and the deadwood of best_reply, on a fresh solver and on one that has answered.
    The melds are drawn among those the hand can lay off onto, where the solver searches."""
    knocker = draw_knocker_melds(data, hand)
    entry = 0
    for meld in knocker:
        entry |= ENTRY[meld.mask]
    run_entry, set_entry = entries(meld.mask for meld in knocker)
    assert entry == run_entry | set_entry << 52
    cards = [card for card in ALL_CARDS if card.bit & hand]
    expected = best_reply(cards, knocker).deadwood_points
    solver = OpponentSolver(hand)
    assert solver.deadwood_of(entry) == expected
    assert solver.deadwood_of(entry) == expected


def plain_assign(laid: int, knocker_melds: list) -> list[Layoff]:
    """Each laid-off card onto one knocker meld, every run's chains walked: runs first, then
    sets, in the order of the knocker's melds."""
    placed: dict[Card, object] = {}
    for meld in knocker_melds:
        if meld.kind is MeldKind.RUN:
            for chain in _run_chains(laid, meld):
                for card in chain:
                    if card in placed:
                        break
                    placed[card] = meld
    for meld in knocker_melds:
        fourth = [card for card in ALL_CARDS if card.bit & laid and card.rank == meld.cards[0].rank]
        if meld.kind is MeldKind.SET and len(meld.cards) == 3 and fourth:
            placed.setdefault(fourth[0], meld)
    order = {meld: n for n, meld in enumerate(knocker_melds)}
    return [Layoff(card, meld) for card, meld in sorted(placed.items(), key=lambda x: order[x[1]])]


@MANY
@given(masks(1, 10), st.data())
def test_layoffs_are_placed_as_by_walking_every_run(hand: int, data: st.DataObject) -> None:
    """_assign skips the runs whose ends take no laid-off card, and answers at once when
    nothing is laid off: the same layoffs, onto the same melds, in the same order."""
    knocker = draw_knocker_melds(data, hand)
    rest = data.draw(st.sampled_from([hand, hand & -hand, hand & (hand - 1), 0]))
    laid = laid_off(rest, *entries(meld.mask for meld in knocker))
    assert _assign(laid, knocker) == plain_assign(laid, knocker)
