"""What the view modules share, so that no view module imports another: the scoreboard and
its context, the undo offer, the live regions, the card-entry page, finding a deal of a match,
and the matches a visitor may see with a page's filter form.

This module holds no view and imports no view module (a test reads the imports).
"""

from __future__ import annotations

from django.contrib import messages
from django.db.models import QuerySet
from django.http import HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, render
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _

from .. import access, sessions, stats
from ..access import Role
from ..board import Board
from ..filters import HistoryFilterForm, StatsForm
from ..forms.entry import DealForm, QuickForm, UpcardForm
from ..htmx import (
    HtmxHttpRequest,
    live_partial,
    redirect_htmx,
    render_region,
    render_regions,
    wants_partial,
)
from ..models import Deal, Match
from ..presenters.preview import deal_preview, hands_on_screen


def board_context(board: Board, role: Role, **forms: object) -> dict[str, object]:
    """Return the scoreboard's context: the board and its forms (fresh ones unless given).

    What the visitor may do is decided here, from their role, and handed to the template.
    The role also keys the page's kept fragments (`scorekeeper.fragments`), and a form given
    here (bound: the visitor's input) keeps its region from being kept.
    """
    open_deal = board.open_deal
    initial = {}
    if open_deal is not None and open_deal.entry == Deal.Entry.QUICK:
        # An undone quick deal: its numbers are back in the form.
        initial = {
            "knocker": open_deal.knocker,
            "knocker_deadwood": open_deal.quick_knocker_deadwood,
            "opponent_deadwood": open_deal.quick_opponent_deadwood,
        }
    # Made only if drawn: a kept fragment usually has it already.
    quick_form = forms.get("quick_form") or SimpleLazyObject(
        lambda: QuickForm(match=board.match, knock_limit=board.knock_limit, initial=initial)
    )
    return {
        "match": board.match,
        "board": board,
        "role": role,
        "can_edit": role >= Role.EDIT,
        # A view-link holder is told so: the board has no controls for them, and none come.
        "read_only": role == Role.VIEW,
        "is_owner": role == Role.OWNER,
        # The grid ticks the cards of a list (it is the hands' grid too): the upcard as one.
        "upcard_form": forms.get("upcard_form")
        or SimpleLazyObject(
            lambda: UpcardForm(initial={"upcard": [str(board.upcard)] if board.upcard else []})
        ),
        "quick_form": quick_form,
        "quick_open": bool(initial),
        "forms_bound": any(getattr(form, "is_bound", False) for form in forms.values()),
    }


