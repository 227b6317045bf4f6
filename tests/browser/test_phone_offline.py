"""The table without Wi-Fi: the service worker keeps the pages, and deals entered offline are
sent when the connection returns (Playwright's `context.set_offline`, which also cuts the
service worker's own fetches)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from scorekeeper.models import Deal, Match
from scorekeeper.offline import pwa
from tests.hands import KNOCK_4, OPP_39

from .offline_helpers import (
    cache_names,
    thumb,
    thumb_to_next_page,
    wait_for_worker,
    wait_until,
    wait_until_kept,
)

BANNER = re.compile(r"⚠\s*Offline: showing the score as of \d\d:\d\d\s*$")


def start_with_upcard(phone, card: str = "TC") -> int:
    """Start a match (Alice deals first), tap the upcard, and wait until the phone keeps the
    scoreboard and both card-entry pages."""
    pk = phone.start_match(dealer="First player deals")
    phone.set_upcard(card)
    wait_for_worker(phone.page)
    phone.page.reload()
    wait_until_kept(
        phone.page, f"/matches/{pk}/", f"/matches/{pk}/knock/0/", f"/matches/{pk}/knock/1/"
    )
    return pk


def test_the_service_worker_takes_over_the_page_without_errors(phone):
    page = phone.page
    phone.goto("/")
    wait_for_worker(page)
    worker = page.evaluate("() => navigator.serviceWorker.controller.scriptURL")
    assert worker == f"{phone.base_url}/sw.js"
    scope = page.evaluate("async () => (await navigator.serviceWorker.ready).scope")
    assert scope == f"{phone.base_url}/"
    [name] = cache_names(page)
    assert re.fullmatch(r"okgin-[0-9a-f]{16}", name)
    wait_until_kept(page, "/static/css/site.css", "/static/js/htmx.min.js", "/", "/rules/")
    phone.goto("/rules/")  # a page the worker serves: no console error, no CSP violation
    phone.check_layout()


def test_a_scoreboard_reloads_from_the_cache_with_the_offline_banner(phone):
    page = phone.page
    pk = start_with_upcard(phone)
    banner = page.locator("#offline-banner")
    expect(banner).to_be_hidden()

    page.context.set_offline(True)
    page.reload()
    expect(banner).to_be_visible()
    expect(banner).to_have_text(BANNER)
    expect(page.locator(".limit .num")).to_have_text("10")
    expect(page.locator("#deal-heading")).to_contain_text("Deal 1 · Alice deals")
    phone.check_layout()

    # The rules and the home page open too; a page never seen says it was not kept.
    page.goto(f"{phone.base_url}/rules/")
    expect(page.locator("h1")).to_have_text("The rules of Oklahoma Gin")
    expect(page.locator("#offline-banner")).to_have_text(
        re.compile(r"Offline: showing this page as of \d\d:\d\d")
    )
    page.goto(f"{phone.base_url}/")
    expect(page.get_by_role("link", name=re.compile("Alice – Bob"))).to_be_visible()
    page.goto(f"{phone.base_url}/stats/")
    expect(page.locator("h1")).to_have_text("No connection")

    # Back online, the scoreboard is live again and the banner goes.
    page.context.set_offline(False)
    page.goto(f"{phone.base_url}/matches/{pk}/")
    expect(page.locator("#offline-banner")).to_be_hidden()


def test_a_quick_deal_and_a_full_card_deal_entered_offline_are_recorded_back_online(phone):
    page = phone.page
    pk = start_with_upcard(phone)
    page.context.set_offline(True)

    # Deal 1, the quick way: kept on the phone, shown waiting.
    thumb(page, page.locator("#quick > summary"))
    thumb(page, page.locator("#quick label", has_text="Alice"))
    page.get_by_label("Knocker's deadwood").fill("3")
    page.get_by_label("Opponent's deadwood after layoffs").fill("30")
    thumb(page, page.locator("#quick").get_by_role("button", name="Record"))
    queue = page.locator("#queue")
    expect(queue).to_be_visible()
    expect(queue.locator(".queue-item")).to_have_count(1)
    expect(queue.locator(".queue-item").first).to_contain_text(
        "Deal 1 · Quick: just the deadwood waiting to be sent"
    )
    expect(queue.locator(".queue-item").first).to_contain_text(
        "Who knocked?: Alice · Knocker's deadwood: 3 · Opponent's deadwood after layoffs: 30"
    )

    # Deal 2's upcard, tapped offline: kept, with its knock limit.
    thumb(page, page.locator("details:has(#id_upcard_AS) > summary"))
    thumb(page, phone.card_label("upcard", "5D"))
    expect(queue.locator(".queue-item")).to_have_count(2)
    expect(queue.locator(".queue-item").nth(1)).to_contain_text(
        "Deal 2 · Upcard waiting to be sent"
    )
    expect(queue.locator(".queue-item").nth(1)).to_contain_text("Upcard: 5♦ · Knock limit 5")

    # Deal 2, Bob's cards on the card-entry page the phone kept: no live preview offline.
    thumb_to_next_page(page, page.get_by_role("link", name="Bob knocked"))
    expect(page.locator("[data-offline-note]")).to_be_visible()
    expect(page.locator("[data-offline-note]")).to_contain_text("no live preview")
    thumb(page, page.locator("#entry-top > summary"))  # the upcard, folded with who knocked
    page.locator("#id_upcard").select_option("5D")
    page.locator("#id_knocker_text").fill(KNOCK_4)
    page.locator("#id_opponent_text").fill(OPP_39)
    thumb_to_next_page(page, page.get_by_role("button", name="Record the deal"))
    expect(page).to_have_url(f"{phone.base_url}/matches/{pk}/")
    expect(queue.locator(".queue-item")).to_have_count(3)
    expect(queue.locator(".queue-item").nth(2)).to_contain_text(
        "Deal 2 · the hands waiting to be sent"
    )
    expect(queue.locator(".queue-item").nth(2)).to_contain_text(
        f"Who knocked?: Bob · Upcard: 5♦ · Knocker's cards as text: {KNOCK_4}"
    )
    assert not Deal.objects.filter(match_id=pk, status="recorded").exists()

    # Back online: sent by themselves, in order; the scoreboard shows both deals.
    with page.expect_navigation():
        page.context.set_offline(False)
    expect(page.locator(".deals li")).to_have_count(2)
    expect(page.locator(".score .pts")).to_have_text(["27", "35"])
    expect(queue).to_contain_text("Deal 1 was sent and recorded.")
    expect(queue.locator(".queue-item")).to_have_count(0)
    deals = Match.objects.get(pk=pk).deals.order_by("number")
    assert [(d.number, d.entry, d.upcard, d.winner, d.points) for d in deals] == [
        (1, "quick", "TC", 0, 27),
        (2, "cards", "5D", 1, 35),
    ]
    phone.check_layout()


def test_a_deal_the_other_phone_recorded_first_is_reported_and_kept(phone, another_phone):
    page = phone.page
    pk = start_with_upcard(phone)
    match = Match.objects.get(pk=pk)
    match.set_share_link("edit", enabled=True)
    other = another_phone()
    other.page.goto(f"{phone.base_url}/s/{match.edit_token}/")

    # This phone enters deal 1 offline; meanwhile the other phone records it.
    page.context.set_offline(True)
    thumb(page, page.locator("#quick > summary"))
    thumb(page, page.locator("#quick label", has_text="Alice"))
    page.get_by_label("Knocker's deadwood").fill("3")
    page.get_by_label("Opponent's deadwood after layoffs").fill("30")
    thumb(page, page.locator("#quick").get_by_role("button", name="Record"))
    expect(page.locator("#queue .queue-item")).to_contain_text("waiting to be sent")
    o = other.page
    thumb(o, o.locator("#quick > summary"))
    thumb(o, o.locator("#quick label", has_text="Bob"))
    o.get_by_label("Knocker's deadwood").fill("2")
    o.get_by_label("Opponent's deadwood after layoffs").fill("40")
    thumb_to_next_page(o, o.locator("#quick").get_by_role("button", name="Record"))

    # Back online: both results are shown, and this phone's entry is kept.
    page.context.set_offline(False)
    item = page.locator("#queue .queue-conflict")
    expect(item).to_contain_text("Deal 1 · Quick: just the deadwood")
    expect(item).to_contain_text("The other phone recorded this deal first.")
    expect(item.locator("dd").nth(0)).to_have_text("Bob · knock (quick) · +38")
    expect(item.locator("dd").nth(1)).to_have_text(
        "Who knocked?: Alice · Knocker's deadwood: 3 · Opponent's deadwood after layoffs: 30"
    )
    phone.check_layout()
    page.reload()  # kept on the phone, not only on the page
    expect(item).to_contain_text("The other phone recorded this deal first.")
    deal = Match.objects.get(pk=pk).deals.get(number=1)
    assert (deal.winner, deal.points) == (1, 38)

    # Kept as a correction: the deal becomes what this phone held.
    with page.expect_navigation():
        thumb(page, item.get_by_role("button", name="Keep mine as a correction"))
    expect(page.locator("#queue")).to_contain_text("Deal 1 was corrected.")
    expect(page.locator("#queue .queue-item")).to_have_count(0)
    expect(page.locator(".score .pts")).to_have_text(["27", "0"])
    deal.refresh_from_db()
    assert (deal.winner, deal.points, deal.quick_knocker_deadwood) == (0, 27, 3)
    assert Match.objects.get(pk=pk).deals.count() == 1


def test_pages_of_a_revoked_link_are_dropped_from_the_phone(phone, another_phone, live_server):
    pk = phone.start_match()
    match = Match.objects.get(pk=pk)
    match.set_share_link("view", enabled=True)
    link = f"/s/{match.view_token}/"
    watcher = another_phone()
    watcher.page.goto(live_server.url + link)
    wait_for_worker(watcher.page)
    wait_until_kept(watcher.page, link)

    match.set_share_link("view", enabled=False)
    # The scoreboard left open says so at its next poll, whose 404 page takes the main content.
    expect(watcher.page.locator("h1")).to_have_text("Not found")
    expect(watcher.page.get_by_text("ask for a fresh link")).to_be_visible()
    # That poll was answered 404, as it must be (the browser logs it); nothing else went wrong.
    watcher.page.problems[:] = [  # type: ignore[attr-defined]
        problem
        for problem in watcher.page.problems  # type: ignore[attr-defined]
        if not ("status of 404" in problem and f"/matches/{pk}/poll/" in problem)
    ]
    # The next time the phone opens the site with a connection, it checks what it keeps.
    later = watcher.page.context.new_page()
    later.goto(live_server.url + "/rules/")
    wait_until(later, "async (path) => !(await caches.match(path, {ignoreVary: true}))", link)
    later.context.set_offline(True)
    later.goto(live_server.url + link)
    expect(later.locator("h1")).to_have_text("No connection")
    expect(later.get_by_text("Alice – Bob")).to_have_count(0)


def test_a_new_deploy_drops_the_old_caches(phone, monkeypatch):
    page = phone.page
    pk = start_with_upcard(phone)
    [old] = cache_names(page)

    # A deploy: the worker's code (and so its version) changes.
    real = pwa.static_source
    monkeypatch.setattr(
        pwa,
        "static_source",
        lambda name: real(name) + ("\n// deployed again\n" if name == pwa.WORKER_SOURCE else ""),
    )
    page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
    wait_until(
        page,
        "async (old) => { const names = await caches.keys();"
        " return names.length === 1 && names[0] !== old; }",
        old,
    )
    [new] = cache_names(page)
    assert new != old
    # The pages the old version kept were fetched again for the new one.
    wait_until_kept(page, f"/matches/{pk}/", "/", "/rules/", "/static/css/site.css")
    page.context.set_offline(True)
    page.reload()
    expect(page.locator(".limit .num")).to_have_text("10")
    expect(page.locator("#offline-banner")).to_be_visible()
