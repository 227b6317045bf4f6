"""A refused CSRF check shows the site's own 403 page, not a bare error."""

from django.test import Client


def test_a_post_without_csrf_token_gets_the_friendly_403_page(db):
    c = Client(enforce_csrf_checks=True)
    r = c.post("/matches/new/", {})
    assert r.status_code == 403
    body = r.content.decode()
    assert "Not allowed" in body and "site.css" in body
