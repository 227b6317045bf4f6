"""The GET forms of the history and statistics pages: filters that never change anything."""

from __future__ import annotations

from datetime import datetime

from django import forms
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from . import stats
from .models import Match
from .names import name_key

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
        self.fields["player"] = _player_field(_("Player"), players, _("Anyone"))
        self.fields["q"].widget.attrs.update({"type": "search", "autocomplete": "off"})

    def apply(self, matches: QuerySet[Match]) -> QuerySet[Match]:
        """Return `matches` narrowed by the valid filters (invalid ones are ignored)."""
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
        return stats.with_status(matches, data.get("status", ""))

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
