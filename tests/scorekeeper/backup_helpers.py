"""Helpers for the backup tests: every page of a match that a restored match must serve."""

from django.urls import reverse

from scorekeeper.models import Deal


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
    for number in match.deals.filter(status=Deal.Status.RECORDED).values_list("number", flat=True):
        pages += [url("deal_detail", number), url("deal_delete", number)]
        pages += [url("deal_edit", number) + f"?mode={mode}" for mode in Deal.Entry.values]
    return pages
