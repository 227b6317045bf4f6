"""Pages that need no match: the front page, the rules, the knock checker, the deck colours."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from adjudication import Card, Rules

from .. import access
from ..forms.entry import CheckerForm
from ..htmx import HtmxHttpRequest, is_htmx, live_partial, next_path
from ..presenters.preview import checker_preview, hands_on_screen
from ..presenters.summaries import summarise, with_recorded_deals


@require_GET
def home(request: HtmxHttpRequest) -> HttpResponse:
    """The front page: start a match, resume one (each listed with its score and where it
    stands), or check a hand."""
    matches = with_recorded_deals(access.visible_matches(request).order_by("-created", "-pk"))
    return render(request, "scorekeeper/home.html", {"summaries": summarise(matches[:10])})


@require_GET
def rules_page(request: HtmxHttpRequest) -> HttpResponse:
    """The rules in plain words, with the knock-limit table."""
    limits = [(card, Rules().knock_limit(Card.parse(card + "S"))) for card in "A23456789TJQK"]
    return render(request, "scorekeeper/rules.html", {"limits": limits})


@require_GET
@vary_on_headers("HX-Request")
def checker(request: HtmxHttpRequest) -> HttpResponse:
    """The knock checker: can this hand knock, with which discard, and is it gin?

    While the player taps (the live preview), a hand short of cards is progress, not an
    error: counts are checked on a real submit (`go`), or when a hand has too many.
    """
    bound = "upcard" in request.GET
    live = is_htmx(request) or "go" not in request.GET
    form = CheckerForm(request.GET if bound else None, require_complete=not live)
    preview = checker_preview(form)
    context: dict[str, object] = {
        "form": form,
        "oob": False,
        "preview": preview,
        "bar": preview.bar,
        "hands": hands_on_screen(form, preview.bar),
        # The note "Without an upcard the knock limit is 10" is shown by this: as before the
        # one preview, also beside a chosen upcard while a hand has an error.
        "upcard": form.upcard_value() if form.is_valid() else None,
    }
    template = live_partial(request, "scorekeeper/checker.html", context, request.GET)
    return render(request, template, context)


@require_POST
def deck_colours(request: HtmxHttpRequest) -> HttpResponse:
    """Switch this browser between the red-and-black deck and the four-colour deck."""
    request.session["four_colour"] = not request.session.get("four_colour", False)
    return redirect(next_path(request, reverse("scorekeeper:home")))


urlpatterns = [
    path("", home, name="home"),
    path("rules/", rules_page, name="rules"),
    path("check/", checker, name="checker"),
    path("deck/", deck_colours, name="deck_colours"),
]
