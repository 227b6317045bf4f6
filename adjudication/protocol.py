"""The JSON protocol: one request in, one answer out, as the command line and the HTTP API speak it.

A hand request holds ``"hand"`` (10 or 11 cards) and optionally ``"upcard"`` and ``"rules"``; a
deal request holds ``"upcard"``, ``"knocker"`` (10 or 11 cards), ``"opponent"`` (10) and
optionally ``"rules"``. Cards are a list of strings or one string ("7h8h9h ks"). The command
line (:mod:`adjudication.cli`) reads requests as JSON lines; the web app's API takes one per
HTTP request. Both answer with :func:`answer`, so they cannot disagree.
"""

from __future__ import annotations

import json
from typing import Any

from adjudication.cards import Card
from adjudication.errors import (
    FieldTypeError,
    MissingKeyError,
    RequestTypeError,
    UnknownKeyError,
    UnknownRequestError,
)
from adjudication.hand import analyse_hand
from adjudication.rules import DEFAULT_RULES, Rules
from adjudication.verdict import adjudicate

__all__ = ["answer", "answer_line"]

_HAND_KEYS = frozenset({"hand", "upcard", "rules"})
_DEAL_KEYS = frozenset({"upcard", "knocker", "opponent", "rules"})
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


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """Return the answer to one hand or deal request (already decoded from JSON).

    Raises a RequestError for a request of the wrong shape, a RulesError for bad rules, and
    the card errors (CardTextError, DuplicateCardError, WrongCountError, CardInBothHandsError)
    for bad cards: all AdjudicationErrors, each naming the problem.

    >>> answer({"hand": "AS 2S 3S 4H 5H 6H 7C 7D 7S 9H", "upcard": "9D"})["deadwood"]
    ['9H']
    >>> answer({"upcard": "6D", "knocker": "AS 2S 3S 4H 5H 6H 7C 7D 7S 9H"})
    Traceback (most recent call last):
    ...
    adjudication.errors.MissingKeyError: missing "opponent"
    """
    if not isinstance(request, dict):
        raise RequestTypeError(request)
    rules = DEFAULT_RULES if request.get("rules") is None else Rules.from_dict(request["rules"])
    if "hand" in request:
        _check_keys(request, _HAND_KEYS)
        upcard = _upcard(request, required=False)
        return analyse_hand(_card_list(request, "hand"), upcard, rules).to_dict()
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
