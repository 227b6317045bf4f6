"""The admin: players, matches with their deals inline, and deals with their facts.

A match's score is its standing's: for a single game the score the scoreboard shows, with a
tick once it has ended; for a Hollywood match (`/rules/#hollywood`) each game's score, ticked
once that game has ended, and the net of the games that have ended.
"""

from django.contrib import admin
from django.db.models import F
from django.utils.translation import gettext_lazy as _

from .models import Deal, IllegalKnock, Match, Player
from .presenters.sheet import signed
from .standing import Standing


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


def bump_versions(match_ids) -> None:
    """Move the matches' versions on: a change made here is a change to the match, which live
    scoreboards and the pages' kept fragments (keyed by version) must see."""
    Match.objects.filter(pk__in=list(match_ids)).update(version=F("version") + 1)


def score_text(standing: Standing) -> str:
    """Return a match's score as the admin shows it: "105–40 ✔" for a single game; each
    game's score for a Hollywood match, "350–0 ✔ · 250–50 ✔ · 60–45" (final totals once a
    game has ended, ticked)."""
    if not standing.hollywood:
        a, b = standing.score
        return f"{a}–{b}" + (" ✔" if standing.finished else "")
    games = []
    for game in standing.games:
        a, b = game.final_totals
        games.append(f"{a}–{b}" + (" ✔" if game.finished else ""))
    return " · ".join(games)


def standing_of(match: Match) -> Standing:
    """Return the match's standing, worked out once for its row (its score and net columns)."""
    if "_standing" not in match.__dict__:
        match.__dict__["_standing"] = Standing.of(match)
    return match.__dict__["_standing"]


def net_text(standing: Standing) -> str:
    """Return a Hollywood match's net, each seat's, as "+725 / −725" ("–" for a single
    game, whose score says it all). A finished match with a net of "0 / 0" is a tie."""
    if not standing.hollywood:
        return "–"
    a, b = (signed(value) for value in standing.net)
    return f"{a} / {b}"


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "score", "net", "owner", "created"]
    list_select_related = ["player_a", "player_b", "owner"]
    search_fields = ["player_a__name", "player_b__name"]
    list_filter = ["created"]
    readonly_fields = ["version", "created", "updated", "score", "net"]
    inlines = [DealInline]

    @admin.display(description=_("score"))
    def score(self, match: Match) -> str:
        return score_text(standing_of(match))

    @admin.display(description=_("net"))
    def net(self, match: Match) -> str:
        return net_text(standing_of(match))

    def save_model(self, request, obj: Match, form, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if change:
            bump_versions([obj.pk])


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    list_display = ["__str__", "status", "entry", "upcard", "outcome", "points"]
    list_filter = ["status", "entry", "outcome"]
    list_select_related = ["match__player_a", "match__player_b"]
    readonly_fields = ["verdict", "created", "updated"]

    def save_model(self, request, obj: Deal, form, change: bool) -> None:
        super().save_model(request, obj, form, change)
        bump_versions([obj.match_id])

    def delete_model(self, request, obj: Deal) -> None:
        super().delete_model(request, obj)
        bump_versions([obj.match_id])

    def delete_queryset(self, request, queryset) -> None:
        match_ids = set(queryset.values_list("match_id", flat=True))
        super().delete_queryset(request, queryset)
        bump_versions(match_ids)


@admin.register(IllegalKnock)
class IllegalKnockAdmin(admin.ModelAdmin):
    list_display = ["__str__", "knocker", "deadwood", "limit", "created"]
    list_select_related = ["match__player_a", "match__player_b"]
