"""Playing a match: start it, the scoreboard and its live poll, the upcard, and recording a
deal (quick, as a draw, or card by card with the live preview); then the deal's verdict.

Without JS every control is a form: POST, then redirect. With htmx the same view answers with
the partial that changed.
"""

from __future__ import annotations

from django.contrib import messages
from django.db import connection, transaction
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRefresh

from .. import access, sessions
from ..access import Role
from ..board import Board
from ..forms import DealForm, MatchForm, QuickForm, UpcardForm, illegal_knock_message
from ..htmx import (
    HtmxHttpRequest,
    live_partial,
    redirect_htmx,
    render_invalid,
    render_region,
    render_regions,
    wants_partial,
)
from ..models import (
    Deal,
    DealAlreadyRecorded,
    DealFacts,
    DealOutOfTurn,
    Match,
    MatchOver,
)
from ..offline.idempotency import mark_conflict
from ..presenters import deal_preview, explain, hands_on_screen


@require_http_methods(["GET", "POST"])
def match_create(request: HtmxHttpRequest) -> HttpResponse:
    """Start a match: two players, the house rules, and the first dealer."""
    players = access.visible_players(request)
    initial = {}
    if "rematch" in request.GET:
        initial = access.rematch_initial(request, request.GET["rematch"])
    form = MatchForm(request.POST or None, players=players, initial=initial)
    if request.method == "POST" and form.is_valid():
        match = create_match(request, form)
        return redirect_htmx(request, match.get_absolute_url())
    return render(request, "scorekeeper/match_new.html", {"form": form})


@transaction.atomic
def create_match(request: HtmxHttpRequest, form: MatchForm) -> Match:
    """Create the match (and any new players) that a valid MatchForm describes."""
    seats = []
    for player in form.cleaned_data["players"]:
        if isinstance(player, str):
            player = access.find_or_create_player(request, player)
        seats.append(player)
    dealer, at_random = form.dealer()
    match = Match.objects.create(
        player_a=seats[0],
        player_b=seats[1],
        rules=form.cleaned_data["rules"].to_dict(),
        first_dealer=dealer,
        dealer_chosen_at_random=at_random,
        owner=request.user if request.user.is_authenticated else None,
    )
    access.remember_match(request, match)
    return match


