"""Forms: each parses and validates with the engine, and turns engine errors into field errors.

This module is the one boundary where the engine's `AdjudicationError`s become
`ValidationError`s; nothing else in the app catches them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Div, Field, Fieldset, Hidden, Layout
from django import forms
from django.core.exceptions import ValidationError
from django.forms.boundfield import BoundField
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from adjudication import (
    DEFAULT_RULES,
    RULE_SPECS,
    AdjudicationError,
    Card,
    CardInBothHandsError,
    CardTextError,
    DuplicateCardError,
    Rules,
    RuleSpec,
    WrongCountError,
    adjudicate,
    analyse_hand,
    best_arrangement,
    format_cards,
    parse_cards,
)

from .layouts import Button, Details, Note, panel_helper
from .models import Deal, DealFacts, Player
from .names import name_key
from .widgets import (
    CARD_CHOICES,
    CARD_VALUES,
    MAX_CARD_TEXT,
    UPCARD_CHOICES,
    CardRadioWidget,
    CardSelect,
    HandShown,
    HandWidget,
    SegmentedRadio,
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
                code = TEXT_ERROR if index == 1 else error.code
                errors.extend(ValidationError(message, code=code) for message in error)
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

    upcard = CardChoiceField(label=_("Upcard"), choices=UPCARD_CHOICES, widget=CardSelect)
    knocker_seat = forms.TypedChoiceField(
        label=_("Who knocked?"), coerce=int, choices=(), widget=SegmentedRadio
    )
    version = forms.IntegerField(required=False, widget=forms.HiddenInput)
    knocker = HandField(
        _("Knocker's cards"), text_label=_("Knocker's cards as text"), counts=(10, 11)
    )
    opponent = HandField(
        _("Opponent's cards"), text_label=_("Opponent's cards as text"), counts=(10,)
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
        """Return the validated deal as facts for `Match.record`."""
        return DealFacts(
            entry=Deal.Entry.CARDS,
            upcard=Card.parse(self.cleaned_data["upcard"]),
            knocker=self.cleaned_data["knocker_seat"],
            knocker_cards=self.hands["knocker"],
            opponent_cards=self.hands["opponent"],
        )


class CheckerForm(HandsForm):
    """The knock checker: an upcard, your 10 or 11 cards, and optionally the opponent's 10."""

    SIDES = ("hand", "opponent")

    upcard = CardChoiceField(
        label=_("Upcard"), choices=UPCARD_CHOICES, required=False, widget=CardSelect
    )
    hand = HandField(_("Your cards"), text_label=_("Your cards as text"), counts=(10, 11))
    opponent = HandField(
        _("Opponent's cards (optional)"),
        text_label=_("Opponent's cards as text"),
        counts=(10,),
        optional=True,
    )

    def verdicts(self) -> dict[str, object]:
        """Return the hand's analysis once it has 10 or 11 cards and, with the opponent's 10,
        the full verdict; with fewer cards, the best melds so far.

        Without an upcard the knock limit is 10, as for a ten or a face card.
        """
        upcard = self.upcard_value()
        hand, opponent = self.hands["hand"], self.hands["opponent"]
        analysis = verdict = so_far = None
        if len(hand) in (10, 11):
            analysis = analyse_hand(hand, upcard, DEFAULT_RULES)
            if len(opponent) == 10 and not self.overlap():
                verdict = adjudicate(upcard, hand, opponent)
        elif hand:
            so_far = best_arrangement(hand)
        return {"analysis": analysis, "verdict": verdict, "upcard": upcard, "so_far": so_far}


class UpcardForm(forms.Form):
    """The upcard of the deal being played, tapped on the grid."""

    upcard = CardChoiceField(label=_("Upcard"), choices=CARD_CHOICES, widget=CardRadioWidget)

    def clean_upcard(self) -> Card:
        return Card.parse(self.cleaned_data["upcard"])


