"""What an htmx request gets, decided once: the typed request, whole-page redirects, and
partial or page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it: `request.htmx` says whether htmx
    sent it, and what for."""

    htmx: HtmxDetails


def redirect_htmx(request: HtmxHttpRequest, url: str) -> HttpResponse:
    """Redirect the whole page, also when the request came from htmx."""
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def partial(request: HtmxHttpRequest, template: str, region: str) -> str:
    """Return the template, or only its `region` partial for an htmx swap.

    A history-restore request (htmx lost its cache of the page) gets the whole page.
    """
    if request.htmx and not request.htmx.history_restore_request:
        return f"{template}#{region}"
    return template
