"""A refused request is logged as one line; a server error keeps its traceback."""

import io
import logging

import pytest
from django.test import Client
from django.urls import reverse

import scorekeeper.views.pages


@pytest.fixture
def console():
    """What the site's log handler (settings.LOGGING, on stderr) writes during the test."""
    [handler] = [h for h in logging.getLogger().handlers if type(h) is logging.StreamHandler]
    written = io.StringIO()
    stderr = handler.setStream(written)
    yield written
    handler.setStream(stderr)


def test_a_forbidden_request_is_logged_as_one_line(match, console):
    match.set_share_link("view", True)
    match.refresh_from_db()
    watcher = Client()
    watcher.get(reverse("scorekeeper:share_open", args=[match.view_token]))
    share = reverse("scorekeeper:match_share", args=[match.pk])
    assert watcher.get(share).status_code == 403
    assert console.getvalue() == f"Forbidden (Permission denied): {share}\n"


def test_a_wrong_host_is_logged_without_a_traceback(db, console):
    assert Client(HTTP_HOST="evil.example").get("/").status_code == 400
    [line] = console.getvalue().splitlines()
    assert line.startswith("Invalid HTTP_HOST header: 'evil.example'.")


def test_a_server_error_is_still_logged_with_its_traceback(db, console, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("the rules table broke")

    monkeypatch.setattr(scorekeeper.views.pages, "Rules", broken)
    client = Client(raise_request_exception=False)
    assert client.get(reverse("scorekeeper:rules")).status_code == 500
    logged = console.getvalue()
    assert logged.startswith("Internal Server Error: /rules/\nTraceback (most recent call last):")
    assert "RuntimeError: the rules table broke" in logged
