"""Recording the deal being played: as a draw, from the quick path (who knocked and two
deadwood counts), or card by card on the entry page with its live preview. All three go through
`record`; when the other phone recorded that deal first, this phone's entry is shown beside the
deal as the server holds it (`first_here`), to keep as a correction.

Without JS every control is a form: POST, then redirect. With htmx the same view answers with
the partial that changed.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from .. import access, actions
from ..access import Role
from ..actions import DealAlreadyRecorded, DealFacts, DealOutOfTurn, MatchOver
from ..board import Board
from ..conflicts import conflict_of, mark_conflict
from ..forms.engine_errors import illegal_knock_message
from ..forms.entry import DealForm, QuickForm
from ..htmx import HtmxHttpRequest, redirect_htmx, render_invalid, wants_partial
from ..models import Deal, Match
from ..offline.keys import is_replay, match_version
from ..presenters.sentences import deadwood_text
from ..presenters.sheet import games_ended_text, games_label
from ..standing import Standing
from .common import UNDO_TAG, board_context, render_entry, stored_deal_form


@require_POST
def deal_draw(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Record a draw: the stock ran down to two cards and nobody knocked."""
    match, role = access.match_for(request, pk, Role.EDIT)

    def shown(first: Deal) -> HttpResponse:
        context = board_context(Board(match, shared=True), role)
        context.update(first=first_here(request, first, _("Draw")), forms_bound=True)
        return render(request, "scorekeeper/match_detail.html", context)

    return record(request, match, DealFacts(entry=Deal.Entry.DRAW), shown=shown)


