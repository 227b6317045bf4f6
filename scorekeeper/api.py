"""The JSON API: the engine's command-line answers over HTTP.

`POST /api/adjudicate` takes a deal request and `POST /api/hand` a hand request, each exactly
as one line of `python -m adjudication` takes it, and both answer with what
`adjudication.protocol.answer` returns: the API and the command line cannot disagree.

The endpoints are a stateless computation: they read no cookie, need no CSRF token, start no
session and store nothing. A body over `MAX_BODY` bytes, malformed JSON or a bad request gets a
400 with `{"error": "..."}`; the messages are the engine's, in English, like the command line's.
Each client (`scorekeeper.limits.client_ip`) may make `API_RATE_LIMIT` = (requests, seconds)
calls per window; more get a 429 with Retry-After. django-ratelimit counts them in the `limits`
cache, which every worker and instance shares.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST
from django_ratelimit.core import get_usage

from adjudication import RULE_SPECS, answer

from .limits.rates import by_client
from .limits.rates import setting as rate_setting

MAX_BODY = 4096  # a deal request with rules is under 400 bytes


class ApiError(Exception):
    """A request the API cannot answer; the message is sent back as `{"error": ...}`."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def error_response(error: ApiError) -> JsonResponse:
    """Return the JSON error response for `error`."""
    return JsonResponse({"error": str(error)}, status=error.status)


def retry_after(request: HttpRequest) -> int:
    """Count this call against the client's window; return 0, or seconds to wait if over."""
    usage = get_usage(
        request, group="api", key=by_client, rate=rate_setting("API_RATE_LIMIT"), increment=True
    )
    if usage is None or not usage["should_limit"]:
        return 0
    return max(1, usage["time_left"])


def read_json(request: HttpRequest) -> Any:
    """Return the decoded JSON body; raise ApiError for an oversized, non-UTF-8 or bad one."""
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        raise ApiError("invalid Content-Length") from None
    if declared > MAX_BODY:
        raise ApiError(f"request body too large: at most {MAX_BODY} bytes")
    body = request.read(MAX_BODY + 1)
    if len(body) > MAX_BODY:
        raise ApiError(f"request body too large: at most {MAX_BODY} bytes")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError("request body is not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        # The command line's words for the same mistake.
        raise ApiError(f"invalid JSON: {error.msg} (column {error.colno})") from None
    except RecursionError:
        raise ApiError("invalid JSON: nested too deeply") from None


def engine_answer(request: HttpRequest, kind: str) -> JsonResponse:
    """Answer a "deal" or "hand" request with the command line's `answer`, or a JSON error."""
    wait = retry_after(request)
    if wait:
        response = error_response(ApiError("too many requests: slow down", status=429))
        response["Retry-After"] = str(wait)
        return response
    try:
        data = read_json(request)
        if isinstance(data, dict):
            if kind == "deal" and "hand" in data:
                raise ApiError("a hand request goes to /api/hand; this endpoint takes a deal")
            if kind == "hand" and "hand" not in data:
                raise ApiError('missing "hand"')
        try:
            result = answer(data)
        except (ValueError, TypeError, RecursionError) as error:
            raise ApiError(str(error)) from None
    except ApiError as error:
        return error_response(error)
    return JsonResponse(result, json_dumps_params={"ensure_ascii": False})


@csrf_exempt
@require_POST
def api_adjudicate(request: HttpRequest) -> JsonResponse:
    """Adjudicate a knock: the verdict for the knocker's and the opponent's cards."""
    return engine_answer(request, "deal")


@csrf_exempt
@require_POST
def api_hand(request: HttpRequest) -> JsonResponse:
    """Analyse one hand: its best melds, deadwood, discard, and whether it may knock."""
    return engine_answer(request, "hand")


@require_GET
def api_openapi(request: HttpRequest) -> JsonResponse:
    """The OpenAPI 3.1 document of the API."""
    return JsonResponse(openapi_document(), json_dumps_params={"indent": 2})


@require_GET
def api_docs(request: HttpRequest) -> HttpResponse:
    """A plain page describing the endpoints, with an example of each."""
    document = openapi_document()
    endpoints = []
    for path, item in document["paths"].items():
        operation = item["post"]
        content = operation["requestBody"]["content"]["application/json"]
        ok = operation["responses"]["200"]["content"]["application/json"]
        endpoints.append(
            {
                "path": path,
                "id": operation["operationId"],
                "request": compact_json(content["example"]),
                "answer": compact_json(ok["example"]),
                "curl": f"curl -X POST {request.build_absolute_uri(path)} "
                f"-H 'Content-Type: application/json' -d '{json.dumps(content['example'])}'",
            }
        )
    limit, window = settings.API_RATE_LIMIT
    return render(
        request,
        "scorekeeper/api_docs.html",
        {"endpoints": endpoints, "max_body": MAX_BODY, "limit": limit, "window": window},
    )


def compact_json(value: Any, indent: str = "") -> str:
    """Return `value` as indented JSON; lists of cards and other short values stay on one line."""
    flat = json.dumps(value, ensure_ascii=False)
    scalars = isinstance(value, list) and not any(isinstance(v, dict | list) for v in value)
    if scalars or not isinstance(value, dict | list) or len(indent) + len(flat) <= 60:
        return flat
    inner = indent + "  "
    if isinstance(value, dict):
        lines = [f"{inner}{json.dumps(k)}: {compact_json(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(lines) + f"\n{indent}}}"
    lines = [inner + compact_json(item, inner) for item in value]
    return "[\n" + ",\n".join(lines) + f"\n{indent}]"


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
