"""Test-wide settings, and the people the tests play.

The personas, as every test meets them (one set, one meaning each):

- `alice` owns the match (`alices_match`, Alice against Bob, both share links on);
- `bob` holds its edit link, `carol` its view link: neither has an account;
- `dave` has an account of his own, and no link to Alice's match: a stranger to it;
- `anonymous` is a browser with neither account nor link.

Each is a `Persona`: the account (None without one), its password, and the persona's own
browser (a Django test `Client`).
"""

import os
from dataclasses import dataclass

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client, override_settings
from django.urls import reverse

# The fixtures through which a test reaches the database (pytest-django refuses it any other
# way). A test that asks none of them runs alike on every database.
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


def touches_the_database(item: pytest.Item) -> bool:
    """Whether a test may use the database: it asks for it, itself or through a fixture it
    uses, or is marked for it."""
    names = set(getattr(item, "fixturenames", ()))
    return bool(DATABASE_FIXTURES & names) or item.get_closest_marker("django_db") is not None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With DATABASE_TESTS_ONLY=1 (`make test`'s second run, on PostgreSQL), only the tests
    that touch the database: the others ran already, and would run there as they did."""
    if os.environ.get("DATABASE_TESTS_ONLY") != "1":
        return
    touching = {id(item): touches_the_database(item) for item in items}
    alike = [item for item in items if not touching[id(item)]]
    if alike:
        config.hook.pytest_deselected(items=alike)
        items[:] = [item for item in items if touching[id(item)]]


# The rate limits' counters in this process's memory: the autouse fixture below can empty them
# without a database, and a developer's REDIS_URL is never touched. The shared backends have
# tests of their own (tests/serving/, test_limits.py).
LOCAL_LIMITS = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "limits"}


@pytest.fixture(scope="session", autouse=True)
def _test_settings():
    # The manifest storage needs collectstatic first; the test server speaks plain http.
    with override_settings(
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        },
        SECURE_SSL_REDIRECT=False,
        # Hashing speed is not what these tests are about.
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
        CACHES={
            "default": LOCAL_LIMITS,
            "limits": LOCAL_LIMITS,
            "fragments": settings.CACHES["fragments"],
        },
    ):
        yield


@pytest.fixture(autouse=True)
def _fresh_cache():
    # Rate limits live in the cache: each test starts with none spent.
    from django.core.cache import caches

    for alias in ("limits", "fragments"):
        caches[alias].clear()
    yield


@pytest.fixture(autouse=True)
def _default_language():
    # A request with a language cookie leaves its language active in this thread (Django's
    # LocaleMiddleware never deactivates it): the next test starts in the default one again.
    yield
    from django.utils import translation

    translation.deactivate()


# --- The personas ------------------------------------------------------------------------------


@dataclass
class Persona:
    """One of the people the tests play: their account (None without one), its password, and
    their own browser."""

    user: AbstractBaseUser | None
    password: str
    client: Client


def account(username: str) -> Persona:
    """Return a persona with an account of that name, logged in on a browser of their own."""
    password = f"{username}'s long pass phrase"
    user = get_user_model().objects.create_user(username, password=password)
    client = Client()
    client.force_login(user)
    return Persona(user, password, client)


@pytest.fixture
def alice(db) -> Persona:
    """The owner: an account, logged in."""
    return account("alice")


@pytest.fixture
def dave(db) -> Persona:
    """Another account, logged in: a stranger to Alice's match."""
    return account("dave")


@pytest.fixture
def anonymous(db) -> Persona:
    """A browser with neither an account nor a link."""
    return Persona(None, "", Client())


@pytest.fixture
def alices_match(alice):
    """Alice's match against Bob (Alice deals first), with its view and edit links on."""
    from tests.scorekeeper.match_helpers import create_match

    match = create_match(alice.client, "Alice", "Bob")
    match.set_share_link("view", True)
    match.set_share_link("edit", True)
    match.refresh_from_db()
    return match


def link_holder(token: str) -> Persona:
    client = Client()
    client.get(reverse("scorekeeper:share_open", args=[token]))
    return Persona(None, "", client)


@pytest.fixture
def bob(alices_match) -> Persona:
    """The edit-link holder of Alice's match, without an account."""
    return link_holder(alices_match.edit_token)


@pytest.fixture
def carol(alices_match) -> Persona:
    """The view-link holder of Alice's match, without an account."""
    return link_holder(alices_match.view_token)
