"""The forms of a deal's entry: the cards (`DealForm`), the knock checker's (`CheckerForm`),
the upcard (`UpcardForm`) and the quick numbers (`QuickForm`), with the quick form's messages,
which name the player and the figure.

`DealForm` and `CheckerForm` each hold two hands (`HandsForm`); after validation their `hands`
are what the live preview shows.
"""

from __future__ import annotations

from functools import cached_property

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Hidden
from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from adjudication import (
    HAND_SIZE,
    KNOCKING_HAND_SIZE,
    Card,
    CardInBothHandsError,
    WrongCountError,
    parse_cards,
)

from ..actions import DealFacts
from ..layouts import Button, panel_helper
from ..models import Deal
from ..widgets import (
    CARD_CHOICES,
    CARD_VALUES,
    UPCARD_CHOICES,
    CardRadioWidget,
    CardSelect,
    SegmentedRadio,
)
from .engine_errors import engine_message, illegal_knock_message
from .fields import CardChoiceField, HandField


class HandsForm(forms.Form):
    """A form holding hands (`HandField`), in the order `SIDES` names them.

    After validation, `hands` holds each hand's cards, including what could be kept from a hand
    with an error, so nothing typed is lost; each grid shows the other hand's cards as taken.
    """

    SIDES: tuple[str, str] = ("knocker", "opponent")

    def __init__(self, *args, require_complete: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.require_complete = require_complete
        self.hands: dict[str, tuple[Card, ...]] = {side: () for side in self.SIDES}
        self.marks: tuple[str, str] = ("", "")  # how each hand's cards are marked as taken

    def clean(self):
        cleaned = super().clean()
        for side in self.SIDES:
            self.hands[side] = self[side].value().cards
        for card in sorted(self.overlap()):
            self.add_error(self.SIDES[1], engine_message(CardInBothHandsError(card)))
        for side in self.SIDES:
            self._check_count(side)
        self.mark_taken()
        return cleaned

    def _check_count(self, side: str) -> None:
        field: HandField = self.fields[side]
        count, expected = len(self.hands[side]), field.counts
        if count in expected or (count == 0 and field.optional):
            return
        if not self.require_complete and count < max(expected):
            return
        if side not in self.errors:
            self.add_error(side, engine_message(WrongCountError(expected, count)))

    def allowed_counts(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Return the counts of cards each hand may have, in the order of `SIDES`."""
        first, second = (self.fields[side].counts for side in self.SIDES)
        return first, second

    def overlap(self) -> set[Card]:
        """Return the cards entered in both hands."""
        first, second = (set(self.hands[side]) for side in self.SIDES)
        return first & second

    def upcard_value(self) -> Card | None:
        """Return the chosen upcard, or None when none is chosen yet."""
        value = self.data.get("upcard") if self.is_bound else self.initial.get("upcard")
        return Card.parse(value) if value in CARD_VALUES else None

    def mark_taken(self) -> None:
        """Show each hand's cards as taken in the other hand's grid."""
        first, second = self.SIDES
        self.fields[first].widget.grid.taken = frozenset(str(c) for c in self.hands[second])
        self.fields[second].widget.grid.taken = frozenset(str(c) for c in self.hands[first])
        self.fields[first].widget.grid.other_mark = self.marks[1]
        self.fields[second].widget.grid.other_mark = self.marks[0]

    def set_marks(self, names: tuple[str, str]) -> None:
        """Mark each hand's cards, where the other grid shows them taken, with its holder's
        initial (two letters, or more, when the initials are the same)."""
        size = 1
        while size < 3 and names[0][:size].upper() == names[1][:size].upper():
            size += 1
        self.marks = (names[0][:size].upper(), names[1][:size].upper())
        self.mark_taken()


class DealForm(HandsForm):
    """Full entry of a knocked deal: the upcard, who knocked, and both hands."""

    SIDES = ("knocker", "opponent")

    # Said also to a deal kept on a phone without its upcard, and refused when it is sent.
    upcard = CardChoiceField(
        label=_("Upcard"),
        choices=UPCARD_CHOICES,
        widget=CardSelect,
        error_messages={"required": _("Enter the upcard first: it sets the knock limit.")},
    )
    knocker_seat = forms.TypedChoiceField(
        label=_("Who knocked?"), coerce=int, choices=(), widget=SegmentedRadio
    )
    version = forms.IntegerField(required=False, widget=forms.HiddenInput)
    knocker = HandField(
        _("Knocker's cards"),
        text_label=_("Knocker's cards as text"),
        counts=(HAND_SIZE, KNOCKING_HAND_SIZE),
    )
    opponent = HandField(
        _("Opponent's cards"), text_label=_("Opponent's cards as text"), counts=(HAND_SIZE,)
    )

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        choices = [(0, match.player_a.name), (1, match.player_b.name)]
        self.fields["knocker_seat"].choices = choices
        self.fields["version"].initial = match.version

    @staticmethod
    def initial_from_deal(deal: Deal) -> dict[str, object]:
        """Return initial values that show a stored deal's upcard, knocker and cards."""
        initial: dict[str, object] = {"upcard": deal.upcard, "knocker_seat": deal.knocker}
        for side, text in (("knocker", deal.knocker_cards), ("opponent", deal.opponent_cards)):
            initial[side] = [str(card) for card in parse_cards(text)] if text else []
        return initial

    def facts(self) -> DealFacts:
        """Return the validated deal as facts for `actions.record`."""
        return DealFacts(
            entry=Deal.Entry.CARDS,
            upcard=Card.parse(self.cleaned_data["upcard"]),
            knocker=self.cleaned_data["knocker_seat"],
            knocker_cards=self.hands["knocker"],
            opponent_cards=self.hands["opponent"],
        )


class CheckerForm(HandsForm):
    """The knock checker: an upcard, your 10 or 11 cards, and optionally the opponent's 10.

    What they say so far is the live preview's (`presenters.preview.checker_preview`), as a
    deal's is.
    """

    SIDES = ("hand", "opponent")

    upcard = CardChoiceField(
        label=_("Upcard"), choices=UPCARD_CHOICES, required=False, widget=CardSelect
    )
    hand = HandField(
        _("Your cards"),
        text_label=_("Your cards as text"),
        counts=(HAND_SIZE, KNOCKING_HAND_SIZE),
    )
    opponent = HandField(
        _("Opponent's cards (optional)"),
        text_label=_("Opponent's cards as text"),
        counts=(HAND_SIZE,),
        optional=True,
    )


class UpcardForm(forms.Form):
    """The upcard of the deal being played, tapped on the grid."""

    upcard = CardChoiceField(label=_("Upcard"), choices=CARD_CHOICES, widget=CardRadioWidget)

    def clean_upcard(self) -> Card:
        return Card.parse(self.cleaned_data["upcard"])


# Above what ten cards can hold, a quick count is a slip of the thumb: at most 98 (two each of
# K, Q, J, 10 and 9, in suits that make no run), rounded up.
MOST_DEADWOOD = 100


class QuickForm(forms.Form):
    """The quick path: who knocked and the two deadwood counts, as numbers.

    Each error is a sentence that names the player or the figure (never Django's generic
    "This field is required."); a deadwood over the knock limit, up to what ten cards can hold,
    is an illegal knock, whatever the limit.
    """

    knocker = forms.TypedChoiceField(
        label=_("Who knocked?"), coerce=int, choices=(), widget=SegmentedRadio
    )
    knocker_deadwood = forms.IntegerField(
        label=_("Knocker's deadwood"), min_value=0, max_value=MOST_DEADWOOD
    )
    opponent_deadwood = forms.IntegerField(
        label=_("Opponent's deadwood after layoffs"), min_value=0, max_value=MOST_DEADWOOD
    )
    big_gin = forms.BooleanField(label=_("Big gin (all 11 cards melded)"), required=False)

    def __init__(self, *args, match, knock_limit: int | None, **kwargs):
        super().__init__(*args, **kwargs)
        names = (match.player_a.name, match.player_b.name)
        self.fields["knocker"].choices = list(enumerate(names))
        for name in ("knocker_deadwood", "opponent_deadwood"):
            self.fields[name].widget.attrs.update({"inputmode": "numeric", "pattern": "[0-9]*"})
        self.knock_limit = knock_limit
        if not match.rules_value.big_gin:
            del self.fields["big_gin"]
        # Who knocked, as posted, names the players in the other fields' errors.
        seat = {"0": 0, "1": 1}.get(self["knocker"].data) if self.is_bound else None
        knocker, opponent = (None, None) if seat is None else (names[seat], names[1 - seat])
        messages = {
            "knocker": _("Who knocked? Tap %(first)s or %(second)s.")
            % {"first": names[0], "second": names[1]},
            "knocker_deadwood": knocker_deadwood_message(knocker, knock_limit),
            "opponent_deadwood": opponent_deadwood_message(opponent),
        }
        for name, message in messages.items():
            field = self.fields[name]
            codes = {*field.error_messages, "min_value", "max_value"}
            field.error_messages = dict.fromkeys(codes, message)

    @cached_property
    def helper(self) -> FormHelper:
        """Return the layout of a correction as quick numbers (the deal page's Correct).

        The scoreboard draws the same fields itself, with Django's form rendering (`{{ form }}`,
        the same field template), on every tap and poll; it posts no version.
        """
        return panel_helper(
            # The version the correction was started from: an edit made meanwhile on the
            # other phone makes this one stale, also when it is posted again after an error.
            Hidden("version", "{{ request.POST.version|default:match.version }}"),
            Hidden("mode", "quick"),
            *self.fields,
            Button(_("Save the correction")),
        )

    def clean(self):
        cleaned = super().clean()
        if self.knock_limit is None:
            raise ValidationError(_("Enter the upcard first: it sets the knock limit."))
        deadwood = cleaned.get("knocker_deadwood")
        if deadwood is not None and deadwood > self.knock_limit:
            self.add_error(
                "knocker_deadwood",
                illegal_knock_message(deadwood, self.knock_limit),
            )
        if cleaned.get("big_gin") and deadwood:
            self.add_error(
                "big_gin", _("Big gin means deadwood 0, not %(deadwood)d.") % {"deadwood": deadwood}
            )
        return cleaned

    def facts(self, upcard: Card) -> DealFacts:
        """Return the validated quick entry as facts for `actions.record`."""
        return DealFacts(
            entry=Deal.Entry.QUICK,
            upcard=upcard,
            knocker=self.cleaned_data["knocker"],
            knocker_deadwood=self.cleaned_data["knocker_deadwood"],
            opponent_deadwood=self.cleaned_data["opponent_deadwood"],
            big_gin=self.cleaned_data.get("big_gin", False),
        )


def knocker_deadwood_message(name: str | None, limit: int | None) -> str:
    """Return what a missing or mistyped knocker's deadwood gets: who knocked (once known) and
    the knock limit, or before the upcard the most that ten cards hold."""
    figures = {"name": name, "limit": limit, "most": MOST_DEADWOOD}
    if limit is None and name is None:
        message = _("Enter the knocker's deadwood, as a number from 0 to %(most)d.")
    elif limit is None:
        message = _("Enter the deadwood %(name)s knocked with, as a number from 0 to %(most)d.")
    elif name is None:
        message = _("Enter the knocker's deadwood, as a number (the knock limit is %(limit)d).")
    else:
        message = _(
            "Enter the deadwood %(name)s knocked with, as a number (the knock limit is %(limit)d)."
        )
    return message % figures


def opponent_deadwood_message(name: str | None) -> str:
    """Return what a missing or mistyped opponent's deadwood gets: who (once the knocker is
    known) and the most that ten cards hold."""
    if name is None:
        message = _("Enter the opponent's deadwood after layoffs, as a number from 0 to %(most)d.")
    else:
        message = _(
            "Enter the deadwood %(name)s kept after layoffs, as a number from 0 to %(most)d."
        )
    return message % {"name": name, "most": MOST_DEADWOOD}
