"""The API fuzzed from its own OpenAPI document: schema and endpoints cannot drift apart.

Schemathesis reads `/api/openapi.json` and sends every documented endpoint requests that fit
its schema and requests that break it, with the API's rate limit lifted. Every answer must be
one the document describes (status, content type, body schema), never a 5xx; a request the
schema accepts must be answered 200, but for the refusals JSON Schema cannot express, each a
documented 400: a card given twice (also as 7h and 7H) or in both hands, and a whole number
written with a decimal point (3.0). A request the schema refuses must be refused.

About 50 examples per endpoint keep it under a minute; `API_FUZZ_EXAMPLES=1000` tries more.
"""

from __future__ import annotations

import os
import re

import pytest
import schemathesis
from django.core.cache import caches
from django.core.wsgi import get_wsgi_application
from django.test import override_settings
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from scorekeeper.api import openapi_document

EXAMPLES = int(os.environ.get("API_FUZZ_EXAMPLES", "50"))
# The refusals of a schema-valid request that JSON Schema cannot express: a card twice or in
# both hands, and a whole number written as a float (JSON Schema's integers include 3.0).
DOCUMENTED_REFUSALS = re.compile(r"entered twice|is in both hands|got -?\d+\.0$|: -?\d+\.0$")


# The document as the app serves it at /api/openapi.json (test_api.py checks they are one).
schema = schemathesis.openapi.from_dict(openapi_document())


@pytest.fixture(scope="module")
def app():
    """The app as gunicorn runs it, built under the test settings (the middleware reads them
    once), with the API's rate limit lifted."""
    caches["limits"].clear()
    with override_settings(API_RATE_LIMIT=(10**9, 60)):
        yield get_wsgi_application()
    caches["limits"].clear()


def is_documented_refusal(response) -> bool:
    return response.status_code == 400 and bool(
        DOCUMENTED_REFUSALS.search(response.json().get("error", ""))
    )


@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_every_endpoint_keeps_to_its_schema(case, app):
    # The WSGI transport reads the body as sent: ask for it uncompressed.
    response = case.call(app=app, headers={"Accept-Encoding": "identity"})
    case.validate_response(
        response,
        checks=[
            not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
            negative_data_rejection,
        ],
    )
    if not is_documented_refusal(response):
        case.validate_response(response, checks=[positive_data_acceptance])
