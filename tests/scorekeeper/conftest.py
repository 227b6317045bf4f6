"""Fixtures for the app's tests."""

import pytest

from .match_helpers import create_match, set_upcard


@pytest.fixture
def match(client, db):
    """A fresh match between Alice (seat 0, dealing first) and Bob, owned by `client`."""
    return create_match(client)


@pytest.fixture
def dealing(client, match):
    """The match with its first upcard (6♦, limit 6) picked: ready for the hands."""
    set_upcard(client, match, "6D")
    return match
