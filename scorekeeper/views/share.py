"""Sharing a match: the owner's view and edit links, each with a QR code, and opening one."""

from __future__ import annotations

import io

import segno
from django.http import HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.urls import path, reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers

from .. import access
from ..access import Role
from ..forms.share import ShareForm
from ..htmx import HtmxHttpRequest, redirect_htmx
from ..offline.results import open_graph
from .common import render_scoreboard


@require_http_methods(["GET", "POST"])
def match_share(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The owner's "Send a link" screen: a view link and an edit link, each with a QR code,
    shown as text to copy (with Copy and Send buttons where the phone has them), each
    revocable or regenerable."""
    match, _role = access.match_for(request, pk, Role.OWNER)
    if request.method == "POST":
        form = ShareForm(request.POST)
        if not form.is_valid():
            return HttpResponseBadRequest(_("Unknown action."))
        kind, enabled = form.change()
        match.set_share_link(kind, enabled=enabled)
        return redirect_htmx(request, reverse("scorekeeper:match_share", args=[pk]))
    links = []
    for kind, label, note in (
        ("view", _("View link"), _("Anyone with it can watch the scoreboard live.")),
        ("edit", _("Edit link"), _("Anyone with it can record and correct deals too.")),
    ):
        token = getattr(match, f"{kind}_token")
        url = (
            request.build_absolute_uri(reverse("scorekeeper:share_open", args=[token]))
            if (token)
            else None
        )
        links.append(
            {
                "kind": kind,
                "url": url,
                "label": label,
                "note": note,
                "form": ShareForm(kind=kind, url=url),
                "qr": qr_svg(url) if url else "",
            }
        )
    return render(request, "scorekeeper/match_share.html", {"match": match, "links": links})


def qr_svg(url: str) -> str:
    """Return the URL as a QR code, an inline SVG drawn on the server."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(
        buffer,
        kind="svg",
        xmldecl=False,
        scale=5,
        border=2,
        dark="#000",
        light="#fff",
        svgclass="qr",
        lineclass=None,
        title=url,
    )
    return mark_safe(buffer.getvalue().decode())  # noqa: S308 - segno's own SVG, no user HTML


@require_GET
@vary_on_headers("HX-Request")
def share_open(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Open a share link: this browser may now watch (or also record in) the match.

    The link answers with the scoreboard itself, not a redirect to it: a link preview's
    crawler has no cookies and follows no redirect that sets a session, and reads the Open
    Graph tags (the score, its picture) from this reply.
    """
    match, _role = access.match_by_token(token)
    access.remember_token(request, token)
    request.open_graph = open_graph(request, match, token)  # type: ignore[attr-defined]
    return render_scoreboard(request, match.pk)


urlpatterns = [
    path("matches/<num:pk>/share/", match_share, name="match_share"),
    path("s/<str:token>/", share_open, name="share_open"),
]
