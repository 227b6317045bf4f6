"""Throughput of the site under gunicorn: requests/s and p50/p99 latency, as ratios to a bare view.

Run from the repository root: ``python benchmarks/web.py`` (or ``make bench``). It seeds a
temporary SQLite database with a 40-deal match, starts gunicorn with the production settings
(DEBUG off, hashed and compressed static files, 2 sync workers) on 127.0.0.1, loads it with
``wrk`` (or a small Python load generator when wrk is missing), and stops the server on exit.

Targets:
- a bare ``HttpResponse`` view behind the same middleware (the framework's ceiling here);
- two more references: the bare view after loading the session (the one query every access
  check needs), and the site's layout with no content (``base.html``: what every page pays);
- the scoreboard of the 40-deal match;
- the live preview of the card-entry page with 20 cards, as a card tap sends it (htmx POST
  with ``tapped``: the answer swaps the counts, the verdict bar and the preview out of band,
  never the grid under the thumb), and as a typed hand or a new upcard sends it (both grids
  drawn again too);
- the live poll when nothing changed (204).

Each target is loaded in several short rounds, the targets taking turns, and the best round
counts (as ``timeit`` takes the best repeat): a burst of other work on the machine then spoils
one round, not one target. The load generator runs on the same machine, so on 2 cores it
takes CPU from the 2 workers: the absolute figures are lower than a separate load machine
would show, the ratios less so. Pages are requested with ``Accept-Encoding: gzip`` like a
phone's, so the server pays for compressing them.
The goals are ratios to the empty page, printed beside the ratios measured before the
scoreboard kept its pieces per match version. Figures only: nothing here asserts a timing.

On a shared machine a round's req/s swings with whatever else runs, and a ratio of two best
rounds may pair a quiet round with a busy one. So each round also reads the CPU time the
workers spent (Linux: /proc) over the requests they answered: the CPU ms a request costs the
server, which other work on the machine barely moves. Their ratios are printed under the
goals, as a second reading of the same goals.
"""

from __future__ import annotations

import argparse
import dataclasses
import http.client
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.harness import (  # noqa: E402
    Site,
    gunicorn_server,
    prepared_site,
    stop_on_sigterm,
    worker_pids,
)

# The goals, as ratios to the empty page (what every page pays for the layout), and the
# ratios measured before the scoreboard kept its pieces per match version. Before the entry
# page's redesign every tap posted the whole form and got the whole form back (21%); now a
# tap is the `tap` request, and the goal is on it; the full preview is printed beside it.
GOALS = {"scoreboard": 0.50, "tap": 0.50, "poll": 1.00}
BEFORE = {"scoreboard": 0.21, "tap": 0.21, "preview": 0.21, "poll": 1.72}


@dataclasses.dataclass(frozen=True)
class Target:
    """One request to load the server with, and the status it must answer."""

    name: str
    label: str
    path: str
    status: int
    method: str = "GET"
    body: str = ""
    headers: tuple[tuple[str, str], ...] = ()


@dataclasses.dataclass(frozen=True)
class Result:
    rps: float
    p50_ms: float
    p99_ms: float
    errors: int
    requests: int = 0
    cpu_ms: float = 0.0  # the workers' CPU time per request in the round (0: not read)


