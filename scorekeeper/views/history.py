"""Looking back: the visitor's matches (filtered, searched, paged) and one match's score
chart with every deal drawn as cards. Nothing here changes anything.

Which matches a visitor sees is decided by `access`, as everywhere else. Totals and winners
shown for a match are its standing (`scorekeeper.standing`, through the match's `Board`). A
Hollywood match (`/rules/#hollywood`) shows its net and its three games, each deal the games
it went into; a finished match that nobody won is a tie.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import path
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from adjudication import DealLine, Verdict

from .. import access
from ..access import Role
from ..board import Board
from ..board_rows import Row
from ..charts import score_chart
from ..filters import HistoryFilterForm
from ..htmx import HtmxHttpRequest, partial
from ..presenters.summaries import summarise, with_recorded_deals
from .common import visible_with

PAGE_SIZE = 20


@require_GET
@vary_on_headers("HX-Request")
def history_list(request: HtmxHttpRequest) -> HttpResponse:
    """The visitor's matches, newest first: filter by player and status, search by name."""
    matches, form = visible_with(request, HistoryFilterForm)
    found = form.apply(matches).order_by("-created", "-pk")
    if form.standings is None:  # else the status filter has read every match's standing
        found = with_recorded_deals(found)
    page = Paginator(found, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "form": form,
        "page": page,
        "summaries": summarise(page.object_list, form.standings),
        "query": query.urlencode(),
    }
    return render(request, partial(request, "scorekeeper/history_list.html", "results"), context)


@dataclass(frozen=True)
class DealSheet:
    """A deal of the match page: its line on the score sheet (with who was who), its verdict,
    and the engine's line for it (the games it went into, each game's totals after it)."""

    row: Row
    verdict: Verdict | None

    @property
    def line(self) -> DealLine:
        """Return the standing's line of this deal (each row carries its own)."""
        return self.row.line

    @property
    def game_totals(self) -> list[tuple[int, tuple[int, int]]]:
        """Return (game number, its two totals after this deal) for each game of the sheet."""
        return list(enumerate(self.line.game_totals, start=1))


def deal_sheets(board: Board) -> list[DealSheet]:
    """Return the match page's deals, each with its verdict rebuilt from the stored facts."""
    return [DealSheet(row=row, verdict=row.deal.verdict_value()) for row in board.rows]


@require_GET
def match_history(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A match looked back on: the score chart, then every deal drawn as cards."""
    match, role = access.match_for(request, pk, Role.VIEW)
    board = Board(match, full=True)  # every deal is drawn with its verdict
    context = {
        "match": match,
        "board": board,
        "chart": score_chart(board.state, board.target, match.players, board.standing.charted_game),
        "sheets": deal_sheets(board),
        "can_edit": role >= Role.EDIT,
    }
    return render(request, "scorekeeper/history_match.html", context)


urlpatterns = [
    path("history/", history_list, name="history"),
    path("history/<num:pk>/", match_history, name="match_history"),
]