class QuickForm(forms.Form):
    """The quick path: who knocked and the two deadwood counts, as numbers."""

    knocker = forms.TypedChoiceField(
        label=_("Who knocked?"), coerce=int, choices=(), widget=SegmentedRadio
    )
    knocker_deadwood = forms.IntegerField(label=_("Knocker's deadwood"), min_value=0, max_value=10)
    opponent_deadwood = forms.IntegerField(
        label=_("Opponent's deadwood after layoffs"), min_value=0, max_value=100
    )
    big_gin = forms.BooleanField(label=_("Big gin (all 11 cards melded)"), required=False)

    def __init__(self, *args, match, knock_limit: int | None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["knocker"].choices = [(0, match.player_a.name), (1, match.player_b.name)]
        for name in ("knocker_deadwood", "opponent_deadwood"):
            self.fields[name].widget.attrs.update({"inputmode": "numeric", "pattern": "[0-9]*"})
        self.knock_limit = knock_limit
        if not match.rules_value.big_gin:
            del self.fields["big_gin"]

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
            self.add_error("big_gin", _("Big gin means no deadwood at all."))
        return cleaned

    def facts(self, upcard: Card) -> DealFacts:
        """Return the validated quick entry as facts for `Match.record`."""
        return DealFacts(
            entry=Deal.Entry.QUICK,
            upcard=upcard,
            knocker=self.cleaned_data["knocker"],
            knocker_deadwood=self.cleaned_data["knocker_deadwood"],
            opponent_deadwood=self.cleaned_data["opponent_deadwood"],
            big_gin=self.cleaned_data.get("big_gin", False),
        )


def illegal_knock_message(deadwood: int, limit: int) -> str:
    """Return the illegal-knock explanation with its figures, in the active language."""
    return _("Illegal knock: deadwood %(deadwood)d > limit %(limit)d.") % {
        "deadwood": deadwood,
        "limit": limit,
    }


# The house rules' labels; everything else about each rule (its default, its bounds, the values
# a table may choose) is the engine's `Rules` (RULE_SPECS).
RULE_LABELS = {
    "gin_bonus": _("Gin bonus"),
    "undercut_bonus": _("Undercut bonus"),
    "big_gin": _("Big gin (all 11 cards melded)"),
    "big_gin_bonus": _("Big gin bonus"),
    "ace_means_gin": _("An ace upcard means gin only"),
    "spades_double": _("A spade upcard doubles the deal"),
    "target": _("Play to"),
    "box_bonus": _("Box bonus per deal won"),
    "game_bonus": _("Game bonus for the winner"),
    "shutout": _("Shutout doubles the game bonus"),
}


def rule_field(spec: RuleSpec) -> forms.Field:
    """Return the new-match form's field for one house rule, as `Rules` describes it."""
    label = RULE_LABELS[spec.name]
    if spec.is_switch:
        return forms.BooleanField(label=label, required=False, initial=spec.default)
    if isinstance(spec.offered, range):
        return forms.IntegerField(
            label=label,
            min_value=spec.offered.start,
            max_value=spec.offered.stop - 1,
            initial=spec.default,
        )
    choices = [(value, str(value)) for value in spec.offered]
    return forms.TypedChoiceField(label=label, coerce=int, choices=choices, initial=spec.default)


class MatchForm(forms.Form):
    """A new match: two players (earlier or new), the rules, and the first dealer."""

    DEALER_CHOICES = [
        ("random", _("Choose at random")),
        ("0", _("First player deals")),
        ("1", _("Second player deals")),
    ]

    player_a = forms.ModelChoiceField(
        label=_("First player"), queryset=Player.objects.none(), required=False
    )
    player_a_name = forms.CharField(label=_("or a new name"), max_length=40, required=False)
    player_b = forms.ModelChoiceField(
        label=_("Second player"), queryset=Player.objects.none(), required=False
    )
    player_b_name = forms.CharField(label=_("or a new name"), max_length=40, required=False)
    first_dealer = forms.ChoiceField(
        label=_("First dealer"), choices=DEALER_CHOICES, initial="random", widget=SegmentedRadio
    )

    RULE_FIELDS = tuple(spec.name for spec in RULE_SPECS)

    def __init__(self, *args, players=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields.update((spec.name, rule_field(spec)) for spec in RULE_SPECS)
        queryset = players if players is not None else Player.objects.none()
        self.fields["player_a"].queryset = queryset
        self.fields["player_b"].queryset = queryset
        for name in ("player_a_name", "player_b_name"):
            self.fields[name].widget.attrs.update(
                {"autocomplete": "off", "autocapitalize": "words"}
            )

    @cached_property
    def helper(self) -> FormHelper:
        """Return the new-match page's layout: the players, who deals first, the house rules."""
        seats = ("player_a", "player_a_name", "player_b", "player_b_name")
        if not self.fields["player_a"].queryset.exists():
            # No earlier players to pick: each seat's name field goes under the seat's own
            # label, as two fields both labelled "or a new name" could not be told apart.
            for seat in ("player_a", "player_b"):
                self[f"{seat}_name"].label = self.fields[seat].label
            seats = ("player_a_name", "player_b_name")
        helper = FormHelper()
        helper.attrs = {"novalidate": True}
        helper.layout = Layout(
            Fieldset(_("Players"), *seats, css_class="panel"),
            Field("first_dealer", wrapper_class="panel"),
            Details(
                _("House rules"),
                Note(
                    _(
                        "The defaults are the standard rules. Change them only if your table "
                        "plays differently."
                    )
                ),
                *self.RULE_FIELDS,
            ),
            Button(_("Start the match")),
        )
        return helper

    def _player(self, seat: str) -> Player | str | None:
        chosen = self.cleaned_data.get(seat)
        typed = (self.cleaned_data.get(f"{seat}_name") or "").strip()
        if typed:
            return typed
        return chosen

    def clean(self):
        cleaned = super().clean()
        players = {}
        for seat in ("player_a", "player_b"):
            player = self._player(seat)
            if not player:
                self.add_error(f"{seat}_name", _("Pick a player or type a name."))
            players[seat] = player
        a, b = players["player_a"], players["player_b"]
        if a and b and name_key(str(a)) == name_key(str(b)):
            self.add_error("player_b_name", _("The two players need different names."))
        cleaned["players"] = (a, b)
        if not self.errors:
            try:
                cleaned["rules"] = Rules.from_dict(
                    {name: cleaned[name] for name in self.RULE_FIELDS if name in cleaned}
                )
            except AdjudicationError as error:
                raise ValidationError(_("These house rules do not fit together.")) from error
        return cleaned

    def dealer(self) -> tuple[int, bool]:
        """Return the first dealer's seat and whether it was drawn at random."""
        choice = self.cleaned_data["first_dealer"]
        if choice == "random":
            return random.SystemRandom().randrange(2), True
        return int(choice), False


SHARE_KINDS = ("view", "edit")


class ShareForm(forms.Form):
    """The buttons of one link on the owner's "Send a link" screen: make it, or a new one, or
    revoke it. Each button posts its `action`, such as "view-on" or "edit-off", which is the
    one thing the form reads. The link itself is shown above it, as text to select."""

    action = forms.ChoiceField(
        choices=[(f"{kind}-{state}", "") for kind in SHARE_KINDS for state in ("on", "off")]
    )

    def __init__(self, *args, kind: str = "view", url: str | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.kind = kind
        self.url = url

    def change(self) -> tuple[str, bool]:
        """Return the link the tapped button changes ("view" or "edit") and whether it is to
        work (a new one) or stop."""
        kind, _sep, state = self.cleaned_data["action"].partition("-")
        return kind, state == "on"

    @cached_property
    def helper(self) -> FormHelper:
        """Return the link's buttons: with a link, a new one and revoke; else create one."""
        helper = FormHelper()
        if not self.url:
            helper.layout = Layout(Button(_("Create the link"), **self._action("on")))
            return helper
        helper.layout = Layout(
            Div(
                Button(_("New link"), css_class="btn", **self._action("on")),
                Button(_("Revoke"), css_class="btn btn-danger", **self._action("off")),
                css_class="actions actions-2",
            ),
        )
        return helper

    def _action(self, state: str) -> dict[str, str]:
        return {"name": "action", "value": f"{self.kind}-{state}"}
