"""A change sent twice under one key is one change, and the second send gets the first answer.

The phone keeps deals entered offline and sends them when the connection returns; a reply can be
lost and the same change sent again. These tests send the same key twice, as that phone does.
"""

from __future__ import annotations

import json
import re
import threading
import urllib.request
import uuid

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Deal, Match
from scorekeeper.offline.models import IdempotentReply
from tests.hands import KNOCK_4, OPP_39

from .match_helpers import HTMX, create_match, enter_cards, record_quick, set_upcard
from .test_actions_locking import NoRedirect

REPLAY = {"HTTP_X_OFFLINE_REPLAY": "1"}


def key() -> str:
    return str(uuid.uuid4())


def recorded(match: Match) -> int:
    return match.deals.filter(status=Deal.Status.RECORDED).count()


CSRF_VALUE = re.compile(rb'(name="csrfmiddlewaretoken" value=")[A-Za-z0-9]+"')


def unmasked(content: bytes) -> bytes:
    """Return a page with its CSRF tokens (each masked afresh per answer) left out."""
    return CSRF_VALUE.sub(rb'\1"', content)


def shown_messages(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def test_the_same_key_twice_records_one_deal_and_gets_the_first_answer(client, match):
    set_upcard(client, match, "TC")
    same = key()
    first = record_quick(client, match, 0, 3, 30, number=1, idempotency_key=same)
    second = record_quick(client, match, 0, 3, 30, number=1, idempotency_key=same)
    assert recorded(match) == 1
    assert first.status_code == second.status_code == 302
    assert second["Location"] == first["Location"] == match.get_absolute_url()
    assert match.deals.get(number=1).status == Deal.Status.RECORDED
    assert second["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first
    # Not taken for the other phone's deal: no "already recorded" warning.
    assert not any("already recorded" in text for text in shown_messages(second))


def test_a_repeated_key_shows_the_first_answers_message_again(client, match):
    same = key()
    client.post(reverse("scorekeeper:deal_draw", args=[match.pk]), {"number": 1})
    client.get(match.get_absolute_url())  # the first answer's message is read
    again = client.post(
        reverse("scorekeeper:deal_draw", args=[match.pk]),
        {"number": 2, "idempotency_key": same},
        follow=True,
    )
    assert "Deal 2 was a draw." in again.content.decode()
    repeated = client.post(
        reverse("scorekeeper:deal_draw", args=[match.pk]),
        {"number": 2, "idempotency_key": same},
        follow=True,
    )
    body = repeated.content.decode()
    assert "Deal 2 was a draw." in body and "already recorded" not in body
    assert recorded(match) == 2


def test_the_key_also_comes_as_a_header(client, match):
    set_upcard(client, match, "TC")
    same = key()
    data = {"number": 1, "knocker": 1, "knocker_deadwood": 2, "opponent_deadwood": 22}
    for _ in range(2):
        response = client.post(
            reverse("scorekeeper:deal_quick", args=[match.pk]), data, HTTP_IDEMPOTENCY_KEY=same
        )
        assert response.status_code == 302
    assert recorded(match) == 1
    assert IdempotentReply.objects.filter(match=match, key=same).count() == 1


def replay_quick(client, match, key_: str, *, number: int, knocker: int = 0) -> dict:
    response = client.post(
        reverse("scorekeeper:deal_quick", args=[match.pk]),
        {
            "number": number,
            "knocker": knocker,
            "knocker_deadwood": 3,
            "opponent_deadwood": 30,
            "idempotency_key": key_,
        },
        **REPLAY,
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    return json.loads(response.content)


def test_a_replay_whose_reply_was_lost_is_recognised_as_the_phones_own(client, match):
    set_upcard(client, match, "TC")
    same = key()
    first = replay_quick(client, match, same, number=1)
    again = replay_quick(client, match, same, number=1)
    assert first["location"] == again["location"] == match.get_absolute_url()
    assert first["conflict"] is None and again["conflict"] is None
    assert first["repeat"] is False and again["repeat"] is True
    assert again["status"] == first["status"] == 302
    match.refresh_from_db()
    assert again["version"] == match.version
    assert recorded(match) == 1


def test_a_replay_answers_in_json_and_leaves_no_message_for_the_next_page(client, match):
    answer = json.loads(
        client.post(
            reverse("scorekeeper:deal_draw", args=[match.pk]),
            {"number": 1, "idempotency_key": key()},
            **REPLAY,
        ).content
    )
    assert answer["messages"] == [{"level": "success", "text": "Deal 1 was a draw."}]
    assert answer["location"] == match.get_absolute_url()
    assert "Deal 1 was a draw." not in client.get(match.get_absolute_url()).content.decode()


def test_a_deal_the_other_phone_recorded_first_is_a_conflict_with_both_sides(client, match):
    set_upcard(client, match, "TC")
    other = Client()
    match.set_share_link("edit", enabled=True)
    match.refresh_from_db()
    other.get(reverse("scorekeeper:share_open", args=[match.edit_token]))
    assert record_quick(other, match, 1, 2, 40, number=1).status_code == 302

    answer = replay_quick(client, match, key(), number=1, knocker=0)
    assert recorded(match) == 1
    conflict = answer["conflict"]
    assert conflict["number"] == 1
    assert conflict["result"] == "Bob · knock (quick) · +38"
    deal = match.deals.get(number=1)
    assert conflict["url"] == deal.get_absolute_url()
    assert conflict["correct"] == reverse("scorekeeper:deal_edit", args=[match.pk, deal.pk])
    assert answer["messages"][0]["level"] == "warning"
    # Kept as a correction: the phone's entry, sent to the correction page with the version.
    corrected = client.post(
        conflict["correct"],
        {
            "mode": "quick",
            "version": answer["version"],
            "knocker": 0,
            "knocker_deadwood": 3,
            "opponent_deadwood": 30,
            "idempotency_key": key(),
        },
        **REPLAY,
    )
    result = json.loads(corrected.content)
    assert result["location"] == conflict["url"]
    assert result["messages"] == [{"level": "success", "text": "Deal 1 was corrected."}]
    deal = match.deals.get(number=1)
    assert (deal.winner, deal.points) == (0, 27)


def test_a_live_preview_with_a_key_keeps_nothing(client, match):
    set_upcard(client, match, "TC")
    response = enter_cards(client, match, 0, KNOCK_4, OPP_39, action="preview", headers=HTMX)
    assert response.status_code == 200
    response = client.post(
        reverse("scorekeeper:deal_enter", args=[match.pk, 0]),
        {"upcard": "TC", "knocker_seat": 0, "knocker_text": KNOCK_4, "idempotency_key": key()},
        **HTMX,
    )
    assert response.status_code == 200
    assert not IdempotentReply.objects.exists()


def test_a_full_card_deal_sent_twice_is_recorded_once(client, match):
    set_upcard(client, match, "TC")
    same = key()
    url = reverse("scorekeeper:deal_enter", args=[match.pk, 0])
    data = {
        "number": 1,
        "version": Match.objects.get(pk=match.pk).version,
        "upcard": "TC",
        "knocker_seat": 0,
        "knocker_text": KNOCK_4,
        "opponent_text": OPP_39,
        "action": "record",
        "idempotency_key": same,
    }
    first = client.post(url, data)
    second = client.post(url, data)
    assert first["Location"] == second["Location"]
    assert second["Idempotent-Replayed"] == "true"
    assert not any("already recorded" in text for text in shown_messages(second))
    assert recorded(match) == 1


def test_the_upcard_set_through_htmx_gets_its_first_board_again(client, match):
    same = key()
    url = reverse("scorekeeper:deal_upcard", args=[match.pk])
    first = client.post(url, {"upcard": "8C", "idempotency_key": same}, **HTMX)
    client.post(url, {"upcard": "9D"}, **HTMX)  # then changed, without a key
    again = client.post(url, {"upcard": "8C", "idempotency_key": same}, **HTMX)
    assert again.status_code == first.status_code == 200
    # The same board, each with a CSRF token of the moment (the phone's own, never a kept one).
    assert unmasked(again.content) == unmasked(first.content)
    assert match.deals.get().upcard == "9D"  # the repeat changed nothing


def test_a_key_belongs_to_its_match(client, match):
    other = create_match(client, "Carol", "Dan")
    same = key()
    for target in (match, other):
        client.post(
            reverse("scorekeeper:deal_draw", args=[target.pk]),
            {"number": 1, "idempotency_key": same},
        )
    assert recorded(match) == recorded(other) == 1


def test_a_key_sent_with_another_change_does_not_answer_for_it(client, match):
    same = key()
    client.post(
        reverse("scorekeeper:deal_upcard", args=[match.pk]),
        {"upcard": "TC", "idempotency_key": same},
    )
    response = client.post(
        reverse("scorekeeper:deal_draw", args=[match.pk]), {"number": 1, "idempotency_key": same}
    )
    assert "Idempotent-Replayed" not in response
    assert recorded(match) == 1  # the draw is recorded, not answered with the upcard's reply


def test_a_revoked_edit_link_gets_the_refusal_not_the_stored_answer(client, match):
    match.set_share_link("edit", enabled=True)
    match.refresh_from_db()
    editor = Client()
    editor.get(reverse("scorekeeper:share_open", args=[match.edit_token]))
    same = key()
    url = reverse("scorekeeper:deal_draw", args=[match.pk])
    assert editor.post(url, {"number": 1, "idempotency_key": same}).status_code == 302
    match.set_share_link("edit", enabled=False)
    assert editor.post(url, {"number": 1, "idempotency_key": same}).status_code == 404


def test_a_delete_and_a_restore_sent_twice_get_their_first_answers(client, match):
    set_upcard(client, match, "TC")
    record_quick(client, match, 0, 3, 30, number=1)
    deal = match.deals.get(number=1)
    for action, said in (("delete", "was deleted"), ("restore", "was restored")):
        same = key()
        url = reverse(f"scorekeeper:deal_{action}", args=[match.pk, deal.pk])
        data = {"version": Match.objects.get(pk=match.pk).version, "idempotency_key": same}
        first = client.post(url, data, follow=True)
        again = client.post(url, data, follow=True)
        assert said in first.content.decode()
        assert said in again.content.decode()  # the first answer, not "already" nor "changed"
        assert again.redirect_chain == first.redirect_chain
    deal.refresh_from_db()
    assert deal.status == Deal.Status.RECORDED


def test_a_rematch_sent_twice_starts_one_match(client, match):
    same = key()
    url = reverse("scorekeeper:match_rematch", args=[match.pk])
    first = client.post(url, {"idempotency_key": same})
    second = client.post(url, {"idempotency_key": same})
    assert first["Location"] == second["Location"]
    assert Match.objects.count() == 2


def test_a_new_share_link_asked_twice_is_made_once(client, match):
    same = key()
    url = reverse("scorekeeper:match_share", args=[match.pk])
    client.post(url, {"action": "view-on", "idempotency_key": same})
    token = Match.objects.get(pk=match.pk).view_token
    client.post(url, {"action": "view-on", "idempotency_key": same})
    assert Match.objects.get(pk=match.pk).view_token == token


def test_a_malformed_key_is_ignored(client, match):
    for bad in ("short", "x" * 65, "spaces are not allowed here!!"):
        response = client.post(
            reverse("scorekeeper:deal_draw", args=[match.pk]),
            {"number": recorded(match) + 1, "idempotency_key": bad},
        )
        assert response.status_code == 302
    assert recorded(match) == 3
    assert not IdempotentReply.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_the_same_key_sent_at_once_from_six_threads_is_one_deal(live_server):
    phone = Client()
    match = create_match(phone, "Alice", "Bob")
    phone.get(match.get_absolute_url())
    set_upcard(phone, match, "TC")
    cookies = {name: morsel.value for name, morsel in phone.cookies.items()}
    same = key()
    barrier = threading.Barrier(6)
    answers: list[dict] = [{}] * 6
    opener = urllib.request.build_opener(NoRedirect)
    body = urllib.parse.urlencode(
        {"number": 1, "knocker": 0, "knocker_deadwood": 3, "opponent_deadwood": 30}
    ).encode()

    def send(i: int) -> None:
        request = urllib.request.Request(
            f"{live_server.url}/matches/{match.pk}/quick/",
            data=body,
            method="POST",
            headers={
                "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items()),
                "X-CSRFToken": cookies["csrftoken"],
                "Idempotency-Key": same,
                "X-Offline-Replay": "1",
            },
        )
        barrier.wait()
        answers[i] = json.loads(opener.open(request, timeout=30).read())

    threads = [threading.Thread(target=send, args=(i,)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert recorded(match) == 1
    assert [a["conflict"] for a in answers] == [None] * 6
    assert sorted(a["repeat"] for a in answers) == [False] + [True] * 5
    assert {a["location"] for a in answers} == {match.get_absolute_url()}


def test_a_replayed_deal_without_its_upcard_is_refused_with_the_reason_in_words(client, match):
    response = enter_cards(
        client,
        match,
        0,
        KNOCK_4,
        OPP_39,
        upcard="",
        headers={**REPLAY, "HTTP_IDEMPOTENCY_KEY": key()},
    )
    answer = json.loads(response.content)
    assert answer["location"] == ""
    assert answer["errors"] == ["Enter the upcard first: it sets the knock limit."]
    assert all(error and "<" not in error for error in answer["errors"])
    form_page = enter_cards(
        client,
        match,
        0,
        KNOCK_4,
        OPP_39,
        upcard="",
    ).content.decode()
    for error in answer["errors"]:
        assert error in form_page.replace("&#x27;", "'")
    assert recorded(match) == 0
