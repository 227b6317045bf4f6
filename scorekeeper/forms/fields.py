"""The card and hand fields: a hand entered on the card grid, as shorthand text, or both.

A hand's value is merged from its grid and its text and checked by the engine's parser
(`merge_hand`); its pieces (the grid, the text box, the count) are drawn for the page by
`HandBoundField`. The card choice fields share their choices between forms, for speed on
every tap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from django import forms
from django.core.exceptions import ValidationError
from django.forms.boundfield import BoundField
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from adjudication import AdjudicationError, Card, format_cards, parse_cards

from ..widgets import CARD_CHOICES, CARD_VALUES, MAX_CARD_TEXT, HandShown, HandWidget
from .engine_errors import engine_message


@dataclass(frozen=True)
class HandInput:
    """One hand as submitted: the ticked grid, the shorthand text, and the hand's text as the
    page showed it (to tell which of the two the player changed since)."""

    ticked: tuple[str, ...]
    text: str
    rendered: str

    @classmethod
    def posted(cls, value: list) -> HandInput:
        """Return the hand from its widget's three posted values, cut to what a player sends.

        A text box that was not sent at all is unchanged, not emptied.
        """
        ticked, text, rendered = value
        rendered = (rendered or "")[:MAX_CARD_TEXT]
        return cls(
            ticked=tuple(ticked or ())[:60],
            text=(rendered if text is None else text)[:MAX_CARD_TEXT],
            rendered=rendered,
        )


def merge_hand(hand: HandInput) -> tuple[Card, ...]:
    """Return the cards of one hand from its grid and its shorthand text.

    When only the text changed since the page was rendered, the text is the hand. When only the
    grid changed, the grid is the hand. When both changed (no JS: a typed line and some taps),
    both count. Raises the engine's errors for bad text or a card typed twice.
    """
    grid = parse_cards(hand.ticked) if hand.ticked else ()
    typed = parse_cards(hand.text) if hand.text.strip() else ()
    shown = hand.rendered.strip()
    text_changed = format_cards(typed) != shown
    grid_changed = format_cards(grid) != shown
    if text_changed and not grid_changed:
        return typed
    if grid_changed and not text_changed:
        return grid
    merged = dict.fromkeys(grid)
    merged.update(dict.fromkeys(typed))
    return tuple(merged)


def parse_grid_leniently(ticked: tuple[str, ...]) -> tuple[Card, ...]:
    """Return the ticked cards that are cards, once each (a tampered POST may repeat them)."""
    return tuple(Card.parse(token) for token in dict.fromkeys(ticked) if token in CARD_VALUES)


# The code of an error in a hand's typed text: the page shows it beside the text box.
TEXT_ERROR = "text"
# The code of an error in the hand's text as the page showed it (a hidden field nobody types
# in, so only a damaged or tampered page fails its check): the page says so beside the hand.
SHOWN_ERROR = "shown"
SHOWN_DAMAGED = _("This hand came back from the page changed: check its cards and send them again.")


def part_errors(index: int, error: ValidationError) -> list[ValidationError]:
    """Return the errors of one part of a hand (grid, text, text as shown) as the hand's own.

    A part's check may fail with one error or with several (its validators' list, which has
    no single code): each keeps its own code, the text's become TEXT_ERROR, and the hidden
    copy's are said once, in words the player can act on.
    """
    if index == 2:
        return [ValidationError(SHOWN_DAMAGED, code=SHOWN_ERROR)]
    return [
        ValidationError(
            item.message, code=TEXT_ERROR if index == 1 else item.code, params=item.params
        )
        for item in error.error_list
    ]


def hand_shown(value: list) -> HandShown:
    """Return a posted hand as the page shows it again: the merged cards on the grid and as
    text; after an error, what could be kept, with a text that failed shown as it was typed."""
    hand = HandInput.posted(value)
    typed = value[1]
    try:
        cards = merge_hand(hand)
        text_failed = False
    except AdjudicationError:
        cards = parse_grid_leniently(hand.ticked)
        text_failed = bool(hand.text.strip())
    if text_failed or (typed is not None and len(typed) > MAX_CARD_TEXT):
        return HandShown(cards, typed or "")
    return HandShown.of(cards)


class HandBoundField(BoundField):
    """A hand on the page: its text box with the text's errors, the hand's other errors, its
    grid (the other hand's cards shown as taken) and the hidden text as shown, drawn by the
    field's template with its count of cards.

    A page that places them apart (the grid under the hand switch, the text boxes below)
    takes them from `parts`.
    """

    def value(self) -> HandShown | None:
        """Return the hand as shown, worked out once: the form's checks and the page's pieces
        all ask for it, and a bound form's data never changes."""
        if not hasattr(self, "_value"):
            self._value = super().value()
        return self._value

    @cached_property
    def parts(self) -> HandParts:
        """Return the hand's pieces, each drawn once: the grid only when a page shows it."""
        field: HandField = self.field
        grid, text, rendered = field.widget.widgets
        ticked, typed, shown = field.widget.decompress(self.value())
        text_id = f"{self.auto_id}_text"
        text_errors, other_errors = [], []
        for error in self.errors.as_data():
            (text_errors if error.code == TEXT_ERROR else other_errors).extend(error)
        text_attrs: dict[str, object] = {"id": text_id}
        if text_errors:
            text_attrs.update({"aria-invalid": "true", "aria-describedby": f"{text_id}_err"})
        count = len(self.form.hands[self.name])
        need = "–".join(str(n) for n in field.counts)
        return HandParts(
            lambda: grid.render(self.html_name, ticked, {"id": self.auto_id}),
            field=self,
            count_text=_("%(n)s of %(need)s") % {"n": count, "need": need},
            text_id=text_id,
            text=text.render(f"{self.html_name}_text", typed, text_attrs),
            text_errors=text_errors,
            other_errors=other_errors,
            shown=rendered.render(
                f"{self.html_name}_rendered", shown, {"id": f"{self.auto_id}_rendered"}
            ),
        )

    def get_context(self) -> dict[str, object]:
        parts = self.parts
        return {**parts, "grid": parts["grid"]}


class HandParts(dict):
    """A hand's pieces by name (`HandBoundField.parts`). The grid is drawn on first use: the
    answer to a card tap swaps the counts and texts but never the grid under the thumb."""

    def __init__(self, draw_grid: Callable[[], SafeString], **pieces: object) -> None:
        super().__init__(pieces)
        self.draw_grid = draw_grid

    def __missing__(self, key: str) -> object:
        if key != "grid":
            raise KeyError(key)
        self["grid"] = grid = self.draw_grid()
        return grid


class CardChoiceField(forms.ChoiceField):
    """A choice among the cards (or the upcard's list): constant choices, shared by every form
    rather than deep-copied for each one, as Django's `ChoiceField` does (52 or 53 of them, on
    every tap of the card-entry page)."""

    def __deepcopy__(self, memo: dict) -> CardChoiceField:
        result = forms.Field.__deepcopy__(self, memo)
        result._choices = self._choices
        return result

    @forms.ChoiceField.choices.setter
    def choices(self, value: object) -> None:
        forms.ChoiceField.choices.fset(self, value)
        self._values = frozenset(str(key) for key, _ in self._choices)

    def valid_value(self, value: object) -> bool:
        """Return whether the value is one of the choices: a set look-up, where Django's walks
        the list (once for each of a hand's cards, on every tap)."""
        return str(value) in self._values


class CardsChoiceField(CardChoiceField, forms.MultipleChoiceField):
    """Several cards among the 52: a hand's grid."""


class HandField(forms.MultiValueField):
    """One hand, entered on the card grid, as shorthand text, or both (`HandWidget`).

    Its value is the hand's cards (`merge_hand`). Errors in the typed text carry the code
    TEXT_ERROR, so the page shows them beside the text box. `counts` are the numbers of cards
    the hand may hold; an `optional` hand may also be left empty.
    """

    widget = HandWidget
    bound_field_class = HandBoundField

    def __init__(
        self, label: str, *, text_label: str, counts: tuple[int, ...], optional: bool = False
    ) -> None:
        parts = (
            CardsChoiceField(choices=CARD_CHOICES, required=False),
            forms.CharField(max_length=MAX_CARD_TEXT, required=False),
            forms.CharField(max_length=MAX_CARD_TEXT, required=False),
        )
        super().__init__(
            parts,
            label=label,
            required=False,
            require_all_fields=False,
            template_name="scorekeeper/_hand_entry.html",
        )
        self.text_label = text_label
        self.counts = counts
        self.optional = optional
        # clean() reports its parts' own errors and the engine's, never MultiValueField's
        # "Enter a complete value." or "Enter a list of values.": no part is required, and
        # the widget always gives it a list. What a page cannot show is not kept.
        for code in ("incomplete", "invalid"):
            del self.error_messages[code]

    def __deepcopy__(self, memo: dict) -> HandField:
        # A form's copy shares the three part fields: only this field's widget (whose grid
        # marks the other hand's cards) is the form's own. Django copies every part too,
        # on every tap of the card-entry page.
        result = forms.Field.__deepcopy__(self, memo)
        result.fields = self.fields
        return result

    def clean(self, value: list) -> tuple[Card, ...]:
        """Return the hand's cards, or raise every error of its grid and its text at once."""
        errors = []
        for index, (part, field) in enumerate(zip(value, self.fields, strict=True)):
            try:
                field.clean(part)
            except ValidationError as error:
                errors += part_errors(index, error)
        hand = HandInput.posted(value)
        try:
            cards = merge_hand(hand)
        except AdjudicationError as error:
            code = TEXT_ERROR if hand.text.strip() else "cards"
            errors.append(ValidationError(engine_message(error), code=code))
        if errors:
            raise ValidationError(errors)
        return cards

    def bound_data(self, data: list, initial: object) -> HandShown:
        return hand_shown(data)

    def prepare_value(self, value: object) -> HandShown | None:
        """Return a hand as the widget shows it (a hand of initial cards as shown)."""
        if value is None or isinstance(value, HandShown):
            return value
        return HandShown.of(parse_cards(value) if value else ())
