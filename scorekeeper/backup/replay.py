"""A backup's facts through the app's own gates, as entry in the browser takes them: the match
through `MatchForm`, an upcard through `UpcardForm`, a full deal through `DealForm`, a quick
deal through `QuickForm`; then the engine judges the deal again under the match's rules, and
`actions.apply_facts` gives the columns the app would have stored."""

from __future__ import annotations

import json
from typing import Any

from django.http import QueryDict

from adjudication import Card, Rules

from ..actions import DealFacts, apply_facts
from ..forms.entry import DealForm, QuickForm, UpcardForm
from ..forms.match import MatchForm
from ..models import Deal, Match
from .errors import BackupError, Where

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


def _replayed(shell: Match, data: dict[str, Any], where: Where) -> Deal:
    """Return the deal the app would have stored for these facts, through its own forms.

    The facts are checked by the same forms as entry in the browser, and judged by the
    engine under the match's rules; then `actions.apply_facts` and the status give the columns.
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
    apply_facts(row, facts, judged)
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
