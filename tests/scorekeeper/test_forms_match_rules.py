"""The house rules come from one place, the engine's `Rules`: its defaults and its bounds are
what the new-match form shows and accepts, and what the API's schema documents."""

from __future__ import annotations

import re
from dataclasses import asdict

import pytest
from django.urls import reverse

from adjudication import ALL_RULE_SPECS, DEFAULT_RULES, RULE_SPECS, RuleRangeError, Rules
from scorekeeper.api import openapi_document
from scorekeeper.models import Match

NUMBERS = [spec for spec in RULE_SPECS if not spec.is_switch]


def form_values(page: str) -> dict[str, str]:
    """Return what the new-match page's rule fields hold, as a browser would post them."""
    values = {}
    for spec in RULE_SPECS:
        if spec.is_switch:
            tag = re.search(rf'<input type="checkbox" name="{spec.name}"[^>]*>', page).group()
            if " checked" in tag:
                values[spec.name] = "on"
        elif re.search(rf'<select name="{spec.name}"', page):
            select = re.search(rf'<select name="{spec.name}".*?</select>', page, re.S).group()
            values[spec.name] = re.search(r'<option value="([^"]*)" selected>', select).group(1)
        else:
            tag = re.search(rf'<input type="number" name="{spec.name}"[^>]*>', page).group()
            values[spec.name] = re.search(r'value="([^"]*)"', tag).group(1)
    return values


def post_match(client, **rules):
    data = {"player_a_name": "Ann", "player_b_name": "Bea", "first_dealer": "0", **rules}
    return client.post(reverse("scorekeeper:match_create"), data)


def test_a_match_left_at_the_forms_defaults_plays_the_default_rules(client, db):
    page = client.get(reverse("scorekeeper:match_create")).content.decode()
    assert post_match(client, **form_values(page)).status_code == 302
    assert Match.objects.get().rules_value == DEFAULT_RULES


@pytest.mark.parametrize("spec", NUMBERS, ids=lambda spec: spec.name)
def test_the_form_accepts_exactly_the_values_a_rule_offers(client, db, spec):
    defaults = {spec.name: spec.default for spec in NUMBERS}
    offered = list(spec.offered)
    for value in (min(offered), max(offered)):
        assert post_match(client, **{**defaults, spec.name: value}).status_code == 302
        assert getattr(Match.objects.latest("pk").rules_value, spec.name) == value
    for value in (min(offered) - 1, max(offered) + 1):
        response = post_match(client, **{**defaults, spec.name: value})
        assert response.status_code == 200 and response.context["form"].has_error(spec.name)
    assert Match.objects.count() == 2


def test_the_api_schema_documents_the_defaults_and_least_values_of_rules():
    rules = openapi_document()["components"]["schemas"]["Rules"]
    schema = rules["properties"]
    # Every rule the engine takes, Hollywood too (which a match's stored rules hold only when on).
    assert list(schema) == [spec.name for spec in ALL_RULE_SPECS]
    assert {name: prop["default"] for name, prop in schema.items()} == asdict(DEFAULT_RULES)
    for name, prop in schema.items():
        if prop["type"] == "integer":
            Rules(**{name: prop["minimum"]})
            with pytest.raises(RuleRangeError):
                Rules(**{name: prop["minimum"] - 1})
    for spec in ALL_RULE_SPECS:
        assert f"/rules/#{spec.section}" in rules["description"]


def test_the_new_match_form_offers_every_rule_hollywood_too():
    # Hollywood is offered with the other house rules (issue 23 §3), off by default: a match
    # left at the defaults stores no Hollywood key at all.
    assert RULE_SPECS == ALL_RULE_SPECS and "hollywood" in [spec.name for spec in RULE_SPECS]
    assert "hollywood" not in DEFAULT_RULES.to_dict()
    assert Rules.from_dict(Rules(hollywood=True).to_dict()) == Rules(hollywood=True)
