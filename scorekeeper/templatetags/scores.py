"""Template helpers for score figures."""

from django import template
from django.utils.html import format_html

from ..presenters import sheet
from ..presenters.sentences import deadwood_text

register = template.Library()


@register.filter
def score(a: object, b: object) -> str:
    """Return the score "a–b" as one unbreakable figure: a line never breaks at its dash."""
    return format_html('<span class="score">{}–{}</span>', a, b)


@register.filter
def deadwood(points: int) -> str:
    """Return a hand's "deadwood 4" in the reader's language (`sentences.deadwood_text`)."""
    return deadwood_text(points)


@register.filter
def signed(value: float | None) -> str:
    """Return a net with its sign ("+12", "−7.5", "0"): `presenters.sheet.signed`."""
    return sheet.signed(value)


@register.filter
def seat(pair: tuple[int, int], index: int) -> int:
    """Return a seat's figure of a pair (a game's bonuses, totals): `pair|seat:0`."""
    return pair[index]


@register.filter
def game_label(number: int) -> str:
    """Return a game's short name on a Hollywood sheet: "G1" (`presenters.sheet.game_label`)."""
    return sheet.game_label(number)


@register.filter
def games_label(games: tuple[int, ...]) -> str:
    """Return the games a deal went into, or a win will go into: "G1 G2", never broken
    across two lines (no-break spaces)."""
    return sheet.games_label(games).replace(" ", "\u00a0")


@register.filter
def games_text(games: tuple[int, ...]) -> str:
    """Return the games a deal went into, "G1 G2", with plain spaces: a sentence's words, which
    may wrap (`games_label` keeps a sheet's column whole)."""
    return sheet.games_label(games)
