"""Adjudicating a knocked deal: legality, both spreads, layoffs and the score.

The rules: /rules/#knocking, /rules/#layoffs and /rules/#scoring.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudication import (
    ALL_CARDS,
    AdjudicationError,
    Basis,
    Card,
    CardInBothHandsError,
    DuplicateCardError,
    IllegalReason,
    Meld,
    Outcome,
    Rules,
    Side,
    Verdict,
    WrongCountError,
    adjudicate,
    analyse_hand,
    best_reply,
    parse_cards,
    score_knock,
    score_quick,
)

# A knocker keeps 5♦ as deadwood to deny the layoff of 6♦ (/rules/#layoffs).
EXAMPLE_KNOCKER = "AS 3S 4S 5S AC 2D 3D 4D 5D 3H"
EXAMPLE_OPPONENT = "2S 3C 4C 5C 6C 6D 2H 4H 5H 6H"
# A knocker with 5 deadwood (5♦): A-2-3♠, 4-5-6♥, three nines.
KNOCKER = "AS 2S 3S 4H 5H 6H 9C 9D 9S 5D"
ALL_MELDED_OPPONENT = "2C 3C 4C 5C 6D 7D 8D JC QC KC"
# An illegal knock: A-2-3♠ and 7-8-9♥ leave A♣ 2♦ 4♣ 5♦ (12) against a 6 upcard.
ILLEGAL = "AS 2S 3S 7H 8H 9H AC 2D 4C 5D"
ILLEGAL_OPPONENT = "6C 7C 8C JD QD KD TS JS QS 2H"


def melds_of(play) -> set[str]:
    return {str(meld) for meld in play.melds}


def texts(cards) -> list[str]:
    return [str(card) for card in cards]


def test_rules_example_keeps_5d_as_deadwood_to_deny_the_6d() -> None:
    verdict = adjudicate(Card.parse("KC"), EXAMPLE_KNOCKER, EXAMPLE_OPPONENT)
    assert verdict.legal and verdict.knock_limit == 10
    assert melds_of(verdict.knocker) == {"3S 4S 5S", "2D 3D 4D"}
    assert texts(verdict.knocker.deadwood) == ["AS", "3H", "5D", "AC"]
    assert verdict.knocker.deadwood_points == 10
    assert [(str(x.card), str(x.onto)) for x in verdict.opponent.layoffs] == [("2S", "3S 4S 5S")]
    assert melds_of(verdict.opponent) == {"3C 4C 5C 6C", "4H 5H 6H"}
    assert texts(verdict.opponent.deadwood) == ["2H", "6D"]
    assert verdict.opponent.deadwood_points == 8
    assert (verdict.outcome, verdict.winner, verdict.points) == (
        Outcome.UNDERCUT,
        Side.OPPONENT,
        12,
    )


def test_rules_example_other_arrangement_would_cost_13() -> None:
    knocker = [Meld.parse("3S 4S 5S"), Meld.parse("2D 3D 4D 5D")]
    reply = best_reply(EXAMPLE_OPPONENT, knocker)
    assert sorted(texts(x.card for x in reply.layoffs)) == ["2S", "6D"]
    assert reply.deadwood_points == 2
    assert score_knock(5, 2).points == 13


@pytest.mark.parametrize(
    ("upcard", "opponent", "outcome", "winner", "points", "opponent_deadwood"),
    [
        # Opponent keeps 5♠ (5): a tie is an undercut, worth the bonus alone.
        ("TC", "2C 3C 4C 6D 7D 8D JC QC KC 5S", Outcome.UNDERCUT, Side.OPPONENT, 10, 5),
        # 8♠ (8) beats 5: the knocker scores the difference.
        ("TC", "2C 3C 4C 6D 7D 8D JC QC KC 8S", Outcome.KNOCK, Side.KNOCKER, 3, 8),
        # Opponent lays 4♠ onto A-2-3♠ and 7♥ onto 4-5-6♥, keeping J♥ Q♦ K♦ 2♣ 3♣: 35 - 5.
        ("TC", "4S 7H 2C KD QD JH 6D 7D 8D 3C", Outcome.KNOCK, Side.KNOCKER, 30, 35),
        # Opponent with no deadwood at all: undercut by 15.
        ("TC", ALL_MELDED_OPPONENT, Outcome.UNDERCUT, Side.OPPONENT, 15, 0),
    ],
)
def test_knock_scores(
    upcard: str, opponent: str, outcome: Outcome, winner: Side, points: int, opponent_deadwood: int
) -> None:
    verdict = adjudicate(Card.parse(upcard), KNOCKER, opponent)
    assert verdict.knocker.deadwood_points == 5
    assert verdict.opponent.deadwood_points == opponent_deadwood
    assert (verdict.outcome, verdict.winner, verdict.points) == (outcome, winner, points)


def test_tie_is_an_undercut() -> None:
    verdict = adjudicate("TC", KNOCKER, "2C 3C 4C 6D 7D 8D JC QC KC 5S")
    assert verdict.knocker.deadwood_points == verdict.opponent.deadwood_points == 5
    assert verdict.outcome is Outcome.UNDERCUT and verdict.winner is Side.OPPONENT


def test_gin_allows_no_layoffs() -> None:
    verdict = adjudicate("TC", "AS 2S 3S 4H 5H 6H 9C 9D 9S 9H", "4S 7H 2C 3C 4C 6D 7D 8D KC QH")
    assert verdict.outcome is Outcome.GIN
    assert verdict.opponent.layoffs == ()
    assert texts(verdict.opponent.deadwood) == ["4S", "7H", "QH", "KC"]
    assert verdict.points == 25 + 31


def test_gin_against_zero_deadwood_still_scores_the_bonus() -> None:
    verdict = adjudicate("TC", "AS 2S 3S 4H 5H 6H 9C 9D 9S 9H", ALL_MELDED_OPPONENT)
    assert (verdict.outcome, verdict.winner, verdict.points) == (Outcome.GIN, Side.KNOCKER, 25)


def test_gin_bonus_variant() -> None:
    verdict = adjudicate("TC", "AS 2S 3S 4H 5H 6H 9C 9D 9S 9H", ALL_MELDED_OPPONENT, Rules(20))
    assert verdict.points == 20


BIG = "AS 2S 3S 4H 5H 6H 7H 9C 9D 9S 9H"
BIG_OPPONENT = "2C 3C 4C 6D 7D 8D KC QC JD 5S"


def test_big_gin_with_the_variant() -> None:
    verdict = adjudicate("TC", BIG, BIG_OPPONENT, Rules(big_gin=True))
    assert verdict.outcome is Outcome.BIG_GIN
    assert verdict.knocker.discard is None
    assert sum(len(m.cards) for m in verdict.knocker.melds) == 11
    assert verdict.points == 31 + 35


def test_eleven_melded_cards_without_the_variant_discard_and_go_gin() -> None:
    verdict = adjudicate("TC", BIG, BIG_OPPONENT)
    assert verdict.outcome is Outcome.GIN
    assert verdict.knocker.discard == Card.parse("9S")  # most points, spades first
    assert verdict.points == 25 + 35


def test_big_gin_holder_takes_plain_gin_when_it_pays_more() -> None:
    verdict = adjudicate("TC", BIG, BIG_OPPONENT, Rules(big_gin=True, big_gin_bonus=20))
    assert verdict.outcome is Outcome.GIN and verdict.points == 25 + 35


@pytest.mark.parametrize(
    ("upcard", "rules", "multiplier"),
    [
        ("TS", Rules(spades_double=True), 2),
        ("TS", Rules(), 1),
        ("TC", Rules(spades_double=True), 1),
    ],
)
def test_spades_double(upcard: str, rules: Rules, multiplier: int) -> None:
    verdict = adjudicate(upcard, KNOCKER, "2C 3C 4C 6D 7D 8D JC QC KC 8S", rules)
    assert verdict.multiplier == multiplier
    assert verdict.points == 3 * multiplier


def test_spades_double_also_doubles_gin() -> None:
    knocker = "AH 2H 3H 4D 5D 6D 9C 9D 9S 9H"
    opponent = "2C 3C 4C 5C JC QC KC 6S 7S 8S"
    verdict = adjudicate("2S", knocker, opponent, Rules(spades_double=True))
    assert verdict.outcome is Outcome.GIN and verdict.points == 50


def test_ace_upcard_sets_the_limit_to_one() -> None:
    knocker = "AS 2S 3S 4H 5H 6H 9C 9D 9S AD"
    verdict = adjudicate("AC", knocker, "2C 3C 4C 6D 7D 8D JC QC KC 5S")
    assert verdict.knock_limit == 1 and verdict.legal
    assert (verdict.outcome, verdict.points) == (Outcome.KNOCK, 4)
    assert not adjudicate("AC", KNOCKER, ALL_MELDED_OPPONENT).legal


def test_ace_means_gin_makes_a_one_point_knock_illegal() -> None:
    rules = Rules(ace_means_gin=True)
    verdict = adjudicate("AC", "AS 2S 3S 4H 5H 6H 9C 9D 9S AD", ALL_MELDED_OPPONENT, rules)
    assert verdict.knock_limit == 0 and not verdict.legal
    assert verdict.reason_text == "deadwood 1 > limit 0"
    gin = adjudicate("AC", "AS 2S 3S 4H 5H 6H 9C 9D 9S 9H", ALL_MELDED_OPPONENT, rules)
    assert gin.legal and gin.outcome is Outcome.GIN


def test_an_illegal_knock_has_no_basis_and_says_why() -> None:
    verdict = adjudicate("6D", ILLEGAL, ILLEGAL_OPPONENT)
    assert (verdict.basis, verdict.reason) == (None, IllegalReason.DEADWOOD_OVER_LIMIT)
    assert (verdict.knocker_deadwood, verdict.knock_limit) == (12, 6)


def test_a_gin_verdict_says_that_layoffs_were_not_allowed() -> None:
    verdict = adjudicate("KC", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "KH KD KC QS QD QC 2D 3D 4D 5C")
    assert verdict.basis is Basis.GIN and not verdict.basis.layoffs_allowed


@pytest.mark.parametrize(
    ("upcard", "rules", "only_gin"),
    [
        ("AS", Rules(ace_means_gin=True), True),
        ("AS", Rules(), False),
        ("2H", Rules(ace_means_gin=True), False),
        (None, Rules(ace_means_gin=True), False),
    ],
)
def test_only_gin_ends_a_deal_whose_knock_limit_is_zero(upcard, rules, only_gin) -> None:
    card = None if upcard is None else Card.parse(upcard)
    assert rules.only_gin(card) is only_gin
    assert only_gin == (rules.knock_limit(card) == 0)


def test_illegal_knock_says_why_and_scores_nothing() -> None:
    verdict = adjudicate("6D", ILLEGAL, ILLEGAL_OPPONENT)
    assert not verdict.legal
    assert verdict.outcome is Outcome.ILLEGAL
    assert verdict.reason is IllegalReason.DEADWOOD_OVER_LIMIT
    assert verdict.reason_text == "deadwood 12 > limit 6"
    assert (verdict.winner, verdict.points, verdict.opponent) == (None, 0, None)
    assert melds_of(verdict.knocker) == {"AS 2S 3S", "7H 8H 9H"}


def test_illegal_eleven_card_knock_shows_the_best_discard() -> None:
    verdict = adjudicate("6D", ILLEGAL + " KC", ILLEGAL_OPPONENT)
    assert not verdict.legal
    assert verdict.knocker.discard == Card.parse("KC")
    assert verdict.reason_text == "deadwood 12 > limit 6"


def test_knocker_keeps_a_meldable_card_to_deny_a_layoff() -> None:
    # A-4♠ (deadwood 6) lets 5♠ go off: 33 - 6 = 27. A-3♠ with 4♠ kept (10) denies it: 38 - 10.
    knocker = "AS 2S 3S 4S 7H 8H 9H 2H 3C AD"
    opponent = "5S 6D 7D 8D KC QC JH TH 4D 9C"
    verdict = adjudicate("TD", knocker, opponent)
    assert melds_of(verdict.knocker) == {"AS 2S 3S", "7H 8H 9H"}
    assert verdict.knocker.deadwood_points == 10
    assert texts(x.card for x in verdict.opponent.layoffs) == ["TH", "JH"]
    assert (verdict.outcome, verdict.points) == (Outcome.KNOCK, 28)
    assert analyse_hand(knocker).arrangement.deadwood_points == 6


def test_eleven_card_knocker_may_discard_a_meld_card_to_deny_a_layoff() -> None:
    # The lowest deadwood discards 3♦ (3 left) but lets 5♠ onto A-4♠: 51 - 3 = 48.
    # Discarding 4♠ leaves 6 and keeps 5♠ in the opponent's hand: 56 - 6 = 50.
    knocker = "AS 2S 3S 4S 7H 8H 9H TH 2H AD 3D"
    opponent = "5S 6D 7D 8D KC QC 4D 9C JD 8C"
    assert analyse_hand(knocker).discard == Card.parse("3D")
    verdict = adjudicate("KD", knocker, opponent)
    assert verdict.knocker.discard == Card.parse("4S")
    assert melds_of(verdict.knocker) == {"AS 2S 3S", "7H 8H 9H TH"}
    assert (verdict.outcome, verdict.points) == (Outcome.KNOCK, 50)


def test_upcard_may_be_in_either_hand() -> None:
    assert adjudicate("5D", KNOCKER, ALL_MELDED_OPPONENT).knock_limit == 5
    assert adjudicate("KC", KNOCKER, ALL_MELDED_OPPONENT).knock_limit == 10


@pytest.mark.parametrize(
    ("knocker", "opponent", "error", "message"),
    [
        (
            KNOCKER[:-3],
            ALL_MELDED_OPPONENT,
            WrongCountError,
            "knocker: expected 10 or 11 cards, got 9",
        ),
        (
            KNOCKER,
            ALL_MELDED_OPPONENT + " TH",
            WrongCountError,
            "opponent: expected 10 cards, got 11",
        ),
        (KNOCKER + " 5D", ALL_MELDED_OPPONENT, DuplicateCardError, "card 5♦ entered twice"),
        (
            KNOCKER,
            "2C 3C 4C 6D 7D 8D JC QC KC 9S",
            CardInBothHandsError,
            "card 9♠ is in both hands",
        ),
    ],
)
def test_rejects_bad_deals(knocker: str, opponent: str, error: type, message: str) -> None:
    with pytest.raises(error, match=f"^{message}$"):
        adjudicate("TC", knocker, opponent)


def test_rejects_card_in_both_hands() -> None:
    with pytest.raises(CardInBothHandsError) as caught:
        adjudicate("TC", KNOCKER, "2C 3C 4C 6D 7D 8D JC QC KC 5D")
    assert caught.value.card == Card.parse("5D")


def test_answer_has_exactly_the_command_line_shape() -> None:
    verdict = adjudicate("TC", KNOCKER, "4S 7H 2C KD QD JH 6D 7D 8D 3C")
    assert verdict.to_dict() == {
        "knock_limit": 10,
        "legal": True,
        "result": "knock",
        "knocker": {
            "discard": None,
            "melds": [["AS", "2S", "3S"], ["4H", "5H", "6H"], ["9S", "9D", "9C"]],
            "deadwood": ["5D"],
            "deadwood_points": 5,
        },
        "opponent": {
            "melds": [["6D", "7D", "8D"]],
            "layoffs": [
                {"card": "4S", "onto": ["AS", "2S", "3S"]},
                {"card": "7H", "onto": ["4H", "5H", "6H"]},
            ],
            "deadwood": ["JH", "QD", "KD", "2C", "3C"],
            "deadwood_points": 35,
        },
        "winner": "knocker",
        "points": 30,
        "multiplier": 1,
        "reason_code": None,
    }


def test_illegal_answer_carries_reason_and_code() -> None:
    answer = adjudicate("6D", ILLEGAL, ILLEGAL_OPPONENT).to_dict()
    assert answer["reason"] == "deadwood 12 > limit 6"
    assert answer["reason_code"] == "deadwood_over_limit"
    assert (answer["opponent"], answer["winner"], answer["points"]) == (None, None, 0)


def test_verdict_does_not_depend_on_card_order() -> None:
    shuffled = list(parse_cards(EXAMPLE_KNOCKER))
    random.Random(3).shuffle(shuffled)
    assert adjudicate("KC", shuffled, EXAMPLE_OPPONENT) == adjudicate(
        "KC", EXAMPLE_KNOCKER, EXAMPLE_OPPONENT
    )


@st.composite
def deals(draw: st.DrawFn) -> tuple[Card, list[Card], list[Card], Rules]:
    pool = [c for c in ALL_CARDS if c.suit.order < 3 and c.rank <= 9]
    cards = draw(st.permutations(pool))
    size = draw(st.sampled_from([10, 11]))
    rules = Rules(big_gin=draw(st.booleans()), spades_double=draw(st.booleans()))
    return draw(st.sampled_from(ALL_CARDS)), cards[:size], cards[size : size + 10], rules


@settings(max_examples=150, deadline=None)
@given(deals())
def test_verdict_round_trips_through_its_dict(deal) -> None:
    verdict = adjudicate(*deal)
    assert Verdict.from_dict(verdict.to_dict()) == verdict


@settings(max_examples=150, deadline=None)
@given(deals())
def test_verdict_is_consistent(deal) -> None:
    upcard, knocker, opponent, rules = deal
    verdict = adjudicate(upcard, knocker, opponent, rules)
    shown = [c for m in verdict.knocker.melds for c in m.cards] + list(verdict.knocker.deadwood)
    if verdict.knocker.discard is not None:
        shown.append(verdict.knocker.discard)
    assert sorted(shown) == sorted(knocker)
    if not verdict.legal:
        assert verdict.knocker.deadwood_points > verdict.knock_limit
        return
    assert verdict.knocker.deadwood_points <= verdict.knock_limit
    score = score_knock(
        verdict.knocker.deadwood_points,
        verdict.opponent.deadwood_points,
        rules,
        multiplier=rules.multiplier(upcard),
        big_gin=verdict.outcome is Outcome.BIG_GIN,
    )
    assert (score.outcome, score.winner, score.points) == (
        verdict.outcome,
        verdict.winner,
        verdict.points,
    )
    if verdict.outcome in (Outcome.GIN, Outcome.BIG_GIN):
        assert verdict.opponent.layoffs == ()


@settings(max_examples=150, deadline=None)
@given(deals())
def test_a_verdict_and_a_quick_verdict_of_its_figures_agree(deal) -> None:
    """A deal entered as cards and the same deal entered as its two deadwood counts are
    judged alike: the figures a page stores for either kind of entry mean the same."""
    upcard, knocker, opponent, rules = deal
    verdict = adjudicate(upcard, knocker, opponent, rules)
    assert verdict.knocker_deadwood == verdict.knocker.deadwood_points
    if not verdict.legal:
        assert verdict.opponent_deadwood is None
        return
    assert verdict.opponent_deadwood == verdict.opponent.deadwood_points
    quick = score_quick(
        upcard,
        verdict.knocker_deadwood,
        verdict.opponent_deadwood,
        rules,
        big_gin=verdict.outcome is Outcome.BIG_GIN,
    )
    same = ("knock_limit", "legal", "outcome", "winner", "points", "multiplier")
    same += ("knocker_deadwood", "opponent_deadwood", "basis")
    assert [getattr(quick, name) for name in same] == [getattr(verdict, name) for name in same]


def test_from_dict_rejects_a_malformed_verdict() -> None:
    answer = adjudicate("TC", KNOCKER, ALL_MELDED_OPPONENT).to_dict()
    del answer["knocker"]
    with pytest.raises(AdjudicationError):
        Verdict.from_dict(answer)
    with pytest.raises(AdjudicationError):
        Verdict.from_dict(
            {**adjudicate("TC", KNOCKER, ALL_MELDED_OPPONENT).to_dict(), "result": "win"}
        )


def test_from_dict_reads_a_plain_command_line_answer() -> None:
    answer = adjudicate("6D", ILLEGAL, ILLEGAL_OPPONENT).to_dict()
    del answer["multiplier"], answer["reason_code"]
    verdict = Verdict.from_dict(answer)
    assert verdict.reason is IllegalReason.DEADWOOD_OVER_LIMIT and verdict.multiplier == 1


@pytest.mark.parametrize("ten", ["TC", "KH", "JD", "QC"])
@pytest.mark.parametrize(
    ("knocker", "opponent"),
    [(EXAMPLE_KNOCKER, EXAMPLE_OPPONENT), (ILLEGAL, ILLEGAL_OPPONENT)],
)
def test_no_upcard_judges_as_a_ten_or_face_card(ten: str, knocker: str, opponent: str) -> None:
    rules = Rules(spades_double=True, ace_means_gin=True)
    assert adjudicate(None, knocker, opponent, rules) == adjudicate(ten, knocker, opponent, rules)


def test_no_upcard_sets_limit_ten_and_no_doubling() -> None:
    rules = Rules(spades_double=True)
    assert (rules.knock_limit(None), rules.multiplier(None)) == (10, 1)
    assert analyse_hand(EXAMPLE_KNOCKER, None, rules).knock_limit == 10
