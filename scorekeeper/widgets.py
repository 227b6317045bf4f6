"""The widgets: the 52-card grid (a hand's checkboxes, or the upcard's radios), the upcard
drop-down, a hand's grid and text together, and the segmented radio.

The card widgets are drawn on every tap (the live preview redraws both grids), so they build
their HTML in Python, with exactly the markup Django's own templates would write
(tests/scorekeeper/test_widgets.py compares them byte for byte). The segmented radio has
a template of its own (templates/widgets/).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django import forms
from django.forms.renderers import TemplatesSetting
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from adjudication import ALL_CARDS, Card, format_cards


class FormRenderer(TemplatesSetting):
    """Forms and widgets render with the project's templates (templates/widgets/ and the
    crispy pack templates/gin/), and a field outside crispy (`{{ form }}`,
    `{{ form.field.as_field_group }}`) is drawn as crispy draws it, by gin/field.html."""

    form_template_name = "gin/form.html"
    field_template_name = "gin/field.html"


CARD_CHOICES = [(str(card), card.label) for card in ALL_CARDS]
CARD_VALUES = frozenset(str(card) for card in ALL_CARDS)
UPCARD_CHOICES = [("", "—"), *CARD_CHOICES]
MAX_CARD_TEXT = 200  # far more than 11 cards in any notation; longer is tampering


# Each card's label markup, up to its id: the card's own text, known to need no escaping.
GRID_LABELS = {
    str(card): f'<label class="gc pc-{card.suit.value.lower()} r{card.rank.value}'
    for card in ALL_CARDS
}
GRID_FACES = {
    str(card): '<span class="face" aria-hidden="true">'
    f'<b>{card.rank.label}</b><i>{card.suit.symbol}</i></span><span class="vh">{card.label}'
    for card in ALL_CARDS
}


class CardGridWidget(forms.CheckboxSelectMultiple):
    """The 52 cards as big tappable checkboxes drawn as cards, a suit to two rows."""

    taken: frozenset[str] = frozenset()
    # Who holds the taken cards, as the cards show it ("B" for Bob): a hand never wonders
    # which hand a card went to.
    other_mark: str = ""

    def render(self, name, value, attrs=None, renderer=None) -> SafeString:
        """Return the grid's HTML.

        Built here, not by a template loop: 52 cards through the template engine took longer
        than the rest of the scoreboard, and twice that on the card-entry page and its live
        preview (profiled in issue 8).
        """
        chosen = set(value or ())
        base_id = escape((attrs or {}).get("id") or f"id_{name}")
        name = escape(name)
        elsewhere = escape(gettext("in the other hand"))
        mark = escape(self.other_mark)
        who = f' data-who="{mark}"' if mark else ""
        parts = [f'<div class="grid" data-other="{mark}">' if mark else '<div class="grid">']
        for card in GRID_LABELS:
            checked = card in chosen
            # A card in the other hand is shown as taken, unless this hand has it too:
            # then both stay visible so the duplicate can be seen and fixed.
            taken = card in self.taken and not checked
            parts.append(
                f'{GRID_LABELS[card]}{" taken" if taken else ""}"{who if taken else ""}'
                f' for="{base_id}_{card}">'
                f'<input type="{self.input_type}" class="vh" name="{name}" value="{card}"'
                f' id="{base_id}_{card}"{" checked" if checked else ""}'
                f"{' disabled' if taken else ''}>{GRID_FACES[card]}"
                f"{f' ({elsewhere})' if taken else ''}</span></label>"
            )
        parts.append("</div>")
        return mark_safe("".join(parts))  # noqa: S308 - card text, and the escaped parts above


class CardSelect(forms.Select):
    """A drop-down of the upcards, with the markup of Django's own select template.

    Built here for the same reason as the card grid: 53 options, each a template include,
    cost more than the rest of the live preview.
    """

    def __deepcopy__(self, memo: dict) -> CardSelect:
        """Copy the widget for a new form, sharing its constant choices: Django's `Select`
        normalises all 53 again for every form, on every tap of the card-entry page."""
        return forms.Widget.__deepcopy__(self, memo)

    def render(self, name, value, attrs=None, renderer=None) -> SafeString:
        """Return the select's HTML."""
        chosen = self.format_value(value)
        parts = [
            f'<select name="{escape(name)}"{_attributes(self.build_attrs(self.attrs, attrs))}>'
        ]
        for option_value, label in self.choices:
            option_value = str(option_value)
            picked = option_value in chosen
            if picked:
                chosen = ()  # only the first match is selected, as in Django's ChoiceWidget
            parts.append(
                f'\n  <option value="{escape(option_value)}"{" selected" if picked else ""}>'
                f"{escape(label)}</option>\n"
            )
        parts.append("\n</select>")
        return mark_safe("".join(parts))  # noqa: S308 - every value above is escaped


