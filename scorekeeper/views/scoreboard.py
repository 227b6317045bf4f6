"""The scoreboard and its live poll: a match's board, as a page or as the region htmx swaps,
and the answer to the poll every open scoreboard sends (204 when nothing changed)."""

from __future__ import annotations

from django.db import connection
from django.http import Http404, HttpResponse
from django.urls import path
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRefresh

from .. import access
from ..access import Role
from ..board import Board
from ..htmx import HtmxHttpRequest
from ..models import Match
from .common import live_regions, render_scoreboard


@require_GET
@vary_on_headers("HX-Request")
def match_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The scoreboard: totals, who deals, the upcard and knock limit, the deals so far.

    A view-link holder sees the same board without the controls. Right after a deal was
    recorded here, its message offers to undo it.
    """
    return render_scoreboard(request, pk)


POLL_FIELDS = ("owner_id", "view_token", "edit_token")
POLL_SQL = f"SELECT version, {', '.join(POLL_FIELDS)} FROM {Match._meta.db_table} WHERE id = %s"


@require_GET
def match_poll(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Answer a live scoreboard's poll: 204 at the cost of one small query when nothing
    changed, otherwise the live regions of the board (or, when the match was won or reopened
    meanwhile, the whole page again)."""
    # Every open scoreboard asks every 2 s (a finished one every 30 s): plain SQL, as building
    # the ORM query cost ten times more than running it (profiled in issue 8).
    with connection.cursor() as cursor:
        cursor.execute(POLL_SQL, [pk])
        found = cursor.fetchone()
    if found is None:
        raise Http404
    version, *rest = found
    row = dict(zip(POLL_FIELDS, rest, strict=True))
    if access.role_for(request, Match(pk=pk, **row)) == Role.NONE:
        raise Http404
    if request.GET.get("v") == str(version):
        return HttpResponse(status=204)
    match, role = access.match_for(request, pk, Role.VIEW)
    board = Board(match, shared=True)
    if board.finished != (request.GET.get("over") == "1"):
        # Won, or reopened by an undo, a delete or a restore on the other phone: the controls
        # come or go, and they are outside the live regions. The whole page again.
        return HttpResponseClientRefresh()
    return HttpResponse(live_regions(request, board, role))


urlpatterns = [
    path("matches/<num:pk>/", match_detail, name="match_detail"),
    path("matches/<num:pk>/poll/", match_poll, name="match_poll"),
]
