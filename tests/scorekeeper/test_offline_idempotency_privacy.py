"""The offline replay tells nobody anything: a stored answer is one visitor's, under one key.

Anyone who may not see a match gets, through the replay path (`Idempotency-Key` and
`X-Offline-Replay: 1`), exactly what a missing match gives: the same status, headers and body.
A key sent by another phone runs the change for that phone; a stored answer holds no CSRF token;
the same key with another body is refused in so many words; and every replay is answered in
JSON, so that the phone's queue can read what happened.
"""

from __future__ import annotations

import json
import re
import uuid

import pytest
from django.db.models import Max
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Deal, Match
from scorekeeper.offline.models import IdempotentReply

from .match_helpers import HTMX

REPLAY = {"HTTP_X_OFFLINE_REPLAY": "1"}
# A token as Django writes it into a page: in a form's hidden field, or in htmx's headers.
CSRF_IN_PAGE = re.compile(
    r'name="csrfmiddlewaretoken" value="([A-Za-z0-9]{32,})"'
    r"|X-CSRFToken&quot;: &quot;([A-Za-z0-9]{32,})"
    r'|"X-CSRFToken": "([A-Za-z0-9]{32,})"'
)
NONCE = re.compile(r"nonce-[A-Za-z0-9+/=_-]+|nonce=\"[^\"]*\"")


def key() -> str:
    return str(uuid.uuid4())


def csrf_tokens(content: bytes) -> set[str]:
    return {next(g for g in groups if g) for groups in CSRF_IN_PAGE.findall(content.decode())}


def recorded(match: Match) -> int:
    return match.deals.filter(status=Deal.Status.RECORDED).count()


# Every path of a match, as the issue lists them, and a change (a draw) besides.
PATHS = [
    ("scorekeeper:match_detail", {}),
    ("scorekeeper:match_poll", {}),
    ("scorekeeper:match_history", {}),
    ("scorekeeper:match_export", {}),
    ("scorekeeper:deal_draw", {"number": 1}),
]


def seen(client: Client, name: str, pk: int, data: dict, same_key: str):
    """Send a replay of `name` for match `pk`; return what a visitor could tell from it."""
    response = client.post(reverse(name, args=[pk]), data, HTTP_IDEMPOTENCY_KEY=same_key, **REPLAY)
    # The length follows the body, which is compared (the pk's digits aside).
    headers = {
        k: NONCE.sub("nonce", v) for k, v in response.headers.items() if k != "Content-Length"
    }
    body = NONCE.sub("nonce", response.content.decode()).replace(f"/{pk}/", "/PK/")
    return response.status_code, headers, body


@pytest.mark.parametrize(("name", "data"), PATHS)
@pytest.mark.parametrize("who", ["anonymous", "dave"])
def test_a_match_one_may_not_see_answers_a_replay_as_a_missing_one(
    request, alices_match, name, data, who
):
    visitor = request.getfixturevalue(who).client
    missing = (Match.objects.aggregate(Max("pk"))["pk__max"] or 0) + 1000
    same = key()
    hidden = seen(visitor, name, alices_match.pk, data, same)
    absent = seen(visitor, name, missing, data, same)
    assert hidden == absent
    assert '"version"' not in hidden[2] or '"version": null' in hidden[2]
    assert not IdempotentReply.objects.exists()
    assert recorded(alices_match) == 0


def test_a_view_link_holder_learns_nothing_kept_under_the_owners_key(alice, carol, alices_match):
    same = key()
    url = reverse("scorekeeper:deal_draw", args=[alices_match.pk])
    alice.client.post(url, {"number": 1}, HTTP_IDEMPOTENCY_KEY=same, **REPLAY)
    answer = json.loads(
        carol.client.post(url, {"number": 1}, HTTP_IDEMPOTENCY_KEY=same, **REPLAY).content
    )
    assert answer["repeat"] is False
    assert answer["messages"] == []  # not the owner's "Deal 1 was a draw."
    assert answer["status"] == 403


def test_the_owners_key_sent_by_another_phone_is_that_phones_own_change(alice, bob, alices_match):
    same = key()
    url = reverse("scorekeeper:deal_upcard", args=[alices_match.pk])
    mine = alice.client.post(url, {"upcard": "8C"}, HTTP_IDEMPOTENCY_KEY=same, **HTMX)
    theirs = bob.client.post(url, {"upcard": "8C"}, HTTP_IDEMPOTENCY_KEY=same, **HTMX)
    assert theirs.status_code == 200
    assert "Idempotent-Replayed" not in theirs
    assert csrf_tokens(mine.content) and not csrf_tokens(mine.content) & csrf_tokens(theirs.content)
    # Each phone's answer is kept for that phone alone, and each gets its own again.
    assert IdempotentReply.objects.filter(key=same).count() == 2
    again = bob.client.post(url, {"upcard": "8C"}, HTTP_IDEMPOTENCY_KEY=same, **HTMX)
    assert again["Idempotent-Replayed"] == "true"


