"""Deals entered without a connection, by touch at 390x844: the knock limit of an upcard
tapped offline, the latest upcard on the kept card-entry page, and an entry the server refused
opened again and sent. Each ends with the deal recorded once, with its upcard and points."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.models import Match
from tests.hands import KNOCK_4, OPP_39

from .offline_helpers import (
    finger,
    tap_upcard,
    thumb,
    thumb_to_next_page,
    wait_for_worker,
    wait_until,
    wait_until_kept,
)


def tap_hand(phone, grid: str, cards: str) -> None:
    """Tap each card of a hand on its grid, bringing its grid on screen with the switch."""
    for card in cards.split():
        label = phone.card_label(grid, card)
        if not label.is_visible():
            finger(phone.page, phone.page.locator(f"label[for='side_{grid}']"))
        finger(phone.page, label)
        expect(phone.card_input(grid, card)).to_be_checked()


def start(phone, **rules: bool) -> int:
    """Start a match (Alice deals first, so Bob may knock first) with these house rules on,
    and wait until the phone keeps its scoreboard and both card-entry pages."""
    page = phone.page
    phone.goto("/matches/new/")
    page.get_by_label("First player", exact=True).fill("Alice")
    page.get_by_label("Second player", exact=True).fill("Bob")
    thumb(page, page.locator(".seg label", has_text="First player deals"))
    labels = {
        "ace_means_gin": "An ace upcard means gin only",
        "spades_double": "A spade upcard doubles the deal",
    }
    for rule, on in rules.items():
        if on:
            box = page.get_by_label(labels[rule])
            if not box.is_visible():
                thumb(page, page.locator("summary", has_text="House rules"))
            box.check()
    thumb_to_next_page(page, page.get_by_role("button", name="Start the match"))
    pk = int(re.search(r"/matches/(\d+)/", page.url).group(1))
    wait_for_worker(page)
    page.reload()
    wait_until_kept(page, f"/matches/{pk}/", f"/matches/{pk}/knock/0/", f"/matches/{pk}/knock/1/")
    return pk


def recorded(pk: int) -> list[tuple]:
    deals = Match.objects.get(pk=pk).deals.filter(status="recorded").order_by("number")
    return [(d.number, d.upcard, d.winner, d.points) for d in deals]


RANKS = {
    "A": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "T": 10,
    "J": 10,
    "Q": 10,
    "K": 10,
}


def test_an_upcard_tapped_offline_shows_its_limit_as_online_and_folds_the_picker(phone):
    page = phone.page
    pk = start(phone, ace_means_gin=True, spades_double=True)
    page.context.set_offline(True)
    limit = page.locator("#limit")

    for rank, figure in RANKS.items():
        tap_upcard(page, f"{rank}H")
        expect(limit.locator(".num")).to_have_text(str(figure) if rank != "A" else "0")
        expect(page.locator("#picker")).not_to_have_attribute("open", re.compile(".*"))
        expect(limit).not_to_contain_text("Spades double")
        if rank == "A":
            expect(limit).to_contain_text("Only gin ends this deal.")
        else:
            expect(limit).not_to_contain_text("Only gin")

    tap_upcard(page, "AS")
    expect(limit.locator(".num")).to_have_text("0")
    expect(limit.locator(".pc")).to_have_text("A♠")
    expect(limit).to_contain_text("Only gin ends this deal.")
    expect(limit.locator(".double")).to_have_text("Spades double")
    expect(page.locator("#picker")).not_to_have_attribute("open", re.compile(".*"))
    expect(page.locator("#picker-title")).to_have_text(re.compile(r"Upcard\s*A♠\s*·\s*change"))
    offline_box = limit.inner_html()
    offline_size = limit.bounding_box()
    phone.check_layout()

    # Reloaded offline, the kept scoreboard shows it too; and the kept card-entry page.
    page.reload()
    expect(limit.locator(".num")).to_have_text("0")
    expect(limit.locator(".double")).to_have_text("Spades double")
    thumb_to_next_page(page, page.get_by_role("link", name="Bob knocked"))
    expect(page.locator("#id_upcard")).to_have_value("AS")
    expect(page.locator("#limit .num")).to_have_text("0")
    thumb(page, page.locator("#entry-top > summary"))  # the upcard, folded with who knocked
    page.locator("#id_upcard").select_option("7S")
    expect(page.locator("#limit .num")).to_have_text("7")

    # Online, the server's box is the same, word for word and in size.
    with page.expect_navigation():  # the upcards kept are sent, and the page loads again
        page.context.set_offline(False)
    page.goto(f"{phone.base_url}/matches/{pk}/")
    assert page.evaluate("async () => (await OkginQueue.all()).length") == 0
    expect(page.locator("#limit .num")).to_have_text("0")
    assert re.sub(r"\s+", " ", limit.inner_html()) == re.sub(r"\s+", " ", offline_box)
    assert limit.bounding_box()["height"] == offline_size["height"]
    assert Match.objects.get(pk=pk).open_deal().upcard == "AS"


def enter_bobs_knock(phone) -> None:
    """On the card-entry page: Bob's 10 cards (deadwood 4), then Alice's (39 left), by touch."""
    tap_hand(phone, "knocker", KNOCK_4)
    tap_hand(phone, "opponent", OPP_39)


def send_when_online(page: Page) -> None:
    """Back online on the scoreboard: the kept entries are sent, and the page loads again."""
    with page.expect_navigation():
        page.context.set_offline(False)
    expect(page.locator("#queue .queue-item")).to_have_count(0)


def test_a_whole_deal_entered_offline_upcard_included_is_recorded_once(phone):
    page = phone.page
    pk = start(phone)
    page.context.set_offline(True)
    tap_upcard(page, "5D")
    expect(page.locator("#limit .num")).to_have_text("5")
    thumb_to_next_page(page, page.get_by_role("link", name="Bob knocked"))
    expect(page.locator("#id_upcard")).to_have_value("5D")  # not blank: the upcard kept
    expect(page.locator("#limit .num")).to_have_text("5")
    enter_bobs_knock(phone)
    finger(page, page.get_by_role("button", name="Record the deal"))
    page.wait_for_url(f"{phone.base_url}/matches/{pk}/")
    expect(page.locator("#queue .queue-item")).to_have_count(2)
    assert recorded(pk) == []

    send_when_online(page)
    assert recorded(pk) == [(1, "5D", 1, 35)]
    expect(page.locator(".score .pts")).to_have_text(["0", "35"])


def test_an_upcard_set_online_then_the_connection_lost_then_a_whole_deal(phone):
    page = phone.page
    pk = start(phone)
    tap_upcard(page, "5D")  # online: the server has it, the kept pages do not yet
    expect(page.locator("#limit .num")).to_have_text("5")
    page.context.set_offline(True)
    thumb_to_next_page(page, page.get_by_role("link", name="Bob knocked"))
    expect(page.locator("#id_upcard")).to_have_value("5D")
    enter_bobs_knock(phone)
    finger(page, page.get_by_role("button", name="Record the deal"))
    page.wait_for_url(f"{phone.base_url}/matches/{pk}/")
    expect(page.locator("#queue .queue-item")).to_have_count(1)

    send_when_online(page)
    assert recorded(pk) == [(1, "5D", 1, 35)]


def test_the_kept_entry_pages_are_kept_again_when_the_scoreboard_sees_a_new_version(phone):
    page = phone.page
    pk = start(phone)
    tap_upcard(page, "5D")
    wait_until(
        page,
        "async (path) => { const kept = await caches.match(path, {ignoreVary: true});"
        " return Boolean(kept)"
        " && (await kept.text()).includes('<option value=\"5D\" selected>'); }",
        f"/matches/{pk}/knock/1/",
    )
    page.evaluate("() => localStorage.clear()")  # the kept page alone says it
    page.context.set_offline(True)
    thumb_to_next_page(page, page.get_by_role("link", name="Bob knocked"))
    expect(page.locator("#id_upcard")).to_have_value("5D")


def test_an_upcard_set_online_then_offline_while_the_other_phone_records_the_deal(
    phone, another_phone
):
    page = phone.page
    pk = start(phone)
    match = Match.objects.get(pk=pk)
    match.set_share_link("edit", enabled=True)
    other = another_phone()
    o = other.page
    o.goto(f"{phone.base_url}/s/{match.edit_token}/")

    tap_upcard(page, "5D")
    expect(page.locator("#limit .num")).to_have_text("5")
    page.context.set_offline(True)
    thumb_to_next_page(page, page.get_by_role("link", name="Bob knocked"))
    expect(page.locator("#id_upcard")).to_have_value("5D")
    enter_bobs_knock(phone)

    # Meanwhile the other phone records deal 1, the quick way, for Alice.
    expect(o.locator("#limit .num")).to_have_text("5")
    thumb(o, o.locator("#quick > summary"))
    thumb(o, o.locator("#quick label", has_text="Alice"))
    o.get_by_label("Knocker's deadwood").fill("3")
    o.get_by_label("Opponent's deadwood after layoffs").fill("30")
    thumb_to_next_page(o, o.locator("#quick").get_by_role("button", name="Record"))
    assert recorded(pk) == [(1, "5D", 0, 27)]

    finger(page, page.get_by_role("button", name="Record the deal"))
    page.wait_for_url(f"{phone.base_url}/matches/{pk}/")
    page.context.set_offline(False)
    item = page.locator("#queue .queue-conflict")
    expect(item).to_contain_text("The other phone recorded this deal first.")
    with page.expect_navigation():
        thumb(page, item.get_by_role("button", name="Keep mine as a correction"))
    expect(page.locator("#queue .queue-item")).to_have_count(0)
    assert recorded(pk) == [(1, "5D", 1, 35)]
    assert Match.objects.get(pk=pk).deals.count() == 1


def test_a_deal_refused_when_sent_opens_with_its_cards_and_the_reason_and_goes_again(phone):
    page = phone.page
    pk = start(phone)
    page.context.set_offline(True)  # before anyone tapped the upcard: none is known
    thumb_to_next_page(page, page.get_by_role("link", name="Bob knocked"))
    expect(page.locator("#id_upcard")).to_have_value("")
    enter_bobs_knock(phone)
    finger(page, page.get_by_role("button", name="Record the deal"))
    page.wait_for_url(f"{phone.base_url}/matches/{pk}/")

    page.context.set_offline(False)
    item = page.locator("#queue .queue-refused")
    expect(item).to_contain_text("Enter the upcard first: it sets the knock limit.")
    expect(item).to_contain_text("Who knocked?: Bob · Upcard: — · Knocker's cards: A♠ 2♠ 3♠")
    assert recorded(pk) == []

    thumb_to_next_page(page, item.get_by_role("link", name="Open it"))
    expect(page.locator(".bar .kept-reason")).to_have_text(
        "Enter the upcard first: it sets the knock limit."
    )
    for card in KNOCK_4.split():
        expect(phone.card_input("knocker", card)).to_be_checked()
    for card in OPP_39.split():
        expect(phone.card_input("opponent", card)).to_be_checked()
    expect(page.locator(".bar-counts")).to_contain_text("Bob 10/10 · Alice 10/10")
    # Refused for want of an upcard: the folded line where it is chosen is open.
    expect(page.locator("#entry-top")).to_have_attribute("open", "")
    page.locator("#id_upcard").select_option("5D")
    expect(page.locator(".bar-status")).to_have_text("Knock: Bob scores 35 points.")
    finger(page, page.get_by_role("button", name="Record the deal"))
    page.wait_for_url(f"{phone.base_url}/matches/{pk}/")
    expect(page.locator("[data-undo]")).to_contain_text("Deal 1: Bob +35")
    expect(page.locator("#queue .queue-item")).to_have_count(0)
    assert recorded(pk) == [(1, "5D", 1, 35)]
    assert page.evaluate("async () => (await OkginQueue.all()).length") == 0


CLEAR_CACHES_JS = (
    "async () => { for (const name of await caches.keys()) await caches.delete(name); }"
)
UNREGISTER_JS = "async () => (await navigator.serviceWorker.getRegistration()).unregister()"


@pytest.mark.parametrize("cleared", ["caches", "caches and worker"])
def test_a_phone_whose_site_data_was_cleared_but_not_its_local_storage_keeps_pages_again(
    phone, cleared
):
    page = phone.page
    pk = start(phone)
    if cleared == "caches and worker":
        page.evaluate(UNREGISTER_JS)
    page.evaluate(CLEAR_CACHES_JS)
    page.reload()  # the match has not changed since
    wait_for_worker(page)
    wait_until_kept(page, f"/matches/{pk}/", f"/matches/{pk}/knock/0/", f"/matches/{pk}/knock/1/")
    page.context.set_offline(True)
    thumb_to_next_page(page, page.get_by_role("link", name="Bob knocked"))
    expect(page.locator("h1")).to_have_text("Deal 1: the hands")
    expect(page.locator("#offline-banner")).to_be_visible()


def test_a_scoreboard_reloaded_offline_shows_the_upcard_it_last_saw_live(phone):
    page = phone.page
    start(phone)
    tap_upcard(page, "5D")  # online, after the scoreboard was kept
    expect(page.locator("#limit .num")).to_have_text("5")
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#offline-banner")).to_be_visible()
    expect(page.locator("#limit .num")).to_have_text("5")
    expect(page.locator("#limit .pc")).to_have_text("5♦")
    expect(page.locator("#picker")).not_to_have_attribute("open", re.compile(".*"))


SEND_UPCARD_JS = """async ([url, key]) => {
  const token = document.cookie.split('; ').find((c) => c.startsWith('csrftoken=')).slice(10);
  await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ upcard: '8C' }),
    headers: { 'X-CSRFToken': token, 'Idempotency-Key': key, 'X-Offline-Replay': '1' },
  });
}"""

KEEP_UPCARD_JS = """async ([url, match, key]) => {
  await OkginQueue.put({
    key, kind: 'upcard', match, url, number: 1, version: 0, summary: 'Upcard: 9♦',
    fields: [['upcard', '9D'], ['idempotency_key', key]], created: Date.now(), status: 'waiting',
  });
}"""


def test_an_entry_whose_key_was_another_change_is_kept_as_not_applied(phone):
    page = phone.page
    pk = start(phone)
    scoreboard = f"/matches/{pk}/"
    upcard = f"/matches/{pk}/upcard/"
    key = "0f5c9a4e-3d1b-4c2a-9e8f-7a6b5c4d3e2f"
    page.evaluate(SEND_UPCARD_JS, [upcard, key])  # the key's change: the upcard 8C
    page.evaluate(KEEP_UPCARD_JS, [upcard, scoreboard, key])  # then another under it
    page.reload()
    item = page.locator("#queue .queue-refused")
    expect(item).to_contain_text("This entry was not applied")
    wait_until(page, "async () => (await OkginQueue.all()).some((e) => e.status === 'refused')")
    assert Match.objects.get(pk=pk).deals.get(number=1).upcard == "8C"  # the first stands
