"""What the site refuses before any view reads it: a NUL anywhere in a request, a form in a
charset Django cannot read. Both answer 400 with the site's own page, never a 500."""

import re

import pytest
from django.conf import settings
from django.test import Client

NOT_UNDERSTOOD = "This request could not be read."
SECRET = "s" * 32  # a CSRF secret, which a form may send as its token


def nul_requests(match):
    """Yield (what, a request with a NUL in that place) on Alice's match."""
    yield "a share token in the path", lambda c: c.get("/s/%00/")
    yield "a token's picture in the path", lambda c: c.get("/s/a%00b/result.png")
    yield "a kept page's path", lambda c: c.get("/offline/kept/", {"p": "/s/a\x00/"})
    yield "a query key", lambda c: c.get("/history/", {"q\x00": "x"})
    yield (
        "a header",
        lambda c: c.post(
            f"/matches/{match.pk}/draw/",
            {"number": 1},
            headers={"Idempotency-Key": "k\x00", "X-Offline-Replay": "1"},
        ),
    )
    yield "a cookie", lambda c: c.get("/", headers={"Cookie": 'sessionid="a\\000b"'})
    yield (
        "a form",
        lambda c: c.post("/matches/new/", {"player_a_name": "A\x00", "player_b_name": "B"}),
    )
    yield "an upload's form", lambda c: c.post("/accounts/import/", {"note": "\x00"})
    yield "a form's field name", lambda c: c.post("/deck/", {"next\x00": "/"})
    yield (
        "a form sent urlencoded",
        lambda c: c.post("/deck/", "next=/%00", content_type="application/x-www-form-urlencoded"),
    )


@pytest.mark.parametrize("place", [what for what, _ in nul_requests(None)])
def test_a_nul_anywhere_in_a_request_is_a_400_before_any_query(
    alice, alices_match, nul_queries, place
):
    # PostgreSQL refuses a NUL in a query (a DataError, a 500), where SQLite takes it: so the
    # test asks that no query ever receives one (nul_queries), which holds on both.
    send = dict(nul_requests(alices_match))[place]
    response = send(alice.client)
    assert response.status_code == 400
    assert NOT_UNDERSTOOD in response.content.decode()
    assert nul_queries == []


def test_the_400_page_speaks_the_visitors_language(db, translated):
    response = Client().get("/s/%00/", headers={"Accept-Language": "fi"})
    body = response.content.decode()
    assert response.status_code == 400 and '<html lang="fi">' in body
    assert NOT_UNDERSTOOD not in body


def test_a_form_in_another_charset_is_a_400_with_the_sites_page(db):
    # Django reads forms in UTF-8 only, and raises BadRequest from inside the CSRF check; its
    # own 400 view ran that check again, and failed.
    browser = Client(enforce_csrf_checks=True)
    home = browser.get("/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', home)[1]
    for charset in ("latin-1", "utf-16"):
        response = browser.post(
            "/deck/",
            f"csrfmiddlewaretoken={token}&next=/",
            content_type=f"application/x-www-form-urlencoded; charset={charset}",
        )
        assert response.status_code == 400, charset
        assert NOT_UNDERSTOOD in response.content.decode()
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


@pytest.mark.parametrize("path", ["/nowhere/", "/matches/18446744073709551616/", "/deck/"])
def test_a_body_the_site_cannot_read_never_breaks_its_error_pages(db, path):
    # Django's own 404 view ran the CSRF check, which read the body: a form in another
    # charset, or a multipart body without its boundary, made the error page a 500.
    browser = Client(enforce_csrf_checks=True)
    browser.cookies[settings.CSRF_COOKIE_NAME] = SECRET
    bodies = [
        ("application/x-www-form-urlencoded; charset=latin-1", f"csrfmiddlewaretoken={SECRET}"),
        ("multipart/form-data", "no boundary"),
    ]
    for content_type, body in bodies:
        response = browser.post(path, body, content_type=content_type)
        assert response.status_code in (400, 404), (content_type, response.status_code)
        assert "Not found" in response.content.decode() or NOT_UNDERSTOOD in (
            response.content.decode()
        )


def test_a_nul_sent_to_the_api_is_refused_in_json_as_its_other_errors_are(client):
    response = client.post(
        "/api/deal", data='{"upcard": "5D"}', content_type="application/json", HTTP_X_NOTE="a\x00b"
    )
    assert response.status_code == 400 and "error" in response.json()
