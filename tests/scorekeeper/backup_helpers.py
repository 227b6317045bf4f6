"""Helpers for the backup tests: every page of a match that a restored match must serve."""

from django.urls import reverse

from scorekeeper.models import Deal
from tests.hands import KNOCK_4, OPP_39

from .match_helpers import create_match, enter_cards, record_draw, record_quick, set_upcard


def play_a_match(client):
    """Play a match of a card deal, a draw and a quick deal on `client` (logged in), as a
    phone does; return the match."""
    match = create_match(client, "Alice", "Bob")
    set_upcard(client, match, "6D")
    enter_cards(client, match, 0, KNOCK_4, OPP_39)
    record_draw(client, match)
    set_upcard(client, match, "TC")
    record_quick(client, match, 1, 3, 20)
    return match


def match_pages(match) -> list[str]:
    """Return the URLs of every page (GET) that shows the match or one of its deals."""
    pk = match.pk
    url = lambda name, *args: reverse(f"scorekeeper:{name}", args=[pk, *args])  # noqa: E731
    pages = [
        url("match_detail"),
        url("match_poll"),
        url("match_share"),
        url("match_history"),
        url("match_export"),
        url("deal_enter", 0),
        url("deal_enter", 1),
        reverse("scorekeeper:home"),
        reverse("scorekeeper:history"),
        reverse("scorekeeper:stats"),
        reverse("scorekeeper:player_export", args=[match.player_a_id]),
    ]
    # Pages address a deal by its id; a deleted deal has its page too.
    for deal_id in match.deals.filter(status=Deal.Status.DELETED).values_list("pk", flat=True):
        pages.append(url("deal_detail", deal_id))
    for deal_id in match.deals.filter(status=Deal.Status.RECORDED).values_list("pk", flat=True):
        pages += [url("deal_detail", deal_id), url("deal_delete", deal_id)]
        pages += [url("deal_edit", deal_id) + f"?mode={mode}" for mode in Deal.Entry.values]
    return pages
