"""The JSON API: the engine's command-line answers over HTTP, errors, rate limit and docs."""

import io
import json
import random
import subprocess
import sys

import pytest
from django.contrib.sessions.models import Session
from django.core.cache import caches
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse
from jsonschema import Draft202012Validator

from adjudication import ALL_CARDS
from adjudication.protocol import MOST_DEALS, answer
from scorekeeper.api import MAX_BODY, MAX_MATCH_BODY, openapi_document
from tests.adjudication.test_cli import answers
from tests.adjudication.test_protocol_match_request import REQUEST as MATCH_REQUEST
from tests.hands import GIN, LAYOFF_KNOCKER, LAYOFF_OPPONENT, OPP_TO_GIN

ADJUDICATE = reverse("scorekeeper:api_adjudicate")
HAND = reverse("scorekeeper:api_hand")
MATCH = reverse("scorekeeper:api_match")
DEAL = {
    "upcard": "6D",
    "knocker": "7H 8H 9H 2C 3C 4C KS KD KC 5S",
    "opponent": ["AS", "2S", "3S", "4H", "5H", "6H", "7C", "7D", "9D", "QH"],
}


@pytest.fixture(autouse=True)
def fresh_rate_limit():
    caches["limits"].clear()
    yield
    caches["limits"].clear()


def post(client, url, body, **extra):
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(url, data, content_type="application/json", **extra)


def test_adjudicate_answers_a_deal_as_the_command_line_does(client):
    response = post(client, ADJUDICATE, DEAL)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == answer(DEAL)
    assert response.json()["result"] == "knock" and response.json()["points"] == 28


def test_adjudicate_plays_the_rules_given(client):
    deal = {**DEAL, "upcard": "6S", "rules": {"spades_double": True}}
    assert post(client, ADJUDICATE, deal).json()["points"] == 56


def test_hand_answers_a_hand_as_the_command_line_does(client):
    request = {"hand": "7h8h9h 2c3c4c ks kd kc 5s 6d", "upcard": "6D"}
    response = post(client, HAND, request)
    assert response.status_code == 200
    assert response.json() == answer(request)
    assert response.json()["discard"] == "6D" and response.json()["can_knock"] is True


@pytest.mark.parametrize(
    ("url", "body", "message"),
    [
        (ADJUDICATE, "{", "invalid JSON: Expecting property name enclosed in double quotes"),
        (ADJUDICATE, "", "invalid JSON: Expecting value (column 1)"),
        (ADJUDICATE, "[1, 2]", "expected a JSON object, got list"),
        (ADJUDICATE, "[" * 5000 + "]" * 5000, "request body too large"),
        (ADJUDICATE, "[" * 2000 + "]" * 2000, "invalid JSON: nested too deeply"),
        (ADJUDICATE, {**DEAL, "opponent": "AS 2S 1X"}, "unknown card '1X'"),
        (ADJUDICATE, {**DEAL, "opponent": "AS AS 3S 4S 5S 6S 7S 8S 9S TS"}, "twice"),
        (ADJUDICATE, {**DEAL, "opponent": "AS 2S"}, "opponent"),
        (ADJUDICATE, {**DEAL, "opponent": "7H 8H 9H 2C 3C 4C KS KD KC 5D"}, "in both hands"),
        (ADJUDICATE, {"upcard": "6D", "knocker": DEAL["knocker"]}, 'missing "opponent"'),
        (ADJUDICATE, {**DEAL, "rules": {"gin": 20}}, "unknown rule 'gin'"),
        (ADJUDICATE, {**DEAL, "rules": {"target": "high"}}, "must be a whole number"),
        (ADJUDICATE, {**DEAL, "extra": 1}, "unknown key 'extra'"),
        (ADJUDICATE, {"hand": DEAL["knocker"]}, "a hand request goes to /api/hand"),
        (HAND, DEAL, 'missing "hand"'),
        (HAND, {"hand": 42}, '"hand" must be a list of cards or a string'),
        (HAND, {"hand": "AS 2S 3S"}, "10 or 11"),
    ],
)
def test_bad_requests_get_400_with_a_json_error(client, url, body, message):
    response = post(client, url, body)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert message in response.json()["error"]


