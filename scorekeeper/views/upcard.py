"""The upcard of the deal being played, set or changed from the scoreboard's picker.

Without JS the form posts, then redirects to the scoreboard. With htmx the answer is the regions
the upcard changed: the totals, the picker and the knock limit.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers

from .. import access, actions
from ..access import Role
from ..board import Board
from ..forms.entry import UpcardForm
from ..htmx import HtmxHttpRequest, redirect_htmx, render_invalid, render_regions, wants_partial
from .common import board_context


@require_POST
@vary_on_headers("HX-Request")
def deal_upcard(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Set or change the upcard of the deal being played."""
    match, role = access.match_for(request, pk, Role.EDIT)
    form = UpcardForm(request.POST)
    board = Board(match)
    if board.finished:
        messages.error(request, _("This match is over."))
        return redirect_htmx(request, match.get_absolute_url())
    if not form.is_valid():
        context = board_context(board, role, upcard_form=form)
        return render_invalid(request, "scorekeeper/match_detail.html", "upcard", context)
    actions.set_upcard(match, form.cleaned_data["upcard"])
    if wants_partial(request):
        # The totals and the knock limit change in a box of the same height, so nothing above
        # the picker moves; the picker comes back folded under its new title, which brings
        # "Ann knocked" up to where the thumb is. This phone turned the upcard of the deal
        # being played: its forms now record that deal (the poll never moves them).
        context = board_context(Board(match, shared=True), role)  # as the upcard left it
        regions = ("live", "picker", "numbers")
        return HttpResponse(
            render_regions(request, "scorekeeper/match_detail.html", context, *regions)
        )
    return redirect(match)


urlpatterns = [
    path("matches/<num:pk>/upcard/", deal_upcard, name="deal_upcard"),
]
