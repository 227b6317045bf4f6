"""Helpers for tests that serve the site for real: gunicorn (or `make serve`) in a subprocess
with the production settings, on a spare port of 127.0.0.1, and a small cookie-keeping client.
"""

from __future__ import annotations

import contextlib
import http.cookiejar
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import dj_database_url
import psycopg
from psycopg import sql

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
PG_URL = os.environ.get("DATABASE_URL_TEST") or "postgres://postgres@127.0.0.1:5432/postgres"
REDIS_URL = os.environ.get("REDIS_URL_TEST") or "redis://127.0.0.1:6379/0"


def free_port() -> int:
    """Return a TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers(host: str, port: int) -> bool:
    """Return whether something accepts connections at host:port within a second."""
    try:
        socket.create_connection((host, port), timeout=1).close()
    except OSError:
        return False
    return True


def production_env(**extra: str) -> dict[str, str]:
    """Return the environment of a production server on plain http at 127.0.0.1."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL", "SECRET_KEY", "SECRET_KEY_FILE", "DEBUG"}
        and not key.startswith(("MAKE", "MFLAGS"))
    }
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "0",
            "SECURE_SSL_REDIRECT": "0",
            "SECURE_COOKIES": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1",
            "PYTHONPATH": str(REPO),
        }
    )
    env.update(extra)
    return env


def manage(env: dict[str, str], *args: str) -> None:
    """Run `manage.py args` in the repository with `env`; fail with its output if it fails."""
    result = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


@contextlib.contextmanager
def serving(command: list[str], env: dict[str, str], port: int, log: Path) -> Iterator[str]:
    """Run `command` until it answers on `port`; yield its base URL; always stop it."""
    with log.open("wb") as output:
        process = subprocess.Popen(
            command,
            cwd=REPO,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: stopping it stops its workers
        )
    try:
        deadline = time.monotonic() + 60
        while not answers("127.0.0.1", port):
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"{command[0]} did not start:\n{log.read_text()}")
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(process)


def stop(process: subprocess.Popen) -> None:
    """Stop a process started in its own session, and everything it started."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


def gunicorn(port: int) -> list[str]:
    """Return the command of one production instance with one worker."""
    return [
        str(BIN / "gunicorn"),
        "config.wsgi:application",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        "1",
        "--no-control-socket",
    ]


class _KeepRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a 302 is an answer to look at, not to follow


class Browser:
    """One client: its cookies, and the address our proxy would forward for it."""

    def __init__(self, forwarded_for: str | None = None) -> None:
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), _KeepRedirects()
        )
        self.forwarded_for = forwarded_for

    def request(
        self, url: str, data: dict | bytes | None = None, json_body: object = None
    ) -> tuple[int, str, dict[str, str]]:
        """Send GET (no data) or POST; return the status, the body and the headers."""
        headers = {}
        if self.forwarded_for:
            headers["X-Forwarded-For"] = self.forwarded_for
        body = None
        if json_body is not None:
            body = json.dumps(json_body).encode()
            headers["Content-Type"] = "application/json"
        elif data is not None:
            body = urllib.parse.urlencode(data).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookie("csrftoken") or ""
        request = urllib.request.Request(url, data=body, headers=headers)
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode(), dict(response.headers)
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(), dict(error.headers)

    def cookie(self, name: str) -> str | None:
        """Return the value of the cookie `name`, if the browser holds one."""
        return next((c.value for c in self.cookies if c.name == name), None)


def postgres_reachable() -> bool:
    """Return whether the PostgreSQL server of PG_URL accepts a connection."""
    config = dj_database_url.parse(PG_URL)
    try:
        psycopg.connect(_conninfo(config), connect_timeout=2).close()
    except psycopg.Error:
        return False
    return True


def _conninfo(config: dict, name: str | None = None) -> str:
    return psycopg.conninfo.make_conninfo(
        host=config["HOST"] or "127.0.0.1",
        port=config["PORT"] or 5432,
        user=config["USER"] or "postgres",
        password=config["PASSWORD"] or None,
        dbname=name or config["NAME"],
    )


@contextlib.contextmanager
def throwaway_database() -> Iterator[str]:
    """Create an empty PostgreSQL database beside PG_URL's; yield its URL; drop it."""
    config = dj_database_url.parse(PG_URL)
    name = f"okgin_serving_{os.getpid()}_{secrets.token_hex(3)}"
    with psycopg.connect(_conninfo(config), autocommit=True) as connection:
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        parts = urllib.parse.urlsplit(PG_URL)
        yield urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(_conninfo(config), autocommit=True) as connection:
            connection.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


def connect(url: str) -> psycopg.Connection:
    """Return an autocommit connection to the database at `url`."""
    return psycopg.connect(_conninfo(dj_database_url.parse(url)), autocommit=True)
