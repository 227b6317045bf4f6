"""Melds, arrangements and the lowest-deadwood search (/rules/#melds)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudication import (
    ALL_CARDS,
    ALL_MELDS,
    AdjudicationError,
    Card,
    Meld,
    MeldKind,
    arrangements,
    best_arrangement,
    parse_cards,
)

# Cards from three suits and six adjacent ranks: melds and conflicts between them are common.
POOL = [card for card in ALL_CARDS if card.suit.order < 3 and 3 <= card.rank <= 8]
rich_hands = st.lists(st.sampled_from(POOL), min_size=10, max_size=10, unique=True)
any_hands = st.lists(st.sampled_from(ALL_CARDS), min_size=10, max_size=11, unique=True)


def meld_texts(melds: tuple[Meld, ...]) -> set[str]:
    return {str(meld) for meld in melds}


def test_there_are_65_sets_and_264_runs() -> None:
    kinds = [meld.kind for meld in ALL_MELDS]
    assert kinds.count(MeldKind.SET) == 65
    assert kinds.count(MeldKind.RUN) == 264
    assert len({meld.mask for meld in ALL_MELDS}) == 329


@pytest.mark.parametrize(
    ("text", "kind", "canonical"),
    [
        ("7S 5S 6S", MeldKind.RUN, "5S 6S 7S"),
        ("AH 2H 3H", MeldKind.RUN, "AH 2H 3H"),
        ("JD QD KD", MeldKind.RUN, "JD QD KD"),
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", MeldKind.RUN, None),
        ("9C 9S 9D", MeldKind.SET, "9S 9D 9C"),
        ("KC KD KH KS", MeldKind.SET, "KS KH KD KC"),
    ],
)
def test_meld_sorts_its_cards_and_knows_its_kind(text: str, kind: MeldKind, canonical) -> None:
    meld = Meld.parse(text)
    assert meld.kind is kind
    assert str(meld) == (canonical or text)


@pytest.mark.parametrize(
    "text",
    ["QS KS AS", "KS AS 2S", "5S 6S", "5S 6H 7S", "5S 6S 8S", "9S 9H", "9S 9H 9D 8D", "AS"],
)
def test_rejects_cards_that_are_no_meld(text: str) -> None:
    with pytest.raises(AdjudicationError, match="not a meld"):
        Meld.parse(text)


def test_meld_label_uses_symbols() -> None:
    assert Meld.parse("TH JH QH").label == "10♥ J♥ Q♥"


@pytest.mark.parametrize(
    ("hand", "melds", "deadwood"),
    [
        # The ace is low: A-2-3 is a run, Q-K-A is not.
        ("AS 2S 3S 5H 7H 9H JC KD 4D 8C", {"AS 2S 3S"}, 53),
        ("QS KS AS 5H 7H 9H JC 2D 4D 8C", set(), 66),
        # A card in a set and a run: the cheaper leftover decides.
        ("5S 6S 7S 7H 7D 2C 4C 9H JD KD", {"7S 7H 7D"}, 46),
        ("TS JS QS QH QD 2C 4C 9H 5D 8C", {"TS JS QS"}, 48),
        ("4S 5S 6S 6H 6D AC 2D 9C 8H 3H", {"6S 6H 6D"}, 32),
        # Four of a kind is one meld; a fourth card next to a run still fits the run.
        ("8S 8H 8D 8C 2S 3S 4S KH QC JD", {"8S 8H 8D 8C", "2S 3S 4S"}, 30),
        ("8S 8H 8D 8C 9C TC 4S KH QD JD", {"8S 8H 8D", "8C 9C TC"}, 34),
        # Sets and runs through the same cards: three runs beat three sets only by what's left.
        ("3S 4S 5S 3H 4H 5H 3D 4D 5D 9C", {"3S 4S 5S", "3H 4H 5H", "3D 4D 5D"}, 9),
        # A long run beats two sets through it.
        ("5S 6S 7S 8S 9S 5H 5D 9H 9D KC", {"5S 5H 5D", "6S 7S 8S", "9S 9H 9D"}, 10),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", {"AS 2S 3S 4S 5S 6S 7S 8S 9S TS"}, 0),
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC", {"AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC"}, 0),
    ],
)
def test_best_arrangement_finds_lowest_deadwood(hand: str, melds: set[str], deadwood: int) -> None:
    arrangement = best_arrangement(hand)
    assert arrangement.deadwood_points == deadwood
    assert meld_texts(arrangement.melds) == melds


def test_deadwood_is_listed_in_index_order() -> None:
    arrangement = best_arrangement("KC 2H AS 2S 3S QD")
    assert [str(card) for card in arrangement.deadwood] == ["2H", "QD", "KC"]


def test_best_arrangement_of_no_cards_is_empty() -> None:
    arrangement = best_arrangement([])
    assert arrangement.melds == () and arrangement.deadwood == ()


def test_arrangements_include_those_leaving_meldable_cards_unmelded() -> None:
    found = {frozenset(meld_texts(a.melds)) for a in arrangements("2D 3D 4D 5D 9S", 14)}
    assert found == {
        frozenset({"2D 3D 4D 5D"}),
        frozenset({"2D 3D 4D"}),
        frozenset({"3D 4D 5D"}),
    }
    assert frozenset() in {frozenset(meld_texts(a.melds)) for a in arrangements("2D 3D 4D", 9)}


def test_arrangements_respect_the_limit() -> None:
    hand = "5S 6S 7S 7H 7D 2C 4C 9H JD KD"
    assert sorted(a.deadwood_points for a in arrangements(hand, 100)) == [46, 49, 67]
    assert sorted(a.deadwood_points for a in arrangements(hand, 48)) == [46]
    assert list(arrangements(hand, 45)) == []


def test_arrangements_list_each_choice_once() -> None:
    listed = [frozenset(meld_texts(a.melds)) for a in arrangements("7S 7H 7D 7C 8C 9C", 60)]
    assert len(listed) == len(set(listed))
    # No meld; the 4-set; four 3-sets; the run; the run with the 3-set beside it.
    assert len(listed) == 1 + 1 + 4 + 1 + 1


def test_search_tie_break_is_fixed() -> None:
    # Q-Q-Q or T-J-Q of spades both leave 20: the run (through the lowest card) is kept.
    first = best_arrangement("TS JS QS QH QD")
    assert meld_texts(first.melds) == {"TS JS QS"}
    assert best_arrangement(reversed(parse_cards("TS JS QS QH QD"))) == first


def check_partition(cards: list[Card], melds: tuple[Meld, ...], deadwood: tuple[Card, ...]) -> None:
    placed = [card for meld in melds for card in meld.cards] + list(deadwood)
    assert sorted(placed) == sorted(cards)
    assert list(deadwood) == sorted(deadwood)


@settings(max_examples=150, deadline=None)
@given(rich_hands)
def test_best_arrangement_is_the_lowest_of_all_arrangements(cards: list[Card]) -> None:
    best = best_arrangement(cards)
    check_partition(cards, best.melds, best.deadwood)
    every = list(arrangements(cards, 200))
    assert best.deadwood_points == min(a.deadwood_points for a in every)
    assert best in every


@settings(max_examples=100, deadline=None)
@given(rich_hands, st.integers(0, 40))
def test_every_arrangement_is_a_valid_partition_within_the_limit(
    cards: list[Card], limit: int
) -> None:
    for arrangement in arrangements(cards, limit):
        check_partition(cards, arrangement.melds, arrangement.deadwood)
        assert arrangement.deadwood_points <= limit


@given(any_hands)
def test_best_arrangement_does_not_depend_on_input_order(cards: list[Card]) -> None:
    assert best_arrangement(cards) == best_arrangement(sorted(cards, reverse=True))
