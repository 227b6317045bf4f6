"""Installing and offline use: the manifest, the service worker, and what it keeps.

The service worker's code is static/js/sw.js, but it is served here, at /sw.js: a worker's
scope is at most its script's folder, and the scoreboards it keeps are at the site's root. The
response starts with the worker's configuration (`self.OKGIN`): the static files it keeps, by
the names they have in this deploy (hashed in production), the pages it keeps from the start,
and a version made from all of these. A new deploy changes the version, so the browser installs
the new worker, which drops the old caches.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from functools import cache
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import Resolver404, resolve, reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import etag, require_GET

from scorekeeper import access
from scorekeeper.access import Role
from scorekeeper.models import Match

from . import palette

WORKER_SOURCE = "js/sw.js"
# Kept at install, cache first: everything a kept page needs to look right and work.
KEPT_STATIC = (
    "css/site.css",
    "css/offline.css",
    "css/entry.css",
    "js/htmx.min.js",
    "js/offline.js",
    "js/phone.js",
    "js/entry.js",
    "img/icon.svg",
)
# Kept at install, so that they open offline even if never visited; network first.
KEPT_PAGES = ("scorekeeper:home", "scorekeeper:rules", "offline:page")
# Pages of a match, whose keeping depends on who may still see it (`gone_pages`).
MATCH_PREFIXES = ("/matches/", "/history/")
ICONS = (
    {"src": "img/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
    {"src": "img/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
    {
        "src": "img/icon-maskable-512.png",
        "sizes": "512x512",
        "type": "image/png",
        "purpose": "maskable",
    },
)
# The palette's names (static/css/site.css) of an installed app's splash screen, the page's
# background, and of the browser's bar around the app, the header's panel.
BACKGROUND = "bg"
THEME = "panel"


@cache
def _read(path: str, stamp: tuple[int, int]) -> str:
    """Return the text of a file, read once per modification (`stamp`)."""
    with open(path, encoding="utf-8") as source:
        return source.read()


def static_source(name: str) -> str:
    """Return the text of a static file: from the sources, else from the collected files."""
    path = finders.find(name)
    if path:
        found = os.stat(path)
        return _read(path, (found.st_mtime_ns, found.st_size))
    with staticfiles_storage.open(name) as collected:
        return collected.read().decode()


def _static_stamp(name: str) -> str:
    """Return what changes when a static file does, under storages that do not hash names."""
    path = finders.find(name)
    if not path:
        return ""
    found = os.stat(path)
    return f"{found.st_mtime_ns}:{found.st_size}"


def board_pattern() -> str:
    """Return a regular expression (JavaScript's too) for the path of any match's scoreboard."""
    sample = 987654321
    path = reverse("scorekeeper:match_detail", args=[sample])
    return "^" + re.escape(path).replace(str(sample), "[0-9]+") + "$"


def worker_config() -> dict[str, object]:
    """Return the service worker's configuration for this deploy, its version included."""
    config: dict[str, object] = {
        "static": [static(name) for name in KEPT_STATIC],
        "staticPrefix": settings.STATIC_URL
        if settings.STATIC_URL.startswith("/")
        else "/" + settings.STATIC_URL,
        "pages": [reverse(name) for name in KEPT_PAGES],
        "offline": reverse("offline:page"),
        "kept": reverse("offline:kept"),
        "board": board_pattern(),
        "store": static("js/offline.js"),
    }
    digest = hashlib.sha256(static_source(WORKER_SOURCE).encode())
    digest.update(json.dumps(config, sort_keys=True).encode())
    # A hashing storage names each file by its content, and hashes its whole manifest; other
    # storages (development, tests) keep the names, so the files' own stamps count instead.
    manifest_hash = getattr(staticfiles_storage, "manifest_hash", "")
    digest.update(manifest_hash.encode())
    if not manifest_hash:
        for name in KEPT_STATIC:
            digest.update(_static_stamp(name).encode())
    config["version"] = digest.hexdigest()[:16]
    return config


def worker_version(request: HttpRequest) -> str:
    """Return the service worker's version (its ETag)."""
    return str(worker_config()["version"])


@require_GET
@etag(worker_version)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, from the site's root so that its scope is the whole site."""
    config = json.dumps(worker_config(), sort_keys=True)
    response = HttpResponse(
        f"self.OKGIN = {config};\n{static_source(WORKER_SOURCE)}",
        content_type="text/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = "/"
    # Checked on every visit (an unchanged worker answers 304): a deploy is seen at once.
    response["Cache-Control"] = "no-cache"
    return response


def manifest_language(request: HttpRequest) -> str:
    """Return the language asked for in the manifest's URL (a browser fetches it without
    cookies), or else the request's."""
    asked = request.GET.get("lang", "")
    return asked if asked in dict(settings.LANGUAGES) else translation.get_language()


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: what an installed app is called, how it opens, its icons."""
    language = manifest_language(request)
    with translation.override(language):
        data = {
            "id": "/",
            "name": _("Oklahoma Gin table companion"),
            "short_name": _("Oklahoma Gin"),
            "description": _(
                "Knock limits, verdicts and the score of a match of Oklahoma Gin, "
                "at the table, with or without a connection."
            ),
            "lang": language,
            "dir": "ltr",
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "orientation": "portrait",
            "background_color": palette.colour(BACKGROUND),
            "theme_color": palette.colour(THEME),
            "categories": ["games", "utilities"],
            "icons": [{**icon, "src": static(icon["src"])} for icon in ICONS],
        }
    response = JsonResponse(
        data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )
    response["Cache-Control"] = "max-age=3600"
    return response


@require_GET
def offline_page(request: HttpRequest) -> HttpResponse:
    """What a phone without a connection shows for a page it never kept."""
    return render(request, "scorekeeper/offline.html")


def gone_pages(request: HttpRequest, paths: list[str]) -> list[str]:
    """Return those of `paths` (pages a phone keeps) that this visitor may no longer see.

    A share link's page goes once the link is revoked or replaced; a match's pages go once
    this browser has no role in the match (its link revoked, the match deleted).
    """
    tokens: dict[str, str] = {}
    by_match: dict[str, int] = {}
    gone = []
    for path in paths:
        try:
            found = resolve(urlsplit(path).path)
        except Resolver404:
            gone.append(path)
            continue
        if found.namespace != "scorekeeper":
            continue
        if "token" in found.kwargs:
            tokens[path] = found.kwargs["token"]
        elif "pk" in found.kwargs and path.startswith(MATCH_PREFIXES):
            by_match[path] = found.kwargs["pk"]
    live = Match.objects.filter(
        Q(view_token__in=tokens.values()) | Q(edit_token__in=tokens.values())
    ).values_list("view_token", "edit_token")
    live_tokens = {token for pair in live for token in pair if token}
    gone += [path for path, token in tokens.items() if token not in live_tokens]
    matches = Match.objects.filter(pk__in=by_match.values()).only(
        "pk", "owner_id", "view_token", "edit_token"
    )
    seen = {match.pk for match in matches if access.role_for(request, match) >= Role.VIEW}
    gone += [path for path, pk in by_match.items() if pk not in seen]
    return gone


MAX_CHECKED = 200


@require_GET
@never_cache
def kept_pages(request: HttpRequest) -> JsonResponse:
    """Tell the service worker which of the pages it keeps it must drop (`?p=PATH`, repeated)."""
    paths = [path for path in request.GET.getlist("p")[:MAX_CHECKED] if path.startswith("/")]
    return JsonResponse({"gone": gone_pages(request, paths)})
