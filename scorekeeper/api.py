"""The JSON API's description: its OpenAPI 3.1 document, with an example of each call.

The endpoints themselves are in `scorekeeper.views.api`; what they take and answer is the
command line's protocol (`adjudication.protocol`), which this document describes.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.urls import reverse

from adjudication import RULE_SPECS, answer

MAX_BODY = 4096  # a deal request with rules is under 400 bytes


DEAL_EXAMPLE = {
    "upcard": "6D",
    "knocker": "7H 8H 9H 2C 3C 4C KS KD KC 5S",
    "opponent": ["AS", "2S", "3S", "4H", "5H", "6H", "7C", "7D", "9D", "QH"],
}
HAND_EXAMPLE = {"hand": "7h8h9h 2c3c4c ks kd kc 5s 6d", "upcard": "6D"}


def _rules_schema() -> dict[str, Any]:
    properties: dict[str, Any] = {}
    for spec in RULE_SPECS:
        if spec.is_switch:
            properties[spec.name] = {"type": "boolean", "default": spec.default}
        else:
            properties[spec.name] = {
                "type": "integer",
                "minimum": spec.minimum,
                "default": spec.default,
            }
    sections = ", ".join(
        f"/rules/#{section}" for section in dict.fromkeys(s.section for s in RULE_SPECS)
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


def _cards_list() -> dict[str, Any]:
    return {"type": "array", "items": _ref("Card")}


def _schemas() -> dict[str, Any]:
    melds = {"type": "array", "items": _cards_list()}
    return {
        "Card": {
            "type": "string",
            "description": "A card: rank A 2-9 T (or 10) J Q K, then suit S H D C or ♠♥♦♣.",
            "examples": ["TD", "10♥", "as"],
        },
        "Cards": {
            "description": 'Cards as a list, or as one string ("7h8h9h ks", "7H, 8H").',
            "oneOf": [{"type": "string"}, _cards_list()],
        },
        "Rules": _rules_schema(),
        "DealRequest": {
            "type": "object",
            "required": ["upcard", "knocker", "opponent"],
            "properties": {
                "upcard": _ref("Card"),
                "knocker": {**_ref("Cards"), "description": "10 or 11 cards"},
                "opponent": {**_ref("Cards"), "description": "10 cards"},
                "rules": _ref("Rules"),
            },
            "additionalProperties": False,
        },
        "HandRequest": {
            "type": "object",
            "required": ["hand"],
            "properties": {
                "hand": {**_ref("Cards"), "description": "10 or 11 cards"},
                "upcard": {**_ref("Card"), "description": "sets the knock limit (else 10)"},
                "rules": _ref("Rules"),
            },
            "additionalProperties": False,
        },
        "Verdict": {
            "type": "object",
            "required": ["knock_limit", "legal", "result", "knocker", "opponent", "winner"],
            "properties": {
                "knock_limit": {"type": "integer"},
                "legal": {"type": "boolean"},
                "result": {"enum": ["knock", "undercut", "gin", "big_gin", "illegal"]},
                "reason": {"type": "string", "description": "why an illegal knock is illegal"},
                "knocker": {
                    "type": "object",
                    "properties": {
                        "discard": {"oneOf": [_ref("Card"), {"type": "null"}]},
                        "melds": melds,
                        "deadwood": _cards_list(),
                        "deadwood_points": {"type": "integer"},
                    },
                },
                "opponent": {
                    "oneOf": [
                        {"type": "null"},
                        {
                            "type": "object",
                            "properties": {
                                "melds": melds,
                                "layoffs": {
                                    "type": "array",
                                    "items": {
                                        "type": "object",
                                        "properties": {
                                            "card": _ref("Card"),
                                            "onto": _cards_list(),
                                        },
                                    },
                                },
                                "deadwood": _cards_list(),
                                "deadwood_points": {"type": "integer"},
                            },
                        },
                    ]
                },
                "winner": {"enum": ["knocker", "opponent", None]},
                "points": {"type": "integer", "minimum": 0},
            },
        },
        "HandAnalysis": {
            "type": "object",
            "required": ["knock_limit", "melds", "deadwood", "deadwood_points", "discard"],
            "properties": {
                "knock_limit": {"type": "integer"},
                "melds": melds,
                "deadwood": _cards_list(),
                "deadwood_points": {"type": "integer"},
                "discard": {"oneOf": [_ref("Card"), {"type": "null"}]},
                "can_knock": {"type": "boolean"},
                "gin": {"type": "boolean"},
                "big_gin": {"type": "boolean", "description": "only with the big gin rule"},
            },
        },
        "Error": {
            "type": "object",
            "required": ["error"],
            "properties": {"error": {"type": "string"}},
        },
    }


def _operation(
    operation_id: str, summary: str, description: str, request: str, answer_schema: str, example
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
                    f"{MAX_BODY} bytes.",
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
        },
        "components": {"schemas": _schemas()},
    }