def test_oversized_body_is_refused_before_it_is_read(client):
    body = json.dumps({**DEAL, "pad": "x" * (MAX_BODY * 4)})
    response = post(client, ADJUDICATE, body)
    assert response.status_code == 400
    assert response.json() == {"error": f"request body too large: at most {MAX_BODY} bytes"}


def test_body_that_is_not_utf8_is_refused(client):
    response = post(client, ADJUDICATE, b'{"upcard": "\xff"}')
    assert response.status_code == 400 and "UTF-8" in response.json()["error"]


def test_only_post_is_allowed(client):
    assert client.get(ADJUDICATE).status_code == 405
    assert client.get(HAND).status_code == 405


def test_no_csrf_token_cookie_or_session_is_needed_or_made(db):
    client = Client(enforce_csrf_checks=True)
    response = post(client, ADJUDICATE, DEAL)
    assert response.status_code == 200
    assert not response.cookies
    assert "Cookie" not in response.get("Vary", "")
    assert Session.objects.count() == 0


@override_settings(API_RATE_LIMIT=(3, 60))
def test_rate_limit_answers_429_with_retry_after(client):
    for _ in range(3):
        assert post(client, ADJUDICATE, DEAL).status_code == 200
    response = post(client, HAND, {"hand": DEAL["knocker"]})
    assert response.status_code == 429
    assert response.json()["error"] == "too many requests: slow down"
    assert 1 <= int(response["Retry-After"]) <= 60
    # Another address has its own allowance.
    assert post(client, ADJUDICATE, DEAL, REMOTE_ADDR="10.0.0.9").status_code == 200


@override_settings(API_RATE_LIMIT=(2, 60))
def test_bad_requests_count_against_the_rate_limit_too(client):
    post(client, ADJUDICATE, "{")
    post(client, ADJUDICATE, "{")
    assert post(client, ADJUDICATE, DEAL).status_code == 429


def random_request(rng: random.Random) -> dict:
    """A random deal or hand request; some are illegal knocks, some have bad input."""
    deck = [str(card) for card in ALL_CARDS]
    rng.shuffle(deck)
    roll = rng.random()
    rules = rng.choice([{}, {"spades_double": True}, {"big_gin": True}, {"ace_means_gin": True}])
    if roll < 0.25:
        return {"hand": deck[: rng.choice([10, 11])], "upcard": deck[20], "rules": rules}
    request = {
        "upcard": deck[21],
        "knocker": " ".join(deck[: rng.choice([10, 11])]),
        "opponent": deck[11:21],
        "rules": rules,
    }
    if roll > 0.9:
        request["opponent"] = deck[10:21] if roll > 0.95 else [*deck[11:20], "ZZ"]
    return request


def melded_request(rng: random.Random) -> dict:
    """A deal whose knocker holds melds, so that legal knocks and layoffs come up."""
    suit = rng.choice("SHDC")
    start = rng.randrange(1, 8)
    run = [f"{'A23456789TJQK'[start - 1 + i]}{suit}" for i in range(4)]
    rank = rng.choice([r for r in "A23456789TJQK" if f"{r}{suit}" not in run])
    group = [f"{rank}{s}" for s in "SHDC" if s != suit] + [f"{rank}{suit}"]
    rest = [str(c) for c in ALL_CARDS if str(c) not in run + group]
    rng.shuffle(rest)
    knocker = run + group[:3] + rest[:3]
    return {"upcard": rng.choice(["KH", "TD", "9C"]), "knocker": knocker, "opponent": rest[3:13]}


def test_api_and_command_line_agree_on_a_batch_of_deals(client):
    rng = random.Random(7)
    requests = [random_request(rng) for _ in range(30)] + [melded_request(rng) for _ in range(30)]
    requests += [
        {"upcard": "TC", "knocker": LAYOFF_KNOCKER, "opponent": LAYOFF_OPPONENT},  # undercut
        {"upcard": "QH", "knocker": GIN, "opponent": OPP_TO_GIN},  # gin
    ]
    lines = [json.dumps(request) for request in requests] + ["{not json", "[]"]
    expected = answers(*lines)
    assert len(expected) == len(lines)
    assert {"knock", "undercut", "gin", "illegal"} <= {e.get("result") for e in expected}
    with override_settings(API_RATE_LIMIT=(1000, 60)):
        for line, request, cli_answer in zip(lines, requests + [None, None], expected, strict=True):
            is_hand = request is not None and "hand" in request
            response = post(client, HAND if is_hand else ADJUDICATE, line)
            if "error" in cli_answer:
                assert response.status_code == 400, line
                assert response.json() == {"error": cli_answer["error"]}, line
            else:
                assert response.status_code == 200, line
                assert response.json() == cli_answer, line