@require_POST
def deal_quick(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Record a deal from the quick path: who knocked and two deadwood counts."""
    match, role = access.match_for(request, pk, Role.EDIT)
    # The deal row keeps its number and upcard when it is recorded (and when it is deleted),
    # so a phone that lost the race still finds it here, and is told who recorded it.
    deal = match.deals.filter(number=posted_number(request)).first()
    upcard = deal.upcard_value if deal else None
    limit = match.rules_value.knock_limit(upcard) if upcard else None
    form = QuickForm(request.POST, match=match, knock_limit=limit)

    def shown(first: Deal) -> HttpResponse:
        context = board_context(Board(match, shared=True), role, quick_form=form)
        mine = quick_summary(match, form)
        context.update(quick_open=True, first=first_here(request, first, mine))
        return render_invalid(request, "scorekeeper/match_detail.html", "quick", context)

    if deal is not None and deal.status in Deal.PLAYED:
        return already_recorded(request, deal, shown=shown)
    if form.is_valid() and upcard is not None:
        return record(request, match, form.facts(upcard), shown=shown)
    context = board_context(Board(match, shared=True), role, quick_form=form)
    context["quick_open"] = True
    return render_invalid(request, "scorekeeper/match_detail.html", "quick", context)


def quick_summary(match: Match, form: QuickForm) -> str:
    """Return what a quick entry says, as this phone entered it: "Ann knocked · deadwood 3 ·
    Ben: deadwood 30" (the bound form's own numbers, valid or not)."""
    form.is_valid()
    data = {**form.data.dict(), **getattr(form, "cleaned_data", {})}
    try:
        knocker = int(data.get("knocker", ""))
        numbers = [int(data.get(name, "")) for name in ("knocker_deadwood", "opponent_deadwood")]
    except (TypeError, ValueError):
        return "—"
    if knocker not in (0, 1):
        return "—"
    knocked = _("%(name)s knocked") % {"name": match.players[knocker]}
    opponent = match.players[1 - knocker]
    return f"{knocked} · {deadwood_text(numbers[0])} · {opponent}: {deadwood_text(numbers[1])}"


def record(
    request: HtmxHttpRequest,
    match: Match,
    facts: DealFacts,
    *,
    shown: Callable[[Deal], HttpResponse] | None = None,
) -> HttpResponse:
    """Record the deal being played, and go back to the scoreboard, where a message says what
    it scored and offers to undo it (the finished match, when it ended it).

    When the other phone recorded that deal first, `shown(deal)` answers (this phone's entry
    beside the other phone's result, see `already_recorded`).
    """
    number = posted_number(request)
    try:
        deal = actions.record(match, number, facts, by=access.actor(request))
    except DealAlreadyRecorded as already:
        return already_recorded(request, already.deal, shown=shown)
    except MatchOver:
        messages.error(request, _("This match is over."))
        return redirect_htmx(request, match.get_absolute_url())
    except DealOutOfTurn:
        messages.error(request, _("That deal is not the one being played. Here is the match."))
        return redirect_htmx(request, match.get_absolute_url())
    if deal.status == Deal.Status.OPEN:
        messages.error(
            request,
            illegal_knock_message(deal.knocker_deadwood, deal.knock_limit)
            + " "
            + _("Nothing was scored: correct the cards, or play on."),
        )
        return redirect_htmx(
            request, reverse("scorekeeper:deal_enter", args=[match.pk, deal.knocker])
        )
    messages.success(request, recorded_message(match, deal), extra_tags=UNDO_TAG % deal.pk)
    return redirect_htmx(request, match.get_absolute_url())


def recorded_message(match: Match, deal: Deal) -> str:
    """Return what the scoreboard says of a deal just recorded: "Deal 5: Ann +26"; with
    Hollywood, also the games it went into and any game it ended."""
    if deal.winner is None:
        return _("Deal %(number)d was a draw.") % {"number": deal.number}
    name = match.players[deal.winner]
    text = _("Deal %(number)d: %(name)s +%(points)d") % {
        "number": deal.number,
        "name": name,
        "points": deal.points,
    }
    if not match.rules_value.hollywood:
        return text
    # Where the points went on the sheet, and which game the deal ended: "Deal 5: Ann +26 ·
    # G1 G2 G3 · Game 1 to Ann, 112–64". The deal just recorded is the last one counted.
    standing = Standing.of(match)
    line = standing.lines[-1]
    ended = games_ended_text(line, standing.games, match.players)
    return " · ".join([text, games_label(line.games), *ended])


def posted_number(request: HtmxHttpRequest) -> int:
    """Return the posted deal number, or answer 404 for a missing or tampered one."""
    try:
        number = int(request.POST.get("number", ""))
    except ValueError:
        raise Http404 from None
    if not 0 < number <= Deal.MAX_NUMBER:
        raise Http404
    return number


def already_recorded(
    request: HtmxHttpRequest, deal: Deal, *, shown: Callable[[Deal], HttpResponse] | None = None
) -> HttpResponse:
    """Tell the player that another phone recorded this deal first, and show its result.

    A form on the page (`shown`) answers with this phone's entry kept in it, the other phone's
    result beside it, and "Keep mine as a correction" (`first_here`). The phone's offline
    queue gets the deal's page and the conflict, and shows both sides itself; so does a deal
    in the trash, which cannot be corrected until it is restored.
    """
    if shown is not None and deal.status == Deal.Status.RECORDED and not is_replay(request):
        return shown(deal)
    messages.warning(request, recorded_first_text(deal))
    response = redirect_htmx(request, deal.get_absolute_url())
    return mark_conflict(response, deal, correction_url(deal))


def recorded_first_text(deal: Deal) -> str:
    """Return "Deal 3 was already recorded by ann (knock). Here it is." """
    values = {"number": deal.number, "result": deal.get_outcome_display(), "who": deal.recorded_by}
    if deal.recorded_by:
        text = _("Deal %(number)d was already recorded by %(who)s (%(result)s). Here it is.")
    else:
        text = _("Deal %(number)d was already recorded on another phone (%(result)s). Here it is.")
    return text % values


def correction_url(deal: Deal) -> str:
    """Return where an entry for a deal recorded elsewhere is sent to correct that deal."""
    return reverse("scorekeeper:deal_edit", args=[deal.match_id, deal.pk])


# What a form posts that is about the posting, not about the deal: a correction posts its own.
NOT_KEPT = frozenset(
    ("csrfmiddlewaretoken", "number", "version", "mode", "action", "idempotency_key", "tapped")
)


def first_here(request: HtmxHttpRequest, deal: Deal, mine: str) -> dict[str, object]:
    """Return what `_other_phone.html` shows of a deal the other phone recorded first: the deal
    as the server holds it (`conflict_of`, as the offline queue shows it too), this phone's
    entry (`mine`, in words), and the entry's fields, to send to the correction page as the
    queue's "Keep mine as a correction" does, against the match as it is now."""
    entry = request.resolver_match.url_name if request.resolver_match else ""
    mode = {"deal_draw": Deal.Entry.DRAW, "deal_quick": Deal.Entry.QUICK}.get(
        entry, Deal.Entry.CARDS
    )
    kept = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in NOT_KEPT
        for value in values
    ]
    kept.append(("mode", mode))
    if mode == Deal.Entry.CARDS:
        kept.append(("action", "record"))
    return {
        "mode": mode,
        "said": recorded_first_text(deal),
        "conflict": conflict_of(deal, correction_url(deal)),
        "mine": mine,
        "kept": kept,
        "version": match_version(deal.match_id),
        # A whole page opens where the panel is; a swap leaves the page where the finger is.
        "focus": not wants_partial(request),
    }


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def deal_enter(request: HtmxHttpRequest, pk: int, seat: int) -> HttpResponse:
    """Full entry of the deal being played: the knocker's cards, then the opponent's.

    POST with action=record records it; any other POST (the live preview, or "Show the
    verdict" without JS) only adjudicates what is there and stores nothing.
    """
    match, role = access.match_for(request, pk, Role.EDIT)
    if seat not in (0, 1):
        raise Http404
    board = Board(match, shared=True)
    if board.finished:
        messages.error(request, _("This match is over."))
        return redirect(match)
    if request.method == "GET":
        open_deal = board.open_deal
        if open_deal is not None and open_deal.knocker_cards:
            # Cards kept from an illegal knock: show them with their verdict, for correction.
            form = stored_deal_form(match, open_deal, seat=seat)
        else:
            open_upcard_text = open_deal.upcard if open_deal else ""
            form = DealForm(initial={"knocker_seat": seat, "upcard": open_upcard_text}, match=match)
        return render_entry(request, match, form, number=board.next_number)
    # The deal this page was opened for: the other phone may have recorded it meanwhile.
    number = posted_number(request) if "number" in request.POST else board.next_number
    recording = request.POST.get("action") == "record"
    form = DealForm(request.POST, match=match, require_complete=recording)

    def shown(first: Deal) -> HttpResponse:
        knocked = _("%(name)s knocked") % {"name": match.players[form.cleaned_data["knocker_seat"]]}
        mine = f"{knocked} · {_('the hands')}"
        return render_entry(
            request, match, form, number=number, first=first_here(request, first, mine)
        )

    if recording and form.is_valid():
        return record(request, match, form.facts(), shown=shown)
    return render_entry(request, match, form, number=number)


urlpatterns = [
    path("matches/<num:pk>/draw/", deal_draw, name="deal_draw"),
    path("matches/<num:pk>/quick/", deal_quick, name="deal_quick"),
    path("matches/<num:pk>/knock/<num:seat>/", deal_enter, name="deal_enter"),
]
