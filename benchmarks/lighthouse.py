"""Lighthouse (mobile: slow 4G, a 4× slower CPU) on the main pages: the four scores and the
total blocking time, each the median of five runs.

The site is served by gunicorn with the production settings (benchmarks/harness.py), its pages
as the seeded match's owner sees them (the session cookie is set in the browser before each run,
so that the service worker's requests carry it too); the view link is opened as a stranger.
Lighthouse is the npm package pinned in benchmarks/package.json (`npm ci` in benchmarks/, as
`make bench` does), run by benchmarks/lighthouse.mjs in Chromium (CHROME_PATH, default
/usr/bin/chromium).

    python benchmarks/lighthouse.py [--runs N] [PAGE ...]

Goals: performance >= 98 and the other three 100 on every page (SEO aside on the private view
link), total blocking time <= 50 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import Site, gunicorn, prepared_site, stop_on_sigterm  # noqa: E402

HERE = Path(__file__).resolve().parent
LIGHTHOUSE = HERE / "node_modules" / ".bin" / "lighthouse"
GOAL_PERFORMANCE, GOAL_OTHERS, GOAL_TBT_MS = 98, 100, 50


def pages(site: Site) -> list[tuple[str, str, bool]]:
    """Each page: its label, its path, and whether the owner's cookie goes with it."""
    from scorekeeper.models import Match

    match = f"/matches/{site.match_pk}"
    view = Match.objects.get(pk=site.match_pk).view_token
    return [
        ("home", "/", True),
        ("knock checker", "/check/", True),
        ("rules", "/rules/", True),
        ("scoreboard", f"{match}/", True),
        ("card entry", f"{match}/knock/0/", True),
        ("history", "/history/", True),
        ("stats", "/stats/", True),
        ("view link", f"/s/{view}/", False),
    ]


def run_once(url: str, cookie: str, attempts: int = 3) -> dict[str, float]:
    """One Lighthouse run of one URL: the four scores (0–100) and the blocking time (ms).

    A run whose Chromium fails to start or to connect is tried again (said on stderr); a
    page that Lighthouse cannot measure fails the benchmark.
    """
    for _ in range(attempts - 1):
        try:
            return _lighthouse(url, cookie)
        except RuntimeError as error:
            print(f"(run tried again: {str(error).splitlines()[-1][:120]})", file=sys.stderr)
    return _lighthouse(url, cookie)


def _lighthouse(url: str, cookie: str) -> dict[str, float]:
    cookies = [
        {"name": name, "value": value}
        for name, _, value in (part.partition("=") for part in cookie.split("; ") if part)
    ]
    command = ["node", str(HERE / "lighthouse.mjs"), url, json.dumps(cookies)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=HERE)
    if done.returncode:
        raise RuntimeError(f"Lighthouse failed on {url}:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("only", nargs="*", help="labels of the pages to run (default: all)")
    options = parser.parse_args()
    if not LIGHTHOUSE.exists():
        sys.exit(f"{LIGHTHOUSE} is missing: run `npm ci` in {HERE}")
    stop_on_sigterm()
    # Quiet: Lighthouse asks for /robots.txt on every run, and the log would say 404 each time.
    with prepared_site() as site, gunicorn(site, workers=2, quiet=True) as base:
        report(site, base, options)


def report(site: Site, base: str, options: argparse.Namespace) -> None:
    """Run Lighthouse on each page (or the ones asked for) and print the medians."""
    print(f"Lighthouse 12, mobile, median of {options.runs} runs per page.")
    print(
        f"{'page':<16}{'perf':>6}{'a11y':>6}{'b.p.':>6}{'seo':>6}{'TBT ms':>8}"
        f"  {'TBT of each run':<28}goals"
    )
    missed = 0
    for label, path, owner in pages(site):
        if options.only and label not in options.only:
            continue
        cookie = site.cookie if owner else ""
        runs = [run_once(base + path, cookie) for _ in range(options.runs)]
        median = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
        others = ["accessibility", "best-practices"] + (["seo"] if owner else [])
        met = (
            median["performance"] >= GOAL_PERFORMANCE
            and all(median[name] >= GOAL_OTHERS for name in others)
            and median["tbt"] <= GOAL_TBT_MS
        )
        missed += not met
        each = " ".join(f"{run['tbt']:.0f}" for run in runs)
        print(
            f"{label:<16}{median['performance']:>6.0f}{median['accessibility']:>6.0f}"
            f"{median['best-practices']:>6.0f}{median['seo']:>6.0f}{median['tbt']:>8.0f}"
            f"  {each:<28}{'met' if met else 'MISSED'}",
            flush=True,
        )
    print(
        f"Goals: performance >= {GOAL_PERFORMANCE}, the rest {GOAL_OTHERS} (SEO aside on the"
        f" view link), blocking time <= {GOAL_TBT_MS} ms: "
        + ("met on every page." if not missed else f"missed on {missed} page(s).")
    )


if __name__ == "__main__":
    main()
