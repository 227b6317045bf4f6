"""What the web benchmarks share: a seeded database, and gunicorn serving it on 127.0.0.1.

`prepared_site()` makes a temporary folder with a fresh SQLite database and its own
`collectstatic` output (so `make serve`'s `staticfiles/` is never touched), seeds one match of
40 recorded deals with an upcard on the 41st, and crafts a session that owns the match.
`gunicorn()` serves that site with the production settings plus a bare view
(`benchmarks/bench_settings.py`), and always stops the server it started.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SEED = 20261129
DEALS = 40


@dataclasses.dataclass(frozen=True)
class Site:
    """A prepared site: the environment gunicorn needs and what was seeded."""

    env: dict[str, str]
    match_pk: int
    version: int
    cards_deal: int
    cookie: str
    csrf: str
    upcard: str
    knocker: str
    opponent: str


def _django_env(folder: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "benchmarks.bench_settings",
        "DATABASE_URL": f"sqlite:///{folder / 'bench.sqlite3'}",
        "BENCH_STATIC_ROOT": str(folder / "static"),
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DEBUG": "0",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_COOKIES": "0",
        "PYTHONPATH": str(REPO),
    }


@contextlib.contextmanager
def prepared_site() -> Iterator[Site]:
    """Yield a seeded site in a temporary folder, removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="okgin-bench-"))
    try:
        env = _django_env(folder)
        os.environ.update(env)
        sys.path.insert(0, str(REPO))
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)
        call_command("collectstatic", verbosity=0, interactive=False)
        yield _seed(env)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# Knocker hands with little deadwood; the opponent gets ten random cards of the rest.
KNOCKERS = [
    "AS 2S 3S 7H 8H 9H KC KD KH 4D",
    "5C 6C 7C 8C JD JH JS 2H 3H 4H",
    "9D TD JD QD 4S 4H 4C AH 2C 3D",
    "3S 3H 3D 6H 7H 8H 9H AC 2D 5S",
]


def _seed(env: dict[str, str]) -> Site:
    """Create a match of DEALS recorded deals (cards, quick and draws) through the models."""
    from importlib import import_module

    from django.conf import settings

    from adjudication import ALL_CARDS, DEFAULT_RULES, Card, parse_cards
    from scorekeeper import actions
    from scorekeeper.actions import DealFacts
    from scorekeeper.models import Deal, Match, Player
    from scorekeeper.standing import Standing

    rng = random.Random(SEED)
    rules = dataclasses.replace(DEFAULT_RULES, target=1000)
    match = Match.objects.create(
        player_a=Player.objects.create(name="Alice"),
        player_b=Player.objects.create(name="Bob"),
        rules=rules.to_dict(),
        first_dealer=0,
    )
    match.set_share_link("view", enabled=True)
    match.set_share_link("edit", enabled=True)
    faces = [card for card in ALL_CARDS if card.rank.value >= 10]
    cards_deal = 0
    for number in range(1, DEALS + 1):
        kind = "draw" if number % 7 == 0 else "quick" if number % 3 == 0 else "cards"
        seat = number % 2
        knocker = parse_cards(rng.choice(KNOCKERS))
        upcard = rng.choice([card for card in faces if card not in knocker])
        actions.set_upcard(match, upcard)
        if kind == "draw":
            facts = DealFacts(entry=Deal.Entry.DRAW)
        elif kind == "quick":
            facts = DealFacts(
                entry=Deal.Entry.QUICK,
                upcard=upcard,
                knocker=seat,
                knocker_deadwood=rng.randint(0, 10),
                opponent_deadwood=rng.randint(5, 40),
            )
        else:
            rest = [card for card in ALL_CARDS if card not in knocker and card != upcard]
            facts = DealFacts(
                entry=Deal.Entry.CARDS,
                upcard=upcard,
                knocker=seat,
                knocker_cards=knocker,
                opponent_cards=tuple(rng.sample(rest, 10)),
            )
        deal = actions.record(match, number, facts)
        if kind == "cards":
            cards_deal = deal.pk  # pages address a deal by its id
        assert deal.status == Deal.Status.RECORDED, (number, deal.verdict)
    assert not Standing.of(match).finished, Standing.of(match).totals
    actions.set_upcard(match, Card.parse("KD"))
    match.refresh_from_db()

    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session["matches"] = [match.pk]
    session.create()
    csrf = secrets.token_hex(16)  # an unmasked CSRF secret: 32 characters
    # The preview: the knocker's 10 cards and the opponent's 10, as after the 20th tap.
    knocker = "7H 8H 9H 2C 3C 4C KS KH KC 5S"
    opponent = "AS 2S 3S 4H 5H 6H 7C 7D 9D QH"
    return Site(
        env=env,
        match_pk=match.pk,
        version=match.version,
        cards_deal=cards_deal,
        cookie=f"{settings.SESSION_COOKIE_NAME}={session.session_key}; csrftoken={csrf}",
        csrf=csrf,
        upcard="KD",
        knocker=knocker,
        opponent=opponent,
    )


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def gunicorn(site: Site, *, workers: int = 2, quiet: bool = False) -> Iterator[str]:
    """Serve the site with gunicorn on 127.0.0.1; yield its base URL; always stop it.

    `quiet` drops the server's log (a run that expects 404s it would print every time)."""
    with gunicorn_server(site, workers=workers, quiet=quiet) as (base, _server):
        yield base


def worker_pids(server: subprocess.Popen) -> list[int]:
    """Return the process ids of the gunicorn master's workers (Linux: read from /proc)."""
    pids = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(
                line.split(":", 1) for line in status.read_text().splitlines() if ":" in line
            )
        except OSError:  # the process ended meanwhile
            continue
        if int(fields["PPid"]) == server.pid:
            pids.append(int(status.parent.name))
    return sorted(pids)


def resident_kib(pid: int) -> int:
    """Return the process's resident memory (VmRSS) in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


@contextlib.contextmanager
def gunicorn_server(
    site: Site, *, workers: int = 2, quiet: bool = False
) -> Iterator[tuple[str, subprocess.Popen]]:
    """Serve the site with gunicorn on 127.0.0.1; yield its base URL and the master process;
    always stop it."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi:application",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--no-control-socket",
        "--log-level",
        "warning",
    ]
    # A session of its own, so that stopping it reaches the workers and nothing else.
    server = subprocess.Popen(
        command,
        cwd=REPO,
        env=site.env,
        start_new_session=True,
        stderr=subprocess.DEVNULL if quiet else None,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(server, base)
        yield base, server
    finally:
        _stop(server)


def _wait_until_up(server: subprocess.Popen, base: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {server.returncode}")
        try:
            with urllib.request.urlopen(base + "/bench/bare/", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not answer within 30 s")


def _stop(server: subprocess.Popen) -> None:
    if server.poll() is not None:
        return
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def stop_on_sigterm() -> None:
    """Turn SIGTERM into SystemExit, so that `finally` blocks stop the server."""

    def _exit(signum, frame):
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, _exit)
