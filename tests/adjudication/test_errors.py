"""The engine's errors: one class per cause, each carrying the values that caused it."""

from __future__ import annotations

import inspect

import pytest

import adjudication
from adjudication import (
    AdjudicationError,
    BigGinDeadwoodError,
    Card,
    CardIndexError,
    DealPointsError,
    DealResult,
    DrawPointsError,
    FieldTypeError,
    HandMaskError,
    MatchError,
    Meld,
    MeldMaskError,
    MissingKeyError,
    MultiplierError,
    NegativeDeadwoodError,
    NotAMeldError,
    NotASeatError,
    RequestError,
    RequestTypeError,
    RuleRangeError,
    Rules,
    RulesError,
    RulesTypeError,
    RuleTypeError,
    UnknownKeyError,
    UnknownRequestError,
    UnknownRuleError,
    Verdict,
    VerdictFormatError,
    answer,
    mask_to_cards,
    parse_cards,
    play_match,
    score_knock,
)
from adjudication.melds import melds_from_masks

HAND = "AS 2S 3S 4H 5H 6H 7C 7D 7S 9H"


def raised(call, *args, **kwargs) -> AdjudicationError:
    with pytest.raises(AdjudicationError) as caught:
        call(*args, **kwargs)
    return caught.value


def engine_errors() -> list[type[AdjudicationError]]:
    return [
        value
        for value in vars(adjudication.errors).values()
        if inspect.isclass(value) and issubclass(value, AdjudicationError)
    ]


def test_every_error_is_a_value_error_exported_and_documented() -> None:
    errors = engine_errors()
    assert len(errors) > 20
    for error in errors:
        assert issubclass(error, ValueError)
        assert getattr(adjudication, error.__name__) is error
        assert error.__name__ in adjudication.__all__
        assert error.__doc__ and error.__doc__.strip()


def test_an_illegal_knock_is_a_verdict_not_an_error() -> None:
    assert not hasattr(adjudication, "IllegalKnockError")
    opponent = "6C 7C 8C JD QD KD TS JS QS 2H"
    verdict = adjudication.adjudicate("6D", "AS 2S 3S 7H 8H 9H AC 2D 4C 5D", opponent)
    assert (verdict.legal, verdict.reason_text) == (False, "deadwood 12 > limit 6")


def test_card_index_error_holds_the_index() -> None:
    error = raised(Card.from_index, 52)
    assert type(error) is CardIndexError and error.index == 52
    assert str(error) == "card index 52 is not in 0..51"


def test_hand_mask_error_holds_the_mask() -> None:
    error = raised(mask_to_cards, 1 << 52)
    assert type(error) is HandMaskError and error.mask == 1 << 52
    assert str(error) == f"not a hand mask: {1 << 52}"


def test_not_a_meld_error_holds_the_cards() -> None:
    error = raised(Meld, parse_cards("QS KS AS"))
    assert type(error) is NotAMeldError and error.cards == parse_cards("QS KS AS")
    assert str(error) == "not a meld: Q♠ K♠ A♠"


@pytest.mark.parametrize("call", [Meld.from_mask, lambda mask: melds_from_masks([0b111, mask])])
def test_meld_mask_error_holds_the_mask(call) -> None:
    error = raised(call, 0b1011)
    assert type(error) is MeldMaskError and error.mask == 0b1011
    assert str(error) == "not a meld mask: 11"


@pytest.mark.parametrize(
    ("kwargs", "rule", "value", "expected", "message"),
    [
        ({"big_gin": 1}, "big_gin", 1, bool, "rule 'big_gin' must be true or false, got 1"),
        (
            {"target": "100"},
            "target",
            "100",
            int,
            "rule 'target' must be a whole number, got '100'",
        ),
        (
            {"gin_bonus": True},
            "gin_bonus",
            True,
            int,
            "rule 'gin_bonus' must be a whole number, got True",
        ),
    ],
)
def test_rule_type_error_holds_the_rule_value_and_type(
    kwargs, rule, value, expected, message
) -> None:
    error = raised(Rules, **kwargs)
    assert type(error) is RuleTypeError and isinstance(error, RulesError)
    assert (error.rule, error.value, error.expected) == (rule, value, expected)
    assert str(error) == message


@pytest.mark.parametrize(("rule", "value", "least"), [("target", 0, 1), ("undercut_bonus", -1, 0)])
def test_rule_range_error_holds_the_rule_value_and_least(rule: str, value: int, least: int) -> None:
    error = raised(Rules, **{rule: value})
    assert type(error) is RuleRangeError and isinstance(error, RulesError)
    assert (error.rule, error.value, error.least) == (rule, value, least)
    assert str(error) == f"rule {rule!r} must be at least {least}, got {value}"


def test_unknown_rule_error_holds_the_key() -> None:
    error = raised(Rules.from_dict, {"gin": 20})
    assert type(error) is UnknownRuleError and error.rule == "gin"
    assert str(error) == "unknown rule 'gin'"


