"""How long a browser keeps its session, and with it the matches it started without an
account; and the scoreboard's one offer to save such a match to an account. Sessions are
Django's own, in the database (SESSION_ENGINE).

A session lives for SESSION_COOKIE_AGE (a year) from the last time it was refreshed, and a
session in use is refreshed at most once a day: an open scoreboard polls every 2 seconds, and
writing the session (and resending its cookie) on each poll would cost a write per poll.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from .access import Role
from .models import Match

REFRESHED = "refreshed"  # when the session's expiry was last moved on (Unix time)
REFRESH_EVERY = 24 * 60 * 60


class KeepSessionAliveMiddleware:
    """Give a session that this request used its full life back, once a day.

    Only a session the request already loaded counts (no extra query), and only one that
    exists: a visitor with nothing in a session gets none. Changing the session makes Django's
    SessionMiddleware, which runs after this on the way out, save it with a new expiry and
    send the cookie again.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        session = getattr(request, "session", None)
        if session is not None and session.accessed and not session.is_empty():
            now = int(time.time())
            refreshed = session.get(REFRESHED)
            if not isinstance(refreshed, int) or now - refreshed >= REFRESH_EVERY:
                session[REFRESHED] = now
        return response


SAVE_OFFERED = "save_offered"


def offer_to_save(request: HttpRequest, match: Match, role: Role, has_deals: bool) -> bool:
    """Return whether the scoreboard should offer to save this match to an account, once.

    Only to the browser that owns a match without an account, once the match has a deal worth
    keeping, and once per browser: the offer, shown or dismissed, is not shown again.
    """
    if request.user.is_authenticated or role != Role.OWNER or match.owner_id is not None:
        return False
    if not has_deals or request.session.get(SAVE_OFFERED):
        return False
    request.session[SAVE_OFFERED] = True
    return True


def dismiss_save_offer(request: HttpRequest) -> None:
    """Never offer this browser to save a match again."""
    request.session[SAVE_OFFERED] = True
