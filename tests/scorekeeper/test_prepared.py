"""A read by primary key with SQL built once gives what the ORM's get() gives: the same values
of the same types, the related players attached, in one query; and nothing for an unknown key.
The visitor's session and every request's match are read this way."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.db.models import Count
from django.utils import timezone

from scorekeeper.access import MATCH_READ
from scorekeeper.models import Match, Player
from scorekeeper.prepared import PreparedGet
from scorekeeper.sessions import SessionStore

from .match_helpers import record_quick, set_upcard


def field_values(instance) -> list[tuple[str, object, type]]:
    return [
        (field.attname, getattr(instance, field.attname), type(getattr(instance, field.attname)))
        for field in type(instance)._meta.concrete_fields
    ]


def test_a_match_is_read_as_the_orm_reads_it_players_included_in_one_query(
    client, match, django_assert_num_queries
):
    set_upcard(client, match, "6D")
    record_quick(client, match, 0, 2, 30)
    orm = Match.objects.select_related("player_a", "player_b").get(pk=match.pk)
    with django_assert_num_queries(1):
        read = MATCH_READ.get(match.pk)
        players = (read.player_a, read.player_b)
    assert field_values(read) == field_values(orm)
    assert [field_values(player) for player in players] == [
        field_values(orm.player_a),
        field_values(orm.player_b),
    ]
    assert read._state.adding is False and read._state.db == orm._state.db
    assert read.rules_value == orm.rules_value  # a JSON field, through its converter


def test_a_read_of_an_unknown_key_answers_none(db):
    assert MATCH_READ.get(10**9) is None
    assert PreparedGet(Player.objects.all()).get(10**9) is None


def test_a_query_that_is_not_a_plain_read_is_refused(db):
    annotated = PreparedGet(Match.objects.annotate(deal_count=Count("deals")))
    with pytest.raises(ValueError, match="Not a plain read"):
        annotated.get(1)


def test_the_session_engine_reads_a_live_session_and_drops_an_expired_one(db):
    assert settings.SESSION_ENGINE == "scorekeeper.sessions"
    live = SessionStore()
    live["matches"] = [7]
    live.save()
    assert SessionStore(live.session_key).load() == {"matches": [7]}

    Session.objects.filter(session_key=live.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    expired = SessionStore(live.session_key)
    assert expired.load() == {}
    assert expired.session_key is None  # as Django's own: a new session, not the old key
    assert SessionStore("no-such-session-key-000000000000").load() == {}
