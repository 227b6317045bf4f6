"""Backups of an account's matches: one JSON document, checked in full before anything is
restored.

A backup carries, for every match, its stable id, players, rules and first dealer, the facts
of every deal with the verdict stored for it, and the illegal knocks; plus a checksum.

The checksum is plain SHA-256: it catches a damaged file, but it is no seal, since anyone who
edits a file can compute it again. What keeps a crafted file out is that nothing in it is
taken on trust. Every fact goes through the same gates as entry in the browser: the match
through `MatchForm` (names, rules, first dealer), an upcard through `UpcardForm`, a full deal
through `DealForm`, a quick deal through `QuickForm`, and the engine judges each deal again.
What the file says was stored must be exactly what the app would have stored for those facts;
and every column is also checked by its model field (type, length, range, choices). One bad
value anywhere and nothing is imported, with a message that names the match, the deal and the
field. A file that is not even a backup (not UTF-8, not JSON, wrong types) gets a message too.

Importing is idempotent: a match whose stable id the account already holds is not imported
again. When the file's copy differs from the account's (say, deals were recorded since the
backup), the account's copy is kept as it is and the import says so; nothing is merged.

To add a deal column: add it either to `REPLAYED_DEAL_FIELDS`, when the deal that `_replayed`
builds through the app's own code (`Deal.apply`) holds the value the app would store, or to
`FREE_DEAL_FIELDS`, when only its model field (and a check of its own) can judge it (and to its
place in `DEAL_FIELDS`, the file's order). Then bump `VERSION`, with an entry in `UPGRADES` that
gives older files the column's value. A column that only restates the verdict for queries (its
figures) goes to `DERIVED_DEAL_FIELDS` instead: a backup leaves it out, since the verdict it is
worked out from is there, and import stores the value the replay gives. Every column of a deal
is in one of these lists, or in `UNSAVED_DEAL_FIELDS` (the row's id, its match and its
moments).
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.http import QueryDict
from django.utils import timezone

from adjudication import AdjudicationError, Card, DealResult, Rules, play_match

from .forms import DealForm, MatchForm, QuickForm, UpcardForm
from .models import Deal, DealFacts, IllegalKnock, Match, Player
from .names import name_key

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
# The deal columns no replay decides: their model field checks them, and the checks below.
FREE_DEAL_FIELDS = frozenset({"number", "status", "recorded_by", "dealer"})
# Every deal column a backup holds, in the file's order: the free ones around the replayed ones.
DEAL_FIELDS = ("number", "status", *REPLAYED_DEAL_FIELDS, "recorded_by", "dealer")
# The verdict's figures as columns: not in a backup; import stores the replay's.
DERIVED_DEAL_FIELDS = ("knocker_deadwood", "opponent_deadwood", "knock_limit", "multiplier")
# What a backup never carries of a deal: the database's own bookkeeping.
UNSAVED_DEAL_FIELDS = frozenset({"id", "match", "created", "updated"})
ILLEGAL_KNOCK_FIELDS = ("number", "knocker", "deadwood", "limit", "created")
MAX_DEALS = 9_999  # as a posted deal number (views.play.posted_number)
MAX_DEPTH = 16  # a verdict's layoffs sit 11 levels down
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)


class BackupError(ValueError):
    """Raised when a backup file is damaged, altered, or not a backup at all.

    The message names what is wrong: the match, the deal and the field where it can.
    """


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


def checksum(body: dict[str, Any]) -> str:
    """Return the SHA-256 of the backup's canonical JSON, without its checksum field."""
    payload = {key: value for key, value in body.items() if key != "checksum"}
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


# --- Export --------------------------------------------------------------------------------


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


def dumps(body: dict[str, Any]) -> str:
    """Return a backup document as the text of a backup file."""
    return json.dumps(body, ensure_ascii=False, indent=1) + "\n"


# --- Reading a file ------------------------------------------------------------------------


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
        state = play_match(match.get("first_dealer"), results, _rules(match.get("rules"), Where()))
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


# --- Checking ------------------------------------------------------------------------------


