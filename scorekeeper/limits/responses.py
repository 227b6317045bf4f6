"""The pages a refused request gets: status 429, in the player's language, in the site's layout.

Django and django-axes carry no Shona catalogue, so the words are the project's own.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _


def refusal(request: HttpRequest, message: str, retry_after: int | None = None) -> HttpResponse:
    """Return the 429 page saying `message`, with Retry-After when the wait is known."""
    response = render(request, "429.html", {"message": message}, status=429)
    if retry_after:
        response["Retry-After"] = str(retry_after)
    return response


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials=None
) -> HttpResponse:
    """django-axes' lockout: this username is locked out for this client for a while."""
    return refusal(
        request,
        _("Too many failed log-in attempts. Try again in 15 minutes."),
        int(settings.AXES_COOLOFF_TIME.total_seconds()),
    )


def too_many_requests(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """django-ratelimit's refusal (RATELIMIT_VIEW): a sign-up or password change refused."""
    return refusal(request, _("Too many attempts. Please wait a while, then try again."))
