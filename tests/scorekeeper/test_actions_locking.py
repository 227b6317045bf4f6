"""Two phones recording the same deal at the same moment: exactly one is recorded.

These are real concurrent HTTP requests against the live test server, each thread with its
own database connection, on SQLite (file database) and on PostgreSQL (`make test-postgres`).
"""

import threading
import urllib.error
import urllib.request
from http.cookiejar import CookieJar

import pytest
from django.test import Client

from scorekeeper.models import Deal
from scorekeeper.standing import Standing

from .match_helpers import create_match, set_upcard

RACERS = 8
ROUNDS = 3


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def post_all_at_once(url: str, bodies: list[dict], cookies: dict[str, str]) -> list[int]:
    """POST every body to `url` from its own thread, released together; return the codes."""
    barrier = threading.Barrier(len(bodies))
    codes: list[int] = [0] * len(bodies)
    header = "; ".join(f"{k}={v}" for k, v in cookies.items())
    opener = urllib.request.build_opener(
        NoRedirect, urllib.request.HTTPCookieProcessor(CookieJar())
    )

    def send(i: int, body: dict) -> None:
        data = urllib.parse.urlencode(body).encode()
        request = urllib.request.Request(
            url,
            data=data,
            method="POST",
            headers={
                "Cookie": header,
                "X-CSRFToken": cookies["csrftoken"],
            },
        )
        barrier.wait()
        try:
            codes[i] = opener.open(request, timeout=30).status
        except urllib.error.HTTPError as error:
            codes[i] = error.code

    threads = [threading.Thread(target=send, args=(i, b)) for i, b in enumerate(bodies)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return codes


@pytest.mark.django_db(transaction=True)
def test_racing_phones_record_each_deal_exactly_once(live_server):
    phone = Client()
    match = create_match(phone, "Alice", "Bob")
    phone.get(match.get_absolute_url())
    cookies = {name: morsel.value for name, morsel in phone.cookies.items()}
    for number in range(1, ROUNDS + 1):
        set_upcard(phone, match, "TC")
        url = f"{live_server.url}/matches/{match.pk}/quick/"
        bodies = [
            {"number": number, "knocker": i % 2, "knocker_deadwood": 2, "opponent_deadwood": 10 + i}
            for i in range(RACERS)
        ]
        codes = post_all_at_once(url, bodies, cookies)
        # One phone records it; each other phone is shown it beside its own entry (issue 21).
        assert sorted(codes) == [200] * (RACERS - 1) + [302]
        assert Deal.objects.filter(match=match, number=number, status="recorded").count() == 1
    assert Deal.objects.filter(match=match).count() == ROUNDS
    match.refresh_from_db()
    assert len(Standing.of(match).lines) == ROUNDS


@pytest.mark.django_db(transaction=True)
def test_the_losing_phone_is_told_who_recorded_the_deal(live_server):
    phone = Client()
    match = create_match(phone, "Alice", "Bob")
    set_upcard(phone, match, "TC")
    first = phone.post(
        f"/matches/{match.pk}/quick/",
        {"number": 1, "knocker": 0, "knocker_deadwood": 2, "opponent_deadwood": 12},
    )
    assert first.status_code == 302
    second = phone.post(f"/matches/{match.pk}/draw/", {"number": 1}, follow=True)
    body = second.content.decode()
    assert "Deal 1 was already recorded on another phone (knock)" in body
    assert Deal.objects.filter(match=match).count() == 1
