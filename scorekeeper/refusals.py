"""What the site refuses before any view reads it, and the page it answers with then (400).

- **A NUL anywhere in a request.** No player types one, and no text column takes one:
  PostgreSQL refuses a NUL in a query's text (a DataError, so a 500), where SQLite stores it.
  So a request with a NUL in its path, query string, headers, cookies or form is answered 400
  (`NulRefusingMiddleware`) before any view, form or query sees it: a share token, a kept
  page's path or an Idempotency-Key reaches the database without a NUL, on every database.
- **A body the site cannot read.** Django reads forms in UTF-8 only, and raises `BadRequest`
  for a form posted in another charset, even inside the CSRF check; a multipart body without
  its boundary fails to parse. Django's own error views run the CSRF check again, which reads
  the body again: the error page itself failed (a 500). The URLconf's handlers are these
  instead: `bad_request` reads nothing of the request but its language and draws `400.html`;
  `not_found` and `permission_denied` draw the site's 404 and 403 pages without reading the
  body (the CSRF middleware still gives their forms a token).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation

from .views.api import ApiError, error_response

NUL = "\x00"
# A view marked so reads its own body (it must set its upload handlers first): the middleware
# leaves the form to it, and the view asks `form_carries_nul` itself.
READS_ITS_OWN_BODY = "reads_its_own_body"


def any_nul(texts: Iterable[str]) -> bool:
    """Return whether any of the texts holds a NUL."""
    return any(NUL in text for text in texts)


def head_carries_nul(request: HttpRequest) -> bool:
    """Return whether the path, the query string, a header or a cookie holds a NUL."""
    query = [text for key, values in request.GET.lists() for text in (key, *values)]
    headers = [value for value in request.META.values() if isinstance(value, str)]
    cookies = [text for item in request.COOKIES.items() for text in item]
    return any_nul([request.path, request.path_info, *query, *headers, *cookies])


def form_carries_nul(request: HttpRequest) -> bool:
    """Return whether a posted form's names or values hold a NUL (the files aside)."""
    if request.method != "POST":
        return False
    return any_nul(text for key, values in request.POST.lists() for text in (key, *values))


def reads_its_own_body(view: Callable) -> Callable:
    """Mark a view that reads its own body: the middleware does not read it first."""
    setattr(view, READS_ITS_OWN_BODY, True)
    return view


class NulRefusingMiddleware:
    """Answer 400 to a request with a NUL in it: its head at once, its form before the view.

    The form is read in `process_view`, before the CSRF check reads it too; a form Django
    cannot read (another charset) raises `BadRequest` there, which `bad_request` answers.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if head_carries_nul(request):
            return bad_request(request)
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable, args: tuple, kwargs: dict
    ) -> HttpResponse | None:
        if getattr(view, READS_ITS_OWN_BODY, False) or not form_carries_nul(request):
            return None
        return bad_request(request)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The 400 page (the URLconf's `handler400`), in the visitor's language.

    It reads no form, session or account: whatever made the request bad may be in any of them.
    """
    language = getattr(request, "LANGUAGE_CODE", None) or translation.get_language_from_request(
        request
    )
    if request.path.startswith("/api/"):
        # The API answers in JSON, as its documented errors are.
        return error_response(ApiError("the request cannot be read (a NUL, or an unknown charset)"))
    with translation.override(language):
        return HttpResponseBadRequest(render_to_string("400.html"))


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The 404 page (the URLconf's `handler404`), which reads no body."""
    return render(request, "404.html", status=404)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The 403 page (the URLconf's `handler403`), which reads no body."""
    return render(request, "403.html", status=403)