@require_POST
def match_rematch(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A new match with the same players and rules; the first dealer is drawn again."""
    old, _role = access.match_for(request, pk, Role.OWNER)
    match = Match.objects.create(
        player_a=old.player_a,
        player_b=old.player_b,
        rules=old.rules,
        first_dealer=Match.draw_first_dealer(),
        dealer_chosen_at_random=True,
        owner=old.owner,
    )
    access.remember_match(request, match)
    return redirect_htmx(request, match.get_absolute_url())


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


@require_GET
@vary_on_headers("HX-Request")
def match_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The scoreboard: totals, who deals, the upcard and knock limit, the deals so far.

    A view-link holder sees the same board without the controls. Right after a deal was
    recorded here, its message offers to undo it.
    """
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


POLL_FIELDS = ("owner_id", "view_token", "edit_token")
POLL_SQL = f"SELECT version, {', '.join(POLL_FIELDS)} FROM {Match._meta.db_table} WHERE id = %s"


@require_GET
def match_poll(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Answer a live scoreboard's poll: 204 at the cost of one small query when nothing
    changed, otherwise the live regions of the board (or, when the match was won or reopened
    meanwhile, the whole page again)."""
    # Every open scoreboard asks every 2 s (a finished one every 30 s): plain SQL, as building
    # the ORM query cost ten times more than running it (profiled in issue 8).
    with connection.cursor() as cursor:
        cursor.execute(POLL_SQL, [pk])
        found = cursor.fetchone()
    if found is None:
        raise Http404
    version, *rest = found
    row = dict(zip(POLL_FIELDS, rest, strict=True))
    if access.role_for(request, Match(pk=pk, **row)) == Role.NONE:
        raise Http404
    if request.GET.get("v") == str(version):
        return HttpResponse(status=204)
    match, role = access.match_for(request, pk, Role.VIEW)
    board = Board(match, shared=True)
    if board.finished != (request.GET.get("over") == "1"):
        # Won, or reopened by an undo, a delete or a restore on the other phone: the controls
        # come or go, and they are outside the live regions. The whole page again.
        return HttpResponseClientRefresh()
    return HttpResponse(live_regions(request, board, role))


def live_regions(request: HtmxHttpRequest, board: Board, role: Role) -> str:
    """Return the board's live regions: the totals, and out of band the deal list, the deal
    numbers of this phone's own forms and its upcard picker's title."""
    context = board_context(board, role)
    others = ["deals"]
    # The deal number in this phone's own forms moves on too, so that its next tap records
    # the deal being played, not the one the other phone just recorded.
    if context["can_edit"] and not board.finished:
        others.append("numbers")
    return render_regions(request, "scorekeeper/match_detail.html", context, "live", *others)


@require_POST
@vary_on_headers("HX-Request")
def deal_upcard(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Set or change the upcard of the deal being played."""
    match, role = access.match_for(request, pk, Role.EDIT)
    form = UpcardForm(request.POST)
    board = Board(match)
    if board.finished:
        messages.error(request, _("This match is over."))
        return redirect_htmx(request, match.get_absolute_url())
    if not form.is_valid():
        context = board_context(board, role, upcard_form=form)
        return render_invalid(request, "scorekeeper/match_detail.html", "upcard", context)
    match.set_upcard(form.cleaned_data["upcard"])
    if wants_partial(request):
        # The totals and the knock limit change in a box of the same height, so nothing above
        # the picker moves; the picker comes back folded under its new title, which brings
        # "Ann knocked" up to where the thumb is.
        context = board_context(Board(match, shared=True), role)  # as the upcard left it
        return HttpResponse(
            render_regions(request, "scorekeeper/match_detail.html", context, "live", "picker")
        )
    return redirect(match)


@require_POST
def deal_draw(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Record a draw: the stock ran down to two cards and nobody knocked."""
    match, role = access.match_for(request, pk, Role.EDIT)
    return record(request, match, DealFacts(entry=Deal.Entry.DRAW))


@require_POST
def deal_quick(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Record a deal from the quick path: who knocked and two deadwood counts."""
    match, role = access.match_for(request, pk, Role.EDIT)
    # The deal row keeps its number and upcard when it is recorded (and when it is deleted),
    # so a phone that lost the race still finds it here, and is told who recorded it.
    deal = match.deals.filter(number=posted_number(request)).first()
    if deal is not None and deal.status in Deal.PLAYED:
        return already_recorded(request, deal)
    upcard = deal.upcard_value if deal else None
    limit = match.rules_value.knock_limit(upcard) if upcard else None
    form = QuickForm(request.POST, match=match, knock_limit=limit)
    if form.is_valid() and upcard is not None:
        return record(request, match, form.facts(upcard))
    context = board_context(Board(match, shared=True), role, quick_form=form)
    context["quick_open"] = True
    return render_invalid(request, "scorekeeper/match_detail.html", "quick", context)


def record(request: HtmxHttpRequest, match: Match, facts: DealFacts) -> HttpResponse:
    """Record the deal being played, and go back to the scoreboard, where a message says what
    it scored and offers to undo it (the finished match, when it ended it)."""
    number = posted_number(request)
    try:
        deal = match.record(number, facts, by=access.actor(request))
    except DealAlreadyRecorded as already:
        return already_recorded(request, already.deal)
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
    """Return what the scoreboard says of a deal just recorded: "Deal 5: Ann +26"."""
    if deal.winner is None:
        return _("Deal %(number)d was a draw.") % {"number": deal.number}
    name = match.players[deal.winner]
    return _("Deal %(number)d: %(name)s +%(points)d") % {
        "number": deal.number,
        "name": name,
        "points": deal.points,
    }


def posted_number(request: HtmxHttpRequest) -> int:
    """Return the posted deal number, or answer 404 for a missing or tampered one."""
    try:
        number = int(request.POST.get("number", ""))
    except ValueError:
        raise Http404 from None
    if not 0 < number < 10_000:
        raise Http404
    return number


def already_recorded(request: HtmxHttpRequest, deal: Deal) -> HttpResponse:
    """Tell the player that another phone recorded this deal first, and show its result."""
    values = {"number": deal.number, "result": deal.get_outcome_display(), "who": deal.recorded_by}
    if deal.recorded_by:
        text = _("Deal %(number)d was already recorded by %(who)s (%(result)s). Here it is.")
    else:
        text = _("Deal %(number)d was already recorded on another phone (%(result)s). Here it is.")
    messages.warning(request, text % values)
    # A phone sending a deal it kept offline is shown both results, and may keep its own.
    correct_url = reverse("scorekeeper:deal_edit", args=[deal.match_id, deal.pk])
    return mark_conflict(redirect_htmx(request, deal.get_absolute_url()), deal, correct_url)


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
    recording = request.POST.get("action") == "record"
    form = DealForm(request.POST, match=match, require_complete=recording)
    if recording and form.is_valid():
        return record(request, match, form.facts())
    return render_entry(request, match, form, number=board.next_number)


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
    }
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


@require_GET
@vary_on_headers("HX-Request")
def deal_detail(request: HtmxHttpRequest, pk: int, deal_id: int) -> HttpResponse:
    """The verdict of one deal: both hands as melds, the layoffs, the outcome and points.

    A deleted deal is shown struck through, with a button to restore it.
    """
    match, role = access.match_for(request, pk, Role.VIEW)
    deal = deal_in(match, deal_id)
    if deal.status == Deal.Status.OPEN:
        return deal_moved(request, match, deal)
    board = Board(match)
    row = board.row_for(deal)
    verdict = deal.verdict_value()
    explained = None
    if verdict is not None and row is not None:
        explained = explain(verdict, board.rules, str(row.knocker), str(row.opponent))
    context = {
        "match": match,
        "board": board,
        "deal": deal,
        "row": row,
        "explained": explained,
        "can_edit": role >= Role.EDIT,
        "can_undo": can_undo(board, role, deal),
    }
    return render_region(request, "scorekeeper/deal_detail.html", "deal", context)


urlpatterns = [
    path("matches/new/", match_create, name="match_create"),
    path("matches/<num:pk>/", match_detail, name="match_detail"),
    path("matches/<num:pk>/rematch/", match_rematch, name="match_rematch"),
    path("matches/<num:pk>/poll/", match_poll, name="match_poll"),
    path("matches/<num:pk>/upcard/", deal_upcard, name="deal_upcard"),
    path("matches/<num:pk>/draw/", deal_draw, name="deal_draw"),
    path("matches/<num:pk>/quick/", deal_quick, name="deal_quick"),
    path("matches/<num:pk>/knock/<num:seat>/", deal_enter, name="deal_enter"),
    # A deal is addressed by its id, never by its number: a page left open on the other phone
    # always points at the deal it showed.
    path("matches/<num:pk>/deals/<num:deal_id>/", deal_detail, name="deal_detail"),
]
