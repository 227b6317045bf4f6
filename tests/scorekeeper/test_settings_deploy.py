"""Production settings pass Django's deployment checklist with no warnings."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def assert_check_deploy_is_clean(env: dict[str, str]) -> None:
    """Run `manage.py check --deploy` under `env`; it must report no issue, warnings included."""
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_settings_pass_check_deploy():
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "k8!Vq2#pLr9$Zx4@Wm7^Tn3&Yb6*Hc1(Jd5)Fg0_Se8+Ua2=Oi9-Pl4",
        "ALLOWED_HOSTS": "gin.example.org",
        "REQUIRE_SECRET_KEY": "1",
    }
    env.pop("DATABASE_URL", None)
    assert_check_deploy_is_clean(env)


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


# --- `make serve`: safe behind TLS by default, and safe to start twice at once ----------------

SWITCHES = {"DEBUG", "SECURE_SSL_REDIRECT", "SECURE_COOKIES", "INSECURE_HTTP", "SECRET_KEY"}


def recipe(target: str) -> str:
    """Return the Makefile's recipe for `target`, its continued lines joined."""
    makefile = (ROOT / "Makefile").read_text()
    found = re.search(rf"^{re.escape(target)}:.*\n((?:\t.*\n)+)", makefile, flags=re.M)
    assert found, f"no {target} in the Makefile"
    return found[1].replace("\\\n", " ")


def recipe_env(target: str, **given: str) -> dict[str, str]:
    """Return the variables the recipe of `target` sets on its commands, as make gives them
    (`$(NAME)` from the Makefile's `NAME ?= value`, `$${NAME:-value}` from the shell's default),
    with `given` for the ones the caller chooses (the key file)."""
    makefile = (ROOT / "Makefile").read_text()
    env = {}
    for name, value in re.findall(r"\b([A-Z_]+)=(\S+)", recipe(target)):
        if name in given:
            env[name] = given[name]
        elif made := re.fullmatch(r"\$\((\w+)\)", value):
            default = re.search(rf"^{made[1]}\s*[?:]?=\s*(\S+)", makefile, flags=re.M)
            env[name] = default[1] if default else ""
        elif shell := re.fullmatch(r"\$\$\{(\w+):-([^}]*)\}", value):
            env[name] = shell[2]
        else:
            env[name] = value
    return env


def test_make_serve_passes_check_deploy_with_its_own_settings(tmp_path):
    key_file = tmp_path / "key"
    key_file.write_text("k8!Vq2#pLr9$Zx4@Wm7^Tn3&Yb6*Hc1(Jd5)Fg0_Se8+Ua2=Oi9-Pl4\n")
    served = recipe_env("serve", SECRET_KEY_FILE=str(key_file))
    assert served["DEBUG"] == "0"
    env = {k: v for k, v in os.environ.items() if k not in SWITCHES and k != "DATABASE_URL"}
    env.update(served, ALLOWED_HOSTS="gin.example.org", REQUIRE_SECRET_KEY="1")
    assert_check_deploy_is_clean(env)


SECURITY = (
    "from django.conf import settings as s; "
    "print(s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, "
    "s.LANGUAGE_COOKIE_SECURE)"
)


def test_the_production_settings_are_for_tls_unless_plain_http_is_asked_for():
    code = "import django; django.setup(); " + SECURITY
    settings = {"DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "0"}
    assert run_python(code, **settings).stdout.split() == ["True"] * 4
    plain = run_python(code, **settings, INSECURE_HTTP="1")
    assert plain.stdout.split() == ["False"] * 4, plain.stderr


def test_make_serve_local_is_make_serve_for_plain_http():
    assert re.search(r"\$\(MAKE\).* serve INSECURE_HTTP=1\b", recipe("serve-local"))
    assert "INSECURE_HTTP=$(INSECURE_HTTP)" in recipe("serve")
    assert re.search(r"^INSECURE_HTTP \?= 0$", (ROOT / "Makefile").read_text(), flags=re.M)


def prepare(tmp_path: Path) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k not in SWITCHES}
    env.update(
        DEBUG="0",
        STATIC_ROOT=str(tmp_path / "static"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
    )
    return subprocess.Popen(
        [sys.executable, "manage.py", "prepare_to_serve"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def finished(process: subprocess.Popen) -> tuple[int, str]:
    output, _ = process.communicate(timeout=300)
    return process.returncode, output


def test_make_serve_started_twice_at_once_starts_both(tmp_path):
    assert "manage.py prepare_to_serve" in recipe("serve")
    first, second = prepare(tmp_path), prepare(tmp_path)
    assert finished(first) == (0, "")
    assert finished(second) == (0, "")
    static = tmp_path / "static"
    manifest = json.loads((static / "staticfiles.json").read_text())
    assert manifest["paths"] and all(
        (static / name).is_file() for name in manifest["paths"].values()
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == [".static.lock", "db.sqlite3", "static"]


def test_a_server_already_running_never_finds_a_static_file_missing(tmp_path):
    assert finished(prepare(tmp_path))[0] == 0
    static = tmp_path / "static"
    served = [
        static / name
        for name in json.loads((static / "staticfiles.json").read_text())["paths"].values()
    ]
    again = prepare(tmp_path)
    missing: set[str] = set()
    while again.poll() is None:  # as the first server reads its files, the second starts
        missing |= {path.name for path in served if not path.is_file()}
        if not (static / "staticfiles.json").is_file():
            missing.add("staticfiles.json")
    assert finished(again)[0] == 0
    assert not missing
