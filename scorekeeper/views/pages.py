"""Pages that need no match: the front page, the rules, the knock checker, the deck colours."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from adjudication import DEFAULT_RULES, Card, Rules

from .. import access
from ..forms import CheckerForm
from ..htmx import HtmxHttpRequest, is_htmx, live_partial
from ..presenters import (
    CHECKER_HEADLINES,
    bar_state,
    explain,
    hands_on_screen,
    summarise,
    with_recorded_deals,
)


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
    context: dict[str, object] = {"form": form, "oob": False}
    found: dict[str, object] = {"analysis": None, "verdict": None, "upcard": None, "so_far": None}
    if form.is_valid():
        found = form.verdicts()
        context.update(found)
        if found["verdict"] is not None:
            names = (_("Knocker"), _("Opponent"))
            context["explained"] = explain(
                found["verdict"],
                DEFAULT_RULES,
                *names,
                knocker_label=_("Your cards"),
                headlines=CHECKER_HEADLINES,
            )
    upcard = form.upcard_value() if bound else None
    names = (_("Your cards"), _("Opponent"))
    counts = (len(form.hands["hand"]), len(form.hands["opponent"]))
    bar = bar_state(
        names,
        counts,
        knock_limit=DEFAULT_RULES.knock_limit(upcard),
        analysis=found["analysis"],
        explained=context.get("explained"),
        so_far=found["so_far"],
        upcard_needed=False,
        you=True,
    )
    context["bar"] = bar
    context["hands"] = hands_on_screen(form, bar)
    template = live_partial(request, "scorekeeper/checker.html", context, request.GET)
    return render(request, template, context)


@require_POST
def deck_colours(request: HtmxHttpRequest) -> HttpResponse:
    """Switch this browser between the red-and-black deck and the four-colour deck."""
    request.session["four_colour"] = not request.session.get("four_colour", False)
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        target = reverse("scorekeeper:home")
    return redirect(target)


urlpatterns = [
    path("", home, name="home"),
    path("rules/", rules_page, name="rules"),
    path("check/", checker, name="checker"),
    path("deck/", deck_colours, name="deck_colours"),
]
