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