def test_the_owners_draw_replayed_by_the_edit_link_holder_is_not_the_owners_answer(
    alice, bob, alices_match
):
    same = key()
    url = reverse("scorekeeper:deal_draw", args=[alices_match.pk])
    first = json.loads(
        alice.client.post(url, {"number": 1}, HTTP_IDEMPOTENCY_KEY=same, **REPLAY).content
    )
    assert first["messages"] == [{"level": "success", "text": "Deal 1 was a draw."}]
    other = json.loads(
        bob.client.post(url, {"number": 1}, HTTP_IDEMPOTENCY_KEY=same, **REPLAY).content
    )
    assert other["repeat"] is False
    assert other["conflict"] is not None  # for Bob's phone, the deal Alice recorded first
    assert recorded(alices_match) == 1


def test_a_stored_answer_keeps_no_csrf_token_and_a_repeat_carries_the_visitors_own(alice):
    from tests.scorekeeper.match_helpers import create_match

    match = create_match(alice.client, "Alice", "Bob")
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(alice.user)
    phone.get(match.get_absolute_url())
    token = phone.cookies["csrftoken"].value
    same = key()
    url = reverse("scorekeeper:deal_upcard", args=[match.pk])
    sent = {"HTTP_X_CSRFTOKEN": token, "HTTP_IDEMPOTENCY_KEY": same, **HTMX}
    first = phone.post(url, {"upcard": "8C"}, **sent)
    assert first.status_code == 200 and csrf_tokens(first.content)
    stored = IdempotentReply.objects.get(key=same)
    assert not csrf_tokens(bytes(stored.body))
    assert "Set-Cookie" not in stored.headers
    again = phone.post(url, {"upcard": "8C"}, **sent)
    assert again["Idempotent-Replayed"] == "true"
    assert "Set-Cookie" not in again.headers
    given = csrf_tokens(again.content)
    assert given
    # The token the repeat carries is this phone's: a change sent with it is taken.
    for each in given:
        taken = phone.post(url, {"upcard": "9D"}, HTTP_X_CSRFTOKEN=each, **HTMX)
        assert taken.status_code == 200


def test_the_same_key_with_another_body_is_not_applied_and_says_so(alice, alices_match):
    same = key()
    url = reverse("scorekeeper:deal_quick", args=[alices_match.pk])
    alice.client.post(reverse("scorekeeper:deal_upcard", args=[alices_match.pk]), {"upcard": "TC"})
    data = {"number": 1, "knocker": 0, "knocker_deadwood": 3, "opponent_deadwood": 30}
    first = json.loads(alice.client.post(url, data, HTTP_IDEMPOTENCY_KEY=same, **REPLAY).content)
    assert first["location"] and not first["repeat"]
    changed = {**data, "knocker": 1, "opponent_deadwood": 40}
    response = alice.client.post(url, changed, HTTP_IDEMPOTENCY_KEY=same, **REPLAY)
    answer = json.loads(response.content)
    assert answer["repeat"] is False
    assert answer["applied"] is False and answer["mismatch"] is True
    assert answer["location"] == ""  # the queue keeps the entry: not taken
    assert answer["status"] == 422
    assert answer["messages"][0]["level"] == "error"
    assert "not applied" in answer["messages"][0]["text"]
    deal = alices_match.deals.get(number=1)
    assert deal.knocker == 0  # the first change stands, the second was not made
    # The same change as the first is still answered with the first answer.
    repeat = json.loads(alice.client.post(url, data, HTTP_IDEMPOTENCY_KEY=same, **REPLAY).content)
    assert repeat["repeat"] is True and repeat["applied"] is True


def test_the_same_key_with_another_body_in_a_plain_form_is_refused_with_a_message(
    alice, alices_match
):
    same = key()
    url = reverse("scorekeeper:deal_upcard", args=[alices_match.pk])
    alice.client.post(url, {"upcard": "8C", "idempotency_key": same})
    response = alice.client.post(url, {"upcard": "9D", "idempotency_key": same}, follow=True)
    assert "not applied" in response.content.decode()
    assert response.redirect_chain == [(alices_match.get_absolute_url(), 302)]
    assert alices_match.deals.get().upcard == "8C"


def test_a_replay_with_a_key_used_on_another_path_answers_in_json(alice, alices_match):
    same = key()
    alice.client.post(
        reverse("scorekeeper:deal_upcard", args=[alices_match.pk]),
        {"upcard": "TC"},
        HTTP_IDEMPOTENCY_KEY=same,
        **REPLAY,
    )
    response = alice.client.post(
        reverse("scorekeeper:deal_draw", args=[alices_match.pk]),
        {"number": 1},
        HTTP_IDEMPOTENCY_KEY=same,
        **REPLAY,
    )
    assert response["Content-Type"] == "application/json"
    answer = json.loads(response.content)
    assert answer["status"] == 302 and answer["location"] == alices_match.get_absolute_url()
    assert answer["repeat"] is False


def test_a_replay_of_a_get_page_of_ones_own_match_answers_in_json(alice, alices_match):
    response = alice.client.post(
        reverse("scorekeeper:match_poll", args=[alices_match.pk]),
        HTTP_IDEMPOTENCY_KEY=key(),
        **REPLAY,
    )
    assert response["Content-Type"] == "application/json"
    assert json.loads(response.content)["status"] == 405
