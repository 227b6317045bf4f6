"""Views: small typed functions. Each full page has the htmx partials it swaps inline.

Without JS every control is a form: POST, then redirect. With htmx the same view answers with
the partial that changed.
"""

from __future__ import annotations

import io

import segno
from django.contrib import messages
from django.db import connection, transaction
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    QueryDict,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from adjudication import DEFAULT_RULES, Card, Rules

from . import access, sessions
from .access import Role
from .forms import (
    CheckerForm,
    DealForm,
    MatchForm,
    QuickForm,
    ShareForm,
    UpcardForm,
    illegal_knock_message,
)
from .models import (
    Deal,
    DealAlreadyRecorded,
    DealFacts,
    DealInPlay,
    DealMoved,
    DealOutOfTurn,
    Match,
    MatchOver,
    StaleEdit,
)
from .offline.idempotency import mark_conflict
from .offline.results import open_graph
from .presenters import deal_preview, match_board


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def redirect_htmx(request: HtmxHttpRequest, url: str) -> HttpResponse:
    """Redirect the whole page, also when the request came from htmx."""
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


@require_GET
def home(request: HtmxHttpRequest) -> HttpResponse:
    """The front page: start a match, resume one, or check a hand."""
    matches = access.visible_matches(request)[:10]
    return render(request, "scorekeeper/home.html", {"matches": matches})


@require_GET
def rules_page(request: HtmxHttpRequest) -> HttpResponse:
    """The rules in plain words, with the knock-limit table."""
    limits = [(card, Rules().knock_limit(Card.parse(card + "S"))) for card in "A23456789TJQK"]
    return render(request, "scorekeeper/rules.html", {"limits": limits})


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


def board_context(match: Match, role: Role = Role.EDIT, **forms: object) -> dict[str, object]:
    """Return the scoreboard's context with its forms (fresh ones unless given).

    What the visitor may do is decided here, from their role, and handed to the template.
    """
    context = match_board(match)
    context["can_edit"] = role >= Role.EDIT
    context["is_owner"] = role == Role.OWNER
    context["upcard_form"] = forms.get("upcard_form") or UpcardForm()
    open_deal = context["open_deal"]
    initial = {}
    if open_deal is not None and open_deal.entry == Deal.Entry.QUICK:
        # An undone quick deal: its numbers are back in the form.
        initial = {
            "knocker": open_deal.knocker,
            "knocker_deadwood": open_deal.quick_knocker_deadwood,
            "opponent_deadwood": open_deal.quick_opponent_deadwood,
        }
    context["quick_form"] = forms.get("quick_form") or QuickForm(
        match=match, knock_limit=context["knock_limit"], initial=initial
    )
    context["quick_open"] = bool(initial)
    return context


@require_GET
@vary_on_headers("HX-Request")
def match_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The scoreboard: totals, who deals, the upcard and knock limit, the deals so far.

    A view-link holder sees the same board without the controls.
    """
    match, role = access.match_for(request, pk, Role.VIEW)
    if request.htmx:
        return render(request, "scorekeeper/match_detail.html#board", board_context(match, role))
    context = board_context(match, role)
    # Outside the board that htmx swaps: offered on a whole page, it stays until the next one.
    context["save_offer"] = sessions.offer_to_save(request, match, role, bool(context["rows"]))
    return render(request, "scorekeeper/match_detail.html", context)


@require_POST
@vary_on_headers("HX-Request")
def deal_upcard(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Set or change the upcard of the deal being played."""
    match, role = access.match_for(request, pk, Role.EDIT)
    form = UpcardForm(request.POST)
    if match.state().finished:
        messages.error(request, _("This match is over."))
        return redirect_htmx(request, match.get_absolute_url())
    if not form.is_valid():
        template = "scorekeeper/match_detail.html" + ("#board" if request.htmx else "")
        return render(request, template, board_context(match, role, upcard_form=form))
    match.set_upcard(form.cleaned_data["upcard"])
    if request.htmx:
        return render(request, "scorekeeper/match_detail.html#board", board_context(match, role))
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
    context = board_context(match, role, quick_form=form)
    context["quick_open"] = True
    template = "scorekeeper/match_detail.html" + ("#quick" if request.htmx else "")
    return render(request, template, context, status=422 if request.htmx else 200)


