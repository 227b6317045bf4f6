"""What an htmx request gets, decided once for every view: the typed request, partial or page,
a form's errors, whole-page redirects, and history restores.

Views never look at `request.htmx` themselves; they ask here.

- **Partial or page.** htmx gets the region it swaps (`page.html#region`, a Django 6 partial);
  a plain request, and a history restore (htmx lost its cache of the page and asks for the
  whole of it again), get the whole page.
- **Errors.** A form with errors answers 422 to htmx, with the form's region and its messages.
  The site's htmx configuration (`responseHandling` in base.html's `htmx-config`) swaps a 422
  into its form like a success; any other 4xx reply (a 404, the 429 page) replaces the page's
  main content with its own, so that no tap goes unanswered. Without JS the page comes back
  with the errors and a 200, as a browser shows it either way.
- **Redirects.** After a change the whole page moves on: a plain redirect, or htmx's
  `HX-Redirect` (a swap of a region into itself would show the wrong page). A form's `next`
  (the page it leads back to) is followed only when it is a path of this site
  (`next_path`, which every view taking a `next` asks).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.http import url_has_allowed_host_and_scheme
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget
from django_htmx.middleware import HtmxDetails

UNPROCESSABLE = 422


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it: `request.htmx` says whether htmx
    sent it, and what for."""

    htmx: HtmxDetails


def is_htmx(request: HttpRequest) -> bool:
    """Return whether htmx sent the request (a swap, a poll, a preview, a history restore)."""
    return bool(getattr(request, "htmx", False))


def wants_partial(request: HttpRequest) -> bool:
    """Return whether to answer with a region rather than the whole page.

    A history-restore request (htmx lost its cache of the page) gets the whole page: its
    answer replaces the whole body.
    """
    return is_htmx(request) and not request.htmx.history_restore_request  # type: ignore[attr-defined]


def targets(request: HttpRequest, element_id: str) -> bool:
    """Return whether htmx will swap the answer into the element with this id."""
    return wants_partial(request) and request.htmx.target == element_id  # type: ignore[attr-defined]


def partial(request: HttpRequest, template: str, region: str) -> str:
    """Return the template, or only its `region` partial for an htmx swap."""
    if wants_partial(request):
        return f"{template}#{region}"
    return template


def live_partial(
    request: HttpRequest, template: str, context: dict[str, Any], data: Mapping[str, Any]
) -> str:
    """Return the card-entry template, or for htmx its `live` region: every piece of it then
    swapped out of band (`oob`), both grids too unless the change was a card tap (the page's
    script posts `tapped` in `data`): the grid under the thumb is never redrawn."""
    if not wants_partial(request):
        return template
    context["oob"] = True
    context["grids"] = "tapped" not in data
    return f"{template}#live"


def render_regions(
    request: HttpRequest, template: str, context: dict[str, Any], first: str, *others: str
) -> str:
    """Return the template's `first` region, then its `others` swapped out of band (they are
    drawn with `oob` set in the context)."""
    html = render_to_string(f"{template}#{first}", context, request)
    context["oob"] = True
    return html + "".join(
        render_to_string(f"{template}#{region}", context, request) for region in others
    )


def render_region(
    request: HttpRequest,
    template: str,
    region: str,
    context: Mapping[str, Any],
    *,
    status: int = 200,
) -> HttpResponse:
    """Render the template's `region` for htmx, or the whole page otherwise."""
    return render(request, partial(request, template, region), context, status=status)


def render_invalid(
    request: HttpRequest, template: str, region: str, context: Mapping[str, Any]
) -> HttpResponse:
    """Render a form with its errors: for htmx the region, 422, swapped in place of the element
    with the region's id (whatever the form's own target); the whole page for a plain POST."""
    if not wants_partial(request):
        return render(request, template, context)
    response = render_region(request, template, region, context, status=UNPROCESSABLE)
    return reswap(retarget(response, f"#{region}"), "outerHTML")


def redirect_htmx(request: HttpRequest, url: str) -> HttpResponse:
    """Redirect the whole page, also when the request came from htmx."""
    if is_htmx(request):
        return HttpResponseClientRedirect(url)
    return redirect(url)


NEXT = "next"


def next_path(request: HttpRequest, default: str) -> str:
    """Return the page a form's `next` names (posted, else in the query string) when it is a
    path of this site, else `default`: the one check of every view that takes a `next`.

    A path starts with one "/", holds no control character, and names no other host or scheme
    (`url_has_allowed_host_and_scheme`). Anything else (a bare word, which `redirect` would
    take for a URL name, or another site) leads to `default`.
    """
    target = request.POST.get(NEXT) or request.GET.get(NEXT) or ""
    local = (
        target.startswith("/")
        and not any(unicodedata.category(char) == "Cc" for char in target)
        and url_has_allowed_host_and_scheme(target, allowed_hosts=None)
    )
    return target if local else default


def removed_or_redirect(request: HttpRequest, url: str) -> HttpResponse:
    """Answer htmx with nothing (the element it targets is removed in place), a plain
    request with a redirect to `url`."""
    if is_htmx(request):
        return HttpResponse("")
    return redirect(url)
