"""Starting a match: the new-match form (two players, the house rules, the first dealer), and
a rematch, with the same players and rules and the first dealer drawn again."""

from __future__ import annotations

from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import path
from django.views.decorators.http import require_http_methods, require_POST

from .. import access, actions
from ..access import Role
from ..forms.match import HOLLYWOOD_PRESET, PRESET, MatchForm
from ..htmx import HtmxHttpRequest, redirect_htmx
from ..models import Match


@require_http_methods(["GET", "POST"])
def match_create(request: HtmxHttpRequest) -> HttpResponse:
    """Start a match: two players, the house rules, and the first dealer."""
    players = access.visible_players(request)
    initial = {}
    if "rematch" in request.GET:
        initial = access.rematch_initial(request, request.GET["rematch"])
    # The preset's link, followed without JS: the form again, its rules filled in and shown.
    preset = request.GET.get(PRESET) == "hollywood"
    if preset:
        initial.update(HOLLYWOOD_PRESET)
    form = MatchForm(request.POST or None, players=players, initial=initial, rules_open=preset)
    if request.method == "POST" and form.is_valid():
        match = start_match(request, form)
        return redirect_htmx(request, match.get_absolute_url())
    return render(request, "scorekeeper/match_new.html", {"form": form})


@transaction.atomic
def start_match(request: HtmxHttpRequest, form: MatchForm) -> Match:
    """Create the match (and any new players) that a valid MatchForm describes."""
    seats = []
    for player in form.cleaned_data["players"]:
        if isinstance(player, str):
            player = access.find_or_create_player(request, player)
        seats.append(player)
    dealer, at_random = form.dealer()
    match = actions.create_match(
        seats,
        form.cleaned_data["rules"],
        first_dealer=dealer,
        at_random=at_random,
        owner=request.user if request.user.is_authenticated else None,
    )
    access.remember_match(request, match)
    return match


@require_POST
def match_rematch(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A new match with the same players and rules; the first dealer is drawn again."""
    old, _role = access.match_for(request, pk, Role.OWNER)
    match = actions.rematch(old)
    access.remember_match(request, match)
    return redirect_htmx(request, match.get_absolute_url())


urlpatterns = [
    path("matches/new/", match_create, name="match_create"),
    path("matches/<num:pk>/rematch/", match_rematch, name="match_rematch"),
]
