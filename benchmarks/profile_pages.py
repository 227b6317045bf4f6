"""Where a page's time goes: cProfile over the Django test client, in one process.

Run from the repository root: ``python benchmarks/profile_pages.py [scoreboard|tap|preview|poll]``.
It seeds the same 40-deal match as ``web.py`` (production settings, SQLite in a temporary
folder), makes one request to warm up, then profiles ``--requests`` more and prints the top
lines by own time and by cumulative time. A tool for finding what to make faster; it prints
no goal.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.harness import prepared_site  # noqa: E402
from benchmarks.web import targets  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", nargs="?", default="scoreboard")
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--lines", type=int, default=25)
    parser.add_argument("--cold", action="store_true", help="empty the fragments cache each time")
    args = parser.parse_args()
    with prepared_site() as site:
        from django.core.cache import caches
        from django.test import Client

        from scorekeeper.caching import LOCAL

        target = next(t for t in targets(site) if t.name == args.target)
        headers = {name.upper().replace("-", "_"): value for name, value in target.headers}
        meta = {f"HTTP_{name}": value for name, value in headers.items() if name != "COOKIE"}
        meta.pop("HTTP_CONTENT_TYPE", None)
        client = Client(HTTP_HOST="127.0.0.1")
        for part in site.cookie.split("; "):
            name, value = part.split("=", 1)
            client.cookies[name] = value

        def request() -> None:
            if args.cold:
                caches[LOCAL].clear()
            if target.method == "POST":
                response = client.post(
                    target.path,
                    target.body,
                    content_type="application/x-www-form-urlencoded",
                    **meta,
                )
            else:
                response = client.get(target.path, **meta)
            assert response.status_code == target.status, response.status_code

        request()
        profile = cProfile.Profile()
        started = time.perf_counter()
        profile.enable()
        for _ in range(args.requests):
            request()
        profile.disable()
        elapsed = time.perf_counter() - started
        print(
            f"{target.label}: {args.requests} requests, {elapsed / args.requests * 1000:.2f} ms"
            " each under cProfile" + (" (fragments cache emptied before each)" if args.cold else "")
        )
        stats = pstats.Stats(profile).strip_dirs()
        stats.sort_stats("tottime").print_stats(args.lines)
        stats.sort_stats("cumulative").print_stats(args.lines)


if __name__ == "__main__":
    main()
