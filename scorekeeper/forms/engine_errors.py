"""What the engine refuses, in the user's language.

The engine speaks in codes and English: its `AdjudicationError`s (bad card text, a card twice,
a card in both hands, a wrong count) and an illegal knock's figures. The forms turn the errors
into these sentences, and nothing else in the app catches them; the illegal knock's sentence is
also what the deal page says of a knock recorded as illegal.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from adjudication import (
    AdjudicationError,
    CardInBothHandsError,
    CardTextError,
    DuplicateCardError,
    WrongCountError,
)


def engine_message(error: AdjudicationError) -> str:
    """Return the user's-language message for an engine error (the engine speaks codes)."""
    if isinstance(error, CardTextError):
        return _("“%(token)s” is not a card. Use e.g. 7h, 10♥, TD or KS.") % {
            "token": error.token[:20]
        }
    if isinstance(error, DuplicateCardError):
        return _("%(card)s is entered twice.") % {"card": error.card.label}
    if isinstance(error, CardInBothHandsError):
        return _("%(card)s is in both hands.") % {"card": error.card.label}
    if isinstance(error, WrongCountError):
        expected = " / ".join(str(n) for n in error.expected)
        return ngettext(
            "Expected %(expected)s cards, got %(got)d.",
            "Expected %(expected)s cards, got %(got)d.",
            error.got,
        ) % {"expected": expected, "got": error.got}
    # The engine's own text is English: show a sentence in the user's language instead.
    return _("These cards cannot be used together.")


def illegal_knock_message(deadwood: int, limit: int) -> str:
    """Return the illegal-knock explanation with its figures, in the active language."""
    return _("Illegal knock: deadwood %(deadwood)d > limit %(limit)d.") % {
        "deadwood": deadwood,
        "limit": limit,
    }
