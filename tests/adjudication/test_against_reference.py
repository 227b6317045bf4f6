"""Property tests: the engine against the brute-force reference, on random hands and deals.

Uniformly random hands rarely hold melds, let alone layoffs, so most strategies draw from a
small pool (a few suits and a window of adjacent ranks) where melds and layoffs are common.
Besides agreeing on the numbers, every play the engine returns must be a real one: valid,
disjoint melds that cover exactly the cards not in deadwood, and layoffs that fit their meld.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from hypothesis import HealthCheck, event, given, settings, target
from hypothesis import strategies as st

from adjudication import (
    ALL_MELDS,
    Card,
    Rules,
    adjudicate,
    analyse_hand,
    arrangements,
    best_arrangement,
    best_reply,
)

from . import reference as ref

DECK: tuple[ref.RefCard, ...] = tuple((rank, suit) for suit in ref.SUITS for rank in range(1, 14))
TENS_AND_FACES = tuple(card for card in DECK if card[0] >= 10)
_MELD_BY_CARDS = {frozenset(meld.cards): meld for meld in ALL_MELDS}

FAST = settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(deadline=None, max_examples=200, suppress_health_check=[HealthCheck.too_slow])


def to_engine(cards: Iterable[ref.RefCard]) -> tuple[Card, ...]:
    return tuple(Card.parse(ref.text(card)) for card in cards)


def to_ref(cards: Iterable[Card]) -> list[ref.RefCard]:
    return [(int(card.rank), card.suit.value) for card in cards]


def engine_meld(cards: Iterable[ref.RefCard]):
    return _MELD_BY_CARDS[frozenset(to_engine(cards))]


# --- strategies ------------------------------------------------------------------------------


def distinct(pool: Iterable[ref.RefCard], count: int) -> st.SearchStrategy[list[ref.RefCard]]:
    """``count`` distinct cards from ``pool``, in drawing order."""
    pool = sorted(set(pool))
    if count == 0:
        return st.just([])
    if len(pool) < 2 * count:  # drawing most of a small pool: shuffle it instead
        return st.permutations(pool).map(lambda cards: list(cards[:count]))
    return st.lists(st.sampled_from(pool), min_size=count, max_size=count, unique=True)


def uniform_cards(count: int) -> st.SearchStrategy[list[ref.RefCard]]:
    """``count`` distinct cards from the whole deck."""
    return distinct(DECK, count)


@st.composite
def meld_rich_cards(draw: st.DrawFn, count: int) -> list[ref.RefCard]:
    """``count`` distinct cards from a few suits and a narrow window of adjacent ranks."""
    suit_count = draw(st.integers(max(1, -(-count // 13)), 4))
    narrowest = max(3, -(-count // suit_count))
    width = draw(st.integers(narrowest, min(13, narrowest + 2)))
    suits = draw(st.permutations(ref.SUITS))[:suit_count]
    low = draw(st.integers(1, 14 - width))
    return draw(
        distinct([(rank, suit) for suit in suits for rank in range(low, low + width)], count)
    )


def hands(count: int) -> st.SearchStrategy[list[ref.RefCard]]:
    return st.one_of(meld_rich_cards(count), meld_rich_cards(count), uniform_cards(count))


# Sets of 3 and 4, and runs of 3 to 5 (longer runs are rarer in play and add little).
SHORT_MELDS: tuple[tuple[ref.RefCard, ...], ...] = tuple(
    [
        tuple((rank, suit) for suit in suits)
        for rank in range(1, 14)
        for size in (3, 4)
        for suits in itertools.combinations(ref.SUITS, size)
    ]
    + [
        tuple((rank, suit) for rank in range(low, low + length))
        for suit in ref.SUITS
        for length in (3, 4, 5)
        for low in range(1, 15 - length)
    ]
)


def _near(card: ref.RefCard, others: Iterable[ref.RefCard]) -> bool:
    """Whether ``card`` could join a meld with one of ``others`` (same rank, or suit nearby)."""
    return any(
        card[0] == other[0] or (card[1] == other[1] and abs(card[0] - other[0]) <= 2)
        for other in others
    )


@st.composite
def knocking_deals(draw: st.DrawFn) -> tuple[list[ref.RefCard], list[ref.RefCard]]:
    """A knocker of 10 or 11 cards built from melds and low cards, and an opponent of 10 who
    holds several cards next to the knocker's (so layoffs and undercuts are common)."""
    size = draw(st.sampled_from([10, 11]))
    knocker: list[ref.RefCard] = []
    for _ in range(draw(st.integers(1, 4))):
        meld = draw(st.sampled_from(SHORT_MELDS))
        if len(knocker) + len(meld) <= size and not set(meld) & set(knocker):
            knocker += meld
    top = draw(st.integers(3, 9))  # fillers up to this rank: higher ones invite undercuts
    fillers = [card for card in DECK if card[0] <= top and card not in knocker]
    knocker += draw(distinct(fillers, size - len(knocker)))
    opponent: list[ref.RefCard] = []
    for _ in range(draw(st.integers(0, 4))):
        meld = draw(st.sampled_from(SHORT_MELDS))
        if len(opponent) + len(meld) <= 10 and not set(meld) & set(knocker + opponent):
            opponent += meld
    free = [card for card in DECK if card not in knocker + opponent]
    if draw(st.booleans()):  # low cards keep the opponent's deadwood down: undercuts
        low = [card for card in free if card[0] <= 3]
        opponent += draw(distinct(low, draw(st.integers(0, min(len(low), 10 - len(opponent))))))
    near = [card for card in free if _near(card, knocker) and card not in opponent]
    opponent += draw(distinct(near, draw(st.integers(0, min(len(near), 10 - len(opponent))))))
    rest = [card for card in free if card not in opponent]
    opponent += draw(distinct(rest, 10 - len(opponent)))
    return knocker, opponent


