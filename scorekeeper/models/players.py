"""Players, and an account's own settings.

A player's name is reused from one match to the next; two names are the same player when
their keys are equal. Moving a browser's player to an account (`scorekeeper.actions.give_player`)
is a write across matches, so it lives with the other writes.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ..names import name_key


class Player(models.Model):
    """A person who plays matches; names are reused from one match to the next.

    Two names are the same player when their keys are equal (`scorekeeper.names.name_key`):
    the key is stored, and every lookup by name compares keys. An account holds one player
    per key; visitors without an account each keep their own.
    """

    name = models.CharField(_("name"), max_length=40)
    # Derived from `name` on every save; indexed through the constraint below.
    name_key = models.TextField(_("name key"), editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("owner"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="players",
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "name_key"],
                name="player_name_key_unique_per_owner",
                violation_error_message=_("This account already has a player of that name."),
            )
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        """Save, with the key worked out again from the name."""
        self.name_key = name_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)

    def clean(self) -> None:
        """Work out the key from the name, so that the unique constraint can be checked."""
        self.name_key = name_key(self.name)

    def validate_constraints(self, exclude=None) -> None:
        """Check the constraints; the key's whenever the name is checked (the key is no form
        field, so a form would otherwise leave its constraint to the database: a 500)."""
        if exclude is not None and "name" not in exclude:
            exclude = set(exclude) - {"name_key"}
        super().validate_constraints(exclude=exclude)


class Preference(models.Model):
    """An account's own settings, remembered across phones: for now, its language."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("account"),
        on_delete=models.CASCADE,
        related_name="preference",
    )
    language = models.CharField(_("language"), max_length=10, choices=settings.LANGUAGES)

    class Meta:
        verbose_name = _("preference")
        verbose_name_plural = _("preferences")

    def __str__(self) -> str:
        return f"{self.user}: {self.language}"
