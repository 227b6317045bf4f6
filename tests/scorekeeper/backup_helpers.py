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
    # Pages address a deal by its id; a deleted deal has its page too.
    for deal_id in match.deals.filter(status=Deal.Status.DELETED).values_list("pk", flat=True):
        pages.append(url("deal_detail", deal_id))
    for deal_id in match.deals.filter(status=Deal.Status.RECORDED).values_list("pk", flat=True):
        pages += [url("deal_detail", deal_id), url("deal_delete", deal_id)]
        pages += [url("deal_edit", deal_id) + f"?mode={mode}" for mode in Deal.Entry.values]
    return pages
