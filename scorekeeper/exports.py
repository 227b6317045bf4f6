"""CSV exports: one row per recorded deal, with the totals the engine derives for it.

The column names are fixed identifiers for programs (spreadsheets, scripts), so they are not
translated; the values are the stored facts and the verdicts' figures.
"""

from __future__ import annotations

import csv
import unicodedata
from collections.abc import Iterable, Iterator
from itertools import groupby

from django.http import StreamingHttpResponse
from django.utils.text import slugify

from adjudication import play_match

from .models import Deal, Match

COLUMNS = (
    "match",
    "started",
    "player_a",
    "player_b",
    "deal",
    "dealer",
    "entry",
    "upcard",
    "knock_limit",
    "knocker",
    "knocker_cards",
    "opponent_cards",
    "knocker_deadwood",
    "opponent_deadwood",
    "outcome",
    "winner",
    "points",
    "counted",
    "total_a",
    "total_b",
)
# A spreadsheet runs a cell that starts with one of these as a formula (CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_text(value: str) -> str:
    """Return text that a spreadsheet shows as text, never runs as a formula.

    The first character is compared in its compatibility form (NFKC), since spreadsheets read
    a fullwidth "＝" or a small "﹦" as "=" too. The text itself is kept as it was.
    """
    starts_formula = unicodedata.normalize("NFKC", value[:1]).startswith(FORMULA_STARTS)
    return "'" + value if starts_formula else value


class Echo:
    """A file-like object whose write returns the line, for streaming csv.writer output."""

    def write(self, value: str) -> str:
        return value


def match_rows(match: Match, deals: list[Deal]) -> Iterator[list[object]]:
    """Yield the CSV rows of one match's recorded deals, in order.

    Totals, dealers and whether a deal counts come from the engine's `play_match`.
    """
    state = play_match(match.first_dealer, [d.result() for d in deals], match.rules_value)
    names = [safe_text(str(player)) for player in match.players]

    def name(seat: int | None) -> str:
        return "" if seat is None else names[seat]

    for deal, line in zip(deals, state.lines, strict=True):
        yield [
            match.pk,
            match.created.isoformat(timespec="seconds"),
            names[0],
            names[1],
            deal.number,
            name(line.dealer),
            deal.entry,
            deal.upcard,
            blank(deal.knock_limit),
            name(deal.knocker),
            deal.knocker_cards,
            deal.opponent_cards,
            blank(deal.knocker_deadwood),
            blank(deal.opponent_deadwood),
            deal.outcome,
            name(deal.winner),
            deal.points,
            int(line.counted),
            line.totals[0],
            line.totals[1],
        ]


def blank(value: int | None) -> int | str:
    """Return a figure a deal lacks (a draw has no deadwood) as an empty cell."""
    return "" if value is None else value


def deal_rows(deals: Iterable[Deal]) -> Iterator[list[object]]:
    """Yield the header, then the rows of `deals`, which come ordered match by match."""
    yield list(COLUMNS)
    for _match_id, group in groupby(deals, key=lambda deal: deal.match_id):
        batch = list(group)
        yield from match_rows(batch[0].match, batch)


def csv_response(rows: Iterable[list[object]], filename: str) -> StreamingHttpResponse:
    """Stream `rows` as a CSV download named `filename`."""
    writer = csv.writer(Echo())
    response = StreamingHttpResponse(
        (writer.writerow(row) for row in rows), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def filename(*parts: object) -> str:
    """Return a safe file name made of `parts`, ending in .csv."""
    return "-".join(slugify(str(part)) or "x" for part in parts) + ".csv"