def test_manage_py_adjudicate_is_the_engine_command_line(tmp_path):
    lines = [json.dumps(DEAL), "oops", "", json.dumps({"hand": DEAL["knocker"]})]
    text = "\n".join(lines) + "\n"
    cli = subprocess.run(
        [sys.executable, "-m", "adjudication"], input=text, capture_output=True, text=True
    )
    out = io.StringIO()
    call_command("adjudicate", stdin=io.StringIO(text), stdout=out)
    assert out.getvalue() == cli.stdout
    assert json.loads(out.getvalue().splitlines()[1]) == {
        "error": "invalid JSON: Expecting value (column 1)",
        "line": 2,
    }
    requests = tmp_path / "requests.jsonl"
    requests.write_text(text, encoding="utf-8")
    from_file = io.StringIO()
    call_command("adjudicate", str(requests), stdout=from_file)
    assert from_file.getvalue() == cli.stdout


def test_manage_py_adjudicate_names_a_missing_file():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="cannot read /nonexistent.jsonl"):
        call_command("adjudicate", "/nonexistent.jsonl", stdout=io.StringIO())


def test_openapi_document_describes_every_endpoint(client):
    response = client.get(reverse("scorekeeper:api_openapi"))
    assert response.status_code == 200
    document = response.json()
    assert document["openapi"].startswith("3.1")
    assert set(document["paths"]) == {ADJUDICATE, HAND, MATCH}
    for path in (ADJUDICATE, HAND, MATCH):
        operation = document["paths"][path]["post"]
        assert {"200", "400", "429"} <= set(operation["responses"])
        content = operation["requestBody"]["content"]["application/json"]
        example = operation["responses"]["200"]["content"]["application/json"]["example"]
        # The documented example answer is what the API answers today.
        assert post(client, path, content["example"]).json() == example
    rules = document["components"]["schemas"]["Rules"]["properties"]
    assert rules["target"] == {"type": "integer", "minimum": 1, "default": 100}


def test_docs_page_shows_the_endpoints_with_examples(client):
    body = client.get(reverse("scorekeeper:api_docs")).content.decode()
    assert f"POST {ADJUDICATE}" in body and f"POST {HAND}" in body
    assert reverse("scorekeeper:api_openapi") in body
    assert "&quot;knock_limit&quot;: 6" in body and "curl -X POST http://testserver" in body


def validator(name: str) -> Draft202012Validator:
    """Return a validator of the OpenAPI document's component schema `name` (refs resolved)."""
    components = openapi_document()["components"]
    return Draft202012Validator({"$ref": f"#/components/schemas/{name}", "components": components})


def test_the_documented_schemas_are_valid_json_schema():
    for schema in openapi_document()["components"]["schemas"].values():
        Draft202012Validator.check_schema(schema)


def test_every_answer_fits_the_schema_the_document_gives_it(client):
    """Real answers of both endpoints (knocks, undercuts, gins, big gins, illegal knocks,
    hands, bad requests and a refusal for too many) against the documented schemas."""
    document = openapi_document()
    rng = random.Random(11)
    requests = [random_request(rng) for _ in range(40)] + [melded_request(rng) for _ in range(20)]
    requests += [
        {"upcard": "TC", "knocker": LAYOFF_KNOCKER, "opponent": LAYOFF_OPPONENT},
        {"upcard": "QH", "knocker": GIN, "opponent": OPP_TO_GIN},
        {
            "upcard": "QH",
            "knocker": GIN + " JS",
            "opponent": OPP_TO_GIN,
            "rules": {"big_gin": True},
        },
        {"hand": GIN + " JS", "rules": {"big_gin": True}},
        {"hand": GIN},
        {**DEAL, "rules": {"gin": 20}},
    ]
    seen = set()
    with override_settings(API_RATE_LIMIT=(1000, 60)):
        for request in requests:
            path = HAND if "hand" in request else ADJUDICATE
            operation = document["paths"][path]["post"]
            response = post(client, path, request)
            status = str(response.status_code)
            schema = operation["responses"][status]["content"]["application/json"]["schema"]
            validator(schema["$ref"].rsplit("/", 1)[1]).validate(response.json())
            if status == "200":
                request_schema = operation["requestBody"]["content"]["application/json"]["schema"]
                validator(request_schema["$ref"].rsplit("/", 1)[1]).validate(request)
            seen.add(response.json().get("result", status))
    assert {"knock", "undercut", "gin", "big_gin", "illegal", "200", "400"} <= seen
    with override_settings(API_RATE_LIMIT=(1, 60)):
        post(client, HAND, {"hand": GIN})
        refused = post(client, HAND, {"hand": GIN})
    assert refused.status_code == 429
    validator("Error").validate(refused.json())


