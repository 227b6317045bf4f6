"""Looking back: the visitor's matches (filtered, searched, paged) and one match's score
chart with every deal drawn as cards. Nothing here changes anything.

Which matches a visitor sees is decided by `access`, as everywhere else. Totals and winners
shown for a match come from the engine (`play_match`, through the match's `Board`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import path
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from adjudication import Verdict

from .. import access, stats
from ..access import Role
from ..board import Board, Row
from ..charts import score_chart
from ..filters import HistoryFilterForm, StatsForm
from ..htmx import HtmxHttpRequest, partial
from ..models import Match
from ..presenters import summarise, with_recorded_deals

PAGE_SIZE = 20


def visible_with[Form: (HistoryFilterForm, StatsForm)](
    request: HtmxHttpRequest, form_class: type[Form]
) -> tuple[QuerySet[Match], Form]:
    """Return the matches the visitor may see, and the page's GET form over their players."""
    matches = access.visible_matches(request)
    return matches, form_class(request.GET, players=stats.players_in(matches))


@require_GET
@vary_on_headers("HX-Request")
def history_list(request: HtmxHttpRequest) -> HttpResponse:
    """The visitor's matches, newest first: filter by player and status, search by name."""
    matches, form = visible_with(request, HistoryFilterForm)
    found = with_recorded_deals(form.apply(matches).order_by("-created", "-pk"))
    page = Paginator(found, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "form": form,
        "page": page,
        "summaries": summarise(page.object_list),
        "query": query.urlencode(),
    }
    return render(request, partial(request, "scorekeeper/history_list.html", "results"), context)


@dataclass(frozen=True)
class DealSheet:
    """A deal of the match page: its line on the score sheet (with who was who) and its
    verdict."""

    row: Row
    verdict: Verdict | None


def deal_sheets(rows: tuple[Row, ...]) -> list[DealSheet]:
    """Return the match page's deals, each with its verdict rebuilt from the stored facts."""
    return [DealSheet(row=row, verdict=row.deal.verdict_value()) for row in rows]


@require_GET
def match_history(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A match looked back on: the score chart, then every deal drawn as cards."""
    match, role = access.match_for(request, pk, Role.VIEW)
    board = Board(match, full=True)  # every deal is drawn with its verdict
    context = {
        "match": match,
        "board": board,
        "chart": score_chart(board.state, board.target, match.players),
        "sheets": deal_sheets(board.rows),
        "can_edit": role >= Role.EDIT,
    }
    return render(request, "scorekeeper/history_match.html", context)


urlpatterns = [
    path("history/", history_list, name="history"),
    path("history/<num:pk>/", match_history, name="match_history"),
]
