"""The knock limit of every upcard, carried by the scoreboard and the card-entry page for their
scripts (scorekeeper/offline/templatetags/offline.py): offline, a tapped upcard shows the limit
and the notes the server would have shown."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.urls import reverse

from adjudication import ALL_CARDS, Rules
from scorekeeper.offline.templatetags.offline import knock_limits

from .match_helpers import create_match

RANK_LIMITS = {
    "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7,
    "8": 8, "9": 9, "T": 10, "J": 10, "Q": 10, "K": 10,
}  # fmt: skip


def limits_on(page: str, attribute: str = "data-limits") -> dict:
    found = re.search(rf'{attribute}="([^"]*)"', page)
    assert found, f"no {attribute} on the page"
    return json.loads(html.unescape(found.group(1)))


@pytest.mark.parametrize("rank", RANK_LIMITS)
def test_every_upcard_of_each_rank_has_its_knock_limit(client, db, rank):
    match = create_match(client)
    limits = json.loads(knock_limits(match))
    assert len(limits) == 52
    for suit in "SHDC":
        entry = limits[rank + suit]
        assert entry["limit"] == RANK_LIMITS[rank]
        assert entry["gin"] is False
        assert entry["double"] is False
        assert f"<b>{'10' if rank == 'T' else rank}</b>" in entry["card"]


def test_a_spade_ace_with_both_variants_says_only_gin_and_spades_double(client, db):
    match = create_match(client, ace_means_gin=True, spades_double=True)
    assert match.rules_value == Rules(ace_means_gin=True, spades_double=True)
    limits = json.loads(knock_limits(match))
    assert limits["AS"] == {**limits["AS"], "limit": 0, "gin": True, "double": True}
    assert limits["AH"]["gin"] is True and limits["AH"]["double"] is False
    assert limits["7S"]["gin"] is False and limits["7S"]["double"] is True
    assert {code for code, entry in limits.items() if entry["double"]} == {
        str(card) for card in ALL_CARDS if str(card).endswith("S")
    }


def test_the_scoreboard_and_the_entry_page_carry_the_same_limits(client, db):
    match = create_match(client, ace_means_gin=True, spades_double=True)
    board = client.get(match.get_absolute_url()).content.decode()
    entry = client.get(reverse("scorekeeper:deal_enter", args=[match.pk, 0])).content.decode()
    assert limits_on(board) == limits_on(entry) == json.loads(knock_limits(match))


def test_the_offline_box_carries_the_scoreboards_own_words_for_both_notes(client, db):
    match = create_match(client, ace_means_gin=True, spades_double=True)
    client.post(reverse("scorekeeper:deal_upcard", args=[match.pk]), {"upcard": "AS"})
    page = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fi").content.decode()
    online = re.search(r'<div class="limit" id="limit".*?</div>', page, re.S).group(0)
    offline = re.search(r"<template data-limit-template>(.*?)</template>", page, re.S).group(1)
    for note, words in (("gin", "Vain gin päättää tämän jaon."), ("double", "Pata tuplaa")):
        shown = rf'<span data-note="{note}"><br><(strong|span class="double")>{words}</'
        assert re.search(shown, online), note
        assert re.search(shown, offline), note
