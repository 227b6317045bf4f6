"""Production settings pass Django's deployment checklist with no warnings."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_production_settings_pass_check_deploy():
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "k8!Vq2#pLr9$Zx4@Wm7^Tn3&Yb6*Hc1(Jd5)Fg0_Se8+Ua2=Oi9-Pl4",
        "ALLOWED_HOSTS": "gin.example.org",
        "REQUIRE_SECRET_KEY": "1",
    }
    env.pop("DATABASE_URL", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = {**os.environ, "DEBUG": "0", "REQUIRE_SECRET_KEY": "1", "SECRET_KEY": ""}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr


def run_python(code: str, **env_changes: str) -> subprocess.CompletedProcess:
    """Run `code` in a fresh interpreter in the repository, without any key in the environment."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"SECRET_KEY", "SECRET_KEY_FILE", "REQUIRE_SECRET_KEY", "DEBUG"}
    }
    env.pop("DATABASE_URL", None)
    env.update(env_changes)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )


def test_the_wsgi_server_refuses_to_start_without_a_key():
    result = run_python("import config.wsgi", DEBUG="0")
    assert result.returncode != 0
    assert "ImproperlyConfigured: SECRET_KEY must be set in production" in result.stderr
    assert "SECRET_KEY_FILE" in result.stderr  # the message says how


def test_the_wsgi_server_refuses_an_empty_key_file(tmp_path):
    empty = tmp_path / "key"
    empty.write_text("\n")
    result = run_python("import config.wsgi", DEBUG="0", SECRET_KEY_FILE=str(empty))
    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr


def test_the_wsgi_server_starts_with_a_key_file(tmp_path):
    key_file = tmp_path / "key"
    key_file.write_text("k8!Vq2#pLr9$Zx4@Wm7^Tn3&Yb6*Hc1(Jd5)Fg0_Se8+Ua2=Oi9-Pl4\n")
    code = "import config.wsgi; from django.conf import settings; print(settings.SECRET_KEY)"
    result = run_python(code, DEBUG="0", SECRET_KEY_FILE=str(key_file))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == key_file.read_text().strip()


def test_a_missing_key_file_is_named():
    result = run_python("import config.wsgi", DEBUG="0", SECRET_KEY_FILE="/nonexistent/key")
    assert result.returncode != 0 and "SECRET_KEY_FILE /nonexistent/key" in result.stderr


def test_management_commands_run_without_a_key_on_a_fresh_clone(tmp_path):
    code = "import sys; from django.core.management import execute_from_command_line as run; "
    code += "run(['manage.py', 'check'])"
    database = f"sqlite:///{tmp_path / 'db.sqlite3'}"  # the checks open the database
    result = run_python(code, DJANGO_SETTINGS_MODULE="config.settings", DATABASE_URL=database)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_no_key_is_built_in():
    # Without a key each process makes its own: nothing signed with a published key.
    code = "import django; django.setup(); from django.conf import settings; "
    code += "print(settings.SECRET_KEY)"
    keys = {
        run_python(code, DJANGO_SETTINGS_MODULE="config.settings").stdout.strip() for _ in range(2)
    }
    assert len(keys) == 2 and all(len(key) >= 50 for key in keys)


def test_the_key_file_is_ignored_by_git():
    result = subprocess.run(
        ["git", "check-ignore", "--no-index", ".secret_key"], cwd=ROOT, capture_output=True
    )
    assert result.returncode == 0
