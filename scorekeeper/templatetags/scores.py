"""Template helpers for score figures."""

from django import template
from django.utils.html import format_html

from ..presenters import deadwood_text

register = template.Library()


@register.filter
def score(a: object, b: object) -> str:
    """Return the score "a–b" as one unbreakable figure: a line never breaks at its dash."""
    return format_html('<span class="score">{}–{}</span>', a, b)


@register.filter
def deadwood(points: int) -> str:
    """Return a hand's "deadwood 4" in the reader's language (`presenters.deadwood_text`)."""
    return deadwood_text(points)
