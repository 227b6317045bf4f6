"""Two gunicorn instances on one PostgreSQL database keep one lockout and one set of API counts.

Each instance runs the production settings behind a pretend proxy (TRUSTED_PROXY_HOPS=1), so
that each test run counts for clients of its own (random addresses from the documentation
ranges), whatever else shares the cache. The instances share their counters through the
database cache always, and through Redis when a server answers (otherwise that half is skipped,
with the reason in pytest's summary). The whole module needs PostgreSQL and is skipped without.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher

from .servers import (
    PG_URL,
    REDIS_URL,
    Browser,
    answers,
    connect,
    free_port,
    gunicorn,
    manage,
    postgres_reachable,
    production_env,
    serving,
    throwaway_database,
)

if not postgres_reachable():
    pytest.skip(f"No PostgreSQL server at {PG_URL}", allow_module_level=True)

API_LIMIT = 10
PASSWORD = "a-long-pass-phrase-9"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[dict[str, str]]:
    """A migrated throwaway database and collected static files, as deployment leaves them."""
    folder = tmp_path_factory.mktemp("site")
    with throwaway_database() as url:
        env = {"DATABASE_URL": url, "STATIC_ROOT": str(folder / "static")}
        manage(production_env(**env), "migrate", "--noinput", "-v", "0")
        manage(production_env(**env), "collectstatic", "--noinput", "-v", "0")
        yield env


@pytest.fixture(scope="module", params=["database cache", "redis"])
def instances(request, site, tmp_path_factory) -> Iterator[tuple[str, str]]:
    """Two instances of one site, sharing their counters through the parametrised cache."""
    env = production_env(
        **site,
        TRUSTED_PROXY_HOPS="1",
        # A day-long window: no window ends in the middle of a test.
        API_RATE_LIMIT=f"{API_LIMIT}/86400",
    )
    if request.param == "redis":
        host, port = REDIS_URL.split("//")[1].split("/")[0].split(":")
        if not answers(host, int(port)):
            pytest.skip(f"No Redis server at {REDIS_URL}: the Redis half is skipped")
        env["REDIS_URL"] = REDIS_URL
    logs = tmp_path_factory.mktemp("logs")
    first, second = free_port(), free_port()
    with (
        serving(gunicorn(first), env, first, logs / "a.log") as a,
        serving(gunicorn(second), env, second, logs / "b.log") as b,
    ):
        yield a, b


def new_client() -> Browser:
    """A client at an address of its own (2001:db8::/32 is for documentation)."""
    return Browser(
        forwarded_for=f"2001:db8:{random.getrandbits(16):x}:{random.getrandbits(16):x}::1"
    )


def new_user(site: dict[str, str]) -> str:
    """Create an account with PASSWORD; a cheap hash keeps wrong guesses fast to check."""
    name = f"player{secrets.token_hex(4)}"
    password = PBKDF2PasswordHasher().encode(PASSWORD, secrets.token_hex(8), iterations=1000)
    with connect(site["DATABASE_URL"]) as connection:
        connection.execute(
            "INSERT INTO auth_user (password, is_superuser, username, first_name, last_name, "
            "email, is_staff, is_active, date_joined) "
            "VALUES (%s, false, %s, '', '', '', false, true, now())",
            [password, name],
        )
    return name


def log_in(browser: Browser, base: str, username: str, password: str) -> int:
    """Open the log-in page (for its CSRF cookie), post the form; return the status."""
    browser.request(f"{base}/accounts/login/")
    status, _body, _headers = browser.request(
        f"{base}/accounts/login/", {"username": username, "password": password}
    )
    return status


def test_one_lockout_for_a_username_and_client_across_instances(instances, site):
    a, b = instances
    victim, other = new_user(site), new_user(site)
    attacker = new_client()
    # Five failures, spread over both instances: the fifth locks the pair out on both.
    answers_seen = [log_in(attacker, base, victim, "wrong") for base in (a, b, a, b, a)]
    assert answers_seen == [200, 200, 200, 200, 429]
    assert log_in(attacker, b, victim, PASSWORD) == 429
    assert log_in(attacker, a, victim, PASSWORD) == 429
    # Nobody else is locked out: the player from elsewhere, nor another account from here.
    assert log_in(new_client(), b, victim, PASSWORD) == 302
    assert log_in(attacker, a, other, PASSWORD) == 302


def test_one_set_of_api_counts_across_instances(instances):
    a, b = instances
    client = new_client()
    hand = {"hand": "7h8h9h 2c3c4c ks kd kc 5s 6d"}
    statuses = []
    for call in range(3 * API_LIMIT):
        status, _body, headers = client.request(f"{(a, b)[call % 2]}/api/hand", json_body=hand)
        statuses.append(status)
        if status == 429:
            break
    assert statuses == [200] * API_LIMIT + [429]
    assert int(headers["Retry-After"]) > 0
    for base in (a, b):
        assert client.request(f"{base}/api/hand", json_body=hand)[0] == 429
    assert new_client().request(f"{b}/api/hand", json_body=hand)[0] == 200
