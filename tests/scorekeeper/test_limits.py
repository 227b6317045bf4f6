"""Rate limits that stop attackers, not players.

Log-in failures count per username and client (site and admin log-in alike); the API, sign-up
and password change have limits of their own; every limiter finds the client by the same
function, which trusts X-Forwarded-For only as far as the configured proxy hops.
"""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.db import connections
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse

from scorekeeper.limits import client_ip
from tests.accounts import PASSWORD, log_in

LOCKED = "Too many failed log-in attempts. Try again in 15 minutes."


def user(name: str, **extra):
    return get_user_model().objects.create_user(name, password=PASSWORD, **extra)


def fail(client: Client, username: str, times: int, url: str = "") -> None:
    """Log in with a wrong password `times` times; the fifth failure locks the pair out."""
    for attempt in range(1, times + 1):
        response = log_in(client, username, "wrong", url)
        assert response.status_code == (200 if attempt < 5 else 429), (attempt, response)


def logged_in_as(client: Client) -> str | None:
    user_id = client.session.get("_auth_user_id")
    return get_user_model().objects.get(pk=user_id).username if user_id else None


# --- the client address ----------------------------------------------------------------------


def request_from(remote: str, forwarded: str | None = None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


@override_settings(TRUSTED_PROXY_HOPS=0)
def test_without_trusted_proxies_the_header_is_ignored():
    assert client_ip(request_from("203.0.113.7", "198.51.100.1")) == "203.0.113.7"


@pytest.mark.parametrize(
    ("hops", "forwarded", "expected"),
    [
        (1, "198.51.100.1", "198.51.100.1"),
        # Whatever the client wrote itself stands left of what our proxy appended.
        (1, "10.9.9.9, 192.0.2.66, 198.51.100.1", "198.51.100.1"),
        (1, "198.51.100.1,198.51.100.2", "198.51.100.2"),
        (2, "10.9.9.9, 198.51.100.1, 192.0.2.200", "198.51.100.1"),
        # Fewer entries than hops: the request skipped the outer proxy; the first is the client.
        (2, "198.51.100.1", "198.51.100.1"),
        # No header at all: the connection's peer.
        (1, None, "203.0.113.7"),
        # Not an address: the peer, rather than a name the client chose.
        (1, "unknown", "203.0.113.7"),
        (1, "198.51.100.1, not-an-ip", "203.0.113.7"),
    ],
)
def test_the_client_is_taken_from_the_trusted_hops_from_the_right(hops, forwarded, expected):
    with override_settings(TRUSTED_PROXY_HOPS=hops):
        assert client_ip(request_from("203.0.113.7", forwarded)) == expected


def test_an_ipv6_client_counts_as_its_64_network():
    # One household's /64 is one client: rotating through it must not reset the counts.
    assert client_ip(request_from("2001:db8:1:2:aaaa::1")) == "2001:db8:1:2::"
    assert client_ip(request_from("2001:db8:1:2:bbbb::9")) == "2001:db8:1:2::"
    assert client_ip(request_from("::ffff:198.51.100.4")) == "198.51.100.4"


# --- log-in ----------------------------------------------------------------------------------


def test_login_is_refused_per_username_and_client_after_five_failures(db):
    user("carol")
    attacker = Client(REMOTE_ADDR="198.51.100.1")
    fail(attacker, "carol", 4)
    fifth = log_in(attacker, "carol", "wrong")
    assert fifth.status_code == 429 and LOCKED in fifth.content.decode()
    response = log_in(attacker, "carol", PASSWORD)
    assert response.status_code == 429
    assert LOCKED in response.content.decode()
    assert int(response["Retry-After"]) == 15 * 60
    assert logged_in_as(attacker) is None


def test_correct_password_from_another_client_is_not_refused(db):
    user("carol")
    fail(Client(REMOTE_ADDR="198.51.100.1"), "carol", 8)
    phone = Client(REMOTE_ADDR="198.51.100.2")
    assert log_in(phone, "carol", PASSWORD).status_code == 302
    assert logged_in_as(phone) == "carol"


def test_correct_password_of_another_account_is_not_refused_after_many_failures(db):
    # Today's bug: 20 failures from one address, over any accounts, locked everyone there out.
    user("erin")
    shared = Client(REMOTE_ADDR="198.51.100.1")
    for name in ("ann", "bob", "cid", "dan", "eve", "fay"):
        fail(shared, name, 4)
    assert log_in(shared, "erin", PASSWORD).status_code == 302
    assert logged_in_as(shared) == "erin"


@override_settings(TRUSTED_PROXY_HOPS=1)
def test_behind_a_proxy_players_are_told_apart_by_the_forwarded_address(db):
    user("carol")
    proxy = {"REMOTE_ADDR": "127.0.0.1"}
    attacker = Client(**proxy, HTTP_X_FORWARDED_FOR="198.51.100.1")
    fail(attacker, "carol", 5)
    assert log_in(attacker, "carol", PASSWORD).status_code == 429
    player = Client(**proxy, HTTP_X_FORWARDED_FOR="198.51.100.2")
    assert log_in(player, "carol", PASSWORD).status_code == 302
    # Writing the player's address in front does not make the attacker the player.
    disguised = Client(**proxy, HTTP_X_FORWARDED_FOR="198.51.100.2, 198.51.100.1")
    assert log_in(disguised, "carol", PASSWORD).status_code == 429


def test_a_successful_login_forgets_the_earlier_failures(db):
    user("carol")
    phone = Client(REMOTE_ADDR="198.51.100.1")
    fail(phone, "carol", 4)
    assert log_in(phone, "carol", PASSWORD).status_code == 302
    phone.post(reverse("logout"))
    fail(phone, "carol", 4)
    assert log_in(phone, "carol", PASSWORD).status_code == 302


def test_admin_login_is_limited_and_shares_the_count_with_the_site_login(db):
    user("root", is_staff=True, is_superuser=True)
    admin_login = reverse("admin:login")
    attacker = Client(REMOTE_ADDR="198.51.100.1")
    fail(attacker, "root", 3, admin_login)
    fail(attacker, "root", 1)
    assert log_in(attacker, "root", "wrong", admin_login).status_code == 429
    response = log_in(attacker, "root", PASSWORD, admin_login)
    assert response.status_code == 429
    assert "_auth_user_id" not in attacker.session
    other = Client(REMOTE_ADDR="198.51.100.2")
    assert log_in(other, "root", PASSWORD, admin_login).status_code == 302


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("sn", "Waedza kupinda kakawanda zvikaramba. Edza zvakare mushure memaminitsi 15."),
        ("fi", "Liian monta epäonnistunutta kirjautumisyritystä."),
    ],
)
def test_the_lockout_speaks_the_players_language(db, language, message):
    user("carol")
    phone = Client(REMOTE_ADDR="198.51.100.1", HTTP_ACCEPT_LANGUAGE=language)
    fail(phone, "carol", 5)
    response = log_in(phone, "carol", PASSWORD)
    body = response.content.decode()
    assert response.status_code == 429
    assert f'lang="{language}"' in body and message in body
    assert LOCKED not in body


