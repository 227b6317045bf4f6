"""The JSON API's description: its OpenAPI 3.1 document, with an example of each call.

The endpoints themselves are in `scorekeeper.views.api`; what they take and answer is the
command line's protocol (`adjudication.protocol`), which this document describes.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.urls import reverse

from adjudication import ALL_RULE_SPECS, HAND_SIZE, HOLLYWOOD_GAMES, KNOCKING_HAND_SIZE, answer
from adjudication.protocol import MOST_DEAL_POINTS, MOST_DEALS

MAX_BODY = 4096  # a deal request with rules is under 400 bytes
# A match request of MOST_DEALS of the longest deals, pretty-printed with an indent of 4 (101
# bytes a deal: 1,009,945 in all, tests/scorekeeper/test_api.py), fits in 1 MiB.
MAX_MATCH_BODY = 1 << 20


DEAL_EXAMPLE = {
    "upcard": "6D",
    "knocker": "7H 8H 9H 2C 3C 4C KS KD KC 5S",
    "opponent": ["AS", "2S", "3S", "4H", "5H", "6H", "7C", "7D", "9D", "QH"],
}
HAND_EXAMPLE = {"hand": "7h8h9h 2c3c4c ks kd kc 5s 6d", "upcard": "6D"}
MATCH_EXAMPLE = {
    "first_dealer": 0,
    "deals": [
        {"winner": 1, "points": 30},
        {"winner": None, "points": 0},
        {"winner": 0, "points": 12, "dealer": 1},
    ],
    "rules": {"hollywood": True, "target": 100},
}

# A card as the engine reads it (rules page #notation): a rank (10 or one of A2-9TJQK) and a
# suit letter or symbol, or a suit symbol and a rank, in either case; the variation selectors
# phones add to symbols ("♥️") are ignored, as is white space around the card.
_SYMBOLS = "♠♤♥♡♦♢♣♧"
_RANK = "(?:10|[2-9AaTtJjQqKk])"
_CARD = f"(?:{_RANK}[SsHhDdCc{_SYMBOLS}]|[{_SYMBOLS}]{_RANK})"
_IGNORED = "[\\s\ufe0e\ufe0f]*"
_SEPARATOR = "[\\s,\ufe0e\ufe0f]*"


def _one_card_pattern() -> str:
    return f"^{_IGNORED}{_CARD}{_IGNORED}$"


def _cards_pattern(least: int, most: int) -> str:
    """A string of `least` to `most` cards, separated by spaces, commas or nothing."""
    return f"^{_SEPARATOR}(?:{_CARD}{_SEPARATOR}){{{least},{most}}}$"


def _rules_schema() -> dict[str, Any]:
    properties: dict[str, Any] = {}
    for spec in ALL_RULE_SPECS:
        if spec.is_switch:
            properties[spec.name] = {"type": "boolean", "default": spec.default}
        else:
            properties[spec.name] = {
                "type": "integer",
                "minimum": spec.minimum,
                "default": spec.default,
            }
    sections = ", ".join(
        f"/rules/#{section}" for section in dict.fromkeys(s.section for s in ALL_RULE_SPECS)
    )
    return {
        "type": "object",
        "description": "The match rules and variants, as the rules page explains them "
        f"({sections}); missing keys take the defaults.",
        "properties": properties,
        "additionalProperties": False,
    }


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _or_null(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def _cards_list() -> dict[str, Any]:
    return {"type": "array", "items": _ref("CanonicalCard")}


def _cards_input(least: int, most: int) -> dict[str, Any]:
    """A hand of `least` to `most` cards, as a list (one card an item) or as one string."""
    count = str(least) if least == most else f"{least} or {most}"
    return {
        "description": f"{count} cards, as a list or as one string "
        '("7h8h9h ks", "7H, 8H"). Refused with a 400 although the schema cannot say so: '
        "a card given twice (also as 7h and 7H), or a card in both hands.",
        "oneOf": [
            {"type": "string", "pattern": _cards_pattern(least, most)},
            {"type": "array", "items": _ref("Card"), "minItems": least, "maxItems": most},
        ],
    }


def _object(properties: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    """An object with exactly these keys (all of them required unless `required` says)."""
    return {
        "type": "object",
        "required": list(properties) if required is None else required,
        "properties": properties,
        "additionalProperties": False,
    }


def _pair(minimum: int | None = 0) -> dict[str, Any]:
    number: dict[str, Any] = {"type": "integer"}
    if minimum is not None:
        number["minimum"] = minimum
    return {"type": "array", "items": number, "minItems": 2, "maxItems": 2}


SEAT = {"enum": [0, 1]}
SEAT_OR_NULL = {"enum": [0, 1, None]}


def _match_schemas() -> dict[str, Any]:
    games = HOLLYWOOD_GAMES
    return {
        "MatchDeal": {
            **_object(
                {
                    "winner": {**SEAT_OR_NULL, "description": "0, 1, or null for a draw"},
                    "points": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": MOST_DEAL_POINTS,
                        "description": "what the deal scored, doubling included; 0 on a draw",
                    },
                    "dealer": {
                        **SEAT_OR_NULL,
                        "description": "who dealt it; derived by the rotation when missing",
                    },
                },
                required=["winner", "points"],
            ),
            "if": {"required": ["winner"], "properties": {"winner": {"const": None}}},
            "then": {"properties": {"points": {"const": 0}}},
        },
        "MatchRequest": _object(
            {
                "first_dealer": SEAT,
                "deals": {"type": "array", "items": _ref("MatchDeal"), "maxItems": MOST_DEALS},
                "rules": _or_null(_ref("Rules")),
            },
            required=["first_dealer", "deals"],
        ),
        "MatchLine": _object(
            {
                "number": {"type": "integer", "minimum": 1},
                "dealer": SEAT,
                "winner": SEAT_OR_NULL,
                "points": {"type": "integer", "minimum": 0, "maximum": MOST_DEAL_POINTS},
                "counted": {"type": "boolean"},
                "games": {
                    "type": "array",
                    "items": {"type": "integer", "minimum": 1, "maximum": games},
                    "maxItems": games,
                    "uniqueItems": True,
                    "description": "the games (1-based) its points went into",
                },
                "totals": {
                    "type": "array",
                    "items": _pair(),
                    "minItems": 1,
                    "maxItems": games,
                    "description": "each game's two totals after this deal",
                },
            }
        ),
        "Game": _object(
            {
                "totals": _pair(),
                "finished": {"type": "boolean"},
                "winner": SEAT_OR_NULL,
                "deals_won": _pair(),
                "bonuses": _pair(),
                "final_totals": _pair(),
            }
        ),
        "MatchAnswer": _object(
            {
                "deals": {"type": "array", "items": _ref("MatchLine"), "maxItems": MOST_DEALS},
                "games": {
                    "type": "array",
                    "items": _ref("Game"),
                    "minItems": 1,
                    "maxItems": games,
                },
                "finished": {"type": "boolean"},
                "winner": SEAT_OR_NULL,
                "next_dealer": SEAT,
                "net": _pair(minimum=None),
            }
        ),
    }


def _schemas() -> dict[str, Any]:
    melds = {"type": "array", "items": _cards_list()}
    spread = {
        "melds": melds,
        "deadwood": _cards_list(),
        "deadwood_points": {"type": "integer", "minimum": 0},
    }
    return {
        "Card": {
            "type": "string",
            "description": "A card: rank A 2-9 T (or 10) J Q K, then suit S H D C or ♠♥♦♣.",
            "pattern": _one_card_pattern(),
            "examples": ["TD", "10♥", "as"],
        },
        "CanonicalCard": {
            "type": "string",
            "description": "A card as the engine writes it: rank A 2-9 T J Q K, suit S H D C.",
            "pattern": "^[A2-9TJQK][SHDC]$",
        },
        "Rules": _rules_schema(),
        "DealRequest": _object(
            {
                "upcard": _ref("Card"),
                "knocker": _cards_input(HAND_SIZE, KNOCKING_HAND_SIZE),
                "opponent": _cards_input(HAND_SIZE, HAND_SIZE),
                "rules": _or_null(_ref("Rules")),
            },
            required=["upcard", "knocker", "opponent"],
        ),
        "HandRequest": _object(
            {
                "hand": _cards_input(HAND_SIZE, KNOCKING_HAND_SIZE),
                "upcard": {
                    **_or_null(_ref("Card")),
                    "description": "sets the knock limit (else 10)",
                },
                "rules": _or_null(_ref("Rules")),
            },
            required=["hand"],
        ),
        "Verdict": {
            **_object(
                {
                    "knock_limit": {"type": "integer", "minimum": 0},
                    "legal": {"type": "boolean"},
                    "result": {"enum": ["knock", "undercut", "gin", "big_gin", "illegal"]},
                    "reason": {"type": "string", "description": "why an illegal knock is illegal"},
                    "knocker": _object({"discard": _or_null(_ref("CanonicalCard")), **spread}),
                    "opponent": _or_null(
                        _object(
                            {
                                "melds": melds,
                                "layoffs": {
                                    "type": "array",
                                    "items": _object(
                                        {"card": _ref("CanonicalCard"), "onto": _cards_list()}
                                    ),
                                },
                                "deadwood": _cards_list(),
                                "deadwood_points": {"type": "integer", "minimum": 0},
                            }
                        )
                    ),
                    "winner": {"enum": ["knocker", "opponent", None]},
                    "points": {"type": "integer", "minimum": 0},
                },
                required=["knock_limit", "legal", "result", "knocker", "opponent", "winner"],
            ),
        },
        "HandAnalysis": _object(
            {
                "knock_limit": {"type": "integer", "minimum": 0},
                **spread,
                "discard": _or_null(_ref("CanonicalCard")),
                "can_knock": {"type": "boolean"},
                "gin": {"type": "boolean"},
                "big_gin": {"type": "boolean", "description": "only with the big gin rule"},
            },
            required=["knock_limit", "melds", "deadwood", "deadwood_points", "discard"],
        ),
        **_match_schemas(),
        "Error": {
            "type": "object",
            "required": ["error"],
            "properties": {"error": {"type": "string"}},
        },
    }


UNSAID_REFUSALS = (
    "a card given twice (also as 7h and 7H), a card in both hands, and a whole number written "
    "with a decimal point (3.0)"
)


def _operation(
    operation_id: str,
    summary: str,
    description: str,
    request: str,
    answer_schema: str,
    example: dict[str, Any],
    most: int = MAX_BODY,
) -> dict[str, Any]:
    error = {"application/json": {"schema": _ref("Error")}}
    return {
        "post": {
            "operationId": operation_id,
            "summary": summary,
            "description": description,
            "security": [],
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": _ref(request), "example": example}},
            },
            "responses": {
                "200": {
                    "description": "The answer, as `python -m adjudication` gives it.",
                    "content": {
                        "application/json": {
                            "schema": _ref(answer_schema),
                            "example": answer(example),
                        }
                    },
                },
                "400": {
                    "description": "Malformed JSON, bad cards, a wrong request or a body over "
                    f"{most} bytes; and where the schema cannot say so, {UNSAID_REFUSALS}.",
                    "content": error,
                },
                "405": {"description": "Only POST is allowed."},
                "429": {
                    "description": "Too many requests from this address; see Retry-After.",
                    "headers": {"Retry-After": {"schema": {"type": "integer"}}},
                    "content": error,
                },
            },
        }
    }


@cache
def openapi_document() -> dict[str, Any]:
    """Return the OpenAPI 3.1 document; its examples are answered by the engine itself."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Oklahoma Gin adjudication API",
            "version": "1.0.0",
            "description": "The rules engine of the Oklahoma Gin table companion. Each "
            "endpoint takes one request as a line of `python -m adjudication` does and returns "
            "the same answer. No authentication, cookies or CSRF token; nothing is stored.",
        },
        "paths": {
            reverse("scorekeeper:api_adjudicate"): _operation(
                "adjudicate",
                "Adjudicate a knock",
                "Checks the knock against the upcard's limit, finds the knocker's best "
                "arrangement and the opponent's best reply with layoffs, and scores the deal.",
                "DealRequest",
                "Verdict",
                DEAL_EXAMPLE,
            ),
            reverse("scorekeeper:api_hand"): _operation(
                "analyseHand",
                "Analyse a hand",
                "Finds a hand's best melds and deadwood (after the best discard for 11 cards), "
                "and whether it may knock under the upcard's limit.",
                "HandRequest",
                "HandAnalysis",
                HAND_EXAMPLE,
            ),
            reverse("scorekeeper:api_match"): _operation(
                "scoreMatch",
                "Score a match",
                "Scores a match from its deal results, as given: who dealt each deal and the "
                "games its points went into (one game, or three with Hollywood), each game's "
                "totals, end and bonuses, whether the match has ended, its winner, the net and "
                f"who deals next. At most {MOST_DEALS} deals; the body may be up to "
                f"{MAX_MATCH_BODY} bytes.",
                "MatchRequest",
                "MatchAnswer",
                MATCH_EXAMPLE,
                most=MAX_MATCH_BODY,
            ),
        },
        "components": {"schemas": _schemas()},
    }
