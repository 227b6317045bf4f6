"""The new-match form: two players (earlier or new), the first dealer and the house rules.

Each rule's field is made from the engine's description of it (`RULE_SPECS`); only its label
is the app's.
"""

from __future__ import annotations

from functools import cached_property

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Field, Fieldset, Layout
from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from adjudication import RULE_SPECS, AdjudicationError, Rules, RuleSpec

from ..layouts import Button, Details, Note, Preset
from ..models import Match, Player
from ..names import name_key
from ..widgets import SegmentedRadio

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
    "hollywood": _("Hollywood: three games on one sheet"),
}

# What a Hollywood table usually plays with (/rules/#hollywood): one tap sets these, and the form's
# defaults stay the standard rules.
HOLLYWOOD_PRESET: dict[str, bool | int] = {
    "hollywood": True,
    "box_bonus": 25,
    "game_bonus": 100,
    "shutout": True,
}
PRESET = "preset"  # the query parameter of the preset's link: ?preset=hollywood


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

    def __init__(self, *args, players=None, rules_open=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules_open = rules_open
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
                # A link, not a second submit button (which Enter in a name field would press):
                # without JS it opens the form with the preset; static/js/phone.js fills the
                # fields in place instead, keeping what was typed.
                Preset(
                    _("Hollywood with the usual bonuses: box 25, game 100, shutout"),
                    HOLLYWOOD_PRESET,
                ),
                open=self.rules_open,
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
            return Match.draw_first_dealer(), True
        return int(choice), False
