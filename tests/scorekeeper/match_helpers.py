"""Helpers for the app's tests: start a match and enter deals the way the forms do."""

from django.test import Client
from django.urls import reverse

from adjudication import DEFAULT_RULES
from scorekeeper.board import Board
from scorekeeper.models import Deal, Match

HTMX = {"HTTP_HX_REQUEST": "true"}


class CommittingClient(Client):
    """A phone whose every request commits, as on a live site: what a request keeps once its
    transaction commits (`scorekeeper.caching.keep`) is kept when the request returns.

    A test's own transaction never commits, so a plain test client keeps nothing. `capture`
    is pytest-django's `django_capture_on_commit_callbacks` fixture.
    """

    def __init__(self, capture, **defaults) -> None:
        super().__init__(**defaults)
        self.capture = capture

    def request(self, **request):
        with self.capture(execute=True):
            return super().request(**request)


# The new-match form's house rules as a player leaves them: the defaults of `Rules` (a switch
# left off is not posted at all).
DEFAULT_RULES_FORM = {
    name: value for name, value in DEFAULT_RULES.to_dict().items() if value is not False
}


def create_match(client, a="Alice", b="Bob", dealer="0", **rules):
    """Start a match through the new-match form and return it."""
    data = {"player_a_name": a, "player_b_name": b, "first_dealer": dealer}
    data.update(DEFAULT_RULES_FORM)
    data.update(rules)
    data = {k: v for k, v in data.items() if v is not False}
    response = client.post(reverse("scorekeeper:match_create"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Match.objects.latest("pk")


def deal_url(name, match, number):
    """Return the URL of a deal page (deal_detail, deal_edit, ...) for deal `number`: pages
    address a deal by its id, which the tests look up from its number."""
    deal = Deal.objects.get(match=match, number=number)
    return reverse(f"scorekeeper:{name}", args=[match.pk, deal.pk])


def entry_url(match, seat=0):
    """Return the card-entry page of the match's open deal, with `seat` as the knocker."""
    return reverse("scorekeeper:deal_enter", args=[match.pk, seat])


def set_upcard(client, match, upcard):
    response = client.post(reverse("scorekeeper:deal_upcard", args=[match.pk]), {"upcard": upcard})
    assert response.status_code == 302
    return response


def enter_cards(
    client,
    match,
    seat,
    knocker,
    opponent,
    *,
    upcard=None,
    action="record",
    number=None,
    headers=None,
    url=None,
):
    """Post the full-entry form as shorthand text, the way a player types it."""
    match.refresh_from_db()
    if upcard is None:
        upcard = match.open_deal().upcard
    data = {
        "number": number if number is not None else Board(match).next_number,
        "version": match.version,
        "upcard": upcard,
        "knocker_seat": seat,
        "knocker_text": knocker,
        "opponent_text": opponent,
        "action": action,
    }
    url = url or reverse("scorekeeper:deal_enter", args=[match.pk, seat])
    return client.post(url, data, **(headers or {}))


def record_quick(client, match, knocker, k, o, *, number=None, **extra):
    match.refresh_from_db()
    data = {
        "number": number if number is not None else Board(match).next_number,
        "knocker": knocker,
        "knocker_deadwood": k,
        "opponent_deadwood": o,
        **extra,
    }
    return client.post(reverse("scorekeeper:deal_quick", args=[match.pk]), data)


def record_draw(client, match):
    match.refresh_from_db()
    return client.post(
        reverse("scorekeeper:deal_draw", args=[match.pk]), {"number": Board(match).next_number}
    )
