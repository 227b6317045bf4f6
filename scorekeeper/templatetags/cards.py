"""Template helpers that draw cards, melds and hands with suit symbols."""

from functools import lru_cache

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from adjudication import Card, MeldKind

register = template.Library()


def _card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else Card.parse(str(value))


@register.simple_tag
def card(value: Card | str, extra: str = "") -> str:
    """Draw one card: rank and suit symbol, coloured by suit."""
    return _drawn(_card(value), extra)


@lru_cache(maxsize=1024)
def _drawn(c: Card, extra: str) -> str:
    # A card's markup is the same in every language and on every page: the live preview
    # draws some 20 of them on every tap, so each is built once (52 cards x the few extras
    # the templates name).
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
    return _joined(card(v, extra) for v in values)


@register.simple_tag
def meld(value, layoffs=None) -> str:
    """Draw a meld with the cards laid off onto it, marked, in their places: a run in rank
    order (3♥ 4♥ 5♥ 6♥ 7♥ with 3♥ and 7♥ laid off), a set's fourth card after its three."""
    laid = [layoff.card for layoff in layoffs or () if layoff.onto == value]
    shown = [(c, "") for c in value.cards] + [(c, "laid") for c in laid]
    if value.kind is MeldKind.RUN:
        shown.sort(key=lambda pair: pair[0].rank)
    return _joined(card(c, extra) for c, extra in shown)


@register.simple_tag
def arrangement(melds, deadwood, layoffs=None) -> str:
    """Draw a hand spread: its melds (with the cards laid off onto them), then its deadwood.

    A tag, not an included template: the live preview draws two on every tap.
    """
    return _joined(
        (
            '<div class="cards-row">',
            *(f'<span class="meld">{meld(m, layoffs)}</span>' for m in melds),
            *(card(c, "dead") for c in deadwood),
            "</div>",
        )
    )


def _joined(pieces) -> SafeString:
    """Join markup that is safe piece by piece: drawn cards and the literal tags around them."""
    return mark_safe("".join(pieces))  # noqa: S308 - each piece is drawn markup or a literal
