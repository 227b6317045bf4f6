"""The command line: ``python -m adjudication`` answers JSON lines on stdin.

One request per line, one answer per line, in order. A hand request holds ``"hand"`` (10 or
11 cards) and optionally ``"upcard"`` and ``"rules"``; a deal request holds ``"upcard"``,
``"knocker"`` (10 or 11 cards), ``"opponent"`` (10) and optionally ``"rules"``. Cards are a
list of strings or one string ("7h8h9h ks"). A bad line gets ``{"error": ..., "line": N}``
(N counts from 1, blank lines included) and the next line is read as usual.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import IO, Any

from adjudication.cards import Card
from adjudication.errors import AdjudicationError
from adjudication.hand import analyse_hand
from adjudication.rules import DEFAULT_RULES, Rules
from adjudication.verdict import adjudicate

__all__ = ["answer", "answer_line", "main"]

_HAND_KEYS = frozenset({"hand", "upcard", "rules"})
_DEAL_KEYS = frozenset({"upcard", "knocker", "opponent", "rules"})
# Extra facts in Verdict.to_dict() that the command-line answer leaves out.
_VERDICT_ONLY_KEYS = ("multiplier", "reason_code")


def _card_list(request: dict[str, Any], key: str) -> str | list[str]:
    if key not in request:
        raise AdjudicationError(f'missing "{key}"')
    value = request[key]
    if isinstance(value, str) or (
        isinstance(value, list) and all(isinstance(token, str) for token in value)
    ):
        return value
    raise AdjudicationError(f'"{key}" must be a list of cards or a string, got {value!r}')


def _upcard(request: dict[str, Any], required: bool) -> Card | None:
    value = request.get("upcard")
    if value is None:
        if required:
            raise AdjudicationError('missing "upcard"')
        return None
    if not isinstance(value, str):
        raise AdjudicationError(f'"upcard" must be one card, got {value!r}')
    return Card.parse(value)


def _check_keys(request: dict[str, Any], allowed: frozenset[str]) -> None:
    for key in request:
        if key not in allowed:
            raise AdjudicationError(f"unknown key {key!r}")


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """Return the answer to one hand or deal request (already decoded from JSON).

    Raises AdjudicationError (or another ValueError) naming the problem with the request.

    >>> answer({"hand": "AS 2S 3S 4H 5H 6H 7C 7D 7S 9H", "upcard": "9D"})["deadwood"]
    ['9H']
    >>> answer({"upcard": "6D", "knocker": "AS 2S 3S 4H 5H 6H 7C 7D 7S 9H"})
    Traceback (most recent call last):
    ...
    adjudication.errors.AdjudicationError: missing "opponent"
    """
    if not isinstance(request, dict):
        raise AdjudicationError(f"expected a JSON object, got {type(request).__name__}")
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
        assert upcard is not None
        result = adjudicate(upcard, knocker, opponent, rules).to_dict()
        for key in _VERDICT_ONLY_KEYS:
            del result[key]
        return result
    raise AdjudicationError('expected a "hand" request or a deal with "knocker" and "opponent"')


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


def run(lines: Iterable[bytes], out: IO[str]) -> None:
    """Answer each line of ``lines`` on ``out``; blank lines are skipped but counted."""
    for number, raw in enumerate(lines, start=1):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            result: dict[str, Any] = {"error": "line is not UTF-8 text", "line": number}
        else:
            if not line.strip():
                continue
            result = answer_line(line, number)
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        out.flush()


def main(argv: list[str] | None = None) -> int:
    """Run the command line on stdin and stdout; return the exit status (0)."""
    parser = argparse.ArgumentParser(
        prog="python -m adjudication",
        description="Adjudicate Oklahoma Gin hands and knocks: JSON lines in, JSON lines out.",
        epilog='example: echo \'{"hand": "7h8h9h 2c3c4c ks kd kc 5s", "upcard": "6D"}\' '
        "| python -m adjudication",
    )
    parser.parse_args(argv)
    out = sys.stdout
    if isinstance(out, __import__("io").TextIOWrapper):
        out.reconfigure(encoding="utf-8")
    run(sys.stdin.buffer, out)
    return 0
