"""Statistics: each player's figures over a period, and two players head to head.

The figures (`scorekeeper.stats`) are worked out from each match's standing, over the matches
`access` lets the visitor see, in a constant number of queries.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import path
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from .. import stats
from ..filters import StatsForm
from ..htmx import HtmxHttpRequest, partial
from ..presenters.summaries import summarise, with_recorded_deals
from .common import visible_with

RECENT_MEETINGS = 10


@require_GET
@vary_on_headers("HX-Request")
def stats_overview(request: HtmxHttpRequest) -> HttpResponse:
    """Each player's figures over a period, and two players head to head."""
    matches, form = visible_with(request, StatsForm)
    in_period = form.matches(matches)
    by_player = stats.player_stats(in_period)
    context: dict[str, object] = {
        "form": form,
        "players": sorted(by_player.values(), key=lambda s: (-s.matches, s.name.casefold())),
    }
    pair = form.pair()
    if pair is not None:
        between = stats.pair_matches(in_period, *pair)
        figures = stats.player_stats(between)
        context["pair"] = [figures.get(pk) for pk in pair]
        context["pair_names"] = [dict(form.fields["a"].choices).get(pk) for pk in pair]
        recent = with_recorded_deals(between.order_by("-created", "-pk"))[:RECENT_MEETINGS]
        context["meetings"] = summarise(list(recent))
    return render(request, partial(request, "scorekeeper/stats.html", "figures"), context)


urlpatterns = [
    path("stats/", stats_overview, name="stats"),
]