# --- /api/match ------------------------------------------------------------------------------


def test_match_answers_exactly_what_the_command_line_answers(client):
    requests = [
        MATCH_REQUEST,
        {**MATCH_REQUEST, "rules": None},
        {"first_dealer": 1, "deals": [{"winner": 0, "points": 100}, {"winner": 1, "points": 5}]},
        {"first_dealer": 0, "deals": [{"winner": 2, "points": 1}]},
        {"first_dealer": 0, "deals": [{"winner": 0, "points": 1}], "extra": True},
    ]
    lines = [json.dumps(request) for request in requests]
    expected = answers(*lines)
    assert expected[0] == answer(MATCH_REQUEST) and expected[0]["games"][0]["totals"] == [12, 30]
    with override_settings(API_RATE_LIMIT=(1000, 60)):
        for line, cli_answer in zip(lines, expected, strict=True):
            response = post(client, MATCH, line)
            if "error" in cli_answer:
                assert response.status_code == 400, line
                assert response.json() == {"error": cli_answer["error"]}, line
            else:
                assert response.status_code == 200, line
                assert response.json() == cli_answer, line


@pytest.mark.parametrize(
    ("url", "body", "message"),
    [
        (ADJUDICATE, MATCH_REQUEST, "a match request goes to /api/match"),
        (ADJUDICATE, {"first_dealer": 0}, "a match request goes to /api/match"),
        (HAND, MATCH_REQUEST, "a match request goes to /api/match"),
        (MATCH, {"hand": DEAL["knocker"]}, "a hand request goes to /api/hand"),
        (MATCH, {**MATCH_REQUEST, "hand": DEAL["knocker"]}, "a hand request goes to /api/hand"),
        (MATCH, DEAL, "a deal request goes to /api/adjudicate"),
        (MATCH, {}, 'missing "first_dealer"'),
        (MATCH, [MATCH_REQUEST], "expected a JSON object, got list"),
    ],
)
def test_each_endpoint_answers_only_its_own_kind(client, url, body, message):
    response = post(client, url, body)
    assert response.status_code == 400
    assert message in response.json()["error"]


MALFORMED_MATCHES = [
    ("winner not a player", {"winner": 2, "points": 5}, "deal 1: deal winner"),
    ("dealer not a player", {"winner": 0, "points": 5, "dealer": 7}, "deal 1: deal dealer"),
    ("boolean points", {"winner": 0, "points": False}, "deal 1: deal points"),
    ("float points", {"winner": 0, "points": 2.5}, "deal 1: deal points"),
    ("boolean winner", {"winner": False, "points": 5}, "deal 1: deal winner"),
    ("points below 0", {"winner": 1, "points": -3}, "deal 1: deal points"),
    ("points above 1,000", {"winner": 1, "points": 1_001}, "at most 1000"),
    ("points on a draw", {"winner": None, "points": 1}, "deal 1: a draw scores nothing"),
    ("unknown key in a deal", {"winner": 1, "points": 1, "x": 0}, "unknown key 'x'"),
    ("a deal not an object", "1 30", 'deal 1: "deal" must be an object'),
]


@pytest.mark.parametrize(
    ("case", "deal", "message"), MALFORMED_MATCHES, ids=[m[0] for m in MALFORMED_MATCHES]
)
def test_a_malformed_deal_gets_400_naming_it(client, case, deal, message):
    response = post(client, MATCH, {"first_dealer": 0, "deals": [deal]})
    assert response.status_code == 400, case
    assert message in response.json()["error"], case


