"""Template helpers that draw cards, melds and hands with suit symbols."""

from django import template
from django.utils.html import format_html, format_html_join

from adjudication import Card

register = template.Library()


def _card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else Card.parse(str(value))


@register.simple_tag
def card(value: Card | str, extra: str = "") -> str:
    """Draw one card: rank and suit symbol, coloured by suit."""
    c = _card(value)
    return format_html(
        '<span class="pc pc-{} {}" title="{}"><b>{}</b><i>{}</i></span>',
        c.suit.value.lower(),
        extra,
        c.label,
        c.rank.label,
        c.suit.symbol,
    )


@register.simple_tag
def cards(values, extra: str = "") -> str:
    """Draw a row of cards."""
    return format_html_join("", "{}", ((card(v, extra),) for v in values))