upcards = st.one_of(st.sampled_from(DECK), st.sampled_from(TENS_AND_FACES))


@st.composite
def rule_sets(draw: st.DrawFn) -> dict:
    """Keyword arguments shared by ``Rules`` and ``RefRules``: the defaults or any variants."""
    if draw(st.booleans()):
        return {}
    return {
        "gin_bonus": draw(st.sampled_from([20, 25])),
        "undercut_bonus": draw(st.sampled_from([10, 15, 20, 25])),
        "big_gin": draw(st.booleans()),
        "big_gin_bonus": draw(st.sampled_from([31, 50])),
        "ace_means_gin": draw(st.booleans()),
        "spades_double": draw(st.booleans()),
    }


# --- invariants ------------------------------------------------------------------------------


def assert_valid_arrangement(cards: Iterable[Card], melds, deadwood, deadwood_points: int) -> None:
    """The melds and deadwood split ``cards`` exactly, and the points add up."""
    problems = ref.partition_problems(
        to_ref(cards), [to_ref(meld.cards) for meld in melds], to_ref(deadwood)
    )
    assert not problems, problems
    assert deadwood_points == sum(card.points for card in deadwood)


def assert_valid_reply(opponent: Iterable[Card], knocker_melds, play) -> None:
    """Each laid-off card fits its knocker meld (chain-wise); the rest is melds + deadwood."""
    problems = ref.layoff_problems(
        [to_ref(meld.cards) for meld in knocker_melds],
        [(to_ref([lay.card])[0], to_ref(lay.onto.cards)) for lay in play.layoffs],
    )
    assert not problems, problems
    opponent = list(opponent)
    laid = [lay.card for lay in play.layoffs]
    assert set(laid) <= set(opponent)
    rest = [card for card in opponent if card not in laid]
    assert_valid_arrangement(rest, play.melds, play.deadwood, play.deadwood_points)


# --- hands -----------------------------------------------------------------------------------


@FAST
@given(hands(10))
def test_ten_card_deadwood_matches_reference(cards: list[ref.RefCard]) -> None:
    hand = to_engine(cards)
    arrangement = best_arrangement(hand)
    assert arrangement.deadwood_points == ref.min_deadwood(cards)
    assert_valid_arrangement(
        hand, arrangement.melds, arrangement.deadwood, arrangement.deadwood_points
    )


@settings(deadline=None, max_examples=150)
@given(st.integers(0, 12).flatmap(hands))
def test_any_size_hand_deadwood_matches_reference(cards: list[ref.RefCard]) -> None:
    hand = to_engine(cards)
    arrangement = best_arrangement(hand)
    assert arrangement.deadwood_points == ref.min_deadwood(cards)
    assert_valid_arrangement(
        hand, arrangement.melds, arrangement.deadwood, arrangement.deadwood_points
    )


