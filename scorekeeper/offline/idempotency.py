"""Idempotent changes: the same key twice is one change, and gets the first answer twice.

A phone that enters deals without a connection keeps them and sends them when the connection
returns (static/js/offline.js). A reply can be lost on the way back, and the phone then sends
the same change again. Without a key, the server would take that second send for the other
phone's, and refuse it as already recorded or as stale. So the phone makes a key for each change
(`Idempotency-Key` header, or an `idempotency_key` field of a plain form) and the server keeps
the answer with the change, in the same transaction. The same key again gets that answer again.

It applies to every POST to an app view that takes a match (`pk`), whatever the view: the
middleware sits in front of them all, so that views added later are covered without a line of
their own. A request without a key is untouched, as are pages without JavaScript.

What is kept: an answer that changed the match (its version moved) or that redirects (a change
recorded, or refused with a message). A live preview, or a form shown again with its errors,
changed nothing and is not kept: sending it again simply asks again.

The phone's queue sends with `X-Offline-Replay: 1` and gets the answer as JSON instead of a
redirect: where it would have gone, the messages it would have shown, and whether another phone
had recorded that deal first (`mark_conflict`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

from django.contrib import messages
from django.contrib.messages.storage.base import BaseStorage, Message
from django.contrib.messages.utils import get_level_tags
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.html import strip_tags

from scorekeeper import access
from scorekeeper.access import Role
from scorekeeper.board import Board
from scorekeeper.models import Deal, Match

from .models import IdempotentReply

KEY_HEADER = "Idempotency-Key"
KEY_FIELD = "idempotency_key"
REPLAY_HEADER = "X-Offline-Replay"
# A UUID from crypto.randomUUID(), or any other unguessable token of the phone's.
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,64}")
# Headers a browser acts on; the rest (cookies, CSP, dates) belong to the moment of sending.
KEPT_HEADERS = (
    "Location",
    "Content-Type",
    "HX-Redirect",
    "HX-Location",
    "HX-Refresh",
    "HX-Trigger",
    "HX-Retarget",
    "HX-Reswap",
    "Vary",
)
REDIRECT_HEADERS = ("HX-Redirect", "HX-Location", "HX-Refresh")
GOING_TO = ("Location", "HX-Redirect", "HX-Location")
# A lost reply is sent again within minutes; a phone that was away for a week has long since
# had its answers. Older answers go.
KEEP_FOR = timedelta(days=30)


def posted_key(request: HttpRequest) -> str | None:
    """Return the change's key (header first, then the form field), or None without a valid one."""
    key = request.headers.get(KEY_HEADER) or request.POST.get(KEY_FIELD, "")
    return key if KEY_PATTERN.fullmatch(key) else None


def mark_conflict(response: HttpResponse, deal: Deal, correct_url: str) -> HttpResponse:
    """Mark `response` as the refusal of a deal that another phone recorded first; return it.

    The phone's queue shows the deal as the server holds it, beside what the phone held, and
    offers to keep the phone's entry as a correction of it at `correct_url`.
    """
    row = Board(deal.match).row_for(deal)
    line = render_to_string("scorekeeper/_deal_line.html", {"row": row})
    result = " ".join(strip_tags(line).split())
    if deal.winner is not None:
        result += f" · +{deal.points}"
    response.conflict = {  # type: ignore[attr-defined]
        "number": deal.number,
        "result": result,
        "url": deal.get_absolute_url(),
        "correct": correct_url,
    }
    return response


class CollectedMessages(BaseStorage):
    """The messages one change adds, collected instead of stored, so they can be kept with it."""

    def _get(self, *args, **kwargs):
        return [], True

    def _store(self, messages, response, *args, **kwargs):
        return []


def is_redirect(response: HttpResponse) -> bool:
    """Return whether the response sends the browser elsewhere (plainly or through htmx)."""
    return 300 <= response.status_code < 400 or any(h in response for h in REDIRECT_HEADERS)


def match_version(pk: int) -> int | None:
    """Return the match's version now, or None when there is no such match."""
    return Match.objects.filter(pk=pk).values_list("version", flat=True).first()


