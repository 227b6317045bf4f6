"""Backups of an account's matches: one JSON document, checked in full before anything is
restored.

A backup carries the facts of every deal and the verdict stored with it, plus a checksum. On
import, the checksum catches a corrupted file, and replaying every deal's facts through the
engine catches a tampered score: either way nothing at all is imported.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.db import transaction

from adjudication import AdjudicationError, Card, Rules, parse_cards

from .models import Deal, DealFacts, Match, Player
from .names import name_key

FORMAT = "oklahoma-gin-backup"
VERSION = 1
DEAL_FIELDS = (
    "number",
    "status",
    "entry",
    "upcard",
    "knocker",
    "knocker_cards",
    "opponent_cards",
    "quick_knocker_deadwood",
    "quick_opponent_deadwood",
    "quick_big_gin",
    "verdict",
    "outcome",
    "winner",
    "points",
    "recorded_by",
)


class BackupError(ValueError):
    """Raised when a backup file is corrupted, tampered with, or not a backup at all."""


def checksum(body: dict[str, Any]) -> str:
    """Return the SHA-256 of the backup's canonical JSON, without its checksum field."""
    payload = {key: value for key, value in body.items() if key != "checksum"}
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def export_matches(user) -> dict[str, Any]:
    """Return all of the account's matches (players, rules, deals, verdicts) as a document."""
    matches = []
    for match in Match.objects.filter(owner=user).select_related("player_a", "player_b"):
        deals = match.deals.order_by("number").values(*DEAL_FIELDS)
        matches.append(
            {
                "players": [match.player_a.name, match.player_b.name],
                "rules": match.rules,
                "first_dealer": match.first_dealer,
                "dealer_chosen_at_random": match.dealer_chosen_at_random,
                "created": match.created.isoformat(),
                "deals": list(deals),
            }
        )
    body: dict[str, Any] = {"format": FORMAT, "version": VERSION, "matches": matches}
    body["checksum"] = checksum(body)
    return body


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise BackupError(message)


def _facts(deal: dict[str, Any]) -> DealFacts:
    """Return a backed-up deal's facts, raising BackupError for anything malformed."""
    try:
        upcard = Card.parse(deal["upcard"]) if deal["upcard"] else None
        return DealFacts(
            entry=deal["entry"],
            upcard=upcard,
            knocker=deal["knocker"],
            knocker_cards=parse_cards(deal["knocker_cards"]) if deal["knocker_cards"] else (),
            opponent_cards=parse_cards(deal["opponent_cards"]) if deal["opponent_cards"] else (),
            knocker_deadwood=deal["quick_knocker_deadwood"],
            opponent_deadwood=deal["quick_opponent_deadwood"],
            big_gin=bool(deal["quick_big_gin"]),
        )
    except (AdjudicationError, KeyError, TypeError) as error:
        raise BackupError(f"deal {deal.get('number')}: {error}") from error


def check_backup(body: Any) -> list[tuple[dict[str, Any], Rules]]:
    """Validate a whole backup before anything is written; return its matches and rules.

    Raises BackupError naming the first problem.
    """
    _expect(isinstance(body, dict), "not a backup: expected a JSON object")
    _expect(body.get("format") == FORMAT, "not an Oklahoma Gin backup")
    _expect(body.get("version") == VERSION, f"unsupported backup version {body.get('version')}")
    _expect(body.get("checksum") == checksum(body), "checksum mismatch: the file was changed")
    checked = []
    for index, match in enumerate(body.get("matches") or []):
        where = f"match {index + 1}"
        _expect(isinstance(match, dict), f"{where}: not an object")
        players = match.get("players")
        _expect(
            isinstance(players, list)
            and len(players) == 2
            and all(isinstance(p, str) and 0 < len(p) <= 40 for p in players)
            and name_key(players[0]) != name_key(players[1]),
            f"{where}: two different player names expected",
        )
        _expect(match.get("first_dealer") in (0, 1), f"{where}: first dealer must be 0 or 1")
        try:
            rules = Rules.from_dict(match.get("rules") or {})
        except AdjudicationError as error:
            raise BackupError(f"{where}: bad rules: {error}") from error
        numbers = []
        for deal in match.get("deals") or []:
            _expect(isinstance(deal, dict) and set(DEAL_FIELDS) <= set(deal), f"{where}: bad deal")
            numbers.append(deal["number"])
            _expect(deal["status"] in Deal.Status.values, f"{where}: bad deal status")
            if deal["status"] == Deal.Status.RECORDED:
                _check_verdict(deal, rules, where)
        _expect(numbers == list(range(1, len(numbers) + 1)), f"{where}: deal numbers out of order")
        checked.append((match, rules))
    return checked


def _check_verdict(deal: dict[str, Any], rules: Rules, where: str) -> None:
    """Replay a recorded deal through the engine; its stored result must come out again."""
    judged = _facts(deal).judge(rules)
    stored = (deal["outcome"], deal["winner"], deal["points"], deal["verdict"])
    _expect(judged.legal, f"{where}, deal {deal['number']}: an illegal knock marked recorded")
    _expect(
        (judged.outcome, judged.winner, judged.points, judged.verdict) == stored,
        f"{where}, deal {deal['number']}: the stored result does not match its cards",
    )


@transaction.atomic
def import_matches(user, body: Any) -> int:
    """Restore a backup into the account, all or nothing. Returns the number of matches.

    Raises BackupError (and writes nothing) for a corrupted or tampered file.
    """
    checked = check_backup(body)
    for match_data, _rules in checked:
        seats = [
            Player.objects.get_or_create(
                owner=user, name_key=name_key(name), defaults={"name": name}
            )[0]
            for name in match_data["players"]
        ]
        match = Match.objects.create(
            player_a=seats[0],
            player_b=seats[1],
            rules=match_data["rules"],
            first_dealer=match_data["first_dealer"],
            dealer_chosen_at_random=bool(match_data.get("dealer_chosen_at_random")),
            owner=user,
        )
        Deal.objects.bulk_create(
            Deal(match=match, **{field: deal[field] for field in DEAL_FIELDS})
            for deal in match_data["deals"]
        )
    return len(checked)
