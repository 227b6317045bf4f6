"""Writing backups: `export_matches` turns an account's matches into a document, and
`import_matches` restores one, all or nothing, after `check_backup` has checked all of it.

Importing is idempotent: a match whose stable id the account already holds is not imported
again. When the file's copy differs from the account's (say, deals were recorded since the
backup), the account's copy is kept as it is and the import says so; nothing is merged.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction

from ..models import Deal, IllegalKnock, Match, Player
from ..names import name_key
from .checking import CheckedMatch, check_backup
from .errors import BackupError
from .format import (
    DEAL_FIELDS,
    DERIVED_DEAL_FIELDS,
    FORMAT,
    ILLEGAL_KNOCK_FIELDS,
    VERSION,
    checksum,
)


@dataclass
class ImportReport:
    """What an import did, match by match (each named by its players and start date)."""

    imported: list[str] = field(default_factory=list)
    already_here: list[str] = field(default_factory=list)
    kept_here: list[str] = field(default_factory=list)  # same id, different contents

    def __str__(self) -> str:
        lines = [f"imported {len(self.imported)} matches"]
        if self.already_here:
            lines.append(f"already here, not imported again: {len(self.already_here)}")
        for name in self.kept_here:
            lines.append(f"already here but different in the file, kept as it is here: {name}")
        return "\n".join(lines)


def match_document(match: Match) -> dict[str, Any]:
    """Return one match as a backup holds it."""
    return {
        "id": str(match.stable_id),
        "players": [match.player_a.name, match.player_b.name],
        "rules": match.rules,
        "first_dealer": match.first_dealer,
        "dealer_chosen_at_random": match.dealer_chosen_at_random,
        "created": match.created.isoformat(),
        "deals": [
            {name: _json_value(value) for name, value in deal.items()}
            for deal in match.deals.order_by("number").values(*DEAL_FIELDS)
        ],
        "illegal_knocks": [
            {name: _json_value(value) for name, value in knock.items()}
            for knock in match.illegal_knocks.order_by("created", "pk").values(
                *ILLEGAL_KNOCK_FIELDS
            )
        ],
    }


def _json_value(value: Any) -> Any:
    """Return a column's value as JSON holds it (a moment as ISO 8601, a UUID as text)."""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    return value


def export_matches(user) -> dict[str, Any]:
    """Return all of the account's matches (players, rules, deals, verdicts) as a document."""
    matches = Match.objects.filter(owner=user).select_related("player_a", "player_b")
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "matches": [match_document(match) for match in matches.order_by("created", "pk")],
    }
    body["checksum"] = checksum(body)
    return body


@transaction.atomic
def import_matches(user, body: Any) -> ImportReport:
    """Restore a backup into the account, all or nothing, and say what was done.

    Matches the account already holds (same stable id) are left as they are. Raises
    BackupError (and writes nothing) for a damaged, altered or malformed file.
    """
    report = ImportReport()
    for checked in check_backup(body):
        existing = (
            Match.objects.filter(owner=user, stable_id=checked.stable_id)
            .select_related("player_a", "player_b")
            .first()
        )
        if existing is not None:
            here = match_document(existing)
            # The same as the file, or as importing the file would have written it (`_by`).
            same = here in (checked.document, _as_imported(user, checked.document))
            (report.already_here if same else report.kept_here).append(checked.label)
            continue
        try:
            with transaction.atomic():
                _write(user, checked)
        except IntegrityError:
            # The same file imported at this moment by another process.
            raise BackupError(
                f"{checked.label}: imported meanwhile by another import; nothing imported"
            ) from None
        report.imported.append(checked.label)
    return report


def _by(user, row: dict[str, Any]) -> dict[str, str]:
    """Return who recorded a deal, as the importing account may say it.

    A page records the account of whoever entered the deal, or nobody for a browser without
    one; nobody can enter a deal in another account's name. Nor can a file: a deal it says
    another account recorded is imported as recorded by nobody (the file's name is no proof).
    """
    by = row["recorded_by"]
    return {"recorded_by": by if by == user.get_username() else ""}


def _as_imported(user, document: dict[str, Any]) -> dict[str, Any]:
    """Return a match of the file as importing it into the account writes it (`_by`)."""
    deals = document.get("deals", [])
    return {**document, "deals": [{**deal, **_by(user, deal)} for deal in deals]}


def _write(user, checked: CheckedMatch) -> None:
    seats = [
        Player.objects.get_or_create(owner=user, name_key=name_key(name), defaults={"name": name})[
            0
        ]
        for name in checked.players
    ]
    match = Match.objects.create(
        stable_id=checked.stable_id,
        player_a=seats[0],
        player_b=seats[1],
        rules=checked.rules,
        first_dealer=checked.first_dealer,
        dealer_chosen_at_random=checked.at_random,
        owner=user,
    )
    # The start date is a fact of the match; auto_now_add would set today's.
    Match.objects.filter(pk=match.pk).update(created=checked.created)
    columns = DEAL_FIELDS + DERIVED_DEAL_FIELDS
    Deal.objects.bulk_create(
        Deal(match=match, **{**{name: row[name] for name in columns}, **_by(user, row)})
        for row in checked.deals
    )
    knocks = IllegalKnock.objects.bulk_create(
        IllegalKnock(match=match, **{k: v for k, v in knock.items() if k != "created"})
        for knock in checked.illegal_knocks
    )
    for knock, data in zip(knocks, checked.illegal_knocks, strict=True):
        IllegalKnock.objects.filter(pk=knock.pk).update(created=data["created"])
