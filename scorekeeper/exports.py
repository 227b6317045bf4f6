"""CSV exports: one row per recorded deal, with the totals the engine derives for it.

A Hollywood match (`/rules/#hollywood`) has two more columns per game, each player's running
total in that game after the deal, as on the paper sheet: `game1_a`, `game1_b`, ... `game3_b`.
`total_a` and `total_b` are then the sums over the three games. A single-game match has no
such columns; in a file of several matches that holds a Hollywood one, its cells stay empty.

The headers and the words in the cells (the outcome, how the deal was entered) are in the
reader's language, as the pages are. Beside each translated word sits its code, untranslated,
under a fixed header (`outcome_code`, `entry_code`), so that a spreadsheet or a script can
filter on it whatever language the file was downloaded in.
"""

from __future__ import annotations

import csv
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import groupby

from django.http import StreamingHttpResponse
from django.utils.functional import Promise
from django.utils.text import slugify
from django.utils.translation import pgettext, pgettext_lazy

from adjudication import DealLine

from .models import Deal, Match
from .standing import Standing


@dataclass(frozen=True)
class Column:
    """A column of the export: its fixed code, and its header in the reader's language.

    A code column's header is its code, in every language.
    """

    code: str
    title: str | Promise


COLUMNS = (
    Column("match", pgettext_lazy("CSV column", "Match")),
    Column("started", pgettext_lazy("CSV column", "Started")),
    Column("player_a", pgettext_lazy("CSV column", "Player A")),
    Column("player_b", pgettext_lazy("CSV column", "Player B")),
    Column("deal", pgettext_lazy("CSV column", "Deal")),
    Column("dealer", pgettext_lazy("CSV column", "Dealer")),
    Column("entry", pgettext_lazy("CSV column", "Entry")),
    Column("entry_code", "entry_code"),
    Column("upcard", pgettext_lazy("CSV column", "Upcard")),
    Column("knock_limit", pgettext_lazy("CSV column", "Knock limit")),
    Column("knocker", pgettext_lazy("CSV column", "Knocker")),
    Column("knocker_cards", pgettext_lazy("CSV column", "Knocker's cards")),
    Column("opponent_cards", pgettext_lazy("CSV column", "Opponent's cards")),
    Column("knocker_deadwood", pgettext_lazy("CSV column", "Knocker's deadwood")),
    Column("opponent_deadwood", pgettext_lazy("CSV column", "Opponent's deadwood")),
    Column("outcome", pgettext_lazy("CSV column", "Outcome")),
    Column("outcome_code", "outcome_code"),
    Column("winner", pgettext_lazy("CSV column", "Winner")),
    Column("points", pgettext_lazy("CSV column", "Points")),
    Column("counted", pgettext_lazy("CSV column", "Counted")),
    Column("total_a", pgettext_lazy("CSV column", "Total A")),
    Column("total_b", pgettext_lazy("CSV column", "Total B")),
)
CODES = tuple(column.code for column in COLUMNS)
GAMES = 3  # the games of a Hollywood sheet, each with two columns
GAME_CODES = tuple(f"game{number}_{side}" for number in range(1, GAMES + 1) for side in "ab")


def game_titles() -> list[str]:
    """Return the headers of the game columns in the active language, in `GAME_CODES` order."""
    titles = []
    for number in range(1, GAMES + 1):
        titles.append(pgettext("CSV column", "Game %(number)s A") % {"number": number})
        titles.append(pgettext("CSV column", "Game %(number)s B") % {"number": number})
    return titles


@dataclass(frozen=True)
class Words:
    """The export's words in one language, looked up once, while the request's language is
    active: a streamed response writes its rows after the view has returned."""

    header: list[str]
    outcomes: dict[str, str]
    entries: dict[str, str]
    games: list[str]  # the game columns' headers (`GAME_CODES`)

    @classmethod
    def current(cls) -> Words:
        """Return the words in the active language."""
        return cls(
            header=[str(column.title) for column in COLUMNS],
            outcomes={code: str(label) for code, label in Deal.Outcome.choices},
            entries={code: str(label) for code, label in Deal.Entry.choices},
            games=game_titles(),
        )

    def heading(self, games: bool) -> list[str]:
        """Return the header row, with the game columns when `games` (a Hollywood match is
        in the file)."""
        return self.header + self.games if games else self.header


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


def match_rows(
    match: Match, deals: list[Deal], words: Words, *, games: bool | None = None
) -> Iterator[list[object]]:
    """Yield the CSV rows of one match's recorded deals, in order, in the order of `CODES`,
    then of `GAME_CODES` when `games` is true (by default: when the match is a Hollywood
    one), empty for a single-game match.

    Totals, dealers, whether a deal counts and the games' running totals come from the
    match's `Standing`.
    """
    state = Standing.of_deals(match, deals)
    names = [safe_text(str(player)) for player in match.players]

    def name(seat: int | None) -> str:
        return "" if seat is None else names[seat]

    if games is None:
        games = state.hollywood

    def sheet(line: DealLine) -> list[object]:
        if not games:
            return []
        if not state.hollywood:
            return [""] * len(GAME_CODES)
        return [total for pair in line.game_totals for total in pair]

    for deal, line in zip(deals, state.lines, strict=True):
        yield [
            match.pk,
            match.created.isoformat(timespec="seconds"),
            names[0],
            names[1],
            deal.number,
            name(line.dealer),
            words.entries.get(deal.entry, deal.entry),
            deal.entry,
            deal.upcard,
            blank(deal.knock_limit),
            name(deal.knocker),
            deal.knocker_cards,
            deal.opponent_cards,
            blank(deal.knocker_deadwood),
            blank(deal.opponent_deadwood),
            words.outcomes.get(deal.outcome, deal.outcome),
            deal.outcome,
            name(deal.winner),
            deal.points,
            int(line.counted),
            line.totals[0],
            line.totals[1],
            *sheet(line),
        ]


def blank(value: int | None) -> int | str:
    """Return a figure a deal lacks (a draw has no deadwood) as an empty cell."""
    return "" if value is None else value


def deal_rows(
    deals: Iterable[Deal], words: Words, *, games: bool = False
) -> Iterator[list[object]]:
    """Yield the header, then the rows of `deals`, which come ordered match by match; with
    the game columns when `games` (a Hollywood match is among them)."""
    yield words.heading(games)
    for _match_id, group in groupby(deals, key=lambda deal: deal.match_id):
        batch = list(group)
        yield from match_rows(batch[0].match, batch, words, games=games)


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
