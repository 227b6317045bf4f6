"""Correcting the past: edit a recorded deal (as cards, quick numbers or a draw), undo the
last one, delete a deal to the trash and restore it.

Each change is made against the match version the page was shown with: an edit, delete,
undo or restore that the other phone overtook is refused, never merged.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.messages import constants
from django.contrib.messages.storage.base import Message
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from .. import access, actions
from ..access import Role
from ..actions import DealFacts, DealInPlay, DealMoved, StaleEdit
from ..board import Board
from ..forms.entry import DealForm, QuickForm
from ..htmx import HtmxHttpRequest, redirect_htmx, render_region, targets
from ..models import Deal, Match
from .common import deal_in, deal_moved, live_regions, render_entry, stored_deal_form


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def deal_edit(request: HtmxHttpRequest, pk: int, deal_id: int) -> HttpResponse:
    """Correct a recorded deal, however old: as cards, as quick numbers, or as a draw.

    A deleted deal cannot be corrected until it is restored.
    """
    match, role = access.match_for(request, pk, Role.EDIT)
    deal = deal_in(match, deal_id)
    if deal.status != Deal.Status.RECORDED:
        return deal_moved(request, match, deal)
    mode = request.POST.get("mode") or request.GET.get("mode") or deal.entry
    if mode not in Deal.Entry.values:
        raise Http404
    if mode == Deal.Entry.CARDS:
        return edit_cards(request, match, deal)
    if mode == Deal.Entry.QUICK:
        return edit_quick(request, match, deal)
    if request.method == "POST":
        return save_edit(request, match, deal, DealFacts(entry=Deal.Entry.DRAW))
    return render(request, "scorekeeper/deal_edit.html", {"match": match, "deal": deal})


def save_edit(
    request: HtmxHttpRequest, match: Match, deal: Deal, facts: DealFacts
) -> HttpResponse | None:
    """Apply an edit made against the version the form was shown with.

    Returns the response to send, or None when the knock is illegal and nothing changed.
    """
    try:
        judged = actions.edit_deal(match, deal, facts, version=posted_version(request))
    except StaleEdit:
        messages.error(
            request,
            _("This match changed on another phone while you were editing. Check and try again."),
        )
        return redirect_htmx(request, reverse("scorekeeper:deal_edit", args=[match.pk, deal.pk]))
    except DealMoved as moved:
        return deal_moved(request, match, moved.deal)
    if not judged.legal:
        return None
    messages.success(request, _("Deal %(number)d was corrected.") % {"number": deal.number})
    return redirect_htmx(request, deal.get_absolute_url())


def posted_version(request: HtmxHttpRequest) -> int:
    """Return the match version a form was shown with (-1 when missing or tampered)."""
    try:
        return int(request.POST.get("version", ""))
    except ValueError:
        return -1


def edit_quick(request: HtmxHttpRequest, match: Match, deal: Deal) -> HttpResponse:
    """Edit a deal through the quick form (the deal's own upcard sets the limit)."""
    upcard = deal.upcard_value
    limit = match.rules_value.knock_limit(upcard) if upcard else None
    initial = {
        "knocker": deal.knocker,
        "knocker_deadwood": deal.quick_knocker_deadwood,
        "opponent_deadwood": deal.quick_opponent_deadwood,
        "big_gin": deal.quick_big_gin,
    }
    form = QuickForm(request.POST or None, match=match, knock_limit=limit, initial=initial)
    if request.method == "POST" and form.is_valid() and upcard is not None:
        response = save_edit(request, match, deal, form.facts(upcard))
        if response is not None:
            return response
    return render(
        request,
        "scorekeeper/deal_edit.html",
        {"match": match, "deal": deal, "mode": "quick", "quick_form": form},
    )


def edit_cards(request: HtmxHttpRequest, match: Match, deal: Deal) -> HttpResponse:
    """Edit a deal through the full card entry, with the same live preview."""
    if request.method == "GET":
        # Bound to the stored deal: its cards counted ("10 of 10") and its verdict at once.
        form = stored_deal_form(match, deal)
        return render_entry(request, match, form, number=deal.number, deal=deal)
    recording = request.POST.get("action") == "record"
    form = DealForm(request.POST, match=match, require_complete=recording)
    if recording and form.is_valid():
        response = save_edit(request, match, deal, form.facts())
        if response is not None:
            return response
    return render_entry(request, match, form, number=deal.number, deal=deal)


@require_POST
def deal_undo(request: HtmxHttpRequest, pk: int, deal_id: int) -> HttpResponse:
    """Undo the last counted deal: back to being played, with its cards kept for correction."""
    match, role = access.match_for(request, pk, Role.EDIT)
    deal = deal_in(match, deal_id)
    if deal.status != Deal.Status.RECORDED:
        return deal_moved(request, match, deal)
    try:
        actions.undo_last(match, deal, version=posted_version(request))
    except StaleEdit:
        messages.error(
            request,
            _("This match changed on another phone meanwhile. Nothing was undone."),
        )
        return redirect_htmx(request, match.get_absolute_url())
    except DealInPlay as playing:
        messages.error(
            request,
            _(
                "Nothing was undone: deal %(number)d is already being played, with what was "
                "entered for it kept. Use Correct to change deal %(last)d."
            )
            % {"number": playing.deal.number, "last": deal.number},
        )
        return redirect_htmx(request, match.get_absolute_url())
    messages.success(
        request,
        _("Deal %(number)d was undone: it is being played again, and what was entered is kept.")
        % {"number": deal.number},
    )
    if deal.entry == Deal.Entry.CARDS and deal.knocker is not None:
        return redirect_htmx(
            request, reverse("scorekeeper:deal_enter", args=[match.pk, deal.knocker])
        )
    return redirect_htmx(request, match.get_absolute_url())


# What a delete or a restore that was refused says: done already, or the match changed.
MOVE_REFUSALS = {
    Deal.Status.DELETED: (
        gettext_lazy("Deal %(number)d was already deleted. Nothing else changed."),
        gettext_lazy(
            "The match changed on another phone since this page was shown, so nothing was "
            "deleted. Here is the match as it is now."
        ),
    ),
    Deal.Status.RECORDED: (
        gettext_lazy("Deal %(number)d was already restored. Nothing else changed."),
        gettext_lazy(
            "The match changed on another phone since this page was shown, so nothing was "
            "restored. Here is the match as it is now."
        ),
    ),
}


def move_deal(
    request: HtmxHttpRequest, match: Match, deal: Deal, becomes: str
) -> HttpResponse | None:
    """Delete a deal (`becomes` DELETED) or restore it (RECORDED), against the match version
    the page was shown with. Returns the answer to a refusal, or None when it was done."""
    already, stale = MOVE_REFUSALS[becomes]
    move = actions.delete_deal if becomes == Deal.Status.DELETED else actions.restore_deal
    try:
        move(match, deal, version=posted_version(request))
    except DealMoved as moved:
        if moved.deal is not None and moved.deal.status == becomes:
            messages.info(request, already % {"number": deal.number})
            return redirect_htmx(request, match.get_absolute_url())
        return deal_moved(request, match, moved.deal)
    except StaleEdit:
        messages.error(request, stale)
        return redirect_htmx(request, match.get_absolute_url())
    return None


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def deal_delete(request: HtmxHttpRequest, pk: int, deal_id: int) -> HttpResponse:
    """Move a recorded deal to the trash, after a confirmation made against the match as it
    was shown: a second tap, or a page left open while the match changed, deletes nothing.
    """
    match, role = access.match_for(request, pk, Role.EDIT)
    deal = deal_in(match, deal_id)
    if request.method == "GET":
        if deal.status != Deal.Status.RECORDED:
            return deal_moved(request, match, deal)
        row = Board(match).row_for(deal)
        context = {"match": match, "deal": deal, "row": row}
        return render_region(request, "scorekeeper/deal_delete.html", "confirm", context)
    refused = move_deal(request, match, deal, Deal.Status.DELETED)
    if refused is not None:
        return refused
    messages.success(
        request,
        _(
            "Deal %(number)d was deleted. It stays in the deal list, struck through, and can "
            "be restored from there."
        )
        % {"number": deal.number},
    )
    return redirect_htmx(request, match.get_absolute_url())


@require_POST
@vary_on_headers("HX-Request")
def deal_restore(request: HtmxHttpRequest, pk: int, deal_id: int) -> HttpResponse:
    """Bring a deleted deal back from the trash, against the match version shown.

    Without JS: back to the scoreboard with a message. With htmx (the Restore button in the
    deal list): the board's live regions, so that the page stays where the thumb is, unless
    the match ended with it, and the page's messages saying so.
    """
    match, role = access.match_for(request, pk, Role.EDIT)
    deal = deal_in(match, deal_id)
    refused = move_deal(request, match, deal, Deal.Status.RECORDED)
    if refused is not None:
        return refused
    board = Board(match, shared=True)  # as the restore left it
    # The live regions hold the totals and the list, not the entry controls: a restore that
    # ends the match reloads the page, which then shows the end instead of them.
    restored = _("Deal %(number)d was restored.") % {"number": deal.number}
    if targets(request, "live") and not board.finished:
        # Said in the page's messages, in place of "Deal 4 was deleted", which no longer holds.
        said = {"said": [Message(constants.SUCCESS, restored)]}
        return HttpResponse(
            live_regions(request, board, role)
            + render_to_string("base.html#messages", said, request)
        )
    messages.success(request, restored)
    return redirect_htmx(request, match.get_absolute_url())


urlpatterns = [
    path("matches/<num:pk>/deals/<num:deal_id>/edit/", deal_edit, name="deal_edit"),
    path("matches/<num:pk>/deals/<num:deal_id>/delete/", deal_delete, name="deal_delete"),
    path("matches/<num:pk>/deals/<num:deal_id>/undo/", deal_undo, name="deal_undo"),
    path("matches/<num:pk>/deals/<num:deal_id>/restore/", deal_restore, name="deal_restore"),
]
