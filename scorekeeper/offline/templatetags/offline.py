"""Template filters and tags of the offline app: what a page's script needs about its match,
and the browser's theme colours."""

from __future__ import annotations

import json

from django import template

from adjudication import ALL_CARDS
from scorekeeper.models import Match
from scorekeeper.templatetags.cards import card

from .. import palette, pwa
from ..results import filename

register = template.Library()


@register.filter
def knock_limits(match: Match) -> str:
    """Return, as JSON, what each of the 52 upcards sets under the match's rules: its knock
    limit, whether only gin ends the deal, whether the deal's scores double, and the card as
    the pages draw it.

    An upcard tapped, or kept, on a phone without a connection shows its knock limit and its
    notes all the same, in the words of the scoreboard (templates/scorekeeper/_limit_box.html).
    """
    rules = match.rules_value
    return json.dumps(
        {
            str(upcard): {
                "limit": rules.knock_limit(upcard),
                "gin": rules.only_gin(upcard),
                "double": rules.multiplier(upcard) == 2,
                "card": str(card(upcard)),
            }
            for upcard in ALL_CARDS
        },
        ensure_ascii=False,
    )


@register.filter
def result_filename(match: Match) -> str:
    """Return the file name of the match's result picture."""
    return filename(match)


@register.simple_tag
def theme_colour(theme: str) -> str:
    """Return the colour of the browser's bar around the site in `theme` ("light" or
    "dark"), from the stylesheet's palette."""
    return palette.colour(pwa.THEME, theme)
