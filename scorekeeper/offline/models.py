"""The stored answers to changes a phone sent with a key of its own (see `idempotency`)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from scorekeeper.models import Match


class IdempotentReply(models.Model):
    """The first answer to one change of a match, kept under the key the phone sent with it.

    Kept in the same transaction as the change itself, so that a change is never kept without
    its answer, nor an answer without its change.
    """

    match = models.ForeignKey(
        Match, verbose_name=_("match"), on_delete=models.CASCADE, related_name="+"
    )
    # Whose answer it is: "user:<id>" for an account, "session:<digest>" for a browser without
    # one (a keyed digest of its session's key). Another phone sending the same key gets its own.
    visitor = models.CharField(_("visitor"), max_length=80, default="")
    key = models.CharField(_("key"), max_length=64)
    # A digest of what was sent (the fields about the change, not about the sending): the same
    # key with another change is refused, not answered with the first change's answer.
    sent = models.CharField(_("digest of what was sent"), max_length=64, default="")
    created = models.DateTimeField(_("created"), auto_now_add=True, db_index=True)
    path = models.CharField(_("path"), max_length=255, blank=True)
    status = models.PositiveSmallIntegerField(_("status"), default=0)
    # The response headers a browser acts on (Location, Content-Type, htmx's HX-*).
    headers = models.JSONField(_("headers"), default=dict)
    body = models.BinaryField(_("body"), default=b"", blank=True)
    # [level, text, extra tags] of each message the change added, in the language of the day.
    messages = models.JSONField(_("messages"), default=list)
    # Set when the change was refused because another phone recorded that deal first.
    conflict = models.JSONField(_("conflict"), null=True, blank=True)
    version = models.PositiveIntegerField(_("match version after the change"), null=True)

    class Meta:
        verbose_name = _("idempotent reply")
        verbose_name_plural = _("idempotent replies")
        constraints = [
            models.UniqueConstraint(
                fields=["match", "visitor", "key"], name="idempotent_key_unique_per_visitor"
            )
        ]

    def __str__(self) -> str:
        return f"{self.match_id} {self.key}: {self.status}"
