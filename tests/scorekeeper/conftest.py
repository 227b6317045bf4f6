"""Fixtures for the app's tests."""

import pytest

from .match_helpers import create_match


@pytest.fixture
def match(client, db):
    """A fresh match between Alice (seat 0, dealing first) and Bob, owned by `client`."""
    return create_match(client)
