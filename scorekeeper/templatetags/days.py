"""Template helpers for a match's day: `{{ match.created|short_day }}` in the lists,
`{{ match.created|long_day }}` on a match's own page, each a `<time>` with the moment in full.

Both write the day with `presenters.sentences.day_text`, as the result picture does."""

from datetime import datetime

from django import template
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString

from ..presenters.sentences import day_text

register = template.Library()


def _time(moment: datetime, text: str) -> SafeString:
    local = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    return format_html('<time datetime="{}">{}</time>', local.isoformat(), text)


@register.filter
def short_day(moment: datetime) -> SafeString:
    """Return the day of `moment`, short ("01.12.2026"), as a `<time>`."""
    return _time(moment, day_text(moment))


@register.filter
def long_day(moment: datetime) -> SafeString:
    """Return the day of `moment`, long ("1 grudnia 2026"), as a `<time>`."""
    return _time(moment, day_text(moment, long=True))