# --- password change and sign-up -------------------------------------------------------------


def change_password(client: Client, old: str, new: str = "another-long-phrase-7"):
    return client.post(
        reverse("password_change"),
        {"old_password": old, "new_password1": new, "new_password2": new},
    )


def test_password_change_is_refused_after_five_wrong_old_passwords(db):
    dora = user("dora")
    stolen = Client(REMOTE_ADDR="198.51.100.1")
    stolen.force_login(dora)
    for _ in range(5):
        assert change_password(stolen, "guess").status_code == 200
    response = change_password(stolen, PASSWORD)
    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()
    dora.refresh_from_db()
    assert dora.check_password(PASSWORD)
    # The count is the account's: another session of it, elsewhere, guesses no further.
    other = Client(REMOTE_ADDR="198.51.100.2")
    other.force_login(dora)
    assert change_password(other, "guess").status_code == 429


def test_password_change_counts_only_wrong_old_passwords(db):
    # A player trying new passwords the validators refuse is not an attacker.
    dora = user("dora")
    phone = Client()
    phone.force_login(dora)
    for _ in range(8):
        assert change_password(phone, PASSWORD, "123").status_code == 200
    assert change_password(phone, PASSWORD).status_code == 302
    dora.refresh_from_db()
    assert dora.check_password("another-long-phrase-7")