class FastInput(forms.widgets.Input):
    """An input (a hand's text box, its hidden text as shown), with the markup of Django's own
    input template: the live preview draws two of each on every tap."""

    def render(self, name, value, attrs=None, renderer=None) -> SafeString:
        """Return the input's HTML."""
        value = self.format_value(value)
        shown = "" if value is None else f' value="{escape(value)}"'
        built = _attributes(self.build_attrs(self.attrs, attrs))
        html = f'<input type="{escape(self.input_type)}" name="{escape(name)}"{shown}{built}>'
        return mark_safe(html)  # noqa: S308 - every value above is escaped


class FastTextInput(FastInput, forms.TextInput):
    """A text box, drawn in Python."""


class FastHiddenInput(FastInput, forms.HiddenInput):
    """A hidden input, drawn in Python."""


def _attributes(attrs: dict[str, object]) -> str:
    """Return the attributes as Django's attrs.html writes them (True alone, False left out)."""
    return "".join(
        f" {escape(key)}" if value is True else f' {escape(key)}="{escape(value)}"'
        for key, value in attrs.items()
        if value is not False
    )


class CardRadioWidget(CardGridWidget):
    """The 52 cards as a grid of radio buttons: tap one."""

    input_type = "radio"
    allow_multiple_selected = False


class SegmentedRadio(forms.RadioSelect):
    """A choice among a few (who knocked, who deals first) as a row of big buttons: the radio
    inputs stay, hidden, before their labels, so it works without JS and by keyboard."""

    template_name = "widgets/segmented.html"

    def get_context(self, name: str, value: object, attrs: dict | None) -> dict:
        # The id first, as Django writes a radio's own tag (`{{ radio.tag }}`).
        attrs = {"id": attrs["id"], **attrs} if attrs and "id" in attrs else attrs
        context = super().get_context(name, value, attrs)
        context["widget"]["columns"] = len(self.choices)
        return context


@dataclass(frozen=True)
class HandShown:
    """A hand as its widget shows it: the cards ticked on the grid and the text in its box."""

    cards: tuple[Card, ...]
    text: str

    @classmethod
    def of(cls, cards: Iterable[Card]) -> HandShown:
        """Return the hand shown on the grid and, the same cards, as text."""
        cards = tuple(cards)
        return cls(cards, format_cards(cards))


# The shorthand text box: no autocorrection, capitals, and "done" on the phone's keyboard.
SHORTHAND_ATTRS = {
    "autocomplete": "off",
    "autocapitalize": "characters",
    "spellcheck": "false",
    "enterkeyhint": "done",
    "placeholder": "7h8h9h ks kd kc",
    "maxlength": MAX_CARD_TEXT,
}


class HandWidget(forms.MultiWidget):
    """One hand's inputs: the card grid (posted as NAME), the shorthand text beside it
    (NAME_text) and, hidden, the hand's text as the page showed it (NAME_rendered), which
    tells which of the two the player changed since.

    The page places them one by one, with the text's errors between the text and the grid
    (`scorekeeper.forms.fields.HandBoundField`).
    """

    def __init__(self, attrs: dict[str, object] | None = None) -> None:
        parts = {
            "": CardGridWidget(),
            "text": FastTextInput(SHORTHAND_ATTRS),
            "rendered": FastHiddenInput(),
        }
        super().__init__(parts, attrs)

    @property
    def grid(self) -> CardGridWidget:
        """Return the hand's card grid."""
        return self.widgets[0]

    def decompress(self, value: HandShown | None) -> list[object]:
        """Return the grid's ticked cards, the text, and the text as shown, of a shown hand."""
        if value is None:
            return [[], "", ""]
        return [[str(card) for card in value.cards], value.text, format_cards(value.cards)]
