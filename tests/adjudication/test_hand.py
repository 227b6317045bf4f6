"""A hand of 10 or 11 cards: arrangement, discard, knock limit, knock and gin.

The rules: /rules/#limits and /rules/#knocking.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudication import (
    ALL_CARDS,
    Card,
    DuplicateCardError,
    Rules,
    WrongCountError,
    analyse_hand,
    best_arrangement,
    parse_cards,
)


def card(text: str) -> Card:
    return Card.parse(text)


def melds_of(hand) -> set[str]:
    return {str(meld) for meld in hand.arrangement.melds}


@pytest.mark.parametrize(
    ("upcard", "rules", "limit"),
    [
        (None, Rules(), 10),
        ("AS", Rules(), 1),
        ("2H", Rules(), 2),
        ("6D", Rules(), 6),
        ("9C", Rules(), 9),
        ("TC", Rules(), 10),
        ("JD", Rules(), 10),
        ("QH", Rules(), 10),
        ("KS", Rules(), 10),
        ("AH", Rules(ace_means_gin=True), 0),
        ("2H", Rules(ace_means_gin=True), 2),
        (None, Rules(ace_means_gin=True), 10),
    ],
)
def test_knock_limit_comes_from_the_upcard(upcard: str | None, rules: Rules, limit: int) -> None:
    hand = analyse_hand("AS 2S 3S 4H 5H 6H 7C 7D 7S 9H", upcard and card(upcard), rules)
    assert hand.knock_limit == limit


def test_ten_cards_are_the_hand_after_the_discard() -> None:
    hand = analyse_hand("AS 2S 3S 4H 5H 6H 7C 7D 7S 9H", card("6D"))
    assert hand.discard is None
    assert melds_of(hand) == {"AS 2S 3S", "4H 5H 6H", "7S 7D 7C"}
    assert [str(c) for c in hand.arrangement.deadwood] == ["9H"]
    assert (hand.can_knock, hand.gin, hand.big_gin) == (False, False, False)


@pytest.mark.parametrize(("upcard", "can_knock"), [("9D", True), ("8D", False)])
def test_deadwood_equal_to_the_limit_may_knock(upcard: str, can_knock: bool) -> None:
    hand = analyse_hand("AS 2S 3S 4H 5H 6H 7C 7D 7S 9H", card(upcard))
    assert hand.arrangement.deadwood_points == 9
    assert hand.can_knock is can_knock


def test_eleven_cards_discard_the_card_leaving_least_deadwood() -> None:
    hand = analyse_hand("AS 2S 3S 4H 5H 6H 7C 7D 7S 9H KC", card("9D"))
    assert hand.discard == card("KC")
    assert hand.arrangement.deadwood_points == 9
    assert hand.can_knock


def test_discard_choice_weighs_set_against_run() -> None:
    # 6-7-8♥ leaves 8♠ 8♦ K♠ K♦ 9♣ (35 after the K♠); the eights leave 6♥ 7♥ K♠ K♦ 9♣ (32).
    hand = analyse_hand("6H 7H 8H 8S 8D 2C 3C 4C KS KD 9C")
    assert hand.discard == card("KS")
    assert melds_of(hand) == {"8S 8H 8D", "2C 3C 4C"}
    assert hand.arrangement.deadwood_points == 32


def test_tied_discards_take_highest_rank_then_suit_order() -> None:
    # Melding T-J-Q♠ leaves Q♥ Q♦, melding the queens leaves T♠ J♠: 10 left either way.
    # Q♥, Q♦ and J♠ are all worth 10; the queen outranks the jack; hearts come before diamonds.
    hand = analyse_hand("TS JS QS QH QD 2C 3C 4C 5H 6H 7H")
    assert hand.discard == card("QH")
    assert hand.arrangement.deadwood_points == 10
    assert [str(c) for c in hand.arrangement.deadwood] == ["QD"]
    assert "TS JS QS" in melds_of(hand)


def test_tied_discards_take_the_most_points() -> None:
    # Every discard of 9♠ 9♥ 4♠ A♠ leaves gin; the 9 is worth the most, spades first.
    hand = analyse_hand("AS 2S 3S 4S 5H 6H 7H 9C 9D 9H 9S")
    assert hand.discard == card("9S")
    assert hand.gin and not hand.big_gin


def test_eleven_melded_cards_are_big_gin_with_the_variant() -> None:
    hand = analyse_hand("AS 2S 3S 4S 5H 6H 7H 9C 9D 9H 9S", rules=Rules(big_gin=True))
    assert hand.discard is None
    assert (hand.big_gin, hand.gin, hand.can_knock) == (True, True, True)
    assert len(hand.arrangement.cards) == 11
    assert hand.arrangement.deadwood == ()


def test_eleven_cards_with_deadwood_are_not_big_gin() -> None:
    hand = analyse_hand("AS 2S 3S 4S 5H 6H 7H 9C 9D 9H KS", rules=Rules(big_gin=True))
    assert hand.discard == card("KS")
    assert hand.gin and not hand.big_gin


def test_gin_with_ten_cards() -> None:
    hand = analyse_hand("AS 2S 3S 4H 5H 6H 7C 7D 7S 7H", card("AD"))
    assert hand.gin and hand.can_knock
    assert hand.arrangement.deadwood_points == 0


def test_ace_means_gin_needs_gin_to_knock() -> None:
    rules = Rules(ace_means_gin=True)
    assert not analyse_hand("AS 2S 3S 4H 5H 6H 7C 7D 7S AH", card("AC"), rules).can_knock
    assert analyse_hand("AS 2S 3S 4H 5H 6H 7C 7D 7S 7H", card("AC"), rules).can_knock


def test_upcard_may_be_in_the_hand() -> None:
    hand = analyse_hand("AS 2S 3S 4H 5H 6H 7C 7D 7S 6D", card("6D"))
    assert hand.knock_limit == 6 and hand.can_knock


@pytest.mark.parametrize("count", [0, 3, 9, 12])
def test_rejects_a_hand_of_the_wrong_size(count: int) -> None:
    with pytest.raises(WrongCountError) as caught:
        analyse_hand(ALL_CARDS[:count])
    assert caught.value.expected == (10, 11)
    assert caught.value.got == count
    assert str(caught.value) == f"expected 10 or 11 cards, got {count}"


def test_rejects_a_card_entered_twice_in_a_hand() -> None:
    with pytest.raises(DuplicateCardError, match="card 7♣ entered twice"):
        analyse_hand("AS 2S 3S 4H 5H 6H 7C 7D 7S 7C")


def test_answer_has_exactly_the_command_line_shape() -> None:
    hand = analyse_hand("AS 2S 3S 4H 5H 6H 7C 7D 7S 9H KC", card("6D"))
    assert hand.to_dict() == {
        "knock_limit": 6,
        "melds": [["AS", "2S", "3S"], ["4H", "5H", "6H"], ["7S", "7D", "7C"]],
        "deadwood": ["9H"],
        "deadwood_points": 9,
        "discard": "KC",
        "can_knock": False,
        "gin": False,
    }


def test_answer_mentions_big_gin_only_with_the_variant() -> None:
    cards = "AS 2S 3S 4H 5H 6H 7C 7D 7S 9H"
    assert "big_gin" not in analyse_hand(cards).to_dict()
    assert analyse_hand(cards, rules=Rules(big_gin=True)).to_dict()["big_gin"] is False


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(ALL_CARDS[:13] + ALL_CARDS[26:39]), min_size=11, max_size=11, unique=True
    )
)
def test_eleven_card_discard_is_the_best_of_all_eleven(cards: list[Card]) -> None:
    hand = analyse_hand(cards)
    leftovers = {c: best_arrangement([x for x in cards if x != c]).deadwood_points for c in cards}
    best = min(leftovers.values())
    assert hand.arrangement.deadwood_points == best
    tied = [c for c, value in leftovers.items() if value == best]
    assert hand.discard == max(tied, key=lambda c: (c.points, c.rank, -c.suit.order))
    assert hand.arrangement == best_arrangement([x for x in cards if x != hand.discard])


def test_hand_text_may_be_one_string_or_tokens() -> None:
    assert analyse_hand("AS2S3S 4H5H6H 7C7D7S 9H") == analyse_hand(
        ["AS 2S", "3S", "4H", "5H", "6H", "7C", "7D", "7S", "9H"]
    )
    assert analyse_hand(parse_cards("AS 2S 3S 4H 5H 6H 7C 7D 7S 9H")).arrangement.deadwood
