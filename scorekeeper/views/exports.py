"""CSV downloads: a match's deals, and every deal of a player's matches, in the reader's
language."""

from __future__ import annotations

from django.db.models import Q
from django.http import Http404, StreamingHttpResponse
from django.urls import path
from django.views.decorators.http import require_GET

from .. import access, exports
from ..access import Role
from ..htmx import HtmxHttpRequest
from ..models import Deal, Player


@require_GET
def match_export(request: HtmxHttpRequest, pk: int) -> StreamingHttpResponse:
    """The match's deals as CSV, one row per recorded deal."""
    match, _role = access.match_for(request, pk, Role.VIEW)
    deals = match.recorded_deals(full=True)
    words = exports.Words.current()
    games = match.rules_value.hollywood
    rows = [words.heading(games), *exports.match_rows(match, deals, words, games=games)]
    return exports.csv_response(rows, exports.filename("match", match.pk, *match.players))


@require_GET
def player_export(request: HtmxHttpRequest, pk: int) -> StreamingHttpResponse:
    """Every recorded deal of a player's matches as CSV, newest match first (with each
    game's totals when one of them is a Hollywood match)."""
    matches = access.visible_matches(request).filter(Q(player_a=pk) | Q(player_b=pk))
    player = Player.objects.filter(
        Q(pk__in=matches.values("player_a")) | Q(pk__in=matches.values("player_b")), pk=pk
    ).first()
    if player is None:
        raise Http404
    deals = (
        Deal.objects.filter(match__in=matches.values("pk"), status=Deal.Status.RECORDED)
        .select_related("match__player_a", "match__player_b")
        .order_by("-match__created", "-match_id", "number")
    )
    games = matches.filter(rules__hollywood=True).exists()  # then the game columns too
    return exports.csv_response(
        exports.deal_rows(deals.iterator(chunk_size=500), exports.Words.current(), games=games),
        exports.filename("deals", player),
    )


urlpatterns = [
    path("history/<num:pk>/deals.csv", match_export, name="match_export"),
    path("stats/players/<num:pk>/deals.csv", player_export, name="player_export"),
]
