"""Who may see and change what. Every view asks here; templates never decide.

A match belongs to the account that created it. A visitor without an account keeps their
matches with their browser session; the session's list of match ids is the proof.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest

from .models import Match, Player

SESSION_MATCHES = "matches"
SESSION_PLAYERS = "players"


def _session_ids(request: HttpRequest, key: str) -> list[int]:
    ids = request.session.get(key, [])
    return [i for i in ids if isinstance(i, int)]


def remember_match(request: HttpRequest, match: Match) -> None:
    """Keep a match with the visitor's session (and so with the account they log in to)."""
    ids = _session_ids(request, SESSION_MATCHES)
    if match.pk not in ids:
        request.session[SESSION_MATCHES] = [*ids, match.pk][-200:]


def _remember_player(request: HttpRequest, player: Player) -> None:
    ids = _session_ids(request, SESSION_PLAYERS)
    if player.pk not in ids:
        request.session[SESSION_PLAYERS] = [*ids, player.pk][-200:]


def visible_matches(request: HttpRequest) -> QuerySet[Match]:
    """Return the matches this visitor owns, newest first."""
    mine = Q(pk__in=_session_ids(request, SESSION_MATCHES))
    if request.user.is_authenticated:
        mine |= Q(owner=request.user)
    return Match.objects.filter(mine).select_related("player_a", "player_b")


def visible_players(request: HttpRequest) -> QuerySet[Player]:
    """Return the players this visitor has played with before."""
    mine = Q(pk__in=_session_ids(request, SESSION_PLAYERS))
    if request.user.is_authenticated:
        mine |= Q(owner=request.user)
    return Player.objects.filter(mine)


def find_or_create_player(request: HttpRequest, name: str) -> Player:
    """Return this visitor's player of that name (case-insensitive), creating it if new."""
    player = visible_players(request).filter(name__iexact=name).first()
    if player is None:
        owner = request.user if request.user.is_authenticated else None
        player = Player.objects.create(name=name, owner=owner)
    _remember_player(request, player)
    return player


def match_for_edit(request: HttpRequest, pk: int) -> Match:
    """Return the match if this visitor may change it; otherwise answer 404."""
    match = visible_matches(request).filter(pk=pk).first()
    if match is None:
        raise Http404
    return match


def rematch_initial(request: HttpRequest, pk: str) -> dict[str, object]:
    """Return the new-match form's initial values copied from one of the visitor's matches."""
    try:
        match = match_for_edit(request, int(pk))
    except (ValueError, Http404):
        return {}
    return {"player_a": match.player_a_id, "player_b": match.player_b_id, **match.rules}