def record(request: HtmxHttpRequest, match: Match, facts: DealFacts) -> HttpResponse:
    """Record the deal being played and show its verdict (or the scoreboard for a draw)."""
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
        verdict = deal.verdict_value()
        messages.error(
            request,
            illegal_knock_message(verdict.knocker.deadwood_points, verdict.knock_limit)
            + " "
            + _("Nothing was scored: correct the cards, or play on."),
        )
        return redirect_htmx(
            request, reverse("scorekeeper:deal_enter", args=[match.pk, deal.knocker])
        )
    if deal.entry == Deal.Entry.DRAW:
        messages.success(request, _("Deal %(number)d was a draw.") % {"number": deal.number})
        return redirect_htmx(request, match.get_absolute_url())
    return redirect_htmx(request, deal.get_absolute_url())


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

    POST with action=record records it; any other POST (the live preview, or "Check" without
    JS) only adjudicates what is there and stores nothing.
    """
    match, role = access.match_for(request, pk, Role.EDIT)
    if seat not in (0, 1):
        raise Http404
    if match.state().finished:
        messages.error(request, _("This match is over."))
        return redirect(match)
    if request.method == "GET":
        open_deal = match.open_deal()
        if open_deal is not None and open_deal.knocker_cards:
            # Cards kept from an illegal knock: show them with their verdict, for correction.
            data = QueryDict(mutable=True)
            for key, value in DealForm.initial_from_deal(open_deal).items():
                data.setlist(key, value if isinstance(value, list) else [value])
            data["knocker_seat"] = str(seat)
            form = DealForm(data, match=match, require_complete=False)
        else:
            open_upcard_text = open_deal.upcard if open_deal else ""
            form = DealForm(initial={"knocker_seat": seat, "upcard": open_upcard_text}, match=match)
        return render_entry(request, match, form, number=match.next_number)
    recording = request.POST.get("action") == "record"
    form = DealForm(request.POST, match=match, require_complete=recording)
    if recording and form.is_valid():
        return record(request, match, form.facts())
    return render_entry(request, match, form, number=match.next_number)


def render_entry(
    request: HtmxHttpRequest,
    match: Match,
    form: DealForm,
    *,
    number: int,
    deal: Deal | None = None,
) -> HttpResponse:
    """Render the card-entry page (or its form region for htmx) with the live preview."""
    form.is_valid()  # a bound form's hands and errors, for the preview and the page
    preview = deal_preview(match, form)
    context = {
        **match_board(match),
        "form": form,
        "number": number,
        "editing": deal,
        "preview": preview,
    }
    template = "scorekeeper/deal_entry.html" + ("#entry" if request.htmx else "")
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
    board = match_board(match)
    last = match.last_counted_deal()
    # Undo would drop what was entered for a deal already being played: not offered then.
    playing = board["open_deal"]
    can_undo = (
        role >= Role.EDIT
        and last is not None
        and last.pk == deal.pk
        and not (playing is not None and playing.entry)
    )
    return render(
        request,
        "scorekeeper/deal_detail.html" + ("#deal" if request.htmx else ""),
        {
            **board,
            "deal": deal,
            "row": board["rows_by_id"].get(deal.pk),
            "verdict": deal.verdict_value(),
            "can_edit": role >= Role.EDIT,
            "can_undo": can_undo,
        },
    )


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
    return render(request, "scorekeeper/deal_edit.html", {**match_board(match), "deal": deal})


def save_edit(
    request: HtmxHttpRequest, match: Match, deal: Deal, facts: DealFacts
) -> HttpResponse | None:
    """Apply an edit made against the version the form was shown with.

    Returns the response to send, or None when the knock is illegal and nothing changed.
    """
    try:
        judged = match.edit_deal(deal, facts, version=posted_version(request))
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
        {**match_board(match), "deal": deal, "mode": "quick", "quick_form": form},
    )


def edit_cards(request: HtmxHttpRequest, match: Match, deal: Deal) -> HttpResponse:
    """Edit a deal through the full card entry, with the same live preview."""
    if request.method == "GET":
        form = DealForm(initial=DealForm.initial_from_deal(deal), match=match)
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
        match.undo_last(deal, version=posted_version(request))
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
        template = "scorekeeper/deal_delete.html" + ("#confirm" if request.htmx else "")
        return render(request, template, {**match_board(match), "deal": deal})
    try:
        match.delete_deal(deal, version=posted_version(request))
    except DealMoved as moved:
        if moved.deal is not None and moved.deal.status == Deal.Status.DELETED:
            messages.info(
                request,
                _("Deal %(number)d was already deleted. Nothing else changed.")
                % {"number": deal.number},
            )
            return redirect_htmx(request, match.get_absolute_url())
        return deal_moved(request, match, moved.deal)
    except StaleEdit:
        messages.error(
            request,
            _(
                "The match changed on another phone since this page was shown, so nothing was "
                "deleted. Here is the match as it is now."
            ),
        )
        return redirect_htmx(request, match.get_absolute_url())
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
    the match ended with it.
    """
    match, role = access.match_for(request, pk, Role.EDIT)
    deal = deal_in(match, deal_id)
    try:
        match.restore_deal(deal, version=posted_version(request))
    except DealMoved as moved:
        if moved.deal is not None and moved.deal.status == Deal.Status.RECORDED:
            messages.info(
                request,
                _("Deal %(number)d was already restored. Nothing else changed.")
                % {"number": deal.number},
            )
            return redirect_htmx(request, match.get_absolute_url())
        return deal_moved(request, match, moved.deal)
    except StaleEdit:
        messages.error(
            request,
            _(
                "The match changed on another phone since this page was shown, so nothing was "
                "restored. Here is the match as it is now."
            ),
        )
        return redirect_htmx(request, match.get_absolute_url())
    match.forget_cache()
    # The live regions hold the totals and the list, not the entry controls: a restore that
    # ends the match reloads the page, which then shows the end instead of them.
    if request.htmx and request.htmx.target == "live" and not match.state().finished:
        return HttpResponse(live_regions(request, match, role))
    messages.success(request, _("Deal %(number)d was restored.") % {"number": deal.number})
    return redirect_htmx(request, match.get_absolute_url())


