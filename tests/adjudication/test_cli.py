"""``python -m adjudication``: JSON lines in, JSON lines out, bad lines included."""

from __future__ import annotations

import io
import json
import os
import select
import subprocess
import sys
from pathlib import Path

import pytest

from adjudication import AdjudicationError, answer
from adjudication.cli import run, serve

ROOT = Path(__file__).resolve().parents[2]
HAND = ["AS", "2S", "3S", "4H", "5H", "6H", "7C", "7D", "7S", "9H", "KC"]
KNOCKER = "AS 2S 3S 4H 5H 6H 9C 9D 9S 5D"
OPPONENT = "4S 7H 2C KD QD JH 6D 7D 8D 3C"


def run_cli(*lines: str, args: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "ascii"}
    return subprocess.run(
        [sys.executable, "-m", "adjudication", *args],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )


def answers(*lines: str) -> list[dict]:
    result = run_cli(*lines)
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_answers_hand_and_deal_requests_in_order() -> None:
    hand = json.dumps({"hand": HAND, "upcard": "6D"})
    deal = json.dumps({"upcard": "TC", "knocker": KNOCKER, "opponent": OPPONENT})
    first, second, third = answers(hand, deal, hand)
    assert (
        first
        == third
        == {
            "knock_limit": 6,
            "melds": [["AS", "2S", "3S"], ["4H", "5H", "6H"], ["7S", "7D", "7C"]],
            "deadwood": ["9H"],
            "deadwood_points": 9,
            "discard": "KC",
            "can_knock": False,
            "gin": False,
        }
    )
    assert second["result"] == "knock" and second["points"] == 30
    assert list(second) == [
        "knock_limit",
        "legal",
        "result",
        "knocker",
        "opponent",
        "winner",
        "points",
    ]


def test_keeps_going_after_bad_lines_and_numbers_them() -> None:
    good = json.dumps({"hand": HAND})
    lines = [
        good,  # 1
        "",  # 2: blank, skipped but counted
        "{not json",  # 3
        json.dumps({"hand": "1X 2S 3S 4H 5H 6H 7C 7D 7S 9H"}),  # 4
        json.dumps({"hand": "AS 2S 3S"}),  # 5
        json.dumps({"upcard": "TC", "knocker": KNOCKER, "opponent": OPPONENT.replace("4S", "9S")}),
        "[1, 2, 3]",  # 7
        json.dumps({"hand": "AS 2S 3S 4H 5H 6H 7C 7D 7S 7s"}),  # 8
        json.dumps({"upcard": "TC", "knocker": KNOCKER}),  # 9
        json.dumps({"hand": HAND, "rules": {"gin": 20}}),  # 10
        json.dumps({"upcard": "TC", "knocker": KNOCKER, "opponent": OPPONENT}),  # 11
        "   ",  # 12: blank
        '"just a string"',  # 13
    ]
    out = answers(*lines)
    assert len(out) == 11
    errors = {item["line"]: item["error"] for item in out if "error" in item}
    assert sorted(errors) == [3, 4, 5, 6, 7, 8, 9, 10, 13]
    assert errors[3].startswith("invalid JSON")
    assert errors[4] == "unknown card '1X'"
    assert errors[5] == "expected 10 or 11 cards, got 3"
    assert errors[6] == "card 9♠ is in both hands"
    assert errors[7] == "expected a JSON object, got list"
    assert errors[8] == "card 7♠ entered twice"
    assert errors[9] == 'missing "opponent"'
    assert errors[10] == "unknown rule 'gin'"
    assert errors[13] == "expected a JSON object, got str"
    assert out[0]["discard"] == "KC"
    assert out[-2]["result"] == "knock"
    assert all(set(item) == {"error", "line"} for item in out if "error" in item)


def test_illegal_knock_answer_gives_the_reason() -> None:
    opponent = ["6C", "7C", "8C", "JD", "QD", "KD", "TS", "JS", "QS", "2H"]
    deal = {"upcard": "6D", "knocker": "AS2S3S 7h8h9h ac 2d 4c 5d", "opponent": opponent}
    (verdict,) = answers(json.dumps(deal))
    assert verdict["legal"] is False and verdict["result"] == "illegal"
    assert verdict["reason"] == "deadwood 12 > limit 6"
    assert (verdict["opponent"], verdict["winner"], verdict["points"]) == (None, None, 0)


def test_rules_change_the_answer() -> None:
    gin = {"upcard": "TS", "knocker": "AS 2S 3S 4H 5H 6H 9C 9D 9S 9H", "opponent": OPPONENT}
    plain, doubled = answers(
        json.dumps(gin), json.dumps({**gin, "rules": {"spades_double": True, "gin_bonus": 20}})
    )
    assert plain["result"] == doubled["result"] == "gin"
    assert doubled["points"] == 2 * (plain["points"] - 5)


