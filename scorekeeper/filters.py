"""The GET forms of the history and statistics pages: filters that never change anything.

Each narrows its page as soon as a choice changes (htmx swaps the results below the form);
a filter that does not parse is ignored, not shown as an error in the form.
"""

from __future__ import annotations

from datetime import datetime
from functools import cached_property

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Field, Fieldset, Layout
from django import forms
from django.db.models import Q, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from . import stats
from .layouts import Button
from .models import Match
from .names import name_key
from .standing import Standing

STATUS_CHOICES = [
    ("", _("All")),
    ("playing", _("In progress")),
    ("finished", _("Finished")),
]
PERIOD_CHOICES = [
    ("", _("All time")),
    ("month", _("This month")),
    ("year", _("This year")),
]


def filter_helper(url_name: str, results: str, *layout, **attrs: str) -> FormHelper:
    """Return the helper of a filter form: a GET of the page `url_name` that, with htmx,
    swaps the element `results` at each change (and `attrs`), with a Show button for
    browsers without JS."""
    url = reverse(url_name)
    helper = FormHelper()
    helper.form_method = "get"
    helper.form_action = url
    helper.form_class = "filters"
    helper.form_show_errors = False
    helper.attrs = {
        **attrs,
        "hx-get": url,
        "hx-target": f"#{results}",
        "hx-swap": "outerHTML",
        "hx-push-url": "true",
    }
    helper.layout = Layout(*layout, Button(_("Show"), css_class="btn btn-block filter-go"))
    return helper


def _player_field(label, players: list[tuple[int, str]], empty: str) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        label=label,
        choices=[("", empty), *players],
        coerce=int,
        empty_value=None,
        required=False,
    )


class HistoryFilterForm(forms.Form):
    """Narrow the match list by a player, a status, and a search in the players' names."""

    q = forms.CharField(label=_("Search names"), max_length=40, required=False)
    player = forms.TypedChoiceField(label=_("Player"), required=False)
    status = forms.ChoiceField(label=_("Status"), choices=STATUS_CHOICES, required=False)

    def __init__(self, *args, players: list[tuple[int, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The standings `apply` read to narrow by status, by match id (None when it read none).
        self.standings: dict[int, Standing] | None = None
        self.fields["player"] = _player_field(_("Player"), players, _("Anyone"))
        self.fields["q"].widget.attrs.update({"type": "search", "autocomplete": "off"})

    @cached_property
    def helper(self) -> FormHelper:
        """Return the history page's filters; typing in the search waits for a pause."""
        return filter_helper(
            "scorekeeper:history",
            "results",
            Field("q", wrapper_class="filter-q"),
            "player",
            "status",
            role="search",
            hx_trigger="submit, change, input changed delay:500ms from:#id_q",
        )

    def apply(self, matches: QuerySet[Match]) -> QuerySet[Match]:
        """Return `matches` narrowed by the valid filters (invalid ones are ignored); the
        standings read for the status are kept in `standings`, for the page's summaries."""
        self.is_valid()  # each valid field is kept even when another one has an error
        data = self.cleaned_data
        if data.get("q"):
            # Keys against a key: the same folding on every database (scorekeeper.names).
            key = name_key(data["q"])
            matches = matches.filter(
                Q(player_a__name_key__contains=key) | Q(player_b__name_key__contains=key)
            )
        if data.get("player"):
            matches = matches.filter(Q(player_a=data["player"]) | Q(player_b=data["player"]))
        found, self.standings = stats.by_status(matches, data.get("status", ""))
        return found

    @property
    def active(self) -> bool:
        """Return whether any filter narrows the list."""
        self.is_valid()
        return any(self.cleaned_data.values())


class StatsForm(forms.Form):
    """The period of the statistics, and two players to compare head to head."""

    period = forms.ChoiceField(label=_("Period"), choices=PERIOD_CHOICES, required=False)

    def __init__(self, *args, players: list[tuple[int, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["a"] = _player_field(_("Player"), players, "—")
        self.fields["b"] = _player_field(_("Against"), players, "—")

    @cached_property
    def helper(self) -> FormHelper:
        """Return the statistics page's filters: the period, and two players head to head
        (whose error the page shows with the figures, which htmx swaps)."""
        return filter_helper(
            "scorekeeper:stats",
            "figures",
            Field("period", wrapper_class="filter-q"),
            Fieldset(_("Head to head"), "a", "b", css_class="filter-pair"),
            hx_trigger="submit, change",
        )

    def clean(self) -> dict:
        data = super().clean()
        if data.get("a") and data.get("a") == data.get("b"):
            self.add_error("b", _("Pick two different players."))
        return data

    def matches(self, matches: QuerySet[Match]) -> QuerySet[Match]:
        """Return `matches` started within the chosen period."""
        since = self.since()
        return matches.filter(created__gte=since) if since else matches

    def since(self) -> datetime | None:
        """Return the start of the chosen period, or None for all time."""
        self.is_valid()  # each valid field is kept even when another one has an error
        period = self.cleaned_data.get("period")
        now = timezone.localtime()
        if period == "month":
            return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
        if period == "year":
            return now.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
        return None

    def pair(self) -> tuple[int, int] | None:
        """Return the two players to compare, when both are chosen and different."""
        if self.is_valid() and self.cleaned_data.get("a") and self.cleaned_data.get("b"):
            return self.cleaned_data["a"], self.cleaned_data["b"]
        return None