@FAST
@given(hands(10), st.integers(0, 40))
def test_arrangements_within_limit_match_reference(
    cards: list[ref.RefCard], max_deadwood: int
) -> None:
    hand = to_engine(cards)
    found = []
    for arrangement in arrangements(hand, max_deadwood):
        assert arrangement.deadwood_points <= max_deadwood
        assert_valid_arrangement(
            hand, arrangement.melds, arrangement.deadwood, arrangement.deadwood_points
        )
        found.append(frozenset(frozenset(to_ref(meld.cards)) for meld in arrangement.melds))
    hand_set = frozenset(cards)
    expected = {
        frozenset(packing)
        for packing in ref.packings(hand_set)
        if ref.total(hand_set.difference(*packing)) <= max_deadwood
    }
    assert len(found) == len(set(found)), "an arrangement is listed twice"
    assert set(found) == expected


@FAST
@given(hands(10), upcards, rule_sets())
def test_ten_card_analysis_matches_reference(
    cards: list[ref.RefCard], upcard: ref.RefCard, rules: dict
) -> None:
    analysis = analyse_hand(to_engine(cards), to_engine([upcard])[0], Rules(**rules))
    deadwood = ref.min_deadwood(cards)
    limit = ref.knock_limit(upcard, rules.get("ace_means_gin", False))
    assert analysis.discard is None
    assert analysis.arrangement.deadwood_points == deadwood
    assert analysis.knock_limit == limit
    assert (analysis.can_knock, analysis.gin) == (deadwood <= limit, deadwood == 0)
    assert not analysis.big_gin
    arrangement = analysis.arrangement
    assert_valid_arrangement(
        to_engine(cards), arrangement.melds, arrangement.deadwood, arrangement.deadwood_points
    )


@FAST
@given(hands(11), upcards, rule_sets())
def test_eleven_card_best_discard_matches_reference(
    cards: list[ref.RefCard], upcard: ref.RefCard, rules: dict
) -> None:
    analysis = analyse_hand(to_engine(cards), to_engine([upcard])[0], Rules(**rules))
    limit = ref.knock_limit(upcard, rules.get("ace_means_gin", False))
    arrangement = analysis.arrangement
    assert analysis.knock_limit == limit
    if rules.get("big_gin") and ref.min_deadwood(cards) == 0:
        assert analysis.discard is None
        assert analysis.big_gin and analysis.gin and analysis.can_knock
        assert arrangement.deadwood_points == 0
        kept = to_engine(cards)
    else:
        deadwood, discard = ref.best_discard(cards)
        assert analysis.discard is not None
        assert (to_ref([analysis.discard])[0], arrangement.deadwood_points) == (discard, deadwood)
        assert (analysis.can_knock, analysis.gin) == (deadwood <= limit, deadwood == 0)
        assert not analysis.big_gin
        kept = tuple(card for card in to_engine(cards) if card != analysis.discard)
    assert_valid_arrangement(
        kept, arrangement.melds, arrangement.deadwood, arrangement.deadwood_points
    )


# --- the opponent's reply --------------------------------------------------------------------


@FAST
@given(st.one_of(meld_rich_cards(20), meld_rich_cards(20), uniform_cards(20)), st.data())
def test_opponent_reply_matches_reference(cards: list[ref.RefCard], data: st.DataObject) -> None:
    knocker, opponent = cards[:10], cards[10:]
    packings = ref.packings(frozenset(knocker))
    chosen = data.draw(st.sampled_from(packings), label="knocker melds")
    melds = [engine_meld(meld) for meld in chosen]
    hand = to_engine(opponent)

    play = best_reply(hand, melds)
    assert play.deadwood_points == ref.best_reply(opponent, chosen).deadwood
    assert_valid_reply(hand, melds, play)

    alone = best_reply(hand, melds, allow_layoffs=False)
    assert alone.layoffs == ()
    assert alone.deadwood_points == ref.min_deadwood(opponent)
    assert_valid_reply(hand, melds, alone)


# --- whole deals -----------------------------------------------------------------------------