def test_rules_type_error_holds_what_was_given() -> None:
    error = raised(Rules.from_dict, [1])
    assert type(error) is RulesTypeError and error.data == [1]
    assert str(error) == "rules must be an object, got [1]"


def test_negative_deadwood_error_holds_both_counts() -> None:
    error = raised(score_knock, 3, -2)
    assert type(error) is NegativeDeadwoodError
    assert (error.knocker_deadwood, error.opponent_deadwood) == (3, -2)
    assert str(error) == "deadwood cannot be negative: 3, -2"


def test_multiplier_error_holds_the_multiplier() -> None:
    error = raised(score_knock, 3, 5, multiplier=0)
    assert type(error) is MultiplierError and error.multiplier == 0
    assert str(error) == "multiplier must be at least 1, got 0"


def test_big_gin_deadwood_error_holds_the_deadwood() -> None:
    error = raised(score_knock, 4, 9, big_gin=True)
    assert type(error) is BigGinDeadwoodError and error.deadwood == 4
    assert str(error) == "big gin has no deadwood"


@pytest.mark.parametrize(
    ("call", "what", "value"),
    [
        (lambda: DealResult(2, 10), "deal winner", 2),
        (lambda: DealResult(True, 10), "deal winner", True),
        (lambda: DealResult(0, 10, dealer=0.0), "deal dealer", 0.0),
        (lambda: play_match(-1, []), "first dealer", -1),
    ],
)
def test_not_a_seat_error_holds_whose_seat_and_the_value(call, what, value) -> None:
    error = raised(call)
    assert type(error) is NotASeatError and isinstance(error, MatchError)
    assert error.what == what and error.value is value
    assert str(error) == f"{what} must be player 0 or 1, got {value!r}"


@pytest.mark.parametrize("points", [-5, 1.5, True, "3"])
def test_deal_points_error_holds_the_points(points) -> None:
    error = raised(DealResult, 0, points)
    assert type(error) is DealPointsError and isinstance(error, MatchError)
    assert error.points is points
    assert str(error) == f"deal points must be a whole number >= 0: {points!r}"


def test_draw_points_error_holds_the_points() -> None:
    error = raised(DealResult, None, 5)
    assert type(error) is DrawPointsError and isinstance(error, MatchError)
    assert error.points == 5
    assert str(error) == "a draw scores nothing, got 5 points"


def test_verdict_format_error_holds_the_data_and_the_problem() -> None:
    data = {"legal": True}
    error = raised(Verdict.from_dict, data)
    assert type(error) is VerdictFormatError and error.data is data
    assert isinstance(error.error, KeyError)
    assert str(error) == "not a verdict: KeyError('knocker')"


def test_request_type_error_holds_the_request() -> None:
    error = raised(answer, [1, 2])
    assert type(error) is RequestTypeError and isinstance(error, RequestError)
    assert error.request == [1, 2]
    assert str(error) == "expected a JSON object, got list"


def test_unknown_request_error_holds_the_keys() -> None:
    error = raised(answer, {"upcard": "6D"})
    assert type(error) is UnknownRequestError and error.keys == ("upcard",)
    assert str(error) == (
        'expected a "hand" request, a deal with "knocker" and "opponent", '
        'or a match with "first_dealer" and "deals"'
    )


def test_unknown_key_error_holds_the_key() -> None:
    error = raised(answer, {"hand": HAND, "knocker": HAND})
    assert type(error) is UnknownKeyError and error.key == "knocker"
    assert str(error) == "unknown key 'knocker'"


@pytest.mark.parametrize(
    ("request_", "key"),
    [
        ({"upcard": "6D", "knocker": HAND}, "opponent"),
        ({"knocker": HAND, "opponent": HAND}, "upcard"),
    ],
)
def test_missing_key_error_holds_the_key(request_: dict, key: str) -> None:
    error = raised(answer, request_)
    assert type(error) is MissingKeyError and error.key == key
    assert str(error) == f'missing "{key}"'


@pytest.mark.parametrize(
    ("request_", "key", "value", "expected"),
    [
        ({"hand": 7}, "hand", 7, "a list of cards or a string"),
        ({"hand": ["AS", 2]}, "hand", ["AS", 2], "a list of cards or a string"),
        ({"hand": HAND, "upcard": 6}, "upcard", 6, "one card"),
    ],
)
def test_field_type_error_holds_the_key_value_and_expectation(
    request_, key, value, expected
) -> None:
    error = raised(answer, request_)
    assert type(error) is FieldTypeError
    assert (error.key, error.value, error.expected) == (key, value, expected)
    assert str(error) == f'"{key}" must be {expected}, got {value!r}'


def test_wrong_count_error_names_the_hand() -> None:
    error = raised(adjudication.adjudicate, "6D", HAND, "AD 2D 3D")
    assert isinstance(error, adjudication.WrongCountError)
    assert (error.expected, error.got, error.what) == ((10,), 3, "opponent")