def render_scoreboard(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Render the scoreboard of match `pk` for this visitor (`scoreboard.match_detail`, and a share
    link opened, `share.share_open`): the board, and on a whole page the offers to save the
    match and to undo the deal just recorded."""
    match, role = access.match_for(request, pk, Role.VIEW)
    board = Board(match, shared=True)
    context = board_context(board, role)
    if not wants_partial(request):
        # Outside the board that htmx swaps: offered on a whole page, it stays until the next.
        context["save_offer"] = sessions.offer_to_save(
            request, match, role, board.has_counted_deals
        )
        undo = undo_offer(request, board, role)
        if undo is not None:
            context.update(undo=undo, undo_tag=UNDO_TAG % undo.pk)
    return render_region(request, "scorekeeper/match_detail.html", "board", context)


UNDO_PREFIX = "undo-"
UNDO_TAG = UNDO_PREFIX + "%d"


def undo_offer(request: HtmxHttpRequest, board: Board, role: Role) -> Deal | None:
    """Return the deal that this page's "Deal 5: Ann +26" message may offer to undo: the deal
    just recorded, while it is still the last one counted and nothing of the next is entered.
    """
    tags = {message.extra_tags for message in messages.get_messages(request)}
    if not any(tag and tag.startswith(UNDO_PREFIX) for tag in tags):
        return None  # without reading the deals: the board's kept picture is enough
    deal = board.last_counted
    if deal is None or UNDO_TAG % deal.pk not in tags or not can_undo(board, role, deal):
        return None
    return deal


def can_undo(board: Board, role: Role, deal: Deal) -> bool:
    """Return whether this visitor may undo `deal` now: it is the last deal counted, and
    nothing was entered yet for the deal being played (an undo would drop it)."""
    last = board.last_counted
    playing = board.open_deal
    return (
        role >= Role.EDIT
        and last is not None
        and last.pk == deal.pk
        and not (playing is not None and playing.entry)
    )


def live_regions(request: HtmxHttpRequest, board: Board, role: Role) -> str:
    """Return the board's live regions: the totals, and out of band the deal list and this
    phone's upcard picker's title.

    The deal numbers of this phone's own forms are never sent: each form posts the deal it was
    opened for, so that a tap meant for a deal the other phone recorded meanwhile is shown that
    deal, never recorded as the next one.
    """
    context = board_context(board, role)
    others = ["deals"]
    if context["can_edit"] and not board.finished:
        context["title_oob"] = True
        others.append("picker_title")
    return render_regions(request, "scorekeeper/match_detail.html", context, "live", *others)


def stored_deal_form(match: Match, deal: Deal, *, seat: int | None = None) -> DealForm:
    """Return the card-entry form bound to a stored deal's upcard, knocker and cards, so that
    the page shows them counted, with their verdict, as if just entered."""
    data = QueryDict(mutable=True)
    for key, value in DealForm.initial_from_deal(deal).items():
        data.setlist(key, value if isinstance(value, list) else [value])
    data["knocker_seat"] = str(deal.knocker if seat is None else seat)
    data["version"] = str(match.version)  # a correction is made against the match as shown
    return DealForm(data, match=match, require_complete=False)


def render_entry(
    request: HtmxHttpRequest,
    match: Match,
    form: DealForm,
    *,
    number: int,
    deal: Deal | None = None,
    first: dict[str, object] | None = None,
) -> HttpResponse:
    """Render the card-entry page, or for the live preview only what a change changed.

    A tap on a card (the page's script posts `tapped`) gets the counts, the knock limit, the
    verdict bar, the preview and the text boxes, each swapped out of band: the grid under the
    thumb is never redrawn, so nothing moves under it. A typed hand or a new upcard also gets
    both grids.
    """
    form.is_valid()  # a bound form's hands and errors, for the preview and the page
    preview = deal_preview(match, form)
    context = {
        "match": match,
        "form": form,
        "number": number,
        "editing": deal,
        "preview": preview,
        "bar": preview.bar,
        "hands": hands_on_screen(form, preview.bar),
        "upcard": form.upcard_value(),
        # The folded line of who knocked and the upcard opens when it has something to say.
        "top_open": bool(form.non_field_errors() or form["upcard"].errors),
        "messages_in_bar": True,
        "first": first,  # the other phone recorded this deal first (`first_here`)
    }
    if first is not None:
        return render(request, "scorekeeper/deal_entry.html", context)  # the whole page
    template = live_partial(request, "scorekeeper/deal_entry.html", context, request.POST)
    return render(request, template, context)


def deal_in(match: Match, deal_id: int) -> Deal:
    """Return the match's deal with this id, or answer 404: never another match's deal."""
    return get_object_or_404(match.deals, pk=deal_id)


def deal_moved(request: HtmxHttpRequest, match: Match, deal: Deal | None) -> HttpResponse:
    """Say where a deal went that the page expected to find recorded, and show the match."""
    if deal is None:
        text = _("That deal is not the one being played. Here is the match.")
    elif deal.status == Deal.Status.DELETED:
        text = _("Deal %(number)d is deleted. Restore it from the deal list to change it.")
    elif deal.status == Deal.Status.RECORDED:
        text = _("Deal %(number)d is not deleted: it already counts.")
    else:
        text = _("Deal %(number)d was taken back: it is being played again.")
    messages.warning(request, text % {"number": deal.number if deal else 0})
    return redirect_htmx(request, match.get_absolute_url())


def visible_with[Form: (HistoryFilterForm, StatsForm)](
    request: HtmxHttpRequest, form_class: type[Form]
) -> tuple[QuerySet[Match], Form]:
    """Return the matches the visitor may see, and the page's GET form over their players."""
    matches = access.visible_matches(request)
    return matches, form_class(request.GET, players=stats.players_in(matches))
