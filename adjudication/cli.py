"""The command line: ``python -m adjudication`` answers JSON lines on stdin.

One request per line (see :mod:`adjudication.protocol`), one answer per line, in order. A bad
line gets ``{"error": ..., "line": N}`` (N counts from 1, blank lines included) and the next
line is read as usual.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Iterable
from typing import IO, Any

from adjudication.protocol import answer_line

__all__ = ["main", "run"]


def run(lines: Iterable[bytes], out: IO[str]) -> None:
    """Answer each line of ``lines`` on ``out``; blank lines are skipped but counted."""
    for number, raw in enumerate(lines, start=1):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            result: dict[str, Any] = {"error": "line is not UTF-8 text", "line": number}
        else:
            if not line.strip():
                continue
            result = answer_line(line, number)
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        out.flush()


def main(argv: list[str] | None = None) -> int:
    """Run the command line on stdin and stdout; return the exit status (0)."""
    parser = argparse.ArgumentParser(
        prog="python -m adjudication",
        description="Adjudicate Oklahoma Gin hands and knocks: JSON lines in, JSON lines out.",
        epilog='example: echo \'{"hand": "7h8h9h 2c3c4c ks kd kc 5s", "upcard": "6D"}\' '
        "| python -m adjudication",
    )
    parser.parse_args(argv)
    out = sys.stdout
    if isinstance(out, io.TextIOWrapper):
        out.reconfigure(encoding="utf-8")
    run(sys.stdin.buffer, out)
    return 0
