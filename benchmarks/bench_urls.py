"""The site's routes plus three reference views that show what the framework costs here.

Only `benchmarks/bench_settings.py` points at this module; production never routes here.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import include, path


def bare(request: HttpRequest) -> HttpResponse:
    """Return a fixed body: the whole middleware stack, no template, no query."""
    return HttpResponse(b"ok", content_type="text/plain")


def bare_session(request: HttpRequest) -> HttpResponse:
    """Return a fixed body after loading the session: the one query every access check makes."""
    return HttpResponse(str(len(request.session.get("matches", []))), content_type="text/plain")


def empty_page(request: HttpRequest) -> HttpResponse:
    """Return the site's layout with no content: what every page costs before its own work."""
    return render(request, "base.html")


urlpatterns = [
    path("bench/bare/", bare),
    path("bench/session/", bare_session),
    path("bench/empty/", empty_page),
    path("", include("config.urls")),
]