def check_deal(
    upcard: ref.RefCard, knocker: list[ref.RefCard], opponent: list[ref.RefCard], rules: dict
) -> ref.RefVerdict:
    """Compare the engine's verdict with the reference's, and check it explains itself."""
    expected = ref.adjudicate(upcard, knocker, opponent, ref.RefRules(**rules))
    hand, opp = to_engine(knocker), to_engine(opponent)
    verdict = adjudicate(to_engine([upcard])[0], hand, opp, Rules(**rules))
    event(f"outcome {expected.outcome}")

    assert (verdict.knock_limit, verdict.legal, verdict.multiplier) == (
        expected.limit,
        expected.legal,
        expected.multiplier,
    )
    winner = None if verdict.winner is None else verdict.winner.value
    assert (verdict.outcome.value, winner, verdict.points) == (
        expected.outcome,
        expected.winner,
        expected.points,
    )
    play = verdict.knocker
    assert play.deadwood_points == expected.knocker_deadwood
    kept = [card for card in hand if card != play.discard]
    if len(hand) == 11 and expected.outcome != "big_gin":
        assert play.discard in hand
    else:
        assert play.discard is None
    assert_valid_arrangement(kept, play.melds, play.deadwood, play.deadwood_points)

    if not expected.legal:
        assert verdict.opponent is None
        if len(hand) == 11:
            assert to_ref([play.discard])[0] == expected.discard
        return expected
    assert play.deadwood_points <= expected.limit
    assert verdict.opponent is not None
    assert verdict.opponent.deadwood_points == expected.opponent_deadwood
    assert_valid_reply(opp, play.melds, verdict.opponent)
    gin = play.deadwood_points == 0
    if gin:
        assert verdict.opponent.layoffs == ()
    # The reply shown is the opponent's best against the arrangement shown, and it is priced.
    reply = ref.best_reply(opponent, [to_ref(m.cards) for m in play.melds], layoffs=not gin)
    assert verdict.opponent.deadwood_points == reply.deadwood
    _, signed = ref.score(
        play.deadwood_points,
        reply.deadwood,
        ref.RefRules(**rules),
        big_gin=verdict.outcome.value == "big_gin",
    )
    assert verdict.points == abs(signed) * expected.multiplier
    return expected


@settings(deadline=None, max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(knocking_deals(), upcards, rule_sets())
def test_knocking_deal_matches_reference(
    deal: tuple[list[ref.RefCard], list[ref.RefCard]], upcard: ref.RefCard, rules: dict
) -> None:
    expected = check_deal(upcard, deal[0], deal[1], rules)
    if expected.opponent_deadwood is not None:
        # Steer generation towards close deals, where undercuts and ties live.
        target(expected.knocker_deadwood - expected.opponent_deadwood, label="K - O")


@SLOW
@given(st.booleans(), meld_rich_cards(21), upcards, rule_sets())
def test_meld_rich_deal_matches_reference(
    eleven: bool, cards: list[ref.RefCard], upcard: ref.RefCard, rules: dict
) -> None:
    size = 11 if eleven else 10
    check_deal(upcard, cards[:size], cards[size : size + 10], rules)


@SLOW
@given(st.booleans(), meld_rich_cards(10), meld_rich_cards(21), upcards, rule_sets())
def test_deal_with_independent_hands_matches_reference(
    eleven: bool,
    knocker_pick: list[ref.RefCard],
    spare: list[ref.RefCard],
    upcard: ref.RefCard,
    rules: dict,
) -> None:
    # The knocker's hand comes from its own narrow pool; the opponent's is drawn elsewhere.
    knocker = list(knocker_pick)
    if eleven:
        knocker.append(next(card for card in spare + list(DECK) if card not in knocker))
    opponent = [card for card in spare + list(DECK) if card not in knocker][:10]
    check_deal(upcard, knocker, opponent, rules)


@settings(deadline=None, max_examples=100)
@given(st.booleans(), uniform_cards(21), upcards, rule_sets())
def test_random_deal_matches_reference(
    eleven: bool, cards: list[ref.RefCard], upcard: ref.RefCard, rules: dict
) -> None:
    size = 11 if eleven else 10
    check_deal(upcard, cards[:size], cards[size : size + 10], rules)
