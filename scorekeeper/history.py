"""History, statistics and CSV exports: pages that look back and never change anything.

Which matches a visitor sees is decided by `access`, as everywhere else. Totals and winners
shown for a match come from the engine (`play_match`, through `Match.state()`); filters and
statistics over many matches are database queries from `stats`.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Paginator
from django.db.models import Prefetch, Q, QuerySet
from django.http import Http404, HttpResponse, StreamingHttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from adjudication import DealResult, MatchState, Verdict, play_match

from . import access, exports, stats
from .access import Role
from .charts import score_chart
from .filters import HistoryFilterForm, StatsForm
from .models import Deal, Match, Player
from .presenters import Row, match_board
from .views import HtmxHttpRequest

PAGE_SIZE = 20
RECENT_MEETINGS = 10


def partial(request: HtmxHttpRequest, template: str, region: str) -> str:
    """Return the template, or only its `region` partial for an htmx swap.

    A history-restore request (htmx lost its cache of the page) gets the whole page.
    """
    if request.htmx and not request.htmx.history_restore_request:
        return f"{template}#{region}"
    return template


@dataclass(frozen=True)
class MatchSummary:
    """A line of the match list: the match and its state derived by the engine."""

    match: Match
    state: MatchState
    deals: int

    @property
    def score(self) -> tuple[int, int]:
        """Return the final totals (bonuses included) once finished, else the totals so far."""
        return self.state.final_totals if self.state.finished else self.state.totals

    @property
    def winner(self) -> Player | None:
        """Return the winning player of a finished match."""
        if self.state.winner is None:
            return None
        return self.match.players[self.state.winner]


def with_recorded_deals(matches: QuerySet[Match]) -> QuerySet[Match]:
    """Return `matches` fetching each one's recorded results in one more query."""
    recorded = (
        Deal.objects.filter(status=Deal.Status.RECORDED)
        .order_by("number")
        .only("pk", "match_id", "number", "winner", "points")
    )
    return matches.prefetch_related(Prefetch("deals", queryset=recorded, to_attr="results"))


def summarise(matches: list[Match]) -> list[MatchSummary]:
    """Return the summaries of matches fetched by `with_recorded_deals`."""
    return [
        MatchSummary(
            match=match,
            state=play_match(
                match.first_dealer,
                [DealResult(deal.winner, deal.points) for deal in match.results],
                match.rules_value,
            ),
            deals=len(match.results),
        )
        for match in matches
    ]


@require_GET
@vary_on_headers("HX-Request")
def history_list(request: HtmxHttpRequest) -> HttpResponse:
    """The visitor's matches, newest first: filter by player and status, search by name."""
    matches = access.visible_matches(request)
    form = HistoryFilterForm(request.GET, players=stats.players_in(matches))
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
    """A deal of the match page: its line on the score sheet, its verdict and who knocked."""

    row: Row
    verdict: Verdict | None
    knocker: Player | None
    opponent: Player | None


def deal_sheets(match: Match, rows: list[Row]) -> list[DealSheet]:
    """Return the match page's deals, each with its verdict rebuilt from the stored facts."""
    players = match.players
    sheets = []
    for row in rows:
        seat = row.deal.knocker
        sheets.append(
            DealSheet(
                row=row,
                verdict=row.deal.verdict_value(),
                knocker=None if seat is None else players[seat],
                opponent=None if seat is None else players[1 - seat],
            )
        )
    return sheets


@require_GET
def match_history(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A match looked back on: the score chart, then every deal drawn as cards."""
    match, role = access.match_for(request, pk, Role.VIEW)
    match.recorded_deals(full=True)  # every deal is drawn with its verdict
    context = match_board(match)
    context["chart"] = score_chart(context["state"], context["target"], match.players)
    context["sheets"] = deal_sheets(match, context["rows"])
    context["can_edit"] = role >= Role.EDIT
    return render(request, "scorekeeper/history_match.html", context)


@require_GET
def match_export(request: HtmxHttpRequest, pk: int) -> StreamingHttpResponse:
    """The match's deals as CSV, one row per recorded deal."""
    match, _role = access.match_for(request, pk, Role.VIEW)
    deals = match.recorded_deals(full=True)
    rows = [list(exports.COLUMNS), *exports.match_rows(match, deals)]
    return exports.csv_response(rows, exports.filename("match", match.pk, *match.players))


@require_GET
def player_export(request: HtmxHttpRequest, pk: int) -> StreamingHttpResponse:
    """Every recorded deal of a player's matches as CSV, newest match first."""
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
    return exports.csv_response(
        exports.deal_rows(deals.iterator(chunk_size=500)), exports.filename("deals", player)
    )


@require_GET
@vary_on_headers("HX-Request")
def stats_overview(request: HtmxHttpRequest) -> HttpResponse:
    """Each player's figures over a period, and two players head to head."""
    matches = access.visible_matches(request)
    form = StatsForm(request.GET, players=stats.players_in(matches))
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
