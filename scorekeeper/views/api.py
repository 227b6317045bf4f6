"""The JSON API: the engine's command-line answers over HTTP.

`POST /api/adjudicate` takes a deal request, `POST /api/hand` a hand request and `POST /api/match`
a match request, each exactly as one line of `python -m adjudication` takes it, and all answer
with what `adjudication.protocol.answer` returns: the API and the command line cannot disagree.
Each endpoint answers only its own kind of request.

The endpoints are a stateless computation: they read no cookie, need no CSRF token, start no
session and store nothing. A body over `MAX_BODY` bytes (`MAX_MATCH_BODY` for a match, which
may list 9,999 deals), malformed JSON or a bad request gets a
400 with `{"error": "..."}`; the messages are the engine's, in English, like the command line's.
Each client (`scorekeeper.limits.client_ip`) may make `API_RATE_LIMIT` = (requests, seconds)
calls per window; more get a 429 with Retry-After. django-ratelimit counts them in the `limits`
cache, which every worker and instance shares.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST
from django_ratelimit.core import get_usage

from adjudication import answer
from adjudication.protocol import is_match_request

from ..api import MAX_BODY, MAX_MATCH_BODY, openapi_document
from ..limits.rates import by_client
from ..limits.rates import setting as rate_setting


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


def read_json(request: HttpRequest, most: int = MAX_BODY) -> Any:
    """Return the decoded JSON body; raise ApiError for one over `most` bytes, non-UTF-8 or bad."""
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        raise ApiError("invalid Content-Length") from None
    if declared > most:
        raise ApiError(f"request body too large: at most {most} bytes")
    body = request.read(most + 1)
    if len(body) > most:
        raise ApiError(f"request body too large: at most {most} bytes")
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


def refuse_other_kinds(data: Any, kind: str) -> None:
    """Raise ApiError when `data` is a request of another kind than this endpoint's."""
    if not isinstance(data, dict):
        return
    match = is_match_request(data)
    if kind != "match" and match:
        raise ApiError(f"a match request goes to /api/match; this endpoint takes a {kind}")
    if kind != "hand" and "hand" in data:
        raise ApiError(f"a hand request goes to /api/hand; this endpoint takes a {kind}")
    if kind == "hand" and "hand" not in data:
        raise ApiError('missing "hand"')
    if kind == "match" and not match:
        if "knocker" in data or "opponent" in data:
            raise ApiError("a deal request goes to /api/adjudicate; this endpoint takes a match")
        raise ApiError('missing "first_dealer"')


def engine_answer(request: HttpRequest, kind: str) -> JsonResponse:
    """Answer a "deal", "hand" or "match" request with the command line's `answer`, or a JSON
    error."""
    wait = retry_after(request)
    if wait:
        response = error_response(ApiError("too many requests: slow down", status=429))
        response["Retry-After"] = str(wait)
        return response
    try:
        data = read_json(request, MAX_MATCH_BODY if kind == "match" else MAX_BODY)
        refuse_other_kinds(data, kind)
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


@csrf_exempt
@require_POST
def api_match(request: HttpRequest) -> JsonResponse:
    """Score a match from its deal results: each deal's games, each game, the net, the winner."""
    return engine_answer(request, "match")


@require_GET
def api_openapi(request: HttpRequest) -> JsonResponse:
    """The OpenAPI 3.1 document of the API."""
    return JsonResponse(openapi_document(), json_dumps_params={"indent": 2})


@require_GET
def api_docs(request: HttpRequest) -> HttpResponse:
    """A plain page describing the endpoints, with an example of each."""
    document = openapi_document()
    endpoints = []
    for url, item in document["paths"].items():
        operation = item["post"]
        content = operation["requestBody"]["content"]["application/json"]
        ok = operation["responses"]["200"]["content"]["application/json"]
        endpoints.append(
            {
                "path": url,
                "id": operation["operationId"],
                "request": compact_json(content["example"]),
                "answer": compact_json(ok["example"]),
                "curl": f"curl -X POST {request.build_absolute_uri(url)} "
                f"-H 'Content-Type: application/json' -d '{json.dumps(content['example'])}'",
            }
        )
    limit, window = settings.API_RATE_LIMIT
    return render(
        request,
        "scorekeeper/api_docs.html",
        {
            "endpoints": endpoints,
            "max_body": MAX_BODY,
            "max_match_body": MAX_MATCH_BODY,
            "limit": limit,
            "window": window,
        },
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


urlpatterns = [
    path("api/", api_docs, name="api_docs"),
    path("api/openapi.json", api_openapi, name="api_openapi"),
    path("api/adjudicate", api_adjudicate, name="api_adjudicate"),
    path("api/hand", api_hand, name="api_hand"),
    path("api/match", api_match, name="api_match"),
]
