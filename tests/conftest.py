"""Test-wide settings: only what the test run must change."""

import pytest
from django.test import override_settings


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
    ):
        yield


@pytest.fixture(autouse=True)
def _fresh_cache():
    # Rate limits live in the cache: each test starts with none spent.
    from django.core.cache import cache

    cache.clear()
    yield
