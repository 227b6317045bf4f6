"""Cards: values, order, and text in and out (/rules/#cards and /rules/#notation)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudication import (
    ALL_CARDS,
    AdjudicationError,
    Card,
    CardTextError,
    DuplicateCardError,
    Rank,
    Suit,
    cards_to_mask,
    format_cards,
    mask_to_cards,
    parse_cards,
    pretty_cards,
)
from adjudication.cards import _SPELT, _parse_piece

hands = st.lists(st.sampled_from(ALL_CARDS), unique=True, max_size=20)


def test_deck_has_52_distinct_cards_in_index_order() -> None:
    assert len(set(ALL_CARDS)) == 52
    assert [card.index for card in ALL_CARDS] == list(range(52))
    assert sorted(ALL_CARDS) == list(ALL_CARDS)


@pytest.mark.parametrize(
    ("text", "points"),
    [("AS", 1), ("2H", 2), ("9D", 9), ("TC", 10), ("JS", 10), ("QH", 10), ("KD", 10)],
)
def test_card_points_follow_rules(text: str, points: int) -> None:
    assert Card.parse(text).points == points


@pytest.mark.parametrize(
    ("text", "index"), [("AS", 0), ("KS", 12), ("AH", 13), ("AD", 26), ("AC", 39), ("KC", 51)]
)
def test_index_is_suit_order_then_rank(text: str, index: int) -> None:
    card = Card.parse(text)
    assert card.index == index
    assert card.bit == 1 << index
    assert Card.from_index(index) == card


def test_cards_order_by_suit_then_rank() -> None:
    assert Card.parse("KS") < Card.parse("AH") < Card.parse("2H") < Card.parse("AD")
    assert max(parse_cards("QC KS AC")) == Card.parse("QC")


def test_equal_cards_are_equal_and_hash_alike() -> None:
    built = Card(Rank.TEN, Suit.HEARTS)
    parsed = Card.parse("10h")
    assert built == parsed
    assert {built: 1}[parsed] == 1


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AS", "AS"),
        ("as", "AS"),
        ("10h", "TH"),
        ("10H", "TH"),
        ("th", "TH"),
        ("Q♥", "QH"),
        ("Q♡", "QH"),
        ("5♦", "5D"),
        ("5♢", "5D"),
        ("k♣", "KC"),
        ("K♧", "KC"),
        ("J♠", "JS"),
        ("J♤", "JS"),
        ("♤A", "AS"),
        ("♥10", "TH"),
        ("Q♥\ufe0f", "QH"),
        ("  7c ", "7C"),
    ],
)
def test_parse_accepts_every_notation(text: str, canonical: str) -> None:
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("text", ["1X", "1H", "11S", "ZS", "A", "AX", "", "7h8h", "10", "♥"])
def test_parse_rejects_what_is_not_one_card(text: str) -> None:
    with pytest.raises(CardTextError) as caught:
        Card.parse(text)
    assert caught.value.token == text


def test_unknown_card_message_names_the_token() -> None:
    with pytest.raises(CardTextError, match=r"^unknown card '1X'$"):
        parse_cards("AS 1X 3S")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("7h8h9h", "7H 8H 9H"),
        ("7h 8h 9h", "7H 8H 9H"),
        ("7h,8h,9h", "7H 8H 9H"),
        ("7h, 8h ,9h", "7H 8H 9H"),
        ("10♥ j♥ Q♥", "TH JH QH"),
        ("10♥J♥Q♥", "TH JH QH"),
        ("♤A♤2", "AS 2S"),
        ("KS\tqd\nac", "KS QD AC"),
        ("", ""),
    ],
)
def test_parse_cards_accepts_any_separators(text: str, canonical: str) -> None:
    assert format_cards(parse_cards(text)) == canonical


def test_parse_cards_keeps_input_order() -> None:
    assert format_cards(parse_cards("KC AS 5H")) == "KC AS 5H"


def test_parse_cards_takes_tokens_holding_several_cards() -> None:
    assert format_cards(parse_cards(["7h8h", "9h", "10s, js"])) == "7H 8H 9H TS JS"


def test_parse_cards_passes_card_objects_through() -> None:
    assert parse_cards([Card.parse("AS"), "2s"]) == parse_cards("AS 2S")


@pytest.mark.parametrize(("text", "token"), [("7h8hxx", "xx"), ("AS, 1X", "1X"), ("7H 99", "99")])
def test_parse_cards_names_the_bad_token(text: str, token: str) -> None:
    with pytest.raises(CardTextError) as caught:
        parse_cards(text)
    assert caught.value.token == token


def test_parse_cards_rejects_a_non_text_token() -> None:
    with pytest.raises(CardTextError):
        parse_cards(["AS", 7])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("text", "card", "label"),
    [("7h 7H", "7H", "7♥"), ("7h8h7♥", "7H", "7♥"), ("10h JS th", "TH", "10♥")],
)
def test_rejects_card_entered_twice(text: str, card: str, label: str) -> None:
    with pytest.raises(DuplicateCardError, match=f"^card {label} entered twice$") as caught:
        parse_cards(text)
    assert caught.value.card == Card.parse(card)


def test_card_errors_are_value_errors() -> None:
    for error in (CardTextError("x"), DuplicateCardError(Card.parse("AS"))):
        assert isinstance(error, AdjudicationError)
        assert isinstance(error, ValueError)


@pytest.mark.parametrize(
    ("text", "label"), [("TH", "10♥"), ("AS", "A♠"), ("QD", "Q♦"), ("2C", "2♣")]
)
def test_label_uses_suit_symbols_and_10(text: str, label: str) -> None:
    assert Card.parse(text).label == label


def test_pretty_cards_shows_symbols() -> None:
    assert pretty_cards(parse_cards("TH JH QH")) == "10♥ J♥ Q♥"


def test_suit_symbols() -> None:
    assert [suit.symbol for suit in Suit] == ["♠", "♥", "♦", "♣"]


def test_rank_text_and_label_differ_only_for_ten() -> None:
    differing = [rank for rank in Rank if rank.text != rank.label]
    assert differing == [Rank.TEN]
    assert "".join(rank.text for rank in Rank) == "A23456789TJQK"


def test_from_index_rejects_out_of_range() -> None:
    with pytest.raises(AdjudicationError):
        Card.from_index(52)


def test_mask_to_cards_rejects_a_mask_beyond_the_deck() -> None:
    with pytest.raises(AdjudicationError):
        mask_to_cards(1 << 52)


def test_cards_to_mask_rejects_duplicates() -> None:
    with pytest.raises(DuplicateCardError):
        cards_to_mask([Card.parse("AS"), Card.parse("AS")])


@given(hands)
def test_canonical_text_round_trips(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)


@given(hands)
def test_pretty_text_round_trips(cards: list[Card]) -> None:
    assert parse_cards(pretty_cards(cards)) == tuple(cards)


@given(hands)
def test_text_without_separators_round_trips(cards: list[Card]) -> None:
    assert parse_cards("".join(str(card).lower() for card in cards)) == tuple(cards)


@given(hands)
def test_mask_round_trips_in_index_order(cards: list[Card]) -> None:
    assert mask_to_cards(cards_to_mask(cards)) == tuple(sorted(cards))


@given(st.sampled_from(ALL_CARDS))
def test_single_card_text_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.label) == card
    assert eval(repr(card), {"Card": Card}) == card


def test_every_spelling_looked_up_reads_as_the_parser_reads_it() -> None:
    # parse_cards looks up a card written on its own; the regex reads everything else.
    for spelling, card in _SPELT.items():
        assert _parse_piece(spelling) == [card]
        assert parse_cards([spelling]) == parse_cards(f" {spelling},") == (card,)
    for card in ALL_CARDS:
        assert _SPELT[card.text] is _SPELT[card.text.lower()] is _SPELT[card.label] is card
