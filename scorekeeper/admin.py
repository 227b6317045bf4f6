"""The admin: players, matches with their deals inline, and deals with their facts."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .models import Deal, IllegalKnock, Match, Player


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "created"]
    search_fields = ["name"]
    list_filter = ["created"]


class DealInline(admin.TabularInline):
    model = Deal
    extra = 0
    fields = [
        "number",
        "status",
        "dealer",
        "entry",
        "upcard",
        "knocker",
        "outcome",
        "winner",
        "points",
    ]
    readonly_fields = fields
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "score", "owner", "created"]
    list_select_related = ["player_a", "player_b", "owner"]
    search_fields = ["player_a__name", "player_b__name"]
    list_filter = ["created"]
    readonly_fields = ["version", "created", "updated"]
    inlines = [DealInline]

    @admin.display(description=_("score"))
    def score(self, match: Match) -> str:
        state = match.state()
        a, b = state.final_totals
        return f"{a}–{b}" + (" ✔" if state.finished else "")


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    list_display = ["__str__", "status", "entry", "upcard", "outcome", "points"]
    list_filter = ["status", "entry", "outcome"]
    list_select_related = ["match__player_a", "match__player_b"]
    readonly_fields = ["verdict", "created", "updated"]


@admin.register(IllegalKnock)
class IllegalKnockAdmin(admin.ModelAdmin):
    list_display = ["__str__", "knocker", "deadwood", "limit", "created"]
    list_select_related = ["match__player_a", "match__player_b"]
