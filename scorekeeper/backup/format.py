"""The backup file format: its name and version, the fields of a match, a deal and an illegal
knock, the checksum, the file's text (`dumps`, `loads`), and the upgrades that turn an older
version's document into the current one.

To add a deal column: add it either to `REPLAYED_DEAL_FIELDS`, when the deal that
`replay._replayed` builds through the app's own code (`actions.apply_facts`) holds the value the app
would store, or to `FREE_DEAL_FIELDS`, when only its model field (and a check of its own) can
judge it (and to its place in `DEAL_FIELDS`, the file's order). Then bump `VERSION`, with an
entry in `UPGRADES` that gives older files the column's value. A column that only restates the
verdict for queries (its figures) goes to `DERIVED_DEAL_FIELDS` instead: a backup leaves it out,
since the verdict it is worked out from is there, and import stores the value the replay gives.
Every column of a deal is in one of these lists, or in `UNSAVED_DEAL_FIELDS` (the row's id, its
match and its moments).
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Callable
from typing import Any

from adjudication import AdjudicationError, DealResult, Rules

from ..standing import Standing
from .errors import BackupError, Where

FORMAT = "oklahoma-gin-backup"
VERSION = 3
DOCUMENT_FIELDS = ("format", "version", "matches", "checksum")
MATCH_FIELDS = (
    "id",
    "players",
    "rules",
    "first_dealer",
    "dealer_chosen_at_random",
    "created",
    "deals",
    "illegal_knocks",
)
# The deal columns that replaying the deal's facts decides: the file must hold exactly these.
REPLAYED_DEAL_FIELDS = (
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
)
# The deal columns no replay decides: their model field checks them, and `checking`'s own.
FREE_DEAL_FIELDS = frozenset({"number", "status", "recorded_by", "dealer"})
# Every deal column a backup holds, in the file's order: the free ones around the replayed ones.
DEAL_FIELDS = ("number", "status", *REPLAYED_DEAL_FIELDS, "recorded_by", "dealer")
# The verdict's figures as columns: not in a backup; import stores the replay's.
DERIVED_DEAL_FIELDS = ("knocker_deadwood", "opponent_deadwood", "knock_limit", "multiplier")
# What a backup never carries of a deal: the database's own bookkeeping.
UNSAVED_DEAL_FIELDS = frozenset({"id", "match", "created", "updated"})
ILLEGAL_KNOCK_FIELDS = ("number", "knocker", "deadwood", "limit", "created")


def checksum(body: dict[str, Any]) -> str:
    """Return the SHA-256 of the backup's canonical JSON, without its checksum field."""
    payload = {key: value for key, value in body.items() if key != "checksum"}
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def dumps(body: dict[str, Any]) -> str:
    """Return a backup document as the text of a backup file."""
    return json.dumps(body, ensure_ascii=False, indent=1) + "\n"


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number a backup holds")


def loads(data: bytes) -> Any:
    """Return the JSON document in a backup file's bytes.

    Raises BackupError for bytes that are not UTF-8, text that is not JSON, and JSON nested
    deeper than Python reads.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BackupError(
            f"not a backup: the file is not UTF-8 text (byte {error.start})"
        ) from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise BackupError(
            f"not a backup: not JSON ({error.msg}, line {error.lineno} column {error.colno})"
        ) from None
    except RecursionError:
        raise BackupError("not a backup: nested too deeply") from None
    except ValueError as error:  # NaN, Infinity, or an integer of thousands of digits
        raise BackupError(f"not a backup: {error}") from None


def _upgrade_v1(body: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had no match ids and no illegal knocks.

    Each match's id is derived from its contents, so that importing one version-1 file twice
    still adds its matches once.
    """
    matches = []
    for match in body["matches"]:
        if isinstance(match, dict):
            canonical = json.dumps(match, sort_keys=True, ensure_ascii=False)
            match = {
                "id": str(uuid.uuid5(uuid.NAMESPACE_URL, f"{FORMAT}:1:{canonical}")),
                "illegal_knocks": [],
                **match,
            }
        matches.append(match)
    return {**body, "matches": matches, "version": 2}


def _upgrade_v2(body: dict[str, Any]) -> dict[str, Any]:
    """Version 2 did not store who dealt: each deal gets the dealer the site showed then.

    That is the rotation from the match's first dealer (the winner of each counted deal
    deals the next, the same dealer after a draw), and for a deal being played the next
    dealer. A match too malformed to work it out gets none; its checks refuse it anyway.
    """
    matches = []
    for match in body["matches"]:
        if isinstance(match, dict) and isinstance(match.get("deals"), list):
            match = {**match, "deals": _with_derived_dealers(match)}
        matches.append(match)
    return {**body, "matches": matches, "version": 3}


def _with_derived_dealers(match: dict[str, Any]) -> list[Any]:
    deals = [dict(deal) if isinstance(deal, dict) else deal for deal in match["deals"]]
    recorded = [d for d in deals if isinstance(d, dict) and d.get("status") == "recorded"]
    try:
        results = [DealResult(deal.get("winner"), deal.get("points")) for deal in recorded]
        rules = _rules(match.get("rules"), Where())
        state = Standing.of_results(match.get("first_dealer"), results, rules)
    except (AdjudicationError, BackupError, TypeError):
        state = None
    lines = iter(state.lines if state else ())
    for deal in deals:
        if not isinstance(deal, dict):
            continue
        deal["dealer"] = None
        if state is not None and deal.get("status") == "recorded":
            deal["dealer"] = next(lines).dealer
        elif state is not None and deal.get("status") == "open" and not state.finished:
            deal["dealer"] = state.next_dealer
    return deals


# Each entry turns a document of that version into one of the next version.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _upgrade_v1,
    2: _upgrade_v2,
}


def _rules(value: Any, where: Where) -> Rules:
    try:
        return Rules.from_dict(value)
    except AdjudicationError as error:
        raise where.fail("rules", f"bad rules: {error}") from None
