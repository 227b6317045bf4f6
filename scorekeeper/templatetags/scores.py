"""Template helpers for score figures."""

from django import template
from django.utils.html import format_html

register = template.Library()


@register.filter
def score(a: object, b: object) -> str:
    """Return the score "a–b" as one unbreakable figure: a line never breaks at its dash."""
    return format_html('<span class="score">{}–{}</span>', a, b)
