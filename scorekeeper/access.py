"""Who may see and change what. Every view asks here; templates never decide.

A match belongs to the account that created it. A visitor without an account keeps their
matches with their browser session (the session's list of match ids is the proof), and they
are claimed by the account when the visitor signs up or logs in.

A match also has two share links, each an unguessable token: opening the view link lets a
browser watch the scoreboard; opening the edit link lets it record and correct deals too. The
tokens a browser has opened are kept in its session and compared with the match's current
tokens on every request, so revoking or regenerating a link takes effect at once.
"""

from __future__ import annotations

import enum

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest

from .actions import give_player
from .converters import query_id
from .models import Match, Player
from .names import name_key

SESSION_MATCHES = "matches"
SESSION_PLAYERS = "players"
SESSION_TOKENS = "share_tokens"


class Role(enum.IntEnum):
    """What a visitor may do with a match; each role includes the ones below it."""

    NONE = 0
    VIEW = 1
    EDIT = 2
    OWNER = 3


def _session_list(request: HttpRequest, key: str) -> list:
    value = request.session.get(key, [])
    return value if isinstance(value, list) else []


def _remember(request: HttpRequest, key: str, item: object) -> None:
    # No cap: forgetting the oldest id would silently lose that match. A thousand ids are a
    # few kilobytes of session.
    items = _session_list(request, key)
    if item not in items:
        request.session[key] = [*items, item]


def remember_match(request: HttpRequest, match: Match) -> None:
    """Keep a match with the visitor's session (and so with the account they log in to)."""
    _remember(request, SESSION_MATCHES, match.pk)


def remember_token(request: HttpRequest, token: str) -> None:
    """Keep a share token the visitor opened, so that the link keeps working for them."""
    _remember(request, SESSION_TOKENS, token)


def _session_ids(request: HttpRequest, key: str) -> list[int]:
    return [i for i in _session_list(request, key) if isinstance(i, int)]


def _owned(request: HttpRequest) -> Q:
    """Return the condition for matches this visitor owns."""
    if request.user.is_authenticated:
        return Q(owner=request.user) | Q(
            owner__isnull=True, pk__in=_session_ids(request, SESSION_MATCHES)
        )
    return Q(owner__isnull=True, pk__in=_session_ids(request, SESSION_MATCHES))


def visible_matches(request: HttpRequest) -> QuerySet[Match]:
    """Return the matches this visitor owns, newest first."""
    return Match.objects.filter(_owned(request)).select_related("player_a", "player_b")


def visible_players(request: HttpRequest) -> QuerySet[Player]:
    """Return the players this visitor has played with before."""
    mine = Q(owner__isnull=True, pk__in=_session_ids(request, SESSION_PLAYERS))
    if request.user.is_authenticated:
        mine |= Q(owner=request.user)
    return Player.objects.filter(mine)


def find_or_create_player(request: HttpRequest, name: str) -> Player:
    """Return this visitor's player of that name (same key), creating it if new."""
    key = name_key(name)
    player = visible_players(request).filter(name_key=key).first()
    if player is None and request.user.is_authenticated:
        # get_or_create: the other phone may be adding the same new name at this moment.
        player, _created = Player.objects.get_or_create(
            owner=request.user, name_key=key, defaults={"name": name}
        )
    elif player is None:
        player = Player.objects.create(name=name, owner=None)
    remember_player(request, player)
    return player


def remember_player(request: HttpRequest, player: Player) -> None:
    """Keep a player with the visitor's session."""
    _remember(request, SESSION_PLAYERS, player.pk)


def role_for(request: HttpRequest, match: Match) -> Role:
    """Return what this visitor may do with the match."""
    if request.user.is_authenticated and match.owner_id == request.user.pk:
        return Role.OWNER
    if match.owner_id is None and match.pk in _session_ids(request, SESSION_MATCHES):
        return Role.OWNER
    tokens = _session_list(request, SESSION_TOKENS)
    if match.edit_token and match.edit_token in tokens:
        return Role.EDIT
    if match.view_token and match.view_token in tokens:
        return Role.VIEW
    return Role.NONE


def match_for(request: HttpRequest, pk: int, needs: Role) -> tuple[Match, Role]:
    """Return the match and the visitor's role, if the role is at least `needs`.

    A visitor who may not see the match at all gets a 404, so that match ids reveal nothing;
    one who may see it but not change it gets a 403 (PermissionDenied). The match comes with
    its two players, in one query.
    """
    try:
        match = Match.objects.select_related("player_a", "player_b").get(pk=pk)
    except Match.DoesNotExist:
        raise Http404 from None
    role = role_for(request, match)
    if role == Role.NONE:
        raise Http404
    if role < needs:
        raise PermissionDenied
    return match, role


def match_by_token(token: str) -> tuple[Match, Role]:
    """Return the match a share token opens and the role it grants, or answer 404."""
    if not token or len(token) > 64:
        raise Http404
    match = Match.objects.filter(Q(view_token=token) | Q(edit_token=token)).first()
    if match is None:
        raise Http404
    return match, Role.EDIT if match.edit_token == token else Role.VIEW


@transaction.atomic
def claim_session_matches(request: HttpRequest, user) -> int:
    """Give the account the matches and players this browser kept without one.

    A browser's player whose name the account already knows (same key) is merged into the
    account's player. Called when a visitor signs up or logs in; returns how many matches
    were claimed.
    """
    claimed = Match.objects.filter(
        owner__isnull=True, pk__in=_session_ids(request, SESSION_MATCHES)
    ).update(owner=user)
    players = Player.objects.filter(
        owner__isnull=True, pk__in=_session_ids(request, SESSION_PLAYERS)
    ).order_by("pk")
    for player in players:
        give_player(player, user)
    return claimed


def rematch_initial(request: HttpRequest, pk: str) -> dict[str, object]:
    """Return the new-match form's initial values copied from one of the visitor's matches
    (`pk` from the query string: read as a path's id is, `query_id`)."""
    number = query_id(pk)
    if number is None:
        return {}
    try:
        match, _role = match_for(request, number, Role.OWNER)
    except (Http404, PermissionDenied):
        return {}
    return {"player_a": match.player_a_id, "player_b": match.player_b_id, **match.rules}


def actor(request: HttpRequest) -> str:
    """Return who is acting, as recorded on a deal: the account name, or "" for a browser."""
    return request.user.get_username() if request.user.is_authenticated else ""