def test_password_change_of_another_account_is_not_limited(db):
    dora, finn = user("dora"), user("finn")
    phone = Client(REMOTE_ADDR="198.51.100.1")
    phone.force_login(dora)
    for _ in range(5):
        change_password(phone, "guess")
    phone.force_login(finn)
    assert change_password(phone, PASSWORD).status_code == 302


def sign_up(client: Client, name: str, password2: str = PASSWORD):
    return client.post(
        reverse("signup"), {"username": name, "password1": PASSWORD, "password2": password2}
    )


@override_settings(SIGNUP_RATE_LIMIT=(3, 3600))
def test_signup_is_limited_per_client(db):
    phone = Client(REMOTE_ADDR="198.51.100.1")
    for i in range(3):
        assert sign_up(phone, f"bot{i}", "mismatch").status_code == 200
    response = sign_up(phone, "bot9")
    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()
    assert not get_user_model().objects.filter(username="bot9").exists()
    assert sign_up(Client(REMOTE_ADDR="198.51.100.2"), "gina").status_code == 302


@override_settings(SIGNUP_RATE_LIMIT=(1, 3600))
def test_the_refusal_speaks_the_players_language(db):
    phone = Client(REMOTE_ADDR="198.51.100.1", HTTP_ACCEPT_LANGUAGE="sn")
    sign_up(phone, "bot1", "mismatch")
    response = sign_up(phone, "bot2", "mismatch")
    body = response.content.decode()
    assert response.status_code == 429 and 'lang="sn"' in body
    assert "Too many attempts" not in body


@override_settings(TRUSTED_PROXY_HOPS=1, API_RATE_LIMIT=(2, 3600))
def test_the_api_counts_each_client_behind_a_proxy(db):
    def call(forwarded: str) -> int:
        return (
            Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)
            .post(
                reverse("scorekeeper:api_hand"),
                '{"hand": "7h8h9h 2c3c4c ks kd kc 5s 6d"}',
                content_type="application/json",
            )
            .status_code
        )

    assert [call("198.51.100.1") for _ in range(3)] == [200, 200, 429]
    assert call("198.51.100.1, 198.51.100.2") == 200  # appended by our proxy: a new client
    assert call("198.51.100.2, 198.51.100.1") == 429  # a spoofed entry changes nothing


# --- the shared counters ---------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_database_cache_counts_every_concurrent_increment(settings):
    """Concurrent increments of one counter in the database cache are never lost."""
    settings.CACHES = {
        **settings.CACHES,
        "counting": {
            "BACKEND": "scorekeeper.limits.cache.DatabaseCache",
            "LOCATION": "limits_cache",
        },
    }
    cache = caches["counting"]
    cache.set("hits", 0, 60)  # the table outlives transactional tests: start from nothing
    threads, per_thread = 6, 15
    errors: list[BaseException] = []

    def hit() -> None:
        try:
            for _ in range(per_thread):
                caches["counting"].incr("hits")
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connections.close_all()

    workers = [threading.Thread(target=hit) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert errors == []
    assert cache.get("hits") == threads * per_thread
    cache.clear()


@pytest.mark.django_db
def test_database_cache_increment_keeps_the_counters_expiry(settings):
    settings.CACHES = {
        **settings.CACHES,
        "counting": {
            "BACKEND": "scorekeeper.limits.cache.DatabaseCache",
            "LOCATION": "limits_cache",
        },
    }
    cache = caches["counting"]
    cache.add("hits", 1, 900)
    key = cache.make_and_validate_key("hits")

    def expires():
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT expires FROM limits_cache WHERE cache_key = %s", [key])
            return cursor.fetchone()[0]

    before = expires()
    assert cache.incr("hits", 2) == 3
    assert expires() == before and cache.get("hits") == 3
    with pytest.raises(ValueError):
        cache.incr("never-added")
