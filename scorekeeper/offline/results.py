"""Send the result: the score of a match as a picture, and the tags a link preview reads.

A Hollywood match (`/rules/#hollywood`) shows each player's net as their figure, the three
games on a line of their own, and who won by the net, or that it is a tie.

The picture is drawn on the server (`drawing`), in the reader's language and in a light or
dark palette, both named in its URL: the phone asks for its own, and a link preview's crawler,
which has neither a language nor a theme, reads them from the URL in the Open Graph tags.
A view link's page carries those tags on its own 200 reply (`share_open`), since a crawler has
no cookies and follows no redirect that sets a session.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from django.views.decorators.http import require_GET

from scorekeeper import access, caching
from scorekeeper.access import Role
from scorekeeper.charts import score_chart
from scorekeeper.models import Match
from scorekeeper.presenters.sentences import day_text, local_day
from scorekeeper.presenters.sheet import game_label, signed
from scorekeeper.standing import Standing

from .drawing import HEIGHT, WIDTH, ResultPicture, draw_result

THEMES = ("light", "dark")


def picture_options(request: HttpRequest) -> tuple[str, str]:
    """Return the language and theme the picture's URL asks for (the page's, and light)."""
    language = request.GET.get("lang", "")
    if language not in dict(settings.LANGUAGES):
        language = translation.get_language()
    theme = request.GET.get("theme", "")
    return language, theme if theme in THEMES else "light"


def short(name: str, most: int = 14) -> str:
    """Return a name cut to `most` characters with an ellipsis: the score must fit beside it."""
    return name if len(name) <= most else name[: most - 1].rstrip() + "…"


def target_label(standing: Standing, target: int) -> str:
    """Return the chart's key for its target line: "target 100", or on a Hollywood sheet the
    game it follows too ("G2 · target 100")."""
    label = _("target %(target)s") % {"target": target}
    game = standing.charted_game
    return label if game is None else f"{game_label(game)} · {label}"


def games_line(standing: Standing) -> str:
    """Return the games of a Hollywood sheet as one line, in the active language: "G1 350–0 ·
    G2 250–50 · G3 60–45" (final totals once a game has ended); "" for a single game."""
    if not standing.hollywood:
        return ""
    return " · ".join(
        f"{game_label(number)} {game.final_totals[0]}–{game.final_totals[1]}"
        for number, game in enumerate(standing.games, start=1)
    )


def scores(standing: Standing) -> tuple[str, str]:
    """Return each player's big figure: the score, or with Hollywood the net (signed)."""
    if standing.hollywood:
        return signed(standing.net[0]), signed(standing.net[1])
    return str(standing.score[0]), str(standing.score[1])


def headline(match: Match, standing: Standing) -> str:
    """Return who won and by how much, or the score so far, in the active language.

    A single game's winner is the player who reached the target, and the totals are shown
    as they are (with box bonuses the winner's may be the lower). A Hollywood match is won
    by the net, a positive one ("Ann wins by 725"); equal nets are a tie.
    """
    if standing.hollywood:
        if standing.tied:
            return pgettext("match result", "Tie: equal nets")
        if standing.finished:
            values = {
                "name": short(str(match.players[standing.winner])),
                "net": standing.net[standing.winner],
            }
            return pgettext("match result", "%(name)s wins by %(net)s") % values
        return _("In progress")
    a, b = standing.score
    if standing.finished and standing.winner is not None:
        won, lost = (a, b) if standing.winner == 0 else (b, a)
        values = {"name": short(str(match.players[standing.winner])), "a": won, "b": lost}
        return _("%(name)s wins %(a)s–%(b)s") % values
    return _("In progress: %(a)s–%(b)s") % {"a": a, "b": b}


def result_picture(match: Match) -> ResultPicture:
    """Return what the picture of the match says, in the active language."""
    standing = Standing.of(match)
    target = match.rules_value.target
    deals = standing.deals
    count = ngettext("%(n)s deal", "%(n)s deals", deals) % {"n": deals}
    played_to = ngettext("played to %(target)s point", "played to %(target)s points", target) % {
        "target": target
    }
    return ResultPicture(
        title=_("Oklahoma Gin"),
        date=day_text(match.created, long=True),
        names=(str(match.player_a), str(match.player_b)),
        scores=scores(standing),
        games=games_line(standing),
        winner=standing.winner,
        winner_badge=_("winner"),
        headline=headline(match, standing),
        detail=f"{count} · {played_to}",
        target_label=target_label(standing, target),
        chart=score_chart(standing.state, target, match.players, standing.charted_game),
    )


def filename(match: Match) -> str:
    """Return the picture's file name: the players and the day."""
    players = "-".join(slugify(player.name) or "player" for player in match.players)
    return f"oklahoma-gin-{players}-{local_day(match.created):%Y-%m-%d}.png"


def result_png(match: Match, language: str, theme: str) -> bytes:
    """Return the match's picture as PNG bytes (drawn, or as drawn before for this version).

    Drawn once per version of a match, language and theme: the phone that sends the result and
    every preview of its link ask for the same picture.
    """
    key = caching.version_key("result-png", match, language, theme, names=True)
    drawn = caching.kept(key)
    if drawn is None:
        with translation.override(language):
            drawn = draw_result(result_picture(match), theme)
        caching.keep(key, drawn, caching.KEEP_DRAWN)
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
    standing = Standing.of(match)  # read once: each call reads the deals
    a, b = scores(standing)
    image = reverse("offline:link_result_image", args=[token])
    said = [headline(match, standing), games_line(standing), _("Oklahoma Gin")]
    return {
        "title": f"{match.player_a} {a} – {match.player_b} {b}",
        "description": " · ".join(part for part in said if part),
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
