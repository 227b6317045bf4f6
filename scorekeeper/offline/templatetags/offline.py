"""Template filters of the offline app: what a page's script needs about its match."""

from __future__ import annotations

import json

from django import template

from adjudication import Card
from scorekeeper.models import Match

from ..results import filename

register = template.Library()
RANKS = "A23456789TJQK"


@register.filter
def knock_limits(match: Match) -> str:
    """Return the knock limit of each upcard rank under the match's rules, as JSON.

    An upcard kept on the phone without a connection shows its knock limit all the same.
    """
    rules = match.rules_value
    return json.dumps({rank: rules.knock_limit(Card.parse(rank + "C")) for rank in RANKS})


@register.filter
def result_filename(match: Match) -> str:
    """Return the file name of the match's result picture."""
    return filename(match)
