"""Phones racing each other over real HTTP against the live test server, and the invariants
a match must keep whatever they do.

Each request runs in a server thread with its own database connection, on SQLite (a file
database) and on PostgreSQL (`make test-postgres`), as two phones at a table would.
"""

from __future__ import annotations

import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field

from django.test import Client

from scorekeeper.models import Deal, Match

ROW = re.compile(
    r'<li( class="trashed")?><a href="/matches/\d+/deals/(\d+)/"[^>]*>\s*'
    r'<span class="muted">(\d+)</span>'
)
VERSION = re.compile(r"/poll/\?v=(\d+)")
TOTALS = re.compile(r'<div class="pts">(\d+)</div>')


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@dataclass(frozen=True)
class Row:
    """A line of the deal list as a phone saw it."""

    deal_id: int
    number: int
    deleted: bool


@dataclass
class Board:
    """What a phone read from the scoreboard."""

    version: int
    rows: list[Row]
    totals: list[int]
    next_number: int | None
    body: str


@dataclass
class LivePhone:
    """One phone: the owner's session cookies, and every status code it ever got back."""

    base: str
    match: Match
    cookies: dict[str, str]
    codes: list[int] = field(default_factory=list)
    versions: list[int] = field(default_factory=list)
    # (deal id, number it showed) for every deal page this phone opened.
    pages: list[tuple[int, int]] = field(default_factory=list)

    @classmethod
    def of(cls, client: Client, match: Match, base: str) -> LivePhone:
        """Return a phone sharing the test client's session (the match's owner)."""
        client.get(match.get_absolute_url())  # sets the CSRF cookie
        cookies = {name: morsel.value for name, morsel in client.cookies.items()}
        return cls(base, match, cookies)

    def twin(self) -> LivePhone:
        """Return another phone with the same session, keeping its own records."""
        return LivePhone(self.base, self.match, self.cookies)

    def _send(self, path: str, data: dict | None = None) -> tuple[int, str, str]:
        headers = {
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "X-CSRFToken": self.cookies["csrftoken"],
        }
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, data=body, headers=headers)
        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(request, timeout=60) as response:
                code, text, location = response.status, response.read().decode(), ""
        except urllib.error.HTTPError as error:
            code, text = error.code, error.read().decode(errors="replace")
            location = error.headers.get("Location", "")
        self.codes.append(code)
        return code, text, location

    def get(self, path: str) -> tuple[int, str]:
        code, text, _location = self._send(path)
        return code, text

    def post(self, path: str, data: dict) -> tuple[int, str]:
        """POST a form; return the status and where it redirects."""
        code, _text, location = self._send(path, data)
        return code, location

    def board(self) -> Board:
        """Read the scoreboard as the phone shows it."""
        code, body = self.get(f"/matches/{self.match.pk}/")
        assert code == 200, code
        version = int(VERSION.search(body).group(1))
        self.versions.append(version)
        rows = [Row(int(i), int(n), bool(trashed)) for trashed, i, n in ROW.findall(body)]
        number = re.search(r'name="number" value="(\d+)" id="draw-number"', body)
        return Board(
            version=version,
            rows=rows,
            totals=[int(t) for t in TOTALS.findall(body)],
            next_number=int(number.group(1)) if number else None,
            body=body,
        )

    def open_deal_page(self, deal_id: int) -> None:
        """Open a deal's page and note which deal number it showed."""
        code, body = self.get(f"/matches/{self.match.pk}/deals/{deal_id}/")
        found = re.search(r"<title>Deal (\d+) ·", body)
        if code == 200 and found:
            self.pages.append((deal_id, int(found.group(1))))

    def deal_path(self, deal_id: int, action: str) -> str:
        return f"/matches/{self.match.pk}/deals/{deal_id}/{action}/"


def all_at_once(jobs: list) -> None:
    """Run every job in its own thread, released together; re-raise the first failure."""
    barrier = threading.Barrier(len(jobs))
    errors: list[BaseException] = []

    def run(job) -> None:
        try:
            barrier.wait()
            job()
        except BaseException as error:  # noqa: BLE001 - handed back to the test
            errors.append(error)

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]


def expected_totals(match: Match) -> list[int]:
    """Return the totals computed afresh from the stored rows, without the site's code: the
    points of the recorded deals in number order, up to the deal that reaches the target."""
    target = (match.rules or {}).get("target", 100)
    totals = [0, 0]
    recorded = Deal.objects.filter(match=match, status=Deal.Status.RECORDED).order_by("number")
    for winner, points in recorded.values_list("winner", "points"):
        if max(totals) >= target:
            break
        if winner is not None:
            totals[winner] += points
    return totals


def check_invariants(phones: list[LivePhone], match: Match) -> None:
    """The invariants after a race, once every phone has stopped.

    No phone ever got a 5xx; the totals shown are the sum of the counted deals; every deal
    page showed the deal its id names; each phone saw the version only grow; every played
    deal's page shows its own number now.
    """
    codes = [code for phone in phones for code in phone.codes]
    assert codes and all(code < 500 for code in codes), sorted(set(codes))
    for phone in phones:
        assert phone.versions == sorted(phone.versions), phone.versions
    numbers = dict(Deal.objects.filter(match=match).values_list("pk", "number"))
    for phone in phones:
        for deal_id, shown in phone.pages:
            assert numbers[deal_id] == shown, (deal_id, shown, numbers[deal_id])
    checker = phones[0].twin()
    board = checker.board()
    assert board.totals == expected_totals(match)
    match.refresh_from_db()
    assert board.version == match.version >= max(v for p in phones for v in p.versions)
    for deal in Deal.objects.filter(match=match, status__in=Deal.PLAYED):
        checker.open_deal_page(deal.pk)
        assert checker.pages[-1] == (deal.pk, deal.number)
        assert (f"deals/{deal.pk}/" in board.body) and (
            deal.is_deleted == any(r.deleted for r in board.rows if r.deal_id == deal.pk)
        )
    assert all(code < 500 for code in checker.codes)
