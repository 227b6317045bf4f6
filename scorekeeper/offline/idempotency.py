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

An answer is one visitor's (`visitor_of`: the account, or the session of a browser without
one), and is kept without a CSRF token: each token in its body is a hole, filled with the
visitor's own token when it is given again, and no cookie is kept. Another phone that sends the
same key makes its own change and gets its own answer. The same key with another change (what
was sent differs) is refused in so many words (`mismatch_words`), and the first change stands.

Nothing is read or kept for a visitor who may not change the match: the view answers them as it
answers everyone, so that a match they may not see answers exactly as a missing one does, and a
replay's JSON tells them no version.

The phone's queue sends with `X-Offline-Replay: 1` and gets every answer as JSON instead of a
redirect or a page: where it would have gone, the messages it would have shown, whether another
phone had recorded that deal first (the core's `conflicts.mark_conflict`), and whether the
change was applied.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.messages.storage.base import Message
from django.contrib.messages.utils import get_level_tags
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.utils import timezone

from scorekeeper import access
from scorekeeper.access import Role
from scorekeeper.conflicts import conflict_on
from scorekeeper.htmx import redirect_htmx
from scorekeeper.models import Match

from .keys import (
    GOING_TO,
    KEEP_FOR,
    KEPT_HEADERS,
    CollectedMessages,
    digest_of,
    is_redirect,
    is_replay,
    match_version,
    mismatch_words,
    posted_key,
    refusal_words,
    reverse_match,
    visitor_of,
    with_csrf,
    without_csrf,
)
from .models import IdempotentReply


class IdempotencyMiddleware:
    """Answer a keyed change to a match once, and the same key again with the same answer."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        change = getattr(request, "keyed_change", None)
        if change is not None and change.replay and not getattr(response, "replay_answer", 0):
            # The view raised (a 404, a 403): the queue reads that in JSON too.
            response = change.deliver(response, [], conflict=None)
        return response

    def process_view(self, request: HttpRequest, view, args, kwargs) -> HttpResponse | None:
        """Run a keyed change (or any replay) of a match here, inside the transaction that
        keeps its answer."""
        resolved = request.resolver_match
        if request.method != "POST" or resolved is None or resolved.namespace != "scorekeeper":
            return None
        pk = kwargs.get("pk")
        if not isinstance(pk, int):
            return None
        key = posted_key(request)
        if key is None and not is_replay(request):
            return None
        change = KeyedChange(request, pk, key)
        request.keyed_change = change  # type: ignore[attr-defined]
        return change.answer(lambda: view(request, *args, **kwargs))


class KeyedChange:
    """One POST to match `pk`, under the phone's `key` (None: a replay without one)."""

    def __init__(self, request: HttpRequest, pk: int, key: str | None) -> None:
        self.request = request
        self.pk = pk
        self.key = key
        self.replay = is_replay(request)
        self.role = Role.NONE

    def role_now(self) -> Role:
        """Return what this visitor may do with the match now (NONE when there is none).

        The session is read whether or not the match exists, so that even the answer's Vary
        header cannot tell a hidden match from a missing one.
        """
        self.request.session.get(access.SESSION_TOKENS)
        match = (
            Match.objects.only("pk", "owner_id", "view_token", "edit_token")
            .filter(pk=self.pk)
            .first()
        )
        return Role.NONE if match is None else access.role_for(self.request, match)

    def answer(self, run_view: Callable[[], HttpResponse]) -> HttpResponse:
        """Return the stored answer to this key, or run the view and keep its answer."""
        self.role = self.role_now()
        if self.key is None or self.role < Role.EDIT:
            # Nothing read nor kept: the view answers this visitor (a missing match, a hidden
            # one, a revoked link: its own 404 or 403), and a replay gets that in JSON.
            response, added = self.run(run_view)
            return self.deliver(response, added, conflict=conflict_on(response))
        visitor = visitor_of(self.request)
        sent = digest_of(self.request)
        # Under the transaction (SQLite: the write lock; PostgreSQL: the unique key, whose
        # insert waits for a concurrent send of the same key to finish), so that two sends of
        # one key at once are still one change.
        with transaction.atomic():
            before = match_version(self.pk)
            stored = self.stored(visitor)
            if stored is not None:
                return self.settle(stored, sent, run_view)
            try:
                with transaction.atomic():
                    claim = IdempotentReply.objects.create(
                        match_id=self.pk,
                        visitor=visitor,
                        key=self.key,
                        sent=sent,
                        path=self.request.path[:255],
                    )
            except IntegrityError:
                stored = self.stored(visitor)
                if stored is None:
                    raise
                return self.settle(stored, sent, run_view)
            response, added = self.run(run_view)
            after = match_version(self.pk)
            if after != before or is_redirect(response):
                self.keep(claim, response, added, after)
            else:
                claim.delete()
        return self.deliver(response, added, conflict=conflict_on(response))

    def stored(self, visitor: str) -> IdempotentReply | None:
        """Return the answer kept for this key and this visitor, if any."""
        return IdempotentReply.objects.filter(
            match_id=self.pk, visitor=visitor, key=self.key
        ).first()

    def settle(
        self, stored: IdempotentReply, sent: str, run_view: Callable[[], HttpResponse]
    ) -> HttpResponse:
        """Answer a key this visitor used before: with its first answer for the same change;
        refused, for another change to the same place; by the view, for another place (a key
        answers for one change, and nothing is kept for the second)."""
        if stored.path != self.request.path[:255]:
            response, added = self.run(run_view)
            return self.deliver(response, added, conflict=conflict_on(response))
        if stored.sent and stored.sent != sent:
            return self.mismatch()
        return self.repeat(stored)

    def mismatch(self) -> HttpResponse:
        """Refuse the same key sent with another change: the first stands, this one is not made.

        The phone's queue keeps the entry, shown as not applied, with the reason.
        """
        said = Message(messages.ERROR, mismatch_words())
        if self.replay:
            response = HttpResponse(status=422)
            return self.deliver(response, [said], conflict=None, applied=False)
        response = redirect_htmx(self.request, reverse_match(self.pk))
        return self.deliver(response, [said], conflict=None, applied=False)

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
        claim.body = b"" if response.streaming else without_csrf(response.content)
        claim.messages = [[m.level, str(m.message), m.extra_tags] for m in added]
        claim.conflict = conflict_on(response)
        claim.version = version
        claim.save()
        IdempotentReply.objects.filter(created__lt=timezone.now() - KEEP_FOR).delete()

    def repeat(self, stored: IdempotentReply) -> HttpResponse:
        """Answer a key seen before with the answer it got then."""
        if "Location" in stored.headers:
            response = HttpResponseRedirect(stored.headers["Location"])
            response.status_code = stored.status
        else:
            response = HttpResponse(
                with_csrf(self.request, bytes(stored.body)), status=stored.status
            )
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
        applied: bool = True,
    ) -> HttpResponse:
        """Return the answer: as it is, with its messages for the next page, or as JSON to the
        phone's queue (which shows the messages itself). The match's version only for a
        visitor who may see it."""
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
                "errors": [] if location else refusal_words(response),
                "conflict": conflict,
                "repeat": repeat,
                "applied": applied,
                "mismatch": not applied,
                "version": match_version(self.pk) if self.role >= Role.VIEW else None,
            }
        )
        answer["Cache-Control"] = "no-store"
        answer.replay_answer = 1  # type: ignore[attr-defined]
        return answer