class IdempotencyMiddleware:
    """Answer a keyed change to a match once, and the same key again with the same answer."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view, args, kwargs) -> HttpResponse | None:
        """Run a keyed change here, inside the transaction that keeps its answer."""
        resolved = request.resolver_match
        if request.method != "POST" or resolved is None or resolved.namespace != "scorekeeper":
            return None
        pk = kwargs.get("pk")
        key = posted_key(request) if isinstance(pk, int) else None
        if key is None:
            return None
        return KeyedChange(request, pk, key).answer(lambda: view(request, *args, **kwargs))


class KeyedChange:
    """One POST to match `pk` under the phone's `key`."""

    def __init__(self, request: HttpRequest, pk: int, key: str) -> None:
        self.request = request
        self.pk = pk
        self.key = key
        self.replay = request.headers.get(REPLAY_HEADER) == "1"

    def answer(self, run_view: Callable[[], HttpResponse]) -> HttpResponse:
        """Return the stored answer to this key, or run the view and keep its answer."""
        # Under the transaction (SQLite: the write lock; PostgreSQL: the unique key, whose
        # insert waits for a concurrent send of the same key to finish), so that two sends of
        # one key at once are still one change.
        with transaction.atomic():
            before = match_version(self.pk)
            if before is None:
                return run_view()  # no such match: the view answers 404
            stored = self.stored()
            if stored is not None:
                return self.repeat(stored) if self.answers(stored) else run_view()
            try:
                with transaction.atomic():
                    claim = IdempotentReply.objects.create(
                        match_id=self.pk, key=self.key, path=self.request.path[:255]
                    )
            except IntegrityError:
                stored = self.stored()
                if stored is None:
                    raise
                return self.repeat(stored) if self.answers(stored) else run_view()
            response, added = self.run(run_view)
            after = match_version(self.pk)
            if after != before or is_redirect(response):
                self.keep(claim, response, added, after)
            else:
                claim.delete()
        return self.deliver(response, added, conflict=getattr(response, "conflict", None))

    def stored(self) -> IdempotentReply | None:
        """Return the answer kept for this key, if any."""
        return IdempotentReply.objects.filter(match_id=self.pk, key=self.key).first()

    def answers(self, stored: IdempotentReply) -> bool:
        """Return whether the stored answer is this request's: the same change (its path),
        which this visitor may still make. Otherwise the view answers, and nothing is kept."""
        return stored.path == self.request.path[:255] and self.may_change()

    def may_change(self) -> bool:
        """Return whether this visitor may change the match now.

        A key is a secret of one phone, but a stored answer is shown only to someone who may
        make the change today: a revoked edit link gets the view's own refusal instead.
        """
        match = Match.objects.only("pk", "owner_id", "view_token", "edit_token").get(pk=self.pk)
        return access.role_for(self.request, match) >= Role.EDIT

    def run(self, run_view: Callable[[], HttpResponse]) -> tuple[HttpResponse, list[Message]]:
        """Run the view with its messages collected; return its response and those messages."""
        request = self.request
        kept_storage = getattr(request, "_messages", None)
        request._messages = CollectedMessages(request)  # type: ignore[attr-defined]
        try:
            response = run_view()
            added = list(request._messages)  # type: ignore[attr-defined]
        finally:
            request._messages = kept_storage  # type: ignore[attr-defined]
        return response, added

    def keep(
        self,
        claim: IdempotentReply,
        response: HttpResponse,
        added: list[Message],
        version: int | None,
    ) -> None:
        """Store the answer under the claimed key, and forget answers old enough to be done."""
        claim.status = response.status_code
        claim.headers = {name: response[name] for name in KEPT_HEADERS if name in response}
        claim.body = b"" if response.streaming else response.content
        claim.messages = [[m.level, str(m.message), m.extra_tags] for m in added]
        claim.conflict = getattr(response, "conflict", None)
        claim.version = version
        claim.save()
        IdempotentReply.objects.filter(created__lt=timezone.now() - KEEP_FOR).delete()

    def repeat(self, stored: IdempotentReply) -> HttpResponse:
        """Answer a key seen before with the answer it got then."""
        if "Location" in stored.headers:
            response = HttpResponseRedirect(stored.headers["Location"])
            response.status_code = stored.status
        else:
            response = HttpResponse(bytes(stored.body), status=stored.status)
        for name, value in stored.headers.items():
            response[name] = value
        response["Idempotent-Replayed"] = "true"
        added = [Message(level, text, extra_tags=tags) for level, text, tags in stored.messages]
        return self.deliver(response, added, conflict=stored.conflict, repeat=True)

    def deliver(
        self,
        response: HttpResponse,
        added: list[Message],
        *,
        conflict: dict | None,
        repeat: bool = False,
    ) -> HttpResponse:
        """Return the answer: as it is, with its messages for the next page, or as JSON to the
        phone's queue (which shows the messages itself)."""
        if not self.replay:
            for message in added:
                messages.add_message(
                    self.request, message.level, message.message, message.extra_tags
                )
            return response
        tags = get_level_tags()
        location = next((response[name] for name in GOING_TO if name in response), "")
        answer = JsonResponse(
            {
                "status": response.status_code,
                "location": location,
                "messages": [
                    {"level": tags.get(m.level, ""), "text": str(m.message)} for m in added
                ],
                "conflict": conflict,
                "repeat": repeat,
                "version": match_version(self.pk),
            }
        )
        answer["Cache-Control"] = "no-store"
        return answer