@dataclass
class Where:
    """Where in the file a value sits, for messages: match, deal (or illegal knock), field."""

    match: str = ""
    item: str = ""

    def fail(self, name: str | None, message: str) -> BackupError:
        """Return the error for `message` at this place, in the field `name`."""
        parts = [part for part in (self.match, self.item, name) if part]
        return BackupError(", ".join(parts) + ": " + message)


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
    if len(deals) > MAX_DEALS:
        raise where.fail("deals", f"more than {MAX_DEALS} deals")
    shell = Match(
        player_a=Player(name=names[0]),
        player_b=Player(name=names[1]),
        rules=rules.to_dict(),
        first_dealer=first_dealer,
    )
    rows = [_check_deal(shell, position, deal, where) for position, deal in enumerate(deals)]
    _check_sequence(rows, where)
    knocks = data["illegal_knocks"]
    if not isinstance(knocks, list) or len(knocks) > MAX_DEALS:
        raise where.fail("illegal_knocks", "expected a list")
    return CheckedMatch(
        stable_id=stable_id,
        players=names,
        rules=rules.to_dict(),
        first_dealer=first_dealer,
        at_random=data["dealer_chosen_at_random"],
        created=created,
        deals=rows,
        illegal_knocks=[_check_illegal_knock(i, k, where) for i, k in enumerate(knocks)],
        place=where.match,
        label=where.match + f" of {created:%Y-%m-%d}",
        document=data,
    )


def _stable_id(value: Any, where: Where) -> uuid.UUID:
    try:
        stable_id = uuid.UUID(value)
    except (TypeError, ValueError, AttributeError):
        raise where.fail("id", "expected a UUID") from None
    if str(stable_id) != value:
        raise where.fail("id", "expected a UUID in its usual form")
    return stable_id


def _rules(value: Any, where: Where) -> Rules:
    try:
        return Rules.from_dict(value)
    except AdjudicationError as error:
        raise where.fail("rules", f"bad rules: {error}") from None


# MatchForm's fields, as the backup names them.
MATCH_FORM_FIELDS = {
    "player_a_name": "players",
    "player_b_name": "players",
    "first_dealer": "first_dealer",
    **{name: f"rules.{name}" for name in MatchForm.RULE_FIELDS},
}


def _match_form(
    players: list[str], rules: Rules, first_dealer: int, where: Where
) -> tuple[str, str]:
    """Return the two names as the new-match form cleans them, or raise its first error."""
    data = {"player_a_name": players[0], "player_b_name": players[1]}
    data["first_dealer"] = str(first_dealer)
    data.update(rules.to_dict())
    form = MatchForm(data)
    if not form.is_valid():
        raise _form_error(form, MATCH_FORM_FIELDS, "rules", where)
    a, b = form.cleaned_data["players"]
    return (a, b)


def _form_error(form, fields: dict[str, str], fallback: str, where: Where) -> BackupError:
    """Return the form's first error, named by the backup's field."""
    name, errors = next(iter(form.errors.items()))
    return where.fail(fields.get(name, fallback), " ".join(errors))


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


def _replayed(shell: Match, data: dict[str, Any], where: Where) -> Deal:
    """Return the deal the app would have stored for these facts, through its own forms.

    The facts are checked by the same forms as entry in the browser, and judged by the
    engine under the match's rules; then `Deal.apply` and the status give the columns.
    """
    status, entry = data["status"], data["entry"]
    row = Deal(status=status)
    if entry == "":
        # Only the upcard tapped so far: a deal being played.
        if status != Deal.Status.OPEN:
            raise where.fail("entry", "a recorded deal needs an entry")
        row.upcard = str(_upcard(data["upcard"], where))
        return row
    if data["upcard"] or entry != Deal.Entry.DRAW:
        row.upcard = str(_upcard(data["upcard"], where))
    facts = _facts(shell, data, row.upcard_value, where)
    judged = facts.judge(shell.rules_value)
    if status in Deal.PLAYED and not judged.legal:
        raise where.fail(
            "knocker_cards" if entry == Deal.Entry.CARDS else "quick_knocker_deadwood",
            "an illegal knock cannot be a recorded deal",
        )
    row.apply(facts, judged)
    if status == Deal.Status.OPEN:
        # Undone, or an illegal knock kept for correction: it scores nothing (yet).
        row.outcome, row.winner, row.points = "", None, 0
    return row


