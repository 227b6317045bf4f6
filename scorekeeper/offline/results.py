"""Send the result: the score of a match as a picture, and the tags a link preview reads.

The picture is drawn on the server (`drawing`), in the reader's language and in a light or
dark palette, both named in its URL: the phone asks for its own, and a link preview's crawler,
which has neither a language nor a theme, reads them from the URL in the Open Graph tags.
A view link's page carries those tags on its own 200 reply (`share_open`), since a crawler has
no cookies and follows no redirect that sets a session.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET

from adjudication import MatchState
from scorekeeper import access
from scorekeeper.access import Role
from scorekeeper.charts import score_chart
from scorekeeper.models import Match

from .drawing import HEIGHT, WIDTH, ResultPicture, draw_result

THEMES = ("light", "dark")
# Drawn once per version of a match, language and theme; the phone that sends the result and
# every preview of its link ask for the same picture.
KEEP_DRAWN = 600


def picture_options(request: HttpRequest) -> tuple[str, str]:
    """Return the language and theme the picture's URL asks for (the page's, and light)."""
    language = request.GET.get("lang", "")
    if language not in dict(settings.LANGUAGES):
        language = translation.get_language()
    theme = request.GET.get("theme", "")
    return language, theme if theme in THEMES else "light"


def scores(state: MatchState) -> tuple[int, int]:
    """Return the two scores as shown: with the bonuses once the match is over."""
    totals = state.final_totals if state.finished else state.totals
    return totals[0], totals[1]


def short(name: str, most: int = 14) -> str:
    """Return a name cut to `most` characters with an ellipsis: the score must fit beside it."""
    return name if len(name) <= most else name[: most - 1].rstrip() + "…"


def headline(match: Match, state: MatchState) -> str:
    """Return who won and by how much, or the score so far, in the active language."""
    a, b = scores(state)
    if state.finished and state.winner is not None:
        won, lost = (a, b) if state.winner == 0 else (b, a)
        values = {"name": short(str(match.players[state.winner])), "a": won, "b": lost}
        return _("%(name)s wins %(a)s–%(b)s") % values
    return _("In progress: %(a)s–%(b)s") % {"a": a, "b": b}


def result_picture(match: Match) -> ResultPicture:
    """Return what the picture of the match says, in the active language."""
    state = match.state()
    target = match.rules_value.target
    deals = len(state.lines)
    count = ngettext("%(n)s deal", "%(n)s deals", deals) % {"n": deals}
    played_to = ngettext("played to %(target)s point", "played to %(target)s points", target) % {
        "target": target
    }
    return ResultPicture(
        title=_("Oklahoma Gin"),
        date=date_format(match.created, "DATE_FORMAT"),
        names=(str(match.player_a), str(match.player_b)),
        scores=scores(state),
        winner=state.winner,
        winner_badge=_("winner"),
        headline=headline(match, state),
        detail=f"{count} · {played_to}",
        target_label=_("target %(target)s") % {"target": target},
        chart=score_chart(state, target, match.players),
    )


def filename(match: Match) -> str:
    """Return the picture's file name: the players and the day."""
    players = "-".join(slugify(player.name) or "player" for player in match.players)
    return f"oklahoma-gin-{players}-{match.created:%Y-%m-%d}.png"


def result_png(match: Match, language: str, theme: str) -> bytes:
    """Return the match's picture as PNG bytes (drawn, or as drawn before for this version)."""
    names = hashlib.sha256("\0".join(p.name for p in match.players).encode()).hexdigest()[:12]
    key = f"result-png:{match.pk}:{match.version}:{names}:{language}:{theme}"
    drawn = caches["fragments"].get(key)
    if drawn is None:
        with translation.override(language):
            drawn = draw_result(result_picture(match), theme)
        caches["fragments"].set(key, drawn, KEEP_DRAWN)
    return drawn


def png_response(match: Match, request: HttpRequest, cache_control: str) -> HttpResponse:
    """Return the picture of the match that the request's URL asks for."""
    response = HttpResponse(result_png(match, *picture_options(request)), content_type="image/png")
    response["Content-Disposition"] = f'inline; filename="{filename(match)}"'
    response["Cache-Control"] = cache_control
    return response


@require_GET
def match_result_image(request: HttpRequest, pk: int) -> HttpResponse:
    """The result of a match this browser may see, as a PNG (what "Send the result" sends)."""
    match, _role = access.match_for(request, pk, Role.VIEW)
    return png_response(match, request, "private, max-age=60")


@require_GET
def link_result_image(request: HttpRequest, token: str) -> HttpResponse:
    """The result of a match, by its share link, for a link preview (no cookies needed)."""
    match, _role = access.match_by_token(token)
    return png_response(match, request, "public, max-age=300")


def open_graph(request: HttpRequest, match: Match, token: str) -> dict[str, object]:
    """Return the Open Graph tags of a share link's page: the score as its title, the picture."""
    state = match.state()  # read once: each call reads the deals
    a, b = scores(state)
    image = reverse("offline:link_result_image", args=[token])
    return {
        "title": f"{match.player_a} {a} – {match.player_b} {b}",
        "description": f"{headline(match, state)} · {_('Oklahoma Gin')}",
        "site_name": _("Oklahoma Gin table companion"),
        "url": request.build_absolute_uri(request.path),
        "image": request.build_absolute_uri(
            f"{image}?lang={translation.get_language()}&theme=light"
        ),
        "image_alt": _("The score of %(a)s and %(b)s, with the score chart.")
        % {"a": match.player_a, "b": match.player_b},
        "width": WIDTH,
        "height": HEIGHT,
    }
