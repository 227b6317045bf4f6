"""Template helpers that draw cards, melds and hands with suit symbols."""

from django import template
from django.utils.html import format_html, format_html_join

from adjudication import Card, MeldKind

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


@register.simple_tag
def meld(value, layoffs=None) -> str:
    """Draw a meld with the cards laid off onto it, marked, in their places: a run in rank
    order (3♥ 4♥ 5♥ 6♥ 7♥ with 3♥ and 7♥ laid off), a set's fourth card after its three."""
    laid = [layoff.card for layoff in layoffs or () if layoff.onto == value]
    shown = [(c, "") for c in value.cards] + [(c, "laid") for c in laid]
    if value.kind is MeldKind.RUN:
        shown.sort(key=lambda pair: pair[0].rank)
    return format_html_join("", "{}", ((card(c, extra),) for c, extra in shown))
