"""`make serve` keeps its secret key in a file across restarts: a browser's matches survive.

An anonymous player's matches are proven by their session, which is signed with the key: a
server that made a new key at each start would lose every anonymous match at every restart.
"""

from __future__ import annotations

import re
import stat
import subprocess

from adjudication import DEFAULT_RULES

from .servers import REPO, Browser, free_port, production_env, serving

# A new match with the default house rules (a switch left off is not posted at all).
NEW_MATCH = {
    "player_a_name": "Ann",
    "player_b_name": "Bea",
    "first_dealer": "0",
    **{name: value for name, value in DEFAULT_RULES.to_dict().items() if value is not False},
}


def make_serve(tmp_path, port: int) -> tuple[list[str], dict[str, str]]:
    env = production_env(
        PORT=str(port),
        WORKERS="1",
        SECRET_KEY_FILE=str(tmp_path / "secret_key"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        STATIC_ROOT=str(tmp_path / "static"),
    )
    del env["SECRET_KEY"]
    return ["make", "--no-print-directory", "serve"], env


def test_make_serve_makes_a_key_once_and_keeps_it_across_restarts(tmp_path):
    port = free_port()
    command, env = make_serve(tmp_path, port)
    phone = Browser()
    with serving(command, env, port, tmp_path / "first.log") as base:
        phone.request(f"{base}/matches/new/")
        status, _body, headers = phone.request(f"{base}/matches/new/", NEW_MATCH)
        assert status == 302, _body[:500]
        scoreboard = base + headers["Location"]
        assert re.fullmatch(r".*/matches/\d+/", scoreboard)
        assert phone.request(scoreboard)[0] == 200
    key_file = tmp_path / "secret_key"
    key = key_file.read_text()
    assert len(key.strip()) >= 50
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600  # readable by its owner only

    with serving(command, env, port, tmp_path / "second.log"):
        # The session made before the restart still proves the match is this phone's.
        assert phone.request(scoreboard)[0] == 200
    assert key_file.read_text() == key


def test_make_run_uses_the_same_key_file(tmp_path):
    key_file = tmp_path / "secret_key"
    env = production_env(SECRET_KEY_FILE=str(key_file))
    del env["SECRET_KEY"]
    dry_run = subprocess.run(
        ["make", "--no-print-directory", "-n", "run"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert f"SECRET_KEY_FILE={key_file} " in dry_run.stdout
    assert "runserver" in dry_run.stdout
