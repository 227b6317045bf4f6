"""Get ready to serve: the static files collected and the database migrated, safe to run twice.

`make serve` runs this before gunicorn. Two servers started at the same moment in one checkout
both run it; with a bare `collectstatic` the second failed (the first's post-processing deletes
and writes each hashed file again, and a file vanished under the second) and never served.
So the steps run under one lock beside STATIC_ROOT (`flock`: the second waits for the first),
and the files are collected into a new folder first, then moved into STATIC_ROOT one by one
with an atomic rename, the manifest last: a server already running never finds a file missing,
nor a manifest naming a file not yet there.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

MANIFEST = "staticfiles.json"


class Command(BaseCommand):
    help = "Collect the static files and migrate, under a lock: safe to run twice at once."

    def handle(self, *args, **options) -> None:
        root = Path(settings.STATIC_ROOT)
        root.parent.mkdir(parents=True, exist_ok=True)
        with open(root.parent / f".{root.name}.lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            collect(root)
            call_command("migrate", interactive=False, verbosity=0)


def collect(root: Path) -> None:
    """Collect the static files into a new folder beside `root`, then move them into it."""
    fresh = Path(tempfile.mkdtemp(dir=root.parent, prefix=f".{root.name}."))
    try:
        # A process of its own: the storage reads STATIC_ROOT once, from the environment.
        done = subprocess.run(
            [
                sys.executable,
                settings.BASE_DIR / "manage.py",
                "collectstatic",
                "--noinput",
                "-v",
                "0",
            ],
            env={**os.environ, "STATIC_ROOT": str(fresh)},
            cwd=settings.BASE_DIR,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise CommandError(f"collectstatic failed:\n{done.stdout}{done.stderr}")
        files = sorted(path for path in fresh.rglob("*") if path.is_file())
        files.sort(key=lambda path: path.name == MANIFEST)  # the manifest last
        for path in files:
            target = root / path.relative_to(fresh)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(path, target)
    finally:
        shutil.rmtree(fresh, ignore_errors=True)
