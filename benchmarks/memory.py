"""Memory of the gunicorn workers under mixed requests: no growth per request.

Run from the repository root: ``python benchmarks/memory.py`` (or ``make bench``). It serves
the same seeded 40-deal match as ``web.py`` (gunicorn, 2 sync workers, production settings),
sends 10,000 requests of a fixed mix, and prints each worker's resident memory (VmRSS) after
1,000 and after 10,000 of them, with the ratio. The goal: after 10,000 within 10% of after
1,000, so that nothing is kept per request. The mix includes a change to the match every 25
requests (a new upcard), so every kept piece is made again for each new version: the local
caches fill up to their bound and stay there. Figures only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.harness import (  # noqa: E402
    Site,
    gunicorn_server,
    prepared_site,
    resident_kib,
    stop_on_sigterm,
    worker_pids,
)
from benchmarks.web import Target, request_once, targets  # noqa: E402

GOAL = 1.10  # RSS after 10,000 requests / RSS after 1,000
UPCARDS = ("QD", "JD", "TD", "KD")


def mix(site: Site) -> list[Target]:
    """Return one round of the mix: the benchmark's pages, more pages, and one change."""
    plan = {target.name: target for target in targets(site)}
    match = f"/matches/{site.match_pk}"
    cookie = ("Cookie", site.cookie)
    htmx = ("HX-Request", "true")
    more = [
        Target("home", "home", "/", 200, headers=(cookie,)),
        Target("deal", "deal page", f"{match}/deals/{site.cards_deal}/", 200, headers=(cookie,)),
        Target("board", "scoreboard (htmx)", f"{match}/", 200, headers=(cookie, htmx)),
        Target("update", "poll, an update", f"{match}/poll/?v=0", 200, headers=(cookie, htmx)),
    ]
    pages = [plan["scoreboard"], plan["preview"], plan["poll"], plan["empty"], *more]
    # 24 pages, then one change: a new upcard (a new match version each time).
    rounds = list(itertools.islice(itertools.cycle(pages), 24))
    return rounds


def upcard_change(site: Site, upcard: str) -> Target:
    body = urllib.parse.urlencode({"csrfmiddlewaretoken": site.csrf, "upcard": upcard})
    return Target(
        "upcard",
        "a new upcard",
        f"/matches/{site.match_pk}/upcard/",
        302,
        method="POST",
        body=body,
        headers=(("Cookie", site.cookie), ("Content-Type", "application/x-www-form-urlencoded")),
    )


def send(base: str, plan: list[Target], start: int, stop: int, threads: int) -> int:
    """Send requests number `start` to `stop` of the endless plan; return the unexpected
    answers (any status but the target's, or a 204 where a poll finds the match changed)."""
    counter = itertools.count(start)
    lock = threading.Lock()
    errors = [0]

    def worker() -> None:
        while True:
            with lock:
                number = next(counter)
            if number >= stop:
                return
            target = plan[number % len(plan)]
            try:
                status, _body = request_once(base, target)
            except OSError:
                status = 0
            if status != target.status and not (target.name == "poll" and status == 200):
                with lock:
                    errors[0] += 1

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    return errors[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--first", type=int, default=1_000, help="the reference point")
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    stop_on_sigterm()
    with prepared_site() as site, gunicorn_server(site, workers=args.workers) as (base, server):
        pages = mix(site)
        plan: list[Target] = []
        for upcard in UPCARDS:
            plan += [*pages, upcard_change(site, upcard)]
        pids = worker_pids(server)
        started = {pid: resident_kib(pid) for pid in pids}
        clock = time.perf_counter()
        errors = send(base, plan, 0, args.first, args.threads)
        first = {pid: resident_kib(pid) for pid in pids}
        errors += send(base, plan, args.first, args.requests, args.threads)
        last = {pid: resident_kib(pid) for pid in pids}
        elapsed = time.perf_counter() - clock
        if worker_pids(server) != pids:
            sys.exit("A worker was replaced during the run: the figures would mean nothing.")

    print(
        f"Worker memory: gunicorn, {args.workers} sync workers, production settings, SQLite;"
        f" {args.requests:,} requests of a mix of {len(plan)} ({len(UPCARDS)} of them changes),"
        f" {args.threads} client threads, {elapsed:.0f} s."
    )
    print(
        f"{'worker':<10}{'at start':>10}{f'after {args.first:,}':>14}"
        f"{f'after {args.requests:,}':>15}{'ratio':>8}  goal"
    )
    print("-" * 70)
    for pid in pids:
        ratio = last[pid] / first[pid]
        met = "met" if ratio <= GOAL else "MISSED"
        print(
            f"{pid:<10}{started[pid] / 1024:>8.1f}MB{first[pid] / 1024:>12.1f}MB"
            f"{last[pid] / 1024:>13.1f}MB{ratio:>8.1%}  <= {GOAL:.0%} of after {args.first:,}:"
            f" {met}"
        )
    if errors:
        print(f"{errors} unexpected responses or socket errors")


if __name__ == "__main__":
    main()
