"""The page of one deal: its verdict, both hands as melds, the layoffs, the outcome and the
points. A deleted deal is shown struck through, with a button to restore it."""

from __future__ import annotations

from django.http import HttpResponse
from django.urls import path
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from .. import access
from ..access import Role
from ..board import Board
from ..htmx import HtmxHttpRequest, render_region
from ..models import Deal
from ..presenters.sentences import explain
from .common import can_undo, deal_in, deal_moved


@require_GET
@vary_on_headers("HX-Request")
def deal_detail(request: HtmxHttpRequest, pk: int, deal_id: int) -> HttpResponse:
    """The verdict of one deal: both hands as melds, the layoffs, the outcome and points.

    A deleted deal is shown struck through, with a button to restore it.
    """
    match, role = access.match_for(request, pk, Role.VIEW)
    deal = deal_in(match, deal_id)
    if deal.status == Deal.Status.OPEN:
        return deal_moved(request, match, deal)
    board = Board(match)
    row = board.row_for(deal)
    verdict = deal.verdict_value()
    explained = None
    if verdict is not None and row is not None:
        explained = explain(verdict, board.rules, str(row.knocker), str(row.opponent))
    context = {
        "match": match,
        "board": board,
        "deal": deal,
        "row": row,
        "explained": explained,
        "can_edit": role >= Role.EDIT,
        "can_undo": can_undo(board, role, deal),
    }
    return render_region(request, "scorekeeper/deal_detail.html", "deal", context)


urlpatterns = [
    # A deal is addressed by its id, never by its number: a page left open on the other phone
    # always points at the deal it showed.
    path("matches/<num:pk>/deals/<num:deal_id>/", deal_detail, name="deal_detail"),
]
