"""What the idempotency middleware (`offline/idempotency.py`) reads of a request and keeps of
an answer: a change's key, who sent it (the visitor, for whom alone its answer is kept), a
digest of what it sent, an answer's body without its CSRF token, and the messages a change
adds.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import timedelta
from html import unescape

from django.contrib.messages.storage.base import BaseStorage
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.crypto import salted_hmac
from django.utils.html import strip_tags
from django.utils.translation import gettext as _

from scorekeeper.models import Match

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
# What a form posts about the sending, not about the change: left out of the digest of what was
# sent (a resend renumbers a kept deal, and describes itself anew in `queue`).
ABOUT_THE_SENDING = frozenset(
    ("csrfmiddlewaretoken", KEY_FIELD, "queue", "number", "version", "tapped")
)
# Where a CSRF token sits in an answer: a form's hidden field, and htmx's headers on the body.
CSRF_IN_BODY = re.compile(
    rb'(name="csrfmiddlewaretoken" value=")[A-Za-z0-9]+(")'
    rb'|(X-CSRFToken(?:"|&quot;|&#x27;): (?:"|&quot;|&#x27;))[A-Za-z0-9]+((?:"|&quot;|&#x27;))'
)
CSRF_HOLE = b"csrf-token-kept-out-of-the-reply"
# A lost reply is sent again within minutes; a phone that was away for a week has long since
# had its answers. Older answers go.
KEEP_FOR = timedelta(days=30)


# A form shown again says what is wrong in its field errors, and in its list of the others.
FORM_ERRORS = re.compile(
    r'<p class="field-error"[^>]*>(.*?)</p>|<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', re.S
)


def refusal_words(response: HttpResponse) -> list[str]:
    """Return what a form page shown again with its errors says is wrong, as plain sentences.

    A deal kept on a phone and refused when sent shows why, in words, in the phone's queue and
    on its page opened again (a replay gets JSON, not the page that says it).
    """
    if response.streaming or not response.get("Content-Type", "").startswith("text/html"):
        return []
    page = response.content.decode(response.charset or "utf-8", "replace")
    found: list[str] = []
    for error, others in FORM_ERRORS.findall(page):
        for part in [error] if error else re.findall(r"<li>(.*?)</li>", others, re.S):
            words = " ".join(unescape(strip_tags(part)).split())
            if words and words not in found:
                found.append(words)
    return found


def posted_key(request: HttpRequest) -> str | None:
    """Return the change's key (header first, then the form field), or None without a valid one."""
    key = request.headers.get(KEY_HEADER) or request.POST.get(KEY_FIELD, "")
    return key if KEY_PATTERN.fullmatch(key) else None


def is_replay(request: HttpRequest) -> bool:
    """Return whether the phone's queue sent this request (and wants its answer as JSON)."""
    return request.headers.get(REPLAY_HEADER) == "1"


def visitor_of(request: HttpRequest) -> str:
    """Return whose stored answers this request may read: the account, or for a browser without
    one its session (by a keyed digest of the session's key: no key is stored here).

    Read, never written: two sends of one key at once must name the same visitor.
    """
    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    session_key = request.session.session_key
    if not session_key:  # no session, so no role to change a match with: nothing to find
        return f"once:{secrets.token_hex(16)}"
    return "session:" + salted_hmac(__name__, session_key, algorithm="sha256").hexdigest()[:64]


def digest_of(request: HttpRequest) -> str:
    """Return a digest of what the request sent about the change (`ABOUT_THE_SENDING` aside)."""
    fields = sorted(
        (name, value)
        for name, values in request.POST.lists()
        if name not in ABOUT_THE_SENDING
        for value in values
    )
    return hashlib.sha256(repr(fields).encode()).hexdigest()


def without_csrf(body: bytes) -> bytes:
    """Return the body with each CSRF token in it replaced by a hole."""
    return CSRF_IN_BODY.sub(lambda m: (m[1] or m[3]) + CSRF_HOLE + (m[2] or m[4]), body)


def with_csrf(request: HttpRequest, body: bytes) -> bytes:
    """Return the body with its holes filled with this visitor's own CSRF token."""
    return body.replace(CSRF_HOLE, get_token(request).encode()) if CSRF_HOLE in body else body


class CollectedMessages(BaseStorage):
    """The messages one change adds, collected instead of stored, so they can be kept with it."""

    def _get(self, *args, **kwargs):
        return [], True

    def _store(self, messages, response, *args, **kwargs):
        return []


def is_redirect(response: HttpResponse) -> bool:
    """Return whether the response sends the browser elsewhere (plainly or through htmx)."""
    return 300 <= response.status_code < 400 or any(h in response for h in REDIRECT_HEADERS)


def mismatch_words() -> str:
    """Return what the phone is told of the same key sent with another change."""
    return _(
        "This entry was not applied: a different change was already sent under its key, and "
        "that one stands. Open it, check it and send it again."
    )


def reverse_match(pk: int) -> str:
    """Return the scoreboard of match `pk`."""
    return Match(pk=pk).get_absolute_url()


def match_version(pk: int) -> int | None:
    """Return the match's version now, or None when there is no such match."""
    return Match.objects.filter(pk=pk).values_list("version", flat=True).first()
