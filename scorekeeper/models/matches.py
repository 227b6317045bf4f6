"""Matches: two players, the rules they play under, who deals first, and the share links.

A match stores no totals: its `Standing` (`scorekeeper.standing`) derives them from the
recorded deals. The writes that change a match's deals, each under the match's row lock,
are `scorekeeper.actions`.
"""

from __future__ import annotations

import secrets
import uuid
from functools import cached_property

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from adjudication import Rules

from .deals import Deal
from .players import Player

# The links an owner can send: one to watch the scoreboard, one to record and correct deals too.
SHARE_KINDS = ("view", "edit")


class Match(models.Model):
    """A match between two players, played to a target under the rules stored with it."""

    # RESTRICT, not PROTECT: a player with matches cannot be deleted alone, but deleting the
    # account deletes its players together with its matches (which cascade from the owner).
    player_a = models.ForeignKey(
        Player, verbose_name=_("first player"), on_delete=models.RESTRICT, related_name="+"
    )
    player_b = models.ForeignKey(
        Player, verbose_name=_("second player"), on_delete=models.RESTRICT, related_name="+"
    )
    rules = models.JSONField(_("rules"), default=dict)
    first_dealer = models.PositiveSmallIntegerField(
        _("first dealer"), choices=[(0, _("first player")), (1, _("second player"))]
    )
    dealer_chosen_at_random = models.BooleanField(_("dealer chosen at random"), default=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("owner"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="matches",
    )
    # Share links: unguessable tokens, revocable and regenerable by the owner.
    view_token = models.CharField(
        _("view link token"), max_length=64, unique=True, null=True, blank=True
    )
    edit_token = models.CharField(
        _("edit link token"), max_length=64, unique=True, null=True, blank=True
    )
    # Carried by backups: importing a file twice adds its matches once (scorekeeper.backup).
    stable_id = models.UUIDField(_("stable id"), default=uuid.uuid4, editable=False)
    # Bumped by every change to the match's deals: cheap polling and optimistic edits.
    version = models.PositiveIntegerField(_("version"), default=0)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = [
            models.CheckConstraint(
                condition=~Q(player_a=models.F("player_b")), name="match_two_different_players"
            ),
            models.UniqueConstraint(
                fields=["owner", "stable_id"], name="match_stable_id_unique_per_owner"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_a} – {self.player_b}"

    def get_absolute_url(self) -> str:
        return reverse("scorekeeper:match_detail", args=[self.pk])

    @property
    def players(self) -> tuple[Player, Player]:
        """Return the two players, in seat order (index 0 and 1 everywhere in the engine)."""
        return (self.player_a, self.player_b)

    @cached_property
    def rules_value(self) -> Rules:
        """Return the match's stored rules as the engine's value object."""
        return Rules.from_dict(self.rules)

    def played_deals(self, *, full: bool = False) -> list[Deal]:
        """Return the played deals, recorded or deleted, in order (one query)."""
        return self._deals(Deal.PLAYED, full=full)

    def recorded_deals(self, *, full: bool = False) -> list[Deal]:
        """Return the recorded deals that count (none from the trash), in order (one query)."""
        return self._deals((Deal.Status.RECORDED,), full=full)

    def _deals(self, statuses: tuple[str, ...], *, full: bool) -> list[Deal]:
        # The scoreboard needs only each deal's result, so the verdicts and cards are left in
        # the database unless `full` asks for them (pages that draw every deal's cards).
        deals = self.deals.filter(status__in=statuses).order_by("number")
        if not full:
            deals = deals.defer("verdict", "knocker_cards", "opponent_cards")
        return list(deals)

    def open_deal(self) -> Deal | None:
        """Return the open deal row (upcard or illegal-knock cards entered), if any (one query)."""
        return self.deals.filter(status=Deal.Status.OPEN).first()

    def bump_version(self) -> None:
        """Mark the match as changed, for live scoreboards and optimistic edits."""
        Match.objects.filter(pk=self.pk).update(version=models.F("version") + 1)
        self.refresh_from_db(fields=["version", "updated"])

    def set_share_link(self, kind: str, enabled: bool) -> None:
        """Create a fresh token for the view or edit link (revoking the old one), or revoke it."""
        if kind not in SHARE_KINDS:
            raise ValueError(kind)
        token = secrets.token_urlsafe(24) if enabled else None
        setattr(self, f"{kind}_token", token)
        self.save(update_fields=[f"{kind}_token", "updated"])

    @staticmethod
    def draw_first_dealer() -> int:
        """Return a first dealer's seat drawn at random."""
        return secrets.randbelow(2)
