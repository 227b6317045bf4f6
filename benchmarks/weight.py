"""Page weight: what a first-time phone visitor downloads for each main page and htmx partial.

Run from the repository root: ``python benchmarks/weight.py`` (or ``make bench``). It serves a
seeded 40-deal match with gunicorn and the production settings (the same harness as
``benchmarks/web.py``), then fetches each page the way a phone with an empty cache does: the
HTML, then every stylesheet, script, icon and image it references (and every ``url()`` in the
stylesheets), all with ``Accept-Encoding: gzip, deflate, br``. Static files come from the
``collectstatic`` output, compressed by whitenoise. It stops the server on exit.

Bytes are counted as they cross the wire: the body as sent (compressed when the server
compressed it) plus the response headers. 1 kB = 1000 bytes. Budgets: the scoreboard's first
visit at most 80 kB, each htmx partial at most 10 kB. Figures only: nothing is asserted.
"""

from __future__ import annotations

import dataclasses
import gzip
import http.client
import json
import re
import sys
import urllib.parse
from html.parser import HTMLParser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.harness import Site, gunicorn, prepared_site, stop_on_sigterm  # noqa: E402
from benchmarks.web import targets  # noqa: E402

PAGE_BUDGET = 80_000
PARTIAL_BUDGET = 10_000
PHONE = {
    "User-Agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile",
    "Accept-Encoding": "gzip, deflate, br",
    "Accept-Language": "en",
}
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)['"]?\s*\)|@import\s+['"]([^'"]+)['"]""")


@dataclasses.dataclass(frozen=True)
class Fetched:
    """One response: its status, bytes on the wire, decoded body and headers."""

    url: str
    status: int
    wire: int
    body: bytes
    encoding: str
    headers: dict[str, str]

    @property
    def raw(self) -> int:
        return len(self.body)


def fetch(base: str, path: str, *, cookie: str = "", method: str = "GET", body: str = "",
          headers: dict[str, str] | None = None) -> Fetched:  # fmt: skip
    """Fetch one URL like the phone does; count the body as sent plus the response headers."""
    parts = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    sent = {**PHONE, **(headers or {})}
    if cookie:
        sent["Cookie"] = cookie
    try:
        connection.request(method, path, body=body or None, headers=sent)
        response = connection.getresponse()
        data = response.read()
        head = f"HTTP/1.1 {response.status} {response.reason}\r\n" + "".join(
            f"{name}: {value}\r\n" for name, value in response.getheaders()
        )
        encoding = response.getheader("Content-Encoding", "")
    finally:
        connection.close()
    decoded = gzip.decompress(data) if encoding == "gzip" else data
    if encoding == "br":
        import brotli  # whitenoise only makes .br files when brotli is installed

        decoded = brotli.decompress(data)
    return Fetched(
        path,
        response.status,
        len(head) + 2 + len(data),
        decoded,
        encoding,
        dict(response.getheaders()),
    )


class References(HTMLParser):
    """Collect the URLs of the stylesheets, scripts, icons and images a page references."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "link" and found.get("href"):
            rel = (found.get("rel") or "").split()
            if {"stylesheet", "icon", "preload", "modulepreload", "manifest"} & set(rel):
                self.urls.append(found["href"])
        elif tag in ("script", "img", "source", "video", "audio") and found.get("src"):
            self.urls.append(found["src"])


def page_assets(base: str, page: Fetched) -> list[Fetched]:
    """Fetch every asset the page references (once each), following CSS url() and @import."""
    parser = References()
    parser.feed(page.body.decode())
    queue = [urllib.parse.urljoin(page.url, url) for url in parser.urls]
    seen: dict[str, Fetched] = {}
    while queue:
        url = queue.pop(0)
        if url in seen or url.startswith("data:"):
            continue
        asset = fetch(base, url)
        seen[url] = asset
        if url.endswith(".css"):
            for match in CSS_URL.finditer(asset.body.decode()):
                queue.append(urllib.parse.urljoin(url, match.group(1) or match.group(2)))
    return list(seen.values())


def kb(size: int) -> str:
    return f"{size / 1000:.1f} kB"


def pages(site: Site) -> list[tuple[str, str]]:
    match = f"/matches/{site.match_pk}"
    return [
        ("home", "/"),
        ("scoreboard, 40 deals", f"{match}/"),
        ("deal page (cards)", f"{match}/deals/{site.cards_deal}/"),
        ("card entry", f"{match}/knock/0/"),
        ("knock checker", "/check/"),
        ("rules", "/rules/"),
        ("share (2 QR codes)", f"{match}/share/"),
        ("history", "/history/"),
        ("stats", "/stats/"),
    ]


WORKER_CONFIG = re.compile(r"self\.OKGIN = (\{.*?\});\n")


def worker_weight(base: str, site: Site, assets_seen: dict[str, Fetched]) -> None:
    """Print what the service worker adds to a first visit of the scoreboard, and the total.

    After the page, the phone fetches the worker (/sw.js), which keeps its static files (the
    page's own, so the HTTP cache answers: nothing on the wire), the pages it keeps from the
    start, and the two card-entry pages one tap from the scoreboard; the browser also fetches
    the manifest's icons to judge whether the site can be installed.
    """
    match = f"/matches/{site.match_pk}"
    scoreboard = fetch(base, f"{match}/", cookie=site.cookie)
    assets = page_assets(base, scoreboard)
    page_total = scoreboard.wire + sum(asset.wire for asset in assets)
    worker = fetch(base, "/sw.js", cookie=site.cookie)
    config = json.loads(WORKER_CONFIG.match(worker.body.decode())[1])
    on_page = {asset.url for asset in assets}
    static_missing = [url for url in config["static"] if url not in on_page]
    kept = [fetch(base, path, cookie=site.cookie) for path in config["pages"]]
    entry = [fetch(base, f"{match}/knock/{seat}/", cookie=site.cookie) for seat in (0, 1)]
    manifest = next(asset for asset in assets if asset.url.startswith("/manifest"))
    icons = [fetch(base, icon["src"]) for icon in json.loads(manifest.body)["icons"]]
    print("Service worker on a first visit of the scoreboard (wire bytes, gzip):")
    rows = [
        ("scoreboard page + its assets", page_total),
        ("/sw.js (the worker and its configuration)", worker.wire),
        (f"static files it keeps ({len(config['static'])}, the page's: from the HTTP cache)", 0),
        *((f"page kept from the start: {page.url}", page.wire) for page in kept),
        *((f"card entry kept: {page.url}", page.wire) for page in entry),
        *((f"manifest icon: {icon.url}", icon.wire) for icon in icons),
    ]
    for label, size in rows:
        print(f"  {label:<58}{kb(size):>10}")
    total = sum(size for _label, size in rows)
    verdict = "met" if total <= PAGE_BUDGET else "MISSED"
    print(f"  {'first visit with the service worker, total':<58}{kb(total):>10}"
          f"  <= {kb(PAGE_BUDGET)}  {verdict}")  # fmt: skip
    if static_missing:
        print(f"  (static files kept but not on the page: {', '.join(static_missing)})")
    scripts = [a for a in assets if a.url.endswith(".js") and "htmx" not in a.url]
    print(
        "  the offline and phone scripts: "
        + ", ".join(f"{a.url} {kb(a.wire)} ({kb(a.raw)} raw)" for a in scripts)
        + f"; the worker {kb(worker.wire)} ({kb(worker.raw)} raw)"
    )


def main() -> None:
    stop_on_sigterm()
    with prepared_site() as site, gunicorn(site, workers=1) as base:
        print(
            "Page weight, first visit with an empty cache: HTML + every CSS/JS/image it"
            " references, Accept-Encoding: gzip, deflate, br."
        )
        print("Bytes on the wire: body as sent + response headers (raw = uncompressed body).")
        print(f"{'page':<24}{'HTML wire':>11}{'(raw)':>11}{'assets':>10}{'total':>10}  budget")
        assets_seen: dict[str, Fetched] = {}
        for label, path in pages(site):
            page = fetch(base, path, cookie=site.cookie)
            if page.status != 200:
                print(f"{label:<24}  answered {page.status}: skipped")
                continue
            assets = page_assets(base, page)
            assets_seen.update((asset.url, asset) for asset in assets)
            extra = sum(asset.wire for asset in assets)
            total = page.wire + extra
            budget = ""
            if label.startswith("scoreboard"):
                budget = f"<= {kb(PAGE_BUDGET)}  {'met' if total <= PAGE_BUDGET else 'MISSED'}"
            print(
                f"{label:<24}{kb(page.wire):>11}{kb(page.raw):>11}{kb(extra):>10}{kb(total):>10}"
                f"  {budget}"
            )

        print()
        worker_weight(base, site, assets_seen)

        print()
        print("Static files (hashed names; the same on every page, cached after the first):")
        for asset in sorted(assets_seen.values(), key=lambda a: a.url):
            print(
                f"  {asset.url:<44}{kb(asset.wire):>9} wire{kb(asset.raw):>10} raw"
                f"  {asset.encoding or 'identity':<8} {asset.headers.get('Cache-Control', '-')}"
            )
        fonts = [a.url for a in assets_seen.values() if re.search(r"\.(woff2?|ttf|otf)$", a.url)]
        print(f"  web fonts: {len(fonts) or 'none'}")

        print()
        print("htmx partials (as htmx requests them, with the page's cookies):")
        by_name = {target.name: target for target in targets(site)}
        preview, poll = by_name["preview"], by_name["poll"]
        stale = f"/matches/{site.match_pk}/poll/?v={site.version - 1}"
        partials = [
            ("preview, 20 cards", preview.method, preview.path, preview.body, preview.headers),
            ("poll update (changed)", "GET", stale, "", poll.headers),
            ("poll, nothing new", "GET", poll.path, "", poll.headers),
        ]
        for label, method, path, body, headers in partials:
            extra_headers = {name: value for name, value in headers if name != "Cookie"}
            response = fetch(
                base, path, cookie=site.cookie, method=method, body=body, headers=extra_headers
            )
            verdict = "met" if response.wire <= PARTIAL_BUDGET else "MISSED"
            print(
                f"  {label:<24}{response.status:>4}{kb(response.wire):>10} wire"
                f"{kb(response.raw):>10} raw  <= {kb(PARTIAL_BUDGET)}  {verdict}"
            )


if __name__ == "__main__":
    main()
