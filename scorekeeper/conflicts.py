"""A deal another phone recorded first: the core's fact, said once.

A change refused because the other phone recorded that deal first says so on its answer
(`mark_conflict`), with what a phone is shown of the deal (`conflict_of`). Whoever keeps
answers reads it from there (`conflict_on`): the offline layer's idempotency middleware hands
it to the phone's queue. The core knows nothing of who listens.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.html import strip_tags

from .board import Board
from .models import Deal

ATTRIBUTE = "recorded_first"


def conflict_of(deal: Deal, correct_url: str) -> dict[str, object]:
    """Return what a phone is shown of a deal that another phone recorded first: its number,
    its result as the deal list writes it, its page, and where this phone's own entry can be
    sent as a correction of it (`correct_url`)."""
    row = Board(deal.match).row_for(deal)
    line = render_to_string("scorekeeper/_deal_line.html", {"row": row})
    result = " ".join(strip_tags(line).split())
    if deal.winner is not None:
        result += f" · +{deal.points}"
    return {
        "number": deal.number,
        "result": result,
        "url": deal.get_absolute_url(),
        "correct": correct_url,
    }


def mark_conflict(response: HttpResponse, deal: Deal, correct_url: str) -> HttpResponse:
    """Mark `response` as the refusal of a deal that another phone recorded first; return it.

    The phone's queue shows the deal as the server holds it (`conflict_of`), beside what the
    phone held, and offers to keep the phone's entry as a correction of it at `correct_url`.
    """
    setattr(response, ATTRIBUTE, conflict_of(deal, correct_url))
    return response


def conflict_on(response: HttpResponse) -> dict[str, object] | None:
    """Return the conflict `response` was marked with, or None."""
    return getattr(response, ATTRIBUTE, None)