@pytest.mark.parametrize(
    ("case", "body", "message"),
    [
        ("deals not a list", {"first_dealer": 0, "deals": "none"}, '"deals" must be a list'),
        ("an unknown key", {"first_dealer": 0, "deals": [], "who": 1}, "unknown key 'who'"),
        ("missing first_dealer", {"deals": []}, 'missing "first_dealer"'),
        ("float first_dealer", {"first_dealer": 1.0, "deals": []}, "first dealer"),
        ("boolean first_dealer", {"first_dealer": True, "deals": []}, "first dealer"),
        ("bad rules", {"first_dealer": 0, "deals": [], "rules": []}, "rules must be an object"),
    ],
)
def test_a_malformed_match_gets_400_naming_the_problem(client, case, body, message):
    response = post(client, MATCH, body)
    assert response.status_code == 400, case
    assert message in response.json()["error"], case


def longest_deals(count: int) -> str:
    """`count` of the longest deals, written out as a pretty-printer writes them (indent 4)."""
    deal = {"winner": 1, "points": 1000, "dealer": 1}
    return json.dumps({"first_dealer": 0, "deals": [deal] * count}, indent=4)


def test_match_takes_the_most_deals_written_out_at_length(client):
    body = longest_deals(MOST_DEALS)
    assert MAX_BODY < len(body.encode()) <= MAX_MATCH_BODY
    response = post(client, MATCH, body)
    assert response.status_code == 200
    assert len(response.json()["deals"]) == MOST_DEALS
    assert response.json()["finished"] is True


def test_match_refuses_one_deal_more_than_the_most(client):
    body = {"first_dealer": 0, "deals": [{"winner": None, "points": 0}] * (MOST_DEALS + 1)}
    response = post(client, MATCH, body)
    assert response.status_code == 400
    assert response.json() == {"error": f'"deals" holds {MOST_DEALS + 1} deals: at most 9999'}


def test_match_refuses_a_body_over_its_limit_and_the_others_keep_theirs(client):
    padded = json.dumps({"first_dealer": 0, "deals": []}) + " " * MAX_MATCH_BODY
    response = post(client, MATCH, padded)
    assert response.status_code == 400
    assert response.json() == {"error": f"request body too large: at most {MAX_MATCH_BODY} bytes"}
    small = json.dumps(DEAL) + " " * MAX_BODY
    assert "too large" in post(client, ADJUDICATE, small).json()["error"]


def test_docs_page_documents_the_match_endpoint_and_its_body_limit(client):
    body = client.get(reverse("scorekeeper:api_docs")).content.decode()
    assert f"POST {MATCH}" in body
    assert "9,999 deals" in body and f"{MAX_MATCH_BODY} bytes" in body


def test_match_answers_fit_the_documented_schemas(client):
    document = openapi_document()
    operation = document["paths"][MATCH]["post"]
    request_schema = validator("MatchRequest")
    rng = random.Random(23)
    with override_settings(API_RATE_LIMIT=(1000, 60)):
        for _ in range(40):
            deals = []
            for _ in range(rng.randrange(0, 30)):
                winner = rng.choice([0, 1, None])
                deal = {"winner": winner, "points": 0 if winner is None else rng.randrange(61)}
                if rng.random() < 0.3:
                    deal["dealer"] = rng.choice([0, 1])
                deals.append(deal)
            rules = rng.choice([None, {}, {"hollywood": True}, {"hollywood": True, "target": 50}])
            request = {"first_dealer": rng.choice([0, 1]), "deals": deals, "rules": rules}
            request_schema.validate(request)
            response = post(client, MATCH, request)
            assert response.status_code == 200
            assert response.json() == answer(request)
            validator("MatchAnswer").validate(response.json())
    assert operation["responses"]["200"]["content"]["application/json"]["example"] == answer(
        MATCH_REQUEST
    )


@override_settings(API_RATE_LIMIT=(2, 60))
def test_match_requests_share_the_api_s_rate_limit(client):
    assert post(client, MATCH, MATCH_REQUEST).status_code == 200
    assert post(client, HAND, {"hand": GIN}).status_code == 200
    refused = post(client, MATCH, MATCH_REQUEST)
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