def targets(site: Site) -> list[Target]:
    """Return the four targets for the seeded match."""
    match = f"/matches/{site.match_pk}"
    cookie = ("Cookie", site.cookie)
    htmx = ("HX-Request", "true")
    phone = ("Accept-Encoding", "gzip, deflate, br")  # so the server pays for compression
    fields = [
        ("csrfmiddlewaretoken", site.csrf),
        ("number", "41"),
        ("version", str(site.version)),
        ("knocker_rendered", ""),
        ("opponent_rendered", ""),
        ("knocker_seat", "0"),
        ("upcard", site.upcard),
        ("knocker_text", ""),
        ("opponent_text", ""),
        *(("knocker", card) for card in site.knocker.split()),
        *(("opponent", card) for card in site.opponent.split()),
        ("action", "preview"),
    ]
    preview = urllib.parse.urlencode(fields)
    tap = urllib.parse.urlencode([*fields, ("tapped", "1")])  # as entry.js marks a card tap
    entry_headers = (
        cookie,
        htmx,
        phone,
        ("Content-Type", "application/x-www-form-urlencoded"),
        ("X-CSRFToken", site.csrf),
    )
    return [
        Target("bare", "bare HttpResponse", "/bench/bare/", 200),
        Target("session", "bare + session load", "/bench/session/", 200, headers=(cookie,)),
        Target("empty", "empty page (base.html)", "/bench/empty/", 200, headers=(cookie, phone)),
        Target("scoreboard", "scoreboard, 40 deals", f"{match}/", 200, headers=(cookie, phone)),
        Target("tap", "card tap, 20 cards", f"{match}/knock/0/", 200, "POST", tap, entry_headers),
        Target(
            "preview",
            "preview, both grids, 20 cards",
            f"{match}/knock/0/",
            200,
            "POST",
            preview,
            entry_headers,
        ),
        Target(
            "poll",
            "poll, nothing new (204)",
            f"{match}/poll/?v={site.version}",
            204,
            headers=(cookie, htmx),
        ),
    ]


def request_once(base: str, target: Target) -> tuple[int, bytes]:
    """Make the target's request once; return the status and the body."""
    host, port = urllib.parse.urlsplit(base).netloc.split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        connection.request(
            target.method, target.path, body=target.body or None, headers=dict(target.headers)
        )
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


# --- wrk ---------------------------------------------------------------------------------------

LATENCY = re.compile(r"^\s+(50|99)%\s+([\d.]+)(us|ms|s)\s*$", re.MULTILINE)
UNITS_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def wrk_script(target: Target, folder: Path) -> Path:
    """Write the Lua script that gives wrk the target's method, body and headers."""
    lines = [f'wrk.method = "{target.method}"']
    if target.body:
        lines.append(f"wrk.body = [==[{target.body}]==]")
    lines += [f'wrk.headers["{name}"] = [==[{value}]==]' for name, value in target.headers]
    path = folder / f"{target.name}.lua"
    path.write_text("\n".join(lines) + "\n")
    return path


def run_wrk(base: str, target: Target, seconds: int, connections: int, folder: Path) -> Result:
    script = wrk_script(target, folder)
    command = [
        "wrk",
        "-t1",
        f"-c{connections}",
        f"-d{seconds}s",
        "--latency",
        "-s",
        str(script),
        base + target.path,
    ]
    output = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 30).stdout
    latency = {p: float(v) * UNITS_MS[u] for p, v, u in LATENCY.findall(output)}
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    sockets = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output
    )
    errors = (int(bad.group(1)) if bad else 0) + (
        sum(int(n) for n in sockets.groups()) if sockets else 0
    )
    return Result(rps, latency["50"], latency["99"], errors, requests)


# --- the Python fallback -----------------------------------------------------------------------


def run_python(base: str, target: Target, seconds: int, connections: int) -> Result:
    """Load with `connections` threads, each one request at a time, for `seconds`."""
    stop = time.monotonic() + seconds
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()

    def worker() -> None:
        mine: list[float] = []
        while time.monotonic() < stop:
            started = time.perf_counter()
            try:
                status, _body = request_once(base, target)
            except OSError:
                status = 0
            mine.append((time.perf_counter() - started) * 1000)
            if status != target.status:
                with lock:
                    errors[0] += 1
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=worker) for _ in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    cuts = statistics.quantiles(latencies, n=100)
    return Result(len(latencies) / seconds, cuts[49], cuts[98], errors[0], len(latencies))


def cpu_seconds(pids: list[int]) -> float:
    """Return the CPU time (user and system) the processes have used so far."""
    ticks = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return ticks / os.sysconf("SC_CLK_TCK")


