"""Checking a backup in full before anything is written: the document, then each match, its
deals and its illegal knocks, every value by its model field, every deal replayed (`replay`).
One bad value anywhere raises `BackupError`, naming the match, the deal and the field."""

from __future__ import annotations

import uuid
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone

from adjudication import HIGHEST_KNOCK_LIMIT

from ..forms.entry import MOST_DEADWOOD
from ..models import Deal, IllegalKnock, Match, Player
from .errors import BackupError, Where
from .format import (
    DEAL_FIELDS,
    DERIVED_DEAL_FIELDS,
    DOCUMENT_FIELDS,
    FORMAT,
    ILLEGAL_KNOCK_FIELDS,
    MATCH_FIELDS,
    REPLAYED_DEAL_FIELDS,
    UPGRADES,
    VERSION,
    _rules,
    checksum,
)
from .replay import _columns, _match_form, _replayed

MAX_DEPTH = 16  # a verdict's layoffs sit 11 levels down
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)


def _check_json(value: Any, where: str, depth: int = 0) -> None:
    """Refuse nesting past MAX_DEPTH and text no database stores (NUL, lone surrogates)."""
    if depth > MAX_DEPTH:
        raise BackupError(f"{where}: nested too deeply")
    if isinstance(value, str):
        if "\x00" in value:
            raise BackupError(f"{where}: text with a NUL character")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise BackupError(f"{where}: text that is not valid Unicode") from None
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_json(key, where, depth + 1)
            _check_json(item, f"{where}.{key}" if depth < 3 else where, depth + 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_json(item, f"{where}[{index}]" if depth < 3 else where, depth + 1)


@dataclass
class CheckedMatch:
    """One match of a backup, every value checked; what import writes."""

    stable_id: uuid.UUID
    players: tuple[str, str]
    rules: dict[str, Any]
    first_dealer: int
    at_random: bool
    created: datetime
    deals: list[dict[str, Any]]
    illegal_knocks: list[dict[str, Any]]
    place: str  # "match 2 (Ann – Bob)": its place in the file
    label: str  # "match 2 (Ann – Bob) of 2026-11-29"
    document: dict[str, Any]


def check_backup(body: Any) -> list[CheckedMatch]:
    """Check a whole backup before anything is written; return its matches.

    Raises BackupError naming the first problem.
    """
    if not isinstance(body, dict):
        raise BackupError("not a backup: expected a JSON object")
    _check_json(body, "file")
    if body.get("format") != FORMAT:
        raise BackupError("not an Oklahoma Gin backup")
    version = body.get("version")
    if type(version) is not int or not 1 <= version <= VERSION:
        raise BackupError(f"unsupported backup version {version!r}")
    _check_keys(body, DOCUMENT_FIELDS, Where("file"))
    if body["checksum"] != checksum(body):
        raise BackupError("checksum mismatch: the file was changed or damaged")
    if not isinstance(body["matches"], list):
        raise BackupError("file, matches: expected a list")
    while version < VERSION:
        body, version = UPGRADES[version](body), version + 1
    checked = [_check_match(index, match) for index, match in enumerate(body["matches"])]
    seen: dict[uuid.UUID, str] = {}
    for match in checked:
        if match.stable_id in seen:
            raise Where(match.place).fail("id", f"the same id as {seen[match.stable_id]}")
        seen[match.stable_id] = match.place
    return checked


def _check_keys(data: Any, expected: tuple[str, ...], where: Where) -> None:
    if not isinstance(data, dict):
        raise where.fail(None, "expected an object")
    for key in data:
        if key not in expected:
            raise where.fail(str(key), "unknown field")
    for key in expected:
        if key not in data:
            raise where.fail(key, "missing")


def _is_int(value: Any) -> bool:
    return type(value) is int  # bool is an int to isinstance


def _check_match(index: int, data: Any) -> CheckedMatch:
    where = Where(f"match {index + 1}")
    _check_keys(data, MATCH_FIELDS, where)
    players = data["players"]
    if not (isinstance(players, list) and len(players) == 2):
        raise where.fail("players", "expected a list of two names")
    if not all(isinstance(name, str) for name in players):
        raise where.fail("players", "expected a list of two names")
    where.match = f"match {index + 1} ({players[0][:40]} – {players[1][:40]})"
    stable_id = _stable_id(data["id"], where)
    rules = _rules(data["rules"], where)
    first_dealer = data["first_dealer"]
    if not (_is_int(first_dealer) and first_dealer in (0, 1)):
        raise where.fail("first_dealer", "expected 0 or 1")
    if not isinstance(data["dealer_chosen_at_random"], bool):
        raise where.fail("dealer_chosen_at_random", "expected true or false")
    names = _match_form(players, rules, first_dealer, where)
    created = _moment(data["created"], where, "created")
    deals = data["deals"]
    if not isinstance(deals, list):
        raise where.fail("deals", "expected a list")
    if len(deals) > Deal.MAX_NUMBER:
        raise where.fail("deals", f"more than {Deal.MAX_NUMBER} deals")
    shell = Match(
        player_a=Player(name=names[0]),
        player_b=Player(name=names[1]),
        rules=rules.to_dict(),
        first_dealer=first_dealer,
    )
    rows = [_check_deal(shell, position, deal, where) for position, deal in enumerate(deals)]
    _check_sequence(rows, where)
    knocks = data["illegal_knocks"]
    if not isinstance(knocks, list) or len(knocks) > Deal.MAX_NUMBER:
        raise where.fail("illegal_knocks", "expected a list")
    illegal_knocks = [_check_illegal_knock(i, k, where) for i, k in enumerate(knocks)]
    _check_knocks_per_deal(illegal_knocks, where)
    return CheckedMatch(
        stable_id=stable_id,
        players=names,
        rules=rules.to_dict(),
        first_dealer=first_dealer,
        at_random=data["dealer_chosen_at_random"],
        created=created,
        deals=rows,
        illegal_knocks=illegal_knocks,
        place=where.match,
        label=where.match + f" of {created:%Y-%m-%d}",
        document=data,
    )


def _stable_id(value: Any, where: Where) -> uuid.UUID:
    """Return the match's id, a UUID as the site makes one: random (version 4, each match's),
    or for a version-1 file derived from the match's contents (version 5, `_upgrade_v1`)."""
    try:
        stable_id = uuid.UUID(value)
    except (TypeError, ValueError, AttributeError):
        raise where.fail("id", "expected a UUID") from None
    if str(stable_id) != value:
        raise where.fail("id", "expected a UUID in its usual form")
    if stable_id.version not in (4, 5) or stable_id.variant != uuid.RFC_4122:
        # The nil UUID, or one made by hand: no match of this site has it.
        raise where.fail("id", "expected a random UUID (version 4), as the site makes")
    return stable_id


def _moment(value: Any, where: Where, name: str) -> datetime:
    """Return an aware date and time between 2000 and tomorrow."""
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise where.fail(name, "expected a date and time (ISO 8601)") from None
    if moment.tzinfo is None:
        raise where.fail(name, "expected a date and time with its time zone")
    if not EARLIEST <= moment <= timezone.now() + timedelta(days=1):
        raise where.fail(name, "not a date this site could have recorded")
    return moment


# The JSON type a backup holds each kind of column in (dates and times as ISO 8601 text).
JSON_TYPES: dict[str, type] = {
    "BooleanField": bool,
    "CharField": str,
    "TextField": str,
    "DateTimeField": str,
    "UUIDField": str,
    "JSONField": object,
}


def json_type(model_field: models.Field) -> type:
    """Return the JSON type a backup holds the column in; KeyError for a kind it lacks."""
    internal = model_field.get_internal_type()
    if internal.endswith("IntegerField"):
        return int
    return JSON_TYPES[internal]


def _check_column(model: type[models.Model], name: str, value: Any, where: Where) -> None:
    """Check one value by its model field: JSON type, then the field's own validation."""
    model_field = model._meta.get_field(name)
    if value is None:
        if not model_field.null:
            raise where.fail(name, "missing a value")
        return
    expected = json_type(model_field)
    if expected is int and not _is_int(value):
        raise where.fail(name, "expected a whole number")
    if expected is not int and not isinstance(value, expected):
        raise where.fail(name, f"expected {'true or false' if expected is bool else 'text'}")
    try:
        model_field.clean(value, None)
    except ValidationError as error:
        raise where.fail(name, " ".join(error.messages)) from None


def _check_deal(shell: Match, position: int, data: Any, where: Where) -> dict[str, Any]:
    """Return a deal's columns, checked; raise BackupError naming the first bad one."""
    here = Where(where.match, f"deal {position + 1}")
    _check_keys(data, DEAL_FIELDS, here)
    for name in DEAL_FIELDS:
        _check_column(Deal, name, data[name], here)
    if data["number"] != position + 1:
        raise here.fail("number", f"expected {position + 1}: deals are numbered in order")
    if data["dealer"] not in (None, 0, 1):
        raise here.fail("dealer", "expected 0 or 1")
    replayed = _replayed(shell, data, here)
    expected = _columns(replayed, REPLAYED_DEAL_FIELDS)
    for name, value in expected.items():
        if name == "verdict" and data["status"] == Deal.Status.OPEN:
            # An open deal's verdict is only a leftover (worked out again when the deal is
            # recorded, and stale once its upcard is changed): the engine's is stored.
            continue
        if data[name] != value:
            basis = {"cards": "its cards", "quick": "its numbers", "draw": "a draw"}
            what = basis.get(data["entry"], "its upcard")
            raise here.fail(name, f"the stored value does not match {what}")
    return {**data, **expected, **_columns(replayed, DERIVED_DEAL_FIELDS)}


def _check_sequence(rows: list[dict[str, Any]], where: Where) -> None:
    """One deal at most is being played. It need not be the last: a deal taken back by Undo
    keeps its number, and deals after it may be in the trash (or restored from it)."""
    playing = [row for row in rows if row["status"] == Deal.Status.OPEN]
    if len(playing) > 1:
        raise Where(where.match, f"deal {playing[0]['number']}").fail(
            "status", "only one deal can be one being played"
        )


def _check_knocks_per_deal(knocks: list[dict[str, Any]], where: Where) -> None:
    """Refuse more illegal knocks for one deal than the pages keep (`MOST_PER_DEAL`)."""
    per_deal = Counter(knock["number"] for knock in knocks)
    for number, count in sorted(per_deal.items()):
        if count > IllegalKnock.MOST_PER_DEAL:
            raise where.fail(
                "illegal_knocks",
                f"{count} illegal knocks for deal {number}: "
                f"at most {IllegalKnock.MOST_PER_DEAL} are kept for a deal",
            )


def _check_illegal_knock(index: int, data: Any, where: Where) -> dict[str, Any]:
    here = Where(where.match, f"illegal knock {index + 1}")
    _check_keys(data, ILLEGAL_KNOCK_FIELDS, here)
    for name in ("number", "knocker", "deadwood", "limit"):
        _check_column(IllegalKnock, name, data[name], here)
    if not 1 <= data["number"] <= Deal.MAX_NUMBER:
        raise here.fail("number", f"expected a deal number from 1 to {Deal.MAX_NUMBER}")
    if data["knocker"] not in (0, 1):
        raise here.fail("knocker", "expected 0 or 1")
    if data["limit"] > HIGHEST_KNOCK_LIMIT:
        raise here.fail("limit", f"no upcard sets a knock limit over {HIGHEST_KNOCK_LIMIT}")
    if not data["limit"] < data["deadwood"] <= MOST_DEADWOOD:
        raise here.fail("deadwood", "an illegal knock has more deadwood than its limit")
    return {**data, "created": _moment(data["created"], here, "created")}
