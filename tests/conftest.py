"""Test-wide settings: only what the test run must change."""

import pytest
from django.conf import settings
from django.test import override_settings

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