# --- the run -----------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds of every target")
    parser.add_argument("--seconds", type=int, default=4, help="measured seconds per round")
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured seconds, once each")
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--python", action="store_true", help="the Python load generator")
    args = parser.parse_args()
    stop_on_sigterm()
    use_wrk = shutil.which("wrk") is not None and not args.python
    tool = f"wrk -t1 -c{args.connections}" if use_wrk else f"Python, {args.connections} threads"
    with (
        prepared_site() as site,
        gunicorn_server(site, workers=args.workers) as (base, server),
        tempfile.TemporaryDirectory() as scripts,
    ):
        plan = targets(site)
        for target in plan:
            status, body = request_once(base, target)
            if status != target.status:
                sys.exit(f"{target.label}: expected {target.status}, got {status}: {body[:300]!r}")

        workers = worker_pids(server)

        def load(target: Target, seconds: int) -> Result:
            before = cpu_seconds(workers)
            if use_wrk:
                result = run_wrk(base, target, seconds, args.connections, Path(scripts))
            else:
                result = run_python(base, target, seconds, args.connections)
            spent = cpu_seconds(workers) - before
            return dataclasses.replace(result, cpu_ms=spent * 1000 / max(result.requests, 1))

        for target in plan:
            load(target, args.warmup)
        results: dict[str, list[Result]] = {target.name: [] for target in plan}
        for _round in range(args.rounds):
            for target in plan:
                results[target.name].append(load(target, args.seconds))

    print(
        f"Web throughput: gunicorn, {args.workers} sync workers, production settings, SQLite;"
        f" {tool}; best of {args.rounds} rounds of {args.seconds} s per target."
    )
    print(
        f"{os.cpu_count()} CPU cores, shared by the load generator and the workers"
        " (so absolute req/s are lower than from a separate load machine)."
    )
    best = {name: max(runs, key=lambda r: r.rps) for name, runs in results.items()}
    ceiling, empty = best["bare"].rps, best["empty"].rps
    # The CPU a request costs: the median of the rounds (a busy machine barely moves it).
    cpu = {name: statistics.median(r.cpu_ms for r in runs) for name, runs in results.items()}
    header = f"{'target':<26}{'req/s':>8}{'p50 ms':>8}{'p99 ms':>8}{'/bare':>7}{'/empty':>7}"
    header += f"{'CPU ms':>8}"
    header += "  rounds"
    print(header)
    print("-" * (len(header) + 16))
    for target in plan:
        result = best[target.name]
        errors = sum(r.errors for r in results[target.name])
        note = " / ".join(f"{r.rps:.0f}" for r in results[target.name])
        if errors:
            note += f"  {errors} unexpected responses or socket errors"
        print(
            f"{target.label:<26}{result.rps:>8.0f}{result.p50_ms:>8.2f}{result.p99_ms:>8.2f}"
            f"{result.rps / ceiling:>7.0%}{result.rps / empty:>7.0%}{cpu[target.name]:>8.2f}"
            f"  {note}"
        )
    print()
    print(f"{'goal, as a ratio to the empty page':<36}{'before':>8}{'now':>8}{'goal':>8}")
    print("-" * 68)
    for target in plan:
        if target.name not in BEFORE:
            continue
        ratio = best[target.name].rps / empty
        goal = GOALS.get(target.name)
        if goal is None:
            print(f"{target.label:<36}{BEFORE[target.name]:>8.0%}{ratio:>8.0%}{'-':>8}  reference")
            continue
        met = "met" if ratio >= goal else "MISSED"
        print(
            f"{target.label:<36}{BEFORE[target.name]:>8.0%}{ratio:>8.0%}"
            f"{'>= ' + format(goal, '.0%'):>8}  {met}"
        )
    print()
    print("The same goals by the workers' CPU per request (the empty page's CPU ms / the target's,")
    print(f"median of the rounds; the empty page: {cpu['empty']:.2f} ms)")
    for target in plan:
        goal = GOALS.get(target.name)
        if goal is None:
            continue
        ratio = cpu["empty"] / cpu[target.name]
        met = "met" if ratio >= goal else "MISSED"
        print(
            f"{target.label:<36}{cpu[target.name]:>6.2f} ms{ratio:>8.0%}"
            f"{'>= ' + format(goal, '.0%'):>8}  {met}"
        )


if __name__ == "__main__":
    main()
