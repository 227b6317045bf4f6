"""The command line: ``python -m adjudication`` answers JSON lines on stdin.

One request per line (see :mod:`adjudication.protocol`), one answer per line, in order. A bad
line gets ``{"error": ..., "line": N}`` (N counts from 1, blank lines included) and the next
line is read as usual.

Answers are written in one go for all the lines read at once, and flushed then: a stream of
requests costs one write per block of input, while a program that writes a line and waits
gets its answer at once.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import IO, BinaryIO

from adjudication.protocol import answer_line

__all__ = ["main", "run", "serve"]

_BLOCK = 1 << 16
# One encoder for every answer: json.dumps(..., ensure_ascii=False) builds a new one each call.
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode


def _answer_text(line: str, number: int) -> str | None:
    """The answer to one decoded line (with its newline) as JSON text; None for a blank line."""
    if not line.strip():
        return None
    return _ENCODE(answer_line(line, number))


def _not_utf8(number: int) -> str:
    return _ENCODE({"error": "line is not UTF-8 text", "line": number})


def run(lines: Iterable[bytes], out: IO[str]) -> None:
    """Answer each line of ``lines`` on ``out``; blank lines are skipped but counted.

    Each answer is flushed at once: this is the reader for other programs' streams (``manage.py
    adjudicate``); ``python -m adjudication`` reads with :func:`serve`.
    """
    for number, raw in enumerate(lines, start=1):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            text: str | None = _not_utf8(number)
        else:
            text = _answer_text(line, number)
        if text is not None:
            out.write(text + "\n")
            out.flush()


def serve(source: BinaryIO, sink: BinaryIO) -> None:
    """Answer the JSON lines of ``source`` on ``sink``, as :func:`run` does, in UTF-8.

    Reads whatever input is ready (``read1``), answers every whole line of it, and writes and
    flushes those answers together before waiting for more.
    """
    read = getattr(source, "read1", source.read)
    number = 0
    pending = b""
    while True:
        chunk = read(_BLOCK)
        if chunk:
            data = pending + chunk
            end = data.rfind(b"\n") + 1
            pending, block = data[end:], data[:end]
        else:
            block, pending = pending, b""  # the last line, if it has no newline
            if not block:
                return
        answers = []
        for line in _lines(block):
            number += 1
            text = _answer_text(line, number) if isinstance(line, str) else _not_utf8(number)
            if text is not None:
                answers.append(text)
        if answers:
            answers.append("")
            sink.write("\n".join(answers).encode("utf-8"))
            sink.flush()


def _lines(block: bytes) -> list[str | None]:
    """The lines of ``block``, each with its newline (but a last one without), decoded; None
    for a line that is not UTF-8."""
    try:
        text = block.decode("utf-8")
    except UnicodeDecodeError:
        return [_decoded(raw) for raw in _split(block)]
    lines: list[str | None] = text.split("\n")
    last = lines.pop()
    # Keep the newline: a JSON error at the very end of a line names its column after it.
    lines = [line + "\n" for line in lines]
    if last:
        lines.append(last)
    return lines


def _decoded(raw: bytes) -> str | None:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _split(block: bytes) -> list[bytes]:
    """``block`` cut after each newline, and only there (splitlines also cuts at \\r)."""
    pieces = [piece + b"\n" for piece in block.split(b"\n")]
    pieces[-1] = pieces[-1][:-1]
    return [piece for piece in pieces if piece]


def main(argv: list[str] | None = None) -> int:
    """Run the command line on stdin and stdout; return the exit status (0)."""
    parser = argparse.ArgumentParser(
        prog="python -m adjudication",
        description="Adjudicate Oklahoma Gin hands and knocks: JSON lines in, JSON lines out.",
        epilog='example: echo \'{"hand": "7h8h9h 2c3c4c ks kd kc 5s", "upcard": "6D"}\' '
        "| python -m adjudication",
    )
    parser.parse_args(argv)
    sys.stdout.flush()
    serve(sys.stdin.buffer, sys.stdout.buffer)
    return 0