def _columns(row: Deal, names: tuple[str, ...]) -> dict[str, Any]:
    """Return these columns of a replayed deal as JSON values (as a backup writes them)."""
    return {name: json.loads(json.dumps(getattr(row, name))) for name in names}


def _upcard(value: str, where: Where) -> Card:
    form = UpcardForm({"upcard": value})
    if not form.is_valid():
        raise _form_error(form, {}, "upcard", where)
    return form.cleaned_data["upcard"]


DEAL_FORM_FIELDS = {
    "upcard": "upcard",
    "knocker_seat": "knocker",
    "knocker": "knocker_cards",
    "knocker_text": "knocker_cards",
    "opponent": "opponent_cards",
    "opponent_text": "opponent_cards",
}
QUICK_FORM_FIELDS = {
    "knocker": "knocker",
    "knocker_deadwood": "quick_knocker_deadwood",
    "opponent_deadwood": "quick_opponent_deadwood",
    "big_gin": "quick_big_gin",
}


def _facts(shell: Match, data: dict[str, Any], upcard: Card | None, where: Where) -> DealFacts:
    """Return a deal's facts as the entry forms read them, or raise their first error."""
    entry = data["entry"]
    if entry == Deal.Entry.DRAW:
        return DealFacts(entry=Deal.Entry.DRAW)
    if entry == Deal.Entry.QUICK:
        assert upcard is not None
        form = QuickForm(
            {
                "knocker": data["knocker"],
                "knocker_deadwood": data["quick_knocker_deadwood"],
                "opponent_deadwood": data["quick_opponent_deadwood"],
                "big_gin": data["quick_big_gin"],
            },
            match=shell,
            knock_limit=shell.rules_value.knock_limit(upcard),
        )
        if not form.is_valid():
            raise _form_error(form, QUICK_FORM_FIELDS, "quick_knocker_deadwood", where)
        return form.facts(upcard)
    posted = QueryDict(mutable=True)
    posted.update(
        {
            "upcard": data["upcard"],
            "knocker_seat": "" if data["knocker"] is None else str(data["knocker"]),
            "knocker_text": data["knocker_cards"],
            "opponent_text": data["opponent_cards"],
        }
    )
    form = DealForm(posted, match=shell)
    if not form.is_valid():
        raise _form_error(form, DEAL_FORM_FIELDS, "knocker_cards", where)
    return form.facts()


def _check_sequence(rows: list[dict[str, Any]], where: Where) -> None:
    """One deal at most is being played. It need not be the last: a deal taken back by Undo
    keeps its number, and deals after it may be in the trash (or restored from it)."""
    playing = [row for row in rows if row["status"] == Deal.Status.OPEN]
    if len(playing) > 1:
        raise Where(where.match, f"deal {playing[0]['number']}").fail(
            "status", "only one deal can be one being played"
        )


def _check_illegal_knock(index: int, data: Any, where: Where) -> dict[str, Any]:
    here = Where(where.match, f"illegal knock {index + 1}")
    _check_keys(data, ILLEGAL_KNOCK_FIELDS, here)
    for name in ("number", "knocker", "deadwood", "limit"):
        _check_column(IllegalKnock, name, data[name], here)
    if not 1 <= data["number"] <= MAX_DEALS:
        raise here.fail("number", f"expected a deal number from 1 to {MAX_DEALS}")
    if data["knocker"] not in (0, 1):
        raise here.fail("knocker", "expected 0 or 1")
    if data["limit"] > 10:
        raise here.fail("limit", "no upcard sets a knock limit over 10")
    if not data["limit"] < data["deadwood"] <= 100:
        raise here.fail("deadwood", "an illegal knock has more deadwood than its limit")
    return {**data, "created": _moment(data["created"], here, "created")}


# --- Import --------------------------------------------------------------------------------


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
            same = match_document(existing) == checked.document
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
        Deal(match=match, **{name: row[name] for name in columns}) for row in checked.deals
    )
    knocks = IllegalKnock.objects.bulk_create(
        IllegalKnock(match=match, **{k: v for k, v in knock.items() if k != "created"})
        for knock in checked.illegal_knocks
    )
    for knock, data in zip(knocks, checked.illegal_knocks, strict=True):
        IllegalKnock.objects.filter(pk=knock.pk).update(created=data["created"])