def test_output_is_utf8_whatever_the_locale() -> None:
    result = run_cli(json.dumps({"hand": "AS 2S 3S 4H 5H 6H 7C 7D 7S 7s"}))
    assert json.loads(result.stdout) == {"error": "card 7♠ entered twice", "line": 1}


def test_help_describes_the_command() -> None:
    result = run_cli(args=("--help",))
    assert result.returncode == 0
    assert "JSON lines" in result.stdout


def test_answer_mentions_big_gin_only_with_the_variant() -> None:
    request = {"hand": "AS 2S 3S 4S 5H 6H 7H 9C 9D 9H 9S"}
    assert "big_gin" not in answer(request)
    big = answer({**request, "rules": {"big_gin": True}})
    assert big["big_gin"] is True and big["discard"] is None


def test_answer_accepts_a_hand_without_upcard() -> None:
    assert answer({"hand": HAND})["knock_limit"] == 10


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (
            {},
            (
                'expected a "hand" request, a deal with "knocker" and "opponent", '
                'or a match with "first_dealer" and "deals"'
            ),
        ),
        ({"hand": HAND, "knocker": KNOCKER}, "unknown key 'knocker'"),
        ({"hand": 7}, '"hand" must be a list of cards or a string, got 7'),
        ({"hand": HAND, "upcard": 6}, '"upcard" must be one card, got 6'),
        ({"knocker": KNOCKER, "opponent": OPPONENT}, 'missing "upcard"'),
        (
            {"hand": HAND, "rules": {"target": "100"}},
            "rule 'target' must be a whole number, got '100'",
        ),
        ({"hand": HAND, "rules": []}, "rules must be an object, got []"),
    ],
)
def test_answer_rejects_bad_requests(request_: dict, message: str) -> None:
    with pytest.raises(AdjudicationError) as caught:
        answer(request_)
    assert str(caught.value) == message


def test_each_answer_comes_at_once_to_a_program_that_waits_for_it() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "adjudication"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        cwd=ROOT,
        env=env,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        for upcard, limit in [("6D", 6), ("KC", 10), ("3H", 3)]:
            process.stdin.write(json.dumps({"hand": HAND, "upcard": upcard}).encode() + b"\n")
            process.stdin.flush()
            # The next line is written only once this answer is read: a CLI that held answers
            # back until more input came would leave this read waiting.
            ready, _, _ = select.select([process.stdout], [], [], 30)
            assert ready, "no answer within 30 s"
            assert json.loads(process.stdout.readline())["knock_limit"] == limit
    finally:
        process.stdin.close()
        assert process.wait(timeout=30) == 0


class Source(io.BytesIO):
    """Input that arrives in the given pieces, one per read, as from a pipe."""

    def __init__(self, *pieces: bytes) -> None:
        super().__init__()
        self.pieces = list(pieces)

    def read1(self, size: int = -1) -> bytes:
        return self.pieces.pop(0) if self.pieces else b""


class Sink(io.BytesIO):
    """Output that records what each flush sent."""

    def __init__(self) -> None:
        super().__init__()
        self.flushed: list[bytes] = []
        self.sent = 0

    def flush(self) -> None:
        self.flushed.append(self.getvalue()[self.sent :])
        self.sent = len(self.getvalue())


def test_lines_that_arrive_together_are_answered_in_one_flush() -> None:
    hand = json.dumps({"hand": HAND}).encode()
    sink = Sink()
    serve(Source(hand + b"\n" + hand + b"\n\n" + hand[:10], hand[10:] + b"\n" + hand), sink)
    assert [chunk.count(b"\n") for chunk in sink.flushed] == [2, 1, 1]
    assert len({line for chunk in sink.flushed for line in chunk.splitlines()}) == 1


def test_served_answers_are_the_line_by_line_answers() -> None:
    lines = [
        json.dumps({"hand": HAND}).encode(),
        b"",
        b"{not json",
        b'{"hand": "AS 2S 3S',
        '{"hand": "7\u2660 8\u2660"}'.encode(),
        b"\xff\xfe not utf-8",
        b"   ",
        json.dumps({"upcard": "TC", "knocker": KNOCKER, "opponent": OPPONENT}).encode(),
        b"[1, 2]",
    ]
    data = b"\n".join(lines)  # the last line has no newline
    expected = io.StringIO()
    run(data.splitlines(keepends=True), expected)
    for size in (1, 7, len(data)):
        sink = Sink()
        serve(Source(*[data[i : i + size] for i in range(0, len(data), size)]), sink)
        assert sink.getvalue().decode("utf-8") == expected.getvalue()
    assert len(expected.getvalue().splitlines()) == 7
