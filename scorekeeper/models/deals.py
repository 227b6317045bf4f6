"""Deals: the facts entered at the table, who dealt, and the engine's verdict.

A deal stores what the players entered (the upcard, who knocked, the cards or the quick-mode
numbers), who dealt it, and the engine's verdict as the engine returned it. Nothing played is
ever lost. A deleted deal goes to the trash (status "deleted"): it keeps its number and its
facts, counts for nothing, and can be restored. Deal numbers never shift, so a number is only
for display; pages and forms address a deal by its id.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from adjudication import Card, Verdict


class Deal(models.Model):
    """One deal of a match: the facts entered at the table and the engine's verdict."""

    class Status(models.TextChoices):
        OPEN = "open", _("being played")
        RECORDED = "recorded", _("recorded")
        DELETED = "deleted", _("deleted")

    class Entry(models.TextChoices):
        CARDS = "cards", _("cards")
        QUICK = "quick", _("quick")
        DRAW = "draw", _("draw")

    class Outcome(models.TextChoices):
        KNOCK = "knock", _("knock")
        UNDERCUT = "undercut", _("undercut")
        GIN = "gin", _("gin")
        BIG_GIN = "big_gin", _("big gin")
        DRAW = "draw", _("draw")

    # The highest deal number a page may post or a backup may hold: a match has no more deals.
    MAX_NUMBER = 9_999

    # Named, not imported: a match knows its deals, and a deal only points at its match.
    match = models.ForeignKey(
        "Match", verbose_name=_("match"), on_delete=models.CASCADE, related_name="deals"
    )
    number = models.PositiveIntegerField(_("number"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices)
    entry = models.CharField(_("entry"), max_length=10, choices=Entry.choices, blank=True)
    upcard = models.CharField(_("upcard"), max_length=2, blank=True)
    knocker = models.PositiveSmallIntegerField(_("knocker"), null=True, blank=True)
    knocker_cards = models.CharField(_("knocker's cards"), max_length=40, blank=True)
    opponent_cards = models.CharField(_("opponent's cards"), max_length=40, blank=True)
    quick_knocker_deadwood = models.PositiveSmallIntegerField(
        _("knocker's deadwood"), null=True, blank=True
    )
    quick_opponent_deadwood = models.PositiveSmallIntegerField(
        _("opponent's deadwood after layoffs"), null=True, blank=True
    )
    quick_big_gin = models.BooleanField(_("big gin"), default=False)
    verdict = models.JSONField(_("verdict"), null=True, blank=True)
    # The verdict's result and figures, as columns for pages, statistics and exports: nothing
    # reads inside the verdict but the engine. The figures are None for a draw (and before
    # anything is entered); the opponent's deadwood also for an illegal knock.
    outcome = models.CharField(_("outcome"), max_length=10, choices=Outcome.choices, blank=True)
    winner = models.PositiveSmallIntegerField(_("winner"), null=True, blank=True)
    points = models.PositiveIntegerField(_("points"), default=0)
    knocker_deadwood = models.PositiveSmallIntegerField(
        _("knocker's deadwood in the verdict"), null=True, blank=True
    )
    opponent_deadwood = models.PositiveSmallIntegerField(
        _("opponent's deadwood in the verdict"), null=True, blank=True
    )
    knock_limit = models.PositiveSmallIntegerField(_("knock limit"), null=True, blank=True)
    multiplier = models.PositiveSmallIntegerField(_("multiplier"), null=True, blank=True)
    recorded_by = models.CharField(_("recorded by"), max_length=150, blank=True)
    # Who dealt (seat 0 or 1): a fact stored when the deal is dealt, never derived again.
    dealer = models.PositiveSmallIntegerField(_("dealer"), null=True, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    # A deal that was played to its end: it counts, or it is in the trash.
    PLAYED = (Status.RECORDED, Status.DELETED)

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="deal_number_unique"),
            models.UniqueConstraint(
                fields=["match"], condition=Q(status="open"), name="one_open_deal_per_match"
            ),
            models.CheckConstraint(
                condition=Q(dealer__isnull=True) | Q(dealer__in=[0, 1]),
                name="deal_dealer_is_a_seat",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} #{self.number}"

    def get_absolute_url(self) -> str:
        return reverse("scorekeeper:deal_detail", args=[self.match_id, self.pk])

    @property
    def is_deleted(self) -> bool:
        """Return whether the deal is in the trash."""
        return self.status == self.Status.DELETED

    @property
    def upcard_value(self) -> Card | None:
        """Return the upcard as a Card, or None before it is entered."""
        return Card.parse(self.upcard) if self.upcard else None

    def verdict_value(self) -> Verdict | None:
        """Return the stored verdict rebuilt as the engine's value, for full-card deals."""
        if self.entry != self.Entry.CARDS or not self.verdict:
            return None
        return Verdict.from_dict(self.verdict)


class IllegalKnock(models.Model):
    """A knock the engine found illegal: scored nothing, but it happened at the table."""

    MOST_PER_DEAL = 10  # kept per deal, by the pages and in backups alike; more are not kept

    match = models.ForeignKey(
        "Match", verbose_name=_("match"), on_delete=models.CASCADE, related_name="illegal_knocks"
    )
    number = models.PositiveIntegerField(_("deal number"))
    knocker = models.PositiveSmallIntegerField(_("knocker"))
    deadwood = models.PositiveSmallIntegerField(_("deadwood"))
    limit = models.PositiveSmallIntegerField(_("knock limit"))
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["match", "created"]
        verbose_name = _("illegal knock")
        verbose_name_plural = _("illegal knocks")

    def __str__(self) -> str:
        return f"{self.match} #{self.number}: {self.deadwood} > {self.limit}"