@require_GET
@vary_on_headers("HX-Request")
def checker(request: HtmxHttpRequest) -> HttpResponse:
    """The knock checker: can this hand knock, with which discard, and is it gin?"""
    form = CheckerForm(request.GET if "upcard" in request.GET else None)
    context: dict[str, object] = {"form": form, "default_rules": DEFAULT_RULES}
    if form.is_valid():
        context.update(form.verdicts())
    template = "scorekeeper/checker.html" + ("#result" if request.htmx else "")
    return render(request, template, context)


POLL_FIELDS = ("owner_id", "view_token", "edit_token")
POLL_SQL = f"SELECT version, {', '.join(POLL_FIELDS)} FROM {Match._meta.db_table} WHERE id = %s"


@require_GET
def match_poll(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Answer a live scoreboard's poll: 204 at the cost of one small query when nothing
    changed, otherwise the live regions of the board."""
    # Every open scoreboard asks every 2 s: plain SQL, as building the ORM query cost ten
    # times more than running it (profiled in issue 8).
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
    return HttpResponse(live_regions(request, match, role))


def live_regions(request: HtmxHttpRequest, match: Match, role: Role) -> str:
    """Return the board's live regions: the totals, and out of band the deal list and the
    deal numbers of this phone's own forms."""
    context = board_context(match, role)
    live = render_to_string("scorekeeper/match_detail.html#live", context, request)
    context["oob"] = True
    deals = render_to_string("scorekeeper/match_detail.html#deals", context, request)
    # The deal number in this phone's own forms moves on too, so that its next tap records
    # the deal being played, not the one the other phone just recorded.
    numbers = ""
    if context["can_edit"] and not context["state"].finished:
        numbers = render_to_string("scorekeeper/match_detail.html#numbers", context, request)
    return live + deals + numbers


@require_http_methods(["GET", "POST"])
def match_share(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The owner's share screen: a view link and an edit link, each with a QR code, each
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
def share_open(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Open a share link: this browser may now watch (or also record in) the match.

    The link answers with the scoreboard itself, not a redirect to it: a link preview's
    crawler has no cookies and follows no redirect that sets a session, and reads the Open
    Graph tags (the score, its picture) from this reply.
    """
    match, _role = access.match_by_token(token)
    access.remember_token(request, token)
    request.open_graph = open_graph(request, match, token)  # type: ignore[attr-defined]
    return match_detail(request, match.pk)


@require_POST
def deck_colours(request: HtmxHttpRequest) -> HttpResponse:
    """Switch this browser between the red-and-black deck and the four-colour deck."""
    request.session["four_colour"] = not request.session.get("four_colour", False)
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        target = reverse("scorekeeper:home")
    return redirect(target)
