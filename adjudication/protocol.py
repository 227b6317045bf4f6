"""The JSON protocol: one request in, one answer out, as the command line and the HTTP API speak it.

A hand request holds ``"hand"`` (10 or 11 cards) and optionally ``"upcard"`` and ``"rules"``; a
deal request holds ``"upcard"``, ``"knocker"`` (10 or 11 cards), ``"opponent"`` (10) and
optionally ``"rules"``; a match request holds ``"first_dealer"``, ``"deals"`` (each with
``"winner"``, ``"points"`` and optionally ``"dealer"``) and optionally ``"rules"``, and is
answered with what the deals add up to (``MatchState.to_dict``). Cards are a list of strings
or one string ("7h8h9h ks"). The command
line (:mod:`adjudication.cli`) reads requests as JSON lines; the web app's API takes one per
HTTP request. Both answer with :func:`answer`, so they cannot disagree.
"""

from __future__ import annotations

import json
from typing import Any

from adjudication.cards import Card
from adjudication.errors import (
    AdjudicationError,
    DealRequestError,
    FieldRangeError,
    FieldTypeError,
    MissingKeyError,
    RequestTypeError,
    TooManyDealsError,
    UnknownKeyError,
    UnknownRequestError,
)
from adjudication.hand import analyse_hand
from adjudication.match import DealResult, play_match
from adjudication.rules import DEFAULT_RULES, Rules
from adjudication.verdict import adjudicate

__all__ = ["MOST_DEAL_POINTS", "MOST_DEALS", "answer", "answer_line", "is_match_request"]

_HAND_KEYS = frozenset({"hand", "upcard", "rules"})
_DEAL_KEYS = frozenset({"upcard", "knocker", "opponent", "rules"})
_MATCH_KEYS = frozenset({"first_dealer", "deals", "rules"})
_RESULT_KEYS = frozenset({"winner", "points", "dealer"})

MOST_DEALS = 9_999
"""The most deals a match request may list: as many as a match of the app may hold."""

MOST_DEAL_POINTS = 1_000
"""The most points one deal of a match request may score (doubling included)."""
# Extra facts in Verdict.to_dict() that the protocol's answer leaves out.
_VERDICT_ONLY_KEYS = ("multiplier", "reason_code")


def _card_list(request: dict[str, Any], key: str) -> str | list[str]:
    if key not in request:
        raise MissingKeyError(key)
    value = request[key]
    if isinstance(value, str) or (
        isinstance(value, list) and all(isinstance(token, str) for token in value)
    ):
        return value
    raise FieldTypeError(key, value, "a list of cards or a string")


def _upcard(request: dict[str, Any], required: bool) -> Card | None:
    value = request.get("upcard")
    if value is None:
        if required:
            raise MissingKeyError("upcard")
        return None
    if not isinstance(value, str):
        raise FieldTypeError("upcard", value, "one card")
    return Card.parse(value)


def _check_keys(request: dict[str, Any], allowed: frozenset[str]) -> None:
    for key in request:
        if key not in allowed:
            raise UnknownKeyError(key)


def is_match_request(request: Any) -> bool:
    """Return whether ``request`` is a match request: an object with ``"first_dealer"`` or
    ``"deals"`` (and no ``"hand"``, which makes it a hand request)."""
    return (
        isinstance(request, dict)
        and "hand" not in request
        and ("first_dealer" in request or "deals" in request)
    )


def _result(deal: Any) -> DealResult:
    """Return one deal of a match request as a DealResult, or raise what is wrong with it."""
    if not isinstance(deal, dict):
        raise FieldTypeError("deal", deal, "an object")
    _check_keys(deal, _RESULT_KEYS)
    for key in ("winner", "points"):
        if key not in deal:
            raise MissingKeyError(key)
    points = deal["points"]
    if type(points) is int and points > MOST_DEAL_POINTS:
        raise FieldRangeError("points", points, MOST_DEAL_POINTS)
    return DealResult(deal["winner"], points, deal.get("dealer"))


def _answer_match(request: dict[str, Any], rules: Rules) -> dict[str, Any]:
    _check_keys(request, _MATCH_KEYS)
    for key in ("first_dealer", "deals"):
        if key not in request:
            raise MissingKeyError(key)
    deals = request["deals"]
    if not isinstance(deals, list):
        raise FieldTypeError("deals", deals, "a list of deals")
    if len(deals) > MOST_DEALS:
        raise TooManyDealsError(len(deals), MOST_DEALS)
    results = []
    for number, deal in enumerate(deals, start=1):
        try:
            results.append(_result(deal))
        except AdjudicationError as error:
            raise DealRequestError(number, error) from None
    return play_match(request["first_dealer"], results, rules).to_dict()


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """Return the answer to one hand, deal or match request (already decoded from JSON).

    Raises a RequestError for a request of the wrong shape, a RulesError for bad rules, and
    the card errors (CardTextError, DuplicateCardError, WrongCountError, CardInBothHandsError)
    for bad cards: all AdjudicationErrors, each naming the problem.

    >>> answer({"hand": "AS 2S 3S 4H 5H 6H 7C 7D 7S 9H", "upcard": "9D"})["deadwood"]
    ['9H']
    >>> answer({"upcard": "6D", "knocker": "AS 2S 3S 4H 5H 6H 7C 7D 7S 9H"})
    Traceback (most recent call last):
    ...
    adjudication.errors.MissingKeyError: missing "opponent"

    A match request's deals are scored as given (``play_match``); a bad deal is named by its
    place:

    >>> match = answer({"first_dealer": 0, "deals": [{"winner": 1, "points": 30}]})
    >>> match["deals"][0]["games"], match["games"][0]["totals"], match["next_dealer"]
    ([1], [0, 30], 1)
    >>> answer({"first_dealer": 0, "deals": [{"winner": None, "points": 5}]})
    Traceback (most recent call last):
    ...
    adjudication.errors.DealRequestError: deal 1: a draw scores nothing, got 5 points
    """
    if not isinstance(request, dict):
        raise RequestTypeError(request)
    rules = DEFAULT_RULES if request.get("rules") is None else Rules.from_dict(request["rules"])
    if "hand" in request:
        _check_keys(request, _HAND_KEYS)
        upcard = _upcard(request, required=False)
        return analyse_hand(_card_list(request, "hand"), upcard, rules).to_dict()
    if is_match_request(request):
        return _answer_match(request, rules)
    if "knocker" in request or "opponent" in request:
        _check_keys(request, _DEAL_KEYS)
        knocker = _card_list(request, "knocker")
        opponent = _card_list(request, "opponent")
        upcard = _upcard(request, required=True)
        result = adjudicate(upcard, knocker, opponent, rules).to_dict()
        for key in _VERDICT_ONLY_KEYS:
            del result[key]
        return result
    raise UnknownRequestError(tuple(request))


def answer_line(line: str, number: int) -> dict[str, Any]:
    """Return the answer to one line of JSON, or ``{"error": ..., "line": number}``."""
    try:
        request = json.loads(line)
    except json.JSONDecodeError as error:
        return {"error": f"invalid JSON: {error.msg} (column {error.colno})", "line": number}
    try:
        return answer(request)
    except (ValueError, TypeError, RecursionError) as error:
        return {"error": str(error), "line": number}
