"""`manage.py adjudicate [FILE ...]`: the engine's command line, `python -m adjudication`.

JSON lines in (the files, or standard input), JSON lines out: one answer per request, in
order, exactly as `python -m adjudication` and the API answer them.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import IO

from django.core.management.base import BaseCommand, CommandError

from adjudication.cli import run


def _lines(stream: IO) -> Iterator[bytes]:
    """Yield the lines of a binary or text stream as bytes, as the engine's reader takes them."""
    source = getattr(stream, "buffer", stream)
    for line in source:
        yield line if isinstance(line, bytes) else line.encode("utf-8")


class Command(BaseCommand):
    help = (
        "Adjudicate Oklahoma Gin hands and knocks: JSON lines in, JSON lines out "
        "(the same as python -m adjudication)."
    )
    stealth_options = ("stdin",)  # call_command(..., stdin=...) in tests, as createsuperuser

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "files", nargs="*", help="files of JSON lines to answer (default: standard input)"
        )

    def handle(self, *args, files: list[str], **options) -> None:
        out = self.stdout
        stdin = options.get("stdin") or sys.stdin
        if not files:
            run(_lines(stdin), out)
            return
        for name in files:
            try:
                with open(name, "rb") as handle:
                    run(handle, out)
            except OSError as error:
                raise CommandError(f"cannot read {name}: {error.strerror}") from None
